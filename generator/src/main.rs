//! `estate`: the command line of the agency's site generator.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand, ValueEnum};
use generator::diag::{Report, Severity};
use generator::pipeline::{self, BuildError, BuildOptions};
use generator::templates::NewKind;
use generator::{content, demo, schema, templates};

#[derive(Parser)]
#[command(
    name = "estate",
    version,
    about = "Builds the agency's website from the files in content/.",
    long_about = "Builds the agency's website from the files in content/.\n\n\
        Listings live in content/properties/, posts in content/blog/, the agency itself in \
        content/site.yaml. `estate check` tells you about every problem in them, file:line:col; \
        `estate build` writes the site into dist/.",
    after_help = "Examples:\n  estate check\n  estate new property marina-gate-2br\n  estate build --out dist"
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
        Command::Build { content, out, site, content_only } => {
            build(&BuildOptions { content, out, site: (!content_only).then_some(site) })
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
    let (content, report) = content::load(dir);
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

fn build(options: &BuildOptions) -> ExitCode {
    let started = Instant::now();
    match pipeline::build(options) {
        Ok((summary, warnings)) => {
            print_report(&warnings, Format::Human);
            println!(
                "estate build: {} -> {} in {:.2} s",
                summary.line(),
                options.out.display(),
                started.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        Err(BuildError::Content(report)) => {
            print_report(&report, Format::Human);
            eprintln!("estate build: stopped, the content has {}; nothing was written", report.summary());
            ExitCode::FAILURE
        }
        Err(e) => fail(&e.to_string()),
    }
}
