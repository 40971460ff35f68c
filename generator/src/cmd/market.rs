//! `estate market import transactions|rents FILE.csv`: the DLD's open data summarised into
//! `content/market/`, with a progress line every few seconds on a long file, the first malformed
//! rows at their lines, and a summary line (with the DLD areas no community names).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::fail;
use crate::content::diag::{Report, for_terminal};
use crate::market::Dataset;
use crate::market::import::{self, Options, Outcome, Refusal};
use contract::text::thousands;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Summarise a DLD open-data file (sales, or Ejari rents) into content/market/.
    ///
    /// Reads the file as published (Dubai Pulse's or the DLD website's transactions, Ejari's
    /// rent contracts), streaming, and writes content/market/transactions.json or rents.json:
    /// per community, month, kind and bedrooms, the number of sales (or contracts) and the
    /// median AED per sqft (a rent's: annual rent per sqft). Commit that summary; the raw file
    /// is not needed again. DLD areas are matched to communities by the `dld:` lists of
    /// content/vocabulary/communities.yaml.
    Import {
        /// Which file it is.
        #[arg(value_enum)]
        dataset: Dataset,
        /// The CSV file (UTF-8, with or without a byte-order mark).
        file: PathBuf,
        /// The content folder to write into.
        #[arg(long, default_value = "content", value_name = "DIR")]
        content: PathBuf,
        /// The months summarised, ending with the newest month in the file.
        #[arg(long, default_value_t = 36, value_parser = clap::value_parser!(u32).range(12..=240))]
        months: u32,
        /// No progress lines: only problems and the summary.
        #[arg(long)]
        quiet: bool,
    },
}

/// How often a progress line is printed on a long import.
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

pub fn run(command: Command) -> ExitCode {
    let Command::Import { dataset, file, content, months, quiet } = command;
    let started = Instant::now();
    let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
    let mut last = Instant::now();
    let mut progress = |rows: u64, bytes: u64| {
        if !quiet && last.elapsed() >= PROGRESS_EVERY {
            last = Instant::now();
            let share = (bytes * 100).checked_div(size).unwrap_or(0);
            eprintln!("estate market: {} rows read ({share}% of the file)", thousands(rows as usize));
        }
    };
    let options = Options { dataset, file: file.clone(), content, months, progress: &mut progress };
    match import::run(options) {
        Ok(outcome) => report(dataset, &file, &outcome, started.elapsed()),
        Err(Refusal::Vocabulary(diagnostics)) => {
            let mut report = Report::default();
            report.extend(diagnostics);
            super::print_report(&report, super::Format::Human);
            fail("the communities vocabulary has errors: nothing imported")
        }
        Err(Refusal::Message(message)) => fail(&format!("{}; nothing written", for_terminal(&message))),
    }
}

fn report(dataset: Dataset, file: &std::path::Path, outcome: &Outcome, took: Duration) -> ExitCode {
    // The file's text is printed escaped: an area name could hold a terminal's control sequence.
    for line in &outcome.reported {
        eprintln!("{}", for_terminal(line));
    }
    let dropped = outcome.malformed + outcome.misdated + outcome.implausible;
    if dropped as usize > outcome.reported.len() {
        eprintln!(
            "... and {} more rows like these, skipped",
            thousands(dropped as usize - outcome.reported.len())
        );
    }
    let n = |count: u64| thousands(count as usize);
    let mut left_out = Vec::new();
    if dataset == Dataset::Transactions {
        left_out.push(format!("{} not sales (mortgages, gifts)", n(outcome.not_sales)));
    }
    left_out.push(format!("{} of other property types", n(outcome.other_kinds)));
    left_out.push(format!("{} without an area or price", n(outcome.unmeasured)));
    left_out.push(format!("{} older than the window", n(outcome.older)));
    left_out.push(format!("{} malformed", n(outcome.malformed)));
    left_out.push(format!("{} dated before 2000 or after today", n(outcome.misdated)));
    left_out
        .push(format!("{} with an area, amount or price per sqft beyond real ones", n(outcome.implausible)));
    left_out.push(format!("{} in DLD areas no community names", n(outcome.unmatched)));
    let Some(summary) = &outcome.summary else {
        eprintln!(
            "estate market: {} rows of {} ({}) in {:.1} s, none counted: {}",
            n(outcome.rows),
            crate::content::diag::shown_path(file),
            outcome.style,
            took.as_secs_f64(),
            left_out.join(", ")
        );
        unmatched_hint(outcome);
        return fail(&format!("no {} to summarise; nothing written", dataset.rows()));
    };
    println!(
        "estate market: {} rows of {} ({}) in {:.1} s: {} {} in {} communities, {} to {}; left out: {}; wrote {} ({} figures)",
        n(outcome.rows),
        crate::content::diag::shown_path(file),
        outcome.style,
        took.as_secs_f64(),
        n(outcome.counted),
        dataset.rows(),
        outcome.communities,
        outcome.from,
        summary.to,
        left_out.join(", "),
        outcome.written.as_ref().map(|p| p.display().to_string()).unwrap_or_default(),
        thousands(summary.monthly.len() + summary.last12.len()),
    );
    unmatched_hint(outcome);
    ExitCode::SUCCESS
}

/// The ten DLD areas with the most rows no community names, and what to do about them.
fn unmatched_hint(outcome: &Outcome) {
    if outcome.unmatched_areas.is_empty() {
        return;
    }
    let largest: Vec<String> = outcome
        .unmatched_areas
        .iter()
        .take(10)
        .map(|(area, count)| format!("{} ({})", for_terminal(area), thousands(*count as usize)))
        .collect();
    println!(
        "estate market: {} DLD areas no community names, the largest: {}",
        thousands(outcome.unmatched_areas.len()),
        largest.join(", ")
    );
    println!(
        "  hint: add an area to its community's `dld:` list in content/vocabulary/communities.yaml \
         (as the file writes it, e.g. `dld: [Marsa Dubai]` for Dubai Marina), then import again"
    );
}
