//! `estate import propertyfinder`: a Property Finder XML feed (a file or a URL) turned into
//! content: one commented YAML file per listing in `properties/`, its photos downloaded into
//! `media/properties/<id>/`. Listings are matched to earlier imports by `reference_number`
//! ([`manifest`]); a file an editor changed since is kept unless forced. Each listing is written
//! whole or not at all.
//!
//! [`feed`] reads the XML, [`listing`] maps a listing onto our content and writes its YAML,
//! [`fetch`] downloads, [`terms`] adds the communities, types and amenities the vocabulary lacks.
//! [`budget`] bounds the run: past its deadline no listing starts, and once the photos' time or
//! bytes are spent a listing that needs new photos waits for the next run (nothing of it is
//! written); the manifest records what was written, so importing again continues.

pub mod budget;
pub mod feed;
pub mod fetch;
pub mod listing;
pub mod manifest;
mod reachable;
pub mod terms;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use self::budget::{Budget, Stop};
use self::feed::FeedListing;
use self::fetch::{Fetcher, PhotoError};
use self::listing::Listing;
use self::manifest::{Entry, Manifest, Photo};
use self::terms::NewTerm;
use crate::content::model::PropertyFile;
use crate::content::{Content, safe_fs, yaml};

pub struct Options {
    /// A file path or an http(s) URL.
    pub source: String,
    pub content: PathBuf,
    pub dry_run: bool,
    pub force: bool,
    /// Photos kept per listing; the rest are left out.
    pub max_photos: usize,
}

/// What an import works with besides its options: the downloads' client and the run's budget.
pub struct Session {
    pub fetcher: Fetcher,
    pub budget: Budget,
}

/// What happened to one listing.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Created,
    Updated,
    Unchanged,
    /// Left alone, and why.
    Skipped(String),
    /// Not imported, and why; nothing was written for it.
    Failed(String),
    /// Not imported in this run: the deadline passed, or the photos it needs were over the
    /// budget. Nothing was written for it; the next run imports it.
    Postponed(Stop),
}

#[derive(Debug, Clone)]
pub struct Outcome {
    /// The listing's reference, or where it is in the feed when it has none.
    pub reference: String,
    pub line: u32,
    pub col: u32,
    /// The listing's file, relative to the content folder.
    pub file: Option<PathBuf>,
    pub action: Action,
    pub photos: usize,
    pub notes: Vec<String>,
}

/// What an import did: each listing's outcome, in feed order, and the vocabulary terms it added
/// (or, in a dry run, would add).
#[derive(Debug)]
pub struct Imported {
    pub outcomes: Vec<Outcome>,
    /// Each with the listings naming it, by their place in `outcomes`.
    pub terms: Vec<NewTerm>,
}

/// Reads the feed's text from a file or URL.
pub fn read_source(source: &str, session: &Session) -> Result<String, String> {
    let bytes = if source.starts_with("https://") || source.starts_with("http://") {
        session.fetcher.feed(source, &session.budget)?
    } else {
        std::fs::read(source).map_err(|e| format!("cannot read {source}: {e}"))?
    };
    String::from_utf8(bytes).map_err(|e| format!("{source} is not UTF-8 text: {e}"))
}

/// Writes `bytes` as the file `path` inside `content`, whole ([`safe_fs::write`]: never through a
/// link, never outside the folder).
pub(crate) fn write_file(content: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    safe_fs::write(content, path, bytes)
        .map_err(|e| std::io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display())))
}

/// Refuses a content folder with a symbolic link anywhere in it: `estate check` fails on one, and
/// the import must not write through one (to a file outside the folder).
fn refuse_links(content: &Path) -> Result<(), String> {
    let links = safe_fs::links_under(content);
    if links.is_empty() {
        return Ok(());
    }
    let lines: Vec<String> =
        links.iter().map(|link| format!("{}: {}", link.display(), safe_fs::link_message(link))).collect();
    Err(format!("{}\nnothing was imported: replace the links with the files themselves", lines.join("\n")))
}

/// Everything a listing's import reads.
struct Ctx<'a> {
    options: &'a Options,
    content: &'a Content,
    manifest: &'a Manifest,
    /// References of listings in the content that no import wrote: reference -> id.
    own_references: HashMap<String, String>,
    session: &'a Session,
}

/// Imports the listings of `text` (the feed's XML). `started` is told how many listings the
/// feed has, `done` each listing's outcome as it finishes (both for a progress bar).
pub fn run(
    options: &Options,
    session: &Session,
    text: &str,
    started: impl Fn(usize),
    done: impl Fn(&Outcome) + Sync,
) -> Result<Imported, String> {
    refuse_links(&options.content)?;
    let listings = feed::parse(text).map_err(|e| format!("{}:{e}", options.source))?;
    started(listings.len());
    let (mut content, _) = crate::content::load(&options.content);
    if content.site.is_none() {
        return Err(format!("{} is not a content folder (no site.yaml)", options.content.display()));
    }
    let mut manifest = Manifest::load(&options.content)?;
    let imported: HashMap<&str, &str> =
        manifest.listings.iter().map(|(r, e)| (e.id.as_str(), r.as_str())).collect();
    // A reference given twice: the later listings fail, the first is imported.
    let mut first_line: HashMap<&str, u32> = HashMap::new();
    let duplicates: Vec<Option<String>> = listings
        .iter()
        .map(|l| {
            let reference = l.reference.as_deref()?;
            match first_line.get(reference) {
                Some(line) => {
                    Some(format!("reference_number `{reference}` is also the listing's at line {line}"))
                }
                None => {
                    first_line.insert(reference, l.line);
                    None
                }
            }
        })
        .collect();
    let new_terms = terms::collect(&listings, |i| duplicates[i].is_some(), &mut content.vocabulary);
    let own_references = content
        .properties
        .iter()
        .filter(|p| !imported.contains_key(p.id.as_str()))
        .filter_map(|p| Some((p.data.reference.clone()?, p.id.clone())))
        .collect();
    let ctx = Ctx { options, content: &content, manifest: &manifest, own_references, session };
    let results: Vec<(Outcome, Option<Entry>)> = listings
        .par_iter()
        .zip(duplicates)
        .map(|(feed_listing, duplicate)| {
            let result = match (duplicate, session.budget.stopped()) {
                (Some(problem), _) => (outcome(feed_listing, None, Action::Failed(problem)), None),
                (None, Some(stop)) => (outcome(feed_listing, None, Action::Postponed(stop)), None),
                (None, None) => import_one(&ctx, feed_listing),
            };
            done(&result.0);
            result
        })
        .collect();
    drop(ctx);
    let mut outcomes = Vec::with_capacity(results.len());
    for (outcome, entry) in results {
        if let Some(entry) = entry {
            manifest.listings.insert(outcome.reference.clone(), entry);
        }
        outcomes.push(outcome);
    }
    // A term is added for the listings whose files are now as imported.
    let as_imported =
        |i: usize| matches!(outcomes[i].action, Action::Created | Action::Updated | Action::Unchanged);
    let new_terms = terms::kept(new_terms, &listings, as_imported);
    if !options.dry_run {
        manifest.save(&options.content).map_err(|e| e.to_string())?;
        terms::write(&options.content, &content.vocabulary, &new_terms).map_err(|e| {
            format!("the listings were imported, but not the terms they name: {e}; import again to add them")
        })?;
    }
    Ok(Imported { outcomes, terms: new_terms })
}

fn outcome(feed: &FeedListing, file: Option<PathBuf>, action: Action) -> Outcome {
    Outcome {
        reference: feed.reference.clone().unwrap_or_else(|| format!("(no reference, line {})", feed.line)),
        line: feed.line,
        col: feed.col,
        file,
        action,
        photos: 0,
        notes: Vec::new(),
    }
}

/// Imports one listing: returns what happened and, when its file is as imported, its manifest
/// entry.
fn import_one(ctx: &Ctx, feed_listing: &FeedListing) -> (Outcome, Option<Entry>) {
    let listing = match listing::map(feed_listing, ctx.content) {
        Ok(listing) => listing,
        Err(problem) => return (outcome(feed_listing, None, Action::Failed(problem)), None),
    };
    let previous = ctx.manifest.listings.get(&listing.reference);
    let own = ctx.own_references.get(&listing.reference);
    let id = match (previous, own) {
        (Some(entry), _) => entry.id.clone(),
        (None, Some(id)) if ctx.options.force => id.clone(),
        (None, _) => listing::new_id(&listing.title, &listing.reference),
    };
    let file = PathBuf::from("properties").join(format!("{id}.yaml"));
    let mut result = outcome(feed_listing, Some(file.clone()), Action::Created);
    result.notes.clone_from(&listing.notes);
    let path = ctx.options.content.join(&file);
    let current = safe_fs::read_inside(&ctx.options.content, &path).ok();
    if let Some(reason) = keep_reason(ctx, previous, own, current.as_deref(), &file) {
        result.action = Action::Skipped(reason);
        return (result, previous.cloned());
    }
    match write_listing(ctx, &listing, &id, &path, previous, current.as_deref()) {
        Ok((action, entry)) => {
            result.photos = entry.photos.len();
            result.action = action;
            (result, Some(entry))
        }
        Err(PhotoError::Failed(problem)) => {
            result.action = Action::Failed(problem);
            (result, previous.cloned())
        }
        Err(PhotoError::Stopped(stop)) => {
            result.action = Action::Postponed(stop);
            (result, previous.cloned())
        }
    }
}

/// Why the listing's file must be left alone (without `--force`), if it must.
fn keep_reason(
    ctx: &Ctx,
    previous: Option<&Entry>,
    own: Option<&String>,
    current: Option<&[u8]>,
    file: &Path,
) -> Option<String> {
    if ctx.options.force {
        return None;
    }
    let file = file.display();
    match (previous, current) {
        (None, _) if own.is_some() => Some(format!(
            "properties/{}.* already has this reference and was not imported; --force replaces it",
            own.expect("checked")
        )),
        (None, Some(_)) => Some(format!("{file} exists and was not imported; --force replaces it")),
        (Some(entry), Some(bytes)) if manifest::hash(bytes) != entry.hash => {
            Some(format!("{file} was changed since the last import; --force overwrites it"))
        }
        (Some(_), None) => Some(format!("{file} was deleted since the last import; --force brings it back")),
        _ => None,
    }
}

/// Downloads the photos and writes them and the listing's file, or nothing.
fn write_listing(
    ctx: &Ctx,
    listing: &Listing,
    id: &str,
    path: &Path,
    previous: Option<&Entry>,
    current: Option<&[u8]>,
) -> Result<(Action, Entry), PhotoError> {
    let failed = PhotoError::Failed;
    let urls: Vec<&String> = listing.photos.iter().take(ctx.options.max_photos).collect();
    let unchanged_photos = previous.filter(|e| {
        e.photos.len() == urls.len()
            && e.photos
                .iter()
                .zip(&urls)
                .all(|(p, u)| &p.url == *u && ctx.options.content.join(&p.path).is_file())
    });
    // The photos to write: path under content/ and bytes.
    let mut downloads: Vec<(String, Vec<u8>)> = Vec::new();
    let photos: Vec<Photo> = match unchanged_photos {
        Some(entry) => entry.photos.clone(),
        None if ctx.options.dry_run => Vec::new(),
        None => {
            let mut photos = Vec::new();
            for (i, url) in urls.iter().enumerate() {
                let (bytes, extension) = ctx.session.fetcher.photo(url, &ctx.session.budget)?;
                let photo_path = format!("media/properties/{id}/{:02}.{extension}", i + 1);
                photos.push(Photo { url: (*url).clone(), path: photo_path.clone() });
                downloads.push((photo_path, bytes));
            }
            photos
        }
    };
    // Stored as `/media/…` (the browser CMS's form); the manifest keeps the path under content/.
    let images: Vec<String> = photos.iter().map(|p| contract::urls::media_url(&p.path)).collect();
    let text = listing::to_yaml(listing, &images);
    valid(&text).map_err(|problem| failed(format!("the file written would not be valid: {problem}")))?;
    let entry = Entry { id: id.to_owned(), hash: manifest::hash(text.as_bytes()), photos };
    let action = match current {
        None => Action::Created,
        Some(bytes) if bytes == text.as_bytes() => return Ok((Action::Unchanged, entry)),
        Some(_) => Action::Updated,
    };
    if ctx.options.dry_run {
        return Ok((action, entry));
    }
    let mut written: Vec<PathBuf> = Vec::new();
    let write_all = |written: &mut Vec<PathBuf>| -> std::io::Result<()> {
        for (photo_path, bytes) in &downloads {
            let full = ctx.options.content.join(photo_path);
            write_file(&ctx.options.content, &full, bytes)?;
            written.push(full);
        }
        write_file(&ctx.options.content, path, text.as_bytes())
    };
    if let Err(e) = write_all(&mut written) {
        for file in written {
            let _ = safe_fs::remove(&ctx.options.content, &file);
        }
        return Err(failed(e.to_string()));
    }
    // Photos of the earlier import that the listing no longer has.
    for old in previous.map(|e| e.photos.as_slice()).unwrap_or_default() {
        if !entry.photos.iter().any(|p| p.path == old.path) {
            let _ = safe_fs::remove(&ctx.options.content, &ctx.options.content.join(&old.path));
        }
    }
    Ok((action, entry))
}

/// Whether `text` parses as a listing (a guard: the mapping should never write one that does
/// not).
fn valid(text: &str) -> Result<(), String> {
    let tree = yaml::parse(text, 0).map_err(|e| format!("{e:?}"))?;
    yaml::deserialize::<PropertyFile>(&tree)
        .map(|_| ())
        .map_err(|errors| errors.iter().map(|e| e.describe()).collect::<Vec<_>>().join("; "))
}
