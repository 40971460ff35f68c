//! The files written by name beside the data files: the sitemap (whole or in parts), robots.txt,
//! the Atom feeds, the portal feed and `_redirects`. No page reads them (the pages read `data/`
//! and `api/`), so under `estate serve`, rebuilding into the folder that holds the last good
//! build, they are written on a thread of their own from when they are made (beside the data
//! files, then while the pages render), with the data files no page reads either
//! (`publish::unread_by_pages`, from when they are known), and waited for before the link
//! check (pages link to the feeds and the sitemap). A listing sold rewrites the 27 MB portal feed,
//! the 16 MB sitemap and the API's 35 MB list of listings from its place on: that work no
//! longer comes before the first page is rendered.

use std::path::{Path, PathBuf};
use std::thread::JoinHandle;

use crate::publish::parts::Body;
use crate::publish::{self as output, sitemap};

/// What `estate serve` knows of the files [`write_published`] wrote: the fingerprints of those
/// written whole, the parts of those written by parts, and whether `out` holds the build they
/// describe.
#[derive(Clone)]
pub(super) struct Kept {
    pub(super) prints: output::NamedPrints,
    pub(super) parts: output::parts::Written,
    pub(super) trusted: bool,
}

/// The files to write by name, relative to `out`.
pub(super) struct Named {
    pub(super) out: PathBuf,
    pub(super) files: Vec<(String, Body)>,
    pub(super) kept: Option<Kept>,
    pub(super) for_netlify: bool,
    /// The posts, for `_redirects`' rules of their addresses (`publish::redirects`).
    pub(super) posts: Vec<crate::publish::redirects::PostPage>,
}

/// How many files there are, and those written or removed (relative to the output).
pub(super) type Outcome = std::io::Result<(usize, Vec<String>)>;

impl Named {
    fn write(self) -> Outcome {
        crate::publish::redirects::write(&self.out, self.for_netlify, &self.posts)?;
        write_published(&self.out, self.files, self.kept.as_ref())
    }

    /// Written now, or (`behind`) on a thread of its own, waited for by [`Pending::finish`].
    pub(super) fn start(self, behind: bool) -> Pending {
        let mut pending = Pending { done: Vec::new(), writing: Vec::new() };
        if behind {
            pending.spawn(|| self.write());
        } else {
            pending.done.push(self.write());
        }
        pending
    }
}

/// The named files (and the data files left for later) being written, or their outcome. Dropped
/// unfinished (a build that failed meanwhile), it waits for them: nothing writes into the
/// output after its build.
pub(super) struct Pending {
    done: Vec<Outcome>,
    writing: Vec<JoinHandle<Outcome>>,
}

impl Pending {
    fn spawn(&mut self, write: impl FnOnce() -> Outcome + Send + 'static) {
        match std::thread::Builder::new().name("estate-named".into()).spawn(write) {
            Ok(thread) => self.writing.push(thread),
            Err(e) => self.done.push(Err(e)),
        }
    }

    /// Also the data files `later` left to write ([`output::Written::later`]), on a thread of
    /// their own.
    pub(super) fn and_data(mut self, later: output::Later) -> Pending {
        if !later.is_empty() {
            self.spawn(|| later.write().map(|()| (0, Vec::new())));
        }
        self
    }

    /// Waits for the files to be written: how many named files there are, and those written.
    pub(super) fn finish(mut self) -> Outcome {
        let joined =
            self.writing.drain(..).map(|thread| thread.join().expect("writing files does not panic"));
        let outcomes: Vec<Outcome> = self.done.drain(..).chain(joined).collect();
        let (mut count, mut touched) = (0, Vec::new());
        for outcome in outcomes {
            let (n, names) = outcome?;
            count += n;
            touched.extend(names);
        }
        Ok((count, touched))
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        for thread in self.writing.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Writes the files named relative to `out` that changed, and removes the parts of an earlier
/// split sitemap that this one no longer has. Returns how many files there are, and the names
/// of those it wrote or removed.
/// `kept`: under `estate serve`, what the last good build wrote: when `out` holds that build, a
/// file is compared with its fingerprint, not read back, and a file of parts is written from
/// the first part that differs (see [`output::parts::write`]).
fn write_published(out: &Path, files: Vec<(String, Body)>, kept: Option<&Kept>) -> Outcome {
    let trusted = kept.is_some_and(|k| k.trusted);
    let last = kept.map(|k| k.prints.take()).filter(|_| trusted);
    let mut last_parts = kept.map(|k| k.parts.take()).filter(|_| trusted).unwrap_or_default();
    let mut now = std::collections::HashMap::new();
    let mut now_parts = std::collections::HashMap::new();
    let mut touched = Vec::new();
    let cannot = |path: &Path, e: std::io::Error| {
        std::io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
    };
    for (name, body) in &files {
        let path = out.join(name);
        let bytes = match body {
            Body::Parts(parts) => {
                let wrote = output::parts::write(&path, parts, last_parts.remove(name).as_deref())
                    .map_err(|e| cannot(&path, e))?;
                if wrote {
                    touched.push(name.clone());
                }
                if kept.is_some() {
                    now_parts.insert(name.clone(), parts.clone());
                }
                continue;
            }
            Body::Whole(bytes) => bytes,
        };
        let print = kept.map(|_| output::fingerprint(bytes));
        let same = match (last.as_ref().and_then(|last| last.get(name)), print) {
            (Some(last), Some(print)) => *last == print,
            _ => output::unchanged(&path, bytes),
        };
        if !same {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&path, bytes).map_err(|e| cannot(&path, e))?;
            touched.push(name.clone());
        }
        if let Some(print) = print {
            now.insert(name.clone(), print);
        }
    }
    for entry in std::fs::read_dir(out)?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if sitemap::is_part_name(&name) && !files.iter().any(|(n, _)| *n == name) {
            std::fs::remove_file(entry.path())?;
            touched.push(name);
        }
    }
    if let Some(kept) = kept {
        kept.prints.put(now);
        kept.parts.put(now_parts);
    }
    Ok((files.len(), touched))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_files_are_compared_with_the_last_builds_fingerprints_when_the_folder_holds_it() {
        let out = tempfile::tempdir().unwrap();
        let (prints, parts) = (output::NamedPrints::default(), output::parts::Written::default());
        let kept = |trusted| Kept { prints: prints.clone(), parts: parts.clone(), trusted };
        let files = || vec![("feeds/a.xml".to_owned(), Body::Whole(b"<a/>".to_vec()))];
        // No fingerprints yet: compared with the disk, where there is nothing.
        let (_, touched) = write_published(out.path(), files(), Some(&kept(true))).unwrap();
        assert_eq!(touched, ["feeds/a.xml"]);
        // Changed behind the build's back: a folder holding the last build is not read back...
        std::fs::write(out.path().join("feeds/a.xml"), "<b/>").unwrap();
        let (_, touched) = write_published(out.path(), files(), Some(&kept(true))).unwrap();
        assert!(touched.is_empty(), "{touched:?}");
        // ...any other is.
        let (_, touched) = write_published(out.path(), files(), Some(&kept(false))).unwrap();
        assert_eq!(touched, ["feeds/a.xml"]);
        assert_eq!(std::fs::read(out.path().join("feeds/a.xml")).unwrap(), b"<a/>");
        // Bytes of their own are written.
        let (_, touched) = write_published(
            out.path(),
            vec![("feeds/a.xml".to_owned(), Body::Whole(b"<c/>".to_vec()))],
            Some(&kept(true)),
        )
        .unwrap();
        assert_eq!(touched, ["feeds/a.xml"]);
    }

    #[test]
    fn named_files_written_behind_are_there_once_finished() {
        let out = tempfile::tempdir().unwrap();
        let named = |text: &str| Named {
            out: out.path().to_path_buf(),
            files: vec![("feeds/a.xml".to_owned(), Body::Whole(text.as_bytes().to_vec()))],
            kept: None,
            for_netlify: false,
            posts: Vec::new(),
        };
        let (count, touched) = named("<a/>").start(true).finish().unwrap();
        assert_eq!((count, touched), (1, vec!["feeds/a.xml".to_owned()]));
        assert_eq!(std::fs::read(out.path().join("feeds/a.xml")).unwrap(), b"<a/>");
        assert!(out.path().join("_redirects").is_file());
        let (_, touched) = named("<a/>").start(false).finish().unwrap();
        assert!(touched.is_empty(), "{touched:?}");
    }
}
