//! The record files as the site last published them, kept in a folder of the build's cache
//! (`.estate/cache/published/properties/…`, as under content/), so that a record a later build
//! refuses is published as it was rather than stopping the site (`check::per_record`). Written
//! after a build has published; a held-back record's copy stays as it was, a deleted record's
//! copy goes. Beside them, the standing of the site as last published (`standing.json`, see
//! [`super::standing`]), which the next build's outcome is compared with.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use super::standing::Standing;
use crate::check::per_record::Held;
use crate::content::{self, Content};

/// The standing's file in the folder of the copies (beside the record folders, which
/// [`LastPublished::keep`] alone looks into).
const STANDING: &str = "standing.json";

/// The folder of the copies, and what the last [`LastPublished::keep`] of this process kept.
#[derive(Debug, Clone)]
pub struct LastPublished {
    dir: PathBuf,
    /// Each record file kept, with its record's allocation then: a record not read again since
    /// is the same allocation, and its copy need not be looked at (`estate serve`'s rebuilds).
    kept: Arc<Mutex<Option<HashMap<PathBuf, usize>>>>,
    /// The standing last recorded or read by this process (read from its file once).
    standing: Arc<Mutex<Option<Standing>>>,
    /// False: read, never written (a deploy preview publishes what is not the site's).
    writes: bool,
}

impl LastPublished {
    pub fn new(dir: PathBuf) -> LastPublished {
        LastPublished { dir, kept: Arc::default(), standing: Arc::default(), writes: true }
    }

    /// These copies, read but never written.
    pub fn read_only(self) -> LastPublished {
        LastPublished { writes: false, ..self }
    }

    /// Beside the page cache `cache` (`.estate/cache/pages` -> `.estate/cache/published`).
    pub fn beside(cache: &Path) -> LastPublished {
        LastPublished::new(cache.parent().unwrap_or(Path::new(".")).join("published"))
    }

    /// The text of the record file `path` (under `content_dir`) as last published, if any.
    pub fn text(&self, content_dir: &Path, path: &Path) -> Option<String> {
        let relative = path.strip_prefix(content_dir).ok()?;
        std::fs::read_to_string(self.dir.join(relative)).ok()
    }

    /// Keeps a copy of every record file of `content`, which a build has just published, but
    /// those `held` back (their copies stay); removes the copies of records no longer there.
    /// Returns how many copies it wrote or removed.
    pub fn keep(&self, content: &Content, held: &[Held]) -> std::io::Result<usize> {
        if !self.writes {
            return Ok(0);
        }
        let mut slot = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let before = slot.take();
        let held: HashSet<&Path> = held.iter().map(|h| h.path.as_path()).collect();
        let mut now = HashMap::new();
        let mut changed = 0;
        for (path, allocation) in content::held::files(content) {
            let Ok(relative) = path.strip_prefix(&content.dir) else { continue };
            if held.contains(path) {
                continue;
            }
            if before.as_ref().and_then(|kept| kept.get(path)) != Some(&allocation) {
                let bytes = std::fs::read(path)?;
                let copy = self.dir.join(relative);
                if std::fs::read(&copy).ok().as_deref() != Some(bytes.as_slice()) {
                    write_whole(&copy, &bytes)?;
                    changed += 1;
                }
            }
            now.insert(path.to_path_buf(), allocation);
        }
        let gone = |copy: &Path| {
            let path = content.dir.join(copy);
            !now.contains_key(&path) && !held.contains(path.as_path())
        };
        let stale: Vec<PathBuf> = match &before {
            Some(kept) => kept
                .keys()
                .filter_map(|path| path.strip_prefix(&content.dir).ok())
                .map(Path::to_path_buf)
                .collect(),
            // The first keep of this process looks at every copy.
            None => content::held::folders()
                .flat_map(|folder| {
                    let names = std::fs::read_dir(self.dir.join(folder)).into_iter().flatten().flatten();
                    names.map(move |entry| Path::new(folder).join(entry.file_name()))
                })
                .collect(),
        };
        for copy in stale.into_iter().filter(|copy| gone(copy)) {
            match std::fs::remove_file(self.dir.join(copy)) {
                Ok(()) => changed += 1,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        *slot = Some(now);
        Ok(changed)
    }
}

impl LastPublished {
    /// The standing of the site as last published, if one was recorded (none: a fresh start).
    pub fn standing(&self) -> Option<Standing> {
        let mut slot = self.standing.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.is_none() {
            let text = std::fs::read(self.dir.join(STANDING)).ok()?;
            *slot = Some(serde_json::from_slice(&text).ok()?);
        }
        slot.clone()
    }

    /// Records `now` as the standing of the site as published (not in a copy read only: a
    /// deploy preview is compared with the site, and records nothing).
    pub fn keep_standing(&self, now: Standing) -> std::io::Result<()> {
        if !self.writes {
            return Ok(());
        }
        let mut slot = self.standing.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.as_ref() == Some(&now) {
            return Ok(());
        }
        let json = serde_json::to_vec(&now).map_err(std::io::Error::other)?;
        write_whole(&self.dir.join(STANDING), &json)?;
        *slot = Some(now);
        Ok(())
    }
}

/// Writes `bytes` at `path` whole (a reader never sees half of it).
fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let temporary = path.with_extension(format!("{}.tmp", std::process::id()));
    std::fs::write(&temporary, bytes)?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}
