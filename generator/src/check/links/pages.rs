//! The links of the built pages, checked after the prerender: every `href`/`src` of every
//! prerendered page, resolved the way the CDN answers it ([`Rules::resolve`] over the output
//! folder), with listing and post pages only counting when this build rendered them.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use contract::routes::Routes;
use rayon::prelude::*;

use super::{Target, classify};
use crate::html_links;
use crate::netlify::{Answer, Rules};

/// One internal link of a built page that no page or file answers.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct BrokenLink {
    /// The page's path (`/property/x`), or `/404.html` for the not-found page.
    pub page: String,
    /// The link as written in the page.
    pub link: String,
    /// What answers it instead.
    pub answer: String,
}

/// What [`check_pages`] found.
#[derive(Debug, Default)]
pub struct PageReport {
    pub pages: usize,
    pub links: usize,
    pub broken: Vec<BrokenLink>,
}

#[derive(Debug, thiserror::Error)]
pub enum PageCheckError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {path}: {source}")]
    Write { path: PathBuf, source: std::io::Error },
}

/// What a build tells the check of its pages.
#[derive(Debug, Clone, Copy)]
pub struct Build<'a> {
    /// The listing and post pages of this build (its `data/routes.json`).
    pub routes: &'a Routes<'a>,
    /// The page files the prerender rendered (relative to the output), when known. The other
    /// pages are byte for byte pages an earlier build wrote (kept in place, or copied back from
    /// the page cache).
    pub rendered: Option<&'a [PathBuf]>,
    /// Whether a link target of a page not rendered again may be gone: always when the output is
    /// not the last build's (a fresh folder, say), else when the build removed a page or a file
    /// content may link to (see `crate::publish::Written::removed_any`).
    pub targets_may_be_gone: bool,
    /// Links written in content to a listing, post or guide that an edit elsewhere took away
    /// (`super::dangling`): `estate check` warns of them, and they pass here.
    pub dangling: &'a HashSet<String>,
}

/// The last link check that passed: the address and rules it resolved links with, and the
/// internal targets (paths as [`classify`] gives them) of every page it covered, each answered
/// then. A later build need not read the pages it did not render: their links are the same, so
/// they still lead somewhere when each of these targets still answers (a few tens of thousands
/// of lookups, against reading some 30,000 pages).
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Checked {
    stamp: String,
    targets: HashSet<String>,
}

/// `estate serve`'s [`Checked`], kept in memory between rebuilds (reading and writing the
/// cache's file would cost each rebuild tens of milliseconds), with the listing and post pages
/// of the last routes ([`named_pages`]: 30,000 paths decoded again after every edit, though an
/// edit seldom changes the routes).
#[derive(Debug, Clone, Default)]
pub struct Memo(std::sync::Arc<std::sync::Mutex<Kept>>);

#[derive(Debug, Default)]
struct Kept {
    checked: Option<Checked>,
    /// The routes' pages, and what [`named_pages`] made of them.
    named: Option<(HashSet<String>, Arc<Named>)>,
}

impl Memo {
    fn slot(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// [`named_pages`] of `routes`, made again only when they are not the last ones: the same
    /// pages in any order (a listing sold moves from the listings' pages to the gone ones, and its
    /// page stays).
    fn named(&self, routes: &Routes) -> Arc<Named> {
        let mut kept = self.slot();
        if let Some((pages, named)) = &kept.named
            && routes.pages().count() == pages.len()
            && routes.pages().all(|p| pages.contains(p.as_ref()))
        {
            return named.clone();
        }
        let named = Arc::new(named_pages(routes));
        kept.named = Some((routes.pages().map(|p| p.to_string()).collect(), named.clone()));
        named
    }
}

/// In the page cache: the [`Checked`] of the last build from the command line that passed. A
/// page enters the cache only by being rendered, so every cached page was in an output this
/// file covered; the file is removed while a check runs and written back only when it passes.
const LINKS_CHECKED: &str = "links-checked.json";

/// Checks the links of a build's pages in `out` (see [`check_pages`]). With what the last check
/// that passed found (`memo` under `estate serve`, else a file in the page cache), only the pages
/// this build rendered are read, provided every target of the others still answers; otherwise
/// every page.
pub fn check_build(
    out: &Path,
    rules: &Rules,
    base: &str,
    page_cache: Option<&Path>,
    build: Build,
    memo: Option<&Memo>,
) -> Result<PageReport, PageCheckError> {
    let mut laps = crate::timings::Laps::start("link check");
    let stamp = format!("{base}\n{rules:?}");
    let file = page_cache.map(|dir| dir.join(LINKS_CHECKED));
    // Until this check passes, the output is not known to be good. `estate serve` keeps its own
    // in memory: the file then goes, since serve renders pages into the cache it does not cover.
    let read = |file: &Path| serde_json::from_slice::<Checked>(&std::fs::read(file).ok()?).ok();
    let last = match memo {
        Some(memo) => memo.slot().checked.take(),
        None => file.as_deref().and_then(read),
    };
    if let Some(file) = &file {
        let _ = std::fs::remove_file(file);
    }
    let named = match memo {
        Some(memo) => memo.named(build.routes),
        None => Arc::new(named_pages(build.routes)),
    };
    laps.lap("pages named");
    let resolver = Resolver { out, rules, named: &named, dangling: build.dangling };
    let last = last.filter(|last| {
        last.stamp == stamp
            && build.rendered.is_some()
            && (!build.targets_may_be_gone || last.targets.par_iter().all(|t| resolver.answer(t).is_none()))
    });
    laps.lap("the other pages' targets looked up");
    let only: Option<HashSet<PathBuf>> =
        last.as_ref().and(build.rendered).map(|files| files.iter().map(|file| out.join(file)).collect());
    let (report, mut targets) = check_with(out, &resolver, base, only.as_ref())?;
    laps.lap(&format!("{} pages read and their links resolved", report.pages));
    if !report.broken.is_empty() {
        return Ok(report);
    }
    // The few targets of the pages read into the last check's many, not the other way round
    // (some 30,000 strings hashed again after every edit).
    if let Some(mut last) = last {
        last.targets.extend(targets);
        targets = last.targets;
    }
    let checked = Checked { stamp, targets };
    match (memo, &file, page_cache) {
        (Some(memo), _, _) => memo.slot().checked = Some(checked),
        (None, Some(file), Some(dir)) => {
            let bytes = serde_json::to_vec(&checked).expect("a set of strings serialises");
            std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(file, bytes))
                .map_err(|source| PageCheckError::Write { path: file.clone(), source })?;
        }
        _ => {}
    }
    Ok(report)
}

/// Top-level folders of the output that hold no pages.
const NOT_PAGES: &[&str] = &["api", "data", "media", "assets", "feeds", ".vite", "property", "blog"];

/// Each listing and post page's decoded path, with its path as links write it.
type Named = HashMap<String, String>;

/// Each page's path and file.
type Pages = Vec<(String, PathBuf)>;

/// The listing and post pages of `routes`, in every language: each page's decoded path (as its
/// folder is named) with its path as links write it.
fn named_pages(routes: &Routes) -> HashMap<String, String> {
    let mut named = HashMap::new();
    for route in routes.pages() {
        for lang in contract::urls::LANGUAGES {
            let path = contract::urls::localized_path(lang, route);
            let decoded = percent_encoding::percent_decode_str(&path).decode_utf8_lossy().into_owned();
            named.insert(decoded, path);
        }
    }
    named
}

/// The file of the page at `decoded` (a decoded path), as the prerender names it.
fn page_file(out: &Path, decoded: &str) -> PathBuf {
    out.join(decoded.trim_start_matches('/')).join("index.html")
}

/// The prerendered pages of this build: the HTML files at the top of the output (the home
/// page, `404.html`, shells), the fixed routes' `index.html` one folder deep, and the listing
/// and post pages `named` (see [`named_pages`]) that were written.
fn built_pages(out: &Path, named: &HashMap<String, String>) -> Pages {
    let mut pages = Vec::new();
    // The default language's pages at the top, the others' under `/{lang}/`.
    for lang in contract::urls::LANGUAGES {
        let (dir, prefix) = if lang == contract::urls::DEFAULT_LANGUAGE {
            (out.to_path_buf(), String::new())
        } else {
            (out.join(lang), format!("/{lang}"))
        };
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if name == "index.html" {
                pages.push((if prefix.is_empty() { "/".to_owned() } else { prefix.clone() }, path));
            } else if name.ends_with(".html") && path.is_file() {
                pages.push((format!("{prefix}/{name}"), path));
            } else if !NOT_PAGES.contains(&name.as_str())
                && !contract::urls::language_prefixes().any(|l| prefix.is_empty() && l == name)
                && path.join("index.html").is_file()
            {
                pages.push((format!("{prefix}/{name}"), path.join("index.html")));
            }
        }
    }
    for (decoded, path) in named {
        let file = page_file(out, decoded);
        if file.is_file() {
            pages.push((path.clone(), file));
        }
    }
    pages.sort();
    pages
}

/// The pages of `files` (page files of the output `out`), each with its path as
/// [`built_pages`] gives it.
fn pages_of(out: &Path, files: &HashSet<PathBuf>, named: &HashMap<String, String>) -> Pages {
    let mut pages: Pages = files
        .iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(out).ok()?.to_string_lossy().replace('\\', "/");
            let path = match relative.strip_suffix("index.html") {
                Some(dir) => {
                    let decoded = format!("/{}", dir.trim_end_matches('/'));
                    named.get(&decoded).cloned().unwrap_or(decoded)
                }
                None => format!("/{relative}"),
            };
            Some((path, file.clone()))
        })
        .collect();
    pages.sort();
    pages
}

/// Checks every internal link of the pages the prerender wrote into `out`, resolving each the
/// way the CDN would with `rules`; of the listing and post pages only those of `routes` (this
/// build's) count. `base` is the site's origin (its absolute links are internal).
/// `only`: the page files to check, when the others are known to be fine (all when None).
/// `dangling`: the targets (percent-decoded) that pass though nothing answers them: links in
/// content to a listing, post or guide an edit elsewhere took away, which `estate check` warns
/// of. A listing no longer published has its page (`routes.gone`), so a link to it passes anyway.
pub fn check_pages(
    out: &Path,
    routes: &Routes,
    rules: &Rules,
    base: &str,
    only: Option<&HashSet<PathBuf>>,
    dangling: &HashSet<String>,
) -> Result<PageReport, PageCheckError> {
    let named = named_pages(routes);
    let resolver = Resolver { out, rules, named: &named, dangling };
    Ok(check_with(out, &resolver, base, only)?.0)
}

/// [`check_pages`], also returning the distinct internal targets of the pages checked.
fn check_with(
    out: &Path,
    resolver: &Resolver,
    base: &str,
    only: Option<&HashSet<PathBuf>>,
) -> Result<(PageReport, HashSet<String>), PageCheckError> {
    // Only the pages asked for are listed: at 10,000 listings, looking for all 30,000 page
    // files takes longer than checking a rebuild's few pages.
    let pages = match only {
        Some(only) => pages_of(out, only, resolver.named),
        None => built_pages(out, resolver.named),
    };
    // Each page's distinct internal targets.
    let per_page: Vec<(String, Vec<(String, String)>)> = pages
        .par_iter()
        .map(|(page, file)| {
            let html = std::fs::read_to_string(file)
                .map_err(|source| PageCheckError::Read { path: file.clone(), source })?;
            let mut seen = HashSet::new();
            let mut links = Vec::new();
            // A page file at the top (the not-found page, a shell) is served at other paths:
            // its relative links would be relative to wherever it is shown.
            let page_path = if page.ends_with(".html") { "/" } else { page.as_str() };
            html_links::for_each_link(&html, |link| {
                if let Target::Internal(path) = classify(&link.url, base, page_path)
                    && seen.insert(link.url.to_string())
                {
                    links.push((link.url.into_owned(), path));
                }
            });
            Ok((page.clone(), links))
        })
        .collect::<Result<_, PageCheckError>>()?;
    let targets: HashSet<&str> =
        per_page.iter().flat_map(|(_, links)| links.iter().map(|(_, t)| t.as_str())).collect();
    let answers: HashMap<&str, Option<String>> =
        targets.into_par_iter().map(|target| (target, resolver.answer(target))).collect();
    let mut report = PageReport { pages: per_page.len(), ..PageReport::default() };
    for (page, links) in &per_page {
        report.links += links.len();
        for (link, target) in links {
            if let Some(Some(answer)) = answers.get(target.as_str()) {
                report.broken.push(BrokenLink {
                    page: page.clone(),
                    link: link.clone(),
                    answer: answer.clone(),
                });
            }
        }
    }
    report.broken.sort();
    let targets = answers.into_keys().map(str::to_owned).collect();
    Ok((report, targets))
}

/// What answers the internal links of a build's pages.
struct Resolver<'a> {
    out: &'a Path,
    rules: &'a Rules,
    /// The listing and post pages of the build (see [`named_pages`]).
    named: &'a HashMap<String, String>,
    /// See [`check_pages`].
    dangling: &'a HashSet<String>,
}

impl Resolver<'_> {
    /// None when a page or file answers `target`, or it is let through as dangling; otherwise
    /// what answers it.
    fn answer(&self, target: &str) -> Option<String> {
        let decoded = percent_encoding::percent_decode_str(target).decode_utf8_lossy();
        if self.dangling.contains(decoded.as_ref()) {
            return None;
        }
        resolve(self.out, self.rules, self.named, target)
    }
}

/// None when `path` is answered by a page or file; otherwise what answers it.
fn resolve(out: &Path, rules: &Rules, named: &HashMap<String, String>, path: &str) -> Option<String> {
    let mut path = percent_encoding::percent_decode_str(path).decode_utf8_lossy().into_owned();
    for _ in 0..5 {
        let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
        let unprefixed = match segments.as_slice() {
            [first, rest @ ..] if contract::urls::language_prefixes().any(|l| l == *first) => rest,
            all => all,
        };
        let is_content_page = matches!(unprefixed, ["property", _] | ["blog", _, _]);
        if is_content_page {
            // A listing or post page counts when this build named it and it was written.
            let page = format!("/{}", segments.join("/"));
            let built = named.contains_key(&page) && page_file(out, &page).is_file();
            return (!built).then(|| "no page: this build has no such listing or post".to_owned());
        }
        match rules.resolve(out, &path) {
            Answer::File { status: 200, .. } | Answer::Proxy { .. } => return None,
            Answer::File { status, .. } => return Some(format!("the not-found page ({status})")),
            Answer::NotFound => return Some("no page or file (404)".to_owned()),
            Answer::Redirect { location, .. } => match location.strip_prefix('/') {
                Some(_) => path = location.split(['?', '#']).next().unwrap_or("/").to_owned(),
                None => return None,
            },
        }
    }
    Some("a loop of redirects".to_owned())
}

/// The broken links as lines for the build's error: at most `limit` of them, then a count.
pub fn describe(broken: &[BrokenLink], limit: usize) -> String {
    let mut out = String::new();
    for b in broken.iter().take(limit) {
        out.push_str(&format!("\n  page {} links to {}: {}", b.page, b.link, b.answer));
    }
    if broken.len() > limit {
        out.push_str(&format!("\n  ... and {} more", broken.len() - limit));
    }
    out
}
