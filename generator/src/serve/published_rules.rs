//! The rules of the answered folder's `_redirects`, which Netlify reads before `netlify.toml`'s
//! (`publish::redirects` writes them: the lead function's proxies, each post's other
//! addresses). Read again when the file changes (a rebuild wrote it, or the folder answered from
//! is the other copy), kept while it does not: one `stat` a request.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::SystemTime;

use crate::netlify::{Redirect, parse_redirects};

/// The last `_redirects` read: its path, its time and size then, and its rules.
struct Read {
    file: PathBuf,
    stamp: (SystemTime, u64),
    rules: Arc<Vec<Redirect>>,
}

#[derive(Default)]
pub struct PublishedRules(Mutex<Option<Read>>);

impl PublishedRules {
    /// The rules of `folder/_redirects`; none when it is missing or unreadable.
    pub fn of(&self, folder: &Path) -> Arc<Vec<Redirect>> {
        let file = folder.join("_redirects");
        let Some(stamp) = std::fs::metadata(&file).ok().and_then(|m| Some((m.modified().ok()?, m.len())))
        else {
            return Arc::default();
        };
        let mut kept = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(read) = kept.as_ref()
            && read.file == file
            && read.stamp == stamp
        {
            return read.rules.clone();
        }
        let rules =
            Arc::new(std::fs::read_to_string(&file).map(|text| parse_redirects(&text)).unwrap_or_default());
        *kept = Some(Read { file, stamp, rules: rules.clone() });
        rules
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_file_is_read_again_and_an_unchanged_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        let rules = PublishedRules::default();
        assert!(rules.of(dir.path()).is_empty());
        std::fs::write(dir.path().join("_redirects"), "/a  /b  301\n").unwrap();
        let first = rules.of(dir.path());
        assert_eq!(first[0].to, "/b");
        assert!(Arc::ptr_eq(&first, &rules.of(dir.path())), "kept while unchanged");
        std::fs::write(dir.path().join("_redirects"), "/a  /bc  301\n").unwrap();
        assert_eq!(rules.of(dir.path())[0].to, "/bc");
    }
}
