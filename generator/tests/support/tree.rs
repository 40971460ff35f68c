//! Copying a folder, for tests that change a copy of the content or the site. The admin
//! editor's unit tests include this file too (`#[path]`), so it needs nothing but `walkdir`.

use std::path::Path;

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
