//! `estate import propertyfinder`: a portal feed into content files, with a progress bar (or,
//! when the output is not a terminal, a progress line every few seconds) and a line per listing
//! that was not simply created or updated; within a deadline and a budget for photos.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use super::fail;
use crate::content::vocabulary::Kind;
use crate::import::budget::{self, Budget, Limits, Stop, parse_duration, parse_size};
use crate::import::fetch::Fetcher;
use crate::import::terms::NewTerm;
use crate::import::{self, Action, Imported, Options, Outcome, Session, manifest};
use contract::text::thousands;

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
    /// Stop this long after the start (30m, 1h30m, 90s): listings not reached by then are left,
    /// untouched, for the next run of the same command, which continues where this one stopped.
    #[arg(long, default_value = "30m", value_name = "TIME", value_parser = parse_duration)]
    pub deadline: Duration,
    /// Download photos only during this long from the start; after it, a listing that needs new
    /// photos is left for the next run (a listing is written with all its photos or not at all).
    #[arg(long, default_value = "20m", value_name = "TIME", value_parser = parse_duration)]
    pub photo_time: Duration,
    /// Download at most this much of photos in all (2GB, 500MB); after it, as --photo-time.
    #[arg(long, default_value = "2GB", value_name = "SIZE", value_parser = parse_size)]
    pub photo_bytes: u64,
    /// How often a progress line is printed when the output is not a terminal (a terminal shows
    /// a progress bar instead).
    #[arg(long, default_value = "10s", value_name = "TIME", value_parser = parse_duration)]
    pub progress_every: Duration,
    /// No progress bar or progress lines: only problems and the summary.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(args: Args) -> ExitCode {
    let Args {
        format: Format::Propertyfinder,
        source,
        content,
        dry_run,
        force,
        max_photos,
        deadline,
        photo_time,
        photo_bytes,
        progress_every,
        quiet,
    } = args;
    let session = Session {
        fetcher: Fetcher::for_feed(&source),
        budget: Budget::start(Limits { deadline, photo_time, photo_bytes }),
    };
    let text = match import::read_source(&source, &session) {
        Ok(text) => text,
        Err(e) => return fail(&e),
    };
    let options = Options { source, content, dry_run, force, max_photos };
    let bar = ProgressBar::hidden();
    let (total, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let lines = !quiet && !std::io::stderr().is_terminal();
    let (stop, stopped) = mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let (budget, total, done) = (&session.budget, &total, &done);
        if lines {
            scope.spawn(move || {
                while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(progress_every) {
                    eprintln!(
                        "{}",
                        progress(budget, done.load(Ordering::Relaxed), total.load(Ordering::Relaxed))
                    );
                }
            });
        }
        let result = import::run(
            &options,
            &session,
            &text,
            |count| {
                total.store(count, Ordering::Relaxed);
                if quiet {
                    return;
                }
                bar.set_length(count as u64);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{bar:40} {pos}/{len} listings, {msg}, {elapsed} ({eta} left)",
                    )
                    .expect("a valid template"),
                );
                bar.set_message("0 photos");
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            },
            |outcome| {
                if let Some(line) = problem_line(outcome, &options.source) {
                    bar.suspend(|| eprintln!("{line}"));
                }
                done.fetch_add(1, Ordering::Relaxed);
                bar.set_message(format!("{} photos", thousands(budget.photos().0)));
                bar.inc(1);
            },
        );
        drop(stop);
        result
    });
    bar.finish_and_clear();
    let imported = match result {
        Ok(imported) => imported,
        Err(e) => return fail(&e),
    };
    for term in &imported.terms {
        eprintln!("{}", term_note(term, &imported.outcomes, &options));
    }
    print_summary(&imported, &options, &session.budget)
}

/// A progress line: `estate import: 1,200 of 50,000 listings done, 3,400 photos (1.2GB), 2m10s`.
fn progress(budget: &Budget, done: usize, total: usize) -> String {
    let (photos, bytes) = budget.photos();
    format!(
        "estate import: {} of {} listings done, {} photos ({}), {}",
        thousands(done),
        thousands(total),
        thousands(photos),
        budget::size(bytes),
        budget::duration(Duration::from_secs(budget.elapsed().as_secs()))
    )
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
        // Summed up at the end: after a deadline they may be thousands.
        Action::Postponed(_) => None,
        _ if !o.notes.is_empty() => Some(format!("note: {at}: {}", o.notes.join("; "))),
        _ => None,
    }
}

fn print_summary(imported: &Imported, options: &Options, budget: &Budget) -> ExitCode {
    let outcomes = &imported.outcomes;
    let count = |f: fn(&Action) -> bool| outcomes.iter().filter(|o| f(&o.action)).count();
    let created = count(|a| *a == Action::Created);
    let updated = count(|a| *a == Action::Updated);
    let unchanged = count(|a| *a == Action::Unchanged);
    let skipped = count(|a| matches!(a, Action::Skipped(_)));
    let failed = count(|a| matches!(a, Action::Failed(_)));
    let postponed = count(|a| matches!(a, Action::Postponed(_)));
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
    let not_yet = if postponed > 0 { format!(", {postponed} not imported yet") } else { String::new() };
    println!(
        "estate import: {} listings in the feed: {created} created, {updated} updated, {unchanged} unchanged, {skipped} skipped, {failed} failed{not_yet}; {photos} photos{}, in {:.2} s{would}",
        outcomes.len(),
        terms_added(&imported.terms),
        budget.elapsed().as_secs_f64()
    );
    for line in postponed_lines(outcomes, options, budget) {
        println!("{line}");
    }
    if failed > 0 || postponed > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// What the run left for the next one, and why: a paragraph per reason, then the references.
fn postponed_lines(outcomes: &[Outcome], options: &Options, budget: &Budget) -> Vec<String> {
    let left: Vec<&Outcome> = outcomes.iter().filter(|o| matches!(o.action, Action::Postponed(_))).collect();
    if left.is_empty() {
        return Vec::new();
    }
    let mut lines = Vec::new();
    let by = |stop: Stop| left.iter().filter(|o| o.action == Action::Postponed(stop)).count();
    let recorded = if options.dry_run {
        "nothing was written (dry run)".to_owned()
    } else {
        format!(
            "every listing written is complete and recorded in {}",
            manifest::path(&options.content).display()
        )
    };
    let listings = |n: usize| format!("{} listing{}", thousands(n), if n == 1 { "" } else { "s" });
    if by(Stop::Deadline) > 0 {
        lines.push(format!(
            "estate import: {}: stopped with {} not imported (downloads under way were cut off); nothing was written for them, and {recorded}",
            budget.describe(Stop::Deadline),
            listings(by(Stop::Deadline)),
        ));
    }
    for stop in [Stop::PhotoTime, Stop::PhotoBytes] {
        let n = by(stop);
        if n > 0 {
            let (need, were) = if n == 1 { ("needs", "was") } else { ("need", "were") };
            lines.push(format!(
                "estate import: {}: {} that {need} new photos {were} not imported (a listing is written with all its photos or not at all); {recorded}",
                budget.describe(stop),
                listings(n),
            ));
        }
    }
    lines.push(
        "estate import: to continue, run the same command again: the listings already imported are left as they are, and each run imports more (or give a longer --deadline, --photo-time or a larger --photo-bytes)"
            .to_owned(),
    );
    let mut references: Vec<&str> = left.iter().take(10).map(|o| o.reference.as_str()).collect();
    let more = left.len().saturating_sub(references.len());
    if more > 0 {
        references.push("...");
    }
    let more = if more > 0 { format!(" ({} more)", thousands(more)) } else { String::new() };
    lines.push(format!("not imported yet: {}{more}", references.join(", ")));
    lines
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
