//! One module per command of `estate` ([`crate::cli`] parses the arguments), and what they share:
//! how problems are printed and how a command fails.

pub mod build;
pub mod check;
pub mod demo;
pub mod new;
pub mod schema;
pub mod serve;

use std::io::Write as _;
use std::process::ExitCode;

use clap::ValueEnum;

use crate::content::diag::{Report, Severity};

/// How problems are printed: for people, or as GitHub Actions annotations.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Human,
    Github,
}

/// Prints `message` as an error and returns the exit code of a command that could not run.
pub fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

pub fn print_report(report: &Report, format: Format) {
    let stderr = std::io::stderr();
    let mut err = stderr.lock();
    match format {
        Format::Human => {
            let _ = err.write_all(report.render().as_bytes());
        }
        Format::Github => {
            for d in &report.diagnostics {
                let level = if d.severity == Severity::Error { "error" } else { "warning" };
                let mut message = d.message.clone();
                if let Some(hint) = &d.hint {
                    message.push_str(&format!(" (hint: {hint})"));
                }
                let _ = writeln!(
                    err,
                    "::{level} file={},line={},col={}::{}",
                    d.path.display(),
                    d.pos.line,
                    d.pos.col,
                    escape_annotation(&message)
                );
            }
        }
    }
}

/// GitHub's workflow-command escaping of a message.
fn escape_annotation(text: &str) -> String {
    text.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}
