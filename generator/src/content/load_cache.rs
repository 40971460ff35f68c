//! What `estate serve` keeps of the content between rebuilds ([`LoadCache`]): each record
//! file's record and the problems its own checks found, so a rebuild reads and parses only the
//! files that changed.

use std::collections::{BTreeMap, HashSet};
use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::diag::Diagnostic;
use super::model::{DeveloperFile, GuideFile, MemberFile, PageFile, PostFile, PropertyFile, SiteFile};
use super::vocabulary::Vocabularies;
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
///
/// A watcher that knows which record files changed says so ([`LoadCache::only_changed`]): the
/// next load then looks at those files alone, not at the 10,000 others' sizes and times, nor at
/// the rest of the tree (links, `site.yaml`, the vocabularies), which only a change to a file
/// that is no record file can change, and that clears the cache.
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
        *self.lock() = Loaded::default();
    }

    /// Forgets these files: the next load reads them whatever their size and time.
    pub fn forget(&self, paths: &[PathBuf]) {
        let mut loaded = self.lock();
        for key in paths.iter().map(|path| record_key(path)) {
            loaded.unread(&key);
        }
    }

    /// Tells the next load that of the record files only these (created, changed, removed or
    /// renamed) can differ from what the last load read, as a watcher saw: it looks at these
    /// again and at nothing else. Without it a load lists every folder and compares each file's
    /// size and time.
    pub fn only_changed(&self, paths: &[PathBuf]) {
        let mut loaded = self.lock();
        for key in paths.iter().map(|path| record_key(path)) {
            loaded.unread(&key);
            loaded.only_changed.get_or_insert_with(HashSet::new).insert(key);
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

pub(super) type Stamp = (u64, Option<std::time::SystemTime>);
/// What reading and checking a file gave: its record, if it parsed, and its problems.
pub(super) type Read<T> = (Option<Arc<Record<T>>>, Vec<Diagnostic>);

/// One folder of records as the last load found it.
pub(super) struct Folder<T> {
    /// `entries` hold the whole folder as a load listed it.
    pub(super) listed: bool,
    /// Every entry of the folder that is content or looks like it, by name (in the order files
    /// are read and reported).
    pub(super) entries: BTreeMap<OsString, Slot<T>>,
}

impl<T> Default for Folder<T> {
    fn default() -> Self {
        Folder { listed: false, entries: BTreeMap::new() }
    }
}

/// One entry of a record folder.
pub(super) enum Slot<T> {
    /// A content file: its size and time, and what reading and checking it gave (its record, if
    /// it parsed, and its problems); None until it is read.
    File(Stamp, Option<Read<T>>),
    /// An entry that is no content file, and why.
    Problem(Diagnostic),
}

/// What a load found outside the record folders: links in the tree, `site.yaml`, the folders'
/// and vocabularies' problems. Only a change to a file that is no record file changes them (and
/// clears the cache), but for the links: a record file can become one.
pub(super) struct Rest {
    /// Every link in the tree, sorted.
    pub(super) links: Vec<PathBuf>,
    pub(super) site: Option<Record<SiteFile>>,
    pub(super) vocabulary: Vocabularies,
    /// `site.yaml`'s default image, when its file is there.
    pub(super) default_image: Option<String>,
    /// The problems of `site.yaml`, the folders and the vocabularies.
    pub(super) problems: Vec<Diagnostic>,
    /// This reading's number ([`super::Content::tree`]).
    pub(super) tree: u64,
}

#[derive(Default)]
pub(super) struct Loaded {
    /// The content folder all this was read from.
    pub(super) dir: PathBuf,
    pub(super) properties: Folder<PropertyFile>,
    pub(super) posts: Folder<PostFile>,
    pub(super) developers: Folder<DeveloperFile>,
    pub(super) team: Folder<MemberFile>,
    pub(super) pages: Folder<PageFile>,
    pub(super) guides: Folder<GuideFile>,
    /// None until a load has read the whole tree.
    pub(super) rest: Option<Rest>,
    /// The record files a watcher saw change since the last load ([`LoadCache::only_changed`]).
    pub(super) only_changed: Option<HashSet<PathBuf>>,
}

impl Loaded {
    /// Marks the file of `key` (`properties/a.yaml`) unread, if it is known.
    fn unread(&mut self, key: &Path) {
        let (Some(folder), Some(name)) = (key.parent().and_then(Path::to_str), key.file_name()) else {
            return;
        };
        fn mark<T>(folder: &mut Folder<T>, name: &std::ffi::OsStr) {
            if let Some(Slot::File(_, read)) = folder.entries.get_mut(name) {
                *read = None;
            }
        }
        match folder {
            _ if folder == Kind::Property.dir() => mark(&mut self.properties, name),
            _ if folder == Kind::Post.dir() => mark(&mut self.posts, name),
            _ if folder == Kind::Developer.dir() => mark(&mut self.developers, name),
            _ if folder == Kind::Member.dir() => mark(&mut self.team, name),
            _ if folder == Kind::Page.dir() => mark(&mut self.pages, name),
            _ if folder == Kind::Guide.dir() => mark(&mut self.guides, name),
            _ => {}
        }
    }

    /// The record files (keys) to look at again, when only they can have changed since a whole
    /// load of `dir`; None: every folder is listed again. Either way, the next load lists again.
    pub(super) fn changes_since_last(&mut self, dir: &Path) -> Option<HashSet<PathBuf>> {
        if self.dir != dir {
            *self = Loaded { dir: dir.to_path_buf(), ..Loaded::default() };
        }
        let changed = self.only_changed.take();
        changed.filter(|_| self.rest.is_some())
    }
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
