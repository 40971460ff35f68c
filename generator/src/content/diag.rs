//! Problems found in content, and how they are shown: `path:line:col: severity: message`, the
//! offending line with a caret under the spot, and a hint where one helps.

use std::borrow::Cow;
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
    /// A warning of Dubai's advertising rules (a listing's permit, an off-plan project's
    /// particulars), which `estate check --strict` reports as an error ([`Report::strict`]).
    pub advertising: bool,
}

impl Diagnostic {
    pub fn error(path: &Path, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic {
            path: path.to_path_buf(),
            pos,
            severity: Severity::Error,
            message: message.into(),
            hint: None,
            advertising: false,
        }
    }

    pub fn warning(path: &Path, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(path, pos, message) }
    }

    /// A warning of Dubai's advertising rules: an error under `estate check --strict`.
    pub fn advertising(path: &Path, pos: Pos, message: impl Into<String>) -> Self {
        Diagnostic { advertising: true, ..Diagnostic::warning(path, pos, message) }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn from_syntax(path: &Path, err: SyntaxError) -> Self {
        Diagnostic { hint: err.hint, ..Diagnostic::error(path, err.pos, err.message) }
    }

    pub fn from_field(path: &Path, err: FieldError) -> Self {
        Diagnostic {
            path: path.to_path_buf(),
            pos: err.pos.unwrap_or(Pos::START),
            severity: Severity::Error,
            message: err.describe(),
            hint: err.hint,
            advertising: false,
        }
    }

    /// The first line of the report: `path:line:col: error: message`.
    pub fn headline(&self) -> String {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let (path, message) = (shown_path(&self.path), for_terminal(&self.message));
        format!("{path}:{}:{}: {severity}: {message}", self.pos.line, self.pos.col)
    }

    /// The full report: headline, the source line with a caret, and the hint. `source` is the
    /// file's text.
    pub fn render(&self, source: Option<&str>) -> String {
        self.render_line(source.and_then(|s| s.lines().nth(self.pos.line.saturating_sub(1) as usize)))
    }

    /// [`Diagnostic::render`] given the diagnostic's line of the file (a long line shown in part,
    /// around the spot).
    pub fn render_line(&self, line_text: Option<&str>) -> String {
        let mut out = self.headline();
        out.push('\n');
        if let Some(text) = line_text {
            let (text, col) = around(text, (self.pos.col.max(1) - 1) as usize);
            let number = self.pos.line.to_string();
            let gutter = " ".repeat(number.len());
            // The line as the terminal may show it (a hostile file's escape sequences written
            // out), with the caret moved past what the escapes add.
            let before: String = text.chars().take(col).collect();
            let lead: String = excerpt(&before).chars().map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
            let width = token_width(&text, col);
            let text = excerpt(&text);
            let _ = writeln!(out, "{gutter} |");
            let _ = writeln!(out, "{number} | {text}");
            let _ = writeln!(out, "{gutter} | {lead}{}", "^".repeat(width));
        }
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "  = hint: {}", for_terminal(hint));
        }
        out
    }
}

/// A source line for the terminal: [`for_terminal`], keeping its tabs (the caret's line copies them).
fn excerpt(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for c in line.chars() {
        if c != '\t' && is_unprintable(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out
}

/// How many characters of a source line are shown under a problem.
const SHOWN_CHARS: usize = 100;

/// The part of `line` shown around character `col` (all of a short line, `…` where a long one
/// is cut), and where `col` is in it.
fn around(line: &str, col: usize) -> (Cow<'_, str>, usize) {
    if line.len() <= SHOWN_CHARS {
        return (line.into(), col);
    }
    let start = col.saturating_sub(SHOWN_CHARS / 4);
    let mut chars = line.chars().skip(start);
    let shown: String = chars.by_ref().take(SHOWN_CHARS).collect();
    if start == 0 && chars.next().is_none() {
        return (line.into(), col);
    }
    let (lead, tail) = (if start > 0 { "…" } else { "" }, if chars.next().is_some() { "…" } else { "" });
    (format!("{lead}{shown}{tail}").into(), col - start + lead.chars().count())
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

    /// `estate check --strict`, for an agency's CI: the warnings of Dubai's advertising rules
    /// become errors, their hint saying why.
    pub fn strict(&mut self) {
        for d in self.diagnostics.iter_mut().filter(|d| d.advertising && d.severity == Severity::Warning) {
            d.severity = Severity::Error;
            let why = "`--strict` makes this an error";
            d.hint = Some(match d.hint.take() {
                Some(hint) => format!("{hint}; {why}"),
                None => why.to_owned(),
            });
        }
    }

    pub fn errors(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Error).count()
    }

    pub fn warnings(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count()
    }

    /// Every diagnostic rendered with its source line (read from disk, and its lines found,
    /// once per file).
    pub fn render(&self) -> String {
        let mut out = String::new();
        let mut cached: Option<(&Path, Option<String>, Vec<usize>)> = None;
        for d in &self.diagnostics {
            if cached.as_ref().is_none_or(|(p, _, _)| *p != d.path.as_path()) {
                // A file with a second name (a hard link) may be anyone's: its lines are not shown.
                let linked = std::fs::symlink_metadata(&d.path)
                    .is_ok_and(|meta| super::media_kind::has_other_names(&meta));
                let text = if linked { None } else { super::source::read_text(&d.path).ok() };
                let starts = text.as_deref().map_or_else(Vec::new, line_starts);
                cached = Some((d.path.as_path(), text, starts));
            }
            let line = cached.as_ref().and_then(|(_, text, starts)| {
                let text = text.as_deref()?;
                let start = *starts.get(d.pos.line.checked_sub(1)? as usize)?;
                text[start..].lines().next()
            });
            out.push_str(&d.render_line(line));
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

/// `text` with its control characters (terminal escape sequences, line breaks) and the marks
/// that reorder text written as `\u{1b}`: a file name or value printed cannot retitle or clear
/// the terminal, split a `path:line:col` line, or show itself backwards.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    if !text.contains(is_unprintable) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unprintable(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// Whether `c` is printed escaped ([`for_terminal`], and `check --format github`): a control
/// character (C0, DEL, C1: terminal escape sequences, line breaks) or a mark that reorders text.
pub fn is_unprintable(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `c` written as `\u{1b}`.
pub fn push_escaped(out: &mut String, c: char) {
    let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
}

/// A path as `check` and the other commands print it (see [`for_terminal`]).
pub fn shown_path(path: &Path) -> String {
    for_terminal(&path.display().to_string()).into_owned()
}

/// The byte offset of each line's start in `text`.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1)).collect()
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
    fn a_long_line_is_shown_around_the_spot() {
        let line = format!("description: {}[a](/x){}", "word ".repeat(100), " more".repeat(100));
        let col = 13 + 500 + 1;
        let d = Diagnostic::error(Path::new("a.yaml"), Pos { line: 1, col }, "broken link");
        let text = d.render_line(Some(&line));
        let shown = text.lines().nth(2).expect("the line");
        let caret = text.lines().nth(3).expect("the caret");
        assert!(shown.starts_with("1 | …") && shown.ends_with('…'), "{shown}");
        assert!(shown.chars().count() < 120, "{shown}");
        let at = caret.find('^').expect("a caret");
        assert_eq!(shown.chars().skip(at).take(7).collect::<String>(), "[a](/x)", "{text}");
        assert_eq!(around("short", 2), ("short".into(), 2));
    }

    #[test]
    fn names_and_messages_are_printed_without_control_characters() {
        let name = "content/properties/\u{1b}]0;owned\u{7}\u{1b}[2Ja\nb\u{202e}.yaml";
        let d =
            Diagnostic::error(Path::new(name), Pos::START, format!("invalid id `{name}`")).with_hint("a\rb");
        let text = d.render_line(None);
        assert!(!text.contains(|c: char| c.is_control() && c != '\n'), "{text:?}");
        assert_eq!(text.lines().count(), 2, "{text}");
        assert!(text.starts_with("content/properties/\\u{1b}]0;owned\\u{7}\\u{1b}[2Ja\\u{a}b\\u{202e}.yaml:1:1: error: invalid id"), "{text}");
        assert!(text.ends_with("= hint: a\\u{d}b\n"), "{text}");
        assert_eq!(for_terminal("Dubai Marina, دبي مارينا"), "Dubai Marina, دبي مارينا");
        // A file's own line too (a hostile file named .svg): written out, the caret kept under its spot.
        let d = Diagnostic::error(Path::new("media/x.svg"), Pos { line: 1, col: 9 }, "not an SVG");
        let text = d.render_line(Some("\u{1b}]52;c;\u{7}<html>"));
        assert!(!text.contains(|c: char| c.is_control() && c != '\n'), "{text:?}");
        let caret = format!("  | {}^^^^^^\n", " ".repeat(r"\u{1b}]52;c;\u{7}".len()));
        assert!(text.contains(&format!("1 | \\u{{1b}}]52;c;\\u{{7}}<html>\n{caret}")), "{text}");
    }

    #[test]
    fn underlines_only_the_key_of_an_entry() {
        assert_eq!(token_width("prcie: 100", 0), 5);
        assert_eq!(token_width("  - media/x.jpg", 4), 11);
    }
}
