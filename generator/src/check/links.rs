//! Internal links that lead nowhere fail the build, naming the page and the link.
//!
//! - [`check_content`] (part of `estate check`): the links an editor wrote in markdown
//!   (descriptions, posts, pages, the agency's texts) against the pages the content makes
//!   (fixed routes, published listings, posts, media files), each problem at its file and line.
//! - [`check_pages`] (after the prerender): every `href`/`src` of every prerendered page,
//!   resolved the way the CDN answers it ([`Rules::resolve`] over the output folder), with
//!   listing and post pages only counting when this build rendered them.
//!
//! External links (another host, `mailto:`, `tel:` ...) are not fetched.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::content::diag::Diagnostic;
use crate::content::markdown;
use crate::content::yaml::Pos;
use crate::content::{Content, Record};
use crate::html_links;
use crate::netlify::{Answer, Rules};
use crate::routes::{Missing, SitePages};

/// What a link points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Another site or scheme: not checked.
    External,
    /// A path on this site (without query or fragment, as written: percent-encoded or not).
    Internal(String),
}

/// Classifies `url` found on the page at `page_path`; `base` is the site's origin, so absolute
/// links to it count as internal.
pub fn classify(url: &str, base: &str, page_path: &str) -> Target {
    let url = url.trim();
    let url = match strip_origin(url, base) {
        Some(rest) => rest,
        None if url.starts_with("//") || has_scheme(url) => return Target::External,
        None => url,
    };
    let end = url.find(['?', '#']).unwrap_or(url.len());
    let path = &url[..end];
    if path.is_empty() {
        // `#top` or `?q=1`: this very page.
        return Target::Internal(page_path.to_owned());
    }
    if path.starts_with('/') {
        return Target::Internal(normalize(path));
    }
    let dir = &page_path[..page_path.rfind('/').map_or(0, |i| i + 1)];
    Target::Internal(normalize(&format!("{}{path}", if dir.is_empty() { "/" } else { dir })))
}

/// The rest of `url` after the site's own origin (`https://www.example.ae/x` -> `/x`).
fn strip_origin<'a>(url: &'a str, base: &str) -> Option<&'a str> {
    if base.is_empty() {
        return None;
    }
    let rest =
        url.get(..base.len()).filter(|head| head.eq_ignore_ascii_case(base)).map(|_| &url[base.len()..])?;
    match rest.bytes().next() {
        None => Some("/"),
        Some(b'/' | b'?' | b'#') => Some(rest),
        Some(_) => None,
    }
}

/// Whether `url` starts with a scheme (`mailto:`, `https:`, `tel:` ...).
fn has_scheme(url: &str) -> bool {
    let Some(colon) = url.find(':') else { return false };
    let scheme = &url[..colon];
    !scheme.is_empty()
        && scheme.as_bytes()[0].is_ascii_alphabetic()
        && scheme.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// `.` and `..` segments resolved, repeated `/` collapsed; a trailing `/` kept off (but `/`).
fn normalize(path: &str) -> String {
    let mut segments: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            s => segments.push(s),
        }
    }
    format!("/{}", segments.join("/"))
}

/// A piece of markdown, the file it is in, where it starts, and the page it is shown on.
struct Source<'a> {
    text: &'a str,
    file: &'a Path,
    /// Where the text starts in the file: the body's first line, or a field's value.
    at: Pos,
    /// Whether lines of the text are lines of the file (a markdown body) or the text sits in a
    /// YAML field, where every problem is reported at the field.
    body: bool,
    field: Option<&'static str>,
    page: String,
}

fn sources<'a>(content: &'a Content) -> Vec<Source<'a>> {
    fn field_sources<'a, T>(
        r: &'a Record<T>,
        page: &str,
        fields: &[(&'static str, Option<&'a str>)],
        out: &mut Vec<Source<'a>>,
    ) {
        for (field, text) in fields {
            let Some(text) = text else { continue };
            let path: Vec<&str> = field.split('.').collect();
            out.push(Source {
                text,
                file: &r.path,
                at: r.tree.pos_of(&path),
                body: false,
                field: Some(field),
                page: page.to_owned(),
            });
        }
    }
    fn body_source<'a, T>(r: &'a Record<T>, page: String, out: &mut Vec<Source<'a>>) {
        if let Some(body) = &r.body {
            out.push(Source {
                text: body,
                file: &r.path,
                at: Pos { line: r.body_line, col: 1 },
                body: true,
                field: None,
                page,
            });
        }
    }
    let mut out = Vec::new();
    for p in &content.properties {
        let page = contract::urls::property_path(&p.id);
        body_source(p, page.clone(), &mut out);
        let d = &p.data;
        field_sources(
            p,
            &page,
            &[
                ("description", d.description.as_deref()),
                ("ar.description", d.ar.as_ref().and_then(|t| t.description.as_deref())),
                ("ru.description", d.ru.as_ref().and_then(|t| t.description.as_deref())),
            ],
            &mut out,
        );
    }
    for post in &content.posts {
        body_source(post, contract::urls::post_path(&post.id, &post.data.title), &mut out);
    }
    for page in &content.pages {
        body_source(page, "/".to_owned(), &mut out);
    }
    for d in &content.developers {
        let v = &d.data;
        field_sources(
            d,
            "/developers",
            &[
                ("description", Some(v.description.as_str())),
                ("ar.description", v.ar.as_ref().and_then(|t| t.description.as_deref())),
                ("ru.description", v.ru.as_ref().and_then(|t| t.description.as_deref())),
            ],
            &mut out,
        );
    }
    if let Some(site) = &content.site {
        let s = &site.data;
        let texts = |t: &'a Option<crate::content::model::SiteTexts>,
                     which: fn(&crate::content::model::SiteTexts) -> Option<&str>| {
            t.as_ref().and_then(which)
        };
        field_sources(
            site,
            "/",
            &[
                ("whyUs", Some(s.why_us.as_str())),
                ("about", Some(s.about.as_str())),
                ("ar.whyUs", texts(&s.ar, |t| t.why_us.as_deref())),
                ("ar.about", texts(&s.ar, |t| t.about.as_deref())),
                ("ru.whyUs", texts(&s.ru, |t| t.why_us.as_deref())),
                ("ru.about", texts(&s.ru, |t| t.about.as_deref())),
            ],
            &mut out,
        );
    }
    out
}

/// Line and column of byte offsets in a text, counted from `at` (the text's first line). Asked
/// for offsets in increasing order, it reads each part of the text once: a text with 10,000
/// links on one line is not read 10,000 times.
struct Positions<'a> {
    text: &'a str,
    at: Pos,
    /// The last offset asked for and its position.
    offset: usize,
    pos: Pos,
}

impl<'a> Positions<'a> {
    fn new(text: &'a str, at: Pos) -> Self {
        Positions { text, at, offset: 0, pos: at }
    }

    fn of(&mut self, offset: usize) -> Pos {
        let offset = offset.min(self.text.len());
        if offset < self.offset {
            // Back again (rare: a reference link's definition comes later): from the start.
            (self.offset, self.pos) = (0, self.at);
        }
        let between = &self.text[self.offset..offset];
        match between.rfind('\n') {
            Some(last) => {
                self.pos.line += between.matches('\n').count() as u32;
                self.pos.col = between[last + 1..].chars().count() as u32 + 1;
            }
            None => self.pos.col += between.chars().count() as u32,
        }
        self.offset = offset;
        self.pos
    }
}

/// Checks the links written in the content's markdown. Every link to a path of the site must
/// lead to a page or file the build makes; a problem is reported where the link is written.
pub fn check_content(content: &Content) -> Vec<Diagnostic> {
    let site_pages = SitePages::new(content);
    let base = content
        .site
        .as_ref()
        .and_then(|s| contract::urls::normalize_base_url(&s.data.base_url).ok())
        .unwrap_or_default();
    let media = content.dir.join("media");
    sources(content)
        .par_iter()
        .flat_map_iter(|source| {
            let mut found = Vec::new();
            let mut positions = Positions::new(source.text, source.at);
            let field = source.field.unwrap_or("text");
            let place = if source.body { "the text".to_owned() } else { format!("`{field}`") };
            if let Some(offset) = markdown::too_deep(source.text) {
                let pos = if source.body { positions.of(offset) } else { source.at };
                found.push(
                    Diagnostic::error(
                        source.file,
                        pos,
                        format!(
                            "{place} is nested too deeply: over {} quotes (`>`), lists or HTML elements sit inside one another here",
                            markdown::MAX_NESTING
                        ),
                    )
                    .with_hint("close each HTML element you open (`<div>` ... `</div>`), and start a quote with a single `>`"),
                );
                return found;
            }
            // One answer per address: a text may link to the same missing page many times.
            let mut problems: HashMap<String, Option<(String, Option<String>)>> = HashMap::new();
            let (mut broken, mut first_unreported) = (0, source.at);
            for link in markdown::links(source.text) {
                let Target::Internal(path) = classify(&link.url, &base, &source.page) else { continue };
                let problem = problems.entry(path).or_insert_with_key(|path| link_problem(path, &media, &site_pages));
                let Some((why, hint)) = problem.clone() else { continue };
                broken += 1;
                let pos = if source.body { positions.of(link.offset) } else { source.at };
                if broken > MAX_BROKEN_PER_TEXT {
                    if broken == MAX_BROKEN_PER_TEXT + 1 {
                        first_unreported = pos;
                    }
                    continue;
                }
                let what = if link.image { "image" } else { "link" };
                let message = if source.body {
                    format!( "broken {what} `{}` on page {}: {why}", link.url, source.page)
                } else {
                    format!("broken {what} `{}` in `{field}` (page {}): {why}", link.url, source.page)
                };
                let mut d = Diagnostic::error(source.file, pos, message);
                if let Some(hint) = hint {
                    d = d.with_hint(hint);
                }
                found.push(d);
            }
            if broken > MAX_BROKEN_PER_TEXT {
                let more = broken - MAX_BROKEN_PER_TEXT;
                found.push(
                    Diagnostic::error(
                        source.file,
                        first_unreported,
                        format!("{more} more broken links or images in {place} from here on"),
                    )
                        .with_hint("fix the ones above, then check again to see the rest"),
                );
            }
            found
        })
        .collect()
}

/// How many broken links of one text are reported one by one; the rest are counted.
const MAX_BROKEN_PER_TEXT: usize = 20;

/// Why the internal link to `path` leads nowhere, with a hint; None when it leads somewhere.
fn link_problem(path: &str, media: &Path, site_pages: &SitePages) -> Option<(String, Option<String>)> {
    if let Some(file) = path.strip_prefix("/media/") {
        let decoded = percent_encoding::percent_decode_str(file).decode_utf8_lossy();
        if media.join(decoded.as_ref()).is_file() {
            return None;
        }
        return Some((format!("no file at {}", media.join(decoded.as_ref()).display()), None));
    }
    let problem = match site_pages.check(path) {
        Ok(()) => return None,
        Err(Missing::Unpublished(status)) => (
            format!("that listing is {}, so its page is not published", status_word(status)),
            Some(
                "remove the link, or link to a published listing or a listing page such as /buy-property"
                    .to_owned(),
            ),
        ),
        Err(Missing::PostMovedTo(page)) => {
            ("no page there".to_owned(), Some(format!("the post's page is `{page}`")))
        }
        Err(Missing::Unknown(best)) => (
            "no page of the site has that address".to_owned(),
            Some(match best {
                Some(best) => format!("did you mean `{best}`?"),
                None => "link to a page of the site, such as /contact-us, or to a full https:// address"
                    .to_owned(),
            }),
        ),
    };
    Some(problem)
}

fn status_word(status: crate::content::model::Status) -> &'static str {
    match status {
        crate::content::model::Status::Available => "available",
        crate::content::model::Status::Sold => "sold",
        crate::content::model::Status::Rented => "rented",
        crate::content::model::Status::Draft => "a draft",
    }
}

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
    #[error("{path} is not valid: {source}")]
    Routes { path: PathBuf, source: serde_json::Error },
}

/// Top-level folders of the output that hold no pages.
const NOT_PAGES: &[&str] = &["api", "data", "media", "assets", "feeds", ".vite", "property", "blog"];

/// Each page's path and file.
type Pages = Vec<(String, PathBuf)>;

/// The listing and post pages `data/routes.json` names, in every language: each page's
/// decoded path (as its folder is named) with its path as links write it.
fn named_pages(out: &Path) -> Result<HashMap<String, String>, PageCheckError> {
    let routes_file = out.join("data").join("routes.json");
    let text = std::fs::read_to_string(&routes_file)
        .map_err(|source| PageCheckError::Read { path: routes_file.clone(), source })?;
    let routes: contract::routes::Routes =
        serde_json::from_str(&text).map_err(|source| PageCheckError::Routes { path: routes_file, source })?;
    let mut named = HashMap::new();
    for route in routes.properties.into_iter().chain(routes.posts) {
        for lang in contract::urls::LANGUAGES {
            let path = contract::urls::localized_path(lang, &route);
            let decoded = percent_encoding::percent_decode_str(&path).decode_utf8_lossy().into_owned();
            named.insert(decoded, path);
        }
    }
    Ok(named)
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
/// way the CDN would with `rules`. `base` is the site's origin (its absolute links are internal).
/// `only`: the page files to check, when the others are known to be fine (all when None).
pub fn check_pages(
    out: &Path,
    rules: &Rules,
    base: &str,
    only: Option<&HashSet<PathBuf>>,
) -> Result<PageReport, PageCheckError> {
    let named = named_pages(out)?;
    // Only the pages asked for are listed: at 10,000 listings, looking for all 30,000 page
    // files takes longer than checking a rebuild's few pages.
    let pages = match only {
        Some(only) => pages_of(out, only, &named),
        None => built_pages(out, &named),
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
        targets.into_par_iter().map(|target| (target, resolve(out, rules, &named, target))).collect();
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
    Ok(report)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_links_like_a_browser() {
        let base = "https://www.example.ae";
        let page = "/property/villa";
        let internal = |p: &str| Target::Internal(p.to_owned());
        assert_eq!(classify("/about-us", base, page), internal("/about-us"));
        assert_eq!(classify("/about-us/?x=1#top", base, page), internal("/about-us"));
        assert_eq!(classify("other", base, page), internal("/property/other"));
        assert_eq!(classify("../blogpage", base, page), internal("/blogpage"));
        assert_eq!(classify("#main", base, page), internal(page));
        assert_eq!(classify("https://www.example.ae/feed", base, page), internal("/feed"));
        assert_eq!(classify("HTTPS://WWW.EXAMPLE.AE", base, page), internal("/"));
        assert_eq!(classify("https://www.example.aero/x", base, page), Target::External);
        for external in [
            "https://x.example/a",
            "mailto:a@b.ae",
            "tel:+97145550123",
            "//cdn.example/x.js",
            "javascript:void(0)",
        ] {
            assert_eq!(classify(external, base, page), Target::External, "{external}");
        }
    }

    #[test]
    fn positions_count_lines_from_the_start_of_the_text() {
        let text = "one\ntwo [x](/y) [é](/z)\n";
        let mut positions = Positions::new(text, Pos { line: 5, col: 1 });
        assert_eq!(positions.of(8), Pos { line: 6, col: 5 });
        assert_eq!(positions.of(17), Pos { line: 6, col: 14 });
        assert_eq!(positions.of(0), Pos { line: 5, col: 1 });
        assert_eq!(positions.of(21), Pos { line: 6, col: 17 });
    }
}
