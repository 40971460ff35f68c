//! Reading a content file's text. Only a regular file is opened, never through a link (a link to
//! `/dev/zero` would hang `check`, one to `/proc/self/environ` print the build's secrets in an
//! excerpt), at most [`MAX_BYTES`] are read, and a byte that is not UTF-8 is reported at its own
//! line and column, where an editor can find it. Error excerpts are read here too, so they show
//! only such files.

use std::io::Read;
use std::path::Path;

use super::safe_fs;
use super::yaml::Pos;

/// Far above any real listing or post; a content file this big is a mistake.
pub const MAX_BYTES: u64 = 8 * 1024 * 1024;

/// Why a file's text could not be read, and where.
#[derive(Debug, PartialEq)]
pub struct ReadProblem {
    pub pos: Pos,
    pub message: String,
}

impl ReadProblem {
    fn at_start(message: String) -> Self {
        ReadProblem { pos: Pos::START, message }
    }
}

/// The UTF-8 text of the regular file at `path`.
pub fn read_text(path: &Path) -> Result<String, ReadProblem> {
    let cannot = |e: std::io::Error| ReadProblem::at_start(format!("cannot read the file: {e}"));
    let meta = std::fs::symlink_metadata(path).map_err(cannot)?;
    if meta.file_type().is_symlink() {
        return Err(ReadProblem::at_start(safe_fs::link_message(path)));
    }
    if !meta.is_file() {
        let what =
            if meta.is_dir() { "a folder" } else { "not a regular file (a device, a pipe or a socket)" };
        return Err(ReadProblem::at_start(format!("{what}: content files must be files")));
    }
    let mut bytes = Vec::new();
    safe_fs::open_regular(path)
        .and_then(|f| f.take(MAX_BYTES + 1).read_to_end(&mut bytes))
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(ReadProblem::at_start(format!(
            "the file is over {} MB: content files are text records, media belong in content/media/",
            MAX_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let valid = e.utf8_error().valid_up_to();
        not_utf8(&bytes[..valid], bytes[valid])
    })
}

/// The problem for the first byte that is not UTF-8, `bad`, after the valid text `before`.
fn not_utf8(before: &[u8], bad: u8) -> ReadProblem {
    // `before` is valid UTF-8 by construction.
    let text = std::str::from_utf8(before).unwrap_or_default();
    let line = text.matches('\n').count() as u32 + 1;
    let line_start = text.rfind('\n').map_or(0, |i| i + 1);
    let col = text[line_start..].chars().count() as u32 + 1;
    ReadProblem {
        pos: Pos { line, col },
        message: format!(
            "the file is not UTF-8 text: byte 0x{bad:02X} cannot be read; save the file as UTF-8"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_placed_at_its_own_line_and_column() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("x.yaml");
        std::fs::write(&path, b"title: ok\nlocation: Dub\xE9ai\n").expect("written");
        let problem = read_text(&path).expect_err("not UTF-8");
        assert_eq!(problem.pos, Pos { line: 2, col: 14 });
        assert!(problem.message.contains("byte 0xE9"), "{}", problem.message);
        // Columns count characters, as editors do: 'é' before the bad byte is one column.
        std::fs::write(&path, "a: é".bytes().chain([0xFF]).collect::<Vec<u8>>()).expect("written");
        assert_eq!(read_text(&path).expect_err("not UTF-8").pos, Pos { line: 1, col: 5 });
    }

    #[test]
    fn only_regular_files_are_read_and_never_more_than_the_limit() {
        let dir = tempfile::tempdir().expect("a folder");
        let link = dir.path().join("zero.yaml");
        std::os::unix::fs::symlink("/dev/zero", &link).expect("a link");
        let problem = read_text(&link).expect_err("a link");
        assert!(problem.message.starts_with(safe_fs::LINK_NOT_ALLOWED), "{}", problem.message);
        let big = dir.path().join("big.yaml");
        std::fs::write(&big, vec![b'a'; MAX_BYTES as usize + 1]).expect("written");
        assert!(read_text(&big).expect_err("too big").message.contains("over 8 MB"));
        std::fs::write(&big, "title: fine\n").expect("written");
        assert_eq!(read_text(&big), Ok("title: fine\n".to_owned()));
    }
}
