//! The content stage's first step: every file of the content tree is read, parsed and checked
//! on its own, in parallel (duplicate ids too). The checks across records run afterwards, in
//! [`crate::check`].
//!
//! [`yaml`] parses with positions, [`model`] is what an editor writes, [`diag`] reports
//! problems at their line, [`markdown`] renders texts; [`scaffold`] writes new files,
//! [`schema`] the editors' JSON Schemas and [`demo`] synthetic content.

mod block_yaml;
mod checks;
pub mod cms;
pub mod cms_words;
mod containers;
mod days;
pub mod demo;
pub mod diag;
pub mod emit;
mod entry;
mod folders;
mod geo;
pub mod held;
mod link_scheme;
mod load_cache;
pub mod markdown;
pub mod media_kind;
pub mod model;
mod off_plan;
pub mod portal;
mod read_folder;
pub mod safe_fs;
pub mod scaffold;
pub mod schema;
mod source;
pub mod svg;
pub mod video_tour;
pub mod vocabulary;
pub mod web_address;
pub mod yaml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::de::DeserializeOwned;

pub use self::checks::is_deleted_photo;
use self::checks::{
    Ctx, check_developer, check_guide, check_member, check_post, check_property, check_site, drop_missing,
    site_stand_ins, stand_in,
};
use self::diag::{Diagnostic, Report};
use self::load_cache::Rest;
pub use self::load_cache::{LoadCache, is_record_file};
use self::model::{DeveloperFile, GuideFile, MemberFile, PageFile, PostFile, PropertyFile, SiteFile, Status};
use self::read_folder::read_all;
use self::yaml::{Node, Pos};

/// One record read from a file, with the tree it came from (for positions in later checks).
#[derive(Debug, Clone)]
pub struct Record<T> {
    pub id: String,
    pub path: PathBuf,
    pub tree: Node,
    pub data: T,
    /// The markdown body of a `.md` file.
    pub body: Option<String>,
    /// The line of the file where the body starts (1 without a body).
    pub body_line: u32,
}

/// Everything under `content/` that parsed cleanly. The records are shared with `estate
/// serve`'s [`LoadCache`]: a record that is the same allocation as in the last build
/// ([`Arc::ptr_eq`]) was not read again, so nothing it gives can have changed.
#[derive(Debug, Default)]
pub struct Content {
    pub dir: PathBuf,
    pub site: Option<Record<SiteFile>>,
    pub properties: Vec<Arc<Record<PropertyFile>>>,
    pub posts: Vec<Arc<Record<PostFile>>>,
    pub developers: Vec<Arc<Record<DeveloperFile>>>,
    pub team: Vec<Arc<Record<MemberFile>>>,
    pub pages: Vec<Arc<Record<PageFile>>>,
    /// `communities/*.yaml`: the area guides' texts, by community key.
    pub guides: Vec<Arc<Record<GuideFile>>>,
    /// `vocabulary/*.yaml`: the terms records name (amenities, communities, ...).
    pub vocabulary: vocabulary::Vocabularies,
    /// Which reading of the tree outside the record folders (`site.yaml`, the vocabularies,
    /// `media/`, `market/`) this content was loaded with: two loads with the same number saw
    /// those files alike (the load cache keeps a reading while only record files change, and any
    /// other change clears it). 0: not loaded.
    pub tree: u64,
}

impl Content {
    /// The properties a visitor may see.
    pub fn published(&self) -> impl Iterator<Item = &Arc<Record<PropertyFile>>> {
        self.properties.iter().filter(|p| p.data.status == Status::Available)
    }

    /// The markdown description of a listing: the body of a `.md` file or the `description` field.
    pub fn description(property: &Record<PropertyFile>) -> &str {
        property.body.as_deref().or(property.data.description.as_deref()).unwrap_or("")
    }
}

/// Property ids that would collide with the API's fixed paths under `/api/properties/`.
pub const RESERVED_PROPERTY_IDS: &[&str] = &[
    "category-residential",
    "category-rent",
    "category-offplan",
    "category-commercial",
    "residential",
    "rent",
    "off-plan",
    "commercial",
    "search",
];

/// Whether `id` is a lower-case slug: letters, digits and single hyphens between them; and not
/// a name Windows reserves for a device (`con`, `nul`, `com1`, ...), which no file there can have.
pub fn is_valid_id(id: &str) -> bool {
    !id.is_empty()
        && !is_windows_device_name(id)
        && id.len() <= 100
        && id.split('-').all(|part| {
            !part.is_empty() && part.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// `con`, `prn`, `aux`, `nul`, `com1`-`com9`, `lpt1`-`lpt9`: names Windows keeps for devices.
pub fn is_windows_device_name(id: &str) -> bool {
    matches!(id, "con" | "prn" | "aux" | "nul")
        || ((id.starts_with("com") || id.starts_with("lpt"))
            && id.len() == 4
            && matches!(id.as_bytes()[3], b'1'..=b'9'))
}

/// The slug an invalid id should probably have been.
pub fn suggest_id(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_owned()
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Property,
    Post,
    Developer,
    Member,
    Page,
    Guide,
}

impl Kind {
    const ALL: [Kind; 6] =
        [Kind::Property, Kind::Post, Kind::Developer, Kind::Member, Kind::Page, Kind::Guide];

    fn dir(self) -> &'static str {
        match self {
            Kind::Property => "properties",
            Kind::Post => "blog",
            Kind::Developer => "developers",
            Kind::Member => "team",
            Kind::Page => "pages",
            Kind::Guide => "communities",
        }
    }

    /// Which file extensions the folder holds.
    fn accepts(self, ext: &str) -> bool {
        match self {
            Kind::Property => matches!(ext, "yaml" | "yml" | "md"),
            Kind::Post | Kind::Page => ext == "md",
            Kind::Developer | Kind::Member | Kind::Guide => matches!(ext, "yaml" | "yml"),
        }
    }

    fn expected(self) -> &'static str {
        match self {
            Kind::Property => ".yaml or .md",
            Kind::Post | Kind::Page => ".md",
            Kind::Developer | Kind::Member | Kind::Guide => ".yaml",
        }
    }
}

/// Splits `---` front matter from a markdown file. Returns the YAML, the number of lines
/// before it, and the body.
pub fn split_front_matter(text: &str) -> Option<(&str, u32, &str)> {
    let rest = front_matter_start(text)?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &rest[..offset];
            let body = &rest[offset + line.len()..];
            return Some((yaml, 1, body));
        }
        offset += line.len();
    }
    None
}

/// The text after a first line `---` (trailing spaces allowed, as editors leave them).
fn front_matter_start(text: &str) -> Option<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.split_inclusive('\n').next()?;
    (first.trim_end() == "---").then(|| &text[first.len()..])
}

/// Reads one file into a record, with every problem found on the way.
fn read<T: DeserializeOwned>(path: &Path, id: String) -> (Option<Record<T>>, Vec<Diagnostic>) {
    match source::read_text(path) {
        Ok(text) => parse_text(path, id, &text),
        Err(problem) => (None, vec![Diagnostic::error(path, problem.pos, problem.message)]),
    }
}

/// Parses the text of the file at `path` into a record, with every problem found on the way.
fn parse_text<T: DeserializeOwned>(
    path: &Path,
    id: String,
    text: &str,
) -> (Option<Record<T>>, Vec<Diagnostic>) {
    let is_markdown = path.extension().is_some_and(|e| e == "md");
    let (yaml_text, offset, body) = if is_markdown {
        match split_front_matter(text) {
            Some((yaml, offset, body)) => (yaml, offset, Some(body.to_owned())),
            None if front_matter_start(text).is_some() => {
                let d = Diagnostic::error(
                    path,
                    Pos::START,
                    "the fields opened by this `---` line are never closed",
                )
                .with_hint("add a line `---` after the last field, before the text of the page");
                return (None, vec![d]);
            }
            None => {
                let d = Diagnostic::error(
                    path,
                    Pos::START,
                    "missing front matter: the file must start with a `---` line",
                )
                .with_hint("start the file with a line `---`, the fields, then another `---` line");
                return (None, vec![d]);
            }
        }
    } else {
        (text, 0, None)
    };
    let tree = match yaml::parse(yaml_text, offset) {
        Ok(tree) => tree,
        Err(e) => return (None, vec![Diagnostic::from_syntax(path, e)]),
    };
    if !matches!(tree.value, yaml::Value::Map(_)) {
        // An empty document's place is wherever the parser ended: the file's start says more.
        let d = if matches!(tree.value, yaml::Value::Null) {
            Diagnostic::error(path, Pos::START, "the file has no fields")
        } else {
            Diagnostic::error(path, tree.pos, "the file should hold fields, one `name: value` per line")
        };
        let d = d.with_hint("see the other files of its folder for the fields it needs");
        return (None, vec![d]);
    }
    let mut tree = tree;
    let empty_slots = drop_empty_photo_slots(path, &mut tree);
    // The body is the end of the text; the lines before it are the front matter's.
    let body_line =
        body.as_ref().map_or(1, |b| text[..text.len() - b.len()].matches('\n').count() as u32 + 1);
    match yaml::deserialize::<T>(&tree) {
        Ok(data) => (Some(Record { id, path: path.to_path_buf(), tree, data, body, body_line }), empty_slots),
        Err(errors) => {
            (None, errors.into_iter().map(|e| Diagnostic::from_field(path, e)).chain(empty_slots).collect())
        }
    }
}

/// Takes the empty items out of the photo lists (`images`, `floorPlans`), each a warning at its
/// line: what the browser editor writes (`- null`) for a photo whose upload it refused, which is
/// no reason to hold the record back.
fn drop_empty_photo_slots(path: &Path, tree: &mut Node) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let yaml::Value::Map(entries) = &mut tree.value else { return found };
    for (key, node) in
        entries.iter_mut().filter(|(key, _)| matches!(key.name.as_str(), "images" | "floorPlans"))
    {
        let yaml::Value::Seq(items) = &mut node.value else { continue };
        items.retain(|item| {
            let empty = matches!(item.value, yaml::Value::Null);
            if empty {
                found.push(
                    Diagnostic::warning(path, item.pos, format!("an empty item of `{}` is left out", key.name))
                        .with_hint("a photo whose upload did not finish: remove the empty item, or upload the photo again"),
                );
            }
            !empty
        });
    }
    found
}

/// Checks a file's id (its name) and returns it.
fn file_id(path: &Path, kind: Kind, out: &mut Vec<Diagnostic>) -> String {
    let id = path.file_stem().and_then(|s| s.to_str()).unwrap_or("").to_owned();
    if is_windows_device_name(&id) {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("yaml");
        out.push(
            Diagnostic::error(
                path,
                Pos::START,
                format!(
                    "invalid id `{id}`: Windows keeps this name for a device, so the file cannot exist there"
                ),
            )
            .with_hint(format!("the id is the file name; rename the file, e.g. to `{id}-1.{ext}`")),
        );
    } else if !is_valid_id(&id) {
        let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("yaml");
        out.push(
            Diagnostic::error(
                path,
                Pos::START,
                format!("invalid id `{id}`: ids are lower-case letters, digits and single hyphens"),
            )
            .with_hint(format!("the id is the file name; rename the file to `{}.{ext}`", suggest_id(&id))),
        );
    } else if kind == Kind::Property && RESERVED_PROPERTY_IDS.contains(&id.as_str()) {
        out.push(
            Diagnostic::error(
                path,
                Pos::START,
                format!("invalid id `{id}`: it is reserved for an API path (/api/properties/{id})"),
            )
            .with_hint("rename the file, e.g. with the community or a reference in the name"),
        );
    }
    id
}

/// The `prepare` of [`read_all`] for records taken as written.
fn as_written<T>(_: &Ctx, _: &mut T) {}

/// The `prepare` of [`read_all`] for posts: the photos deleted from the media library left out.
fn drop_missing_photos(ctx: &Ctx, post: &mut PostFile) {
    drop_missing(ctx, &mut post.images);
}

/// The `prepare` of listings: photos deleted from the media library left out, addresses in one
/// form, the vocabulary's names.
fn prepare_property(ctx: &Ctx, vocabulary: &vocabulary::Vocabularies, p: &mut PropertyFile) {
    drop_missing(ctx, &mut p.images);
    drop_missing(ctx, &mut p.floor_plans);
    p.video_tour.iter_mut().chain(p.permit_url.as_mut()).for_each(web_address::normalise);
    vocabulary::canonical_property(vocabulary, p);
}

/// The `prepare` of developers: the site's picture for a deleted one, the address in one form.
fn prepare_developer(ctx: &Ctx, d: &mut DeveloperFile) {
    stand_in(ctx, &mut d.logo);
    stand_in(ctx, &mut d.image);
    d.website.iter_mut().for_each(web_address::normalise);
}

/// The `prepare` of team members: the site's picture for a deleted one, the vocabulary's names.
fn prepare_member(ctx: &Ctx, vocabulary: &vocabulary::Vocabularies, m: &mut MemberFile) {
    stand_in(ctx, &mut m.image);
    vocabulary::canonical_member(vocabulary, m);
}

/// The `prepare` of area guides: the site's picture for a deleted one.
fn prepare_guide(ctx: &Ctx, g: &mut GuideFile) {
    stand_in(ctx, &mut g.image);
}

/// Loads the content tree under `dir`, checking each file on its own (the checks across records
/// are [`crate::check`]'s).
pub fn load(dir: &Path) -> (Content, Report) {
    load_with(dir, None)
}

/// [`load`], reading again only the record files that changed since `cache` saw them.
pub fn load_with(dir: &Path, cache: Option<&LoadCache>) -> (Content, Report) {
    let mut guard = cache.map(LoadCache::lock);
    let mut report = Report::default();
    let mut content = Content { dir: dir.to_path_buf(), ..Content::default() };
    if !dir.is_dir() {
        if let Some(known) = guard.as_deref_mut() {
            *known = Default::default();
        }
        report.push(
            Diagnostic::error(dir, Pos::START, "content folder not found")
                .with_hint("run from the repository root, or pass --content DIR"),
        );
        return (content, report);
    }
    let mut laps = crate::timings::Laps::start("load");
    // Only record files changed since the last load (a watcher says): the rest of the tree is as
    // that load found it.
    let changed = guard.as_deref_mut().and_then(|known| known.changes_since_last(dir));
    let kept = changed.as_ref().and(guard.as_deref_mut()).and_then(|known| known.rest.take());
    let rest = match (kept, &changed) {
        (Some(rest), Some(changed)) => {
            Rest { links: read_folder::links_after(dir, &rest.links, changed), ..rest }
        }
        _ => {
            let rest = read_rest(dir, &mut laps);
            laps.lap("folders and vocabularies");
            rest
        }
    };
    // Every link in the tree is an error at its path; none is read (see `safe_fs`).
    report.extend(
        rest.links.iter().map(|link| Diagnostic::error(link, Pos::START, safe_fs::link_message(link))),
    );
    report.extend(rest.problems.iter().cloned());
    content.site.clone_from(&rest.site);
    content.vocabulary = rest.vocabulary.clone();
    content.tree = rest.tree;
    let default_image = rest.default_image.as_deref();
    let vocabulary = &content.vocabulary;
    let changed = changed.as_ref();
    let mut known = guard.as_deref_mut();
    content.properties = read_all(
        dir,
        Kind::Property,
        &mut report,
        check_property,
        |ctx, p| prepare_property(ctx, vocabulary, p),
        known.as_mut().map(|k| &mut k.properties),
        changed,
        default_image,
    );
    laps.lap("listings");
    content.posts = read_all(
        dir,
        Kind::Post,
        &mut report,
        check_post,
        drop_missing_photos,
        known.as_mut().map(|k| &mut k.posts),
        changed,
        default_image,
    );
    content.developers = read_all(
        dir,
        Kind::Developer,
        &mut report,
        check_developer,
        prepare_developer,
        known.as_mut().map(|k| &mut k.developers),
        changed,
        default_image,
    );
    content.team = read_all(
        dir,
        Kind::Member,
        &mut report,
        check_member,
        |ctx, m| prepare_member(ctx, vocabulary, m),
        known.as_mut().map(|k| &mut k.team),
        changed,
        default_image,
    );
    content.pages = read_all(
        dir,
        Kind::Page,
        &mut report,
        |_, _, _| {},
        as_written,
        known.as_mut().map(|k| &mut k.pages),
        changed,
        default_image,
    );
    content.guides = read_all(
        dir,
        Kind::Guide,
        &mut report,
        check_guide,
        prepare_guide,
        known.as_mut().map(|k| &mut k.guides),
        changed,
        default_image,
    );
    laps.lap("posts, developers, team, pages, guides");
    if let Some(known) = known {
        known.rest = Some(rest);
    }
    report.sort();
    laps.lap("sorted");
    (content, report)
}

/// The picture a single deleted photo is replaced by (`site.yaml`'s `defaultImage`), when its
/// own file is there.
fn stand_in_image(dir: &Path, site: Option<&Record<SiteFile>>) -> Option<String> {
    site.map(|site| site.data.default_image.clone())
        .filter(|image| Ctx { dir, pending: &[], stand_in: None, refuse_missing: false }.present(image))
}

/// What the tree holds besides the record folders: its links, `site.yaml`, the folders' and the
/// vocabularies' problems.
fn read_rest(dir: &Path, laps: &mut crate::timings::Laps) -> Rest {
    let links = safe_fs::links_under(dir);
    let mut problems = Report::default();
    let site_path = dir.join("site.yaml");
    let mut site = None;
    // Anything at that name is read (and a device or dangling link reported as what it is).
    if site_path.symlink_metadata().is_ok() {
        let (mut read_site, diags) = read::<SiteFile>(&site_path, "site".into());
        problems.extend(diags);
        if let Some(site) = &mut read_site {
            let mut diags = Vec::new();
            let default_image = site.data.default_image.clone();
            let present =
                Ctx { dir, pending: &[], stand_in: None, refuse_missing: false }.present(&default_image);
            let ctx = Ctx {
                dir,
                pending: &[],
                stand_in: present.then_some(default_image.as_str()),
                refuse_missing: false,
            };
            check_site(&ctx, site, &mut diags);
            site_stand_ins(&ctx, &mut site.data);
            problems.extend(diags);
        }
        site = read_site;
    } else {
        problems.push(Diagnostic::error(
            &site_path,
            Pos::START,
            "missing file: site.yaml describes the agency (name, phones, address ...)",
        ));
    }
    laps.lap("links in the tree and site.yaml");
    folders::check(dir, &mut problems);
    let default_image = stand_in_image(dir, site.as_ref());
    // The vocabularies first: each record is given their names as it is read.
    let vocabulary = vocabulary::load(dir, &mut problems);
    // A number no other reading had.
    static READINGS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let tree = READINGS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Rest { links, site, vocabulary, default_image, problems: problems.diagnostics, tree }
}

/// Parses a listing or post that is about to be written at `path` (inside the content folder)
/// with `text`, checks it on its own as [`load`] would, and puts it into `content` in place of
/// a record with its id. `pending` are the files (relative to the folder, such as
/// `media/properties/a.jpg`) that will be written with it. Returns the file's problems.
pub fn add_new_file(content: &mut Content, path: &Path, text: &str, pending: &[PathBuf]) -> Vec<Diagnostic> {
    let kind = match path.parent().and_then(Path::file_name).and_then(|n| n.to_str()) {
        Some("properties") => Kind::Property,
        Some("blog") => Kind::Post,
        _ => {
            return vec![Diagnostic::error(path, Pos::START, "only listings and posts are checked this way")];
        }
    };
    let dir = content.dir.clone();
    let ctx = Ctx { dir: &dir, pending, stand_in: None, refuse_missing: true };
    let mut found = Vec::new();
    if let Some(ext) = path.extension().and_then(|e| e.to_str())
        && !kind.accepts(ext)
    {
        found.push(Diagnostic::error(
            path,
            Pos::START,
            format!("files in {}/ are {} files", kind.dir(), kind.expected()),
        ));
    }
    let id = file_id(path, kind, &mut found);
    match kind {
        Kind::Property => {
            let (record, diags) = parse_text::<PropertyFile>(path, id, text);
            found.extend(diags);
            if let Some(mut r) = record {
                check_property(&ctx, &r, &mut found);
                drop_missing(&ctx, &mut r.data.images);
                drop_missing(&ctx, &mut r.data.floor_plans);
                content.properties.retain(|p| p.id != r.id);
                content.properties.push(Arc::new(r));
            }
        }
        _ => {
            let (record, diags) = parse_text::<PostFile>(path, id, text);
            found.extend(diags);
            if let Some(mut r) = record {
                check_post(&ctx, &r, &mut found);
                drop_missing(&ctx, &mut r.data.images);
                content.posts.retain(|p| p.id != r.id);
                content.posts.push(Arc::new(r));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_photo_slot_is_left_out_with_a_warning_and_the_listing_read() {
        let sample =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/properties/jvc-studio-for-rent.yaml");
        let text = std::fs::read_to_string(&sample).unwrap();
        // The photo list as the CMS writes it with two uploads it refused: `-` and `- null`.
        let slots = "images:\n  -\n  - null\n  - media/properties/jvc-tower-1.jpg";
        let text: String = text
            .lines()
            .map(|line| if line.starts_with("images:") { slots } else { line })
            .collect::<Vec<_>>()
            .join("\n");
        let (record, found) = parse_text::<PropertyFile>(&sample, "jvc".into(), &text);
        let record = record.unwrap_or_else(|| panic!("{found:?}\n{text}"));
        assert_eq!(record.data.images, ["media/properties/jvc-tower-1.jpg"]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(
            found.iter().all(
                |d| d.severity == diag::Severity::Warning && d.message.contains("empty item of `images`")
            )
        );
    }

    #[test]
    fn ids_are_lowercase_slugs() {
        assert!(is_valid_id("marina-gate-2"));
        for device in ["con", "nul", "aux", "prn", "com1", "lpt9"] {
            assert!(!is_valid_id(device), "{device}");
        }
        assert!(is_valid_id("console") && is_valid_id("com10") && is_valid_id("con-1"));
        for bad in ["", "Marina", "a--b", "-a", "a-", "a_b", "a b", "é"] {
            assert!(!is_valid_id(bad), "{bad}");
        }
        assert_eq!(suggest_id("Marina Gate_2"), "marina-gate-2");
        let mut found = Vec::new();
        file_id(Path::new("properties/con.yaml"), Kind::Property, &mut found);
        assert!(found[0].hint.as_deref().is_some_and(|h| h.contains("`con-1.yaml`")), "{found:?}");
    }

    #[test]
    fn front_matter_keeps_the_line_offset() {
        let (yaml, offset, body) = split_front_matter("---\ntitle: A\n---\nBody\n").unwrap();
        assert_eq!((yaml, offset, body), ("title: A\n", 1, "Body\n"));
        assert!(split_front_matter("title: A\n").is_none());
        // An editor's trailing space on the first line does not hide the fields.
        assert_eq!(split_front_matter("--- \ntitle: A\n---\n"), Some(("title: A\n", 1, "")));
    }

    #[test]
    fn front_matter_never_closed_is_not_called_missing() {
        let (_, found) = parse_text::<PostFile>(Path::new("blog/a.md"), "a".into(), "---\ntitle: A\nBody\n");
        assert!(found[0].message.contains("never closed"), "{:?}", found[0]);
        let (_, found) = parse_text::<PostFile>(Path::new("blog/a.md"), "a".into(), "title: A\n");
        assert!(found[0].message.starts_with("missing front matter"), "{:?}", found[0]);
    }
}
