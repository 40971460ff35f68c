//! The links written in content, checked when the content is: each must lead to a page or file
//! the build makes, and a problem is reported where the link is written.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use super::{Target, classify};
use crate::check::memo::PerRecord;
use crate::content::diag::Diagnostic;
use crate::content::markdown;
use crate::content::model::{DeveloperFile, PageFile, PostFile, PropertyFile, SiteFile};
use crate::content::yaml::Pos;
use crate::content::{Content, Record};
use crate::routes::{Missing, SitePages};

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

fn property_sources<'a>(p: &'a Record<PropertyFile>, out: &mut Vec<Source<'a>>) {
    let page = contract::urls::property_path(&p.id);
    body_source(p, page.clone(), out);
    let d = &p.data;
    field_sources(
        p,
        &page,
        &[
            ("description", d.description.as_deref()),
            ("ar.description", d.ar.as_ref().and_then(|t| t.description.as_deref())),
            ("ru.description", d.ru.as_ref().and_then(|t| t.description.as_deref())),
        ],
        out,
    );
}

fn post_sources<'a>(post: &'a Record<PostFile>, out: &mut Vec<Source<'a>>) {
    body_source(post, contract::urls::post_path(&post.id, &post.data.title), out);
}

fn page_sources<'a>(page: &'a Record<PageFile>, out: &mut Vec<Source<'a>>) {
    body_source(page, "/".to_owned(), out);
}

fn developer_sources<'a>(d: &'a Record<DeveloperFile>, out: &mut Vec<Source<'a>>) {
    let v = &d.data;
    field_sources(
        d,
        "/developers",
        &[
            ("description", Some(v.description.as_str())),
            ("ar.description", v.ar.as_ref().and_then(|t| t.description.as_deref())),
            ("ru.description", v.ru.as_ref().and_then(|t| t.description.as_deref())),
        ],
        out,
    );
}

fn site_sources<'a>(site: &'a Record<SiteFile>, out: &mut Vec<Source<'a>>) {
    let s = &site.data;
    let texts =
        |t: &'a Option<crate::content::model::SiteTexts>,
         which: fn(&crate::content::model::SiteTexts) -> Option<&str>| { t.as_ref().and_then(which) };
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
        out,
    );
}

/// The texts of the content, in the order of the check's report: listings, posts, pages,
/// developers, the site's. With `kept`, a record it names as having no link and no text too
/// complex to render is passed over (it gives nothing); `fresh` gets the records read since,
/// with the range of their texts, for the next check.
fn sources<'a>(
    content: &'a Content,
    kept: Option<&PerRecord<bool>>,
    fresh: &mut Vec<(Fresh<'a>, std::ops::Range<usize>)>,
) -> Vec<Source<'a>> {
    fn each<'a, T: Send + Sync + 'static>(
        records: &'a [Arc<Record<T>>],
        kept: Option<&PerRecord<bool>>,
        fresh: &mut Vec<(Fresh<'a>, std::ops::Range<usize>)>,
        out: &mut Vec<Source<'a>>,
        add: fn(&'a Record<T>, &mut Vec<Source<'a>>),
        wrap: fn(&'a Arc<Record<T>>) -> Fresh<'a>,
    ) {
        for r in records {
            match kept.and_then(|k| k.get(r)) {
                Some(false) => {}
                Some(true) => add(r, out),
                None => {
                    let start = out.len();
                    add(r, out);
                    fresh.push((wrap(r), start..out.len()));
                }
            }
        }
    }
    let mut out = Vec::new();
    each(&content.properties, kept, fresh, &mut out, property_sources, Fresh::Property);
    each(&content.posts, kept, fresh, &mut out, post_sources, Fresh::Post);
    each(&content.pages, kept, fresh, &mut out, page_sources, Fresh::Page);
    each(&content.developers, kept, fresh, &mut out, developer_sources, Fresh::Developer);
    if let Some(site) = &content.site {
        site_sources(site, &mut out);
    }
    out
}

/// A record the link check read the texts of, for [`PerRecord`].
enum Fresh<'a> {
    Property(&'a Arc<Record<PropertyFile>>),
    Post(&'a Arc<Record<PostFile>>),
    Page(&'a Arc<Record<PageFile>>),
    Developer(&'a Arc<Record<DeveloperFile>>),
}

impl Fresh<'_> {
    fn keep(&self, memo: &mut PerRecord<bool>, has_links: bool) {
        match self {
            Fresh::Property(r) => memo.insert(r, has_links),
            Fresh::Post(r) => memo.insert(r, has_links),
            Fresh::Page(r) => memo.insert(r, has_links),
            Fresh::Developer(r) => memo.insert(r, has_links),
        }
    }
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
/// A link to a listing, post or area guide that another record's edit took away (a listing
/// marked sold or deleted, a post deleted or retitled) is a warning, never an error: the
/// build publishes, and the page check lets the link through ([`dangling`]).
pub fn check_content(content: &Content) -> Vec<Diagnostic> {
    scan_content(content).0
}

/// The internal links of the content (as [`classify`] gives them, percent-decoded) that lead to
/// a listing, post or area guide no longer there: warned of by [`check_content`], and let
/// through by the check of the built pages, since an edit elsewhere must not stop the build.
pub fn dangling(content: &Content) -> HashSet<String> {
    scan_content(content).1
}

/// [`check_content`] and [`dangling`] at once.
pub fn scan_content(content: &Content) -> (Vec<Diagnostic>, HashSet<String>) {
    scan_content_with(content, None)
}

/// [`scan_content`]; with `kept` (what the last check kept, see [`super::super::memo`]), the
/// texts of a record not read again since are read again only when they have links, and
/// `kept` becomes what this check found.
pub(in crate::check) fn scan_content_with(
    content: &Content,
    kept: Option<&mut PerRecord<bool>>,
) -> (Vec<Diagnostic>, HashSet<String>) {
    // Made on the first internal link: most edits' texts have none.
    let site_pages = std::sync::OnceLock::new();
    let base = content
        .site
        .as_ref()
        .and_then(|s| contract::urls::normalize_base_url(&s.data.base_url).ok())
        .unwrap_or_default();
    let media = content.dir.join("media");
    // Every text read: the memo of parsed texts keeps only these.
    let whole = kept.as_ref().is_none_or(|k| k.is_empty());
    let mut fresh = Vec::new();
    let sources = sources(content, kept.as_deref(), &mut fresh);
    let memo = std::mem::take(&mut *PARSED.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    let found: Vec<(Vec<Diagnostic>, Vec<String>, Keep)> = sources
        .par_iter()
        .map(|source| {
            let mut found = Vec::new();
            let mut dangling = Vec::new();
            let mut positions = Positions::new(source.text, source.at);
            let field = source.field.unwrap_or("text");
            let place = if source.body { "the text".to_owned() } else { format!("`{field}`") };
            let entry = parsed(source.text, &memo);
            let parsed = &entry.1;
            if let Some((offset, limit)) = parsed.too_complex {
                let pos = if source.body { positions.of(offset) } else { source.at };
                found.push(
                    Diagnostic::error(source.file, pos, format!("{place} {}", limit.message()))
                        .with_hint(limit.hint()),
                );
                return (found, dangling, entry);
            }
            // One answer per address: a text may link to the same missing page many times.
            let mut problems: HashMap<String, Option<Problem>> = HashMap::new();
            let (mut broken, mut first_unreported, mut unreported_errors) = (0, source.at, false);
            for link in &parsed.links {
                let Target::Internal(path) = classify(&link.url, &base, &source.page) else { continue };
                let decoded = percent_encoding::percent_decode_str(&path).decode_utf8_lossy().into_owned();
                let problem = problems.entry(path).or_insert_with_key(|path| {
                    link_problem(path, &media, site_pages.get_or_init(|| SitePages::new(content)))
                });
                let Some(mut problem) = problem.clone() else { continue };
                // A page taken away is a warning for a link, which opens its 'no longer there'
                // page; an image drawn from such an address has nothing to draw: an error.
                if link.image && problem.dangling {
                    problem = Problem {
                        why: "no image has that address: an image is a file under /media/".to_owned(),
                        hint: Some("upload the photo, then use the address the editor gives it".to_owned()),
                        dangling: false,
                    };
                }
                if problem.dangling {
                    dangling.push(decoded);
                }
                broken += 1;
                let pos = if source.body { positions.of(link.offset) } else { source.at };
                if broken > MAX_BROKEN_PER_TEXT {
                    if broken == MAX_BROKEN_PER_TEXT + 1 {
                        first_unreported = pos;
                    }
                    unreported_errors |= !problem.dangling;
                    continue;
                }
                let what = if link.image { "image" } else { "link" };
                let what = if problem.dangling { what.to_owned() } else { format!("broken {what}") };
                let why = problem.why;
                let message = if source.body {
                    format!("{what} `{}` on page {}: {why}", link.url, source.page)
                } else {
                    format!("{what} `{}` in `{field}` (page {}): {why}", link.url, source.page)
                };
                let mut d = if problem.dangling {
                    Diagnostic::warning(source.file, pos, message)
                } else {
                    Diagnostic::error(source.file, pos, message)
                };
                if let Some(hint) = problem.hint {
                    d = d.with_hint(hint);
                }
                found.push(d);
            }
            if broken > MAX_BROKEN_PER_TEXT {
                let more = broken - MAX_BROKEN_PER_TEXT;
                let message = format!("{more} more broken links or images in {place} from here on");
                let d = if unreported_errors {
                    Diagnostic::error(source.file, first_unreported, message)
                } else {
                    Diagnostic::warning(source.file, first_unreported, message)
                };
                found.push(d.with_hint("fix the ones above, then check again to see the rest"));
            }
            (found, dangling, entry)
        })
        .collect();
    if let Some(kept) = kept {
        let mut next = PerRecord::with_capacity(kept.len().max(fresh.len()));
        fn still<T: Send + Sync + 'static>(
            records: &[Arc<Record<T>>],
            kept: &PerRecord<bool>,
            next: &mut PerRecord<bool>,
        ) {
            for r in records {
                if let Some(&has) = kept.get(r) {
                    next.insert(r, has);
                }
            }
        }
        still(&content.properties, kept, &mut next);
        still(&content.posts, kept, &mut next);
        still(&content.pages, kept, &mut next);
        still(&content.developers, kept, &mut next);
        for (record, range) in &fresh {
            let has = found[range.clone()].iter().any(|(_, _, (_, parsed))| parsed.gives_something());
            record.keep(&mut next, has);
        }
        *kept = next;
    }
    let mut diagnostics = Vec::new();
    let mut dangling = HashSet::new();
    let mut memo = memo;
    // Only the texts there are now are kept; when only some were read (the others' records
    // not read again since), the earlier texts stay too, until they are many more.
    if whole || memo.len() > 4 * found.len() + 100_000 {
        memo = HashMap::with_capacity(found.len());
    }
    for (found, paths, (hash, parsed)) in found {
        diagnostics.extend(found);
        dangling.extend(paths);
        memo.insert(hash, parsed);
    }
    *PARSED.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = memo;
    (diagnostics, dangling)
}

/// A text's hash and what it parsed to, kept for the next check.
type Keep = (u128, Arc<Parsed>);

/// What the check reads of a text: where it is too complex to render, if it is, and its links.
struct Parsed {
    too_complex: Option<(usize, markdown::Limit)>,
    links: Vec<markdown::MarkdownLink>,
}

impl Parsed {
    /// Whether the check can find anything in the text: none without a link or a limit passed.
    fn gives_something(&self) -> bool {
        self.too_complex.is_some() || !self.links.is_empty()
    }
}

/// The texts of the last check, parsed, by their XXH3 hash. A text parses the same whatever
/// else changed, so `estate serve`'s rebuild after an edit parses only the edited texts:
/// [`markdown::too_complex`] reads every text of some length whole, and at 10,000 listings
/// (three descriptions each) that was most of the content check's time.
static PARSED: std::sync::LazyLock<Mutex<HashMap<u128, Arc<Parsed>>>> =
    std::sync::LazyLock::new(Default::default);

/// `text` parsed, from `memo` when it has it; with its hash, to keep.
fn parsed(text: &str, memo: &HashMap<u128, Arc<Parsed>>) -> Keep {
    let hash = xxhash_rust::xxh3::xxh3_128(text.as_bytes());
    let parsed = memo.get(&hash).cloned().unwrap_or_else(|| {
        Arc::new(Parsed { too_complex: markdown::too_complex(text), links: markdown::links(text) })
    });
    (hash, parsed)
}

/// How many broken links of one text are reported one by one; the rest are counted.
const MAX_BROKEN_PER_TEXT: usize = 20;

/// Why an internal link leads nowhere, with a hint.
#[derive(Debug, Clone)]
struct Problem {
    why: String,
    hint: Option<String>,
    /// It leads to a listing, post or area guide that an edit elsewhere took away: a warning.
    dangling: bool,
}

impl Problem {
    fn error(why: String, hint: Option<String>) -> Option<Problem> {
        Some(Problem { why, hint, dangling: false })
    }

    fn dangling(why: &str, hint: Option<String>) -> Option<Problem> {
        Some(Problem { why: why.to_owned(), hint, dangling: true })
    }
}

/// Why the internal link to `path` leads nowhere, with a hint; None when it leads somewhere.
fn link_problem(path: &str, media: &Path, site_pages: &SitePages) -> Option<Problem> {
    if let Some(file) = path.strip_prefix("/media/") {
        let decoded = percent_encoding::percent_decode_str(file).decode_utf8_lossy();
        if media.join(decoded.as_ref()).is_file() {
            return None;
        }
        return Problem::error(format!("no file at {}", media.join(decoded.as_ref()).display()), None);
    }
    let (_, bare) = contract::urls::split_language(path);
    let segments: Vec<&str> = bare.trim_matches('/').split('/').collect();
    // A page the content makes (a listing's, a post's, a guide's, an agent's, a developer's),
    // not a fixed one.
    let kind = match segments.as_slice() {
        [kind @ ("property" | "area-guides-in-dubai" | "agents" | "developers"), _]
        | [kind @ "blog", _, ..] => *kind,
        _ => "",
    };
    match site_pages.check(path) {
        Ok(()) => None,
        Err(Missing::Unpublished(status)) => Problem::dangling(
            &format!(
                "that listing is {}, so the link now opens a page saying the property is no longer available, with similar listings",
                status_word(status)
            ),
            Some(
                "link to an available listing instead, or to a listing page such as /buy-property".to_owned(),
            ),
        ),
        Err(Missing::PostMovedTo(page)) => Problem::dangling(
            "the post's address has changed (its title was changed), so the link opens the page-not-found page",
            Some(format!("link to the post's page, `{page}`")),
        ),
        Err(Missing::Unknown(best)) => {
            let hint = best.map(|best| format!("did you mean `{best}`?"));
            match kind {
                "property" => Problem::dangling(
                    "no listing has that address (it may have been deleted), so the link opens 'Property Not Found'",
                    hint.or_else(|| {
                        Some(
                            "link to an available listing, or to a listing page such as /buy-property"
                                .to_owned(),
                        )
                    }),
                ),
                "blog" => Problem::dangling(
                    "no post has that address (it may have been deleted), so the link opens the page-not-found page",
                    hint.or_else(|| {
                        Some("link to a post that is published, or to the blog, /blogpage".to_owned())
                    }),
                ),
                "agents" => Problem::dangling(
                    "no one in the team has that address (they may have been removed from the team), so the link opens the page-not-found page",
                    hint.or_else(|| Some("link to the team's page, /meet-the-team".to_owned())),
                ),
                "developers" => Problem::dangling(
                    "no developer has that address (it may have been deleted), so the link opens the page-not-found page",
                    hint.or_else(|| Some("link to the developers' page, /developers".to_owned())),
                ),
                "area-guides-in-dubai" => Problem::dangling(
                    "no area guide has that address (its community has no available listing, or left the list of communities), so the link opens the page-not-found page",
                    hint.or_else(|| Some("link to the area guides, /area-guides-in-dubai".to_owned())),
                ),
                _ => Problem::error(
                    "no page of the site has that address".to_owned(),
                    Some(hint.unwrap_or_else(|| {
                        "link to a page of the site, such as /contact-us, or to a full https:// address"
                            .to_owned()
                    })),
                ),
            }
        }
    }
}

fn status_word(status: crate::content::model::Status) -> &'static str {
    match status {
        crate::content::model::Status::Available => "available",
        crate::content::model::Status::Sold => "sold",
        crate::content::model::Status::Rented => "rented",
        crate::content::model::Status::Draft => "a draft",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
