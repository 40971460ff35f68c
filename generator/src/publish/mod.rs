//! The content stage of `estate build`: the static JSON API (`/api/...`) and the data files
//! the pages read, written into `dist/` at their paths in `contract::files`.
//!
//! | GET path                                          | file                                          |
//! |---------------------------------------------------|-----------------------------------------------|
//! | /api/properties                                   | api/properties.json                           |
//! | /api/properties/category-residential/residential  | api/properties/category-residential/residential.json (and the other three) |
//! | /api/properties/{id}                              | api/properties/{id}.json                      |
//! | /api/blogs                                        | api/blogs.json                                |
//! | /api/blogs/{id}                                   | api/blogs/{id}.json                           |
//! | any other /api/ path (status 404)                 | api/404.json                                  |
//!
//! `netlify.toml` maps each path to its file; `estate serve` reads the same rules.

mod api;
mod bytes;
pub mod detail;
pub mod feeds;
mod groups;
pub mod guides;
pub mod images;
mod jobs;
mod known;
pub mod listings;
mod made;
pub mod market;
pub mod parts;
pub mod people;
pub mod portal_feed;
pub mod qr;
pub mod redirects;
mod search_index;
mod similar_memo;
mod site;
pub mod sitemap;
mod xml;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use contract::files;
use contract::{ApiBlog, ApiProperty, MainCategory};
use serde::Serialize;

use crate::content::Content;
use crate::content::model::{PostFile, PropertyFile};
pub(crate) use api::optional_text;
pub use api::{api_blog, api_property};
pub use bytes::FileBytes;
pub(crate) use bytes::fingerprint;
use jobs::Jobs;
use known::Known;
pub use known::{DataIndex, Later, NamedPrints};
use made::Made;

/// What the content stage wrote.
#[derive(Debug, Default)]
pub struct Written {
    pub files: usize,
    pub properties: usize,
    pub posts: usize,
    /// The listings' permit links, each once, whose QR codes the page stage draws (or checks are
    /// whole): all of them, or with a trusted index only those the last build had not.
    pub permit_links: Vec<String>,
    /// The permit links whose codes the last build into this output drew (not in `permit_links`).
    pub permit_links_drawn: usize,
    /// The files of `api/` and `data/` this build wrote or removed (their bytes changed), so
    /// the page stage can re-render just the pages that read them.
    pub changed: Vec<PathBuf>,
    /// Whether a file of `media/` that content may name was removed, so that a page this build
    /// did not render again may link to nothing now. The files of `api/` and `data/` removed
    /// (a listing sold: its API record, detail file and QR code) do not count: content cannot
    /// link to them (its link check knows only pages and `media/`), and a page shows one only
    /// from a data file that names it, which changed with it, so the page was rendered again
    /// and its links are checked anyway.
    pub removed_any: bool,
    /// Every file this stage wrote or removed: `changed` and those of `media/`.
    pub touched: Vec<PathBuf>,
    /// The pages of the published listings and posts, as `data/routes.json` has them: the later
    /// stages take them from here rather than read the file back.
    pub routes: contract::routes::Routes<'static>,
    /// The changed files no page reads ([`unread_by_pages`]), left to write (with `later`): in
    /// `changed` and `touched` already.
    pub later: Later,
}

/// The data files no prerendered page reads: the API's lists of listings (of all and of each
/// category, 35 MB and 8 MB at 10,000 listings), the search function's index and the listing
/// pages' files of cards, which the browser fetches as a visitor pages or filters (a page embeds
/// its first cards from `data/listings/{kind}.json`). A listing sold rewrites them from its place
/// on.
pub fn unread_by_pages(path: &Path) -> bool {
    let folder_of_cards = |kind: &str| file(&files::listing_page(kind, 0)).parent().map(Path::to_path_buf);
    *path == file(files::API_PROPERTIES)
        || *path == file(files::SEARCH_INDEX)
        || MainCategory::ALL.into_iter().any(|c| *path == file(files::api_category(c)))
        || listings::KINDS.iter().any(|(kind, _)| path.parent() == folder_of_cards(kind).as_deref())
}

/// `api/404.json`, the answer to a GET of any other path under `/api/` (netlify.toml): the body
/// of the lead function's own 404, so every API miss reads alike.
pub const API_NOT_FOUND: &[u8] = br#"{"error":"not found"}"#;

fn to_json<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("API records always serialise")
}

/// Where the published file at `path` (`contract::files`) goes, relative to the output folder.
pub(crate) fn file(path: &str) -> PathBuf {
    PathBuf::from(files::relative(path))
}

/// Writes the JSON API and page data for `content` into `out`. Files whose bytes did not
/// change are left alone (creating files is the slow part of a build), and files an earlier
/// build wrote that are no longer wanted, such as a deleted listing's, are removed.
///
/// `images` is the image stage's outcome ([`images::publish`]), run first: the records carry each
/// photo's size and variants.
/// `index`: what `estate serve` knows of the last build, and whether `out` holds it (see
/// [`DataIndex`]). `later`: the changed files no page reads are left to write
/// ([`Written::later`]).
pub fn write(
    content: &Content,
    images: &images::Published,
    out: &Path,
    index: Option<(&DataIndex, bool)>,
    later: bool,
) -> std::io::Result<Written> {
    let mut laps = crate::timings::Laps::start("data");
    let mut known = index.map(|(index, _)| index.take());
    let trusted = index.is_some_and(|(_, trusted)| trusted);
    // The files of the last build, when `out` holds it.
    let last = known.as_mut().and_then(|known| known.wanted.take()).filter(|_| trusted);
    let empty = Known::default();
    let before = known.as_ref().unwrap_or(&empty);
    let published: Vec<_> = content.published().collect();
    let properties = made::made(
        &published,
        &before.properties,
        |r| api_property(r, &content.vocabulary, &images.pictures),
        |r| r.data.created_at,
    );
    let posts: Vec<_> = content.posts.iter().collect();
    let posts = made::made(&posts, &before.posts, api_blog, |r| r.data.date);
    laps.lap("API records");

    // The market figures are files outside the record folders: the last build's while the tree
    // is the same reading ([`Content::tree`]).
    let market = match &known {
        Some(known) if known.tree != 0 && known.tree == content.tree => known.market.clone(),
        _ => Arc::new(market::Market::read(&content.dir)?),
    };
    let mut now = Known { market, tree: content.tree, ..Known::default() };
    let api_properties: Vec<Arc<ApiProperty>> = properties.iter().map(|m| m.api.clone()).collect();
    let jobs = Jobs::new(content, &properties, &api_properties, &posts, images, before, trusted, &mut now);
    laps.lap("serialised");
    // The QR codes are images of the pages, drawn by the page stage (`pipeline`); the content
    // stage only keeps the current ones from the clean-up.
    // The last build's when every listing has the permit link it had.
    let same_codes = before.permits.same(&api_properties);
    let (permit_links, codes) = if same_codes {
        (before.permits.links.clone(), before.permits.codes.clone())
    } else if let Some((links, codes)) = before.permits.taken_out(&api_properties) {
        (Arc::new(links), Arc::new(codes))
    } else {
        let links = crate::publish::qr::permit_links(&api_properties);
        // Relative, as the index keeps them: the same for either copy `estate serve` builds into.
        let codes = links.iter().map(|link| crate::publish::qr::qr_path(link)).collect();
        (Arc::new(links), Arc::new(codes))
    };
    now.permits =
        known::Permits { of: api_properties.clone(), links: permit_links.clone(), codes: codes.clone() };
    laps.lap("permit links");
    let last_arrays: HashMap<PathBuf, &Arc<FileBytes>> =
        before.arrays.iter().map(|(path, bytes)| (file(path), bytes)).collect();
    let later_files = |path: &Path| later && unread_by_pages(path);
    let (mut changed, prints, later) = known::write_changed(
        &jobs.jobs,
        out,
        known.as_ref().map(|k| &k.files),
        trusted,
        &last_arrays,
        &later_files,
    )?;
    laps.lap("written");
    // The last build wanted every one of its codes.
    let same_codes = same_codes && last.is_some();
    let manifest = file(files::IMAGES);
    // The codes the last build drew and this one keeps, when this build's are those with some
    // taken out (a listing unpublished): none to look up one by one.
    let codes_gone = match &last {
        Some(_) if !same_codes => known::taken_out(&before.permits.codes, &codes),
        _ => None,
    };
    // The files this build wants that the last did not (the kept ones were there: that is why
    // they were kept), when the last build's are known.
    let added: Option<Vec<&PathBuf>> = last.as_ref().map(|last| {
        let new_codes = codes.iter().filter(|_| !same_codes && codes_gone.is_none());
        jobs.jobs
            .iter()
            .map(|(path, _)| path)
            .chain(new_codes)
            .chain([&manifest])
            .filter(|p| !last.contains(*p))
            .collect()
    });
    // The codes the last build drew need not be looked at.
    let (permit_links, drawn): (Vec<String>, usize) = match &last {
        Some(_) if same_codes || codes_gone.is_some() => (Vec::new(), codes.len()),
        Some(last) => {
            let (new, known): (Vec<_>, Vec<_>) =
                permit_links.iter().zip(codes.iter()).partition(|(_, code)| !last.contains(*code));
            (new.into_iter().map(|(link, _)| link.clone()).collect(), known.len())
        }
        None => (permit_links.to_vec(), 0),
    };
    let count = jobs.jobs.len() + jobs.kept.len() + codes.len() + 1;
    now.others = jobs.jobs[..jobs.others].iter().map(|(path, _)| path.clone()).collect();
    // The files of the last build this one does not want, when they are few: the files of the
    // records published no more, the codes taken out and the other files no longer made (a
    // listing sold: a page of cards fewer), without a set of all.
    let few = match (&last, &added) {
        (Some(last), Some(added)) => known::few_removed(last, &jobs.jobs, count, added.len(), || {
            gone_files(before, &properties, &posts, &now.gone, codes_gone.as_deref().unwrap_or_default())
        }),
        _ => None,
    };
    // The fingerprints: the last build's (those of the files kept as they were among them),
    // those of the files this build wrote over them; the entries of files no longer wanted go
    // below. Brought up to date, not made again: an edit writes some ten files of 20,000.
    let mut fingerprints = known.as_mut().map(|known| std::mem::take(&mut known.files)).unwrap_or_default();
    fingerprints.extend(prints);
    let (wanted, removed) = match (last, few) {
        (Some(mut last), Some(few)) => {
            let added: Vec<PathBuf> = added.unwrap_or_default().into_iter().cloned().collect();
            let removed = remove_files(few.iter().map(|path| out.join(path)), out)?;
            // Every file with a fingerprint is one the last build wanted or this one wrote.
            for path in &few {
                last.remove(path);
                fingerprints.remove(path);
            }
            last.extend(added);
            (last, removed)
        }
        (last, _) => {
            let wanted: HashSet<PathBuf> = jobs
                .jobs
                .iter()
                .map(|(path, _)| path.clone())
                .chain(jobs.kept.iter().map(|kept| kept.path(&properties, &posts)))
                .chain(codes.iter().cloned())
                .chain([manifest.clone()])
                .collect();
            let removed = match last {
                // The files of the last build that this one does not want.
                Some(last) => remove_files(last.difference(&wanted).map(|path| out.join(path)), out)?,
                None => {
                    let mut removed = Vec::new();
                    for dir in
                        [files::API_DIR, files::DATA_DIR].map(|d| files::relative(d).trim_end_matches('/'))
                    {
                        let keep =
                            |path: &Path| path.strip_prefix(out).is_ok_and(|path| wanted.contains(path));
                        removed.extend(remove_unwanted(&out.join(dir), keep)?);
                    }
                    removed
                }
            };
            fingerprints.retain(|path, _| wanted.contains(path));
            (wanted, removed)
        }
    };
    now.files = fingerprints;
    laps.lap("removed");
    let records = jobs.jobs.len() + jobs.kept.len();
    now.wanted = Some(wanted);
    let (media, media_touched) = copy_media(&content.dir.join("media"), &out.join("media"), &images.photos)?;
    laps.lap("media copied");
    let removed_any = media_touched.iter().any(|path| !path.exists());
    changed.extend(removed);
    let touched = changed.iter().chain(&media_touched).cloned().collect();
    if let Some((index, _)) = index {
        now.properties = properties.into_iter().map(|m| (m.record.id.clone(), m)).collect();
        now.posts = posts.into_iter().map(|m| (m.record.id.clone(), m)).collect();
        index.put(now);
    }
    Ok(Written {
        files: records + media,
        properties: api_properties.len(),
        posts: content.posts.len(),
        permit_links,
        permit_links_drawn: drawn,
        changed,
        removed_any,
        touched,
        routes: jobs.routes,
        later,
    })
}

/// The per-record files the last build (`before`) wrote that this one may not want: the API
/// records and detail files of the listings published then but not now (`properties`), the
/// API records of the posts likewise, the pages of the listings no longer published then that
/// are gone from the content now (`gone`), the QR codes taken out (`codes_gone`), and the
/// files not of a record the last build made (some of them made again).
fn gone_files(
    before: &Known,
    properties: &[Made<PropertyFile, ApiProperty>],
    posts: &[Made<PostFile, ApiBlog>],
    gone: &similar_memo::Gone,
    codes_gone: &[PathBuf],
) -> Vec<PathBuf> {
    // A sale: the last build's listings in order, one taken out, found without a set of 10,000 ids.
    let listings: Vec<&str> = before.similar.taken_out_ids(properties).unwrap_or_else(|| {
        let listings: HashSet<&str> = properties.iter().map(|m| m.record.id.as_str()).collect();
        before.properties.keys().map(String::as_str).filter(|id| !listings.contains(id)).collect()
    });
    let posts: HashSet<&str> = posts.iter().map(|m| m.record.id.as_str()).collect();
    let listings = listings
        .into_iter()
        .flat_map(|id| [file(&files::api_property(id)), crate::publish::detail::path(id)]);
    let posts =
        before.posts.keys().filter(|id| !posts.contains(id.as_str())).map(|id| file(&files::api_blog(id)));
    let pages = before.gone.keys().filter(|id| !gone.contains_key(*id)).map(|id| file(&files::gone(id)));
    let others = before.others.iter().cloned();
    listings.chain(posts).chain(pages).chain(codes_gone.iter().cloned()).chain(others).collect()
}

/// Removes `files` (under `out`) and the folders they leave empty. Returns the files removed.
fn remove_files(files: impl Iterator<Item = PathBuf>, out: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    for file in files {
        match std::fs::remove_file(&file) {
            Ok(()) => removed.push(file.clone()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        let mut dir = file.parent();
        // Only succeeds when empty, which is what we want.
        while let Some(folder) = dir.filter(|d| d.starts_with(out) && *d != out) {
            if std::fs::remove_dir(folder).is_err() {
                break;
            }
            dir = folder.parent();
        }
    }
    Ok(removed)
}

pub(crate) fn unchanged(path: &Path, bytes: &[u8]) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.len() == bytes.len() as u64)
        && std::fs::read(path).is_ok_and(|old| old == bytes)
}

/// Removes every file under `dir` that `keep` refuses, and the folders left empty. Returns the
/// files removed.
fn remove_unwanted(dir: &Path, keep: impl Fn(&Path) -> bool) -> std::io::Result<Vec<PathBuf>> {
    let mut removed = Vec::new();
    if !dir.is_dir() {
        return Ok(removed);
    }
    for entry in walkdir::WalkDir::new(dir).contents_first(true).into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if entry.file_type().is_dir() {
            // Only succeeds when empty, which is what we want.
            let _ = std::fs::remove_dir(path);
        } else if !keep(path) {
            std::fs::remove_file(path)?;
            removed.push(path.to_path_buf());
        }
    }
    Ok(removed)
}

/// Mirrors `content/media` into `dist/media`: each file only as what its bytes are
/// (`content::media_kind`; `estate check` refuses the rest, and they are never published
/// either way): a raster photo as the image stage's largest variant (same URL, metadata
/// stripped), an SVG drawing as its sanitiser writes it again, a video or map tile archive as a
/// copy (never a hard link: the content file would then have a second name, which is refused).
/// Files no longer in content are removed. `photos` maps a photo's path under `from` to its
/// variant. Returns how many files there are, and those it wrote or removed.
fn copy_media(
    from: &Path,
    to: &Path,
    photos: &HashMap<PathBuf, PathBuf>,
) -> std::io::Result<(usize, Vec<PathBuf>)> {
    use crate::content::media_kind::{self, Kind};
    let mut touched = Vec::new();
    // A linked folder is never published (`check` reports it).
    if !crate::content::safe_fs::is_real_dir(from) {
        return Ok((0, touched));
    }
    let mut wanted = HashSet::new();
    let mut count = 0;
    // Links and hidden files are never listed; what is not a regular file has no metadata.
    for (path, meta) in media_kind::files(from) {
        let (Some(meta), Ok(relative)) = (meta, path.strip_prefix(from)) else { continue };
        let Ok(kind) = media_kind::decide(&path, &meta) else { continue };
        let target = to.join(relative);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir)?;
        }
        match kind {
            Kind::Photo => {
                let Some(variant) = photos.get(relative) else { continue };
                if !same_file(variant, &target) {
                    let _ = std::fs::remove_file(&target);
                    if std::fs::hard_link(variant, &target).is_err() {
                        std::fs::copy(variant, &target)?;
                    }
                    touched.push(target.clone());
                }
            }
            Kind::Svg => {
                let bytes = media_kind::read_bounded(&path, crate::content::svg::MAX_BYTES)?;
                let Ok(drawing) = crate::content::svg::sanitise(&bytes) else { continue };
                if std::fs::read(&target).ok().as_deref() != Some(drawing.as_bytes()) {
                    let _ = std::fs::remove_file(&target);
                    std::fs::write(&target, drawing)?;
                    touched.push(target.clone());
                }
            }
            Kind::Video | Kind::MapTiles => {
                let up_to_date = std::fs::symlink_metadata(&target).is_ok_and(|m| {
                    m.is_file()
                        && !media_kind::has_other_names(&m)
                        && m.len() == meta.len()
                        && m.modified().ok() >= meta.modified().ok()
                });
                if !up_to_date {
                    let _ = std::fs::remove_file(&target);
                    std::fs::copy(&path, &target)?;
                    touched.push(target.clone());
                }
            }
        }
        wanted.insert(target);
        count += 1;
    }
    let variants = to.join(images::OUTPUT_DIR.trim_start_matches("media/"));
    touched.extend(remove_unwanted(to, |path| wanted.contains(path) || path.starts_with(&variants))?);
    Ok((count, touched))
}

/// Removes the files of an old build's `out/media` that are hard links to the content's media
/// (builds once linked them), so the content files have one name again before they are checked.
pub fn unlink_old_media(content: &Path, out: &Path) {
    use crate::content::media_kind;
    let (from, to) = (content.join("media"), out.join("media"));
    if !to.is_dir() {
        return;
    }
    for (path, meta) in media_kind::files(&from) {
        let (Some(meta), Ok(relative)) = (meta, path.strip_prefix(&from)) else { continue };
        if !media_kind::has_other_names(&meta) {
            continue;
        }
        let target = to.join(relative);
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if std::fs::symlink_metadata(&target)
                .is_ok_and(|m| (m.dev(), m.ino()) == (meta.dev(), meta.ino()))
            {
                let _ = std::fs::remove_file(&target);
            }
        }
        #[cfg(not(unix))]
        let _ = target;
    }
}

/// Whether `a` and `b` are the same bytes already (one hard-linked file, or equal contents).
fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b))
            && (x.dev(), x.ino()) == (y.dev(), y.ino())
        {
            return true;
        }
    }
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(x), Ok(y)) if x.len() == y.len() => std::fs::read(a).ok() == std::fs::read(b).ok(),
        _ => false,
    }
}
