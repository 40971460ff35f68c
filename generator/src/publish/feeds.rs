//! The Atom feeds (`feeds/listings.xml`, `feeds/blog.xml`: `contract::files::LISTINGS_FEED`,
//! `BLOG_FEED`) and the data of the `/feed` page (`data/feed.json`).
//!
//! The feeds are rendered by minijinja from templates the agency may change without touching
//! Rust: the defaults are `generator/templates/feeds/*.xml.j2` (built into `estate`), and a file
//! of the same name in `content/templates/feeds/` replaces one. Every value a template prints is
//! escaped for XML; the `xml` filter escapes a block of HTML once more for Atom's
//! `type="html"` content; printing a name the template does not know is an error with its line,
//! so a typo does not go out as an empty field.

use crate::publish::images::Pictures;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use contract::feed::{FeedItem, PostCard, PostTexts};
use contract::{ApiBlog, ApiProperty};
use minijinja::value::{Serde, Value};
use minijinja::{AutoEscape, Environment, Error, UndefinedBehavior, escape_formatter};
use serde::Serialize;

use crate::content::Content;
use crate::content::Record;
use crate::content::diag::Diagnostic;
use crate::content::markdown;
use crate::content::model::{PostFile, PropertyFile, Timestamp};
use crate::content::yaml::Pos;
use crate::publish::made::same_arcs;
use crate::publish::xml;
use contract::urls::media_url;

/// How many listings the listings feed holds, and posts the blog feed: the newest.
pub const FEED_ENTRIES: usize = 50;
/// How many items the `/feed` page shows (listings and posts together, newest first).
pub const PAGE_ITEMS: usize = 30;
/// The length of an excerpt made from a post's text when it has none of its own.
const EXCERPT_CHARS: usize = 180;

/// One feed: its template's file name and the file it renders.
#[derive(Debug, Clone, Copy)]
pub struct Feed {
    pub template: &'static str,
    /// The feed's path on the site (`contract::files`).
    pub path: &'static str,
    builtin: &'static str,
}

pub const LISTINGS: Feed = Feed {
    template: "listings.xml.j2",
    path: contract::files::LISTINGS_FEED,
    builtin: include_str!("../../templates/feeds/listings.xml.j2"),
};

pub const BLOG: Feed = Feed {
    template: "blog.xml.j2",
    path: contract::files::BLOG_FEED,
    builtin: include_str!("../../templates/feeds/blog.xml.j2"),
};

pub const FEEDS: [Feed; 2] = [LISTINGS, BLOG];

/// Where an agency's own version of a feed template lives.
pub fn override_path(content_dir: &Path, feed: &Feed) -> PathBuf {
    content_dir.join("templates").join("feeds").join(feed.template)
}

/// The file a template came from, for messages.
fn source_path(content_dir: &Path, feed: &Feed) -> PathBuf {
    let own = override_path(content_dir, feed);
    if own.is_file() { own } else { Path::new("generator/templates/feeds").join(feed.template) }
}

/// The name of the feeds' auto-escaping.
const XML: &str = "xml";

/// The most work one feed may take: minijinja's fuel, about one unit per instruction. A feed of
/// thousands of entries needs a few hundred thousand; a template in a runaway loop stops here
/// in a second or two instead of hanging `check` and `build`.
pub const FUEL: u64 = 50_000_000;
/// The most one feed may write.
pub const MAX_OUTPUT_BYTES: usize = 32 << 20;

/// Renders `template` into memory; past [`MAX_OUTPUT_BYTES`] a write fails, and so the render.
fn bounded_render(template: &minijinja::Template, context: Value) -> Result<String, Error> {
    struct Bounded(Vec<u8>);
    impl std::io::Write for Bounded {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if self.0.len() + bytes.len() > MAX_OUTPUT_BYTES {
                return Err(std::io::Error::new(std::io::ErrorKind::FileTooLarge, "feed too large"));
            }
            self.0.extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut out = Bounded(Vec::new());
    template.render_captured_to(context, &mut out)?;
    Ok(String::from_utf8_lossy(&out.0).into_owned())
}

/// The feeds' template environment: XML escaping everywhere, the `xml`, `aed` and `thousands`
/// filters, and undefined values that fail when printed.
fn environment() -> Environment<'static> {
    let mut env = Environment::new();
    env.set_auto_escape_callback(|_| AutoEscape::Custom(XML.into()));
    env.set_undefined_behavior(UndefinedBehavior::SemiStrict);
    env.set_fuel(Some(FUEL));
    env.set_formatter(|out, state, value| {
        if value.is_none() {
            return Ok(());
        }
        if matches!(state.auto_escape(), AutoEscape::Custom(name) if name == XML) && !value.is_safe() {
            let text = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
            return out.write_str(&xml::escape(&text)).map_err(Error::from);
        }
        escape_formatter(out, state, value)
    });
    env.add_filter("xml", xml_filter);
    env.add_filter("aed", aed_filter);
    env.add_filter("thousands", thousands_filter);
    env
}

/// `{% filter xml %}`: escapes text for XML even when it is already safe (a block of HTML).
fn xml_filter(value: Value) -> Value {
    let text = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
    Value::from_safe_string(xml::escape(&text).into_owned())
}

/// `{{ price | aed }}`: a whole number of dirhams as "1,850,000 AED", the amount first as on
/// every page of the site (`site/src/price.ts`).
fn aed_filter(value: Value) -> Result<String, Error> {
    Ok(format!("{} AED", contract::text::thousands(whole_number(&value, "aed")?)))
}

/// `{{ area | thousands }}`: 1320 as "1,320".
fn thousands_filter(value: Value) -> Result<String, Error> {
    Ok(contract::text::thousands(whole_number(&value, "thousands")?))
}

fn whole_number(value: &Value, filter: &str) -> Result<i64, Error> {
    value.as_i64().or_else(|| f64::try_from(value.clone()).ok().map(|f| f.round() as i64)).ok_or_else(|| {
        Error::new(minijinja::ErrorKind::InvalidOperation, format!("{filter} needs a number, not `{value}`"))
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SiteContext<'a> {
    name: &'a str,
    url: &'a str,
    description: &'a str,
    logo: String,
    email: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FeedContext {
    url: String,
    page: String,
    updated: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ListingEntry<'a> {
    id: &'a str,
    url: String,
    title: &'a str,
    main_category: &'a str,
    sub_category: &'a str,
    location: Option<&'a str>,
    bedrooms: Option<u32>,
    bathrooms: Option<u32>,
    area: Option<u32>,
    price: Option<u64>,
    price_period: Option<contract::PricePeriod>,
    reference: Option<&'a str>,
    permit_number: Option<&'a str>,
    created_at: String,
    image: Option<String>,
    image_type: Option<&'static str>,
    description: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PostEntry<'a> {
    id: &'a str,
    url: String,
    title: &'a str,
    date: String,
    author: Option<&'a str>,
    excerpt: String,
    image: Option<String>,
    image_type: Option<&'static str>,
    content: String,
}

/// An absolute address for a media reference or a path on the site.
fn absolute(base: &str, value: &str) -> String {
    let url = media_url(value);
    if url.starts_with('/') { format!("{base}{url}") } else { url }
}

fn image_type(url: &str) -> Option<&'static str> {
    mime_guess::from_path(url.split(['?', '#']).next().unwrap_or(url)).first_raw()
}

fn text(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// What `estate serve` keeps of the last feeds: the files and what they were made from (the
/// templates, the site's address and texts, the newest listings' and posts' records). Most
/// edits touch none of these (a listing past the newest 50), and then the 100 entries'
/// markdown, the templates and the XML check are not run again. A change to the vocabulary
/// clears the load cache, so every record is new then.
#[derive(Clone, Default)]
pub struct Memo(Arc<Mutex<Option<(Inputs, Files)>>>);

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("feeds::Memo")
    }
}

/// Files named relative to the output folder, with their bytes.
type Files = Vec<(String, Vec<u8>)>;

/// What the feeds are made from. Records are compared as allocations: the same one means the
/// file was not read again (see `crate::content::LoadCache`).
struct Inputs {
    templates: Vec<String>,
    /// The site's address, name, description, logo and e-mail address.
    site: [String; 5],
    listings: Vec<Arc<Record<PropertyFile>>>,
    posts: Vec<Arc<Record<PostFile>>>,
}

impl PartialEq for Inputs {
    fn eq(&self, other: &Inputs) -> bool {
        self.templates == other.templates
            && self.site == other.site
            && same_arcs(&self.listings, &other.listings)
            && same_arcs(&self.posts, &other.posts)
    }
}

/// Renders both feeds for `content` on the site at `base` (an origin without a trailing `/`).
/// Returns each file's path in the output folder and its bytes, or the template's problems.
/// With `memo`, the last feeds are returned when they were made from the same inputs.
pub fn render(content: &Content, base: &str, memo: Option<&Memo>) -> Result<Files, Vec<Diagnostic>> {
    let mut env = environment();
    let mut problems = Vec::new();
    let mut templates = Vec::with_capacity(FEEDS.len());
    for feed in FEEDS {
        let own = override_path(&content.dir, &feed);
        let source = if own.is_file() {
            match std::fs::read_to_string(&own) {
                Ok(text) => text,
                Err(e) => {
                    problems.push(Diagnostic::error(
                        &own,
                        Pos::START,
                        format!("cannot read the template: {e}"),
                    ));
                    continue;
                }
            }
        } else {
            feed.builtin.to_owned()
        };
        templates.push(source.clone());
        if let Err(e) = env.add_template_owned(feed.template, source) {
            problems.push(template_problem(&source_path(&content.dir, &feed), &e));
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }

    let site = content.site.as_ref().map(|s| &s.data);
    let site_context = SiteContext {
        name: site.map_or("", |s| s.name.as_str()),
        url: base,
        description: site.map_or("", |s| s.description.as_str()),
        logo: site.map_or_else(String::new, |s| absolute(base, &s.logo)),
        email: site.map_or("", |s| s.email.as_str()),
    };

    let mut listings: Vec<_> = content.published().collect();
    let newest_first = |a: &&Arc<Record<PropertyFile>>, b: &&Arc<Record<PropertyFile>>| {
        b.data.created_at.cmp(&a.data.created_at).then_with(|| a.id.cmp(&b.id))
    };
    // The newest without sorting 10,000 (ids are unique, so the order is total).
    if listings.len() > FEED_ENTRIES {
        listings.select_nth_unstable_by(FEED_ENTRIES, newest_first);
        listings.truncate(FEED_ENTRIES);
    }
    listings.sort_by(newest_first);
    let mut posts: Vec<_> = content.posts.iter().collect();
    posts.sort_by(|a, b| b.data.date.cmp(&a.data.date).then_with(|| a.id.cmp(&b.id)));
    posts.truncate(FEED_ENTRIES);
    let inputs = memo.map(|_| Inputs {
        templates,
        site: [base, site_context.name, site_context.description, &site_context.logo, site_context.email]
            .map(str::to_owned),
        listings: listings.iter().map(|r| Arc::clone(r)).collect(),
        posts: posts.iter().map(|r| Arc::clone(r)).collect(),
    });
    let mut kept = memo.map(|memo| memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    if let (Some(Some((last, files))), Some(inputs)) = (kept.as_deref(), &inputs)
        && last == inputs
    {
        return Ok(files.clone());
    }
    let listing_entries: Vec<ListingEntry> = listings
        .iter()
        .map(|r| {
            let p = &r.data;
            let url = format!("{base}{}", contract::urls::property_path(&r.id));
            let image = p.images.first().map(|i| absolute(base, i));
            ListingEntry {
                id: &r.id,
                description: markdown::to_html_absolute(Content::description(r), &url),
                url,
                title: p.title.trim(),
                main_category: p.main_category.as_str(),
                sub_category: content.vocabulary.type_name(p.sub_category),
                location: text(&p.location),
                bedrooms: p.bedrooms,
                bathrooms: p.bathrooms,
                area: p.area,
                price: p.price,
                price_period: p.price_period,
                reference: text(&p.reference),
                permit_number: text(&p.permit_number),
                created_at: p.created_at.to_api(),
                image_type: image.as_deref().and_then(image_type),
                image,
            }
        })
        .collect();

    let post_entries: Vec<PostEntry> = posts
        .iter()
        .map(|r| {
            let p = &r.data;
            let url = format!("{base}{}", contract::urls::post_path(&r.id, &r.data.title));
            let content = markdown::to_html_absolute(r.body.as_deref().unwrap_or(""), &url);
            let image = p.images.first().map(|i| absolute(base, i));
            PostEntry {
                id: &r.id,
                excerpt: text(&p.excerpt)
                    .map_or_else(|| markdown::html_excerpt(&content, EXCERPT_CHARS), str::to_owned),
                content,
                url,
                title: p.title.trim(),
                date: p.date.to_api(),
                author: text(&p.author),
                image_type: image.as_deref().and_then(image_type),
                image,
            }
        })
        .collect();

    let newest = |dates: &mut dyn Iterator<Item = Timestamp>| {
        dates.max().map_or_else(|| "1970-01-01T00:00:00Z".to_owned(), |t| t.to_api())
    };
    let mut files = Vec::new();
    for feed in FEEDS {
        let feed_context = FeedContext {
            url: format!("{base}{}", feed.path),
            page: format!("{base}/feed"),
            updated: if feed.path == LISTINGS.path {
                newest(&mut listings.iter().map(|r| r.data.created_at))
            } else {
                newest(&mut posts.iter().map(|r| r.data.date))
            },
        };
        let context = minijinja::context! {
            site => Value::from(Serde(&site_context)),
            feed => Value::from(Serde(&feed_context)),
            listings => Value::from(Serde(&listing_entries)),
            posts => Value::from(Serde(&post_entries)),
        };
        let rendered = env.get_template(feed.template).and_then(|t| bounded_render(&t, context));
        match rendered {
            // A changed template may write markup that is not XML (a bare `&` in its text).
            Ok(text) => match roxmltree::Document::parse(&text) {
                Ok(_) => files.push((contract::files::relative(feed.path).to_owned(), text.into_bytes())),
                Err(e) => problems.push(
                    Diagnostic::error(
                        &source_path(&content.dir, &feed),
                        Pos::START,
                        format!(
                            "feed template: the {} it writes is not well-formed XML: {e}",
                            contract::files::relative(feed.path)
                        ),
                    )
                    .with_hint("write `&` in the template's own text as `&amp;` and `<` as `&lt;`"),
                ),
            },
            Err(e) => problems.push(template_problem(&source_path(&content.dir, &feed), &e)),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    if let (Some(kept), Some(inputs)) = (kept.as_deref_mut(), inputs) {
        *kept = Some((inputs, files.clone()));
    }
    Ok(files)
}

/// The feeds' template problems for `estate check` (a build finds them by rendering): the feeds
/// rendered with the content on the site's own address; nothing when `site.yaml` has problems
/// of its own, which are reported with it.
pub fn check(content: &Content) -> Vec<Diagnostic> {
    let Some(site) = &content.site else { return Vec::new() };
    let Ok(base) = contract::urls::normalize_base_url(&site.data.base_url) else { return Vec::new() };
    render(content, &base, None).err().unwrap_or_default()
}

/// A template error as a located problem: the template's file and the line minijinja names.
fn template_problem(path: &Path, error: &Error) -> Diagnostic {
    let line = error.line().and_then(|l| u32::try_from(l).ok()).unwrap_or(1);
    let limit = match error.kind() {
        minijinja::ErrorKind::OutOfFuel => Some(format!(
            "feed template: it runs too long (over {FUEL} steps); a loop runs far more often than the entries need"
        )),
        minijinja::ErrorKind::WriteFailure => Some(format!(
            "feed template: the feed it writes is over the limit of {} MB",
            MAX_OUTPUT_BYTES >> 20
        )),
        _ => None,
    };
    if let Some(message) = limit {
        return Diagnostic::error(path, Pos { line, col: 1 }, message)
            .with_hint("loop over the listings and posts given, not over large ranges");
    }
    let message = match error.detail() {
        Some(detail) => format!("feed template: {}: {detail}", error.kind()),
        None => format!("feed template: {}", error.kind()),
    };
    Diagnostic::error(path, Pos { line, col: 1 }, message)
        .with_hint("every {{ name }} must be one the template's comment lists; see docs/publishing.md, \"Changing a feed\"")
}

/// `data/feed.json`: the newest listings and posts as one timeline, newest first, the first
/// [`PAGE_ITEMS`]; `properties` and `posts` are the API's records, each list newest first.
pub fn page_data(
    properties: &[std::sync::Arc<ApiProperty>],
    posts: &[&ApiBlog],
    pictures: &Pictures,
) -> Vec<u8> {
    let property_items = properties.iter().take(PAGE_ITEMS).map(|p| FeedItem::Property {
        date: &p.created_at,
        property: crate::publish::listings::card(p, pictures),
    });
    let post_items = posts.iter().take(PAGE_ITEMS).map(|b| FeedItem::Post {
        date: &b.date,
        post: PostCard {
            id: &b.id,
            title: &b.title,
            image: b.images.first().map(|url| pictures.get(url)),
            date: &b.date,
            author: b.author.as_deref(),
            excerpt: b.excerpt.clone().unwrap_or_else(|| markdown::html_excerpt(&b.content, EXCERPT_CHARS)),
            url: &b.url,
            translations: b
                .translations
                .iter()
                .filter(|(_, t)| t.title.is_some() || t.excerpt.is_some())
                .map(|(lang, t)| {
                    (lang.as_str(), PostTexts { title: t.title.as_deref(), excerpt: t.excerpt.as_deref() })
                })
                .collect(),
        },
    });
    let mut items: Vec<(Timestamp, FeedItem)> = property_items
        .chain(post_items)
        .map(|item| {
            let date = Timestamp::parse(item.date());
            (date.unwrap_or(Timestamp(chrono::DateTime::UNIX_EPOCH.fixed_offset())), item)
        })
        .collect();
    // Newest first; a stable sort keeps listings before posts of the same moment, as each list
    // is already newest first.
    items.sort_by_key(|item| std::cmp::Reverse(item.0));
    items.truncate(PAGE_ITEMS);
    let items: Vec<FeedItem> = items.into_iter().map(|(_, item)| item).collect();
    serde_json::to_vec(&items).expect("feed items always serialise")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render_str(source: &str, ctx: Value) -> Result<String, Error> {
        let mut env = environment();
        env.add_template_owned("t.xml.j2", source.to_owned())?;
        env.get_template("t.xml.j2")?.render(ctx)
    }

    #[test]
    fn values_are_escaped_for_xml_and_the_xml_filter_escapes_blocks_again() {
        let ctx = minijinja::context! { t => "Sea & <Sun> \"view\"", h => "<p>a &amp; b</p>" };
        assert_eq!(
            render_str("<title a=\"{{ t }}\">{{ t }}</title>", ctx.clone()).unwrap(),
            "<title a=\"Sea &amp; &lt;Sun&gt; &quot;view&quot;\">Sea &amp; &lt;Sun&gt; &quot;view&quot;</title>"
        );
        assert_eq!(
            render_str("{% filter xml %}<b>{{ t }}</b>{{ h | safe }}{% endfilter %}", ctx).unwrap(),
            "&lt;b&gt;Sea &amp;amp; &amp;lt;Sun&amp;gt; &amp;quot;view&amp;quot;&lt;/b&gt;&lt;p&gt;a &amp;amp; b&lt;/p&gt;"
        );
    }

    #[test]
    fn none_prints_nothing_and_unknown_names_fail_with_their_line() {
        let ctx = minijinja::context! { p => minijinja::context! { price => () } };
        assert_eq!(render_str("[{{ p.price }}]", ctx.clone()).unwrap(), "[]");
        let error = render_str("line one\n{{ p.prcie }}", ctx).unwrap_err();
        assert_eq!(error.line(), Some(2));
        assert_eq!(error.kind(), minijinja::ErrorKind::UndefinedError);
    }

    #[test]
    fn aed_groups_thousands() {
        let ctx = minijinja::context! { n => 1_850_000, f => 999.6, s => "x" };
        assert_eq!(
            render_str("{{ n | aed }} {{ f | aed }} {{ n | thousands }}", ctx.clone()).unwrap(),
            "1,850,000 AED 1,000 AED 1,850,000"
        );
        assert!(render_str("{{ s | aed }}", ctx).is_err());
        assert_eq!(contract::text::thousands(-1234), "-1,234");
        assert_eq!(contract::text::thousands(999), "999");
    }
}
