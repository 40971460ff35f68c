//! The front end's build cache: what Vite's client and SSR builds wrote, kept under a hash of
//! everything they are built from, so a build whose front end did not change (a content edit,
//! `estate serve` bringing its second copy up to date) runs no Vite at all.
//!
//!   ROOT/<key>/client/...   what the client build wrote (index.html, .vite/manifest.json,
//!                           assets/, the files of public/)
//!   ROOT/<key>/ssr/...      the SSR bundle, as site/.ssr
//!   ROOT/<key>/entry.json   the files of both and their sizes, written last
//!
//! ROOT is `front-end/` beside the page cache (`.estate/cache/front-end` for
//! `.estate/cache/pages`; not `vite/`, a name a project may already use beside it): the
//! cache is used only with the page cache. An entry is written under `ROOT/.tmp-vite-*` and
//! renamed into place whole, so a killed build never leaves a half entry under a key; only the
//! latest two keys are kept.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use ring::digest;

/// Changes when what an entry holds (or how the key is made) changes: older entries then never
/// match.
const FORMAT: &str = "estate vite cache 1";

/// The files of the site folder that Vite's output depends on besides `src/` and `public/`
/// (and `tsconfig*.json`, `.env*`, found by name). `node_modules/.package-lock.json` is npm's
/// record of what is installed, in case it differs from the lock file.
const FILES: [&str; 5] =
    ["index.html", "vite.config.ts", "package.json", "package-lock.json", "node_modules/.package-lock.json"];

/// The folders of the site folder whose every file Vite's output depends on.
const FOLDERS: [&str; 2] = ["src", "public"];

/// How many entries are kept: the latest and the one before (switching a branch back and forth).
const KEEP: usize = 2;

/// Where the entry's record is, inside it.
const RECORD: &str = "entry.json";

/// The cache folder for the page cache `page_cache`: `front-end/` beside it.
pub fn root(page_cache: &Path) -> io::Result<PathBuf> {
    let page_cache = std::path::absolute(page_cache)?;
    Ok(page_cache.parent().unwrap_or(&page_cache).join("front-end"))
}

/// The environment variables the front end's build reads: `VITE_*` (exposed as
/// `import.meta.env.VITE_*`) and `NODE_ENV`, so switching one never restores a build made without.
pub fn vite_variables(vars: impl IntoIterator<Item = (OsString, OsString)>) -> Vec<(OsString, OsString)> {
    let mut vars: Vec<_> = vars
        .into_iter()
        .filter(|(name, _)| name == "NODE_ENV" || name.to_string_lossy().starts_with("VITE_"))
        .collect();
    vars.sort();
    vars
}

/// The hash (SHA-256, hex) of every file of `site_dir` that Vite's output depends on (their
/// paths inside it and bytes, sorted by path; a missing file counts as missing), the variables
/// `vars` and the arguments of the Vite commands `commands`. Not their times: a file touched but
/// not changed keeps the key.
pub fn key(site_dir: &Path, vars: &[(OsString, OsString)], commands: &[&[&str]]) -> io::Result<String> {
    let mut files: Vec<String> = FILES.iter().map(|f| (*f).to_owned()).collect();
    for entry in std::fs::read_dir(site_dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let tsconfig = name.starts_with("tsconfig") && name.ends_with(".json");
        if tsconfig || name.starts_with(".env") {
            files.push(name);
        }
    }
    for folder in FOLDERS {
        files.extend(files_under(&site_dir.join(folder))?.into_iter().map(|f| format!("{folder}/{f}")));
    }
    files.sort();
    files.dedup();
    let mut hash = digest::Context::new(&digest::SHA256);
    hash.update(FORMAT.as_bytes());
    for file in &files {
        match std::fs::read(site_dir.join(file)) {
            Ok(bytes) => {
                hash.update(format!("\0file\0{file}\0{}\0", bytes.len()).as_bytes());
                hash.update(&bytes);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                hash.update(format!("\0missing\0{file}").as_bytes())
            }
            Err(e) => {
                return Err(io::Error::new(e.kind(), format!("{}: {e}", site_dir.join(file).display())));
            }
        }
    }
    for (name, value) in vars {
        hash.update(b"\0env\0");
        hash.update(name.as_encoded_bytes());
        hash.update(b"=");
        hash.update(value.as_encoded_bytes());
    }
    for command in commands {
        hash.update(b"\0command");
        for arg in *command {
            hash.update(format!("\0{arg}").as_bytes());
        }
    }
    Ok(hash.finish().as_ref().iter().map(|b| format!("{b:02x}")).collect())
}

/// Every file under `dir` (following links), as `/`-separated paths inside it, sorted; none
/// when there is no `dir`.
fn files_under(dir: &Path) -> io::Result<Vec<String>> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        let entry = entry.map_err(io::Error::other)?;
        if entry.file_type().is_file() {
            let relative = entry.path().strip_prefix(dir).map_err(io::Error::other)?;
            let parts: Vec<_> = relative.iter().map(|p| p.to_string_lossy()).collect();
            files.push(parts.join("/"));
        }
    }
    files.sort();
    Ok(files)
}

/// The files of an entry and their sizes, by `/`-separated path inside `client/` and `ssr/`.
#[derive(serde::Serialize, serde::Deserialize)]
struct Record {
    key: String,
    client: Vec<(String, u64)>,
    ssr: Vec<(String, u64)>,
}

/// A complete entry of the cache.
pub struct Entry {
    dir: PathBuf,
    record: Record,
}

impl Entry {
    /// The entry of `key` under `root`, if there is one and every file it records is there with
    /// its size (a cache restored in part is not used).
    pub fn find(root: &Path, key: &str) -> Option<Entry> {
        let dir = root.join(key);
        let text = std::fs::read_to_string(dir.join(RECORD)).ok()?;
        let record: Record = serde_json::from_str(&text).ok()?;
        let complete = |part: &str, files: &[(String, u64)]| {
            files.iter().all(|(file, size)| {
                std::fs::metadata(dir.join(part).join(file)).is_ok_and(|m| m.is_file() && m.len() == *size)
            })
        };
        (record.key == key && complete("client", &record.client) && complete("ssr", &record.ssr))
            .then_some(Entry { dir, record })
    }

    /// Puts the client build's files into `out` (the others there are left) and makes `ssr_dir`
    /// hold exactly the SSR bundle. Files already identical are not written, so they keep their
    /// times. Marks the entry as the latest used.
    pub fn restore(&self, out: &Path, ssr_dir: &Path) -> io::Result<()> {
        copy_files(&self.dir.join("client"), out, &self.record.client)?;
        copy_files(&self.dir.join("ssr"), ssr_dir, &self.record.ssr)?;
        let wanted: std::collections::HashSet<PathBuf> =
            self.record.ssr.iter().map(|(file, _)| ssr_dir.join(file)).collect();
        for entry in walkdir::WalkDir::new(ssr_dir).contents_first(true).into_iter().filter_map(Result::ok) {
            if entry.file_type().is_dir() {
                // Emptied folders go; the others stay (remove_dir fails on them).
                if entry.path() != ssr_dir {
                    let _ = std::fs::remove_dir(entry.path());
                }
            } else if !wanted.contains(entry.path()) {
                std::fs::remove_file(entry.path())?;
            }
        }
        touch(&self.dir);
        Ok(())
    }
}

/// Copies `files` from `from` to `to`, each only when `to` lacks it or holds other bytes.
pub fn copy_files(from: &Path, to: &Path, files: &[(String, u64)]) -> io::Result<()> {
    for (file, size) in files {
        let (source, target) = (from.join(file), to.join(file));
        let same = std::fs::metadata(&target).is_ok_and(|m| m.is_file() && m.len() == *size)
            && std::fs::read(&target)? == std::fs::read(&source)?;
        if !same {
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            // Into a new file: `target` may be a hard link to a file elsewhere.
            let _ = std::fs::remove_file(&target);
            std::fs::copy(&source, &target)?;
        }
    }
    Ok(())
}

fn touch(dir: &Path) {
    if let Ok(file) = std::fs::File::open(dir) {
        let _ = file.set_modified(SystemTime::now());
    }
}

/// An entry being written: `ROOT/.tmp-vite-<key's start>-<pid>/`, renamed to `ROOT/<key>` by
/// [`Staging::commit`]; removed when dropped before.
pub struct Staging {
    root: PathBuf,
    dir: PathBuf,
    key: String,
}

impl Staging {
    pub fn new(root: &Path, key: &str) -> io::Result<Staging> {
        let dir = root.join(format!(".tmp-vite-{}-{}", &key[..key.len().min(12)], std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)?;
        Ok(Staging { root: root.to_path_buf(), dir, key: key.to_owned() })
    }

    /// Where the client build writes.
    pub fn client(&self) -> PathBuf {
        self.dir.join("client")
    }

    /// The client build's files and sizes.
    pub fn client_files(&self) -> io::Result<Vec<(String, u64)>> {
        sized(&self.client())
    }

    /// Copies the SSR bundle in `ssr_dir`, records the entry and puts it in place, then deletes
    /// all but the latest entries.
    pub fn commit(self, ssr_dir: &Path) -> io::Result<()> {
        let ssr = sized(ssr_dir)?;
        copy_files(ssr_dir, &self.dir.join("ssr"), &ssr)?;
        let record = Record { key: self.key.clone(), client: self.client_files()?, ssr };
        std::fs::write(self.dir.join(RECORD), serde_json::to_vec(&record).map_err(io::Error::other)?)?;
        let target = self.root.join(&self.key);
        if target.exists() {
            // Another build stored the same key meanwhile, or an earlier incomplete entry.
            std::fs::remove_dir_all(&target)?;
        }
        std::fs::rename(&self.dir, &target)?;
        prune(&self.root, &self.key)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn sized(dir: &Path) -> io::Result<Vec<(String, u64)>> {
    let mut sized = Vec::new();
    for file in files_under(dir)? {
        let size = std::fs::metadata(dir.join(&file))?.len();
        sized.push((file, size));
    }
    Ok(sized)
}

/// Deletes the entries of `root` but `key` and the latest used others ([`KEEP`] in all), and
/// folders of entries left unfinished over an hour ago (a killed build). Only what the cache
/// writes: folders named by a key or `.tmp-vite-*`.
fn prune(root: &Path, key: &str) -> io::Result<()> {
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(root)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let modified = entry.metadata()?.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        if name.starts_with(".tmp-vite-") {
            if modified.elapsed().unwrap_or_default() > Duration::from_secs(3600) {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        } else if name != key && name.len() == 64 && name.bytes().all(|b| b.is_ascii_hexdigit()) {
            entries.push((modified, entry.path()));
        }
    }
    entries.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    for (_, dir) in entries.into_iter().skip(KEEP - 1) {
        std::fs::remove_dir_all(dir)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMANDS: [&[&str]; 1] = [&["build", "--outDir", "OUT"]];

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path();
        std::fs::create_dir_all(site.join("src/pages")).unwrap();
        std::fs::create_dir_all(site.join("public")).unwrap();
        for (file, text) in [
            ("src/main.tsx", "main"),
            ("src/pages/Home.tsx", "home"),
            ("public/favicon.svg", "<svg/>"),
            ("index.html", "<html>"),
            ("package.json", "{}"),
            ("tsconfig.json", "{}"),
        ] {
            std::fs::write(site.join(file), text).unwrap();
        }
        dir
    }

    fn key_of(site: &Path) -> String {
        key(site, &[], &COMMANDS).unwrap()
    }

    #[test]
    fn the_key_follows_the_files_bytes_not_their_times() {
        let dir = site();
        let site = dir.path();
        let first = key_of(site);
        assert_eq!(first.len(), 64);
        assert_eq!(key_of(site), first, "the same files, the same key");
        // Rewritten with the same bytes, a day later: the same key.
        let file = std::fs::File::options().write(true).open(site.join("src/pages/Home.tsx")).unwrap();
        file.set_modified(SystemTime::now() + Duration::from_secs(86_400)).unwrap();
        std::fs::write(site.join("index.html"), "<html>").unwrap();
        assert_eq!(key_of(site), first, "a time is not an input");
        std::fs::write(site.join("src/pages/Home.tsx"), "home!").unwrap();
        let changed = key_of(site);
        assert_ne!(changed, first, "a changed file");
        std::fs::write(site.join("src/pages/Home.tsx"), "home").unwrap();
        assert_eq!(key_of(site), first, "changed back");
    }

    #[test]
    fn an_added_removed_or_renamed_file_changes_the_key() {
        let dir = site();
        let site = dir.path();
        let first = key_of(site);
        std::fs::write(site.join("src/pages/About.tsx"), "").unwrap();
        let added = key_of(site);
        assert_ne!(added, first, "an added (empty) file");
        std::fs::rename(site.join("src/pages/About.tsx"), site.join("src/pages/Contact.tsx")).unwrap();
        assert_ne!(key_of(site), added, "a renamed file");
        std::fs::remove_file(site.join("src/pages/Contact.tsx")).unwrap();
        assert_eq!(key_of(site), first);
        for (file, text) in
            [("tsconfig.node.json", "{}"), (".env.production", "VITE_X=1"), ("vite.config.ts", "")]
        {
            std::fs::write(site.join(file), text).unwrap();
            assert_ne!(key_of(site), first, "{file} added");
            std::fs::remove_file(site.join(file)).unwrap();
        }
        std::fs::write(site.join("public/robots.txt"), "").unwrap();
        assert_ne!(key_of(site), first, "a public file");
        std::fs::remove_file(site.join("public/robots.txt")).unwrap();
        // Files Vite does not read.
        std::fs::create_dir_all(site.join("e2e")).unwrap();
        std::fs::write(site.join("e2e/home.test.mjs"), "").unwrap();
        std::fs::write(site.join("README.md"), "").unwrap();
        assert_eq!(key_of(site), first, "files Vite does not read");
    }

    #[test]
    fn vite_variables_and_arguments_change_the_key() {
        let dir = site();
        let site = dir.path();
        let first = key_of(site);
        let vars = |list: &[(&str, &str)]| {
            vite_variables(list.iter().map(|(name, value)| (OsString::from(name), OsString::from(value))))
        };
        assert_eq!(key(site, &vars(&[("HOME", "/root"), ("PATH", "/bin")]), &COMMANDS).unwrap(), first);
        let api = key(site, &vars(&[("VITE_API", "a"), ("PATH", "/bin")]), &COMMANDS).unwrap();
        assert_ne!(api, first);
        assert_ne!(key(site, &vars(&[("VITE_API", "b")]), &COMMANDS).unwrap(), api);
        assert_ne!(key(site, &vars(&[("NODE_ENV", "development")]), &COMMANDS).unwrap(), first);
        assert_ne!(key(site, &[], &[&["build", "--outDir", "OTHER"]]).unwrap(), first);
    }

    /// A cache root with an entry stored for `key` from `client` files and an SSR folder.
    fn store(root: &Path, ssr_dir: &Path, key: &str, client: &[(&str, &str)]) {
        let staging = Staging::new(root, key).unwrap();
        for (file, text) in client {
            let path = staging.client().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        staging.commit(ssr_dir).unwrap();
    }

    #[test]
    fn an_entry_restores_the_client_files_and_exactly_the_ssr_bundle() {
        let dir = tempfile::tempdir().unwrap();
        let (root, out, ssr) =
            (dir.path().join("front-end"), dir.path().join("dist"), dir.path().join(".ssr"));
        std::fs::create_dir_all(ssr.join("assets")).unwrap();
        std::fs::write(ssr.join("entry-server.js"), "server").unwrap();
        std::fs::write(ssr.join("assets/chunk.js"), "chunk").unwrap();
        let key = "a".repeat(64);
        store(&root, &ssr, &key, &[("index.html", "<!--app-html-->"), ("assets/app.js", "app")]);
        assert!(!std::fs::read_dir(&root).unwrap().any(|e| e.unwrap().file_name() != key.as_str()));

        // The SSR folder changed since (another build); the output folder holds the content's files.
        std::fs::remove_file(ssr.join("assets/chunk.js")).unwrap();
        std::fs::write(ssr.join("entry-server.js"), "other").unwrap();
        std::fs::write(ssr.join("extra.js"), "extra").unwrap();
        std::fs::create_dir_all(out.join("assets")).unwrap();
        std::fs::write(out.join("data.json"), "{}").unwrap();
        std::fs::write(out.join("assets/app.js"), "app").unwrap();
        let long_ago = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        std::fs::File::options()
            .write(true)
            .open(out.join("assets/app.js"))
            .unwrap()
            .set_modified(long_ago)
            .unwrap();

        let entry = Entry::find(&root, &key).expect("the entry");
        entry.restore(&out, &ssr).unwrap();
        assert_eq!(std::fs::read_to_string(out.join("index.html")).unwrap(), "<!--app-html-->");
        assert_eq!(std::fs::read_to_string(out.join("data.json")).unwrap(), "{}", "other files stay");
        let modified = std::fs::metadata(out.join("assets/app.js")).unwrap().modified().unwrap();
        assert_eq!(modified, long_ago, "an identical file is not rewritten");
        assert_eq!(files_under(&ssr).unwrap(), ["assets/chunk.js", "entry-server.js"]);
        assert_eq!(std::fs::read_to_string(ssr.join("entry-server.js")).unwrap(), "server");

        // A file of the entry lost (a cache restored in part): no entry.
        std::fs::write(root.join(&key).join("client/assets/app.js"), "ap").unwrap();
        assert!(Entry::find(&root, &key).is_none());
        assert!(Entry::find(&root, &"b".repeat(64)).is_none());
    }

    #[test]
    fn only_the_latest_two_entries_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let (root, ssr) = (dir.path().join("front-end"), dir.path().join(".ssr"));
        std::fs::create_dir_all(&ssr).unwrap();
        std::fs::write(ssr.join("entry-server.js"), "server").unwrap();
        // Not the cache's: never deleted.
        std::fs::create_dir_all(root.join("notes")).unwrap();
        for (n, key) in ["1", "2", "3"].iter().map(|c| c.repeat(64)).enumerate() {
            store(&root, &ssr, &key, &[("index.html", "x")]);
            let when = SystemTime::now() - Duration::from_secs(100 - n as u64);
            std::fs::File::open(root.join(&key)).unwrap().set_modified(when).unwrap();
        }
        let mut names: Vec<String> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["2".repeat(64), "3".repeat(64), "notes".to_owned()]);
    }
}
