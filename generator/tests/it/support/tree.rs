//! Copying a folder, for tests that change a copy of the content or the site, and reading one whole. The admin
//! editor's unit tests include this file too (`#[path]`), so it needs nothing but `walkdir`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Copies the folder `from` to `to`, leaving out every file or folder named in `skip`.
pub fn copy_tree(from: &Path, to: &Path, skip: &[&str]) {
    let entries = walkdir::WalkDir::new(from)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !skip.contains(&e.file_name().to_string_lossy().as_ref()));
    for entry in entries {
        let entry = entry.expect("a readable entry");
        let target = to.join(entry.path().strip_prefix(from).expect("inside the folder"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("a folder");
        } else {
            std::fs::copy(entry.path(), &target).expect("a copy");
        }
    }
}

/// Every file under `dir` and its bytes, by path inside it.
#[allow(dead_code)] // not by the admin's unit tests, which include this file too
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.unwrap())
        .filter(|entry| entry.file_type().is_file())
        .map(|entry| {
            (entry.path().strip_prefix(dir).unwrap().to_path_buf(), std::fs::read(entry.path()).unwrap())
        })
        .collect()
}
