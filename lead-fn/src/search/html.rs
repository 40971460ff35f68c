//! The result page of a search sent without JavaScript: `GET {SEARCH_PAGE_PATH}/{lang}/{page}?…`
//! (`/api/search-page/ar/search-rent?bedrooms=2`), where the site's search forms send a plain
//! GET form (so the address can be bookmarked, and Back works). The criteria are the query
//! string's, read by the same rules as the search endpoints' ([`super::request_from`],
//! [`super::Criteria::read_query`]); the answer is an HTML page:
//!
//! - the site's own prerendered result page of that language (`/ar/search-rent`, read from the
//!   site as the catalogue is: [`crate::Catalogue::site_file`]), its scripts taken out;
//! - its count heading (`#results-count`) saying how many were found, and where the page shows
//!   placeholder cards, the cards of one page of the results (24), each the HTML the prerender
//!   drew of the site's own card component (`contract::files::noscript_card`: the card's markup
//!   has one place), then links to the previous and next pages keeping the query; nothing found:
//!   a sentence saying so. The words are the site's, drawn by the prerender into the page's
//!   `<noscript>` (`data-noscript-results`), which the page's results replace;
//! - one script of the site's own (`SCRIPTED`): a browser that runs script (a search sent before
//!   the page's script ran) goes on to the scripted result page with the same query.
//!
//! Every text of the visitor's is written escaped; a page number past the last shows the last.
//! A language the site has not is English; a page that is not a result page is a 404. When the
//! site's page or the catalogue cannot be read, the visitor is sent (303) to the site's own
//! result page, which says that results need JavaScript and links to every listing.

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use contract::MainCategory;
use contract::endpoints;

use super::Search;

/// The site's result pages (a path without language) and the listings each searches.
pub const RESULT_PAGES: [(&str, Option<MainCategory>); 5] = [
    ("/search-result", None),
    ("/search-residential", Some(MainCategory::Residential)),
    ("/search-rent", Some(MainCategory::Rental)),
    ("/search-off-plan", Some(MainCategory::OffPlan)),
    ("/search-commercial", Some(MainCategory::Commercial)),
];

/// The page's policy: the site's (`netlify.toml`'s for every page) without the hashes of its
/// inline scripts, which this page does not carry (a test in generator/src/netlify.rs holds the
/// two together).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The site's script that sends a browser running script on to the scripted result page.
pub const SCRIPTED: &str = "/scripted-results.js";

/// Cards a page shows.
pub const PER_PAGE: usize = endpoints::SEARCH_DEFAULT_LIMIT;

/// The most bytes a result page's HTML or a card may have, read from the site.
const PAGE_BYTES: usize = 512 * 1024;
const CARD_BYTES: usize = 64 * 1024;

/// The words the prerender draws into the result page's `<noscript>`, in its language.
#[derive(Debug, Default, PartialEq)]
pub struct Words {
    /// 'Properties found: {n}'.
    pub count: String,
    /// 'No properties match your search …'.
    pub empty: String,
    pub previous: String,
    pub next: String,
    /// 'Page {page} of {pages}'.
    pub page: String,
    /// The pager's name.
    pub pages: String,
}

/// What one answer shows: the cards' HTML of its page, how many were found, which page of how many.
pub struct Results<'a> {
    pub cards: Vec<String>,
    pub total: usize,
    pub page: usize,
    pub pages: usize,
    /// The query string to keep in the pager's links (without `page`).
    pub query: &'a [(String, String)],
    /// This page's own address, without its query.
    pub path: &'a str,
}

pub(super) async fn search_page(
    State(search): State<Arc<Search>>,
    Path((lang, page)): Path<(String, String)>,
    request: Request,
) -> Response {
    let page = format!("/{page}");
    let Some(&(target, category)) = RESULT_PAGES.iter().find(|(path, _)| *path == page) else {
        return crate::http::ApiError::plain(StatusCode::NOT_FOUND, "not found").into_response();
    };
    let lang = contract::urls::language(&lang).unwrap_or(contract::urls::DEFAULT_LANGUAGE);
    let raw_query = request.uri().query().unwrap_or("").to_owned();
    // Where a failure sends the visitor: the site's own result page, with the query.
    let scripted = scripted_address(lang, target, &raw_query);
    let fallback = |why: &str| {
        tracing::warn!(event = "search_page_fallback", reason = why);
        (
            StatusCode::SEE_OTHER,
            [(header::LOCATION, scripted.clone()), (header::CACHE_CONTROL, "no-store".to_owned())],
        )
            .into_response()
    };
    let (parts, _) = request.into_parts();
    let admitted = match search.let_in(&parts) {
        Ok(admitted) => admitted,
        Err(_) => return fallback("busy or rate limited"),
    };
    let shell_file = format!("{}/index.html", contract::urls::localized_path(lang, target));
    let (Some(shell), Ok(snapshot)) =
        (search.catalogue.site_file(&shell_file, PAGE_BYTES).await, search.catalogue.snapshot().await)
    else {
        return fallback("the result page or the catalogue is not available");
    };
    let shell = String::from_utf8_lossy(&shell).into_owned();
    let query = raw_query.clone();
    let found = admitted
        .run(move || {
            let (mut criteria, paging) = super::request_from(Some(&query), b"")?;
            criteria.read_query(&snapshot.names);
            let matching = super::matching(&snapshot, category, &criteria, paging.sort);
            let pages = matching.len().div_ceil(PER_PAGE).max(1);
            let page = paging.page.min(pages);
            let ids: Vec<String> = matching
                .iter()
                .skip((page - 1) * PER_PAGE)
                .take(PER_PAGE)
                .map(|&n| snapshot.listings[n].id.to_string())
                .collect();
            Ok::<_, super::BadSearch>((ids, matching.len(), page, pages))
        })
        .await;
    let kept = kept_query(&raw_query);
    let path = format!("{}/{lang}{target}", endpoints::SEARCH_PAGE_PATH);
    let (status, results) = match found {
        Some(Ok((ids, total, page, pages))) => {
            // Read together, not one after another: on Lambda each is a request to the site. The
            // ids are the catalogue's, never the visitor's text.
            let files: Vec<String> = ids.iter().map(|id| contract::files::noscript_card(lang, id)).collect();
            let read = futures_util::future::join_all(
                files.iter().map(|file| search.catalogue.site_file(file, CARD_BYTES)),
            )
            .await;
            let Some(cards) = read
                .into_iter()
                .map(|card| card.map(|bytes| String::from_utf8_lossy(&bytes).into_owned()))
                .collect::<Option<Vec<String>>>()
            else {
                return fallback("a card is not available");
            };
            (StatusCode::OK, Results { cards, total, page, pages, query: &kept, path: &path })
        }
        // A value no search takes (`cheques=99`): nothing is found.
        Some(Err(_)) => (
            StatusCode::BAD_REQUEST,
            Results { cards: Vec::new(), total: 0, page: 1, pages: 1, query: &kept, path: &path },
        ),
        None => return fallback("the search failed"),
    };
    match fill(&shell, &results) {
        Some(html) => (
            status,
            [
                (header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8")),
                (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY)),
                (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            ],
            html,
        )
            .into_response(),
        None => fallback("the result page has no place for results"),
    }
}

/// The scripted result page's address with the query as sent (`/ar/search-rent?bedrooms=2`).
pub fn scripted_address(lang: &str, target: &str, query: &str) -> String {
    let path = contract::urls::localized_path(lang, target);
    if query.is_empty() { path } else { format!("{path}?{query}") }
}

/// The query's pairs to keep in the pager's links: every one but `page`, at most as many and as
/// long as a search reads (what is past them was never read, and is not written again).
fn kept_query(query: &str) -> Vec<(String, String)> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap_or_default();
    pairs
        .into_iter()
        .filter(|(name, _)| {
            name != "page" && (name == "community" || endpoints::SEARCH_FIELDS.contains(&name.as_str()))
        })
        .take(endpoints::SEARCH_FIELDS.len() + endpoints::SEARCH_MAX_COMMUNITIES)
        .map(|(name, value)| {
            let most = if name == "query" {
                endpoints::SEARCH_MAX_QUERY_CHARS
            } else {
                endpoints::SEARCH_MAX_VALUE_CHARS
            };
            let end = value.char_indices().nth(most).map_or(value.len(), |(at, _)| at);
            (name, value[..end].to_owned())
        })
        .collect()
}

/// `text` escaped for HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#x27;"),
            c => out.push(c),
        }
    }
    out
}

/// An attribute's value as the prerender wrote it, unescaped (React writes `&amp;`, `&lt;`,
/// `&gt;`, `&quot;` and `&#x27;`).
fn unescape(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The value of attribute `name` in the tag `tag`.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + tag[start..].find('"')?;
    Some(unescape(&tag[start..end]))
}

/// The words in the page's `<noscript>` (`data-noscript-results`), and where that `<noscript>` is.
pub fn words(shell: &str) -> Option<(Words, std::ops::Range<usize>)> {
    let marker = shell.find("data-noscript-results")?;
    let start = shell[..marker].rfind("<noscript>")?;
    let end = marker + shell[marker..].find("</noscript>")? + "</noscript>".len();
    let tag_end = marker + shell[marker..].find('>')?;
    let tag = &shell[start..tag_end];
    let get = |name: &str| attribute(tag, name);
    let words = Words {
        count: get("data-count")?,
        empty: get("data-empty")?,
        previous: get("data-previous")?,
        next: get("data-next")?,
        page: get("data-page")?,
        pages: get("data-pages")?,
    };
    Some((words, start..end))
}

/// The result page: `shell` with its scripts out, its count heading and its cards filled in and
/// the site's script that moves a scripted browser on. None when it has no place for them.
pub fn fill(shell: &str, results: &Results) -> Option<String> {
    let (words, noscript) = words(shell)?;
    let number = |n: usize| n.to_string();
    // The placeholder cards after the <noscript>: the results go there.
    const GRID: &str = "<ul class=\"card-grid\" role=\"list\" aria-hidden=\"true\">";
    let grid_start = noscript.end + shell[noscript.end..].find(GRID)?;
    let grid_end = grid_start + shell[grid_start..].find("</ul>")? + "</ul>".len();
    let mut found = String::new();
    if results.cards.is_empty() {
        found.push_str("<p class=\"empty-state\" role=\"status\">");
        found.push_str(&escape(&words.empty));
        found.push_str("</p>");
    } else {
        found.push_str("<ul class=\"card-grid\" role=\"list\">");
        for card in &results.cards {
            found.push_str("<li>");
            found.push_str(card);
            found.push_str("</li>");
        }
        found.push_str("</ul>");
    }
    if results.pages > 1 {
        let link = |page: usize, rel: &str, text: &str| {
            let mut pairs = results.query.to_vec();
            pairs.push(("page".to_owned(), page.to_string()));
            let query = serde_urlencoded::to_string(&pairs).unwrap_or_default();
            format!(
                "<a class=\"button button--outline\" rel=\"{rel}\" href=\"{}?{}\">{}</a>",
                escape(results.path),
                escape(&query),
                escape(text)
            )
        };
        found.push_str(&format!("<nav class=\"noscript-pager\" aria-label=\"{}\">", escape(&words.pages)));
        if results.page > 1 {
            found.push_str(&link(results.page - 1, "prev", &words.previous));
        }
        let at =
            words.page.replace("{page}", &number(results.page)).replace("{pages}", &number(results.pages));
        found.push_str(&format!("<span aria-current=\"page\">{}</span>", escape(&at)));
        if results.page < results.pages {
            found.push_str(&link(results.page + 1, "next", &words.next));
        }
        found.push_str("</nav>");
    }
    let mut html = String::with_capacity(shell.len() + found.len() + 64);
    html.push_str(&shell[..noscript.start]);
    html.push_str(&shell[noscript.end..grid_start]);
    html.push_str(&found);
    html.push_str(&shell[grid_end..]);
    let heading = escape(&words.count.replace("{n}", &number(results.total)));
    let html = replace_heading(&html, &heading)?;
    let html = without_scripts(&html.replace(" aria-busy=\"true\"", ""));
    let script = format!("<script defer src=\"{SCRIPTED}\"></script></head>");
    Some(html.replacen("</head>", &script, 1))
}

/// `html` with the count heading's text `heading` (written escaped).
fn replace_heading(html: &str, heading: &str) -> Option<String> {
    let start = html.find("<h2 id=\"results-count\"")?;
    let text = start + html[start..].find('>')? + 1;
    let end = text + html[text..].find("</h2>")?;
    Some(format!("{}{heading}{}", &html[..text], &html[end..]))
}

/// `html` without its `<script>` elements and module preloads: the page runs none of the
/// result page's code (its islands would draw it again over the results).
fn without_scripts(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    loop {
        let script = rest.find("<script");
        let preload = rest.find("<link rel=\"modulepreload\"");
        let Some(at) = [script, preload].into_iter().flatten().min() else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let end = if after.starts_with("<script") {
            after.find("</script>").map(|end| end + "</script>".len())
        } else {
            after.find('>').map(|end| end + 1)
        };
        let Some(end) = end else {
            return out;
        };
        rest = &after[end..];
    }
}
