//! Problems found in content, and how they are shown: `path:line:col: severity: message`, the
//! offending line with a caret under the spot, and a hint where one helps.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::content::yaml::{FieldError, Pos, SyntaxError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Diagnostic {
    pub path: PathBuf,
    pub pos: Pos,
    pub severity: Severity,
    pub message: String,
    pub hint: Option<String>,
}

impl Diagnostic {
    pub fn error(path: &Path, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_path_buf(),
            pos,
            severity: Severity::Error,
            message: message.into(),
            hint: None,
        }
    }

    pub fn warning(path: &Path, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(path, pos, message) }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn from_syntax(path: &Path, err: SyntaxError) -> Self {
        Diagnostic::error(path, err.pos, err.message)
    }

    pub fn from_field(path: &Path, err: FieldError) -> Self {
        Diagnostic {
            path: path.to_path_buf(),
            pos: err.pos.unwrap_or(Pos::START),
            severity: Severity::Error,
            message: err.describe(),
            hint: err.hint,
        }
    }

    /// The first line of the report: `path:line:col: error: message`.
    pub fn headline(&self) -> String {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        format!("{}:{}:{}: {severity}: {}", self.path.display(), self.pos.line, self.pos.col, self.message)
    }

    /// The full report: headline, the source line with a caret, and the hint.
    pub fn render(&self, source: Option<&str>) -> String {
        let mut out = self.headline();
        out.push('\n');
        let line_text = source.and_then(|s| s.lines().nth(self.pos.line.saturating_sub(1) as usize));
        if let Some(text) = line_text {
            let number = self.pos.line.to_string();
            let gutter = " ".repeat(number.len());
            let col = (self.pos.col.max(1) - 1) as usize;
            let lead: String = text.chars().take(col).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
            let width = token_width(text, col);
            let _ = writeln!(out, "{gutter} |");
            let _ = writeln!(out, "{number} | {text}");
            let _ = writeln!(out, "{gutter} | {lead}{}", "^".repeat(width));
        }
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "  = hint: {hint}");
        }
        out
    }
}

/// How many characters to underline from `col`: the rest of the value on that line, without a
/// trailing comment, at least one.
fn token_width(line: &str, col: usize) -> usize {
    let rest: String = line.chars().skip(col).collect();
    let value = match rest.find(" #") {
        Some(i) => &rest[..i],
        None => rest.as_str(),
    };
    let value = value.trim_end();
    // A key or a nested mapping entry: underline the key only.
    let value = match value.find(": ") {
        Some(i) if !value.starts_with(['"', '\'', '[', '{']) => &value[..i],
        _ => value,
    };
    value.trim_end_matches(':').chars().count().max(1)
}

/// All diagnostics of a run, sorted by file, then position.
#[derive(Debug, Default)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub fn extend(&mut self, more: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(more);
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    pub fn sort(&mut self) {
        self.diagnostics.sort_by(|a, b| {
            (&a.path, a.pos, a.severity, &a.message).cmp(&(&b.path, b.pos, b.severity, &b.message))
        });
        self.diagnostics.dedup();
    }

    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Error).count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count()
    }

    /// Every diagnostic rendered with its source line (read from disk, once per file).
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut cached: Option<(&Path, Option<String>)> = None;
        for d in &self.diagnostics {
            if cached.as_ref().is_none_or(|(p, _)| *p != d.path.as_path()) {
                cached = Some((d.path.as_path(), super::source::read_text(&d.path).ok()));
            }
            let source = cached.as_ref().and_then(|(_, s)| s.as_deref());
            out.push_str(&d.render(source));
            out.push('\n');
        }
        out
    }

    /// One line: "2 errors, 1 warning".
    pub fn summary(&self) -> String {
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!("{}, {}", plural(self.errors(), "error"), plural(self.warnings(), "warning"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_headline_source_line_caret_and_hint() {
        let d = Diagnostic::error(
            Path::new("content/properties/a.yaml"),
            Pos { line: 2, col: 8 },
            "`price`: bad",
        )
        .with_hint("write a number");
        let text = d.render(Some("title: A\nprice: call us # note\n"));
        assert_eq!(
            text,
            "content/properties/a.yaml:2:8: error: `price`: bad\n  |\n2 | price: call us # note\n  |        ^^^^^^^\n  = hint: write a number\n"
        );
    }

    #[test]
    fn underlines_only_the_key_of_an_entry() {
        assert_eq!(token_width("prcie: 100", 0), 5);
        assert_eq!(token_width("  - media/x.jpg", 4), 11);
    }
}
