//! Large files made of parts that `estate serve` keeps between rebuilds (the portal feed's
//! listings, the sitemap's pages). A rebuild hands the parts over as the same allocations where
//! nothing changed, and a file is written from its first part that differs from what the file
//! holds, not whole: the portal feed of 10,000 listings is 27 MB, the sitemap 16 MB.

use std::collections::HashMap;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

/// A part of a file; the same allocation as a part the last build wrote is the same bytes.
pub type Part = Arc<[u8]>;

/// A file's bytes: whole, or parts to be joined in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Body {
    Whole(Vec<u8>),
    Parts(Vec<Part>),
}

impl Body {
    pub fn len(&self) -> usize {
        match self {
            Body::Whole(bytes) => bytes.len(),
            Body::Parts(parts) => parts.iter().map(|p| p.len()).sum(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes joined.
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            Body::Whole(bytes) => bytes.clone(),
            Body::Parts(parts) => parts.concat(),
        }
    }
}

/// What `estate serve` keeps of the files it wrote by parts: each one's parts as the last good
/// build wrote them, by name. Taken out while a build writes: one that fails leaves none.
#[derive(Clone, Default)]
pub struct Written(Arc<Mutex<HashMap<String, Vec<Part>>>>);

impl std::fmt::Debug for Written {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("parts::Written")
    }
}

impl Written {
    pub fn take(&self) -> HashMap<String, Vec<Part>> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }

    pub fn put(&self, files: HashMap<String, Vec<Part>>) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = files;
    }
}

/// Writes `parts` at `path` where they differ from what the file holds; returns whether it
/// wrote. `last`: the parts the file holds (the last build wrote them, nothing since): a part of
/// the same length as the one it replaces is written in place, and from the first part whose
/// length differs, the rest. Without `last` (or when the file's size says otherwise), the file
/// is compared with the parts and written whole when it differs.
pub fn write(path: &Path, parts: &[Part], last: Option<&[Part]>) -> io::Result<bool> {
    let size = |parts: &[Part]| parts.iter().map(|p| p.len() as u64).sum::<u64>();
    let last =
        last.filter(|last| std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == size(last)));
    let Some(last) = last else {
        if holds(path, parts) {
            return Ok(false);
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let mut file = io::BufWriter::with_capacity(1 << 20, std::fs::File::create(path)?);
        parts.iter().try_for_each(|part| file.write_all(part))?;
        file.into_inner().map_err(io::IntoInnerError::into_error)?;
        return Ok(true);
    };
    // One buffered writer for the whole file: parts that differ one after the other are written
    // as one run, not each with a seek and a write of its own (a listing sold shifts the
    // sitemap's elements of the same length by one: some 15,000 small writes took 30 ms).
    let mut file = Positioned { path, writer: None, at: 0 };
    let mut offset = 0;
    let mut i = 0;
    while i < parts.len() && i < last.len() && parts[i].len() == last[i].len() {
        if !Arc::ptr_eq(&parts[i], &last[i]) && parts[i] != last[i] {
            file.write_at(offset, &parts[i])?;
        }
        offset += parts[i].len() as u64;
        i += 1;
    }
    if i == parts.len() && i == last.len() {
        return file.finish(None);
    }
    // Opened and placed even when nothing follows: the file is cut there.
    file.write_at(offset, &[])?;
    let mut at = offset;
    for part in &parts[i..] {
        file.write_at(at, part)?;
        at += part.len() as u64;
    }
    file.finish(Some(at))
}

/// A file written at places of its own, through one buffer: a write where the last one ended
/// goes on without a seek.
struct Positioned<'a> {
    path: &'a Path,
    writer: Option<io::BufWriter<std::fs::File>>,
    /// Where the writer's next byte goes.
    at: u64,
}

impl Positioned<'_> {
    fn write_at(&mut self, offset: u64, bytes: &[u8]) -> io::Result<()> {
        let writer = match &mut self.writer {
            Some(writer) => {
                if self.at != offset {
                    writer.seek(SeekFrom::Start(offset))?;
                }
                writer
            }
            None => {
                let mut file = std::fs::OpenOptions::new().write(true).open(self.path)?;
                file.seek(SeekFrom::Start(offset))?;
                self.writer.insert(io::BufWriter::with_capacity(1 << 20, file))
            }
        };
        writer.write_all(bytes)?;
        self.at = offset + bytes.len() as u64;
        Ok(())
    }

    /// Flushed, and cut at `len` when given. Returns whether anything was written.
    fn finish(self, len: Option<u64>) -> io::Result<bool> {
        let Some(writer) = self.writer else { return Ok(false) };
        let file = writer.into_inner().map_err(io::IntoInnerError::into_error)?;
        if let Some(len) = len {
            file.set_len(len)?;
        }
        Ok(true)
    }
}

/// Whether the file at `path` holds exactly `parts`.
fn holds(path: &Path, parts: &[Part]) -> bool {
    let size: u64 = parts.iter().map(|p| p.len() as u64).sum();
    let Ok(file) = std::fs::File::open(path) else { return false };
    if !file.metadata().is_ok_and(|m| m.is_file() && m.len() == size) {
        return false;
    }
    let mut file = io::BufReader::with_capacity(1 << 20, file);
    let mut buffer = Vec::new();
    parts.iter().all(|part| {
        buffer.resize(part.len(), 0);
        file.read_exact(&mut buffer).is_ok() && buffer == **part
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(texts: &[&str]) -> Vec<Part> {
        texts.iter().map(|t| Part::from(t.as_bytes())).collect()
    }

    #[test]
    fn a_file_written_by_parts_holds_what_a_whole_write_would() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("feed.xml");
        let first = parts(&["<list>", "<a>1</a>", "<b>22</b>", "<c>3</c>", "</list>"]);
        assert!(write(&path, &first, None).unwrap());
        assert!(!write(&path, &first, None).unwrap(), "the same bytes are not written again");
        assert!(!write(&path, &first, Some(&first)).unwrap());
        let read = || std::fs::read_to_string(&path).unwrap();
        // A part of the same length, in place; the others shared.
        let mut second = first.clone();
        second[2] = Part::from(&b"<b>33</b>"[..]);
        assert!(write(&path, &second, Some(&first)).unwrap());
        assert_eq!(read(), "<list><a>1</a><b>33</b><c>3</c></list>");
        // Longer, shorter, a part gone, a part added.
        for texts in [
            &["<list>", "<a>1</a>", "<b>4444</b>", "<c>3</c>", "</list>"][..],
            &["<list>", "<a>1</a>", "<c>3</c>", "</list>"],
            &["<list>", "<a>1</a>", "<c>3</c>", "<d>5</d>", "</list>"],
            &["<list>"],
        ] {
            let now = parts(texts);
            assert!(write(&path, &now, Some(&second)).is_ok());
            assert_eq!(read(), texts.concat());
            second = now;
        }
        // A file changed behind the build's back (another size) is compared, not trusted.
        std::fs::write(&path, "other").unwrap();
        assert!(write(&path, &second, Some(&second)).unwrap());
        assert_eq!(read(), "<list>");
    }
}
