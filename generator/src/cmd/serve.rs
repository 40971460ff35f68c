//! `estate serve`: the address taken, a first build, then the site on that address, rebuilt on
//! changes.

use std::path::PathBuf;
use std::process::ExitCode;

use super::build::{build, pages};
use super::fail;
use crate::netlify::Rules;
use crate::pipeline::BuildOptions;
use crate::serve::{self, ServeOptions};

/// The options of `estate serve` (see [`crate::cli::Command::Serve`]).
pub struct Args {
    pub port: u16,
    pub host: String,
    pub no_watch: bool,
    pub content: PathBuf,
    pub out: PathBuf,
    pub site: PathBuf,
    pub content_only: bool,
    pub netlify: PathBuf,
    pub outbox: Option<PathBuf>,
}

pub fn run(args: Args) -> ExitCode {
    let Args { port, host, no_watch, content, out, site, content_only, netlify, outbox } = args;
    let rules = match Rules::load(&netlify) {
        Ok(rules) => rules,
        Err(e) => return fail(&format!("{e} (name the CDN's rules with --netlify FILE)")),
    };
    // Before the build (minutes, the first time): a port in use fails now, not after it.
    let listener = match serve::bind(&host, port) {
        Ok(listener) => listener,
        Err(e) => return fail(&e.to_string()),
    };
    let build_options = BuildOptions {
        content,
        out,
        pages: pages(site, content_only),
        base_url: None,
        rules: rules.clone(),
        for_netlify: false,
    };
    let built = build(&build_options, "estate serve");
    if built != ExitCode::SUCCESS {
        return built;
    }
    match serve::run(listener, ServeOptions { build: build_options, rules, watch: !no_watch, outbox }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}
