//! Which entries of a content folder are content files: one that cannot be one (a device such
//! as `/dev/zero`, a folder named `x.yaml`) is an error naming its path, never skipped in
//! silence. A symbolic link is never one: [`super::load`] reports every link in the tree.

use std::path::Path;

use super::diag::Diagnostic;
use super::yaml::Pos;

/// What to do with one entry of a content folder.
pub enum Entry {
    /// A regular file, with its metadata: read it.
    File(std::fs::Metadata),
    /// Not content (a hidden file, a README, a subfolder with another name): pass over it.
    Skip,
    /// Looks like content but cannot be read as a file.
    Unreadable(Diagnostic),
}

/// Classifies `path` (named `name`); `content_like`: its extension is one the folder holds.
pub fn classify(path: &Path, name: &str, content_like: bool) -> Entry {
    if name.starts_with('.') || name.eq_ignore_ascii_case("README.md") {
        return Entry::Skip;
    }
    let problem = |message: String| Entry::Unreadable(Diagnostic::error(path, Pos::START, message));
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Entry::Skip,
        Ok(meta) if meta.is_file() => Entry::File(meta),
        Ok(_) if !content_like => Entry::Skip,
        Ok(meta) if meta.is_dir() => problem("a folder, not a file: content files must be files".into()),
        Ok(_) => {
            problem("not a regular file (a device, a pipe or a socket): content files must be files".into())
        }
        Err(e) => problem(format!("cannot read the file: {e}")),
    }
}
