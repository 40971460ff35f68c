//! Markdown to safe HTML: pulldown-cmark renders, ammonia removes anything that could run
//! script or break the page (raw HTML in content is allowed only as far as it is harmless).

use std::sync::LazyLock;

use pulldown_cmark::{Event, LinkType, Options, Parser, Tag, html};

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder.link_rel(Some("noopener noreferrer"));
    builder
});

const OPTIONS: Options =
    Options::ENABLE_TABLES.union(Options::ENABLE_STRIKETHROUGH).union(Options::ENABLE_SMART_PUNCTUATION);

fn raw_html(markdown: &str) -> String {
    let mut raw = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut raw, Parser::new_ext(markdown, OPTIONS));
    raw
}

/// How deep quotes, lists and HTML elements may sit inside one another in a text. The
/// sanitiser's HTML parser takes time growing with the square of the depth (100,000 unclosed
/// `<div>`s: minutes); real texts nest a handful of levels.
pub const MAX_NESTING: usize = 100;

/// HTML elements that never hold others, or that the next of their kind closes (`<p><p>`):
/// they add no depth.
const FLAT_ELEMENTS: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "rp", "rt",
];

/// Where `markdown` first nests deeper than [`MAX_NESTING`] (a byte offset in it, at the quote,
/// list or HTML that goes too deep), or None. Unclosed HTML elements count as open to the end,
/// as the sanitiser's parser keeps them.
pub fn too_deep(markdown: &str) -> Option<usize> {
    // Cheap for most texts: deep nesting needs a quote, a list or an HTML tag per level.
    if markdown.len() < MAX_NESTING {
        return None;
    }
    let (mut blocks, mut html) = (0usize, 0usize);
    for (event, range) in Parser::new_ext(markdown, OPTIONS).into_offset_iter() {
        match event {
            Event::Start(_) => blocks += 1,
            Event::End(_) => blocks = blocks.saturating_sub(1),
            Event::Html(fragment) | Event::InlineHtml(fragment) => {
                for tag in fragment.split('<').skip(1) {
                    let (closing, tag) = match tag.strip_prefix('/') {
                        Some(rest) => (true, rest),
                        None => (false, tag),
                    };
                    let name_len = tag.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(tag.len());
                    let name = tag[..name_len].to_ascii_lowercase();
                    if name.is_empty() || !name.as_bytes()[0].is_ascii_alphabetic() {
                        continue;
                    }
                    if closing {
                        html = html.saturating_sub(1);
                    } else if !FLAT_ELEMENTS.contains(&name.as_str()) {
                        html += 1;
                        if blocks + html > MAX_NESTING {
                            return Some(range.start);
                        }
                    }
                }
            }
            _ => {}
        }
        if blocks + html > MAX_NESTING {
            return Some(range.start);
        }
    }
    None
}

/// Renders `markdown` to sanitised HTML. A text nested too deep (see [`too_deep`], which
/// `estate check` reports) is shown as its plain, escaped text.
pub fn to_html(markdown: &str) -> String {
    if too_deep(markdown).is_some() {
        return plain(markdown);
    }
    SANITIZER.clean(&raw_html(markdown)).to_string()
}

/// `markdown` as one escaped paragraph, markup and all.
fn plain(markdown: &str) -> String {
    format!("<p>{}</p>\n", ammonia::clean_text(markdown))
}

/// Renders `markdown` to sanitised HTML for use away from the site (a feed): every relative
/// link and image address is made absolute against `page_url`, the page the text belongs to.
pub fn to_html_absolute(markdown: &str, page_url: &str) -> String {
    let Ok(base) = ammonia::Url::parse(page_url) else { return to_html(markdown) };
    if too_deep(markdown).is_some() {
        return plain(markdown);
    }
    let mut builder = ammonia::Builder::default();
    builder.link_rel(Some("noopener noreferrer"));
    builder.url_relative(ammonia::UrlRelative::RewriteWithBase(base));
    builder.clean(&raw_html(markdown)).to_string()
}

/// Elements that end a run of text.
const BLOCKS: &[&str] = &[
    "p",
    "br",
    "div",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "li",
    "ul",
    "ol",
    "blockquote",
    "pre",
    "table",
    "tr",
    "td",
    "th",
    "hr",
    "img",
];

/// Plain text from sanitised HTML, for an excerpt: tags dropped, character references decoded,
/// white space collapsed, cut at a word before `max_chars` with an ellipsis.
pub fn html_excerpt(html: &str, max_chars: usize) -> String {
    let mut text = String::with_capacity(html.len().min(max_chars * 8));
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        text.push_str(&crate::html_links::decode(&rest[..open]));
        let tag = rest[open + 1..].trim_start_matches('/');
        let name_len = tag.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(tag.len());
        // Blocks are apart; inline elements (`<em>`, `<a>`) run on with the text around them.
        if BLOCKS.contains(&tag[..name_len].to_ascii_lowercase().as_str()) {
            text.push(' ');
        }
        rest = rest[open..].find('>').map_or("", |close| &rest[open + close + 1..]);
    }
    text.push_str(&crate::html_links::decode(rest));
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut out = String::new();
    for word in &words {
        let extra = usize::from(!out.is_empty()) + word.chars().count();
        if out.chars().count() + extra > max_chars {
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A link written in markdown: its target as written and the byte offset of the link in the
/// text (where its `[` or `<` is).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkdownLink {
    pub url: String,
    pub offset: usize,
    /// An image (`![alt](src)`) rather than a link.
    pub image: bool,
}

/// The links and images of `markdown` (inline, reference and autolinks), in order. Raw HTML
/// inside the markdown is not looked into; the check of the built pages sees its links.
pub fn links(markdown: &str) -> Vec<MarkdownLink> {
    // Most texts have no link at all; parsing them again would cost a build of 10,000 listings
    // noticeable time. A link needs a `](`, `]:` or `][`, an autolink a `<`.
    let bytes = markdown.as_bytes();
    let maybe_link = memchr::memchr(b'<', bytes).is_some()
        || memchr::memchr_iter(b']', bytes).any(|i| matches!(bytes.get(i + 1), Some(b'(' | b':' | b'[')));
    // (`<` also starts raw HTML, whose links count too.)
    if !maybe_link {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (event, range) in Parser::new_ext(markdown, OPTIONS).into_offset_iter() {
        let (url, image, link_type) = match event {
            Event::Start(Tag::Link { dest_url, link_type, .. }) => (dest_url, false, link_type),
            Event::Start(Tag::Image { dest_url, link_type, .. }) => (dest_url, true, link_type),
            // Raw HTML keeps its links through the sanitiser (`<img src=x>`): the built page's
            // link check sees them, so the content check does too.
            Event::Html(html) | Event::InlineHtml(html) => {
                crate::html_links::for_each_link(&html, |link| {
                    out.push(MarkdownLink {
                        url: link.url.into_owned(),
                        offset: range.start,
                        image: link.element == "img",
                    });
                });
                continue;
            }
            _ => continue,
        };
        if matches!(link_type, LinkType::Email) {
            continue;
        }
        out.push(MarkdownLink { url: url.into_string(), offset: range.start, image });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_markdown() {
        assert_eq!(
            to_html("Sea **view**\n\n- pool\n"),
            "<p>Sea <strong>view</strong></p>\n<ul>\n<li>pool</li>\n</ul>\n"
        );
    }

    #[test]
    fn feed_html_has_absolute_links() {
        let html = to_html_absolute(
            "[Contact](/contact-us), [next](other), [out](https://x.example/a) ![p](/media/a.jpg)",
            "https://www.example.ae/property/villa",
        );
        assert!(html.contains(r#"href="https://www.example.ae/contact-us""#), "{html}");
        assert!(html.contains(r#"href="https://www.example.ae/property/other""#), "{html}");
        assert!(html.contains(r#"href="https://x.example/a""#), "{html}");
        assert!(html.contains(r#"src="https://www.example.ae/media/a.jpg""#), "{html}");
    }

    #[test]
    fn excerpts_are_plain_text_cut_at_a_word() {
        let html = to_html("# Title\n\nFish &amp; chips <em>today</em>, and a very long sentence.");
        assert_eq!(html_excerpt(&html, 100), "Title Fish & chips today, and a very long sentence.");
        assert_eq!(html_excerpt(&html, 20), "Title Fish & chips…");
        assert_eq!(html_excerpt("", 20), "");
    }

    #[test]
    fn finds_links_with_their_offsets() {
        let text = "Intro [a](/about-us \"t\") and ![i](/media/x.jpg)\n\n[ref][r] <https://x.example> <me@x.example>\n\n[r]: /blogpage\n";
        let found = links(text);
        let urls: Vec<(&str, usize, bool)> =
            found.iter().map(|l| (l.url.as_str(), l.offset, l.image)).collect();
        assert_eq!(
            urls,
            [
                ("/about-us", 6, false),
                ("/media/x.jpg", 29, true),
                ("/blogpage", 49, false),
                ("https://x.example", 58, false)
            ]
        );
        assert!(links("No links here, only prices: 5 < 6.").is_empty());
    }

    #[test]
    fn deep_nesting_is_found_where_it_goes_too_deep_and_shown_as_text() {
        let quotes = ">".repeat(50_000) + " x";
        assert_eq!(too_deep(&quotes), Some(MAX_NESTING));
        let divs = format!("Intro\n\n{}", "<div>".repeat(100_000));
        assert_eq!(too_deep(&divs), Some(7));
        let shown = to_html(&divs);
        assert!(
            shown.starts_with("<p>Intro") && shown.contains("&lt;div&gt;&lt;div&gt;"),
            "{}",
            &shown[..80]
        );
        assert!(!to_html_absolute(&quotes, "https://x.example/a").contains("<blockquote>"));
        // Closed, or flat, elements do not add up; nor do many links.
        assert_eq!(too_deep(&"<div>a</div>".repeat(10_000)), None);
        assert_eq!(too_deep(&"<p>a<br>".repeat(10_000)), None);
        assert_eq!(too_deep(&"![a](b)".repeat(50_000)), None);
        assert_eq!(too_deep(&"> > - quote in a list\n".repeat(1_000)), None);
    }

    #[test]
    fn removes_script_and_event_handlers() {
        let html =
            to_html("Hi <script>alert(1)</script><img src=x onerror=alert(1)> [a](javascript:alert(1))");
        assert!(!html.contains("script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
    }
}
