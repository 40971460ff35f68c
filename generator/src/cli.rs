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
    after_help = "Examples:\n  estate check\n  estate new property marina-gate-2br\n  estate build --out dist\n  estate serve\n  estate import propertyfinder crm-feed.xml"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check every content file and report each problem with its file, line and column.
    ///
    /// Exits with 1 when there is an error, 0 otherwise (warnings do not fail; with --strict,
    /// those of Dubai's advertising rules do).
    Check {
        /// The content folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
        /// How to print problems: for people, or as GitHub Actions annotations.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// Languages whose missing translations are errors, not warnings (e.g. `ar,ru`).
        #[arg(long, value_delimiter = ',', value_name = "LANGS")]
        require_languages: Vec<String>,
        /// Make Dubai's advertising rules errors, not warnings (for an agency's CI): a published
        /// listing without its permit number, an off-plan one without its project's name, RERA
        /// project number or escrow account number.
        #[arg(long)]
        strict: bool,
        /// Also print each available listing's quality as the portals grade it (0-100), the
        /// weakest first with what to add, and each agent's mean score.
        #[arg(long)]
        report: bool,
    },
    /// Check the content and build the whole site into the output folder.
    ///
    /// First the content stage (the JSON API in api/, page data in data/, media/), then the
    /// pages: `npm ci` in the site folder when its packages are missing, Vite's builds, and the
    /// prerender of every route, listing and post. Stops without writing anything when the
    /// content has an error.
    Build(cmd::build::Args),
    /// Build the site, serve it on this machine as Netlify would, and rebuild on changes.
    ///
    /// Builds like `estate build` (and stops the same way when the content has an error), then
    /// serves the output folder with the rewrites, redirects and headers of netlify.toml; POST
    /// requests under /api/ go to the lead function. While watching, a change in the content
    /// folder reruns the content stage and the prerender, a change in the site's src/ or
    /// index.html the whole site build; open pages reload after each good rebuild, and a failed
    /// rebuild keeps the last good site served. Prints `estate serve: http://HOST:PORT/` once
    /// listening; Ctrl-C stops it.
    Serve(cmd::serve::Args),
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
        /// Let the listings show the 12 full-size photos of the posts, heroes and team, for
        /// measuring the image stage on full-size photos (`estate check` reports each as reused),
        /// instead of small photos of their own (160 x 107).
        #[arg(long)]
        shared_photos: bool,
    },
    /// Turn a portal feed into content: a commented YAML file per listing and its photos.
    ///
    /// Reads a Property Finder XML feed (what Dubai CRMs export) from a file or URL, maps its
    /// codes to the vocabularies and its agents to the team (by email or licence number), and
    /// writes content/properties/<id>.yaml with photos in content/media/properties/<id>/.
    /// Importing again updates the listings it created (by reference_number) and never
    /// overwrites a file an editor changed since without --force.
    Import(cmd::import::Args),
    /// The market figures from the Dubai Land Department's open data (sales and Ejari rents).
    ///
    /// `estate market import transactions FILE.csv` and `estate market import rents FILE.csv`
    /// summarise the files the DLD publishes (Dubai Pulse, the DLD website) into
    /// content/market/, which the build reads; refresh them monthly.
    #[command(subcommand)]
    Market(cmd::market::Command),
    /// Check what a deploy needs, before deploying: Rust and Node, site.yaml's address and
    /// basemap, the browser editor's repository, netlify.toml and the variables its build reads,
    /// and the lead function's production settings (deploy/lead-fn/production.env).
    ///
    /// Says what to fix in words; exits with 1 while something must be fixed first.
    Doctor(cmd::doctor::Args),
    /// Write the JSON Schemas of the content files into content/schema/.
    ///
    /// YAML files point at them with `# yaml-language-server: $schema=...`, so an editor's
    /// YAML extension checks and completes fields while typing.
    Schema {
        /// The content folder; schemas go into its schema/ folder.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
        /// Print the browser editor's configuration (Sveltia CMS, `dist/cms/config.yml`, made
        /// from the same model) instead; the repository from CMS_REPO or REPOSITORY_URL.
        #[arg(long)]
        cms: bool,
    },
}

/// Runs the command line: parses the arguments and runs the command.
pub fn run() -> ExitCode {
    match Cli::parse().command {
        Command::Check { content, format, require_languages, strict, report } => {
            cmd::check::run(&content, format, &require_languages, strict, report)
        }
        Command::Build(args) => cmd::build::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::New { kind, name, content } => cmd::new::run(&content, kind, &name),
        Command::Demo { properties, posts, out, seed, shared_photos } => {
            cmd::demo::run(&out, properties, posts, seed, shared_photos)
        }
        Command::Schema { content, cms } => cmd::schema::run(&content, cms),
        Command::Import(args) => cmd::import::run(args),
        Command::Market(command) => cmd::market::run(command),
        Command::Doctor(args) => cmd::doctor::run(args),
    }
}
