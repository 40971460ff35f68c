//! Reading one folder of records (`properties/`, `blog/` ...) in parallel: listed whole, or,
//! under `estate serve`, as the last load found it with only the files a watcher saw change
//! looked at again (see [`LoadCache`](super::LoadCache)).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use serde::de::DeserializeOwned;

use super::checks::Ctx;
use super::diag::{Diagnostic, Report};
use super::load_cache::{Folder, Slot, Stamp};
use super::yaml::Pos;
use super::{Kind, Record, entry, file_id, read, safe_fs};

/// What the folder's entry at `path` is: a content file with its size and time, an entry that
/// looks like content but is none (with why), or nothing (gone, hidden, another kind of file).
fn look(path: &Path, kind: Kind) -> Option<Result<Stamp, Diagnostic>> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let meta = match entry::classify(path, &name, kind.accepts(ext)) {
        entry::Entry::File(meta) => meta,
        entry::Entry::Skip => return None,
        // Gone since the watcher saw it change.
        entry::Entry::Unreadable(_) if path.symlink_metadata().is_err() => return None,
        entry::Entry::Unreadable(problem) => return Some(Err(problem)),
    };
    if kind.accepts(ext) {
        Some(Ok((meta.len(), meta.modified().ok())))
    } else {
        Some(Err(Diagnostic::warning(
            path,
            Pos::START,
            format!("ignored: files in {}/ are {} files", kind.dir(), kind.expected()),
        )))
    }
}

/// Lists the folder again into `known`: a file of the same size and time keeps what reading it
/// gave, any other is to be read.
fn relist<T>(folder: &Path, kind: Kind, known: &mut Folder<T>) {
    let mut old = std::mem::take(&mut known.entries);
    known.listed = true;
    // A link in place of the folder is reported by `load`, and what it points to not read.
    if !safe_fs::is_real_dir(folder) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    let paths: Vec<PathBuf> = entries.flatten().map(|entry| entry.path()).collect();
    // Looked at on every core: 10,000 listings are as many system calls.
    let found: Vec<(OsString, Result<Stamp, Diagnostic>)> = paths
        .into_par_iter()
        .filter_map(|path| Some((path.file_name()?.to_owned(), look(&path, kind)?)))
        .collect();
    for (name, found) in found {
        let slot = match (found, old.remove(&name)) {
            (Ok(now), Some(Slot::File(then, Some(read)))) if now == then => Slot::File(now, Some(read)),
            (Ok(now), _) => Slot::File(now, None),
            (Err(problem), _) => Slot::Problem(problem),
        };
        known.entries.insert(name, slot);
    }
}

/// Looks again at the entries named `changed` (keys such as `properties/a.yaml`) that are in
/// this folder: each is read again, or gone.
fn patch<T>(folder: &Path, kind: Kind, known: &mut Folder<T>, changed: &HashSet<PathBuf>) {
    for key in changed {
        let (Some(parent), Some(name)) = (key.parent(), key.file_name()) else { continue };
        if parent != Path::new(kind.dir()) {
            continue;
        }
        match look(&folder.join(name), kind) {
            None => {
                known.entries.remove(name);
            }
            Some(Ok(stamp)) => {
                known.entries.insert(name.to_owned(), Slot::File(stamp, None));
            }
            Some(Err(problem)) => {
                known.entries.insert(name.to_owned(), Slot::Problem(problem));
            }
        }
    }
}

/// Reads every file of one kind in parallel, checks each on its own (`check`, on the record
/// as written), then `prepare`s it (the vocabulary's names); with `known`, only the files whose
/// size or time differs from what it holds, the others shared from it (and it learns them).
/// `changed`: only these record files can have changed since `known` was listed (else the
/// folder is listed again).
#[allow(clippy::too_many_arguments)]
pub(super) fn read_all<T, F, P>(
    dir: &Path,
    kind: Kind,
    report: &mut Report,
    check: F,
    prepare: P,
    known: Option<&mut Folder<T>>,
    changed: Option<&HashSet<PathBuf>>,
    stand_in: Option<&str>,
) -> Vec<Arc<Record<T>>>
where
    T: DeserializeOwned + Send + Sync,
    F: Fn(&Ctx, &Record<T>, &mut Vec<Diagnostic>) + Sync,
    P: Fn(&Ctx, &mut T) + Sync,
{
    let folder = dir.join(kind.dir());
    let mut own = Folder::default();
    let known = known.unwrap_or(&mut own);
    match changed {
        Some(changed) if known.listed => patch(&folder, kind, known, changed),
        _ => relist(&folder, kind, known),
    }
    let ctx = Ctx { dir, pending: &[], stand_in, refuse_missing: false };
    let unread: Vec<(&OsString, &mut Slot<T>)> =
        known.entries.iter_mut().filter(|(_, slot)| matches!(slot, Slot::File(_, None))).collect();
    unread.into_par_iter().for_each(|(name, slot)| {
        let Slot::File(_, read_now) = slot else { return };
        let path = folder.join(name);
        let mut diags = Vec::new();
        let id = file_id(&path, kind, &mut diags);
        let (record, more) = read::<T>(&path, id);
        diags.extend(more);
        let record = record.map(|mut r| {
            check(&ctx, &r, &mut diags);
            prepare(&ctx, &mut r.data);
            Arc::new(r)
        });
        *read_now = Some((record, diags));
    });
    let mut records = Vec::with_capacity(known.entries.len());
    for slot in known.entries.values() {
        match slot {
            Slot::File(_, Some((record, diags))) => {
                report.extend(diags.iter().cloned());
                records.extend(record.iter().cloned());
            }
            Slot::File(_, None) => {}
            Slot::Problem(problem) => report.push(problem.clone()),
        }
    }
    let files = known.entries.iter().filter(|(_, slot)| matches!(slot, Slot::File(..))).map(|(name, _)| name);
    duplicate_ids(&folder, files, report);
    records
}

/// Two files with one id (`a.yaml` and `a.md`): the later file is the error.
fn duplicate_ids<'a>(folder: &Path, names: impl Iterator<Item = &'a OsString>, report: &mut Report) {
    let mut seen: HashMap<&str, &OsStr> = HashMap::new();
    for name in names {
        let Some(id) = Path::new(name).file_stem().and_then(|s| s.to_str()) else { continue };
        if let Some(first) = seen.get(id) {
            report.push(
                Diagnostic::error(
                    &folder.join(name),
                    Pos::START,
                    format!("duplicate id `{id}`: {} has the same id", folder.join(first).display()),
                )
                .with_hint(
                    "the id is the file name without its extension; rename or remove one of the files",
                ),
            );
        } else {
            seen.insert(id, name);
        }
    }
}

/// Each link in `links` (sorted) that is still one, and each of the record files `changed` under
/// `dir` that has become one.
pub(super) fn links_after(dir: &Path, links: &[PathBuf], changed: &HashSet<PathBuf>) -> Vec<PathBuf> {
    let is_link = |path: &Path| path.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink());
    let mut now: BTreeSet<PathBuf> = links.iter().cloned().collect();
    for key in changed {
        let path = dir.join(key);
        if is_link(&path) {
            now.insert(path);
        } else {
            now.remove(&path);
        }
    }
    now.into_iter().collect()
}
