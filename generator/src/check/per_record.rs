//! Publishing per record: one record the checks refuse (a listing saved without what it needs,
//! a team member whose file does not parse) does not stop the rest of the site from being
//! published. It is held back: the site keeps it as it last published it, or, when it is new or
//! that version is refused too now, leaves it out; the editor is told why. So is an uploaded file
//! of `media/` that cannot be published (a HEIC photo, a drawing with script), which the media
//! stage leaves out anyway, and an entry showing it is held back in turn. A problem elsewhere
//! (`site.yaml`, a vocabulary, a link in the tree) still stops the whole build.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use crate::content::diag::{Diagnostic, Report, Severity};
use crate::content::{self, Content};

/// A record file this build did not publish as it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Held {
    /// The record file.
    pub path: PathBuf,
    /// Why: what the checks found in it (its errors, and its warnings).
    pub problems: Vec<Diagnostic>,
    /// The site shows it as last published; false: not at all (new, or its last published
    /// version is refused now too, say by a change to a record it names).
    pub kept: bool,
}

/// Holds back every record file of `content` with an error, until none is left: each is put
/// back as `last_published` gives it, and taken out if that is refused too or there is none.
/// `own` are the problems the files' own checks found, `found` (and `dangling`) what
/// `across(content)` found. Returns the report of what is published, the dangling links' targets,
/// and what was held back; nothing is held back when an error is outside the record files (the
/// report then stops the build as it is).
pub(super) fn hold_back(
    content: &mut Content,
    mut own: Vec<Diagnostic>,
    found: Vec<Diagnostic>,
    mut dangling: HashSet<String>,
    last_published: impl Fn(&Path) -> Option<String>,
    across: impl Fn(&Content) -> (Vec<Diagnostic>, HashSet<String>),
) -> (Report, HashSet<String>, Vec<Held>) {
    let dir = content.dir.clone();
    let media = dir.join("media");
    let own_file = |path: &PathBuf| content::is_record_file(&dir, path) || path.starts_with(&media);
    let mut report = joined(&own, found);
    let mut held: BTreeMap<PathBuf, Held> = BTreeMap::new();
    // Each round holds back at least one file, and a file twice at most: the loop ends.
    loop {
        let refused: BTreeSet<PathBuf> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.path.clone())
            .collect();
        if refused.is_empty() || !refused.iter().all(own_file) {
            break;
        }
        for path in refused {
            let problems: Vec<Diagnostic> =
                report.diagnostics.iter().filter(|d| d.path == path).cloned().collect();
            own.retain(|d| d.path != path);
            if let Some(before) = held.get_mut(&path) {
                // Its last published version, put back, is refused now too.
                content::held::replace(content, &path, None);
                before.kept = false;
                before.problems.extend(problems);
                continue;
            }
            let text = last_published(&path);
            let again = content::held::replace(content, &path, text.as_deref()).unwrap_or_default();
            let kept = text.is_some() && !again.iter().any(|d| d.severity == Severity::Error);
            if kept {
                own.extend(again);
            } else {
                content::held::replace(content, &path, None);
            }
            held.insert(path.clone(), Held { path, problems, kept });
        }
        let (mut found, now_dangling) = across(content);
        // An uploaded file held back is left out by the media stage; the checks still see it.
        found.retain(|d| !held.contains_key(&d.path) || content::is_record_file(&dir, &d.path));
        dangling = now_dangling;
        report = joined(&own, found);
    }
    (report, dangling, held.into_values().collect())
}

fn joined(own: &[Diagnostic], found: Vec<Diagnostic>) -> Report {
    let mut report = Report { diagnostics: own.to_vec() };
    report.extend(found);
    report.sort();
    report
}

/// What was held back, for the terminal: each file's problems, then a line saying what the
/// site shows of it.
pub fn describe(held: &[Held]) -> String {
    let mut text = String::new();
    for entry in held {
        text.push_str(&Report { diagnostics: entry.problems.clone() }.render());
        let shows =
            if entry.kept { "the site shows it as last published" } else { "it is left out of the site" };
        text.push_str(&format!("not published: {} ({shows} until it is fixed)\n", entry.path.display()));
    }
    text
}
