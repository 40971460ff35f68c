//! The one way files under the content folder are touched. Nothing there that is a symbolic link
//! (a file or a folder, anywhere below the folder) is read, copied, published or written through:
//! a link committed by a stranger, or left by an upload, could point at `/proc/self/environ`
//! or at a file outside the folder, and its target would land in an error's excerpt, in `dist/`
//! or under an import's writes. The content folder itself may be a link: the user named it.
//!
//! Readers open with `O_NOFOLLOW` and accept only a regular file; writers create their files
//! new, without following a link, in folders they checked are real folders inside the content
//! folder.

use std::fs::{File, OpenOptions};
use std::io::{self, Write as _};
use std::path::{Component, Path, PathBuf};

/// The start of the error for a link found in content (`estate check` reports each at its path).
pub const LINK_NOT_ALLOWED: &str = "symbolic links are not allowed in content: ";

/// The message for the link at `path`.
pub fn link_message(path: &Path) -> String {
    let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into());
    format!("{LINK_NOT_ALLOWED}`{name}` is a link; put the file or folder itself here")
}

/// A link met on the way to a file, or at its name: the error's inner error, so a caller can
/// tell this refusal from a failed write ([`link_in_the_way`]).
#[derive(Debug)]
struct LinkInTheWay(PathBuf);

impl std::fmt::Display for LinkInTheWay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.0.display(), link_message(&self.0))
    }
}

impl std::error::Error for LinkInTheWay {}

/// The error for a link met on the way to a file.
fn link_error(path: &Path) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, LinkInTheWay(path.to_path_buf()))
}

/// The link a function of this module refused to read or write through, when that is why
/// `error` happened.
pub fn link_in_the_way(error: &io::Error) -> Option<&Path> {
    error.get_ref()?.downcast_ref::<LinkInTheWay>().map(|link| link.0.as_path())
}

/// Every symbolic link under `root`, sorted, none followed (so none of what they point to is
/// listed either).
pub fn links_under(root: &Path) -> Vec<PathBuf> {
    let mut links: Vec<PathBuf> = walkdir::WalkDir::new(root)
        .min_depth(1)
        .into_iter()
        .filter_map(Result::ok)
        .filter(walkdir::DirEntry::path_is_symlink)
        .map(walkdir::DirEntry::into_path)
        .collect();
    links.sort();
    links
}

/// Whether `path` is a folder itself, not a link to one.
pub fn is_real_dir(path: &Path) -> bool {
    path.symlink_metadata().is_ok_and(|m| m.is_dir())
}

/// Options that do not follow a link at the path's last part (`O_NOFOLLOW`), and do not wait on
/// a named pipe (`O_NONBLOCK`; no effect on a regular file).
fn no_follow(options: &mut OpenOptions) -> &mut OpenOptions {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options
}

/// Opens the regular file at `path` for reading; a link, a folder, a device or a pipe is refused.
/// The type is checked on the opened file, so a file swapped for a link meanwhile is refused too.
pub fn open_regular(path: &Path) -> io::Result<File> {
    if path.symlink_metadata()?.file_type().is_symlink() {
        return Err(link_error(path));
    }
    let file = no_follow(OpenOptions::new().read(true)).open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
    }
    Ok(file)
}

/// The bytes of the regular file at `path` ([`open_regular`]).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    io::Read::read_to_end(&mut open_regular(path)?, &mut bytes)?;
    Ok(bytes)
}

/// The bytes of the file at `path` under `root`, when no part of the way is a link.
pub fn read_inside(root: &Path, path: &Path) -> io::Result<Vec<u8>> {
    check_way(root, path)?;
    read_regular(path)
}

/// The part of `path` below `root`: refused unless it is `root` joined with plain names.
fn below<'a>(root: &Path, path: &'a Path) -> io::Result<&'a Path> {
    let relative = path.strip_prefix(root).map_err(|_| outside(path))?;
    if relative.as_os_str().is_empty() || relative.components().any(|c| !matches!(c, Component::Normal(_))) {
        return Err(outside(path));
    }
    Ok(relative)
}

fn outside(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("{} is not inside the content folder", path.display()),
    )
}

/// Checks that `path` is inside `root` and that no part of it below `root` is a link (parts not
/// there yet are fine).
pub fn check_way(root: &Path, path: &Path) -> io::Result<()> {
    let mut at = root.to_path_buf();
    for part in below(root, path)?.components() {
        at.push(part);
        match at.symlink_metadata() {
            Ok(meta) if meta.file_type().is_symlink() => return Err(link_error(&at)),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Makes the folders of `path` below `root` that are missing, one at a time, refusing a link or
/// anything but a folder on the way.
fn make_folders(root: &Path, path: &Path) -> io::Result<()> {
    let relative = below(root, path)?;
    let mut at = root.to_path_buf();
    let parts: Vec<Component> = relative.components().collect();
    for part in &parts[..parts.len() - 1] {
        at.push(part);
        if let Err(e) = std::fs::create_dir(&at)
            && e.kind() != io::ErrorKind::AlreadyExists
        {
            return Err(e);
        }
        if !is_real_dir(&at) {
            return Err(if at.symlink_metadata()?.file_type().is_symlink() {
                link_error(&at)
            } else {
                io::Error::new(io::ErrorKind::InvalidInput, format!("{} is not a folder", at.display()))
            });
        }
    }
    Ok(())
}

/// Creates `path` new (never opening what is there, a link included) and writes `bytes` to it;
/// removed again when the write fails.
fn create_new(path: &Path, bytes: &[u8], sync: bool) -> io::Result<()> {
    let mut file = no_follow(OpenOptions::new().write(true).create_new(true)).open(path)?;
    let written = file.write_all(bytes).and_then(|()| if sync { file.sync_all() } else { Ok(()) });
    if written.is_err() {
        let _ = std::fs::remove_file(path);
    }
    written
}

/// A hidden name beside `path` for a file being written (editors' watchers ignore dot files),
/// with 64 random bits nobody can guess to plant something there first.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{:016x}.tmp", fastrand::u64(..)))
}

/// Writes `bytes` as the file `path` under `root`, whole: a new file directly, an existing one
/// through a new file beside it renamed over it (a rename replaces a link, never writes through
/// one, and a link there is refused anyway).
pub fn write(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    check_way(root, path)?;
    make_folders(root, path)?;
    match path.symlink_metadata() {
        Err(e) if e.kind() == io::ErrorKind::NotFound => create_new(path, bytes, false),
        Err(e) => Err(e),
        Ok(meta) if !meta.is_file() => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{} is not a regular file", path.display()),
        )),
        Ok(_) => {
            let temporary = temporary_beside(path);
            create_new(&temporary, bytes, false)?;
            std::fs::rename(&temporary, path).inspect_err(|_| {
                let _ = std::fs::remove_file(&temporary);
            })
        }
    }
}

/// Replaces the file `path` under `root` (or creates it) whole or not at all: a new hidden file
/// beside it, synced, then renamed over it, so an interruption leaves the last version as it was.
/// Anything there but a regular file (a link, a folder) is refused.
pub fn replace(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    check_way(root, path)?;
    make_folders(root, path)?;
    match path.symlink_metadata() {
        Ok(meta) if meta.file_type().is_symlink() => return Err(link_error(path)),
        Ok(meta) if !meta.is_file() => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a regular file", path.display()),
            ));
        }
        _ => {}
    }
    let temporary = temporary_beside(path);
    create_new(&temporary, bytes, true)?;
    std::fs::rename(&temporary, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&temporary);
    })
}

/// Writes `bytes` as the new file `path` under `root`, whole or not at all, and never over
/// anything already there (an `AlreadyExists` error then): written to a hidden new file, synced,
/// then linked to its name.
pub fn write_new(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    check_way(root, path)?;
    make_folders(root, path)?;
    let temporary = temporary_beside(path);
    create_new(&temporary, bytes, true)?;
    let linked = std::fs::hard_link(&temporary, path);
    let _ = std::fs::remove_file(&temporary);
    linked
}

/// Removes the file `path` under `root`, unless it or the way to it is a link.
pub fn remove(root: &Path, path: &Path) -> io::Result<()> {
    check_way(root, path)?;
    std::fs::remove_file(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_found_and_never_followed() {
        let root = tempfile::tempdir().expect("a folder");
        let outside = tempfile::tempdir().expect("a folder");
        std::fs::write(outside.path().join("secret"), "LEAD_PROXY_SECRET=s3cr3t").expect("written");
        std::fs::create_dir(root.path().join("media")).expect("a folder");
        std::os::unix::fs::symlink(outside.path(), root.path().join("media/x")).expect("a link");
        std::os::unix::fs::symlink(outside.path().join("secret"), root.path().join("a.yaml"))
            .expect("a link");
        assert_eq!(links_under(root.path()), vec![root.path().join("a.yaml"), root.path().join("media/x")]);
        let refused = read_regular(&root.path().join("a.yaml")).expect_err("a link");
        assert!(refused.to_string().contains(LINK_NOT_ALLOWED), "{refused}");
        assert!(read_inside(root.path(), &root.path().join("media/x/secret")).is_err());
    }

    #[test]
    fn writers_stay_inside_and_do_not_write_through_links() {
        let root = tempfile::tempdir().expect("a folder");
        let outside = tempfile::tempdir().expect("a folder");
        let root_path = root.path();
        std::os::unix::fs::symlink(outside.path(), root_path.join("media")).expect("a link");
        let dangling = root_path.join("properties/a.yaml");
        std::fs::create_dir(root_path.join("properties")).expect("a folder");
        std::os::unix::fs::symlink(outside.path().join("new"), &dangling).expect("a link");
        let refused =
            write(root_path, &root_path.join("media/properties/x/01.jpg"), b"x").expect_err("a link");
        assert_eq!(link_in_the_way(&refused), Some(root_path.join("media").as_path()), "{refused}");
        assert!(write(root_path, &dangling, b"x").is_err());
        let refused = write_new(root_path, &dangling, b"x").expect_err("a link");
        assert_eq!(link_in_the_way(&refused), Some(dangling.as_path()), "{refused}");
        assert!(refused.to_string().contains(LINK_NOT_ALLOWED), "{refused}");
        let escape = write(root_path, &root_path.join("../escape.yaml"), b"x").expect_err("outside");
        assert_eq!(link_in_the_way(&escape), None, "not a link: {escape}");
        assert!(remove(root_path, &root_path.join("media/secret")).is_err());
        assert_eq!(std::fs::read_dir(outside.path()).expect("listed").count(), 0);
        // Ordinary writes: new folders, a new file, then replaced; never over it with write_new.
        let file = root_path.join("blog/2024/post.md");
        write(root_path, &file, b"one").expect("written");
        write(root_path, &file, b"two").expect("replaced");
        assert_eq!(std::fs::read(&file).expect("there"), b"two");
        assert_eq!(
            write_new(root_path, &file, b"three").expect_err("taken").kind(),
            io::ErrorKind::AlreadyExists
        );
        assert_eq!(std::fs::read_dir(root_path.join("blog/2024")).expect("listed").count(), 1);
    }

    #[test]
    fn replace_never_writes_through_a_link_and_leaves_no_temporary() {
        let root = tempfile::tempdir().expect("a folder");
        let outside = tempfile::tempdir().expect("a folder");
        let (root_path, target) = (root.path(), outside.path().join("victim"));
        std::fs::write(&target, "outside").expect("written");
        std::fs::create_dir(root_path.join("market")).expect("a folder");
        let summary = root_path.join("market/transactions.json");
        std::os::unix::fs::symlink(&target, &summary).expect("a link");
        let refused = replace(root_path, &summary, b"{}").expect_err("a link");
        assert_eq!(link_in_the_way(&refused), Some(summary.as_path()), "{refused}");
        assert_eq!(std::fs::read_to_string(&target).expect("there"), "outside");
        std::fs::remove_file(&summary).expect("removed");
        replace(root_path, &summary, b"one").expect("created");
        replace(root_path, &summary, b"two").expect("replaced");
        assert_eq!(std::fs::read(&summary).expect("there"), b"two");
        assert_eq!(std::fs::read_dir(root_path.join("market")).expect("listed").count(), 1);
    }

    #[test]
    fn temporary_names_cannot_be_predicted() {
        let path = Path::new("/content/market/transactions.json");
        let (a, b) = (temporary_beside(path), temporary_beside(path));
        assert_ne!(a, b);
        let name = a.file_name().expect("a name").to_string_lossy().into_owned();
        assert!(name.starts_with(".transactions.json.") && name.ends_with(".tmp"), "{name}");
        assert!(!name.contains(&std::process::id().to_string()), "{name}");
    }
}
