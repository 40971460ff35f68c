//! What `estate serve` keeps of the content stage between rebuilds ([`DataIndex`]), so that an
//! edit of one listing serialises and writes the few files it changes, not the 20,000 of a
//! 10,000-listing site.
//!
//! Two kinds of knowledge, with different warrants:
//! - made from a record: each listing's and post's API record and JSON, kept with the record
//!   (an `Arc` shared with the load cache, [`crate::content::LoadCache`]) they were made from.
//!   The same allocation means the file was not read again, so the same record: the memo holds
//!   whatever the output folder holds. Anything else that could change them (media, site.yaml,
//!   the vocabulary) clears the load cache, and every record is then a new allocation.
//! - of the output: each file's fingerprint, the inputs of each detail file, the set of files.
//!   These describe the last good build, so they are used only when the output folder holds it
//!   (`trusted`); otherwise every file is compared with the disk.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use super::bytes::{FileBytes, Fingerprint, Job};
use super::made::Made;
use crate::content::Record;
use crate::content::model::{DeveloperFile, MemberFile, PostFile, PropertyFile};

/// See the module's documentation.
#[derive(Clone, Default)]
pub struct DataIndex(Arc<Mutex<Known>>);

impl std::fmt::Debug for DataIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DataIndex")
    }
}

impl DataIndex {
    /// What it knows, taken out while a build writes: a build that fails leaves it empty,
    /// trusted by nobody; [`DataIndex::put`] gives it back.
    pub(super) fn take(&self) -> Known {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }

    pub(super) fn put(&self, known: Known) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = known;
    }
}

#[derive(Default)]
pub(super) struct Known {
    pub(super) properties: HashMap<String, Made<PropertyFile, contract::ApiProperty>>,
    pub(super) posts: HashMap<String, Made<PostFile, contract::ApiBlog>>,
    /// The published listings and their similar listings, which the detail files were made from.
    pub(super) similar: super::similar_memo::Similar,
    /// The permit links and their QR codes' files, with the listings they were read from.
    pub(super) permits: Permits,
    /// What the pages of the listings no longer published were made from.
    pub(super) gone: super::similar_memo::Gone,
    /// Each JSON array file of kept parts (the API's lists of records, the listing pages' cards)
    /// by its path, with the parts it was made of, in order (held, so that the same allocation
    /// is the same part: see [`super::made::same_arcs`]).
    pub(super) arrays: Arrays,
    /// The team and developers the detail files were made with.
    pub(super) people: People,
    /// The market figures they were made with (`content/market/`).
    pub(super) market: Arc<super::market::Market>,
    /// The reading of the tree outside the record folders `market` was read with
    /// ([`crate::content::Content::tree`]; 0: none).
    pub(super) tree: u64,
    /// The guides', agents' and developers' files.
    pub(super) groups: super::groups::Groups,
    /// The listing pages' summaries.
    pub(super) summaries: super::listings::Summaries,
    /// Each listing's part of the search function's index.
    pub(super) search: super::search_index::Memo,
    /// Each file written by [`write_changed`] (relative to the output folder) and what it holds.
    pub(super) files: HashMap<PathBuf, Holds>,
    /// Every file of `api/` and `data/` the build wanted (relative to the output folder), when
    /// known.
    pub(super) wanted: Option<HashSet<PathBuf>>,
    /// The files the build made that are not a record's own (relative to the output folder).
    pub(super) others: Vec<PathBuf>,
}

/// The permit links of the published listings `of`, each once, and the QR code file of each
/// (`qr::permit_links`, `qr::qr_path`).
#[derive(Default)]
pub(super) struct Permits {
    pub(super) of: Vec<Arc<contract::ApiProperty>>,
    pub(super) links: Arc<Vec<String>>,
    pub(super) codes: Arc<Vec<PathBuf>>,
}

impl Permits {
    /// Whether `properties` have the permit links of [`Permits::of`], in the same order.
    pub(super) fn same(&self, properties: &[Arc<contract::ApiProperty>]) -> bool {
        self.of.len() == properties.len()
            && self.of.iter().zip(properties).all(|(a, b)| Arc::ptr_eq(a, b) || a.permit_url == b.permit_url)
    }

    /// The permit links and codes of `properties` when they are those of [`Permits::of`] with
    /// a few listings taken out (a listing sold), the others in the same order with the same
    /// permit links, and no other listing has a link of those taken out: the last build's
    /// without theirs. None otherwise (they are made again).
    pub(super) fn taken_out(
        &self,
        properties: &[Arc<contract::ApiProperty>],
    ) -> Option<(Vec<String>, Vec<PathBuf>)> {
        const FEW: usize = 16;
        let mut gone: Vec<&str> = Vec::new();
        let mut rest = self.of.iter();
        for p in properties {
            loop {
                let was = rest.next()?;
                if Arc::ptr_eq(was, p) || (was.id == p.id && was.permit_url == p.permit_url) {
                    break;
                }
                gone.extend(was.permit_url.as_deref());
                if gone.len() > FEW {
                    return None;
                }
            }
        }
        gone.extend(rest.filter_map(|was| was.permit_url.as_deref()));
        if gone.len() > FEW
            || properties.iter().any(|p| p.permit_url.as_deref().is_some_and(|url| gone.contains(&url)))
        {
            return None;
        }
        let kept = |link: &String| !gone.contains(&link.as_str());
        let codes = self
            .links
            .iter()
            .zip(self.codes.iter())
            .filter(|(link, _)| kept(link))
            .map(|(_, code)| code.clone());
        Some((self.links.iter().filter(|link| kept(link)).cloned().collect(), codes.collect()))
    }
}

/// JSON array files by path, each with its parts in order.
pub(super) type Arrays = HashMap<String, Arc<FileBytes>>;

/// What a data file the last build wrote holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Holds {
    /// The bytes of this fingerprint.
    Print(Fingerprint),
    /// The JSON array [`Known::arrays`] keeps for its path: told apart from the next build's by
    /// its parts, never hashed (a listing sold changes the API's 35 MB list of listings, whose
    /// hash cost an edit some 10 ms).
    Array,
}

pub(super) type People = (Vec<Arc<Record<MemberFile>>>, Vec<Arc<Record<DeveloperFile>>>);

/// What `estate serve` keeps of the files written by name beside the data files (the sitemap,
/// robots.txt, the feeds, the portal feed): each one's fingerprint as the last good build wrote
/// it, so that an output folder holding that build is not read back to compare them (the
/// sitemap of 10,000 listings is 16 MB, the portal feed more).
#[derive(Clone, Default)]
pub struct NamedPrints(Arc<Mutex<HashMap<String, Fingerprint>>>);

impl std::fmt::Debug for NamedPrints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NamedPrints")
    }
}

impl NamedPrints {
    /// Taken out while a build writes: one that fails leaves none, trusted by nobody.
    pub fn take(&self) -> HashMap<String, Fingerprint> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }

    pub fn put(&self, prints: HashMap<String, Fingerprint>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = prints;
    }
}

/// Writes the files of `jobs` (relative to `out`) whose bytes differ from what is there. A
/// folder this build creates holds no file yet, so its files are written without being
/// compared. Folders are written in parallel and each folder's files one after the other:
/// creating files in one folder takes a lock in the kernel, and threads contending for it were
/// measured slower. With `known` (and `trusted`: `out` holds the build it describes) a file it
/// knows is not read back: written when its fingerprint differs, left when it is the same.
/// An array file whose fingerprint says it holds the bytes `arrays` (the last build's, by path)
/// has there is written over from its first changed part on ([`FileBytes::write_over`]).
/// The changed files for which `later` holds (relative paths) are not written but returned as
/// [`Later`] writes, for the caller to make when it will.
/// An array job whose file holds the last build's array (`Holds::Array`) is compared with it by
/// parts, not hashed.
/// Returns the paths written or to be written (absolute), with `known` the fingerprints of the
/// jobs' files, and the writes left for later.
pub(super) fn write_changed(
    jobs: &[Job],
    out: &Path,
    known: Option<&HashMap<PathBuf, Holds>>,
    trusted: bool,
    arrays: &HashMap<PathBuf, &Arc<FileBytes>>,
    later: &(dyn Fn(&Path) -> bool + Sync),
) -> std::io::Result<(Vec<PathBuf>, HashMap<PathBuf, Holds>, Later)> {
    // What the file at a job's path holds, when `out` holds the last build.
    let held = |path: &PathBuf| known.filter(|_| trusted).and_then(|known| known.get(path));
    // The last build's array that an array job's file holds.
    let held_array = |i: usize| {
        let (path, bytes) = &jobs[i];
        let last = arrays.get(path).filter(|_| bytes.parts().is_some() && held(path) == Some(&Holds::Array));
        last.map(|last| &***last)
    };
    let prints: Option<Vec<Holds>> = known.map(|_| {
        jobs.par_iter()
            .enumerate()
            .map(|(i, (_, b))| match held_array(i) {
                Some(_) => Holds::Array,
                None => Holds::Print(b.fingerprint()),
            })
            .collect()
    });
    // What the last build wrote at the job's path, when `out` holds that build: the same
    // fingerprint (or array) is the same bytes, another is other bytes (neither needs the file
    // read back: the API's list of 10,000 listings is 35 MB).
    let known_print = |i: usize| match (held_array(i), held(&jobs[i].0), &prints) {
        (Some(last), _, _) => Some(jobs[i].1.same_parts(last)),
        (None, Some(print), Some(prints)) => Some(*print == prints[i]),
        _ => None,
    };
    let mut folders: std::collections::BTreeMap<&Path, Vec<usize>> = std::collections::BTreeMap::new();
    for (i, job) in jobs.iter().enumerate() {
        folders.entry(job.0.parent().unwrap_or(Path::new(""))).or_default().push(i);
    }
    let folders: Vec<(PathBuf, Vec<usize>)> =
        folders.into_iter().map(|(dir, files)| (out.join(dir), files)).collect();
    let fresh: Vec<bool> = folders.iter().map(|(dir, _)| !dir.is_dir()).collect();
    for (dir, _) in &folders {
        std::fs::create_dir_all(dir)?;
    }
    // The largest folders first, so the two cores end together.
    let mut order: Vec<usize> = (0..folders.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(folders[i].1.len()));
    let left: Mutex<Vec<LaterWrite>> = Mutex::new(Vec::new());
    let written: Vec<Vec<PathBuf>> = order
        .into_par_iter()
        .map(|f| {
            let (_, files) = &folders[f];
            let compare = !fresh[f];
            // Comparing is read-only, so a folder's comparisons may themselves run in parallel.
            let changed: Vec<usize> = if compare {
                files
                    .par_iter()
                    .copied()
                    .filter(|&i| match known_print(i) {
                        Some(same) => !same,
                        None => !jobs[i].1.is_in(&out.join(&jobs[i].0)),
                    })
                    .collect()
            } else {
                files.clone()
            };
            changed
                .into_iter()
                .map(|i| {
                    let (relative, bytes) = &jobs[i];
                    let path = out.join(relative);
                    // What the file holds, when known.
                    let there = arrays.get(relative).filter(|last| match held(relative) {
                        Some(Holds::Array) => true,
                        Some(Holds::Print(print)) => *print == last.fingerprint(),
                        None => false,
                    });
                    if later(relative) {
                        let write = LaterWrite {
                            path: path.clone(),
                            bytes: bytes.clone(),
                            there: there.cloned().cloned(),
                        };
                        left.lock().unwrap_or_else(PoisonError::into_inner).push(write);
                        return Ok(path);
                    }
                    write_file(&path, bytes, there.copied().map(|last| &**last))?;
                    Ok(path)
                })
                .collect::<std::io::Result<Vec<PathBuf>>>()
        })
        .collect::<std::io::Result<_>>()?;
    // An array written is the one `Known::arrays` keeps for its path from now on.
    let prints = prints
        .map(|prints| {
            jobs.iter()
                .zip(prints)
                .map(|((path, b), print)| {
                    (path.clone(), if b.parts().is_some() { Holds::Array } else { print })
                })
                .collect()
        })
        .unwrap_or_default();
    let later = Later(left.into_inner().unwrap_or_else(PoisonError::into_inner));
    Ok((written.into_iter().flatten().collect(), prints, later))
}

/// Writes `bytes` at `path`: from its first changed part on when `there` is what the file holds
/// (an array file the last build wrote), else whole.
fn write_file(path: &Path, bytes: &FileBytes, there: Option<&FileBytes>) -> std::io::Result<()> {
    match there {
        Some(last) => bytes.write_over(path, last),
        None => bytes.write(path),
    }
    .map_err(|e| cannot_write(path, e))
}

/// The error `e` met writing `path`, naming it.
fn cannot_write(path: &Path, e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
}

/// A file [`write_changed`] left to write: where (absolute), its bytes, and what it holds when
/// known (an array file is then written from its first changed part on).
struct LaterWrite {
    path: PathBuf,
    bytes: Arc<FileBytes>,
    there: Option<Arc<FileBytes>>,
}

/// The writes [`write_changed`] left for later.
#[derive(Default)]
pub struct Later(Vec<LaterWrite>);

impl std::fmt::Debug for Later {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Later({} files)", self.0.len())
    }
}

impl Later {
    /// Makes the writes, the largest first.
    pub fn write(mut self) -> std::io::Result<()> {
        self.0.sort_by_key(|w| std::cmp::Reverse(w.bytes.len()));
        for LaterWrite { path, bytes, there } in self.0 {
            // A folder made for files not written yet may have been taken away as empty since.
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| cannot_write(&path, e))?;
            }
            write_file(&path, &bytes, there.as_deref())?;
        }
        Ok(())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The files of the last build (`last`, relative to the output folder) that this one does not
/// want, when they are all among `candidates` (the per-record files of records published no
/// more, the QR codes taken out, the other files the last build made), found without a set of
/// this build's 30,000 files: this build
/// wants `count` files, those of `jobs` and those kept (each of them one of `last`: that is why
/// it was kept), the codes and the image manifest, of which `added` are not in `last`. None when
/// the candidates do not account for every file gone (another kind of file went): the caller
/// then compares the whole sets.
pub(super) fn few_removed(
    last: &HashSet<PathBuf>,
    jobs: &[Job],
    count: usize,
    added: usize,
    candidates: impl FnOnce() -> Vec<PathBuf>,
) -> Option<Vec<PathBuf>> {
    let gone = (last.len() + added).checked_sub(count)?;
    if gone == 0 {
        return Some(Vec::new());
    }
    let candidates = candidates();
    if candidates.len() < gone {
        return None;
    }
    let written: HashSet<&Path> = jobs.iter().map(|(path, _)| path.as_path()).collect();
    let removed: Vec<PathBuf> = candidates
        .into_iter()
        .filter(|path| last.contains(path) && !written.contains(path.as_path()))
        .collect();
    (removed.len() == gone).then_some(removed)
}

/// The paths of `last` missing from `now`, when `now` is `last` with some taken out (in the same
/// order; an edit that unpublishes a listing takes its QR code out); None when `now` has any
/// other.
pub(super) fn taken_out(last: &[PathBuf], now: &[PathBuf]) -> Option<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut rest = last.iter();
    for path in now {
        loop {
            let was = rest.next()?;
            if was == path {
                break;
            }
            out.push(was.clone());
        }
    }
    out.extend(rest.cloned());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::publish::bytes::fingerprint;

    #[test]
    fn the_permit_links_of_listings_taken_out_go_and_the_others_stay_in_order() {
        let listing = |id: &str, permit: Option<&str>| {
            let mut p =
                crate::publish::detail::tests::listing(id, contract::MainCategory::Residential, None, None);
            p.permit_url = permit.map(str::to_owned);
            Arc::new(p)
        };
        let (a, b, c, d) = (
            listing("a", Some("pa")),
            listing("b", Some("pb")),
            listing("c", None),
            listing("d", Some("pb")),
        );
        let of = vec![a.clone(), b.clone(), c.clone()];
        let links = vec!["pa".to_owned(), "pb".to_owned()];
        let last = Permits {
            of,
            links: Arc::new(links.clone()),
            codes: Arc::new(links.iter().map(PathBuf::from).collect()),
        };
        // b sold: its link and code go.
        assert_eq!(
            last.taken_out(&[a.clone(), c.clone()]),
            Some((vec!["pa".to_owned()], vec![PathBuf::from("pa")]))
        );
        // c sold: it had none.
        assert_eq!(last.taken_out(&[a.clone(), b.clone()]).map(|(links, _)| links), Some(links));
        // A listing added, or another with b's link: made again.
        assert_eq!(last.taken_out(&[a.clone(), b.clone(), c.clone(), d.clone()]), None);
        assert_eq!(last.taken_out(&[a, c, d]), None);
    }

    #[test]
    fn codes_taken_out_are_found_in_order_and_any_other_change_is_not() {
        let paths = |names: &[&str]| names.iter().map(PathBuf::from).collect::<Vec<_>>();
        let last = paths(&["a", "b", "c", "d"]);
        assert_eq!(taken_out(&last, &paths(&["a", "c"])), Some(paths(&["b", "d"])));
        assert_eq!(taken_out(&last, &last), Some(Vec::new()));
        assert_eq!(taken_out(&last, &paths(&["a", "e"])), None);
        assert_eq!(taken_out(&last, &paths(&["b", "a"])), None);
    }

    #[test]
    fn removed_files_are_found_among_the_candidates_only_when_they_account_for_all() {
        let last: HashSet<PathBuf> = ["x", "y", "z", "gone-1", "gone-2"].iter().map(PathBuf::from).collect();
        let job = |name: &str| (PathBuf::from(name), Arc::new(FileBytes::from(b"{}".to_vec())));
        let jobs = vec![job("x"), job("new")];
        let candidates = || ["gone-1", "gone-2", "never"].iter().map(PathBuf::from).collect();
        // Wanted: x, new (written), y, z (kept): 4 files, 1 of them not in the last build.
        let mut found = few_removed(&last, &jobs, 4, 1, candidates).unwrap();
        found.sort();
        assert_eq!(found, [PathBuf::from("gone-1"), PathBuf::from("gone-2")]);
        // One more file gone than the candidates explain: the caller compares the whole sets.
        assert_eq!(few_removed(&last, &jobs, 3, 1, candidates), None);
        // A candidate this build writes again is not gone.
        let jobs = vec![job("x"), job("gone-1")];
        assert_eq!(few_removed(&last, &jobs, 4, 0, candidates), Some(vec![PathBuf::from("gone-2")]));
        // Nothing gone: the candidates are not made.
        assert_eq!(few_removed(&last, &jobs, 5, 0, || unreachable!()), Some(Vec::new()));
    }

    #[test]
    fn the_files_no_page_reads_are_the_api_lists_of_listings_and_the_pages_of_cards() {
        let unread = |path: &str| crate::publish::unread_by_pages(Path::new(path));
        for path in [
            "api/properties.json",
            "api/properties/category-rent/rent.json",
            "data/listings/all/3.json",
            "data/search-index.bin",
        ] {
            assert!(unread(path), "{path}");
        }
        for path in
            ["data/listings/all.json", "api/properties/demo-1.json", "api/blogs.json", "data/home.json"]
        {
            assert!(!unread(path), "{path}");
        }
    }

    #[test]
    fn changed_files_left_for_later_are_written_by_it() {
        let out = tempfile::tempdir().unwrap();
        let job = |name: &str, bytes: &[u8]| (PathBuf::from(name), Arc::new(FileBytes::from(bytes.to_vec())));
        let jobs = vec![job("now.json", b"[1]"), job("later.json", b"[2]")];
        let later = |path: &Path| path == Path::new("later.json");
        let (written, _, left) =
            write_changed(&jobs, out.path(), None, false, &HashMap::new(), &later).unwrap();
        assert_eq!(written.len(), 2, "both named as written: {written:?}");
        assert!(out.path().join("now.json").is_file());
        assert!(!out.path().join("later.json").exists());
        left.write().unwrap();
        assert_eq!(std::fs::read(out.path().join("later.json")).unwrap(), b"[2]");
    }

    #[test]
    fn a_file_left_for_later_that_cannot_be_written_is_an_error_naming_it() {
        let out = tempfile::tempdir().unwrap();
        let jobs = vec![(PathBuf::from("blocked/later.json"), Arc::new(FileBytes::from(b"[2]".to_vec())))];
        let (_, _, left) = write_changed(&jobs, out.path(), None, false, &HashMap::new(), &|_| true).unwrap();
        // Meanwhile its folder became a file: nothing can be written under it.
        std::fs::remove_dir(out.path().join("blocked")).unwrap();
        std::fs::write(out.path().join("blocked"), b"").unwrap();
        let error = left.write().unwrap_err().to_string();
        assert!(error.starts_with("cannot write ") && error.contains("blocked/later.json"), "{error}");
    }

    #[test]
    fn a_file_the_last_build_wrote_is_judged_by_its_fingerprint_not_read_back() {
        let out = tempfile::tempdir().unwrap();
        let (same, other) = (PathBuf::from("same.json"), PathBuf::from("other.json"));
        // What the last build wrote; `other.json` was since changed behind its back into the
        // bytes this build wants.
        std::fs::write(out.path().join(&same), b"[1]").unwrap();
        std::fs::write(out.path().join(&other), b"[3]").unwrap();
        let known = HashMap::from([
            (same.clone(), Holds::Print(fingerprint(b"[1]"))),
            (other.clone(), Holds::Print(fingerprint(b"[2]"))),
        ]);
        let jobs: Vec<Job> = vec![
            (same.clone(), Arc::new(b"[1]".to_vec().into())),
            (other.clone(), Arc::new(b"[3]".to_vec().into())),
        ];
        // Trusted: the fingerprints decide, and `other.json` is written as changed.
        let (written, prints, _) =
            write_changed(&jobs, out.path(), Some(&known), true, &HashMap::new(), &|_| false).unwrap();
        assert_eq!(written, vec![out.path().join(&other)]);
        assert_eq!(prints[&other], Holds::Print(fingerprint(b"[3]")));
        // Not trusted (the folder may hold another build): the files are compared, none differs.
        let (written, _, _) =
            write_changed(&jobs, out.path(), Some(&known), false, &HashMap::new(), &|_| false).unwrap();
        assert!(written.is_empty(), "{written:?}");
    }
}
