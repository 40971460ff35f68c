//! The folders of a content tree: the ones a site cannot do without, and a file or anything
//! else where a folder belongs. Without this, a tree missing `properties/` passed `check` as
//! "20 records valid": an empty folder and a missing one look the same to the record readers.

use std::path::Path;

use super::diag::{Diagnostic, Report};
use super::yaml::Pos;

/// Each folder under `content/`, what it holds (for the messages), and whether it is required.
pub(super) const FOLDERS: &[(&str, &str, bool)] = &[
    ("properties", "the listings", true),
    ("vocabulary", "the communities, property types, amenities and languages listings name", true),
    ("team", "the agents", false),
    ("developers", "the developers", false),
    ("blog", "the posts", false),
    ("pages", "the legal pages", false),
    ("communities", "the area guides' texts", false),
    ("media", "the photos and files", false),
];

/// An error for each required folder missing under `dir` and each folder that is not one.
pub(super) fn check(dir: &Path, report: &mut Report) {
    for &(name, holds, required) in FOLDERS {
        let path = dir.join(name);
        // Follows a link: a linked folder is a folder.
        let problem = match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => continue,
            Ok(_) => format!("`{name}` must be a folder (it holds {holds}), but it is a file"),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => continue,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                format!("missing folder `{name}`: it holds {holds}")
            }
            Err(e) => format!("cannot open the folder `{name}`: {e}"),
        };
        report.push(
            Diagnostic::error(&path, Pos::START, problem).with_hint(format!(
                "content/{name}/ must be a folder; restore it from the last good version"
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(dir: &Path) -> Vec<String> {
        let mut report = Report::default();
        check(dir, &mut report);
        report.diagnostics.iter().map(Diagnostic::headline).collect()
    }

    #[test]
    fn required_folders_missing_and_files_in_a_folders_place_are_errors() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        let missing = problems(root);
        assert_eq!(missing.len(), 2, "{missing:?}");
        assert!(
            missing[0].ends_with("properties:1:1: error: missing folder `properties`: it holds the listings")
        );
        assert!(missing[1].contains("vocabulary:1:1: error: missing folder `vocabulary`"));
        std::fs::write(root.join("properties"), "").expect("a file");
        std::fs::create_dir(root.join("vocabulary")).expect("a folder");
        std::fs::write(root.join("team"), "").expect("a file");
        let wrong = problems(root);
        assert_eq!(wrong.len(), 2, "{wrong:?}");
        assert!(wrong[0].contains("`properties` must be a folder"), "{wrong:?}");
        assert!(
            wrong[1].contains("`team` must be a folder (it holds the agents), but it is a file"),
            "{wrong:?}"
        );
    }

    #[test]
    fn every_record_folder_is_listed() {
        for kind in super::super::Kind::ALL {
            assert!(FOLDERS.iter().any(|(name, _, _)| *name == kind.dir()), "{}", kind.dir());
        }
    }
}
