//! Rebuilds under `estate serve`: watching the content and the front end, and rebuilding so a
//! failed rebuild leaves the served site exactly as the last good one.
//!
//! The site is kept twice: the output folder and a spare copy (`.{out}-serve/next` beside it),
//! each with its own page cache. A rebuild writes into the copy that is not served; only when it
//! has succeeded (pages rendered and their links checked) are requests answered from it and
//! browsers told to reload. The other copy is then brought up to date too, so the output folder
//! holds the latest site and the next rebuild has an up-to-date spare to start from. Both are
//! incremental (the page cache), so a content edit renders only the pages it changed, twice.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Arc, RwLock};

use notify_debouncer_full::notify::event::ModifyKind;
use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{DebounceEventResult, Debouncer, RecommendedCache, new_debouncer};
use tokio::sync::broadcast;

use super::{DEBOUNCE, ServeError, announce};
use crate::pipeline::{self, BuildError, BuildOptions, Pages};

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

/// Where `estate serve` keeps the spare copy and the page caches for the output folder `out`:
/// beside it, so two servers of different folders never share them.
fn work_dir(out: &Path) -> PathBuf {
    let name = out.file_name().map_or_else(|| "site".into(), |n| n.to_string_lossy().into_owned());
    out.parent().unwrap_or(Path::new(".")).join(format!(".{name}-serve"))
}

/// The page cache of the output folder under `estate serve` (the first build uses it).
pub fn page_cache(out: &Path) -> PathBuf {
    work_dir(out).join("cache-0")
}

/// The two copies of the site and their page caches.
struct Copies {
    folders: [PathBuf; 2],
    caches: [PathBuf; 2],
}

impl Copies {
    fn new(out: &Path) -> Copies {
        let work = work_dir(out);
        Copies {
            folders: [out.to_path_buf(), work.join("next")],
            caches: [page_cache(out), work.join("cache-1")],
        }
    }

    /// Makes the spare copy the output folder's twin: the same files with the same times, and
    /// the page cache's record of them, so its first rebuild renders only what changed.
    fn prepare_spare(&self) -> std::io::Result<()> {
        let [out, spare] = &self.folders;
        if spare.exists() {
            std::fs::remove_dir_all(spare)?;
        }
        copy_keeping_times(out, spare)?;
        let [cache, spare_cache] = &self.caches;
        if spare_cache.exists() {
            std::fs::remove_dir_all(spare_cache)?;
        }
        std::fs::create_dir_all(spare_cache)?;
        match std::fs::copy(cache.join("manifest.json"), spare_cache.join("manifest.json")) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            other => other.map(drop),
        }
    }

    fn options(&self, which: usize, build: &BuildOptions, pages: &Pages) -> BuildOptions {
        let page_cache = build.page_cache.as_ref().map(|_| self.caches[which].clone());
        BuildOptions { pages: pages.clone(), out: self.folders[which].clone(), page_cache, ..build.clone() }
    }
}

/// Copies a folder with each file's modification time (the page cache recognises its pages by
/// size and time).
fn copy_keeping_times(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.map_err(std::io::Error::other)?;
        let target = to.join(entry.path().strip_prefix(from).map_err(std::io::Error::other)?);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &target)?;
            let modified = entry.metadata().map_err(std::io::Error::other)?.modified()?;
            std::fs::File::options().write(true).open(&target)?.set_modified(modified)?;
        }
    }
    Ok(())
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

pub fn start_watching(
    build: &BuildOptions,
    reload: broadcast::Sender<u64>,
    served: Served,
) -> Result<Watcher, ServeError> {
    let watched = Watched::new(build);
    let (tx, rx) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer = new_debouncer(DEBOUNCE, None, tx)
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
        .spawn(move || rebuild_loop(&rx, &watched, &build, &reload, &served))
        .map_err(ServeError::Runtime)?;
    Ok(debouncer)
}

/// Rebuilds after each batch of changes until the watcher is dropped. Changes that arrive
/// during a rebuild are gathered into the next one.
fn rebuild_loop(
    rx: &mpsc::Receiver<DebounceEventResult>,
    watched: &Watched,
    build: &BuildOptions,
    reload: &broadcast::Sender<u64>,
    served: &Served,
) {
    let copies = Copies::new(&build.out);
    // Which copy requests are answered from.
    let mut current = 0;
    if let Err(error) = copies.prepare_spare() {
        eprintln!("estate serve: cannot prepare {}: {error}", copies.folders[1].display());
        return;
    }
    announce("estate serve: watching for changes");
    let mut generation = 0;
    // After a failed site build the pages need the whole site stage again, whatever changed.
    let mut site_broken = false;
    while let Ok(first) = rx.recv() {
        let mut changed = Vec::new();
        for result in std::iter::once(first).chain(rx.try_iter()) {
            match result {
                Ok(events) => changed.extend(
                    events
                        .iter()
                        .flat_map(|e| e.paths.iter().filter_map(|path| watched.classify(&e.kind, path))),
                ),
                Err(errors) => {
                    for error in errors {
                        eprintln!("estate serve: watching: {error}");
                    }
                }
            }
        }
        let Some(pages) = pages_for(&build.pages, &changed, site_broken) else { continue };
        let what = if changed.contains(&Changed::Site) { "the site" } else { "the content" };
        let spare = 1 - current;
        let started = std::time::Instant::now();
        let clock = || chrono::Local::now().format("%H:%M:%S");
        match pipeline::build(&copies.options(spare, build, &pages)) {
            Ok((summary, warnings)) => {
                served.set(copies.folders[spare].clone());
                current = spare;
                site_broken = false;
                eprint!("{}", warnings.render());
                generation += 1;
                announce(&format!(
                    "estate serve: {} rebuilt after a change to {what} in {:.2} s: {}",
                    clock(),
                    started.elapsed().as_secs_f64(),
                    summary.line()
                ));
                // No receivers (no browser open) is fine.
                let _ = reload.send(generation);
                // The copy no longer served catches up, the same way.
                let other = &copies.folders[1 - current];
                match pipeline::build(&copies.options(1 - current, build, &pages)) {
                    Ok(_) => announce(&format!("estate serve: {} is up to date too", other.display())),
                    Err(error) => {
                        eprintln!("estate serve: cannot bring {} up to date: {error}", other.display())
                    }
                }
            }
            Err(error) => {
                if let BuildError::Content(report) = &error {
                    eprint!("{}", report.render());
                }
                site_broken |= matches!(error, BuildError::Site(_));
                eprintln!(
                    "estate serve: {} the rebuild after a change to {what} failed: {error}; still serving the last good build",
                    clock()
                );
            }
        }
    }
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
mod tests {
    use super::*;
    use notify_debouncer_full::notify;

    #[test]
    fn content_changes_prerender_and_site_changes_rebuild_the_site() {
        let site = PathBuf::from("site");
        let full = Pages::Build(site.clone());
        assert_eq!(pages_for(&full, &[], false), None);
        assert_eq!(pages_for(&full, &[Changed::Content], false), Some(Pages::Prerender(site.clone())));
        assert_eq!(pages_for(&full, &[Changed::Content, Changed::Site], false), Some(full.clone()));
        assert_eq!(pages_for(&full, &[Changed::Content], true), Some(full.clone()));
        assert_eq!(pages_for(&Pages::Skip, &[Changed::Content], false), Some(Pages::Skip));
    }

    #[test]
    fn events_are_told_apart_by_folder() {
        let watched = Watched {
            content: PathBuf::from("/r/content"),
            site: Some((PathBuf::from("/r/site/src"), PathBuf::from("/r/site/index.html"))),
            out: PathBuf::from("/r/dist"),
        };
        use notify::event::{AccessKind, CreateKind, DataChange, MetadataKind};
        let write = EventKind::Modify(ModifyKind::Data(DataChange::Any));
        let classify = |path: &str| watched.classify(&write, Path::new(path));
        assert_eq!(classify("/r/content/properties/a.yaml"), Some(Changed::Content));
        assert_eq!(classify("/r/content/properties/.a.yaml.swp"), None);
        assert_eq!(classify("/r/site/src/App.tsx"), Some(Changed::Site));
        assert_eq!(classify("/r/site/index.html"), Some(Changed::Site));
        assert_eq!(classify("/r/site/package.json"), None);
        assert_eq!(classify("/r/dist/index.html"), None);
        let file = Path::new("/r/content/media/a.jpg");
        assert_eq!(watched.classify(&EventKind::Create(CreateKind::File), file), Some(Changed::Content));
        // What the build's own reading and hard-linking of media causes.
        assert_eq!(watched.classify(&EventKind::Access(AccessKind::Any), file), None);
        assert_eq!(watched.classify(&EventKind::Modify(ModifyKind::Metadata(MetadataKind::Any)), file), None);
    }

    #[test]
    fn the_spare_copy_and_caches_sit_beside_the_output_folder() {
        let copies = Copies::new(Path::new("/r/dist"));
        assert_eq!(copies.folders, [PathBuf::from("/r/dist"), PathBuf::from("/r/.dist-serve/next")]);
        assert_eq!(
            copies.caches,
            [PathBuf::from("/r/.dist-serve/cache-0"), PathBuf::from("/r/.dist-serve/cache-1")]
        );
    }
}
