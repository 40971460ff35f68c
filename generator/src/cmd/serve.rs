//! `estate serve`: the address taken, a first build, then the site on that address, rebuilt on
//! changes.

use std::path::PathBuf;
use std::process::ExitCode;

use super::build::{PAGE_CACHE, SiteArgs, build, pages};
use super::fail;
use crate::netlify::Rules;
use crate::pipeline::BuildOptions;
use crate::pipeline::last_published::LastPublished;
use crate::serve::{self, ServeOptions};

/// The options of `estate serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The port to listen on; 0 picks any free port (the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default keeps the site to this machine.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Serve what the first build wrote; do not watch for changes.
    #[arg(long)]
    pub no_watch: bool,
    /// Serve the output folder as it is, without building it first: a site `estate build`
    /// wrote, previewed with the CDN's rules and the lead function (implies --no-watch).
    #[arg(long)]
    pub no_build: bool,
    /// The page cache of the builds, `estate build`'s: a serve after a build renders only what
    /// changed since. The Vite cache is kept beside it. Several output folders may share one.
    #[arg(long, default_value = PAGE_CACHE, value_name = "DIR")]
    pub cache: PathBuf,
    #[command(flatten)]
    pub site: SiteArgs,
    /// Where leads sent to POST /api/contact-user are kept, one .json and one .eml each
    /// [default: $LEAD_OUTBOX_DIR, else .estate/outbox]. Email and webhook delivery are set
    /// with the LEAD_* environment variables, as for the Lambda function (docs/lead-function.md).
    #[arg(long, value_name = "DIR")]
    pub outbox: Option<PathBuf>,
}

pub fn run(args: Args) -> ExitCode {
    let Args {
        port,
        host,
        no_watch,
        no_build,
        cache,
        site: SiteArgs { content, out, site, content_only, netlify },
        outbox,
    } = args;
    let no_watch = no_watch || no_build;
    let rules = match Rules::load(&netlify) {
        Ok(rules) => rules,
        Err(e) => return fail(&format!("{e} (name the CDN's rules with --netlify FILE)")),
    };
    // Before the build (minutes, the first time): a port in use fails now, not after it.
    let listener = match serve::bind(&host, port) {
        Ok(listener) => listener,
        Err(e) => return fail(&e.to_string()),
    };
    // Publishing per record: a save the checks refuse does not hold back everyone else's.
    let last_published = Some(LastPublished::beside(&cache));
    let build_options = BuildOptions {
        last_published,
        content,
        pages: pages(site, content_only),
        base_url: None,
        rules: rules.clone(),
        for_netlify: false,
        // A rebuild renders only the pages whose data changed.
        page_cache: Some(cache),
        // While watching, the rebuilds keep what they can between them.
        incremental: (!no_watch).then(Default::default),
        out,
    };
    if no_build {
        if !build_options.out.join("index.html").is_file() {
            return fail(&format!(
                "{} holds no built site: build it first with `estate build --out {0}`",
                build_options.out.display()
            ));
        }
    } else {
        let built = build(&build_options, "estate serve");
        if built != ExitCode::SUCCESS {
            return built;
        }
    }
    match serve::run(listener, ServeOptions { build: build_options, rules, watch: !no_watch, outbox }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}
