//! What the integration tests share (`crate::support` in each module of `tests/it/`): where the
//! repository and the fixtures are, running the `estate` binary, and copies of content to change.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

mod feed_server;
#[allow(dead_code)] // the random-edit tests use all of it, other modules none
pub mod random_edits;
#[allow(dead_code)] // each test module uses some of it
pub mod serve;
mod tree;

#[allow(unused_imports)] // snapshot: only some test files compare trees
pub use tree::{copy_tree, snapshot};

#[allow(unused_imports)] // only the import tests fetch over HTTP
pub use feed_server::{empty_content, feed_listing, listing_files, photo_site, serve};

/// The repository's root, absolute.
pub fn repo() -> &'static Path {
    static REPO: OnceLock<PathBuf> = OnceLock::new();
    REPO.get_or_init(|| {
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).canonicalize().expect("the repository")
    })
}

/// A folder that `build` fills once for the whole test run, shared by every test process of it.
/// nextest runs each test in a process of its own, where a `OnceLock` alone would build it once
/// per test (a site build takes tens of seconds): under nextest the folder is
/// `target/test-fixtures/{name}-{NEXTEST_RUN_ID}`, built by the first process that asks, under
/// a file lock the others wait on (the folders of earlier runs are removed then). Under
/// `cargo test`, one process runs every test of a file: a temporary folder of its own.
/// Keep the result in a `OnceLock` so a process asks once.
pub fn shared_fixture(name: &str, build: impl FnOnce(&Path)) -> Fixture {
    let Ok(run) = std::env::var("NEXTEST_RUN_ID") else {
        let temporary = tempfile::tempdir().expect("a temporary folder");
        build(temporary.path());
        return Fixture { path: temporary.path().to_path_buf(), _temporary: Some(temporary) };
    };
    let root = repo().join("target/test-fixtures");
    std::fs::create_dir_all(&root).expect("target/test-fixtures");
    let lock = std::fs::File::create(root.join(format!("{name}.lock"))).expect("the fixture's lock");
    lock.lock().expect("the fixture's lock");
    let path = root.join(format!("{name}-{run}"));
    let done = path.join(".built");
    if !done.exists() {
        for entry in std::fs::read_dir(&root).expect("target/test-fixtures").flatten() {
            let other = entry.file_name().to_string_lossy().into_owned();
            if other.starts_with(&format!("{name}-")) && entry.path().is_dir() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
        std::fs::create_dir_all(&path).expect("the fixture's folder");
        build(&path);
        std::fs::write(&done, "").expect("the fixture's marker");
    }
    Fixture { path, _temporary: None }
}

/// What [`shared_fixture`] built.
pub struct Fixture {
    path: PathBuf,
    /// Removed with the fixture under `cargo test`; kept for the run's other processes under nextest.
    _temporary: Option<tempfile::TempDir>,
}

impl Fixture {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `generator/tests/fixtures`.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A temporary folder holding a copy of the content folder `from` as `content/`.
pub fn content_copy(from: &Path) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    copy_tree(from, &dir.path().join("content"), &[]);
    dir
}

/// A copy of the sample agency (site, team, developers, vocabularies, the media but the
/// listings' photos) in `content/` of a temporary folder, with `listings` (file name, text) as its
/// only listings. Each listing's `media/default-property.jpg` becomes a made-up photo of its own:
/// a photo two listings show is a warning, which is not what these listings are about.
pub fn sample_with_listings(listings: &[(&str, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_tree(&repo().join("content"), &content, &["properties", "blog"]);
    std::fs::create_dir_all(content.join("properties")).unwrap();
    std::fs::create_dir_all(content.join("media/properties")).unwrap();
    for (seed, (name, text)) in listings.iter().enumerate() {
        let photo = format!("media/properties/{}.jpg", name.trim_end_matches(".yaml"));
        let pixels = raster::demo_photo(640, 480, seed as u64 + 1);
        std::fs::write(content.join(&photo), raster::encode_jpeg(&pixels, 82).unwrap()).unwrap();
        let text = text.replace("media/default-property.jpg", &photo);
        std::fs::write(content.join("properties").join(name), text).unwrap();
    }
    dir
}

/// The `estate` binary, to run in `dir`. Every test shares one image cache under `target/`
/// (unless `ESTATE_IMAGE_CACHE` is set already), so the photos are processed once per run.
pub fn estate_command(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_estate"));
    command.current_dir(dir);
    if std::env::var_os("ESTATE_IMAGE_CACHE").is_none() {
        command.env("ESTATE_IMAGE_CACHE", shared_image_cache());
    }
    command
}

/// `target/test-image-cache`: the image cache the tests share (writes to it are atomic).
pub fn shared_image_cache() -> PathBuf {
    repo().join("target/test-image-cache")
}

/// Runs `estate ARGS` in `dir` to its end.
pub fn estate(dir: &Path, args: &[&str]) -> Run {
    run(estate_command(dir).args(args))
}

/// Runs `command` to its end.
pub fn run(command: &mut Command) -> Run {
    Run::from(command.output().expect("estate runs"))
}

/// How a run of `estate` ended.
#[derive(Debug)]
pub struct Run {
    /// The exit code, -1 when killed by a signal.
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn success(&self) -> bool {
        self.code == 0
    }
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }
}

/// Both outputs, for assertions on what an editor sees in the terminal.
impl fmt::Display for Run {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.stdout, self.stderr)
    }
}

/// A translation-coverage warning (a record without Arabic or Russian): fixtures written for other
/// checks are untranslated, so tests of those checks leave these out (tests/vocabulary.rs tests them).
pub fn is_coverage_warning(line: &str) -> bool {
    line.contains("no Arabic translation")
        || line.contains("no Russian translation")
        // A vocabulary term (a payment-plan stage) named in one language only.
        || line.contains("has no Arabic name (ar)")
        || line.contains("has no Russian name (ru)")
}

/// A warning that a published listing is left out of the portal feed for a field the portals
/// require: fixtures written for other checks lack those fields, so tests of those checks leave
/// these out (tests/syndication.rs tests them).
pub fn is_portal_feed_warning(line: &str) -> bool {
    line.contains("left out of the portal feed")
}

/// Every media value of a content file's `text` not in the one stored form, `/media/…`: each
/// `media/…` that does not follow a `/` (a path under `content/` written as a value, which the
/// browser CMS's media library does not see used).
#[allow(dead_code)] // only the modules of the writers of content use it
pub fn relative_media(text: &str) -> Vec<String> {
    text.match_indices("media/")
        .filter(|&(at, _)| {
            !text[..at].ends_with(|c: char| c == '/' || c.is_alphanumeric() || "_.-".contains(c))
        })
        .map(|(at, _)| {
            text[at..].split([' ', ',', ']', '}', '\n', '"', '\'']).next().unwrap_or("").to_owned()
        })
        .collect()
}

/// [`relative_media`] of every YAML and markdown file under `dir`: each as `file: value`.
#[allow(dead_code)] // only the modules of the writers of content use it
pub fn relative_media_in(dir: &Path) -> Vec<String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| matches!(e.path().extension().and_then(|x| x.to_str()), Some("yaml" | "yml" | "md")))
        .flat_map(|e| {
            let text = std::fs::read_to_string(e.path()).unwrap_or_default();
            let file = e.path().display().to_string();
            relative_media(&text).into_iter().map(move |value| format!("{file}: {value}"))
        })
        .collect()
}
