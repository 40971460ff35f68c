//! Publishing: the sitemap and robots.txt, the Atom feeds and the `/feed` page's data,
//! and the check that fails a build on an internal link that leads nowhere.
//!
//! The content is `tests/fixtures/publishing`: a listing of each status (available, sold, rented,
//! draft), titles with `&`, `<` and quotes, and links between pages. XML is read with a real
//! parser (roxmltree). One test group builds the whole site (Vite and the prerender, in a copy of
//! `site/` so builds running beside it do not share its `.ssr/`) and checks every URL of the
//! sitemap against the pages through the CDN's rules.

use crate::support;

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::support::{Run, content_copy, copy_tree, estate, fixtures, repo};
use contract::routes::{FIXED_ROUTES, Routes, Sitemap};
use contract::urls::{LANGUAGES, localized_path};
use generator::check::links::pages::check_pages;
use generator::netlify::{Answer, Rules};
use generator::pipeline::{self, BuildError, BuildOptions, Pages};

const ATOM: &str = "http://www.w3.org/2005/Atom";
const SITEMAPS: &str = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML: &str = "http://www.w3.org/1999/xhtml";
/// The fixture's own address (site.yaml) and the one the content build is given instead.
const SITE_BASE: &str = "https://fixture.example";
const PREVIEW_BASE: &str = "https://preview.fixture.example";
/// The post's page: its title `Q&A: "Renting" <basics>` lower-cased and percent-encoded.
const POST_PATH: &str = "/blog/renting-q-and-a/q&a:-%22renting%22-%3Cbasics%3E";

fn fixture() -> PathBuf {
    fixtures().join("publishing")
}

/// A copy of the fixture content to change in one test.
fn fixture_copy() -> tempfile::TempDir {
    content_copy(&fixture())
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `estate build --content-only` of the fixture into `out`, with `--base-url`.
fn build_fixture(out: &str, base_url: &str) -> Run {
    let content = fixture();
    let args = ["build", "--content-only", "--content", content.to_str().unwrap(), "--out", out];
    estate(repo(), &[&args[..], &["--base-url", base_url]].concat())
}

/// The content-only build of the fixture, with `--base-url` set to the preview address (once for
/// the run, see [`support::shared_fixture`]).
fn content_dist() -> &'static Path {
    static DIST: OnceLock<support::Fixture> = OnceLock::new();
    DIST.get_or_init(|| {
        support::shared_fixture("publishing-content", |out| {
            let run = build_fixture(out.to_str().unwrap(), &format!("{PREVIEW_BASE}/"));
            assert!(run.success(), "{run}");
        })
    })
    .path()
}

fn parse(text: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{text}"))
}

fn children<'a, 'i>(node: roxmltree::Node<'a, 'i>, name: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    node.children().filter(|c| c.is_element() && c.tag_name().name() == name).collect()
}

fn child_text<'a>(node: roxmltree::Node<'a, '_>, name: &str) -> Option<&'a str> {
    children(node, name).first().and_then(|c| c.text())
}

fn is_rfc3339(text: &str) -> bool {
    chrono::DateTime::parse_from_rfc3339(text).is_ok()
}

/// The `(path, lastmod)` of every `<url>` of a urlset, checking the protocol on the way.
fn urlset(text: &str, base: &str) -> Vec<(String, Option<String>)> {
    let doc = parse(text);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "urlset");
    assert_eq!(root.tag_name().namespace(), Some(SITEMAPS));
    children(root, "url")
        .into_iter()
        .map(|url| {
            assert_eq!(url.tag_name().namespace(), Some(SITEMAPS));
            let loc = child_text(url, "loc").expect("every <url> has a <loc>");
            let path =
                loc.strip_prefix(base).unwrap_or_else(|| panic!("{loc} is not an absolute URL on {base}"));
            assert!(path.starts_with('/'), "{loc}");
            let lastmod = child_text(url, "lastmod").map(str::to_owned);
            if let Some(date) = &lastmod {
                assert!(is_rfc3339(date), "{loc}: lastmod {date} is not a W3C date-time");
            }
            (path.to_owned(), lastmod)
        })
        .collect()
}

fn listed_fixed_pages() -> BTreeSet<String> {
    FIXED_ROUTES
        .iter()
        .filter(|p| matches!(p.sitemap, Sitemap::Listed(_)))
        .map(|p| p.path.to_owned())
        .collect()
}

#[test]
fn sitemap_lists_every_public_page_once_with_dates_from_the_content() {
    let text = read(&content_dist().join("sitemap.xml"));
    let urls = urlset(&text, PREVIEW_BASE);
    let paths: Vec<&str> = urls.iter().map(|(p, _)| p.as_str()).collect();
    let unique: BTreeSet<&str> = paths.iter().copied().collect();
    assert_eq!(unique.len(), paths.len(), "a URL twice: {paths:?}");

    let mut pages = listed_fixed_pages();
    pages.extend(["/property/villa-sea-sun".to_owned(), "/property/marina-studio-for-rent".to_owned()]);
    pages.insert(POST_PATH.to_owned());
    // Every page in every language.
    let expected: BTreeSet<String> =
        pages.iter().flat_map(|p| LANGUAGES.iter().map(move |lang| localized_path(lang, p))).collect();
    let actual: BTreeSet<String> = paths.iter().map(|p| (*p).to_owned()).collect();
    assert_eq!(actual, expected);
    assert!(actual.contains("/ar/property/villa-sea-sun") && actual.contains("/ru/pro"));

    // Each <url> names the page in every language, itself included, and x-default (English).
    let doc = parse(&text);
    for url in children(doc.root_element(), "url") {
        let loc = child_text(url, "loc").unwrap();
        let path = loc.strip_prefix(PREVIEW_BASE).unwrap();
        let links: Vec<(String, String)> = url
            .children()
            .filter(|n| n.tag_name().name() == "link" && n.tag_name().namespace() == Some(XHTML))
            .map(|n| (n.attribute("hreflang").unwrap().to_owned(), n.attribute("href").unwrap().to_owned()))
            .collect();
        let (_, english) = contract::urls::split_language(path);
        let mut wanted: Vec<(String, String)> = LANGUAGES
            .iter()
            .map(|lang| ((*lang).to_owned(), format!("{PREVIEW_BASE}{}", localized_path(lang, english))))
            .collect();
        wanted.push(("x-default".to_owned(), format!("{PREVIEW_BASE}{english}")));
        assert_eq!(links, wanted, "{loc}");
        assert!(links.iter().any(|(_, href)| href == loc), "{loc} names itself");
    }
    for excluded in
        ["sold-listing", "rented-listing", "draft-listing", "/admin", "/blogform", "/search-", "/Rental"]
    {
        assert!(!text.contains(excluded), "the sitemap lists {excluded}");
    }

    let lastmod = |path: &str| urls.iter().find(|(p, _)| p == path).and_then(|(_, d)| d.as_deref());
    assert_eq!(lastmod("/property/villa-sea-sun"), Some("2026-10-03T10:30:00+04:00"));
    assert_eq!(lastmod(POST_PATH), Some("2026-09-20T00:00:00+04:00"));
    // A listing page: its newest published listing (the sold one of 2026-10-05 does not count).
    assert_eq!(lastmod("/rent-property"), Some("2026-10-02T00:00:00+04:00"));
    assert_eq!(lastmod("/buy-property"), Some("2026-10-03T10:30:00+04:00"));
    assert_eq!(lastmod("/"), Some("2026-10-03T10:30:00+04:00"));
    assert_eq!(lastmod("/privacy-policy"), Some("2026-09-01T00:00:00+04:00"));
    assert_eq!(lastmod("/termandcondition"), None);
    assert_eq!(lastmod("/about-us"), None);
    // The post's `&` is an entity in the file and a character once parsed.
    assert!(text.contains("/blog/renting-q-and-a/q&amp;a:-%22renting%22-%3Cbasics%3E</loc>"), "{text}");
}

#[test]
fn robots_txt_points_to_the_sitemap_and_keeps_the_admin_out() {
    let text = read(&content_dist().join("robots.txt"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "User-agent: *");
    assert!(lines.contains(&"Disallow: /admin"), "{text}");
    assert!(lines.contains(&format!("Sitemap: {PREVIEW_BASE}/sitemap.xml").as_str()), "{text}");
}

#[test]
fn the_base_url_option_reaches_every_file_and_no_host_is_written_in() {
    let dist = content_dist();
    for file in ["sitemap.xml", "robots.txt", "feeds/listings.xml", "feeds/blog.xml", "data/site.json"] {
        let text = read(&dist.join(file));
        assert!(text.contains(PREVIEW_BASE), "{file} lacks {PREVIEW_BASE}");
        assert!(!text.contains("//fixture.example"), "{file} names site.yaml's host despite --base-url");
    }
    let site: serde_json::Value = serde_json::from_str(&read(&dist.join("data/site.json"))).unwrap();
    assert_eq!(site["baseUrl"], PREVIEW_BASE);

    let Run { code, stderr, .. } = build_fixture("unused", "www.example.ae");
    assert_eq!(code, 2);
    assert!(stderr.contains("--base-url `www.example.ae` is not an absolute address"), "{stderr}");
    assert!(!repo().join("unused").exists());
}

#[test]
fn a_sitemap_past_the_limits_becomes_an_index_of_parts() {
    let (content, report) = generator::check::content(&fixture());
    assert_eq!(report.errors(), 0, "{}", report.render());
    let entries = generator::publish::sitemap::entries(&content);
    let whole =
        generator::publish::sitemap::files(SITE_BASE, &entries, generator::publish::sitemap::PROTOCOL_LIMITS);
    assert_eq!(whole.len(), 1);
    let all: Vec<(String, Option<String>)> = urlset(std::str::from_utf8(&whole[0].1).unwrap(), SITE_BASE);

    let limits = generator::publish::sitemap::Limits {
        urls: 4,
        bytes: generator::publish::sitemap::PROTOCOL_LIMITS.bytes,
    };
    let files = generator::publish::sitemap::files(SITE_BASE, &entries, limits);
    assert_eq!(files.len(), 1 + entries.len().div_ceil(4));
    assert_eq!(files[0].0, "sitemap.xml");
    let index_text = std::str::from_utf8(&files[0].1).unwrap();
    let index = parse(index_text);
    let root = index.root_element();
    assert_eq!((root.tag_name().name(), root.tag_name().namespace()), ("sitemapindex", Some(SITEMAPS)));
    let parts = children(root, "sitemap");
    assert_eq!(parts.len(), files.len() - 1);
    let mut joined = Vec::new();
    for (part, (name, bytes)) in parts.iter().zip(&files[1..]) {
        assert_eq!(child_text(*part, "loc"), Some(format!("{SITE_BASE}/{name}").as_str()));
        let urls = urlset(std::str::from_utf8(bytes).unwrap(), SITE_BASE);
        assert!(urls.len() <= 4);
        // The part's lastmod is its newest page's.
        let newest = urls
            .iter()
            .filter_map(|(_, d)| d.clone())
            .max_by_key(|d| chrono::DateTime::parse_from_rfc3339(d).unwrap());
        assert_eq!(child_text(*part, "lastmod").map(str::to_owned), newest);
        joined.extend(urls);
    }
    assert_eq!(joined, all, "the parts hold every URL once, in order");

    // And by size: no part over the byte limit.
    // A <url> holds its own address and the page's four hreflang alternates.
    let one_url = 5 * (all.iter().map(|(p, _)| p.len()).max().unwrap() + SITE_BASE.len() + 60);
    let limit = 400 + 2 * one_url;
    let files = generator::publish::sitemap::files(
        SITE_BASE,
        &entries,
        generator::publish::sitemap::Limits { urls: 50_000, bytes: limit },
    );
    assert!(files.len() > 2);
    for (name, bytes) in &files[1..] {
        assert!(bytes.len() <= limit, "{name} has {} bytes", bytes.len());
    }
}

/// The feed's `<entry>` elements, after checking the Atom rules every feed must meet.
fn atom_entries<'a, 'i>(doc: &'a roxmltree::Document<'i>, self_url: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    let feed = doc.root_element();
    assert_eq!((feed.tag_name().name(), feed.tag_name().namespace()), ("feed", Some(ATOM)));
    assert_eq!(child_text(feed, "id"), Some(self_url));
    assert!(child_text(feed, "title").is_some_and(|t| !t.trim().is_empty()));
    assert!(child_text(feed, "updated").is_some_and(is_rfc3339));
    assert!(children(feed, "author").iter().any(|a| child_text(*a, "name").is_some()));
    let links = children(feed, "link");
    assert!(
        links.iter().any(|l| l.attribute("rel") == Some("self") && l.attribute("href") == Some(self_url))
    );
    // Every link of the document is absolute on the site.
    for node in
        doc.descendants().filter(|n| n.tag_name().name() == "link" && n.tag_name().namespace() == Some(ATOM))
    {
        let href = node.attribute("href").unwrap();
        assert!(href.starts_with(&format!("{PREVIEW_BASE}/")), "relative or foreign link {href}");
    }
    let entries = children(feed, "entry");
    for entry in &entries {
        for required in ["id", "title", "updated"] {
            assert!(child_text(*entry, required).is_some_and(|t| !t.is_empty()), "entry without {required}");
        }
        assert!(child_text(*entry, "updated").is_some_and(is_rfc3339));
        assert!(child_text(*entry, "published").is_some_and(is_rfc3339));
        assert!(children(*entry, "link").iter().any(|l| l.attribute("rel") == Some("alternate")));
        let content = children(*entry, "content");
        assert_eq!(content[0].attribute("type"), Some("html"));
        let html = content[0].text().unwrap();
        for attribute in ["href=\"", "src=\""] {
            for (i, _) in html.match_indices(attribute) {
                let value = &html[i + attribute.len()..];
                assert!(
                    value.starts_with("https://") || value.starts_with("mailto:"),
                    "relative address in the content: {}",
                    &value[..value.find('"').unwrap_or(value.len())]
                );
            }
        }
    }
    entries
}

fn entry<'a, 'i>(entries: &[roxmltree::Node<'a, 'i>], url: &str) -> roxmltree::Node<'a, 'i> {
    *entries.iter().find(|e| child_text(**e, "id") == Some(url)).unwrap_or_else(|| panic!("no entry {url}"))
}

#[test]
fn listings_feed_is_atom_with_absolute_links_first_image_and_aed_prices() {
    let text = read(&content_dist().join("feeds/listings.xml"));
    assert!(text.starts_with("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed"), "{}", &text[..80]);
    let doc = parse(&text);
    let entries = atom_entries(&doc, &format!("{PREVIEW_BASE}/feeds/listings.xml"));
    let ids: Vec<&str> = entries.iter().filter_map(|e| child_text(*e, "id")).collect();
    // Published listings only, newest first.
    assert_eq!(
        ids,
        [
            format!("{PREVIEW_BASE}/property/villa-sea-sun"),
            format!("{PREVIEW_BASE}/property/marina-studio-for-rent")
        ]
    );
    assert!(
        !text.contains("sold-listing") && !text.contains("draft-listing") && !text.contains("rented-listing")
    );
    let feed = doc.root_element();
    assert_eq!(child_text(feed, "title"), Some("Fixture & Sons \"Realty\": new listings"));
    assert_eq!(child_text(feed, "updated"), Some("2026-10-03T10:30:00+04:00"));

    let villa = entry(&entries, &format!("{PREVIEW_BASE}/property/villa-sea-sun"));
    // Escaped in the file, the same text as in the content once parsed.
    assert_eq!(child_text(villa, "title"), Some("Villa \"Sea\" & <Sun> on the Palm"));
    assert!(text.contains("<title>Villa &quot;Sea&quot; &amp; &lt;Sun&gt; on the Palm</title>"));
    let summary = child_text(villa, "summary").unwrap();
    assert_eq!(summary, "18,500,000 AED · Palm Jumeirah · 5 bedrooms · 6,200 sqft");
    let enclosure =
        children(villa, "link").into_iter().find(|l| l.attribute("rel") == Some("enclosure")).unwrap();
    assert_eq!(enclosure.attribute("href"), Some(format!("{PREVIEW_BASE}/media/photo.jpg").as_str()));
    assert_eq!(enclosure.attribute("type"), Some("image/jpeg"));
    let html = children(villa, "content")[0].text().unwrap();
    assert!(html.starts_with(&format!("<p><img src=\"{PREVIEW_BASE}/media/photo.jpg\" alt=\"Villa &quot;Sea&quot; &amp; &lt;Sun&gt; on the Palm\">")), "{html}");
    assert!(html.contains("<strong>18,500,000 AED</strong>"), "{html}");
    assert!(html.contains(&format!("<a href=\"{PREVIEW_BASE}/contact-us\"")), "{html}");
    // A relative link in the description is made absolute against the listing's page.
    assert!(html.contains(&format!("<a href=\"{PREVIEW_BASE}/property/marina-studio-for-rent\"")), "{html}");
    assert!(html.contains("Five bedrooms &amp; a private beach"), "{html}");

    let studio = entry(&entries, &format!("{PREVIEW_BASE}/property/marina-studio-for-rent"));
    assert_eq!(child_text(studio, "summary"), Some("7,500 AED / month · Studio"));
    assert!(
        !children(studio, "link").iter().any(|l| l.attribute("rel") == Some("enclosure")),
        "no image, no enclosure"
    );
}

#[test]
fn blog_feed_is_atom_with_the_posts() {
    let text = read(&content_dist().join("feeds/blog.xml"));
    let doc = parse(&text);
    let entries = atom_entries(&doc, &format!("{PREVIEW_BASE}/feeds/blog.xml"));
    assert_eq!(entries.len(), 1);
    let post = entries[0];
    assert_eq!(child_text(post, "id"), Some(format!("{PREVIEW_BASE}{POST_PATH}").as_str()));
    assert_eq!(child_text(post, "title"), Some("Q&A: \"Renting\" <basics>"));
    assert_eq!(child_text(post, "published"), Some("2026-09-20T00:00:00+04:00"));
    let author = children(post, "author");
    assert_eq!(child_text(author[0], "name"), Some("Fixture & Sons"));
    // No excerpt in the post: the start of its text.
    assert_eq!(
        child_text(post, "summary"),
        Some("Renting in Dubai starts with a listing and a contract & a deposit.")
    );
    let html = children(post, "content")[0].text().unwrap();
    assert!(
        html.contains(&format!("<img src=\"{PREVIEW_BASE}/media/photo.svg\" alt=\"The studio\"")),
        "{html}"
    );
    assert!(html.contains("href=\"https://dubailand.gov.ae/ejari\""), "{html}");
}

/// Under `estate serve` the feeds kept from the last build are the feeds a fresh render writes:
/// reused while their records, address and templates are the same, made again when one is new.
#[test]
fn kept_feeds_are_those_of_a_fresh_render() {
    use generator::publish::feeds;
    let dir = fixture_copy();
    let (mut content, _) = generator::content::load(&dir.path().join("content"));
    let memo = feeds::Memo::default();
    let both = |content: &generator::content::Content, base: &str| {
        let kept = feeds::render(content, base, Some(&memo)).unwrap();
        assert_eq!(kept, feeds::render(content, base, None).unwrap());
        String::from_utf8(kept[0].1.clone()).unwrap()
    };
    assert!(both(&content, PREVIEW_BASE).contains("<feed"));
    both(&content, PREVIEW_BASE);
    assert!(both(&content, "https://other.example").contains("https://other.example/feeds/listings.xml"));
    both(&content, PREVIEW_BASE);
    // A listing of the feed read again with a new title.
    let at =
        content.properties.iter().position(|p| p.data.status == generator::content::model::Status::Available);
    let mut listing = (*content.properties[at.unwrap()]).clone();
    listing.data.title = "Renamed & kept apart".to_owned();
    content.properties[at.unwrap()] = std::sync::Arc::new(listing);
    assert!(both(&content, PREVIEW_BASE).contains("Renamed &amp; kept apart"));
    // The agency's own template.
    let own = feeds::override_path(&content.dir, &feeds::LISTINGS);
    std::fs::create_dir_all(own.parent().unwrap()).unwrap();
    std::fs::write(&own, "<feed><title>{{ site.name }} own</title></feed>\n").unwrap();
    assert!(both(&content, PREVIEW_BASE).contains(" own</title>"));
}

#[test]
fn feed_page_data_is_the_newest_listings_and_posts_in_one_timeline() {
    let items: Vec<serde_json::Value> =
        serde_json::from_str(&read(&content_dist().join("data/feed.json"))).unwrap();
    let summary: Vec<(String, String)> = items
        .iter()
        .map(|i| {
            let kind = i["kind"].as_str().unwrap().to_owned();
            let id =
                i[if kind == "property" { "property" } else { "post" }]["id"].as_str().unwrap().to_owned();
            (kind, id)
        })
        .collect();
    let expect = |k: &str, id: &str| (k.to_owned(), id.to_owned());
    assert_eq!(
        summary,
        [
            expect("property", "villa-sea-sun"),
            expect("property", "marina-studio-for-rent"),
            expect("post", "renting-q-and-a")
        ]
    );
    let villa = &items[0]["property"];
    assert_eq!(villa["image"]["src"], "/media/photo.jpg");
    assert!(villa["image"]["srcset"].as_str().is_some_and(|s| s.ends_with("-1200.jpg 1200w")), "{villa}");
    assert_eq!(villa["price"], 18_500_000);
    assert_eq!(items[1]["property"]["pricePeriod"], "month");
    assert_eq!(items[2]["post"]["url"], POST_PATH);
    assert_eq!(items[2]["date"], "2026-09-20T00:00:00+04:00");
}

#[test]
fn a_mistake_in_an_agency_feed_template_is_reported_at_its_line() {
    let dir = fixture_copy();
    let templates = dir.path().join("content/templates/feeds");
    std::fs::create_dir_all(&templates).unwrap();
    let builtin = read(&repo().join("generator/templates/feeds/blog.xml.j2"));
    let line = builtin.lines().position(|l| l.contains("<title>{{ post.title }}</title>")).unwrap() + 1;
    std::fs::write(
        templates.join("blog.xml.j2"),
        builtin.replace("{{ post.title }}</title>", "{{ post.titel }}</title>"),
    )
    .unwrap();
    let Run { code, stderr, .. } = estate(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "content/templates/feeds/blog.xml.j2:{line}:1: error: feed template: undefined value"
        )),
        "{stderr}"
    );

    // Text that is not XML is caught before anything is written.
    std::fs::write(templates.join("blog.xml.j2"), builtin.replace("Guides and news", "Our own subtitle &"))
        .unwrap();
    let Run { code, stderr, .. } = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("content/templates/feeds/blog.xml.j2:1:1: error: feed template: the feeds/blog.xml it writes is not well-formed XML"),
        "{stderr}"
    );
    assert!(!dir.path().join("dist").exists());

    // A correct change is what the build writes.
    std::fs::write(
        templates.join("blog.xml.j2"),
        builtin.replace("Guides and news", "Our own subtitle &amp;"),
    )
    .unwrap();
    let Run { code, stderr, .. } = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert_eq!(code, 0, "{stderr}");
    let feed = read(&dir.path().join("dist/feeds/blog.xml"));
    let doc = parse(&feed);
    assert!(child_text(doc.root_element(), "subtitle").unwrap().starts_with("Our own subtitle &"));
}

#[test]
fn page_links_resolve_as_the_cdn_answers_and_stale_pages_do_not_count() {
    let out = tempfile::tempdir().unwrap();
    let dist = out.path();
    let page = |path: &str, body: &str| {
        let file = if path == "/" {
            dist.join("index.html")
        } else {
            dist.join(path.trim_start_matches('/')).join("index.html")
        };
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, format!("<!doctype html><html><head><link rel=\"alternate\" href=\"/feeds/listings.xml\"></head><body>{body}</body></html>")).unwrap();
    };
    std::fs::create_dir_all(dist.join("feeds")).unwrap();
    std::fs::write(dist.join("feeds/listings.xml"), "<feed/>").unwrap();
    std::fs::create_dir_all(dist.join("api/properties")).unwrap();
    std::fs::write(dist.join("api/properties.json"), "[]").unwrap();
    std::fs::write(dist.join("api/properties/a.json"), "{}").unwrap();
    // This build's listing and post pages, as the content stage hands them on.
    let routes: Routes =
        serde_json::from_str(r#"{"properties":["/property/a"],"posts":["/blog/p/caf%C3%A9"]}"#).unwrap();
    page(
        "/",
        r##"<a href="/about-us">About</a> <a href="https://other.example/x">out</a> <a href="mailto:a@b.ae">m</a>
        <a href="#main">skip</a> <a href="/api/properties">api</a> <a href="/api/properties/a">one</a>
        <a href="https://www.example.ae/property/a?x=1">self</a> <a href="/blog/p/caf%C3%A9">post</a>
        <script>var s = '<a href="/in-a-script">';</script>"##,
    );
    page("/about-us", r#"<a href="/">home</a> <a href="/nowhere">broken</a> <img src="/media/missing.jpg">"#);
    page(
        "/property/a",
        r#"<a href="/property/gone">a listing sold since the last build</a> <a href="../about-us">up</a>"#,
    );
    // Left by an earlier build; not in this build's routes.
    page("/property/gone", r#"<a href="/also-broken">x</a>"#);
    page("/blog/p/café", r#"<a href="/property/b">unknown listing</a>"#);

    let rules = Rules::load(&repo().join("netlify.toml")).unwrap();
    let report = check_pages(dist, &routes, &rules, "https://www.example.ae", None, &HashSet::new()).unwrap();
    let broken: Vec<(&str, &str)> =
        report.broken.iter().map(|b| (b.page.as_str(), b.link.as_str())).collect();
    assert_eq!(
        broken,
        [
            ("/about-us", "/media/missing.jpg"),
            ("/about-us", "/nowhere"),
            ("/blog/p/caf%C3%A9", "/property/b"),
            ("/property/a", "/property/gone"),
        ]
    );
    assert_eq!(report.pages, 4, "the stale page is not checked");

    // A rebuild's check of just the pages it wrote finds the same problems on them, named alike.
    let only = ["blog/p/café/index.html", "property/a/index.html"].map(|file| dist.join(file)).into();
    let report =
        check_pages(dist, &routes, &rules, "https://www.example.ae", Some(&only), &HashSet::new()).unwrap();
    let broken: Vec<(&str, &str)> =
        report.broken.iter().map(|b| (b.page.as_str(), b.link.as_str())).collect();
    assert_eq!(broken, [("/blog/p/caf%C3%A9", "/property/b"), ("/property/a", "/property/gone")]);
    assert_eq!(report.pages, 2);

    // The listing sold since keeps its page ('no longer available', `gone`), and a link written
    // in content to a listing deleted since (`estate check` warns of it) passes: neither is an
    // error of the build.
    let mut later = routes.clone();
    later.gone.push("/property/gone".into());
    let dangling: HashSet<String> = ["/property/b".to_owned()].into();
    let report = check_pages(dist, &later, &rules, "https://www.example.ae", None, &dangling).unwrap();
    let broken: Vec<(&str, &str)> =
        report.broken.iter().map(|b| (b.page.as_str(), b.link.as_str())).collect();
    assert_eq!(
        broken,
        [("/about-us", "/media/missing.jpg"), ("/about-us", "/nowhere"), ("/property/gone", "/also-broken")]
    );

    generator::pipeline::site::remove_stale_pages(dist, &routes).unwrap();
    assert!(!dist.join("property/gone").exists());
    assert!(dist.join("property/a/index.html").is_file());
    assert!(dist.join("blog/p/café/index.html").is_file());
}

/// The whole site built from the fixture (Vite's builds and the prerender), in a copy of the
/// site folder: the output, the copy (its `.ssr/` serves a later prerender) and the build's
/// stdout.
pub(crate) struct SiteBuild {
    _fixture: support::Fixture,
    pub(crate) dist: PathBuf,
    pub(crate) site: PathBuf,
    stdout: String,
}

/// The whole site built from the fixture, with a copy of the front end, once for the run (see
/// [`support::shared_fixture`]); what the build printed is kept beside it.
pub(crate) fn site_build() -> &'static SiteBuild {
    static BUILD: OnceLock<SiteBuild> = OnceLock::new();
    BUILD.get_or_init(|| {
        let fixture = support::shared_fixture("publishing-site", |dir| {
            let site = dir.join("site");
            let modules = repo().join("site/node_modules");
            assert!(
                modules.is_dir(),
                "site/node_modules is missing: run `npm ci` in site/ (scripts/test.sh does)"
            );
            copy_tree(&repo().join("site"), &site, &["node_modules", ".ssr", ".cache", "e2e", "dist"]);
            std::os::unix::fs::symlink(&modules, site.join("node_modules")).unwrap();
            let (content, out) = (fixture(), dir.join("dist"));
            let args = ["build", "--content", content.to_str().unwrap(), "--out", out.to_str().unwrap()];
            let Run { code, stdout, stderr } =
                estate(repo(), &[&args[..], &["--site", site.to_str().unwrap()]].concat());
            assert_eq!(code, 0, "{stdout}\n{stderr}");
            std::fs::write(dir.join("stdout.txt"), stdout).unwrap();
        });
        let dir = fixture.path();
        let (dist, site) = (dir.join("dist"), dir.join("site"));
        let stdout = read(&dir.join("stdout.txt"));
        SiteBuild { _fixture: fixture, dist, site, stdout }
    })
}

#[test]
fn every_sitemap_url_is_answered_by_a_built_page_and_every_built_page_is_accounted_for() {
    let build = site_build();
    assert!(build.stdout.contains(" links on "), "the build checks its links: {}", build.stdout);
    let rules = Rules::load(&repo().join("netlify.toml")).unwrap();
    let urls = urlset(&read(&build.dist.join("sitemap.xml")), SITE_BASE);
    assert!(urls.len() > 20);
    for (path, _) in &urls {
        let decoded = percent_encoding::percent_decode_str(path).decode_utf8().unwrap();
        match rules.resolve(&build.dist, &decoded) {
            Answer::File { file, status: 200 } => {
                assert!(file.ends_with("index.html"), "{path} is answered by {}", file.display());
                assert!(read(&file).contains("<h1"), "{path}: {} is not a page", file.display());
            }
            other => panic!("{path} is answered by {other:?}"),
        }
    }
    // The prerendered fixed pages are exactly the table the sitemap is made from, so a new route
    // cannot be missed.
    // In every language: English at the top, the others under /ar and /ru.
    for lang in LANGUAGES {
        let dir = if lang == LANGUAGES[0] { build.dist.clone() } else { build.dist.join(lang) };
        let mut built = BTreeSet::new();
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            // The browser editor's page (`cms/`) is the CMS's, not a route of the site.
            if entry.path().join("index.html").is_file()
                && !["property", "blog", "cms"].contains(&name.as_str())
                && !LANGUAGES[1..].contains(&name.as_str())
            {
                built.insert(format!("/{name}"));
            }
        }
        assert!(dir.join("index.html").is_file(), "{lang}: no home page");
        built.insert("/".to_owned());
        let table: BTreeSet<String> = FIXED_ROUTES.iter().map(|p| p.path.to_owned()).collect();
        assert_eq!(built, table, "{lang}: routes of the front end and contract::routes::FIXED_ROUTES differ");
    }
}

#[test]
fn every_built_page_links_both_feeds_in_its_head() {
    let build = site_build();
    let pages: Vec<PathBuf> = walkdir::WalkDir::new(&build.dist)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name().to_string_lossy().ends_with(".html")
                // Not pages: the bundles, the CMS, the no-script result page's cards.
                && !["assets", "cms", "data/cards"].iter().any(|d| e.path().starts_with(build.dist.join(d)))
        })
        .map(|e| e.into_path())
        .collect();
    assert!(pages.len() > 30);
    for page in pages {
        let html = read(&page);
        let head = &html[..html.find("</head>").unwrap_or_else(|| panic!("{} has no head", page.display()))];
        let mut feeds = Vec::new();
        generator::html_links::for_each_link(head, |link| {
            if link.element == "link" {
                feeds.push(link.url.into_owned());
            }
        });
        assert!(feeds.contains(&"/feeds/listings.xml".to_owned()), "{}: {feeds:?}", page.display());
        assert!(feeds.contains(&"/feeds/blog.xml".to_owned()), "{}", page.display());
        assert_eq!(
            head.matches("rel=\"alternate\" type=\"application/atom+xml\"").count(),
            2,
            "{}",
            page.display()
        );
    }
}

#[test]
fn a_broken_link_in_raw_html_of_a_post_stops_the_build_at_its_line() {
    let build = site_build();
    let dir = fixture_copy();
    // Raw HTML in markdown: the content check reads its links as the pages' check would, so the
    // build stops before any page is written, naming the file and line.
    let post = dir.path().join("content/blog/renting-q-and-a.md");
    std::fs::write(&post, read(&post) + "\nOr ask <a href=\"/contact-uss\">our team</a>.\n").unwrap();
    let out = dir.path().join("dist");
    copy_tree(&build.dist, &out, &[]);
    let options = BuildOptions {
        content: dir.path().join("content"),
        out: out.clone(),
        pages: Pages::Prerender(build.site.clone()),
        base_url: None,
        rules: Rules::load(&repo().join("netlify.toml")).unwrap(),
        for_netlify: false,
        page_cache: None,
        incremental: None,
        last_published: None,
    };
    match pipeline::build(&options) {
        Err(BuildError::Content(report)) => {
            let said = report.render();
            assert!(said.contains("renting-q-and-a.md:"), "{said}");
            assert!(said.contains("broken link `/contact-uss`"), "{said}");
            assert!(said.contains("did you mean `/contact-us`?"), "{said}");
        }
        other => panic!("expected broken links, got {other:?}"),
    }
}
