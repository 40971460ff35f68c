//! `sitemap.xml` and `robots.txt` (sitemaps.org protocol 0.9): every public page as an absolute
//! URL with its `lastmod` from the content; never a draft, sold or rented listing, nor the
//! admin. Past 50,000 URLs or 50 MB one file is not allowed, so `sitemap.xml` becomes a sitemap
//! index of `sitemap-1.xml`, `sitemap-2.xml` ... beside it (a sitemap may only list URLs under
//! its own folder, so they stay at the root).
//!
//! Languages: every page is listed in each language (`/pro`, `/ar/pro`, `/ru/pro`), and each
//! `<url>` names all of them, itself included, as `<xhtml:link rel="alternate" hreflang="..">`
//! children, plus `x-default` (the English page), as Google asks for localized versions.

use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::content::model::{
    DeveloperFile, GuideFile, MemberFile, PageFile, PostFile, PropertyFile, Timestamp,
};
use crate::content::{Content, Record};
use crate::publish::made::same_arcs;
use crate::publish::parts::{Body, Part};
use crate::publish::xml::escape;
use crate::routes;
use contract::files;
use contract::routes::{FIXED_ROUTES, Sitemap};

/// One page of the sitemap: its path on the site and when it last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub lastmod: Option<Timestamp>,
    /// The page in every language, as (hreflang, path); empty for a page of one language.
    pub alternates: Vec<(&'static str, String)>,
}

impl Entry {
    /// A page of one language only.
    pub fn single(path: impl Into<String>, lastmod: Option<Timestamp>) -> Entry {
        Entry { path: path.into(), lastmod, alternates: Vec::new() }
    }
}

/// How much one sitemap file may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub urls: usize,
    pub bytes: usize,
}

/// The protocol's limits: 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed per file.
pub const PROTOCOL_LIMITS: Limits = Limits { urls: 50_000, bytes: 52_428_800 };

const XML_DECLARATION: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
const URLSET_OPEN: &str = "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n";
const URLSET_CLOSE: &str = "</urlset>\n";
const INDEX_OPEN: &str = "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
const INDEX_CLOSE: &str = "</sitemapindex>\n";

/// The sitemap's pages: the listed fixed pages, then every published listing, every post,
/// every area guide, every team member's and every developer's page, each in every language
/// with its alternates.
pub fn entries(content: &Content) -> Vec<Entry> {
    localized(pages(content))
}

/// The sitemap's pages, each once (in the default language), with its `lastmod`.
fn pages(content: &Content) -> Vec<(String, Option<Timestamp>)> {
    let mut pages: Vec<(String, Option<Timestamp>)> =
        Vec::with_capacity(FIXED_ROUTES.len() + content.properties.len() + content.posts.len());
    for page in FIXED_ROUTES {
        if let Sitemap::Listed(updated) = page.sitemap {
            pages.push((page.path.to_owned(), routes::updated(content, updated)));
        }
    }
    let mut listings: Vec<_> = content.published().collect();
    listings.sort_by(|a, b| a.id.cmp(&b.id));
    pages.extend(
        listings
            .into_iter()
            .map(|p| (contract::urls::property_path(&p.id), Some(routes::property_updated(p)))),
    );
    let mut posts: Vec<_> = content.posts.iter().collect();
    posts.sort_by(|a, b| a.id.cmp(&b.id));
    pages.extend(
        posts.into_iter().map(|p| (contract::urls::post_path(&p.id, &p.data.title), Some(p.data.date))),
    );
    pages.extend(routes::guides(content));
    pages.extend(routes::agents(content));
    pages.extend(routes::developers(content));
    pages
}

/// Each of `pages` in every language, with its alternates.
fn localized(pages: Vec<(String, Option<Timestamp>)>) -> Vec<Entry> {
    pages.iter().flat_map(|(path, lastmod)| localized_page(path, *lastmod)).collect()
}

/// One page in every language, each with the page in every language (itself included) and
/// `x-default` as its alternates.
fn localized_page(path: &str, lastmod: Option<Timestamp>) -> Vec<Entry> {
    let mut alternates: Vec<(&'static str, String)> = contract::urls::LANGUAGES
        .iter()
        .map(|lang| (*lang, contract::urls::localized_path(lang, path)))
        .collect();
    alternates.push(("x-default", path.to_owned()));
    contract::urls::LANGUAGES
        .iter()
        .map(|lang| Entry {
            path: contract::urls::localized_path(lang, path),
            lastmod,
            alternates: alternates.clone(),
        })
        .collect()
}

/// What `estate serve` keeps of the last sitemap: its pages in order, each with its `<url>`
/// elements and the date they carry, the files they were joined into, and the records those
/// pages came from. An edit that changes no page's address or date (most do not:
/// a listing's texts, prices, photos) reuses the files without listing the pages again; one
/// that does (a listing sold or added, a new date) renders only those pages' elements again
/// and joins the kept ones: at 10,000 listings rendering all 30,000 elements took 60 ms and
/// more.
#[derive(Clone, Default)]
pub struct Memo(Arc<Mutex<Kept>>);

#[derive(Default)]
struct Kept {
    /// The site's address the elements were made with.
    base: String,
    /// The pages of the last files in order: each one's default-language path, date and
    /// elements (one per language).
    pages: Vec<(String, Stamp, Arc<[Part]>)>,
    /// The files of those pages.
    files: Option<Files>,
    /// The records the files were made from.
    from: Option<Sources>,
}

/// The records whose addresses and dates make the sitemap's pages.
struct Sources {
    properties: Vec<Arc<Record<PropertyFile>>>,
    posts: Vec<Arc<Record<PostFile>>>,
    pages: Vec<Arc<Record<PageFile>>>,
    guides: Vec<Arc<Record<GuideFile>>>,
    team: Vec<Arc<Record<MemberFile>>>,
    developers: Vec<Arc<Record<DeveloperFile>>>,
}

impl Sources {
    fn of(content: &Content) -> Sources {
        Sources {
            properties: content.properties.clone(),
            posts: content.posts.clone(),
            pages: content.pages.clone(),
            guides: content.guides.clone(),
            team: content.team.clone(),
            developers: content.developers.clone(),
        }
    }

    /// Whether `content` has the same pages with the same dates: the same records but listings
    /// read again with the same id, status, date, category, community, agent and developer.
    /// Anything that changes the vocabulary clears the load cache, so every record is read again
    /// then: at least one listing the same allocation shows that it did not.
    fn same_pages(&self, content: &Content) -> bool {
        let listed = |a: &PropertyFile, b: &PropertyFile| {
            (a.status, a.created_at, a.main_category) == (b.status, b.created_at, b.main_category)
                && stamp(Some(a.created_at)) == stamp(Some(b.created_at))
                && (&a.location, &a.agent, &a.developer) == (&b.location, &b.agent, &b.developer)
        };
        let (then, now) = (&self.properties, &content.properties);
        then.len() == now.len()
            && (now.is_empty() || then.iter().zip(now).any(|(a, b)| Arc::ptr_eq(a, b)))
            && then
                .iter()
                .zip(now)
                .all(|(a, b)| Arc::ptr_eq(a, b) || (a.id == b.id && listed(&a.data, &b.data)))
            && same_arcs(&self.posts, &content.posts)
            && same_arcs(&self.pages, &content.pages)
            && same_arcs(&self.guides, &content.guides)
            && same_arcs(&self.team, &content.team)
            && same_arcs(&self.developers, &content.developers)
    }
}

/// A date as it is written: its instant and its offset (a timestamp's own equality and hash
/// compare the instant only, so 00:00+04:00 and 20:00Z the day before would be one date).
type Stamp = Option<(i64, u32, i32)>;

fn stamp(lastmod: Option<Timestamp>) -> Stamp {
    lastmod.map(|t| (t.0.timestamp(), t.0.timestamp_subsec_nanos(), t.0.offset().local_minus_utc()))
}

/// Files named relative to the output folder, with their bytes.
type Files = Vec<(String, Body)>;

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("sitemap::Memo")
    }
}

/// The sitemap's [`files`] for `content` within the protocol's limits, by parts (its `<url>`
/// elements); with a `memo`, from the elements and files it kept of the pages that did not
/// change.
pub fn files_for(content: &Content, base: &str, memo: Option<&Memo>) -> Files {
    if let Some(memo) = memo {
        let mut kept = memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.base == base
            && let Some(files) = &kept.files
            && kept.from.as_ref().is_some_and(|from| from.same_pages(content))
        {
            let files = files.clone();
            kept.from = Some(Sources::of(content));
            return files;
        }
    }
    let files = files_of(pages(content), base, memo);
    if let Some(memo) = memo {
        memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).from = Some(Sources::of(content));
    }
    files
}

/// [`files_for`] of the pages, each once (in the default language) with its `lastmod`.
fn files_of(pages: Vec<(String, Option<Timestamp>)>, base: &str, memo: Option<&Memo>) -> Files {
    let Some(memo) = memo else {
        let entries = localized(pages);
        let elements: Vec<Part> = entries.par_iter().map(|entry| url_element(base, entry)).collect();
        return join(base, entries.iter().map(|e| e.lastmod).zip(&elements), PROTOCOL_LIMITS);
    };
    let mut kept = memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if kept.base != base {
        *kept = Kept { base: base.to_owned(), ..Kept::default() };
    }
    let old = std::mem::take(&mut kept.pages);
    let found = crate::routes::aligned(&pages, &old, |(path, _), (was, ..)| path == was);
    // The last elements of a page there with the same date; the others rendered (on every core
    // when many are: the first build's 30,000).
    let last = |i: usize| found[i].filter(|&k| old[k].1 == stamp(pages[i].1)).map(|k| &old[k].2);
    let render = |i: usize| match last(i) {
        Some(elements) => Arc::clone(elements),
        None => {
            localized_page(&pages[i].0, pages[i].1).iter().map(|entry| url_element(base, entry)).collect()
        }
    };
    let new = (0..pages.len()).filter(|&i| last(i).is_none()).count();
    let elements: Vec<Arc<[Part]>> = if new > 64 {
        (0..pages.len()).into_par_iter().map(render).collect()
    } else {
        (0..pages.len()).map(render).collect()
    };
    let same = new == 0 && pages.len() == old.len() && found.iter().enumerate().all(|(i, k)| *k == Some(i));
    let files = match &kept.files {
        Some(files) if same => files.clone(),
        _ => join(
            base,
            pages
                .iter()
                .zip(&elements)
                .flat_map(|((_, lastmod), elements)| elements.iter().map(move |e| (*lastmod, e))),
            PROTOCOL_LIMITS,
        ),
    };
    drop(old);
    kept.pages = pages
        .into_iter()
        .zip(elements)
        .map(|((path, lastmod), elements)| (path, stamp(lastmod), elements))
        .collect();
    kept.files = Some(files.clone());
    files
}

/// A W3C Datetime with the offset it was written with, e.g. 2026-10-01T00:00:00+04:00.
fn w3c(t: Timestamp) -> String {
    t.to_api()
}

/// One `<url>` element; `base` is the site's origin without a trailing `/`.
fn url_element(base: &str, entry: &Entry) -> Part {
    let mut out = String::with_capacity(96 + entry.path.len());
    out.push_str("  <url><loc>");
    out.push_str(&escape(&format!("{base}{}", entry.path)));
    out.push_str("</loc>");
    if let Some(t) = entry.lastmod {
        out.push_str("<lastmod>");
        out.push_str(&w3c(t));
        out.push_str("</lastmod>");
    }
    for (lang, path) in &entry.alternates {
        out.push_str("<xhtml:link rel=\"alternate\" hreflang=\"");
        out.push_str(lang);
        out.push_str("\" href=\"");
        out.push_str(&escape(&format!("{base}{path}")));
        out.push_str("\"/>");
    }
    out.push_str("</url>\n");
    Part::from(out.into_bytes())
}

/// The files of the sitemap, named relative to the output folder: `sitemap.xml` alone, or
/// `sitemap.xml` as an index with `sitemap-1.xml` ... when the entries do not fit in one file.
pub fn files(base: &str, entries: &[Entry], limits: Limits) -> Vec<(String, Vec<u8>)> {
    // Rendered on every core: 30,000 pages at 10,000 listings.
    let elements: Vec<Part> = entries.par_iter().map(|entry| url_element(base, entry)).collect();
    join(base, entries.iter().map(|e| e.lastmod).zip(&elements), limits)
        .into_iter()
        .map(|(name, body)| (name, body.to_bytes()))
        .collect()
}

/// The files of the sitemap from its `<url>` elements in order, each with its `lastmod`: each
/// file of URLs by parts (its head, its elements, its end), the index whole.
fn join<'a>(
    base: &str,
    elements: impl Iterator<Item = (Option<Timestamp>, &'a Part)>,
    limits: Limits,
) -> Files {
    let head: Part = Part::from(format!("{XML_DECLARATION}{URLSET_OPEN}").into_bytes());
    let close: Part = Part::from(URLSET_CLOSE.as_bytes());
    // Each chunk: its parts so far (from its head), its size, its URL count and its newest
    // lastmod.
    let mut chunks: Vec<(Vec<Part>, usize, usize, Option<Timestamp>)> = Vec::new();
    for (lastmod, element) in elements {
        let fits = chunks.last().is_some_and(|(_, size, count, _)| {
            *count < limits.urls && size + element.len() + URLSET_CLOSE.len() <= limits.bytes
        });
        if !fits {
            chunks.push((vec![head.clone()], head.len(), 0, None));
        }
        let Some(chunk) = chunks.last_mut() else { continue };
        chunk.0.push(Arc::clone(element));
        chunk.1 += element.len();
        chunk.2 += 1;
        chunk.3 = chunk.3.max(lastmod);
    }
    let closed = |mut parts: Vec<Part>| {
        parts.push(close.clone());
        Body::Parts(parts)
    };
    if chunks.len() <= 1 {
        let parts = chunks.pop().map_or_else(|| vec![head.clone()], |c| c.0);
        return vec![(files::relative(files::SITEMAP).to_owned(), closed(parts))];
    }
    let mut index = format!("{XML_DECLARATION}{INDEX_OPEN}");
    let mut parts = Vec::with_capacity(chunks.len() + 1);
    for (i, (chunk, _, _, newest)) in chunks.into_iter().enumerate() {
        let path = files::sitemap_part(i + 1);
        let name = files::relative(&path).to_owned();
        index.push_str("  <sitemap><loc>");
        index.push_str(&escape(&format!("{base}{path}")));
        index.push_str("</loc>");
        if let Some(t) = newest {
            index.push_str("<lastmod>");
            index.push_str(&w3c(t));
            index.push_str("</lastmod>");
        }
        index.push_str("</sitemap>\n");
        parts.push((name, closed(chunk)));
    }
    index.push_str(INDEX_CLOSE);
    parts.insert(0, (files::relative(files::SITEMAP).to_owned(), Body::Whole(index.into_bytes())));
    parts
}

/// Whether `name` is a file [`files`] writes for a split sitemap (`sitemap-3.xml`).
pub fn is_part_name(name: &str) -> bool {
    name.strip_prefix("sitemap-")
        .and_then(|rest| rest.strip_suffix(".xml"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `robots.txt`: everything may be crawled but the admin, the editors' form and the JSON API;
/// the sitemap's absolute address.
pub fn robots(base: &str) -> String {
    let mut out = String::from("User-agent: *\n");
    for path in routes::disallowed() {
        out.push_str(&format!("Disallow: {path}\n"));
    }
    out.push_str(&format!("\nSitemap: {base}{}\n", files::SITEMAP));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(path: &str, day: u32) -> Entry {
        Entry::single(path, Timestamp::parse(&format!("2026-01-{day:02}")))
    }

    #[test]
    fn one_file_with_escaped_absolute_urls_and_dates() {
        let files =
            files("https://a.example", &[entry("/", 2), Entry::single("/x?a=1&b=2", None)], PROTOCOL_LIMITS);
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].0, "sitemap.xml");
        assert_eq!(
            String::from_utf8(files[0].1.clone()).unwrap(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n\
             \x20 <url><loc>https://a.example/</loc><lastmod>2026-01-02T00:00:00+04:00</lastmod></url>\n\
             \x20 <url><loc>https://a.example/x?a=1&amp;b=2</loc></url>\n\
             </urlset>\n"
        );
    }

    #[test]
    fn alternates_are_written_as_hreflang_links() {
        let mut e = entry("/ar/pro", 3);
        e.alternates = vec![
            ("en", "/pro".to_owned()),
            ("ar", "/ar/pro".to_owned()),
            ("ru", "/ru/pro".to_owned()),
            ("x-default", "/pro".to_owned()),
        ];
        let xml = String::from_utf8(files("https://a.example", &[e], PROTOCOL_LIMITS)[0].1.clone()).unwrap();
        assert!(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""));
        assert!(xml.contains(
            "<url><loc>https://a.example/ar/pro</loc><lastmod>2026-01-03T00:00:00+04:00</lastmod>\
             <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://a.example/pro\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"ar\" href=\"https://a.example/ar/pro\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"ru\" href=\"https://a.example/ru/pro\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://a.example/pro\"/></url>"
        ));
    }

    #[test]
    fn splits_by_count_into_an_index() {
        let entries: Vec<Entry> = (1..=5).map(|i| entry(&format!("/p{i}"), i)).collect();
        let files = files("https://a.example", &entries, Limits { urls: 2, bytes: PROTOCOL_LIMITS.bytes });
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"]);
        let index = String::from_utf8(files[0].1.clone()).unwrap();
        assert!(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
        assert!(index.contains(
            "<sitemap><loc>https://a.example/sitemap-2.xml</loc><lastmod>2026-01-04T00:00:00+04:00</lastmod></sitemap>"
        ));
        let last = String::from_utf8(files[3].1.clone()).unwrap();
        assert_eq!(last.matches("<url>").count(), 1);
        assert!(last.contains("/p5"));
    }

    #[test]
    fn splits_by_size_and_never_exceeds_it() {
        let entries: Vec<Entry> = (1..=40).map(|i| entry(&format!("/property/listing-{i:03}"), 1)).collect();
        let one = files("https://a.example", &entries[..1], PROTOCOL_LIMITS)[0].1.len();
        let limit = one * 3;
        let files = files("https://a.example", &entries, Limits { urls: 50_000, bytes: limit });
        assert!(files.len() > 2);
        let mut urls = 0;
        for (_, bytes) in &files[1..] {
            assert!(bytes.len() <= limit, "{} > {limit}", bytes.len());
            urls += String::from_utf8_lossy(bytes).matches("<url>").count();
        }
        assert_eq!(urls, 40);
    }

    #[test]
    fn empty_content_is_an_empty_urlset() {
        let files = files("https://a.example", &[], PROTOCOL_LIMITS);
        assert_eq!(files.len(), 1);
        assert!(String::from_utf8_lossy(&files[0].1).contains("<urlset"));
    }

    #[test]
    fn robots_keeps_admin_out_and_names_the_sitemap() {
        let text = robots("https://a.example");
        assert!(text.starts_with("User-agent: *\n"));
        assert!(text.contains("\nDisallow: /admin\n"));
        assert!(text.ends_with("\nSitemap: https://a.example/sitemap.xml\n"));
    }

    #[test]
    fn kept_elements_give_the_files_of_a_fresh_sitemap() {
        let day = |d: u32| Timestamp::parse(&format!("2026-01-{d:02}"));
        let pages = |list: &[(&str, Option<Timestamp>)]| -> Vec<(String, Option<Timestamp>)> {
            list.iter().map(|(p, t)| ((*p).to_owned(), *t)).collect()
        };
        let memo = Memo::default();
        let steps = [
            pages(&[("/", day(1)), ("/property/a", day(2)), ("/property/b", day(3))]),
            // Listing a sold, b's date changed, c added.
            pages(&[("/", day(1)), ("/property/b", day(4)), ("/property/c", day(5))]),
            // The same instant written with another offset is another date in the file.
            pages(&[("/", Timestamp::parse("2025-12-31T20:00:00Z")), ("/property/b", day(4))]),
            pages(&[("/", day(1)), ("/property/b", day(4))]),
        ];
        for base in ["https://a.example", "https://b.example"] {
            for (i, step) in steps.iter().enumerate() {
                for _ in 0..2 {
                    let kept = files_of(step.clone(), base, Some(&memo));
                    assert_eq!(kept, files_of(step.clone(), base, None), "step {i} at {base}");
                }
            }
        }
    }

    #[test]
    fn part_names() {
        assert!(is_part_name("sitemap-12.xml"));
        assert!(!is_part_name("sitemap.xml"));
        assert!(!is_part_name("sitemap-.xml"));
        assert!(!is_part_name("sitemap-a.xml"));
    }
}
