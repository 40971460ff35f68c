//! What `estate serve` keeps of the content between rebuilds ([`LoadCache`]): each record
//! file's record and the problems its own checks found, so a rebuild reads and parses only the
//! files that changed.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::diag::Diagnostic;
use super::model::{DeveloperFile, GuideFile, MemberFile, PageFile, PostFile, PropertyFile};
use super::{Kind, Record};

/// Whether `path` is a record file of the content folder `dir` (a listing, post, developer,
/// team member, page or area guide), whose reading [`LoadCache`] keeps; changes to anything else clear it.
pub fn is_record_file(dir: &Path, path: &Path) -> bool {
    let Ok(relative) = path.strip_prefix(dir) else { return false };
    let mut parts = relative.components();
    let (Some(Component::Normal(folder)), Some(Component::Normal(_)), None) =
        (parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    Kind::ALL.iter().any(|kind| folder == kind.dir() && kind.accepts(ext))
}

/// What `estate serve` keeps of the content between rebuilds: each record file's record and
/// the problems its own checks found, by the file's size and modification time, so a rebuild
/// reads and parses only the files that changed. The per-file checks also look at the media
/// folder: whoever changes anything but a record file must [`LoadCache::clear`] it.
#[derive(Clone, Default)]
pub struct LoadCache(Arc<Mutex<Loaded>>);

impl std::fmt::Debug for LoadCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LoadCache")
    }
}

impl LoadCache {
    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Loaded> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Forgets everything: the next load reads every file.
    pub fn clear(&self) {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Loaded::default();
    }

    /// Forgets these files: the next load reads them whatever their size and time.
    pub fn forget(&self, paths: &[PathBuf]) {
        let mut loaded = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for path in paths.iter().map(|path| record_key(path)) {
            let path = &path;
            loaded.properties.remove(path);
            loaded.posts.remove(path);
            loaded.developers.remove(path);
            loaded.team.remove(path);
            loaded.pages.remove(path);
            loaded.guides.remove(path);
        }
    }
}

/// How [`LoadCache`] names a record file: its folder and name (`properties/a.yaml`), the same
/// whether the content folder was named relative or absolute.
pub(super) fn record_key(path: &Path) -> PathBuf {
    let mut parts: Vec<_> = path.components().rev().take(2).collect();
    parts.reverse();
    parts.iter().collect()
}

/// Each record file's size and time, and what reading and checking it gave.
pub(super) type Files<T> = HashMap<PathBuf, (Stamp, Option<Arc<Record<T>>>, Vec<Diagnostic>)>;
pub(super) type Stamp = (u64, Option<std::time::SystemTime>);
/// One file as `read_all` found it: its record, its problems, and whether it was read now (not
/// taken from the cache).
pub(super) type Read<T> = (Option<Arc<Record<T>>>, Vec<Diagnostic>, bool);

#[derive(Default)]
pub(super) struct Loaded {
    pub(super) properties: Files<PropertyFile>,
    pub(super) posts: Files<PostFile>,
    pub(super) developers: Files<DeveloperFile>,
    pub(super) team: Files<MemberFile>,
    pub(super) pages: Files<PageFile>,
    pub(super) guides: Files<GuideFile>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_files_are_told_from_the_rest_of_the_content() {
        let dir = Path::new("/c");
        for record in [
            "properties/a.yaml",
            "properties/a.md",
            "blog/p.md",
            "team/t.yaml",
            "pages/x.md",
            "communities/c.yaml",
        ] {
            assert!(is_record_file(dir, &dir.join(record)), "{record}");
        }
        for other in
            ["site.yaml", "media/a.jpg", "vocabulary/amenities.yaml", "blog/p.yaml", "properties/x/a.yaml"]
        {
            assert!(!is_record_file(dir, &dir.join(other)), "{other}");
        }
    }
}
