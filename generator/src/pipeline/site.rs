//! The site stage of `estate build`: installs the front end's packages when they are missing,
//! runs Vite's client and SSR builds (or takes their output from the cache when the front end
//! did not change), then the prerender script that writes every page.
//! `estate serve` reruns only the prerender when just the content changed.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use contract::routes::Routes;

use super::vite_cache;
pub use pages_gone::{RoutesChange, remove_stale_pages};
use pages_gone::{page_roots, remove_pages_gone};

mod pages_gone;

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("the site folder {0} has no package.json")]
    NoSite(PathBuf),
    #[error("cannot run `{command}`: {source} (is Node.js 24 with npm installed? .nvmrc names the version)")]
    Spawn { command: String, source: std::io::Error },
    #[error("`{command}` failed ({status}); its output is above")]
    Failed { command: String, status: std::process::ExitStatus },
    #[error("the site in {0} has not been built yet (no .ssr/entry-server.js); run a full build first")]
    NotBuilt(PathBuf),
    #[error("cannot prepare {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("the prerender failed: {}", .0.join("\n  "))]
    Prerender(Vec<String>),
}

/// What the page stage did: its seconds, and the pages it wrote, when known; the other pages
/// are as the last build left them.
#[derive(Debug)]
pub struct SiteRun {
    pub seconds: f64,
    pub written: Option<Written>,
    /// The page folders of listings and posts no longer published, removed.
    pub removed: Vec<PathBuf>,
}

fn run(dir: &Path, program: &str, args: &[&str]) -> Result<(), SiteError> {
    start(dir, program, args)?.wait()
}

/// A command started in a folder, its output going to ours.
struct Running {
    command: String,
    child: Child,
}

fn start(dir: &Path, program: &str, args: &[&str]) -> Result<Running, SiteError> {
    let command = format!("{program} {}", args.join(" "));
    println!("estate build: {command}");
    let child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .spawn()
        .map_err(|source| SiteError::Spawn { command: command.clone(), source })?;
    Ok(Running { command, child })
}

impl Running {
    fn wait(mut self) -> Result<(), SiteError> {
        let status =
            self.child.wait().map_err(|source| SiteError::Spawn { command: self.command.clone(), source })?;
        if status.success() { Ok(()) } else { Err(SiteError::Failed { command: self.command, status }) }
    }

    /// Stopped, when another build's failure has made its work useless.
    fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `npm ci`: exactly the lock file's packages (it names every platform's native ones).
fn install_packages(site_dir: &Path) -> Result<(), SiteError> {
    run(site_dir, "npm", &["ci", "--no-audit", "--no-fund"])
}

/// Builds the pages of the site in `site_dir` into `out` (which already holds the content
/// stage's JSON, whose listing and post pages are `routes`). With a page cache, Vite's output is
/// cached too (beside it, see [`vite_cache`]): a build whose front end did not change runs no
/// Vite. `early`: the prerender started with the build ([`Early`]), told now to render.
pub fn build(
    site_dir: &Path,
    out: &Path,
    cache: Option<&Path>,
    warm: Option<&Warm>,
    routes: &Routes,
    early: Option<Early>,
) -> Result<SiteRun, SiteError> {
    let started = Instant::now();
    if !site_dir.join("package.json").is_file() {
        return Err(SiteError::NoSite(site_dir.to_path_buf()));
    }
    if !site_dir.join("node_modules").is_dir() {
        install_packages(site_dir)?;
    }
    let out = std::path::absolute(out).map_err(|source| SiteError::Io { path: out.to_path_buf(), source })?;
    // The warm prerender's workers hold the old SSR bundle.
    if let Some(warm) = warm {
        warm.stop();
    }
    match cache {
        None => build_front_end(site_dir, &out, None)?,
        Some(page_cache) => cached_front_end(site_dir, &out, page_cache)?,
    }
    // An output without page folders (a fresh one, as CI's) gets only this build's pages: none
    // is stale, and 30,000 folders need not be looked through for them.
    let had_pages = page_roots(&out).any(|(root, _)| root.is_dir());
    let written = match (warm, cache, early) {
        (Some(warm), Some(cache), _) => warm.render(site_dir, &out, cache, None, None)?,
        (None, Some(cache), Some(early)) => match early.finish(cache)? {
            Finished::Rendered(written) => written,
            Finished::Again => run_prerender(site_dir, &out, Some(cache))?,
        },
        _ => run_prerender(site_dir, &out, cache)?,
    };
    let removed = if had_pages { remove_stale_pages(&out, routes)? } else { Vec::new() };
    Ok(SiteRun { seconds: started.elapsed().as_secs_f64(), written, removed })
}

/// `estate build`'s prerender with a page cache, started with the build (`node
/// scripts/prerender.mjs --wait`): Node loads the SSR bundle and the page cache's manifest while
/// the content stage reads the content and writes the output, and renders once told the output
/// is ready ([`build`]). It reads nothing of the output before then, and writes nothing: a build
/// the content stops ends it (dropped) with no trace. A front end built or restored meanwhile
/// makes it end without rendering (it finds its bundle changed), and the prerender runs again.
pub struct Early {
    child: Child,
    go: Option<ChildStdin>,
    command: String,
}

/// How an [`Early`] prerender ended.
enum Finished {
    Rendered(Option<Written>),
    /// Its SSR bundle changed while it waited, or it was gone before it was told to render:
    /// the prerender is to run again.
    Again,
}

/// The exit code of a prerender whose SSR bundle changed while it waited (`STALE_BUNDLE` in
/// scripts/prerender.mjs).
const STALE_BUNDLE: i32 = 75;

/// `node scripts/prerender.mjs --dist OUT --cache CACHE MODE` run in the site's folder, and the
/// command as the build prints it and names it in errors.
fn prerender_process(site_dir: &Path, out: &Path, cache: &Path, mode: &str) -> (Command, String) {
    let args = [
        "scripts/prerender.mjs".as_ref(),
        "--dist".as_ref(),
        out.as_os_str(),
        "--cache".as_ref(),
        cache.as_os_str(),
        mode.as_ref(),
    ];
    let command = format!("node {}", args.iter().map(|a| a.to_string_lossy()).collect::<Vec<_>>().join(" "));
    let mut node = Command::new("node");
    node.args(args).current_dir(site_dir);
    (node, command)
}

impl Early {
    /// Started, when the site has its packages and an SSR bundle (a first build has neither yet:
    /// its prerender starts after Vite's build), and a prerender script that knows `--wait` (one
    /// that does not would render at once, into an output not written yet).
    pub fn start(site_dir: &Path, out: &Path, cache: &Path) -> Option<Early> {
        let script = site_dir.join("scripts/prerender.mjs");
        let ready = site_dir.join("package.json").is_file()
            && site_dir.join("node_modules").is_dir()
            && site_dir.join(SSR_DIR).join("entry-server.js").is_file()
            && std::fs::read_to_string(&script).is_ok_and(|text| text.contains("'--wait'"));
        if !ready {
            return None;
        }
        let (out, cache) = (std::path::absolute(out).ok()?, std::path::absolute(cache).ok()?);
        let (mut node, command) = prerender_process(site_dir, &out, &cache, "--wait");
        let mut child = node.stdin(Stdio::piped()).spawn().ok()?;
        let go = child.stdin.take();
        Some(Early { child, go, command })
    }

    /// Tells it the output is ready and waits for it to render.
    fn finish(mut self, cache: &Path) -> Result<Finished, SiteError> {
        println!("estate build: {}", self.command);
        let cache = std::path::absolute(cache)
            .map_err(|source| SiteError::Io { path: cache.to_path_buf(), source })?;
        let _ = std::fs::remove_file(cache.join(WRITTEN_LIST));
        let told =
            self.go.take().is_some_and(|mut go| go.write_all(b"go\n").and_then(|()| go.flush()).is_ok());
        let status =
            self.child.wait().map_err(|source| SiteError::Spawn { command: self.command.clone(), source })?;
        if !told || status.code() == Some(STALE_BUNDLE) {
            return Ok(Finished::Again);
        }
        if !status.success() {
            return Err(SiteError::Failed { command: self.command.clone(), status });
        }
        // A missing or unreadable list: every page counts as rendered.
        let written = std::fs::read(cache.join(WRITTEN_LIST))
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok());
        Ok(Finished::Rendered(written))
    }
}

impl Drop for Early {
    fn drop(&mut self) {
        // Not told to render (the build stopped before its pages): ended.
        if self.go.is_some() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Where Vite's SSR build goes, inside the site folder; the prerender reads it (and the page
/// template it keeps beside it).
const SSR_DIR: &str = ".ssr";

/// Stands for the client build's output folder in its arguments.
const OUT_DIR: &str = "{out}";

/// Vite's client build, into [`OUT_DIR`], next to the files the content stage wrote.
const CLIENT_BUILD: [&str; 7] =
    ["build", "--logLevel", "warn", "--outDir", OUT_DIR, "--emptyOutDir", "false"];

/// Vite's SSR build of the entry the prerender imports.
const SSR_BUILD: [&str; 7] =
    ["build", "--logLevel", "warn", "--ssr", "src/entry-server.tsx", "--outDir", SSR_DIR];

const VITE: &str = "node_modules/.bin/vite";

/// Runs Vite's client build (into `staging`'s client folder when given, then copied into `out`)
/// and its SSR build.
fn build_front_end(
    site_dir: &Path,
    out: &Path,
    staging: Option<&vite_cache::Staging>,
) -> Result<(), SiteError> {
    let client_dir = staging.map_or_else(|| out.to_path_buf(), vite_cache::Staging::client);
    let client_text = client_dir.to_string_lossy();
    let client_args = CLIENT_BUILD.map(|arg| if arg == OUT_DIR { &*client_text } else { arg });
    // The SSR build beside the client build: each is mostly one thread of Node (Rollup's), so on
    // two cores both are done in about the client build's time.
    let ssr = start(site_dir, VITE, &SSR_BUILD)?;
    let client = run(site_dir, VITE, &client_args).and_then(|()| {
        if let Some(staging) = staging {
            let io = |source| SiteError::Io { path: client_dir.clone(), source };
            let files = staging.client_files().map_err(io)?;
            vite_cache::copy_files(&client_dir, out, &files).map_err(io)?;
        }
        // Only now that the new bundles exist: the hashed chunks of earlier builds go. (Deleting
        // them first would leave the served pages without code when a build fails.)
        remove_stale_assets(out)
    });
    match client {
        Ok(()) => ssr.wait(),
        Err(e) => {
            ssr.stop();
            Err(e)
        }
    }
}

/// The front end from the cache beside `page_cache` when its key is there, else built and
/// stored. A cache that cannot be read or written is reported and the front end built anyway.
fn cached_front_end(site_dir: &Path, out: &Path, page_cache: &Path) -> Result<(), SiteError> {
    let ssr_dir = site_dir.join(SSR_DIR);
    let vars = vite_cache::vite_variables(std::env::vars_os());
    let looked_up = vite_cache::root(page_cache)
        .and_then(|root| Ok((vite_cache::key(site_dir, &vars, &[&CLIENT_BUILD, &SSR_BUILD])?, root)));
    let (key, root) = match looked_up {
        Ok(found) => found,
        Err(e) => {
            println!("estate build: the front end's cache is not used ({e})");
            return build_front_end(site_dir, out, None);
        }
    };
    let short = &key[..12];
    if let Some(entry) = vite_cache::Entry::find(&root, &key) {
        match entry.restore(out, &ssr_dir) {
            Ok(()) => {
                println!("estate build: the front end is unchanged (cache key {short}…): Vite skipped");
                return remove_stale_assets(out);
            }
            Err(e) => println!("estate build: the front end's cache entry {short}… cannot be used ({e})"),
        }
    }
    println!("estate build: the front end changed (cache key {short}…): Vite builds it");
    let staging = match vite_cache::Staging::new(&root, &key) {
        Ok(staging) => staging,
        Err(e) => {
            println!("estate build: the front end's cache is not written ({}: {e})", root.display());
            return build_front_end(site_dir, out, None);
        }
    };
    build_front_end(site_dir, out, Some(&staging))?;
    if let Err(e) = staging.commit(&ssr_dir) {
        println!("estate build: the front end's cache is not written ({}: {e})", root.display());
    }
    Ok(())
}

/// Renders every page again into `out` with the front end already built by [`build`]: the
/// pages of new, changed and removed records follow the content stage's JSON (its listing and
/// post pages are `routes`). Returns the seconds it took.
/// `changed`: the data files (as `/data/site.json`) that changed since the last build into
/// `out`, when known: the warm prerender renders the pages reading them, and the pages of
/// removed listings and posts are looked for only when the routes changed.
/// `last_routes`: the routes of the build `out` holds, when known: only their pages this build's
/// `routes` lack are removed, without looking through 30,000 page folders for them.
/// `early`: the prerender started with the build ([`Early`]), told now to render.
#[allow(clippy::too_many_arguments)]
pub fn prerender(
    site_dir: &Path,
    out: &Path,
    cache: Option<&Path>,
    warm: Option<&Warm>,
    changed: Option<&[String]>,
    routes: &Routes,
    last_routes: Option<&Routes>,
    early: Option<Early>,
) -> Result<SiteRun, SiteError> {
    let started = Instant::now();
    if !site_dir.join("package.json").is_file() {
        return Err(SiteError::NoSite(site_dir.to_path_buf()));
    }
    if !site_dir.join(SSR_DIR).join("entry-server.js").is_file() {
        return Err(SiteError::NotBuilt(site_dir.to_path_buf()));
    }
    let out = std::path::absolute(out).map_err(|source| SiteError::Io { path: out.to_path_buf(), source })?;
    let mut laps = crate::timings::Laps::start("prerender");
    // The pages of listings and posts stay the same ones while the routes do.
    let same_routes = changed.is_some_and(|files| !files.iter().any(|file| file == contract::files::ROUTES));
    // What the warm prerender lists again otherwise: with `changed`, the pages since the last
    // build into `out`, whose routes are `last_routes`.
    let change = match last_routes.filter(|_| changed.is_some()) {
        Some(_) if same_routes => Some(RoutesChange::default()),
        Some(last) => Some(RoutesChange::between(last, routes)),
        None => None,
    };
    let written = match (warm, cache, early) {
        (Some(warm), Some(cache), _) => warm.render(site_dir, &out, cache, changed, change.as_ref())?,
        (None, Some(cache), Some(early)) => match early.finish(cache)? {
            Finished::Rendered(written) => written,
            Finished::Again => run_prerender(site_dir, &out, Some(cache))?,
        },
        _ => run_prerender(site_dir, &out, cache)?,
    };
    laps.lap("rendered");
    let removed = match last_routes {
        _ if same_routes => Vec::new(),
        // No page of the last build's routes is gone (a listing sold keeps its page's path).
        Some(_) if change.as_ref().is_some_and(|change| change.removed.is_empty()) => Vec::new(),
        Some(last) => remove_pages_gone(&out, last, routes)?,
        None => remove_stale_pages(&out, routes)?,
    };
    laps.lap("stale pages removed");
    Ok(SiteRun { seconds: started.elapsed().as_secs_f64(), written, removed })
}

/// The pages a prerender with a page cache wrote, files relative to the output folder
/// (`PageCache.written` in scripts/page-cache.mjs).
#[derive(Debug, Default, serde::Deserialize)]
pub struct Written {
    /// Rendered now.
    pub rendered: Vec<PathBuf>,
    /// Copied back from the page cache: byte for byte as an earlier build rendered them.
    pub copied: Vec<PathBuf>,
    /// Other files the prerender wrote or removed (the no-script result page's cards): not
    /// pages, but part of what changed.
    #[serde(default)]
    pub files: Vec<PathBuf>,
}

impl Written {
    pub fn all(&self) -> impl Iterator<Item = &PathBuf> {
        self.rendered.iter().chain(&self.copied)
    }
}

/// The prerender script, once. With a page cache, returns the pages it wrote (it lists them in
/// the cache's `written.json`).
fn run_prerender(site_dir: &Path, out: &Path, cache: Option<&Path>) -> Result<Option<Written>, SiteError> {
    let out_text = out.to_string_lossy();
    let mut args = vec!["scripts/prerender.mjs", "--dist", &out_text];
    let cache = cache
        .map(|dir| {
            std::path::absolute(dir).map_err(|source| SiteError::Io { path: dir.to_path_buf(), source })
        })
        .transpose()?;
    let cache_text = cache.as_ref().map(|dir| dir.to_string_lossy().into_owned());
    if let Some(dir) = &cache_text {
        args.extend(["--cache", dir]);
    }
    if let Some(dir) = &cache {
        let _ = std::fs::remove_file(dir.join(WRITTEN_LIST));
    }
    run(site_dir, "node", &args)?;
    let Some(dir) = cache else { return Ok(None) };
    // A missing or unreadable list: every page counts as rendered.
    Ok(std::fs::read(dir.join(WRITTEN_LIST)).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok()))
}

/// The pages the last prerender with a page cache wrote ([`Written`], as JSON).
const WRITTEN_LIST: &str = "written.json";

/// `estate serve`'s prerender: `node scripts/prerender.mjs --serve`, started with the first
/// build of the front end and kept between rebuilds, its workers holding the SSR bundle loaded,
/// so a rebuild after an edit renders its few pages without starting Node. Each rebuild sends
/// one line (the output folder, the data files that changed) and reads one answer. A process
/// that fails to answer is stopped; the next rebuild starts another.
#[derive(Clone, Default)]
pub struct Warm(Arc<Mutex<Option<WarmProcess>>>);

struct WarmProcess {
    child: Child,
    /// None once closed, which asks the process to write the page cache's manifest and end.
    requests: Option<ChildStdin>,
    answers: BufReader<ChildStdout>,
}

impl std::fmt::Debug for Warm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Warm")
    }
}

impl PartialEq for Warm {
    fn eq(&self, other: &Warm) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for Warm {}

/// A request to the warm prerender, one JSON line on its stdin (`ServeRequest` in
/// scripts/prerender.mjs).
#[derive(serde::Serialize)]
struct Request<'a> {
    dist: &'a Path,
    changed: Option<&'a [String]>,
    routes: Option<&'a RoutesChange<'a>>,
}

/// Its answer, one JSON line on its stdout (`ServeAnswer` in scripts/prerender.mjs).
#[derive(serde::Deserialize)]
struct Answer {
    #[serde(default)]
    ok: bool,
    #[serde(default)]
    failures: Vec<String>,
    #[serde(default)]
    written: Written,
}

impl Warm {
    fn process(&self) -> std::sync::MutexGuard<'_, Option<WarmProcess>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Stops the process (the front end is about to be built again).
    pub fn stop(&self) {
        // Dropping it kills it.
        self.process().take();
    }

    /// Renders into `out` the pages whose data files are among `changed` (all that differ from
    /// the page cache when `changed` is None), and the pages new in `routes` (the change since
    /// the last good build, with `changed`). The first call starts the process, whose start is a
    /// whole cached prerender of `out`. Returns the pages written, when known.
    fn render(
        &self,
        site_dir: &Path,
        out: &Path,
        cache: &Path,
        changed: Option<&[String]>,
        routes: Option<&RoutesChange>,
    ) -> Result<Option<Written>, SiteError> {
        let mut process = self.process();
        let Some(running) = process.as_mut() else {
            *process = Some(WarmProcess::start(site_dir, out, cache)?);
            return Ok(None);
        };
        let request = serde_json::to_string(&Request { dist: out, changed, routes })
            .map_err(|source| SiteError::Io { path: out.to_path_buf(), source: source.into() })?;
        let answer = match running.ask(&request) {
            Ok(answer) => answer,
            Err(error) => {
                // Gone or confused: dropped (killed); the next rebuild starts a new one.
                process.take();
                return Err(error);
            }
        };
        if !answer.ok {
            return Err(SiteError::Prerender(answer.failures));
        }
        Ok(Some(answer.written))
    }
}

/// How long a warm prerender gets to write the page cache's manifest and end, once asked to.
const WARM_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

impl Drop for WarmProcess {
    fn drop(&mut self) {
        // Its input closed, it writes the manifest it keeps in memory and ends; a process that
        // does not is killed.
        self.requests.take();
        let deadline = Instant::now() + WARM_GRACE;
        while Instant::now() < deadline {
            match self.child.try_wait() {
                Ok(Some(_)) | Err(_) => return,
                Ok(None) => std::thread::sleep(std::time::Duration::from_millis(20)),
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl WarmProcess {
    fn start(site_dir: &Path, out: &Path, cache: &Path) -> Result<WarmProcess, SiteError> {
        let cache = std::path::absolute(cache)
            .map_err(|source| SiteError::Io { path: cache.to_path_buf(), source })?;
        let (mut node, command) = prerender_process(site_dir, out, &cache, "--serve");
        println!("estate build: {command}");
        let mut child = node
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|source| SiteError::Spawn { command: command.clone(), source })?;
        let (Some(requests), Some(answers)) = (child.stdin.take(), child.stdout.take()) else {
            unreachable!("both are piped");
        };
        let mut process = WarmProcess { child, requests: Some(requests), answers: BufReader::new(answers) };
        // Its first line says the first prerender is done; a failed one ends the process.
        let mut line = String::new();
        let read = process.answers.read_line(&mut line);
        if matches!(read, Ok(0) | Err(_)) {
            let status = process
                .child
                .wait()
                .map_err(|source| SiteError::Spawn { command: command.clone(), source })?;
            return Err(SiteError::Failed { command, status });
        }
        Ok(process)
    }

    fn ask(&mut self, request: &str) -> Result<Answer, SiteError> {
        let broken = |source: std::io::Error| SiteError::Io { path: "the warm prerender".into(), source };
        let requests =
            self.requests.as_mut().ok_or_else(|| broken(std::io::Error::other("it was closed")))?;
        writeln!(requests, "{request}").and_then(|()| requests.flush()).map_err(broken)?;
        let mut line = String::new();
        if self.answers.read_line(&mut line).map_err(broken)? == 0 {
            return Err(broken(std::io::Error::other("it stopped")));
        }
        serde_json::from_str(&line).map_err(|e| broken(std::io::Error::other(e)))
    }
}

/// Deletes files in `out/assets` that Vite's manifest of the latest client build does not name.
fn remove_stale_assets(out: &Path) -> Result<(), SiteError> {
    let manifest_path = out.join(".vite").join("manifest.json");
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SiteError::Io { path, source }
    };
    // Without a manifest nothing can be told stale; keeping files is the safe side.
    let text = match std::fs::read_to_string(&manifest_path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        other => other.map_err(io(&manifest_path))?,
    };
    let manifest: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| SiteError::Io { path: manifest_path.clone(), source: std::io::Error::other(e) })?;
    let mut current = std::collections::HashSet::new();
    for chunk in manifest.as_object().into_iter().flat_map(|m| m.values()) {
        let files = chunk.get("file").into_iter().chain(
            ["css", "assets"]
                .iter()
                .flat_map(|key| chunk.get(*key).and_then(|v| v.as_array()).into_iter().flatten()),
        );
        current.extend(files.filter_map(|f| f.as_str()).map(|f| out.join(f)));
    }
    let assets = out.join("assets");
    let Ok(entries) = std::fs::read_dir(&assets) else { return Ok(()) };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_file() && !current.contains(&path) {
            std::fs::remove_file(&path).map_err(io(&path))?;
        }
    }
    Ok(())
}

#[cfg(test)]
#[path = "site_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "site_early_tests.rs"]
mod early_tests;
