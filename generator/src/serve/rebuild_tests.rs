//! The watcher's reports, the copies of the site and what a rebuild prints.

use super::*;
use crate::content::yaml::Pos;
use notify_debouncer_full::notify;

#[test]
fn content_changes_prerender_and_site_changes_rebuild_the_site() {
    let site = PathBuf::from("site");
    let full = Pages::Build(site.clone());
    assert_eq!(pages_for(&full, &[], false), None);
    assert_eq!(pages_for(&full, &[Changed::Content], false), Some(Pages::Prerender(site.clone())));
    assert_eq!(pages_for(&full, &[Changed::Record], false), Some(Pages::Prerender(site.clone())));
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
    assert_eq!(classify("/r/content/properties/a.yaml"), Some(Changed::Record));
    assert_eq!(classify("/r/content/site.yaml"), Some(Changed::Content));
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
fn a_rebuild_prints_its_errors_and_only_the_warnings_not_printed_before() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name);
    let warning = |name: &str| Diagnostic::warning(&file(name), Pos::START, format!("{name} is odd"));
    let error = Diagnostic::error(&file("c.yaml"), Pos::START, "c.yaml is wrong");
    let mut shown = BTreeSet::new();
    let first = Report { diagnostics: vec![warning("a.yaml"), warning("b.yaml")] };
    let text = new_warnings(&first, &mut shown);
    assert!(text.contains("a.yaml is odd") && text.contains("b.yaml is odd"), "{text}");
    assert!(!text.contains("as before"), "{text}");
    let second = Report { diagnostics: vec![warning("a.yaml"), warning("b.yaml"), error.clone()] };
    let text = new_warnings(&second, &mut shown);
    assert!(!text.contains("is odd") && text.contains("c.yaml is wrong"), "{text}");
    assert!(text.ends_with("estate serve: 2 warnings as before, not shown again\n"), "{text}");
    // Errors are printed each time; a warning gone and back is new again.
    let third = Report { diagnostics: vec![warning("b.yaml"), error] };
    let text = new_warnings(&third, &mut shown);
    assert!(text.contains("c.yaml is wrong") && text.ends_with("1 warning as before, not shown again\n"));
    let text = new_warnings(&first, &mut shown);
    assert!(text.contains("a.yaml is odd") && !text.contains("b.yaml is odd"), "{text}");
}

#[test]
fn the_spare_copy_sits_beside_the_output_folder() {
    let copies = Copies::new(Path::new("/r/dist"));
    assert_eq!(copies.folders, [PathBuf::from("/r/dist"), PathBuf::from("/r/.dist-serve/next")]);
}

#[test]
fn a_copy_synced_by_the_paths_a_build_touched_has_the_same_files() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for (name, text) in [("data/x.json", "1"), ("property/p/index.html", "p"), ("blog/7/s/index.html", "s")] {
        std::fs::create_dir_all(a.join(name).parent().unwrap()).unwrap();
        std::fs::write(a.join(name), text).unwrap();
    }
    sync_tree(&a, &b).unwrap();
    std::fs::write(a.join("data/x.json"), "2").unwrap();
    std::fs::create_dir_all(a.join("data/new")).unwrap();
    std::fs::write(a.join("data/new/y.json"), "y").unwrap();
    std::fs::remove_dir_all(a.join("property/p")).unwrap();
    std::fs::remove_dir_all(a.join("blog/7")).unwrap();
    let touched = ["data/x.json", "data/new/y.json", "property/p", "blog/7/s"].map(PathBuf::from);
    assert_eq!(sync_paths(&a, &b, &touched).unwrap(), 4);
    assert_eq!(std::fs::read_to_string(b.join("data/x.json")).unwrap(), "2");
    assert_eq!(std::fs::read_to_string(b.join("data/new/y.json")).unwrap(), "y");
    assert!(!b.join("property/p").exists() && !b.join("blog/7").exists());
    assert_eq!(sync_tree(&a, &b).unwrap(), 0, "nothing left to copy");
}

#[test]
fn a_synced_copy_has_the_same_files_and_times() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    for (name, text) in [("index.html", "home"), ("data/x.json", "1"), ("data/y.json", "2")] {
        std::fs::create_dir_all(a.join(name).parent().unwrap()).unwrap();
        std::fs::write(a.join(name), text).unwrap();
    }
    assert_eq!(sync_tree(&a, &b).unwrap(), 3);
    assert_eq!(sync_tree(&a, &b).unwrap(), 0, "nothing differs");
    std::fs::write(a.join("data/x.json"), "3").unwrap();
    std::fs::remove_file(a.join("data/y.json")).unwrap();
    std::fs::create_dir_all(b.join("gone")).unwrap();
    std::fs::write(b.join("gone/page.html"), "old").unwrap();
    assert_eq!(sync_tree(&a, &b).unwrap(), 3, "x copied, y and gone/page.html removed");
    assert_eq!(std::fs::read_to_string(b.join("data/x.json")).unwrap(), "3");
    assert!(!b.join("data/y.json").exists() && !b.join("gone").exists());
    let time = |p: &Path| std::fs::metadata(p).unwrap().modified().unwrap();
    assert_eq!(time(&a.join("data/x.json")), time(&b.join("data/x.json")));
}

/// A content folder of the repository's sample listings, vocabularies and site.yaml.
fn sample_content(dir: &Path) {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    for folder in ["properties", "vocabulary", "team", "developers"] {
        std::fs::create_dir_all(dir.join(folder)).unwrap();
        for entry in std::fs::read_dir(sample.join(folder)).unwrap().flatten() {
            std::fs::copy(entry.path(), dir.join(folder).join(entry.file_name())).unwrap();
        }
    }
    std::fs::copy(sample.join("site.yaml"), dir.join("site.yaml")).unwrap();
}

/// The sample content in `tmp`: its folder and its listings' folder.
fn sample_in(tmp: &tempfile::TempDir) -> (PathBuf, PathBuf) {
    let dir = std::fs::canonicalize(tmp.path()).unwrap().join("content");
    sample_content(&dir);
    let properties = dir.join("properties");
    (dir, properties)
}

/// Each listing's id and title, and the problems, as a load found them.
fn listings(loaded: &(crate::content::Content, Report)) -> (Vec<(String, String)>, String) {
    let ids = loaded.0.properties.iter().map(|p| (p.id.clone(), p.data.title.clone())).collect();
    (ids, loaded.1.render())
}

fn retitle(path: &Path, title: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    let (before, after) = text.split_once("\ntitle: ").unwrap();
    let rest = after.split_once('\n').unwrap().1;
    std::fs::write(path, format!("{before}\ntitle: {title}\n{rest}")).unwrap();
}

#[test]
fn a_load_after_the_watchers_list_reads_what_it_names_and_everything_after_lost_events() {
    use crate::content::{LoadCache, load_with};
    let tmp = tempfile::tempdir().unwrap();
    let (dir, properties) = sample_in(&tmp);
    let mut names: Vec<PathBuf> =
        std::fs::read_dir(&properties).unwrap().flatten().map(|e| e.path()).collect();
    names.sort();
    let [edited, copied, deleted, renamed, unseen] = [0, 1, 2, 3, 4].map(|i| names[i].clone());
    let cache = LoadCache::default();
    load_with(&dir, Some(&cache));
    // Changed before the watcher started: its list never names it.
    retitle(&unseen, "Changed unseen");

    let watched = Watched { content: dir.clone(), site: None, out: tmp.path().join("dist") };
    let (tx, rx) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer = new_debouncer(DEBOUNCE, Some(DEBOUNCE_TICK), tx).unwrap();
    debouncer.watch(&dir, RecursiveMode::Recursive).unwrap();
    retitle(&edited, "Edited title");
    let added = properties.join("added-listing.yaml");
    std::fs::copy(&copied, &added).unwrap();
    std::fs::remove_file(&deleted).unwrap();
    let moved = properties.join("renamed-listing.yaml");
    std::fs::rename(&renamed, &moved).unwrap();
    // Every change reported, however the debouncer splits them into batches.
    let mut batch = Batch::default();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let expected = [&edited, &added, &deleted, &renamed, &moved];
    while !expected.iter().all(|path| batch.changed.iter().any(|(_, p)| p == *path)) {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        let result = rx.recv_timeout(left).expect("the watcher reports every change within 10 s");
        let more = gather(std::iter::once(result).chain(rx.try_iter()), &watched);
        batch.changed.extend(more.changed);
        batch.lost |= more.lost;
    }
    assert!(!batch.lost);
    assert!(batch.changed.iter().all(|(c, _)| *c == Changed::Record), "{:?}", batch.changed);
    let (changed, paths): (Vec<Changed>, Vec<PathBuf>) = batch.changed.into_iter().unzip();
    tell_load_cache(&cache, &changed, &paths, true);
    let (kept, report) = listings(&load_with(&dir, Some(&cache)));
    let title = |id: &Path| {
        let id = id.file_stem().unwrap().to_string_lossy();
        kept.iter().find(|(i, _)| *i == id).map(|(_, title)| title.clone())
    };
    assert_eq!(title(&edited).as_deref(), Some("Edited title"));
    assert_eq!(title(&added), title(&copied));
    assert!(title(&added).is_some());
    assert_eq!(title(&deleted), None);
    assert_eq!(title(&renamed), None);
    assert!(title(&moved).is_some());
    // The watcher's list is trusted: the file it did not name is as the last load read it...
    assert_ne!(title(&unseen).as_deref(), Some("Changed unseen"));
    let (whole, whole_report) = listings(&load_with(&dir, None));
    let ids = |list: &[(String, String)]| list.iter().map(|(id, _)| id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&kept), ids(&whole));
    assert!(report.contains("Edited title") && !report.contains("Changed unseen"));

    // ...until events are lost: then every file is read again.
    let lost = gather(std::iter::once(Err(vec![notify::Error::generic("queue overflow")])), &watched);
    assert!(lost.lost && lost.changed.iter().any(|(c, _)| *c == Changed::Content));
    let (changed, paths): (Vec<Changed>, Vec<PathBuf>) = lost.changed.into_iter().unzip();
    tell_load_cache(&cache, &changed, &paths, true);
    let again = listings(&load_with(&dir, Some(&cache)));
    assert!(again == (whole.clone(), whole_report), "a load after lost events reads every file");
    assert_eq!(
        whole.iter().find(|(i, _)| unseen.file_stem().unwrap() == i.as_str()).unwrap().1,
        "Changed unseen"
    );
    // The kernel's overflow is a rescan event, not an error.
    let rescan = notify::Event::new(EventKind::Other).set_flag(notify::event::Flag::Rescan);
    let event = notify_debouncer_full::DebouncedEvent::new(rescan, std::time::Instant::now());
    assert!(gather(std::iter::once(Ok(vec![event])), &watched).lost);
    drop(debouncer);
}

#[test]
fn a_batch_of_writes_heard_before_the_last_good_rebuild_started_needs_no_other() {
    use notify::event::{CreateKind, DataChange};
    let watched = Watched { content: PathBuf::from("/r/content"), site: None, out: PathBuf::from("/r/dist") };
    let at = std::time::Instant::now();
    let event = |kind: EventKind, path: &str, time: std::time::Instant| {
        notify_debouncer_full::DebouncedEvent::new(
            notify::Event::new(kind).add_path(PathBuf::from(path)),
            time,
        )
    };
    let write = EventKind::Modify(ModifyKind::Data(DataChange::Any));
    let batch =
        |events: Vec<notify_debouncer_full::DebouncedEvent>| gather(std::iter::once(Ok(events)), &watched);
    let later = at + std::time::Duration::from_millis(5);
    // The last good rebuild: when it started, told of a.yaml (and c.yaml).
    let told: BTreeSet<PathBuf> =
        ["/r/content/properties/a.yaml", "/r/content/properties/c.yaml"].map(PathBuf::from).into();
    let started = |started| LastGood { started, told: BTreeSet::clone(&told) };
    // The rest of a save the last rebuild, started after it, read.
    let written = batch(vec![event(write, "/r/content/properties/a.yaml", at)]);
    assert!(written.read_by(Some(&started(later))));
    // Written after it started, or no rebuild succeeded since: rebuilt.
    assert!(!written.read_by(Some(&started(at))));
    assert!(!written.read_by(None));
    let more = batch(vec![
        event(write, "/r/content/properties/a.yaml", at),
        event(write, "/r/content/properties/b.yaml", later),
    ]);
    assert!(!more.read_by(Some(&started(later))));
    // Another file, written before that rebuild started but not among those it was told of:
    // the rebuild did not read it again, so this batch is rebuilt.
    let other = batch(vec![event(write, "/r/content/properties/b.yaml", at)]);
    assert!(!other.read_by(Some(&started(later))));
    // A file created: the watcher leaves out the writes that follow while it waits, whenever
    // they came.
    let created = batch(vec![event(EventKind::Create(CreateKind::File), "/r/content/properties/c.yaml", at)]);
    assert!(!created.read_by(Some(&started(later))));
    // Nothing a build reads, and lost events.
    let unread = batch(vec![event(write, "/r/dist/index.html", at)]);
    assert!(!unread.read_by(Some(&started(later))));
    let lost = gather(std::iter::once(Err(vec![notify::Error::generic("queue overflow")])), &watched);
    assert!(!lost.read_by(Some(&started(later))));
}

#[test]
fn a_record_file_written_in_place_is_built_once_written_and_one_left_empty_after_a_moment() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, properties) = sample_in(&tmp);
    let sample = std::fs::read_dir(&properties).unwrap().flatten().next().unwrap().path();
    let text = std::fs::read(&sample).unwrap();
    let watched = Watched { content: dir.clone(), site: None, out: tmp.path().join("dist") };
    let (tx, rx) = mpsc::channel::<DebounceEventResult>();
    let mut debouncer = new_debouncer(DEBOUNCE, Some(DEBOUNCE_TICK), tx).unwrap();
    debouncer.watch(&dir, RecursiveMode::Recursive).unwrap();
    let first_batch = |path: &Path| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let result = rx.recv_timeout(left).expect("the watcher reports the new file within 10 s");
            let batch = gather(std::iter::once(result).chain(rx.try_iter()), &watched);
            if batch.changed.iter().any(|(_, p)| p == path) {
                return batch;
            }
        }
    };

    // Emptied (created), then written a moment later, as a write in place does on a slow machine.
    let written = properties.join("written-in-place.yaml");
    std::fs::File::create(&written).unwrap();
    let writer = {
        let (written, text) = (written.clone(), text.clone());
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(60));
            std::fs::write(&written, text).unwrap();
        })
    };
    let mut batch = first_batch(&written);
    assert!(settle(&mut batch, &rx, &watched));
    assert_eq!(std::fs::read(&written).unwrap(), text, "the rebuild reads the file whole");
    writer.join().unwrap();

    // Left empty: built (and reported as empty) once the moment has passed.
    let empty = properties.join("left-empty.yaml");
    std::fs::File::create(&empty).unwrap();
    let mut batch = first_batch(&empty);
    let started = std::time::Instant::now();
    assert!(settle(&mut batch, &rx, &watched));
    assert!(started.elapsed() >= EMPTY_SETTLE.saturating_sub(std::time::Duration::from_millis(20)));
    assert!(is_empty_file(&empty) && batch.changed.iter().any(|(_, p)| *p == empty));
    drop(debouncer);
    // The watcher gone: the rebuilds end.
    let mut batch = Batch { changed: vec![(Changed::Record, empty)], ..Batch::default() };
    assert!(!settle(&mut batch, &rx, &watched));
}
