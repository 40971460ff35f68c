//! A data file's bytes: whole, or a JSON array of already serialised parts that is never joined
//! in memory. The API's list of 10,000 listings is some 35 MB: joining it again after every edit
//! allocated (and the kernel zeroed) that much afresh each time, where writing its parts one
//! after the other into the file costs only the write.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// One file to write: where (relative to the output folder), and its bytes (shared with the
/// memo that made them).
pub(super) type Job = (PathBuf, Arc<FileBytes>);

/// A file's length and 128-bit XXH3 hash.
pub type Fingerprint = (usize, u128);

pub(crate) fn fingerprint(bytes: &[u8]) -> Fingerprint {
    (bytes.len(), xxhash_rust::xxh3::xxh3_128(bytes))
}

/// See the module's documentation.
pub struct FileBytes {
    repr: Repr,
    /// Computed once: an array kept from the last build keeps its fingerprint with it.
    print: OnceLock<Fingerprint>,
}

enum Repr {
    /// Shared with the memo that made them (an API record's JSON is also its own file).
    Whole(Arc<Vec<u8>>),
    /// `[`, the parts separated by commas, `]`.
    Array(Vec<Arc<Vec<u8>>>),
}

impl std::fmt::Debug for FileBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FileBytes({} bytes)", self.len())
    }
}

impl From<Vec<u8>> for FileBytes {
    fn from(bytes: Vec<u8>) -> Self {
        FileBytes::whole(Arc::new(bytes))
    }
}

impl FileBytes {
    pub fn whole(bytes: Arc<Vec<u8>>) -> Self {
        FileBytes { repr: Repr::Whole(bytes), print: OnceLock::new() }
    }

    /// The JSON array of `parts`, each already JSON.
    pub fn array(parts: Vec<Arc<Vec<u8>>>) -> Self {
        FileBytes { repr: Repr::Array(parts), print: OnceLock::new() }
    }

    /// The parts, when an array.
    pub fn parts(&self) -> Option<&[Arc<Vec<u8>>]> {
        match &self.repr {
            Repr::Array(parts) => Some(parts),
            Repr::Whole(_) => None,
        }
    }

    pub(super) fn len(&self) -> usize {
        match &self.repr {
            Repr::Whole(bytes) => bytes.len(),
            Repr::Array(parts) => {
                parts.iter().map(|p| p.len() + 1).sum::<usize>() + usize::from(parts.is_empty()) + 1
            }
        }
    }

    /// The pieces the bytes are, in order.
    fn pieces(&self) -> impl Iterator<Item = &[u8]> {
        let (whole, parts) = match &self.repr {
            Repr::Whole(bytes) => (Some(bytes.as_slice()), &[][..]),
            Repr::Array(parts) => (None, parts.as_slice()),
        };
        let array = whole.is_none();
        let open = array.then_some(&b"["[..]);
        let close = array.then_some(&b"]"[..]);
        let inner = parts
            .iter()
            .enumerate()
            .flat_map(|(i, p)| [if i > 0 { &b","[..] } else { &b""[..] }, p.as_slice()]);
        whole.into_iter().chain(open).chain(inner).chain(close)
    }

    /// The bytes as one vector (tests and callers that want them whole).
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len());
        for piece in self.pieces() {
            out.extend_from_slice(piece);
        }
        out
    }

    /// Its length and hash, as [`fingerprint`] gives them for the joined bytes.
    pub fn fingerprint(&self) -> Fingerprint {
        *self.print.get_or_init(|| match &self.repr {
            Repr::Whole(bytes) => fingerprint(bytes),
            // Fed in large chunks: with the parts of a few KB and the commas fed one by one, an
            // edit's `written` lap was measured some 30 ms slower than hashing the joined bytes.
            Repr::Array(_) => self.hashed_in(1 << 20),
        })
    }

    /// The fingerprint of the joined bytes, fed to the hasher in chunks of `chunk_size`.
    fn hashed_in(&self, chunk_size: usize) -> Fingerprint {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut chunk = Vec::with_capacity(chunk_size);
        let mut len = 0;
        for piece in self.pieces() {
            len += piece.len();
            if chunk.len() + piece.len() > chunk_size {
                hasher.update(&chunk);
                chunk.clear();
            }
            if piece.len() >= chunk_size {
                hasher.update(piece);
            } else {
                chunk.extend_from_slice(piece);
            }
        }
        hasher.update(&chunk);
        (len, hasher.digest128())
    }

    /// Writes the bytes into the file at `path` (created or truncated).
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        match &self.repr {
            Repr::Whole(bytes) => std::fs::write(path, bytes.as_slice()),
            Repr::Array(_) => {
                let mut file = std::io::BufWriter::with_capacity(1 << 18, std::fs::File::create(path)?);
                for piece in self.pieces() {
                    file.write_all(piece)?;
                }
                file.into_inner().map_err(std::io::IntoInnerError::into_error)?;
                Ok(())
            }
        }
    }

    /// Writes the bytes into the file at `path`, which holds `last`'s: of an array whose first
    /// parts are `last`'s, only what follows them is written (an edit of a listing rewrites the
    /// 35 MB list of listings from its place on, not from the start).
    pub fn write_over(&self, path: &Path, last: &FileBytes) -> std::io::Result<()> {
        use std::io::{Seek as _, SeekFrom};
        let (Repr::Array(now), Repr::Array(was)) = (&self.repr, &last.repr) else { return self.write(path) };
        let same = now.iter().zip(was).take_while(|(a, b)| Arc::ptr_eq(a, b)).count();
        let on_disk = std::fs::metadata(path).is_ok_and(|m| m.len() == last.len() as u64);
        if same == 0 || !on_disk {
            return self.write(path);
        }
        // `[`, the parts kept and the commas between them.
        let kept = was[..same].iter().map(|p| p.len() + 1).sum::<usize>();
        let mut file = std::fs::OpenOptions::new().write(true).open(path)?;
        file.seek(SeekFrom::Start(kept as u64))?;
        // As long as before and the same parts at the end: those are where they were, and only
        // the parts between are written (a price or a photo changed, seldom its length).
        let same_end = now[same..]
            .iter()
            .rev()
            .zip(was[same..].iter().rev())
            .take_while(|(a, b)| Arc::ptr_eq(a, b))
            .count();
        if self.len() == last.len() && same_end > 0 {
            let mut middle = std::io::BufWriter::with_capacity(1 << 16, file);
            for part in &now[same..now.len() - same_end] {
                middle.write_all(b",")?;
                middle.write_all(part)?;
            }
            return middle.flush();
        }
        let mut rest = std::io::BufWriter::with_capacity(1 << 18, file);
        for part in &now[same..] {
            rest.write_all(b",")?;
            rest.write_all(part)?;
        }
        rest.write_all(b"]")?;
        let file = rest.into_inner().map_err(std::io::IntoInnerError::into_error)?;
        file.set_len(self.len() as u64)
    }

    /// Whether these are `last`'s bytes, told by the parts of two arrays (the same allocations,
    /// or parts of the same bytes) without hashing them; parts cut otherwise count as other bytes.
    pub fn same_parts(&self, last: &FileBytes) -> bool {
        match (&self.repr, &last.repr) {
            (Repr::Array(now), Repr::Array(was)) => {
                now.len() == was.len() && now.iter().zip(was).all(|(a, b)| Arc::ptr_eq(a, b) || a == b)
            }
            (Repr::Whole(now), Repr::Whole(was)) => now == was,
            _ => false,
        }
    }

    /// Whether the file at `path` holds these bytes already.
    pub fn is_in(&self, path: &Path) -> bool {
        if !std::fs::metadata(path).is_ok_and(|m| m.len() == self.len() as u64) {
            return false;
        }
        let Ok(old) = std::fs::read(path) else { return false };
        let mut rest = old.as_slice();
        for piece in self.pieces() {
            match rest.split_at_checked(piece.len()) {
                Some((head, tail)) if head == piece => rest = tail,
                _ => return false,
            }
        }
        rest.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bytes`' parts with the second of three or more (the first and last shared) made other
    /// bytes, `longer` more of them.
    fn shared_middle(bytes: &FileBytes, longer: usize) -> FileBytes {
        let mut parts = bytes.parts().unwrap().to_vec();
        if parts.len() >= 3 {
            parts[1] = Arc::new(vec![b'7'; parts[1].len() + longer]);
        }
        FileBytes::array(parts)
    }

    #[test]
    fn an_array_is_written_hashed_and_compared_as_its_joined_bytes() {
        let dir = tempfile::tempdir().unwrap();
        for parts in [vec![], vec![b"1".to_vec()], vec![b"{\"a\":1}".to_vec(), b"2".to_vec(), b"[]".to_vec()]]
        {
            let joined = format!(
                "[{}]",
                parts.iter().map(|p| String::from_utf8(p.clone()).unwrap()).collect::<Vec<_>>().join(",")
            );
            let bytes = FileBytes::array(parts.into_iter().map(Arc::new).collect());
            assert_eq!(bytes.to_vec(), joined.as_bytes());
            assert_eq!(bytes.len(), joined.len());
            assert_eq!(bytes.fingerprint(), fingerprint(joined.as_bytes()));
            for chunk in [1, 3, 8] {
                assert_eq!(bytes.hashed_in(chunk), bytes.fingerprint(), "in chunks of {chunk}");
            }
            let path = dir.path().join("a.json");
            bytes.write(&path).unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), joined.as_bytes());
            assert!(bytes.is_in(&path));
            // Written over another array's file: the parts they share at the start are kept.
            let last = FileBytes::array(vec![Arc::new(b"0".to_vec())]);
            let mut shared = last.parts().unwrap().to_vec();
            shared.extend(bytes.parts().unwrap().iter().cloned());
            let longer = FileBytes::array(shared);
            // One part in the middle changed, to as many bytes or to more.
            let middle = shared_middle(&longer, 0);
            let wider = shared_middle(&longer, 1);
            for (from, to) in [
                (&last, &longer),
                (&longer, &last),
                (&longer, &bytes),
                (&bytes, &longer),
                (&longer, &middle),
                (&middle, &longer),
                (&longer, &wider),
                (&wider, &middle),
            ] {
                from.write(&path).unwrap();
                to.write_over(&path, from).unwrap();
                assert_eq!(std::fs::read(&path).unwrap(), to.to_vec());
            }
            std::fs::write(&path, joined.replace('[', "(")).unwrap();
            assert!(!bytes.is_in(&path), "same length, other bytes");
        }
    }
}
