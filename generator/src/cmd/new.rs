//! `estate new`: a commented, valid listing or post to start from.

use std::path::Path;
use std::process::ExitCode;

use super::fail;
use crate::content::scaffold::{self, NewKind};

pub fn run(content: &Path, kind: NewKind, name: &str) -> ExitCode {
    let today = chrono::Local::now().format("%Y-%m-%d").to_string();
    match scaffold::create(content, kind, name, &today) {
        Ok(path) => {
            // The command that checks this very file, the way estate was started.
            let content = if content == Path::new("content") {
                String::new()
            } else {
                format!(" --content {}", content.display())
            };
            println!("Wrote {}. Edit it, then run `{} check{content}`.", path.display(), super::invocation());
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e.to_string()),
    }
}
