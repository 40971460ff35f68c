//! What earlier imports wrote, `<content>/.estate/propertyfinder-import.json`: per reference the
//! listing's id, a hash of the file as written and its photos. A file whose hash no longer
//! matches was changed by an editor, and is left alone without `--force`.

use std::collections::BTreeMap;
use std::hash::Hasher;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Manifest {
    pub listings: BTreeMap<String, Entry>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Entry {
    pub id: String,
    /// [`hash`] of the listing's file as the import wrote it.
    pub hash: String,
    pub photos: Vec<Photo>,
}

/// A downloaded photo: its address in the feed and its path under content/.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Photo {
    pub url: String,
    pub path: String,
}

pub fn path(content: &Path) -> PathBuf {
    content.join(".estate").join("propertyfinder-import.json")
}

/// A short fingerprint of a file's bytes (FNV-1a, 64 bits): enough to notice an edit.
pub fn hash(bytes: &[u8]) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(bytes);
    format!("{:016x}", hasher.finish())
}

impl Manifest {
    /// The manifest of `content`, empty when there is none yet.
    pub fn load(content: &Path) -> Result<Manifest, String> {
        let path = path(content);
        match crate::content::safe_fs::read_inside(content, &path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Manifest::default()),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    pub fn save(&self, content: &Path) -> std::io::Result<()> {
        let path = path(content);
        let mut bytes = serde_json::to_vec_pretty(self).expect("the manifest serialises");
        bytes.push(b'\n');
        super::write_file(content, &path, &bytes)
    }
}
