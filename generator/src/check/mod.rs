//! The checks that need the whole content, run after loading it: references between records
//! ([`records`]) and the links written in content ([`links`]). `estate check`, every build and
//! the admin editor's forms run them through [`content`] here.

pub mod coverage;
pub mod links;
pub mod media;
mod memo;
mod pages;
pub mod per_record;
pub mod quality;
mod records;
pub mod reused;
mod vocabulary;

use std::path::{Path, PathBuf};

use crate::content::diag::{Diagnostic, Report};
use crate::content::{self, Content};

/// Loads the content tree under `dir` and checks it whole: each file, then the references
/// between records and the links in content.
pub fn content(dir: &Path) -> (Content, Report) {
    content_with(dir, None)
}

/// [`content`], reading again only the record files that changed since `cache` saw them.
pub fn content_with(dir: &Path, cache: Option<&content::LoadCache>) -> (Content, Report) {
    let (content, report, _) = content_and_dangling(dir, cache, None);
    (content, report)
}

/// [`content_with`], and the targets of links in content that an edit elsewhere took away
/// ([`links::dangling`]), which the check of the built pages lets through: found by the same
/// reading of the texts. With `memo` (`estate serve`'s), the checks across records look again
/// only at the records read again since the last check, and find what a whole check finds.
pub fn content_and_dangling(
    dir: &Path,
    cache: Option<&content::LoadCache>,
    memo: Option<&Memo>,
) -> (Content, Report, std::collections::HashSet<String>) {
    let (content, own, found, dangling) = loaded_and_across(dir, cache, memo);
    let mut report = own;
    report.extend(found);
    report.sort();
    (content, report, dangling)
}

/// [`content_and_dangling`], publishing per record ([`per_record`]): a record file with an
/// error is put back as `last_published` gives it (the file as the site last published it), or
/// left out; the records held back are returned with what was found in them.
pub fn content_per_record(
    dir: &Path,
    cache: Option<&content::LoadCache>,
    memo: Option<&Memo>,
    last_published: impl Fn(&Path) -> Option<String>,
) -> (Content, Report, std::collections::HashSet<String>, Vec<per_record::Held>) {
    let (mut content, own, found, dangling) = loaded_and_across(dir, cache, memo);
    let (report, dangling, held) =
        per_record::hold_back(&mut content, own.diagnostics, found, dangling, last_published, |content| {
            across(content, None)
        });
    (content, report, dangling, held)
}

/// The content as loaded with its files' own problems, and what the checks across records found.
fn loaded_and_across(
    dir: &Path,
    cache: Option<&content::LoadCache>,
    memo: Option<&Memo>,
) -> (Content, Report, Vec<Diagnostic>, std::collections::HashSet<String>) {
    let mut laps = crate::timings::Laps::start("content");
    let (content, own) = content::load_with(dir, cache);
    laps.lap("load");
    let mut kept = memo.map(Memo::take);
    let (found, dangling) = across(&content, kept.as_mut());
    if let (Some(memo), Some(kept)) = (memo, kept) {
        memo.put(kept);
    }
    laps.lap("checks across records");
    (content, own, found, dangling)
}

/// The checks' memo under `estate serve` (see [`memo`]), shared by its rebuilds (they run one at
/// a time; one that finds it taken checks everything).
#[derive(Clone, Default)]
pub struct Memo(std::sync::Arc<std::sync::Mutex<Kept>>);

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("check::Memo")
    }
}

impl Memo {
    /// What the last check kept, taken out (empty while another check has it).
    fn take(&self) -> Kept {
        match self.0.try_lock() {
            Ok(mut kept) => std::mem::take(&mut *kept),
            Err(_) => Kept::default(),
        }
    }

    /// Keeps `kept` for the next check.
    fn put(&self, kept: Kept) {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = kept;
    }
}

/// What each check keeps.
#[derive(Default)]
struct Kept {
    /// The records whose texts have a link or are too complex to render (the others give the
    /// link check nothing, whatever the rest of the content is).
    links: memo::PerRecord<bool>,
    /// The unknown terms of each listing, and the vocabularies they were checked against.
    vocabulary: Option<vocabulary::Kept>,
    /// The media fields' problems of listings and posts, and what they were checked against.
    media: Option<(media::Against, memo::PerRecord<media::Found>)>,
}

/// The problems that span records, and the dangling links' targets; with `kept`, what the last
/// check kept (and what this one finds goes into it). The checks read the content only and keep
/// each its own part of `kept`: they run side by side (an edit under `estate serve` at 10,000
/// listings: some 10 ms one after the other, on one core of two).
fn across(
    content: &Content,
    kept: Option<&mut Kept>,
) -> (Vec<Diagnostic>, std::collections::HashSet<String>) {
    let (vocabulary, links, media) = match kept {
        Some(Kept { links, vocabulary, media }) => (Some(vocabulary), Some(links), Some(media)),
        None => (None, None, None),
    };
    let ((mut found, vocabulary), ((links, dangling), (pages, media))) = rayon::join(
        || rayon::join(|| records::check(content), || vocabulary::check_with(content, vocabulary)),
        || {
            rayon::join(
                || links::scan_content_with(content, links),
                || rayon::join(|| pages::check(content), || media::check_with(content, media)),
            )
        },
    );
    found.extend(vocabulary);
    found.extend(links);
    found.extend(pages);
    found.extend(media);
    (found, dangling)
}

/// Checks a listing or post that is about to be written at `path` (inside `dir`) with `text`,
/// as `estate check` will check it once it is there: the same parsing and per-file checks, and
/// the checks between records and of links against the rest of the content. `pending` are the
/// files (relative to `dir`, such as `media/properties/a.jpg`) that will be written with it.
/// Returns the problems of that file only; the rest of the content's are not its concern.
pub fn new_file(dir: &Path, path: &Path, text: &str, pending: &[PathBuf]) -> Vec<Diagnostic> {
    let (mut content, _) = content::load(dir);
    let mut found = content::add_new_file(&mut content, path, text, pending);
    found.extend(across(&content, None).0.into_iter().filter(|d| d.path == path));
    let mut report = Report { diagnostics: found };
    report.sort();
    report.diagnostics
}
