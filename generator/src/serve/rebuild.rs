//! Rebuilds under `estate serve`: watching the content and the front end, and rebuilding so a
//! failed rebuild leaves the served site exactly as the last good one.
//!
//! The site is kept twice: the output folder and a spare copy (`.{out}-serve/next` beside it).
//! A rebuild writes into the copy that is not served; only when it has succeeded (pages
//! rendered and their links checked) are requests answered from it and browsers told to reload.
//! The other copy then catches up by copying the files that differ ([`sync_tree`]), so the
//! output folder holds the latest site and the next rebuild has an up-to-date spare to start
//! from. Rebuilds are incremental: the content stage rewrites only the data files that changed,
//! and the prerender, kept running with its workers warm ([`crate::pipeline::site::Warm`]),
//! renders only the pages that read them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, RwLock};

use notify_debouncer_full::notify::event::ModifyKind;
use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};
use tokio::sync::broadcast;

use super::{DEBOUNCE, DEBOUNCE_TICK, ServeError, announce};
use crate::content::diag::{Diagnostic, Report, Severity};
use crate::pipeline::standing::{Cost, Standing};
use crate::pipeline::status::{FILE as STATUS, Status};
use crate::pipeline::{self, BuildError, BuildOptions, Incremental, Pages};
use crate::stdio::err;

/// A rebuild that starts within this of the last one's end is of the same save (the watcher saw
/// its files in two rounds): its outcome says what the two cost together.
const BURST: std::time::Duration = std::time::Duration::from_secs(1);

/// The folder requests are answered from: the output folder or its spare copy.
#[derive(Clone, Debug)]
pub struct Served(Arc<RwLock<PathBuf>>);

impl Served {
    pub fn new(out: PathBuf) -> Served {
        Served(Arc::new(RwLock::new(out)))
    }

    pub fn folder(&self) -> PathBuf {
        self.0.read().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    fn set(&self, folder: PathBuf) {
        *self.0.write().unwrap_or_else(std::sync::PoisonError::into_inner) = folder;
    }
}

/// Where `estate serve` keeps the spare copy of the output folder `out`: beside it, so two
/// servers of different folders never share one.
fn work_dir(out: &Path) -> PathBuf {
    let name = out.file_name().map_or_else(|| "site".into(), |n| n.to_string_lossy().into_owned());
    out.parent().unwrap_or(Path::new(".")).join(format!(".{name}-serve"))
}

/// The two copies of the site.
struct Copies {
    folders: [PathBuf; 2],
}

impl Copies {
    fn new(out: &Path) -> Copies {
        Copies { folders: [out.to_path_buf(), work_dir(out).join("next")] }
    }

    /// Brings copy `to` up to date with copy `from` (see [`catch_up`]).
    fn sync(&self, from: usize, to: usize, touched: Option<&[PathBuf]>) -> std::io::Result<usize> {
        catch_up(&self.folders[from], &self.folders[to], touched)
    }

    /// Shows the editors `status` (the outcome of the last rebuild) in the served copy
    /// `current`, and the same file in the other, so the copies stay alike.
    fn status(&self, current: usize, status: &Status) {
        let written = pipeline::status::write_if_cms(status, &self.folders[current]).and_then(|()| {
            let (from, to) = (self.folders[current].join(STATUS), self.folders[1 - current].join(STATUS));
            match std::fs::metadata(&from) {
                Ok(meta) if to.parent().is_some_and(Path::is_dir) => copy_file(&from, &to, meta.modified()?),
                _ => Ok(()),
            }
        });
        if let Err(error) = written {
            err(&format!("estate serve: cannot write the editor's status: {error}\n"));
        }
    }

    /// The options of a build into copy `which`; `last_build`: it holds the last good build.
    fn options(&self, which: usize, build: &BuildOptions, pages: &Pages, last_build: bool) -> BuildOptions {
        let incremental =
            build.incremental.clone().map(|i| Incremental { out_is_last_build: last_build, ..i });
        BuildOptions { pages: pages.clone(), out: self.folders[which].clone(), incremental, ..build.clone() }
    }
}

/// Brings the copy `to` of the site up to date with `from`, as `estate serve` does after each
/// rebuild: the files `touched` (relative paths: what the build reported, the whole difference),
/// or every file that differs when that is not known. Returns how many files it copied or removed.
pub fn catch_up(from: &Path, to: &Path, touched: Option<&[PathBuf]>) -> std::io::Result<usize> {
    match touched {
        Some(paths) => sync_paths(from, to, paths),
        None => sync_tree(from, to),
    }
}

/// With ESTATE_SERVE_CHECK_SYNC set (the tests set it): after a sync by the files a rebuild
/// reported, compares the copies whole and reports what it missed.
fn check_sync(from: &Path, to: &Path, by_paths: bool) {
    if !by_paths || std::env::var_os("ESTATE_SERVE_CHECK_SYNC").is_none() {
        return;
    }
    match sync_tree(from, to) {
        Ok(0) => {}
        Ok(missed) => {
            err(&format!("estate serve: BUG: the rebuild did not report {missed} files it changed\n"))
        }
        Err(error) => err(&format!("estate serve: cannot compare the copies: {error}\n")),
    }
}

/// Copies each of `paths` (relative) from `from` to `to` with its time, or removes it from `to`
/// when `from` has none (a file, or a removed page's folder). Returns how many.
fn sync_paths(from: &Path, to: &Path, paths: &[PathBuf]) -> std::io::Result<usize> {
    for path in paths {
        let (source, target) = (from.join(path), to.join(path));
        match std::fs::metadata(&source) {
            Ok(meta) if meta.is_file() => {
                if let Some(dir) = target.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                copy_file(&source, &target, meta.modified()?)?;
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let removed = match std::fs::symlink_metadata(&target) {
                    Ok(meta) if meta.is_dir() => std::fs::remove_dir_all(&target),
                    Ok(_) => std::fs::remove_file(&target),
                    Err(_) => Ok(()),
                };
                removed?;
                // A post's folder left without pages goes too, as in the other copy.
                if let Some(parent) = target.parent() {
                    let _ = std::fs::remove_dir(parent);
                }
            }
            Err(e) => return Err(e),
        }
    }
    Ok(paths.len())
}

/// A new file at `target` with the bytes and time of `source`; never the old file rewritten: it
/// may be a hard link shared with the other copy's media.
fn copy_file(source: &Path, target: &Path, modified: std::time::SystemTime) -> std::io::Result<()> {
    let _ = std::fs::remove_file(target);
    std::fs::copy(source, target)?;
    std::fs::File::options().write(true).open(target)?.set_modified(modified)
}

/// Makes `to` a copy of `from`: files that differ in size or modification time are copied (with
/// their time: the page cache recognises pages by size and time), files `from` lacks are
/// removed. Returns how many files it copied or removed.
fn sync_tree(from: &Path, to: &Path) -> std::io::Result<usize> {
    let mut touched = 0;
    let mut present = std::collections::HashSet::new();
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.map_err(std::io::Error::other)?;
        let relative = entry.path().strip_prefix(from).map_err(std::io::Error::other)?;
        let target = to.join(relative);
        present.insert(relative.to_path_buf());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
        } else if entry.file_type().is_file() {
            let source = entry.metadata().map_err(std::io::Error::other)?;
            let modified = source.modified()?;
            let same = std::fs::symlink_metadata(&target)
                .is_ok_and(|m| m.is_file() && m.len() == source.len() && m.modified().ok() == Some(modified));
            if !same {
                copy_file(entry.path(), &target, modified)?;
                touched += 1;
            }
        }
    }
    for entry in walkdir::WalkDir::new(to).contents_first(true) {
        let entry = entry.map_err(std::io::Error::other)?;
        let relative = entry.path().strip_prefix(to).map_err(std::io::Error::other)?;
        if present.contains(relative) {
            continue;
        }
        if entry.file_type().is_dir() {
            std::fs::remove_dir(entry.path())?;
        } else {
            std::fs::remove_file(entry.path())?;
            touched += 1;
        }
    }
    Ok(touched)
}

/// The folders a rebuild depends on, as absolute paths, so events can be told apart.
struct Watched {
    content: PathBuf,
    /// The front end's `src/` and `index.html`, when pages are built.
    site: Option<(PathBuf, PathBuf)>,
    /// Never a reason to rebuild, even when inside a watched folder.
    out: PathBuf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Changed {
    /// A listing, post, developer, team member or page file.
    Record,
    /// Anything else under the content folder (media, vocabulary, site.yaml ...).
    Content,
    Site,
}

impl Watched {
    fn new(build: &BuildOptions) -> Watched {
        let absolute = |path: &Path| {
            std::fs::canonicalize(path).or_else(|_| std::path::absolute(path)).unwrap_or_else(|_| path.into())
        };
        let site = match &build.pages {
            Pages::Skip => None,
            Pages::Build(dir) | Pages::Prerender(dir) => {
                let dir = absolute(dir);
                Some((dir.join("src"), dir.join("index.html")))
            }
        };
        Watched { content: absolute(&build.content), site, out: absolute(&build.out) }
    }

    /// What the event changed, if it changed a file a build reads. Opening, reading and
    /// linking a file (the build itself does all three) change nothing.
    fn classify(&self, kind: &EventKind, path: &Path) -> Option<Changed> {
        if matches!(kind, EventKind::Access(_) | EventKind::Modify(ModifyKind::Metadata(_))) {
            return None;
        }
        let name = path.file_name()?.to_string_lossy();
        // Editors' swap, backup and lock files.
        if name.starts_with('.') || name.ends_with('~') || path.starts_with(&self.out) {
            return None;
        }
        if crate::content::is_record_file(&self.content, path) {
            return Some(Changed::Record);
        }
        if path.starts_with(&self.content) {
            return Some(Changed::Content);
        }
        match &self.site {
            Some((src, index)) if path.starts_with(src) || path == index => Some(Changed::Site),
            _ => None,
        }
    }
}

pub type Watcher = Debouncer<RecommendedWatcher, RecommendedCache>;

/// Watches and rebuilds; `reload` hears of each good rebuild, `synced` once the output folder
/// itself holds it (the lead function's catalogue is read there: the saved searches' digest).
pub fn start_watching(
    build: &BuildOptions,
    reload: broadcast::Sender<u64>,
    synced: broadcast::Sender<u64>,
    served: Served,
) -> Result<Watcher, ServeError> {
    let watched = Watched::new(build);
    let (tx, rx) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer = new_debouncer(DEBOUNCE, Some(DEBOUNCE_TICK), tx)
        .map_err(|source| ServeError::Watch { path: watched.content.clone(), source })?;
    let mut targets = vec![(watched.content.clone(), RecursiveMode::Recursive)];
    if let Some((src, index)) = &watched.site {
        targets.push((src.clone(), RecursiveMode::Recursive));
        // The folder, not the file: editors replace files, which would end a watch on the file.
        if let Some(site) = index.parent() {
            targets.push((site.to_path_buf(), RecursiveMode::NonRecursive));
        }
    }
    for (path, mode) in targets {
        debouncer.watch(&path, mode).map_err(|source| ServeError::Watch { path, source })?;
    }
    let build = build.clone();
    std::thread::Builder::new()
        .name("estate-rebuild".into())
        .spawn(move || rebuild_loop(&rx, &watched, &build, (&reload, &synced), &served))
        .map_err(ServeError::Runtime)?;
    Ok(debouncer)
}

/// What one batch of the watcher's reports changed: each path a build reads, with what it is.
#[derive(Debug, Default)]
struct Batch {
    changed: Vec<(Changed, PathBuf)>,
    /// Events were lost (the watcher failed, or the kernel's queue overflowed): anything may
    /// have changed, and `changed` says so (the content and the front end).
    lost: bool,
    /// When every change is to files' bytes (no file created, removed or renamed), the time the
    /// watcher heard of the last: a rebuild that started later read them as they are now.
    data_only_until: Option<std::time::Instant>,
}

/// The last rebuild that succeeded: when it started, and the files it was told had changed
/// (those it read again: the content load trusts that list for the record files).
struct LastGood {
    started: std::time::Instant,
    told: BTreeSet<PathBuf>,
}

impl Batch {
    /// Whether the last good rebuild read every change of this batch: a save whose events
    /// straddled two looks of the watcher (the file emptied, then written) leaves the later ones
    /// for a second batch, which started a rebuild that changed nothing (one edit in ten, measured
    /// at 10,000 listings). So: every file of the batch one that rebuild was told of, and heard of
    /// before it started. The time of an event is when the watcher heard of it, after the write;
    /// a later write to a file is an event of its own (the watcher drops none after a change to a
    /// file's bytes, only after its creation, and those batches are not judged here). A file the
    /// rebuild was not told of was not read again, whenever it was written.
    fn read_by(&self, last: Option<&LastGood>) -> bool {
        let Some((heard, last)) = self.data_only_until.zip(last) else { return false };
        !self.lost && heard < last.started && self.changed.iter().all(|(_, path)| last.told.contains(path))
    }
}

/// Reads one batch of the watcher's reports.
fn gather(results: impl Iterator<Item = DebounceEventResult>, watched: &Watched) -> Batch {
    let mut batch = Batch::default();
    let mut data_only = true;
    for result in results {
        match result {
            Ok(events) => {
                batch.lost |= events.iter().any(|e| e.need_rescan());
                for e in &events {
                    let before = batch.changed.len();
                    batch.changed.extend(
                        e.paths
                            .iter()
                            .filter_map(|path| Some((watched.classify(&e.kind, path)?, path.clone()))),
                    );
                    if batch.changed.len() > before {
                        data_only &= matches!(
                            e.kind,
                            EventKind::Modify(ModifyKind::Data(_) | ModifyKind::Any | ModifyKind::Other)
                        );
                        batch.data_only_until = batch.data_only_until.max(Some(e.time));
                    }
                }
            }
            Err(errors) => {
                for error in errors {
                    err(&format!("estate serve: watching: {error}\n"));
                }
                batch.lost = true;
            }
        }
    }
    if !data_only {
        batch.data_only_until = None;
    }
    if batch.lost {
        batch.changed.push((Changed::Content, watched.content.clone()));
        if let Some((src, _)) = &watched.site {
            batch.changed.push((Changed::Site, src.clone()));
        }
    }
    batch
}

/// How long a rebuild waits for a record file it finds empty to be written. A file written in
/// place is emptied first and written a moment later (Node's `writeFile`, editors that save in
/// place, a checkout); a rebuild that read it between the two showed the editor "The file has no
/// fields" for a save that was fine (seen on a loaded machine, where the moment grew past the
/// watcher's 10 ms). A file left empty is built, and reported, once this has passed.
const EMPTY_SETTLE: std::time::Duration = std::time::Duration::from_millis(300);

/// Whether `path` is a file with nothing in it (not one that is missing: a deleted file is a change
/// of its own).
fn is_empty_file(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|meta| meta.is_file() && meta.len() == 0)
}

/// Adds to `batch` the watcher's next reports while one of its record files is empty, for up to
/// [`EMPTY_SETTLE`]: the write that fills it comes as a report of its own. False when the
/// watcher has stopped.
fn settle(batch: &mut Batch, rx: &mpsc::Receiver<DebounceEventResult>, watched: &Watched) -> bool {
    let deadline = std::time::Instant::now() + EMPTY_SETTLE;
    while batch.changed.iter().any(|(c, path)| *c == Changed::Record && is_empty_file(path)) {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(first) => {
                let more = gather(std::iter::once(first).chain(rx.try_iter()), watched);
                batch.changed.extend(more.changed);
                batch.lost |= more.lost;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => break,
            Err(mpsc::RecvTimeoutError::Disconnected) => return false,
        }
    }
    true
}

/// Tells the load cache what changed: a change to anything but a record file makes the next
/// load read every file (the records' own checks look at media, the vocabularies and the rest);
/// record files alone are all it looks at again when the watcher's list is `complete` (it saw
/// every change since the last load), else every file's size and time are compared too.
fn tell_load_cache(
    loaded: &crate::content::LoadCache,
    changed: &[Changed],
    paths: &[PathBuf],
    complete: bool,
) {
    if changed.iter().any(|c| *c != Changed::Record) {
        loaded.clear();
    } else if complete {
        loaded.only_changed(paths);
    } else {
        // Also read again when written twice within the file system's clock tick.
        loaded.forget(paths);
    }
}

/// Rebuilds after each batch of changes until the watcher is dropped. Changes that arrive
/// during a rebuild are gathered into the next one.
fn rebuild_loop(
    rx: &mpsc::Receiver<DebounceEventResult>,
    watched: &Watched,
    build: &BuildOptions,
    (reload, published): (&broadcast::Sender<u64>, &broadcast::Sender<u64>),
    served: &Served,
) {
    let copies = Copies::new(&build.out);
    // Which copy requests are answered from.
    let mut current = 0;
    if let Err(error) = copies.sync(0, 1, None) {
        err(&format!("estate serve: cannot prepare {}: {error}\n", copies.folders[1].display()));
        return;
    }
    announce("estate serve: watching for changes");
    let mut generation = 0;
    // After a failed site build the pages need the whole site stage again, whatever changed.
    let mut site_broken = false;
    // Whether the spare copy holds the last good build (not so after a failed rebuild into it).
    let mut spare_is_last_build = true;
    // The warnings the last rebuild printed (see `new_warnings`).
    let mut shown = BTreeSet::new();
    // The first rebuild looks at every file: the first build read the content before the
    // watcher started.
    let mut watched_since_load = false;
    let mut last_good: Option<LastGood> = None;
    // The site as it stood before the latest burst of rebuilds, and when the last of them ended.
    let mut burst: Option<(Option<Standing>, std::time::Instant)> = None;
    while let Ok(first) = rx.recv() {
        let mut batch = gather(std::iter::once(first).chain(rx.try_iter()), watched);
        if batch.read_by(last_good.as_ref()) {
            continue;
        }
        if !settle(&mut batch, rx, watched) {
            return;
        }
        let Batch { changed, lost, .. } = batch;
        let records: Vec<PathBuf> =
            changed.iter().filter(|(c, _)| *c == Changed::Record).map(|(_, p)| p.clone()).collect();
        let (changed, paths): (Vec<Changed>, Vec<PathBuf>) = changed.into_iter().unzip();
        let Some(pages) = pages_for(&build.pages, &changed, site_broken) else { continue };
        if let Some(incremental) = &build.incremental {
            tell_load_cache(&incremental.loaded, &changed, &paths, watched_since_load && !lost);
            watched_since_load = true;
        }
        let what = if changed.contains(&Changed::Site) { "the site" } else { "the content" };
        let spare = 1 - current;
        let started = std::time::Instant::now();
        let began = chrono::Utc::now();
        let clock = || chrono::Local::now().format("%H:%M:%S");
        last_good = None;
        match pipeline::build(&copies.options(spare, build, &pages, spare_is_last_build)) {
            Ok((summary, warnings)) => {
                last_good = Some(LastGood { started, told: paths.iter().cloned().collect() });
                served.set(copies.folders[spare].clone());
                current = spare;
                site_broken = false;
                err(&new_warnings(&warnings, &mut shown));
                err(&crate::check::per_record::describe(&summary.held));
                generation += 1;
                // No receivers (no browser open) is fine.
                let _ = reload.send(generation);
                announce(&format!(
                    "estate serve: {} rebuilt after a change to {what} in {:.2} s: {}",
                    clock(),
                    started.elapsed().as_secs_f64(),
                    summary.line()
                ));
                if std::env::var_os("ESTATE_TIMINGS").is_some() {
                    let mut stages = summary.stages();
                    stages["build"] = started.elapsed().as_secs_f64().into();
                    announce(&format!("estate timings: rebuild {stages}"));
                }
                // The copy no longer served catches up.
                let other = &copies.folders[1 - current];
                let synced = std::time::Instant::now();
                match copies.sync(current, 1 - current, summary.touched.as_deref()) {
                    Ok(files) => {
                        check_sync(&copies.folders[current], other, summary.touched.is_some());
                        spare_is_last_build = true;
                        let _ = published.send(generation);
                        announce(&format!(
                            "estate serve: {} is up to date too ({files} files in {:.2} s)",
                            other.display(),
                            synced.elapsed().as_secs_f64()
                        ));
                    }
                    Err(error) => {
                        spare_is_last_build = false;
                        err(&format!("estate serve: cannot bring {} up to date: {error}\n", other.display()));
                    }
                }
                // One save the watcher saw in two rounds (the CMS writes the listings, then
                // deletes the team member): a rebuild that follows the last one at once is told
                // what the changes cost since the site stood before the first.
                let mut cost = summary.cost;
                if let Some((before, now)) = summary.standings {
                    let before = match burst.take() {
                        Some((base, ended)) if started.duration_since(ended) < BURST => base,
                        _ => before,
                    };
                    cost = Cost::between(before.as_ref(), &now);
                    burst = Some((before, std::time::Instant::now()));
                }
                let outcome = Status::published(&build.content, &warnings, &records, false)
                    .with_held(&build.content, &summary.held, false)
                    .with_cost(&cost);
                copies.status(current, &outcome.of_content_at(began));
            }
            Err(error) => {
                // A content error stops the build before it writes anything.
                spare_is_last_build &= matches!(error, BuildError::Content(_));
                if let BuildError::Content(report) = &error {
                    err(&new_warnings(report, &mut shown));
                }
                // A page that cannot be rendered is the content's doing; the front end is fine.
                site_broken |= matches!(&error, BuildError::Site(e) if !matches!(e, pipeline::site::SiteError::Prerender(_)));
                err(&format!(
                    "estate serve: {} the rebuild after a change to {what} failed: {error}; still serving the last good build\n",
                    clock()
                ));
                let outcome = match &error {
                    BuildError::Content(report) => Status::refused(&build.content, report),
                    BuildError::BrokenLinks(broken) => Status::broken_links(&build.content, broken),
                    _ => Status::failed(),
                };
                copies.status(current, &outcome.of_content_at(began));
            }
        }
    }
}

/// A rebuild's problems as the terminal shows them: its errors, and its warnings that the last
/// rebuild did not print (every rebuild reports each warning of the content again: a thousand
/// of them buried a new one, and printing them took longer than an edit's rebuild), then how
/// many were left out. `shown` becomes this report's warnings.
fn new_warnings(report: &Report, shown: &mut BTreeSet<Diagnostic>) -> String {
    let (new, repeated): (Vec<&Diagnostic>, Vec<&Diagnostic>) =
        report.diagnostics.iter().partition(|d| d.severity == Severity::Error || !shown.contains(*d));
    *shown = report.diagnostics.iter().filter(|d| d.severity == Severity::Warning).cloned().collect();
    let mut text = Report { diagnostics: new.into_iter().cloned().collect() }.render();
    match repeated.len() {
        0 => {}
        1 => text.push_str("estate serve: 1 warning as before, not shown again\n"),
        n => text.push_str(&format!("estate serve: {n} warnings as before, not shown again\n")),
    }
    text
}

/// What a rebuild does with the pages for these changes; None when nothing relevant changed.
fn pages_for(base: &Pages, changed: &[Changed], site_broken: bool) -> Option<Pages> {
    if changed.is_empty() {
        return None;
    }
    Some(match base {
        Pages::Skip => Pages::Skip,
        Pages::Build(dir) | Pages::Prerender(dir) => {
            if site_broken || changed.contains(&Changed::Site) {
                Pages::Build(dir.clone())
            } else {
                Pages::Prerender(dir.clone())
            }
        }
    })
}

#[cfg(test)]
#[path = "rebuild_tests.rs"]
mod tests;
