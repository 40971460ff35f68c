//! The image stage's index of a media folder: each source's size and modification time with its
//! cache key and record, so a warm build knows a photo by a `stat` instead of reading and hashing
//! its bytes (10,000 listings' photos are gigabytes). A source whose size or time changed is read
//! again. One file per media folder in the cache (named by a hash of the folder's path), written
//! whole to a temporary file and renamed: parallel builds of other folders never mix theirs. It
//! names the stage's settings it was made with (widths, qualities): made with others, its
//! records name other outputs, and it is read as empty.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use serde::{Deserialize, Serialize};

use super::ImageInfo;

/// What the index knows of one source, by its path under the media folder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Indexed {
    pub len: u64,
    /// Modification time, nanoseconds since 1970.
    pub modified: u128,
    pub key: String,
    pub info: ImageInfo,
    /// The photo's fingerprint (none in an index written before fingerprints were kept: the
    /// photo is then read again, once).
    #[serde(default)]
    pub print: Option<Print>,
}

/// A photo's perceptual fingerprint ([`raster::fingerprint`]): its 64-bit hashes, kept as the
/// base64 of their bytes (little-endian), about 0.9 KB a photo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Print(pub Vec<u64>);

impl From<Print> for String {
    fn from(print: Print) -> String {
        use base64::Engine as _;
        let bytes: Vec<u8> = print.0.iter().flat_map(|hash| hash.to_le_bytes()).collect();
        base64::engine::general_purpose::STANDARD_NO_PAD.encode(bytes)
    }
}

impl TryFrom<String> for Print {
    type Error = String;
    fn try_from(text: String) -> Result<Print, String> {
        use base64::Engine as _;
        let bytes =
            base64::engine::general_purpose::STANDARD_NO_PAD.decode(text).map_err(|e| e.to_string())?;
        let hashes =
            bytes.chunks_exact(8).map(|eight| u64::from_le_bytes(eight.try_into().unwrap_or_default()));
        Ok(Print(hashes.collect()))
    }
}

/// A source file's size and modification time, as the index compares them.
pub fn stamp(path: &Path) -> Option<(u64, u128)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?.as_nanos();
    Some((meta.len(), modified))
}

pub struct Index {
    file: PathBuf,
    pub entries: HashMap<String, Indexed>,
}

/// The index file: the settings its records were made with, and the records.
#[derive(Serialize, Deserialize)]
struct IndexFile {
    settings: String,
    entries: HashMap<String, Indexed>,
}

impl Index {
    /// The index of `media` in `cache` (empty when there is none yet or it cannot be read).
    pub fn open(cache: &Path, media: &Path) -> Index {
        use std::hash::Hasher;
        let mut hasher = fnv::FnvHasher::default();
        let folder = media.canonicalize().unwrap_or_else(|_| media.to_path_buf());
        hasher.write(folder.to_string_lossy().as_bytes());
        let file = cache.join(format!("index-{:016x}.json", hasher.finish()));
        let entries = std::fs::read(&file)
            .ok()
            .and_then(|bytes| serde_json::from_slice::<IndexFile>(&bytes).ok())
            .filter(|index| index.settings == super::settings())
            .map(|index| index.entries)
            .unwrap_or_default();
        Index { file, entries }
    }

    /// The record of `relative` when the source is unchanged since it was indexed. (Its cache
    /// entry is trusted to be there: the index lives in the same folder, and goes with it.)
    pub fn known(&self, relative: &str, stamp: Option<(u64, u128)>) -> Option<&Indexed> {
        let entry = self.entries.get(relative)?;
        (stamp == Some((entry.len, entry.modified))).then_some(entry)
    }

    /// Replaces the index with `entries` when they differ from what it holds.
    pub fn save(self, entries: HashMap<String, Indexed>) -> std::io::Result<()> {
        if entries == self.entries {
            return Ok(());
        }
        let temporary = self.file.with_extension(format!("{}.tmp", std::process::id()));
        let index = IndexFile { settings: super::settings(), entries };
        std::fs::write(&temporary, serde_json::to_vec(&index).map_err(std::io::Error::other)?)?;
        std::fs::rename(&temporary, &self.file)
    }
}
