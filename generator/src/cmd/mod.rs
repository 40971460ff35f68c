//! One module per command of `estate` ([`crate::cli`] parses the arguments), and what they share:
//! how problems are printed and how a command fails.

pub mod build;
pub mod check;
pub mod demo;
pub mod doctor;
pub mod import;
pub mod market;
pub mod new;
pub mod schema;
pub mod serve;

use std::io::Write as _;
use std::process::ExitCode;

use clap::ValueEnum;

use crate::content::diag::{Report, Severity, is_unprintable, push_escaped};

/// How problems are printed: for people, or as GitHub Actions annotations.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Human,
    Github,
}

/// How to run `estate` again the way it was started, for messages that suggest a command:
/// `estate` when it was found on PATH (installed with `cargo install --path generator`, or a link
/// to a built binary), and the `cargo run` line for the binary cargo built in the repository's
/// `target/` and started by its path (as `cargo run` does), where `estate` is no command yet.
pub fn invocation() -> &'static str {
    let argv0 = std::env::args_os().next().unwrap_or_default();
    let exe = std::env::current_exe().unwrap_or_default();
    invocation_for(std::path::Path::new(&argv0), &exe)
}

/// `argv0`: the name it was started by; `exe`: the file that runs (links resolved).
fn invocation_for(argv0: &std::path::Path, exe: &std::path::Path) -> &'static str {
    // A bare name is one the shell looked up on PATH: typed as `estate`, it runs as `estate`.
    if argv0.parent() == Some(std::path::Path::new("")) {
        return "estate";
    }
    let mut folders = exe.parent().into_iter().flat_map(|dir| dir.iter().rev()).map(|s| s.to_str());
    match (folders.next().flatten(), folders.next().flatten()) {
        (Some("release"), Some("target")) => "cargo run --release --bin estate --",
        (Some("debug"), Some("target")) => "cargo run --bin estate --",
        _ => "estate",
    }
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
                    escape_property(&d.path.display().to_string()),
                    d.pos.line,
                    d.pos.col,
                    escape_annotation(&message)
                );
            }
        }
    }
}

/// GitHub's workflow-command escaping of a message (`%`, and line breaks, which would end the
/// command); every other control character is written as `\u{1b}`, as in the human format: the
/// log shows annotations' text as it is, escape sequences included.
fn escape_annotation(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c if is_unprintable(c) => push_escaped(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// GitHub's escaping of an annotation's property (the file name): a message's, and `:` and
/// `,`, which would otherwise end the property; so no file name can forge a command.
fn escape_property(text: &str) -> String {
    escape_annotation(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::{escape_annotation, escape_property, invocation_for};

    #[test]
    fn no_file_name_or_message_can_forge_a_workflow_command() {
        let forged = "a\n::error file=README.md,line=1::INJECTED";
        assert_eq!(escape_property(forged), "a%0A%3A%3Aerror file=README.md%2Cline=1%3A%3AINJECTED");
        assert_eq!(escape_property("100%\r.yaml"), "100%25%0D.yaml");
        assert_eq!(escape_annotation("x\r\n::error::y 5%"), "x%0D%0A::error::y 5%25");
    }

    #[test]
    fn no_file_name_or_message_can_pass_control_characters_to_the_log() {
        let name = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m\u{202e}a\tb.yaml";
        let escaped = "\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{9b}31m\\u{202e}a\\u{9}b.yaml";
        assert_eq!(escape_annotation(name), escaped);
        assert_eq!(escape_property(name), escaped);
        assert_eq!(escape_property("a:b,c\u{0}"), "a%3Ab%2Cc\\u{0}");
    }
    use std::path::Path;

    #[test]
    fn suggested_commands_follow_how_estate_was_started() {
        // Started by its path: where the file is says how it was built.
        let by_path = |exe: &str| invocation_for(Path::new(exe), Path::new(exe));
        assert_eq!(by_path("/home/a/.cargo/bin/estate"), "estate");
        assert_eq!(by_path("/usr/local/bin/estate"), "estate");
        assert_eq!(by_path("/r/site/target/release/estate"), "cargo run --release --bin estate --");
        // What `cargo run` starts: target/debug/estate, by its path.
        assert_eq!(by_path("target/debug/estate"), "cargo run --bin estate --");
        assert_eq!(by_path("/r/site/target/debug/estate"), "cargo run --bin estate --");
        assert_eq!(by_path("/r/release/estate"), "estate");
        // Found on PATH, even as a link to a binary in target/: typed as `estate`.
        assert_eq!(invocation_for(Path::new("estate"), Path::new("/r/site/target/release/estate")), "estate");
        assert_eq!(invocation_for(Path::new("estate"), Path::new("")), "estate");
    }
}
