//! `estate build`: the content stage, then the pages, into the output folder.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use super::{Format, fail, print_report};
use crate::netlify::Rules;
use crate::pipeline::last_published::LastPublished;
use crate::pipeline::status::{self, Status};
use crate::pipeline::{self, BuildError, BuildOptions, Pages};

/// What `estate build` and `estate serve` both build from and into.
#[derive(clap::Args)]
pub struct SiteArgs {
    /// The content folder.
    #[arg(long, default_value = "content", value_name = "DIR")]
    pub content: PathBuf,
    /// Where to write the site (and what `estate serve` serves).
    #[arg(long, default_value = "dist", value_name = "DIR")]
    pub out: PathBuf,
    /// The front end to build.
    #[arg(long, default_value = "site", value_name = "DIR")]
    pub site: PathBuf,
    /// Stop after the content stage (JSON API, data, media); build no pages.
    #[arg(long)]
    pub content_only: bool,
    /// The CDN's rules: rewrites, redirects and headers, through which the built pages' links
    /// are resolved and `estate serve` answers (the check is skipped with --content-only).
    #[arg(long, default_value = "netlify.toml", value_name = "FILE")]
    pub netlify: PathBuf,
}

/// Where `estate build` and `estate serve` keep the page cache (and, beside it, the front end's
/// and the images') unless told otherwise: one cache, so `estate serve` right after `estate build`
/// renders no page and runs no Vite again, and the reverse.
pub const PAGE_CACHE: &str = ".estate/cache/pages";

/// The options of `estate build`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub site: SiteArgs,
    /// The site's address for the sitemap, robots.txt and the feeds, e.g. a deploy
    /// preview's [default: baseUrl in site.yaml].
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,
    /// A build Netlify publishes: also note what the deploy will lack (LEAD_FUNCTION_URL
    /// not set). Implied by NETLIFY=true, which Netlify's builds set.
    #[arg(long)]
    pub for_netlify: bool,
    /// The page cache: the rendered pages and what each was rendered from, so a rebuild
    /// renders only the pages whose inputs changed (keep it between CI builds).
    #[arg(long, default_value = PAGE_CACHE, value_name = "DIR", conflicts_with = "no_cache")]
    pub cache: PathBuf,
    /// Render every page, without reading or writing the page cache.
    #[arg(long)]
    pub no_cache: bool,
}

pub fn run(args: Args) -> ExitCode {
    let Args {
        site: SiteArgs { content, out, site, content_only, netlify },
        base_url,
        for_netlify,
        cache,
        no_cache,
    } = args;
    let rules = match Rules::load(&netlify) {
        Ok(rules) => rules,
        // Only the pages' links are resolved through the rules.
        Err(_) if content_only => Rules::default(),
        Err(e) => return fail(&format!("{e} (name the CDN's rules with --netlify FILE)")),
    };
    let for_netlify = for_netlify || on_netlify(|name| std::env::var(name).ok());
    // A deploy publishes per record; its copies of the published records are kept beside the
    // page cache, which Netlify keeps between deploys; a deploy preview reads them, and keeps none.
    let last_published = for_netlify.then(|| {
        let last = LastPublished::beside(&cache);
        if is_production(|name| std::env::var(name).ok()) { last } else { last.read_only() }
    });
    let page_cache = (!no_cache).then_some(cache);
    let options = BuildOptions {
        content,
        out,
        pages: pages(site, content_only),
        base_url,
        rules,
        for_netlify,
        page_cache,
        incremental: None,
        last_published,
    };
    build(&options, "estate build")
}

/// Whether this is Netlify's build environment, which sets `NETLIFY=true`.
fn on_netlify(var: impl Fn(&str) -> Option<String>) -> bool {
    var("NETLIFY").is_some_and(|value| value == "true")
}

/// Whether this build publishes the site itself: not a deploy preview or a branch's deploy
/// (Netlify's `CONTEXT`; a build elsewhere, without it, is taken as the site's).
fn is_production(var: impl Fn(&str) -> Option<String>) -> bool {
    var("CONTEXT").is_none_or(|context| context == "production")
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
            eprint!("{}", crate::check::per_record::describe(&summary.held));
            // A deploy's status is public: it names only what the site shows.
            let changed = status::changed_in_deploy(|name| std::env::var(name).ok());
            let mut outcome = Status::published(&options.content, &warnings, &changed, options.for_netlify)
                .with_held(&options.content, &summary.held, options.for_netlify)
                .with_cost(&summary.cost);
            if options.for_netlify {
                outcome = outcome
                    .with_deploy_badge(|name| std::env::var(name).ok())
                    .of_commit(|name| std::env::var(name).ok());
            }
            if let Err(e) = status::write_if_cms(&outcome, &options.out) {
                eprintln!("{command}: cannot write the editor's status: {e}");
            }
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
