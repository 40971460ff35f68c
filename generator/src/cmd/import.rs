//! `estate import propertyfinder`: a portal feed into content files, with a progress bar and a
//! line per listing that was not simply created or updated.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use super::fail;
use crate::content::vocabulary::Kind;
use crate::import::terms::NewTerm;
use crate::import::{self, Action, Imported, Options, Outcome};

/// The feed formats `estate import` reads.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Format {
    /// Property Finder's XML listing feed (also what Bayut and Dubizzle read).
    Propertyfinder,
}

#[derive(clap::Args)]
pub struct Args {
    /// The feed's format.
    #[arg(value_enum)]
    pub format: Format,
    /// The feed: a file, or an http(s) address.
    #[arg(value_name = "FILE_OR_URL")]
    pub source: String,
    /// The content folder to write into.
    #[arg(long, default_value = "content", value_name = "DIR")]
    pub content: PathBuf,
    /// Say what would be created, updated and skipped, and write nothing (no photos downloaded).
    #[arg(long)]
    pub dry_run: bool,
    /// Overwrite listings an editor changed since the last import, and listings with the same
    /// reference that no import wrote.
    #[arg(long)]
    pub force: bool,
    /// Photos kept per listing (portals show about 10 to 20).
    #[arg(long, default_value_t = 20, value_name = "N")]
    pub max_photos: usize,
}

pub fn run(args: Args) -> ExitCode {
    let Args { format: Format::Propertyfinder, source, content, dry_run, force, max_photos } = args;
    let started = Instant::now();
    let text = match import::read_source(&source) {
        Ok(text) => text,
        Err(e) => return fail(&e),
    };
    let options = Options { source, content, dry_run, force, max_photos };
    let bar = ProgressBar::hidden();
    let result = import::run(
        &options,
        &text,
        |total| {
            bar.set_length(total as u64);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} listings {elapsed} ({eta} left)")
                    .expect("a valid template"),
            );
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        },
        |outcome| {
            if let Some(line) = problem_line(outcome, &options.source) {
                bar.suspend(|| eprintln!("{line}"));
            }
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    let imported = match result {
        Ok(imported) => imported,
        Err(e) => return fail(&e),
    };
    for term in &imported.terms {
        eprintln!("{}", term_note(term, &imported.outcomes, &options));
    }
    print_summary(&imported, &options, started.elapsed().as_secs_f64())
}

/// The note for a vocabulary term the import added: which, where, named by which listing.
fn term_note(new: &NewTerm, outcomes: &[Outcome], options: &Options) -> String {
    let file = new.kind.path(&options.content);
    let first = &outcomes[new.listings[0]];
    let verb = if options.dry_run { "would be added" } else { "added" };
    let others = match new.listings.len() {
        1 => String::new(),
        n => format!(" and {} more", n - 1),
    };
    format!(
        "note: {}: {} `{}` {verb} as `{}` (named by {}:{}:{}: {}{others}); its Arabic and Russian names are missing",
        file.display(),
        new.kind.singular(),
        new.term.en,
        new.term.key,
        options.source,
        first.line,
        first.col,
        first.reference,
    )
}

/// The line printed for a listing that failed or was skipped, or has notes.
fn problem_line(o: &Outcome, source: &str) -> Option<String> {
    let at = format!("{source}:{}:{}: {}", o.line, o.col, o.reference);
    match &o.action {
        Action::Failed(why) => Some(format!("error: {at}: not imported: {why}")),
        Action::Skipped(why) => Some(format!("skipped: {at}: {why}")),
        _ if !o.notes.is_empty() => Some(format!("note: {at}: {}", o.notes.join("; "))),
        _ => None,
    }
}

fn print_summary(imported: &Imported, options: &Options, seconds: f64) -> ExitCode {
    let outcomes = &imported.outcomes;
    let count = |f: fn(&Action) -> bool| outcomes.iter().filter(|o| f(&o.action)).count();
    let created = count(|a| *a == Action::Created);
    let updated = count(|a| *a == Action::Updated);
    let unchanged = count(|a| *a == Action::Unchanged);
    let skipped = count(|a| matches!(a, Action::Skipped(_)));
    let failed = count(|a| matches!(a, Action::Failed(_)));
    // Each created or updated file, unless there are too many to read.
    let listed: Vec<&Outcome> =
        outcomes.iter().filter(|o| matches!(o.action, Action::Created | Action::Updated)).collect();
    if listed.len() <= 50 {
        for o in listed {
            let verb = if o.action == Action::Created { "created" } else { "updated" };
            let file =
                o.file.as_ref().map(|f| options.content.join(f).display().to_string()).unwrap_or_default();
            println!("{verb} {file} ({}, {} photos)", o.reference, o.photos);
        }
    }
    let photos: usize = outcomes
        .iter()
        .filter(|o| matches!(o.action, Action::Created | Action::Updated))
        .map(|o| o.photos)
        .sum();
    let would = if options.dry_run { " (dry run: nothing written)" } else { "" };
    println!(
        "estate import: {} listings in the feed: {created} created, {updated} updated, {unchanged} unchanged, {skipped} skipped, {failed} failed; {photos} photos{}, in {seconds:.2} s{would}",
        outcomes.len(),
        terms_added(&imported.terms)
    );
    if failed > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// The summary's words for the terms added (`; vocabulary: 2 communities, 1 amenity added`), or
/// nothing; the notes name them.
fn terms_added(terms: &[NewTerm]) -> String {
    let kinds: Vec<String> = Kind::ALL
        .into_iter()
        .filter_map(|kind| match terms.iter().filter(|n| n.kind == kind).count() {
            0 => None,
            1 => Some(format!("1 {}", kind.singular())),
            n => Some(format!("{n} {}", kind.plural())),
        })
        .collect();
    if kinds.is_empty() { String::new() } else { format!("; vocabulary: {} added", kinds.join(", ")) }
}
