//! `estate build`: the content stage, then the pages, into the output folder.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use super::{Format, fail, print_report};
use crate::netlify::Rules;
use crate::pipeline::{self, BuildError, BuildOptions, Pages};

/// The options of `estate build` (see [`crate::cli::Command::Build`]).
pub struct Args {
    pub content: PathBuf,
    pub out: PathBuf,
    pub site: PathBuf,
    pub content_only: bool,
    pub base_url: Option<String>,
    pub netlify: PathBuf,
    /// `--for-netlify`; Netlify's own builds are recognised by `NETLIFY=true` too.
    pub for_netlify: bool,
}

pub fn run(args: Args) -> ExitCode {
    let Args { content, out, site, content_only, base_url, netlify, for_netlify } = args;
    let rules = match Rules::load(&netlify) {
        Ok(rules) => rules,
        // Only the pages' links are resolved through the rules.
        Err(_) if content_only => Rules::default(),
        Err(e) => return fail(&format!("{e} (name the CDN's rules with --netlify FILE)")),
    };
    let for_netlify = for_netlify || on_netlify(|name| std::env::var(name).ok());
    let options =
        BuildOptions { content, out, pages: pages(site, content_only), base_url, rules, for_netlify };
    build(&options, "estate build")
}

/// Whether this is Netlify's build environment, which sets `NETLIFY=true`.
fn on_netlify(var: impl Fn(&str) -> Option<String>) -> bool {
    var("NETLIFY").is_some_and(|value| value == "true")
}

/// What the site stage does: build the pages from `site`, or nothing.
pub fn pages(site: PathBuf, content_only: bool) -> Pages {
    if content_only { Pages::Skip } else { Pages::Build(site) }
}

/// Runs a build and reports it under `command`'s name.
pub fn build(options: &BuildOptions, command: &str) -> ExitCode {
    let started = Instant::now();
    match pipeline::build(options) {
        Ok((summary, warnings)) => {
            print_report(&warnings, Format::Human);
            println!(
                "{command}: {} -> {} in {:.2} s",
                summary.line(),
                options.out.display(),
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(BuildError::Content(report)) => {
            print_report(&report, Format::Human);
            eprintln!("{command}: stopped, the content has {}; nothing was written", report.summary());
            ExitCode::FAILURE
        }
        Err(e @ BuildError::BrokenLinks(_)) => {
            eprintln!("error: {e}");
            eprintln!("{command}: failed: fix the links (or the pages they point to) and build again");
            ExitCode::FAILURE
        }
        Err(e) => fail(&e.to_string()),
    }
}
