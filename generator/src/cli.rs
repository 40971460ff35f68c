//! The command line of `estate`: its commands and options (clap), each run by its module in
//! [`crate::cmd`].

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::cmd::{self, Format};
use crate::content::scaffold::NewKind;

#[derive(Parser)]
#[command(
    name = "estate",
    version,
    about = "Builds the agency's website from the files in content/.",
    long_about = "Builds the agency's website from the files in content/.\n\n\
        Listings live in content/properties/, posts in content/blog/, the agency itself in \
        content/site.yaml. `estate check` tells you about every problem in them, file:line:col; \
        `estate build` writes the site into dist/.",
    after_help = "Examples:\n  estate check\n  estate new property marina-gate-2br\n  estate build --out dist\n  estate serve"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check every content file and report each problem with its file, line and column.
    ///
    /// Exits with 1 when there is an error, 0 otherwise (warnings do not fail).
    Check {
        /// The content folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
        /// How to print problems: for people, or as GitHub Actions annotations.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
    },
    /// Check the content and build the whole site into the output folder.
    ///
    /// First the content stage (the JSON API in api/, page data in data/, media/), then the
    /// pages: `npm ci` in the site folder when its packages are missing, Vite's builds, and the
    /// prerender of every route, listing and post. Stops without writing anything when the
    /// content has an error.
    Build {
        /// The content folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
        /// Where to write the site.
        #[arg(long, default_value = "dist", value_name = "DIR")]
        out: PathBuf,
        /// The front end to build.
        #[arg(long, default_value = "site", value_name = "DIR")]
        site: PathBuf,
        /// Stop after the content stage (JSON API, data, media); build no pages.
        #[arg(long)]
        content_only: bool,
        /// The site's address for the sitemap, robots.txt and the feeds, e.g. a deploy
        /// preview's [default: baseUrl in site.yaml].
        #[arg(long, value_name = "URL")]
        base_url: Option<String>,
        /// The CDN's rules, to resolve the links of the built pages as it will (not needed
        /// with --content-only).
        #[arg(long, default_value = "netlify.toml", value_name = "FILE")]
        netlify: PathBuf,
        /// A build Netlify publishes: also note what the deploy will lack (LEAD_FUNCTION_URL
        /// not set). Implied by NETLIFY=true, which Netlify's builds set.
        #[arg(long)]
        for_netlify: bool,
    },
    /// Build the site, serve it on this machine as Netlify would, and rebuild on changes.
    ///
    /// Builds like `estate build` (and stops the same way when the content has an error), then
    /// serves the output folder with the rewrites, redirects and headers of netlify.toml; POST
    /// requests under /api/ go to the lead function. While watching, a change in the content
    /// folder reruns the content stage and the prerender, a change in the site's src/ or
    /// index.html the whole site build; open pages reload after each good rebuild, and a failed
    /// rebuild keeps the last good site served. Prints `estate serve: http://HOST:PORT/` once
    /// listening; Ctrl-C stops it.
    Serve {
        /// The port to listen on; 0 picks any free port (the address is printed).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on; the default keeps the site to this machine.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Serve what the first build wrote; do not watch for changes.
        #[arg(long)]
        no_watch: bool,
        /// The content folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
        /// Where to write the site, and what is served.
        #[arg(long, default_value = "dist", value_name = "DIR")]
        out: PathBuf,
        /// The front end to build.
        #[arg(long, default_value = "site", value_name = "DIR")]
        site: PathBuf,
        /// Build and serve only the content stage (JSON API, data, media); no pages.
        #[arg(long)]
        content_only: bool,
        /// The CDN's rules: rewrites, redirects and headers.
        #[arg(long, default_value = "netlify.toml", value_name = "FILE")]
        netlify: PathBuf,
        /// Where leads sent to POST /api/contact-user are kept, one .json and one .eml each
        /// [default: $LEAD_OUTBOX_DIR, else .estate/outbox]. Email and webhook delivery are set
        /// with the LEAD_* environment variables, as for the Lambda function (see the README).
        #[arg(long, value_name = "DIR")]
        outbox: Option<PathBuf>,
    },
    /// Start a new listing or post from a commented template.
    ///
    /// NAME becomes the id and the web address, e.g. `estate new property marina-gate-2br`
    /// writes content/properties/marina-gate-2br.yaml for /property/marina-gate-2br.
    New {
        /// What to create.
        #[arg(value_enum)]
        kind: NewKind,
        /// The id: lower-case letters, digits and hyphens.
        name: String,
        /// The content folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
    },
    /// Write a synthetic content folder of any size, for benchmarks and scale tests.
    Demo {
        /// Number of listings.
        #[arg(long, default_value_t = 1000)]
        properties: usize,
        /// Number of blog posts.
        #[arg(long, default_value_t = 50)]
        posts: usize,
        /// The folder to write (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The same seed always writes the same files.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Write the JSON Schemas of the content files into content/schema/.
    ///
    /// YAML files point at them with `# yaml-language-server: $schema=...`, so an editor's
    /// YAML extension checks and completes fields while typing.
    Schema {
        /// The content folder; schemas go into its schema/ folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
    },
}

/// Runs the command line: parses the arguments and runs the command.
pub fn run() -> ExitCode {
    match Cli::parse().command {
        Command::Check { content, format } => cmd::check::run(&content, format),
        Command::Build { content, out, site, content_only, base_url, netlify, for_netlify } => {
            cmd::build::run(cmd::build::Args {
                content,
                out,
                site,
                content_only,
                base_url,
                netlify,
                for_netlify,
            })
        }
        Command::Serve { port, host, no_watch, content, out, site, content_only, netlify, outbox } => {
            cmd::serve::run(cmd::serve::Args {
                port,
                host,
                no_watch,
                content,
                out,
                site,
                content_only,
                netlify,
                outbox,
            })
        }
        Command::New { kind, name, content } => cmd::new::run(&content, kind, &name),
        Command::Demo { properties, posts, out, seed } => cmd::demo::run(&out, properties, posts, seed),
        Command::Schema { content } => cmd::schema::run(&content),
    }
}
