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

/// How many elements (paragraphs, list items, table cells, links, HTML tags) one text may hold:
/// a long article has a few thousand; two million table cells took the sanitiser 6 s.
pub const MAX_ELEMENTS: usize = 100_000;

/// The work the sanitiser's HTML writer may do escaping a text's characters. It escapes `&` and
/// the characters U+0080 to U+00BF (among them the no-break space) by searching, at each one,
/// for the next `<` or `>` of the same run of text, so a run with many of them takes time
/// growing with the square of its length (400,000 `&amp;` in one paragraph: 6 s). The budget is
/// the sum, over those characters, of the bytes to the end of their run: about 0.1 s of work,
/// a thousand times what a long real text needs.
pub const MAX_ESCAPE_WORK: u64 = 2_000_000_000;

/// HTML elements that never hold others, or that the next of their kind closes (`<p><p>`):
/// they add no depth.
const FLAT_ELEMENTS: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "rp", "rt",
];

/// Which limit a text goes past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// [`MAX_NESTING`].
    Nesting,
    /// [`MAX_ELEMENTS`].
    Elements,
    /// [`MAX_ESCAPE_WORK`].
    Escapes,
}

impl Limit {
    /// What is wrong, after the text's name (`the text`, `` `description` ``).
    pub fn message(self) -> String {
        match self {
            Limit::Nesting => format!(
                "is nested too deeply: over {MAX_NESTING} quotes (`>`), lists or HTML elements sit inside one another here"
            ),
            Limit::Elements => format!(
                "has too many parts: over {},{:03} paragraphs, list items, table cells, links or HTML tags (the limit is passed here)",
                MAX_ELEMENTS / 1000,
                MAX_ELEMENTS % 1000
            ),
            Limit::Escapes => {
                "has too many `&`, no-break spaces or characters like `©` and `«` in one paragraph \
                 (here); the site's sanitiser would take minutes over it"
                    .to_owned()
            }
        }
    }

    pub fn hint(self) -> &'static str {
        match self {
            Limit::Nesting => {
                "close each HTML element you open (`<div>` ... `</div>`), and start a quote with a single `>`"
            }
            Limit::Elements => "split the text, or make a long table a list of its main rows",
            Limit::Escapes => "break the paragraph into shorter ones, or write `and` instead of `&`",
        }
    }
}

/// The cost of escaping runs of text, kept as the events stream by (see [`MAX_ESCAPE_WORK`]):
/// bytes read so far, and the characters to escape since the last `<` or `>` with the sum of
/// their positions.
#[derive(Default)]
struct EscapeWork {
    at: u64,
    pending: u64,
    positions: u64,
    total: u64,
}

impl EscapeWork {
    /// `text` continues the current run.
    fn text(&mut self, text: &str) {
        for (i, &byte) in text.as_bytes().iter().enumerate() {
            match byte {
                b'&' | 0xC2 => {
                    self.pending += 1;
                    self.positions += self.at + i as u64;
                }
                b'<' | b'>' | b'"' => self.stop(self.at + i as u64),
                _ => {}
            }
        }
        self.at += text.len() as u64;
    }

    /// A tag: the run ends; each pending character searched up to here.
    fn stop(&mut self, at: u64) {
        self.total = self.total.saturating_add((self.pending * at).saturating_sub(self.positions));
        self.pending = 0;
        self.positions = 0;
    }

    /// The work of the runs ended and of the current one so far.
    fn so_far(&self) -> u64 {
        self.total.saturating_add((self.pending * self.at).saturating_sub(self.positions))
    }
}

/// Where `markdown` first goes past a limit the sanitiser needs (a byte offset in it, at the
/// quote, list, element or paragraph that does), and which; `None` for a text within them all.
/// Unclosed HTML elements count as open to the end, as the sanitiser's parser keeps them.
pub fn too_complex(markdown: &str) -> Option<(usize, Limit)> {
    // Cheap for most texts: each limit needs at least this many bytes.
    if markdown.len() < MAX_NESTING {
        return None;
    }
    let (mut blocks, mut html, mut elements) = (0usize, 0usize, 0usize);
    let mut work = EscapeWork::default();
    for (event, range) in Parser::new_ext(markdown, OPTIONS).into_offset_iter() {
        match &event {
            Event::Start(tag) => {
                blocks += 1;
                elements += 1;
                work.stop(work.at);
                if let Tag::Link { dest_url, title, .. } | Tag::Image { dest_url, title, .. } = tag {
                    work.text(dest_url);
                    work.stop(work.at);
                    work.text(title);
                    work.stop(work.at);
                }
            }
            Event::End(_) => {
                blocks = blocks.saturating_sub(1);
                work.stop(work.at);
            }
            Event::Text(text) | Event::Code(text) => work.text(text),
            Event::HardBreak | Event::Rule => {
                elements += 1;
                work.stop(work.at);
            }
            Event::Html(fragment) | Event::InlineHtml(fragment) => {
                work.text(fragment);
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
                    } else {
                        elements += 1;
                        if !FLAT_ELEMENTS.contains(&name.as_str()) {
                            html += 1;
                            if blocks + html > MAX_NESTING {
                                return Some((range.start, Limit::Nesting));
                            }
                        }
                    }
                }
            }
            _ => {}
        }
        if blocks + html > MAX_NESTING {
            return Some((range.start, Limit::Nesting));
        }
        if elements > MAX_ELEMENTS {
            return Some((range.start, Limit::Elements));
        }
        if work.so_far() > MAX_ESCAPE_WORK {
            return Some((range.start, Limit::Escapes));
        }
    }
    None
}

/// Renders `markdown` to sanitised HTML. A text past a limit of the sanitiser (see
/// [`too_complex`], which `estate check` reports) is shown as its plain, escaped text.
pub fn to_html(markdown: &str) -> String {
    if too_complex(markdown).is_some() {
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
    if too_complex(markdown).is_some() {
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
        assert_eq!(too_complex(&quotes), Some((MAX_NESTING, Limit::Nesting)));
        let divs = format!("Intro\n\n{}", "<div>".repeat(100_000));
        assert_eq!(too_complex(&divs), Some((7, Limit::Nesting)));
        let shown = to_html(&divs);
        assert!(
            shown.starts_with("<p>Intro") && shown.contains("&lt;div&gt;&lt;div&gt;"),
            "{}",
            &shown[..80]
        );
        assert!(!to_html_absolute(&quotes, "https://x.example/a").contains("<blockquote>"));
        // Closed, or flat, elements do not add up; nor do many links.
        assert_eq!(too_complex(&"<div>a</div>".repeat(10_000)), None);
        assert_eq!(too_complex(&"<p>a<br>".repeat(10_000)), None);
        assert_eq!(too_complex(&"![a](b)".repeat(20_000)), None);
        assert_eq!(too_complex(&"> > - quote in a list\n".repeat(1_000)), None);
    }

    #[test]
    fn many_characters_to_escape_in_one_paragraph_are_found_where_the_work_passes_the_budget() {
        // 400,000 `&amp;` in one paragraph: the sanitiser's writer searched to the paragraph's
        // end at each (6 s); each of these is found before it runs.
        for (text, intro) in [
            (format!("Intro\n\n{}", "&amp;".repeat(400_000)), 7),
            (format!("Intro\n\n{}", "&nbsp;".repeat(400_000)), 7),
            (format!("Intro\n\n{}", "©".repeat(400_000)), 7),
            (format!("Intro\n\n[a](/x?{})", "&".repeat(400_000)), 7),
        ] {
            let (offset, limit) = too_complex(&text).expect("over the budget");
            assert_eq!(limit, Limit::Escapes, "{}", &text[..20]);
            assert!(offset >= intro && !text[intro..offset].contains('\n'), "in the paragraph: {offset}");
            let shown = to_html(&text);
            assert!(shown.starts_with("<p>Intro"), "{}", &shown[..40]);
        }
        // The same characters in many short paragraphs, or with tags between them, cost little.
        assert_eq!(too_complex(&"Fish &amp; chips, 5&nbsp;AED ©\n\n".repeat(20_000)), None);
        assert_eq!(too_complex(&"a &amp; **b** ".repeat(40_000)), None);
        // A real paragraph with many ampersands is far inside the budget.
        assert_eq!(too_complex(&"Sea &amp; sky, ".repeat(2_000)), None);
    }

    #[test]
    fn a_text_of_too_many_elements_is_found_at_the_one_past_the_limit() {
        let row = format!("|{}\n", "a|".repeat(1_400));
        let table = format!("{row}|{}\n{}", "-|".repeat(1_400), row.repeat(1_400));
        let (offset, limit) = too_complex(&table).expect("too many cells");
        assert_eq!(limit, Limit::Elements);
        // The table and its head with 1,400 cells are 1,402 elements, each row 1,401 more: the
        // limit is passed in the 71st row after the head, on line 73.
        assert_eq!(table[..offset].matches('\n').count(), 72, "{offset}");
        let list = "- a\n".repeat(MAX_ELEMENTS);
        assert_eq!(too_complex(&list).map(|(_, limit)| limit), Some(Limit::Elements));
        assert_eq!(too_complex(&"- a\n".repeat(MAX_ELEMENTS / 3)), None);
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
