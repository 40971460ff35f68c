//! `estate`: the command line of the agency's site generator.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use generator::diag::{Report, Severity};
use generator::netlify::Rules;
use generator::pipeline::{self, BuildError, BuildOptions, Pages};
use generator::serve::{self, ServeOptions};
use generator::templates::NewKind;
use generator::{content, demo, feeds, schema, templates};

// mimalloc: a build makes and frees millions of small strings and trees; with glibc's malloc
// freeing them alone took 0.3 s of a 10,000-listing build.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Github,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Check { content, format } => check(&content, format),
        Command::Build { content, out, site, content_only, base_url, netlify } => {
            let rules = match Rules::load(&netlify) {
                Ok(rules) => rules,
                // Only the pages' links are resolved through the rules.
                Err(_) if content_only => Rules::default(),
                Err(e) => return fail(&format!("{e} (name the CDN's rules with --netlify FILE)")),
            };
            build(
                &BuildOptions { content, out, pages: pages(site, content_only), base_url, rules },
                "estate build",
            )
        }
        Command::Serve { port, host, no_watch, content, out, site, content_only, netlify, outbox } => {
            let rules = match Rules::load(&netlify) {
                Ok(rules) => rules,
                Err(e) => return fail(&format!("{e} (name the CDN's rules with --netlify FILE)")),
            };
            let build_options = BuildOptions {
                content,
                out,
                pages: pages(site, content_only),
                base_url: None,
                rules: rules.clone(),
            };
            let built = build(&build_options, "estate serve");
            if built != ExitCode::SUCCESS {
                return built;
            }
            match serve::run(ServeOptions {
                host,
                port,
                build: build_options,
                rules,
                watch: !no_watch,
                outbox,
            }) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&e.to_string()),
            }
        }
        Command::New { kind, name, content } => {
            let today = chrono::Local::now().format("%Y-%m-%d").to_string();
            match templates::create(&content, kind, &name, &today) {
                Ok(path) => {
                    println!("Wrote {}. Edit it, then run `estate check`.", path.display());
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e.to_string()),
            }
        }
        Command::Demo { properties, posts, out, seed } => {
            let started = Instant::now();
            match demo::write(&out, properties, posts, seed) {
                Ok(files) => {
                    println!(
                        "Wrote {files} files ({properties} listings, {posts} posts) into {} in {:.2} s",
                        out.display(),
                        started.elapsed().as_secs_f64()
                    );
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&format!("cannot write the demo content into {}: {e}", out.display())),
            }
        }
        Command::Schema { content } => match schema::write(&content.join("schema")) {
            Ok(files) => {
                for f in files {
                    println!("Wrote {}", f.display());
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("cannot write the schemas: {e}")),
        },
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn print_report(report: &Report, format: Format) {
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

fn check(dir: &Path, format: Format) -> ExitCode {
    let started = Instant::now();
    let (content, mut report) = content::load(dir);
    // What the build renders from templates the agency may have changed (it renders them anyway).
    report.extend(feeds::check(&content));
    report.sort();
    print_report(&report, format);
    let files = 1
        + content.properties.len()
        + content.posts.len()
        + content.developers.len()
        + content.team.len()
        + content.pages.len();
    if report.errors() > 0 {
        eprintln!("estate check: {} in {}", report.summary(), dir.display());
        ExitCode::FAILURE
    } else {
        println!(
            "estate check: {} records in {} are valid ({}) in {:.2} s",
            files,
            dir.display(),
            report.summary(),
            started.elapsed().as_secs_f64()
        );
        ExitCode::SUCCESS
    }
}

fn pages(site: PathBuf, content_only: bool) -> Pages {
    if content_only { Pages::Skip } else { Pages::Build(site) }
}

/// Runs a build and reports it under `command`'s name.
fn build(options: &BuildOptions, command: &str) -> ExitCode {
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
