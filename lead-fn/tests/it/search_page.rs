//! The result page of a search sent without script (`GET /api/search-page/{lang}/{page}?…`):
//! the site's result page of that language with one page of the matching cards drawn in it,
//! read from a site folder laid out as a build publishes it.

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use contract::endpoints::SEARCH_PAGE_PATH;
use lead_fn::catalogue::Source;
use lead_fn::search::html::{CONTENT_SECURITY_POLICY, SCRIPTED};
use lead_fn::{Catalogue, Config, router};
use serde_json::json;
use tower::ServiceExt as _;

/// The words the prerender draws into each language's `<noscript>` (site/src/i18n).
const WORDS: [(&str, &str, &str); 3] = [
    ("en", "Properties found: {n}", "No properties match your search."),
    ("ar", "عدد العقارات التي تم العثور عليها: {n}", "لا توجد عقارات تطابق بحثك."),
    ("ru", "Найдено объектов: {n}", "По вашему запросу объектов нет."),
];

/// A result page as the prerender writes it: scripts, the count heading, the `<noscript>` with
/// the words (attributes escaped as React writes them), the placeholder cards.
fn shell(lang: &str, count: &str, empty: &str) -> String {
    let dir = if lang == "ar" { "rtl" } else { "ltr" };
    format!(
        "<!doctype html><html lang=\"{lang}\" dir=\"{dir}\"><head><title>Search</title>\
         <script>inline()</script><link rel=\"modulepreload\" href=\"/assets/a.js\">\
         <script defer src=\"/assets/boot.js\"></script></head><body><main><section aria-busy=\"true\">\
         <h2 id=\"results-count\" class=\"section__title\">Searching...</h2>\
         <noscript><p class=\"empty-state\" data-noscript-results=\"\" data-count=\"{count}\" \
         data-empty=\"{empty}\" data-previous=\"Previous &amp; back\" data-next=\"Next\" \
         data-page=\"Page {{page}} of {{pages}}\" data-pages=\"Pages\">Search results need JavaScript.</p></noscript>\
         <div class=\"results\"><ul class=\"card-grid\" role=\"list\" aria-hidden=\"true\"><li>placeholder</li></ul></div>\
         </section></main><script type=\"application/json\" id=\"page-data\">{{}}</script></body></html>"
    )
}

/// A site of `count` listings (`p0` the newest, every third in Dubai Marina with 2 bedrooms, the
/// others in JVC with 3): its API list, every language's result pages and cards.
fn site(count: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    let listings: Vec<_> = (0..count)
        .map(|n| {
            let marina = n % 3 == 0;
            json!({
                "_id": format!("p{n}"), "id": format!("p{n}"), "title": format!("Flat {n}"),
                "mainCategory": if n % 2 == 0 { "Residential" } else { "Rental" }, "subCategory": "Apartment",
                "Images": [], "location": if marina { "Dubai Marina" } else { "Jumeirah Village Circle" },
                "bedrooms": if marina { 2 } else { 3 }, "area": 1000, "price": 1_000_000 + n,
                "featured": false, "createdAt": "2026-01-01T00:00:00+04:00", "description": "",
                "url": format!("/property/p{n}"),
            })
        })
        .collect();
    write(root, "api/properties.json", &serde_json::to_string(&listings).expect("JSON"));
    for (lang, count_words, empty) in WORDS {
        let prefix = if lang == "en" { String::new() } else { format!("{lang}/") };
        for page in
            ["search-result", "search-rent", "search-residential", "search-off-plan", "search-commercial"]
        {
            write(root, &format!("{prefix}{page}/index.html"), &shell(lang, count_words, empty));
        }
        for n in 0..count {
            let card = format!("<article class=\"property-card\" lang-card=\"{lang}\">Flat {n}</article>");
            write(root, &contract::files::noscript_card(lang, &format!("p{n}")), &card);
        }
    }
    dir
}

fn write(root: &Path, file: &str, text: &str) {
    let path = root.join(file.trim_start_matches('/'));
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder made");
    std::fs::write(path, text).expect("written");
}

fn config(site: &Path) -> Config {
    let source = Source::File(site.join("api/properties.json"));
    Config::new(Arc::new(Catalogue::new(source)))
}

async fn get(config: Config, address: &str) -> (StatusCode, HeaderMap, String) {
    let request = Request::get(address).body(Body::empty()).expect("a request");
    let response = router(config).oneshot(request).await.expect("the router answers");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 8 << 20).await.expect("a body");
    (status, headers, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
}

/// The cards' ids of a page, in order.
fn cards(html: &str) -> Vec<String> {
    html.split("<article class=\"property-card\"")
        .skip(1)
        .map(|card| {
            card.split('>').nth(1).unwrap_or("").split('<').next().unwrap_or("").replace("Flat ", "p")
        })
        .collect()
}

#[tokio::test]
async fn the_matching_cards_are_drawn_in_the_site_s_page_without_its_scripts() {
    let site = site(30);
    let address = format!("{SEARCH_PAGE_PATH}/en/search-result?query=2+bed+marina");
    let (status, headers, html) = get(config(site.path()), &address).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert_eq!(headers["content-security-policy"], CONTENT_SECURITY_POLICY);
    // The query read as the search endpoints read it: every third listing (Dubai Marina, 2 bedrooms).
    let expected: Vec<String> = (0..30).filter(|n| n % 3 == 0).map(|n| format!("p{n}")).collect();
    assert_eq!(cards(&html), expected);
    assert!(
        html.contains("<h2 id=\"results-count\" class=\"section__title\">Properties found: 10</h2>"),
        "{html}"
    );
    assert!(!html.contains("Search results need JavaScript"), "{html}");
    assert!(!html.contains("placeholder") && !html.contains("aria-busy"), "{html}");
    // No script of the page's own, only the one that moves a scripted browser on.
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    assert!(html.contains(&format!("<script defer src=\"{SCRIPTED}\"></script></head>")), "{html}");
    assert!(!html.contains("modulepreload"), "{html}");
    // One page: no pager.
    assert!(!html.contains("noscript-pager"), "{html}");
}

#[tokio::test]
async fn each_language_gets_its_page_and_its_cards_and_an_unknown_one_english() {
    let site = site(6);
    for (lang, count, _) in WORDS {
        let address = format!("{SEARCH_PAGE_PATH}/{lang}/search-rent?bedrooms=3");
        let (status, _, html) = get(config(site.path()), &address).await;
        assert_eq!(status, StatusCode::OK, "{lang}: {html}");
        // Rentals (odd) with 3 bedrooms (not a multiple of 3): p1, p5.
        assert_eq!(cards(&html), ["p1", "p5"], "{lang}");
        assert_eq!(html.matches(&format!("lang-card=\"{lang}\"")).count(), 2, "{lang}: {html}");
        assert!(html.contains(&count.replace("{n}", "2")), "{lang}: {html}");
        if lang == "ar" {
            assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
        }
    }
    let (status, _, html) = get(config(site.path()), &format!("{SEARCH_PAGE_PATH}/xx/search-rent")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<html lang=\"en\"") && html.contains("Properties found: 3"), "{html}");
    let (status, _, _) = get(config(site.path()), &format!("{SEARCH_PAGE_PATH}/en/about-us")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "only a result page");
}

#[tokio::test]
async fn pages_of_24_with_links_that_keep_the_query_and_a_page_past_the_last_is_the_last() {
    let site = site(60);
    let base = format!("{SEARCH_PAGE_PATH}/en/search-result");
    let (_, _, first) = get(config(site.path()), &format!("{base}?type=Apartment")).await;
    assert_eq!(cards(&first).len(), 24);
    assert_eq!(cards(&first)[0], "p0");
    assert!(first.contains("Properties found: 60"), "{first}");
    assert!(first.contains("<span aria-current=\"page\">Page 1 of 3</span>"), "{first}");
    assert!(
        first.contains(&format!("rel=\"next\" href=\"{base}?type=Apartment&amp;page=2\">Next</a>")),
        "{first}"
    );
    assert!(!first.contains("rel=\"prev\""), "{first}");
    let (_, _, second) = get(config(site.path()), &format!("{base}?type=Apartment&page=2")).await;
    assert_eq!(cards(&second)[0], "p24");
    assert!(
        second.contains(&format!(
            "rel=\"prev\" href=\"{base}?type=Apartment&amp;page=1\">Previous &amp; back</a>"
        )),
        "{second}"
    );
    for huge in ["3", "99", "18446744073709551615"] {
        let (status, _, last) = get(config(site.path()), &format!("{base}?type=Apartment&page={huge}")).await;
        assert_eq!(status, StatusCode::OK, "{huge}");
        assert_eq!(cards(&last).len(), 12, "{huge}");
        assert!(last.contains("Page 3 of 3"), "{huge}");
    }
    // A number past what a page number can be is no search: the empty state, 400.
    let (status, _, html) = get(config(site.path()), &format!("{base}?page={}", "9".repeat(40))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(cards(&html).is_empty() && html.contains("No properties match your search."), "{html}");
}

#[tokio::test]
async fn nothing_found_says_so_in_the_page_s_language() {
    let site = site(6);
    for (lang, count, empty) in WORDS {
        let (status, _, html) =
            get(config(site.path()), &format!("{SEARCH_PAGE_PATH}/{lang}/search-result?query=penthouse+zzz"))
                .await;
        assert_eq!(status, StatusCode::OK);
        assert!(cards(&html).is_empty(), "{html}");
        assert!(
            html.contains(&format!("<p class=\"empty-state\" role=\"status\">{empty}</p>")),
            "{lang}: {html}"
        );
        assert!(html.contains(&count.replace("{n}", "0")), "{lang}: {html}");
    }
}

#[tokio::test]
async fn what_the_visitor_typed_is_never_markup_and_a_long_query_is_cut() {
    let site = site(60);
    // Words every listing has ('flat'), and markup of one-letter words, which a search ignores.
    let typed = "flat </b>\"><i x=1>";
    let long = "a".repeat(20_000);
    let query = serde_urlencoded::to_string([("query", typed), ("type", "Apartment"), ("junk", &long)])
        .expect("encoded");
    let (status, _, html) =
        get(config(site.path()), &format!("{SEARCH_PAGE_PATH}/en/search-result?{query}")).await;
    assert_eq!(status, StatusCode::OK, "{html}");
    assert_eq!(cards(&html).len(), 24, "{html}");
    assert!(!html.contains("</b>") && !html.contains("<i x=1>"), "{html}");
    assert_eq!(html.matches("<script").count(), 1, "only the site's own script");
    // The pager's links carry the typed words escaped, cut as a search reads them, and not
    // the fields no search has.
    let next = html.split("rel=\"next\" href=\"").nth(1).map(|rest| rest.split('"').next().unwrap_or(""));
    let next = next.unwrap_or_else(|| panic!("a next link in {html}"));
    assert!(!next.contains('<') && !next.contains("junk"), "{next}");
    assert!(next.len() < 1_000, "{} bytes", next.len());
    let query = serde_urlencoded::to_string([("query", "<script>alert(1)</script>")]).expect("encoded");
    let (_, _, html) =
        get(config(site.path()), &format!("{SEARCH_PAGE_PATH}/en/search-result?{query}")).await;
    assert_eq!(html.matches("<script").count(), 1, "{html}");
    assert!(!html.contains("alert"), "{html}");
}

#[tokio::test]
async fn a_site_that_cannot_be_read_sends_the_visitor_to_the_site_s_own_result_page() {
    let site = site(3);
    std::fs::remove_file(site.path().join("ar/search-rent/index.html")).expect("removed");
    let (status, headers, _) =
        get(config(site.path()), &format!("{SEARCH_PAGE_PATH}/ar/search-rent?bedrooms=2&query=a%3Cb")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(headers["location"], "/ar/search-rent?bedrooms=2&query=a%3Cb");
}
