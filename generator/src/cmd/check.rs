//! `estate check`: every problem of the content, printed for people or as GitHub annotations.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use super::{Format, print_report};
use crate::content::diag::shown_path;
use crate::publish::feeds;

/// Checks the content under `dir`; exit 1 on an error. Missing translations are warnings, or
/// errors for the languages in `required`; the warnings of Dubai's advertising rules are errors
/// when `strict`. With `report`, each listing's quality too ([`crate::check::quality`]).
pub fn run(dir: &Path, format: Format, required: &[String], strict: bool, report_quality: bool) -> ExitCode {
    let started = Instant::now();
    let known: Vec<&str> = crate::check::coverage::LANGUAGES.iter().map(|(code, _)| *code).collect();
    if let Some(bad) = required.iter().find(|lang| !known.contains(&lang.as_str())) {
        eprintln!("estate check: --require-languages: `{bad}` is not one of {}", known.join(", "));
        return ExitCode::FAILURE;
    }
    let (content, mut report) = crate::check::content(dir);
    report.extend(crate::check::coverage::check(&content, required));
    // What the build renders from templates the agency may have changed (it renders them anyway).
    report.extend(feeds::check(&content));
    report.extend(crate::publish::portal_feed::check(&content));
    // The photos the image stage would refuse (a header that reads, data that does not), and
    // the pictures two listings show (by the fingerprints the image stage keeps).
    let photos = crate::publish::images::check(dir);
    report.extend(photos.diagnostics);
    report.extend(crate::check::reused::check(&content, |path| photos.prints.get(path).map(Vec::as_slice)));
    if strict {
        report.strict();
    }
    report.sort();
    print_report(&report, format);
    if report_quality {
        // The photos' sizes as the image stage last saw them (none decoded here).
        let sizes = crate::publish::images::KnownSizes::open(dir);
        let graded = crate::check::quality::grade_all(&content, |photo| sizes.of(photo));
        println!("{}", crate::check::quality::report(&graded, 3));
    }
    println!("estate check: {} photos compared ({} decoded)", photos.prints.len(), photos.decoded);
    let files = 1
        + content.properties.len()
        + content.posts.len()
        + content.developers.len()
        + content.team.len()
        + content.pages.len();
    if report.errors() > 0 {
        eprintln!("estate check: {} in {}", report.summary(), shown_path(dir));
        ExitCode::FAILURE
    } else {
        println!(
            "estate check: {} records in {} are valid ({}) in {:.2} s",
            files,
            shown_path(dir),
            report.summary(),
            started.elapsed().as_secs_f64()
        );
        ExitCode::SUCCESS
    }
}
