//! Internal links that lead nowhere fail the build, naming the page and the link. Two checks,
//! at two moments of a build, share how a link is classified ([`classify`]):
//!
//! - [`content`] (part of `estate check`): the links an editor wrote in markdown (descriptions,
//!   posts, pages, the agency's texts) against the pages the content makes (fixed routes,
//!   published listings, posts, media files), each problem at its file and line.
//! - [`pages`] (after the prerender): every `href`/`src` of every prerendered page, resolved the
//!   way the CDN answers it, with listing and post pages only counting when this build rendered
//!   them; it remembers when the output last passed, so a rebuild checks only its new pages.
//!
//! External links (another host, `mailto:`, `tel:` ...) are not fetched.

mod content;
pub mod pages;

pub(super) use content::scan_content_with;
pub use content::{check_content, dangling, scan_content};
pub use pages::{BrokenLink, PageCheckError, describe};

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
}
