//! The content stage of `estate build`: the static JSON API of spec section 7 and the data files
//! the pages read, written into `dist/`.
//!
//! | GET path (spec)                                   | file                                          |
//! |---------------------------------------------------|-----------------------------------------------|
//! | /api/properties                                   | api/properties.json                           |
//! | /api/properties/category-residential/residential  | api/properties/category-residential/residential.json (and the other three) |
//! | /api/properties/{id}                              | api/properties/{id}.json                      |
//! | /api/blogs                                        | api/blogs.json                                |
//! | /api/blogs/{id}                                   | api/blogs/{id}.json                           |
//! | any other /api/ path (status 404)                 | api/404.json                                  |
//!
//! `netlify.toml` maps each path to its file; `estate serve` reads the same rules.

pub mod detail;
pub mod feeds;
pub mod images;
pub mod listings;
pub mod portal_feed;
pub mod qr;
pub mod redirects;
mod site;
pub mod sitemap;
mod xml;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::Hasher as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use contract::urls::{blog_slug, media_url, post_path, property_path};
use contract::{ApiBlog, ApiProperty, BlogTranslation, MainCategory, PropertyTranslation};
use rayon::prelude::*;
use serde::Serialize;

use crate::content::markdown;
use crate::content::model::{PostFile, PropertyFile};
use crate::content::{Content, Record};

pub(crate) fn optional_text(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

pub fn api_property(r: &Record<PropertyFile>) -> ApiProperty {
    let p = &r.data;
    let mut translations = BTreeMap::new();
    for (lang, texts) in [("ar", &p.ar), ("ru", &p.ru)] {
        if let Some(t) = texts {
            translations.insert(
                lang.to_owned(),
                PropertyTranslation {
                    title: optional_text(&t.title),
                    description: t.description.as_deref().map(markdown::to_html),
                    location: optional_text(&t.location),
                },
            );
        }
    }
    ApiProperty {
        underscore_id: r.id.clone(),
        id: r.id.clone(),
        title: p.title.trim().to_owned(),
        main_category: p.main_category,
        sub_category: p.sub_category.as_str().to_owned(),
        images: p.images.iter().map(|i| media_url(i)).collect(),
        location: optional_text(&p.location),
        bedrooms: p.bedrooms,
        area: p.area,
        price: p.price,
        featured: p.featured,
        created_at: p.created_at.to_api(),
        description: markdown::to_html(Content::description(r)),
        url: property_path(&r.id),
        bathrooms: p.bathrooms,
        price_period: p.price_period,
        reference: optional_text(&p.reference),
        permit_number: optional_text(&p.permit_number),
        permit_url: optional_text(&p.permit_url),
        agent: p.agent.clone(),
        developer: p.developer.clone(),
        completion_date: p.completion_date.as_ref().map(|d| d.0.clone()),
        payment_plan: p.payment_plan.clone(),
        amenities: p.amenities.clone(),
        coordinates: p.coordinates,
        translations,
    }
}

pub fn api_blog(r: &Record<PostFile>) -> ApiBlog {
    let p = &r.data;
    let slug = blog_slug(&p.title);
    let mut translations = BTreeMap::new();
    for (lang, texts) in [("ar", &p.ar), ("ru", &p.ru)] {
        if let Some(t) = texts {
            translations.insert(
                lang.to_owned(),
                BlogTranslation {
                    title: optional_text(&t.title),
                    excerpt: optional_text(&t.excerpt),
                    content: t.content.as_deref().map(markdown::to_html),
                },
            );
        }
    }
    ApiBlog {
        underscore_id: r.id.clone(),
        id: r.id.clone(),
        title: p.title.trim().to_owned(),
        images: p.images.iter().map(|i| media_url(i)).collect(),
        content: markdown::to_html(r.body.as_deref().unwrap_or("")),
        date: p.date.to_api(),
        author: optional_text(&p.author),
        excerpt: optional_text(&p.excerpt),
        url: post_path(&r.id, &p.title),
        slug,
        translations,
    }
}

/// Newest first; ties broken by id so output is stable.
fn newest_first<T>(items: &mut [(T, crate::content::model::Timestamp, String)]) {
    items.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.2.cmp(&b.2)));
}

/// What the content stage wrote.
#[derive(Debug, Default)]
pub struct Written {
    pub files: usize,
    pub properties: usize,
    pub posts: usize,
    /// The listings' permit links, each once: the page stage draws their QR codes.
    pub permit_links: Vec<String>,
    /// The files of `api/` and `data/` this build wrote or removed (their bytes changed), so
    /// the page stage can re-render just the pages that read them.
    pub changed: Vec<PathBuf>,
    /// Whether any file of `api/`, `data/` or `media/` was removed (a link may lead nowhere now).
    pub removed_any: bool,
    /// Every file this stage wrote or removed: `changed` and those of `media/`.
    pub touched: Vec<PathBuf>,
}

/// One file to write: where, and its bytes.
type Job = (PathBuf, Vec<u8>);

/// `api/404.json`, the answer to a GET of any other path under `/api/` (netlify.toml): the body
/// of the lead function's own 404, so every API miss reads alike.
pub const API_NOT_FOUND: &[u8] = br#"{"error":"not found"}"#;

fn to_json<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("API records always serialise")
}

/// A JSON array of already serialised values.
fn json_array<'a>(items: impl Iterator<Item = &'a Vec<u8>>) -> Vec<u8> {
    let mut out = vec![b'['];
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(item);
    }
    out.push(b']');
    out
}

/// Writes the JSON API and page data for `content` into `out`. Files whose bytes did not
/// change are left alone (creating files is the slow part of a build), and files an earlier
/// build wrote that are no longer wanted, such as a deleted listing's, are removed.
///
/// `images` is the image stage's outcome ([`images::publish`]), run first: the records carry each
/// photo's size and variants.
/// `index`: what `estate serve` knows of the data files in `out`, and whether `out` holds the
/// build it describes (see [`DataIndex`]).
pub fn write(
    content: &Content,
    images: &images::Published,
    out: &Path,
    index: Option<(&DataIndex, bool)>,
) -> std::io::Result<Written> {
    let mut laps = crate::timings::Laps::start("data");
    let mut properties: Vec<(ApiProperty, crate::content::model::Timestamp, String)> = content
        .published()
        .collect::<Vec<_>>()
        .par_iter()
        .map(|r| (api_property(r), r.data.created_at, r.id.clone()))
        .collect();
    newest_first(&mut properties);
    let properties: Vec<ApiProperty> = properties.into_iter().map(|(p, _, _)| p).collect();

    let mut posts: Vec<(ApiBlog, crate::content::model::Timestamp, String)> =
        content.posts.par_iter().map(|r| (api_blog(r), r.data.date, r.id.clone())).collect();
    newest_first(&mut posts);
    let posts: Vec<ApiBlog> = posts.into_iter().map(|(p, _, _)| p).collect();

    laps.lap("API records");
    let (records, mut changed) = write_records(content, &properties, &posts, &images.pictures, out, index)?;
    // The QR codes are images of the pages, drawn by the page stage (`pipeline`); the content
    // stage only keeps the current ones from the clean-up.
    let permit_links = crate::publish::qr::permit_links(&properties);
    let data = out.join("data");
    let codes: Vec<PathBuf> =
        permit_links.iter().map(|link| crate::publish::qr::qr_path(&data, link)).collect();
    laps.lap("written");
    let images_json = data.join(images::MANIFEST);
    let wanted: HashSet<&Path> =
        records.iter().chain(&codes).chain([&images_json]).map(PathBuf::as_path).collect();
    let mut removed = Vec::new();
    for dir in ["api", "data"] {
        removed.extend(remove_unwanted(&out.join(dir), |path| wanted.contains(path))?);
    }
    let (media, media_touched) = copy_media(&content.dir.join("media"), &out.join("media"), &images.photos)?;
    laps.lap("removed and media copied");
    let removed_any = !removed.is_empty() || media_touched.iter().any(|path| !path.exists());
    changed.extend(removed);
    let touched = changed.iter().chain(&media_touched).cloned().collect();

    Ok(Written {
        files: records.len() + media,
        properties: properties.len(),
        posts: posts.len(),
        permit_links,
        changed,
        removed_any,
        touched,
    })
}

/// Writes every file of the JSON API and the page data; returns their paths, and those of the
/// files whose bytes changed.
fn write_records(
    content: &Content,
    properties: &[ApiProperty],
    posts: &[ApiBlog],
    pictures: &images::Pictures,
    out: &Path,
    index: Option<(&DataIndex, bool)>,
) -> std::io::Result<(Vec<PathBuf>, Vec<PathBuf>)> {
    let mut laps = crate::timings::Laps::start("data files");
    let api = out.join("api");
    let mut jobs: Vec<Job> = Vec::new();
    // Each record is serialised once; the lists are those same bytes joined.
    let property_json: Vec<Vec<u8>> = properties.par_iter().map(to_json).collect();
    let post_json: Vec<Vec<u8>> = posts.par_iter().map(to_json).collect();
    jobs.push((api.join("properties.json"), json_array(property_json.iter())));
    for category in MainCategory::ALL {
        let in_category = properties.iter().zip(&property_json).filter(|(p, _)| p.main_category == category);
        jobs.push((
            out.join(format!("{}.json", category.api_path())),
            json_array(in_category.map(|(_, j)| j)),
        ));
    }
    jobs.push((api.join("blogs.json"), json_array(post_json.iter())));
    jobs.push((api.join("404.json"), API_NOT_FOUND.to_vec()));

    let data = out.join("data");
    // The content pages the prerender renders besides the fixed routes.
    let routes = contract::routes::Routes {
        posts: posts.iter().map(|p| p.url.as_str().into()).collect(),
        properties: properties.iter().map(|p| p.url.as_str().into()).collect(),
    };
    jobs.push((data.join("routes.json"), to_json(&routes)));
    jobs.push((data.join("feed.json"), crate::publish::feeds::page_data(properties, posts, pictures)));
    jobs.extend(crate::publish::listings::files(properties, pictures, &data));
    if let Some(site) = &content.site {
        jobs.push((data.join("site.json"), to_json(&site::site(&site.data, &content.vocabulary, pictures))));
    }
    jobs.push((data.join("team.json"), to_json(&site::team(content, pictures))));
    jobs.push((data.join("developers.json"), to_json(&site::developers(content, pictures))));
    let post_pictures: contract::media::PostPictures = posts
        .iter()
        .map(|b| (b.id.as_str(), b.images.iter().map(|url| pictures.get(url)).collect()))
        .collect();
    jobs.push((data.join("post-pictures.json"), to_json(&post_pictures)));
    for page in &content.pages {
        jobs.push((data.join("pages").join(format!("{}.json", page.id)), to_json(&site::page(page))));
    }

    // One file per record, serialised and written in parallel.
    let mut all: Vec<Job> = properties
        .iter()
        .zip(property_json)
        .map(|(p, json)| (api.join("properties").join(format!("{}.json", p.id)), json))
        .chain(
            posts
                .iter()
                .zip(post_json)
                .map(|(b, json)| (api.join("blogs").join(format!("{}.json", b.id)), json)),
        )
        .collect();
    all.extend(jobs);
    laps.lap("records and lists");
    // The property pages' similar listings, agents and developers (detail.rs).
    let people = crate::publish::detail::People::new(&content.team, &content.developers, pictures);
    all.extend(crate::publish::detail::files(properties, &people, pictures, &data));
    laps.lap("detail files");

    laps.lap("serialised");
    let changed = write_changed(&all, out, index)?;
    Ok((all.into_iter().map(|(path, _)| path).collect(), changed))
}

/// What `estate serve` knows of the API and data files of the last good build: each file's
/// length and hash, by its path inside the output folder, so that a rebuild tells an unchanged
/// file without reading it back (at 10,000 listings, 20,000 files and 160 MB).
#[derive(Clone, Default)]
pub struct DataIndex(Arc<Mutex<HashMap<PathBuf, Fingerprint>>>);

impl std::fmt::Debug for DataIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DataIndex")
    }
}

type Fingerprint = (usize, u64);

/// The bytes' length and SipHash (std's, with fixed keys: the same in every build of a process).
fn fingerprint(bytes: &[u8]) -> Fingerprint {
    let mut hasher = std::hash::DefaultHasher::new();
    hasher.write(bytes);
    (bytes.len(), hasher.finish())
}

/// Writes the files of `jobs` whose bytes differ from what is there. A folder this build
/// creates holds no file yet, so its files are written without being compared. Folders are
/// written in parallel and each folder's files one after the other: creating files in one
/// folder takes a lock in the kernel, and threads contending for it were measured slower.
/// With `index` (and `trusted`: `out` holds the build it describes) a file it knows with the
/// same fingerprint is not read back; the index then describes this build. Returns the paths
/// written.
fn write_changed(
    jobs: &[Job],
    out: &Path,
    index: Option<(&DataIndex, bool)>,
) -> std::io::Result<Vec<PathBuf>> {
    let relative = |path: &Path| path.strip_prefix(out).unwrap_or(path).to_path_buf();
    // Taken out while writing: a failed write leaves it empty, trusted by nobody.
    let known =
        index.map(|(index, _)| std::mem::take(&mut *index.0.lock().unwrap_or_else(PoisonError::into_inner)));
    let trusted = index.is_some_and(|(_, trusted)| trusted);
    let prints: Option<Vec<Fingerprint>> =
        known.as_ref().map(|_| jobs.par_iter().map(|(_, b)| fingerprint(b)).collect());
    let known_same = |i: usize| {
        trusted
            && matches!((&known, &prints), (Some(known), Some(prints)) if known.get(&relative(&jobs[i].0)) == Some(&prints[i]))
    };
    let mut folders: BTreeMap<&Path, Vec<usize>> = BTreeMap::new();
    for (i, job) in jobs.iter().enumerate() {
        folders.entry(job.0.parent().unwrap_or(Path::new(""))).or_default().push(i);
    }
    let folders: Vec<(&Path, Vec<usize>)> = folders.into_iter().collect();
    let fresh: Vec<bool> = folders.iter().map(|(dir, _)| !dir.is_dir()).collect();
    for (dir, _) in &folders {
        std::fs::create_dir_all(dir)?;
    }
    // The largest folders first, so the two cores end together.
    let mut order: Vec<usize> = (0..folders.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(folders[i].1.len()));
    let written: Vec<Vec<PathBuf>> = order
        .into_par_iter()
        .map(|f| {
            let (_, files) = &folders[f];
            let compare = !fresh[f];
            // Comparing is read-only, so a folder's comparisons may themselves run in parallel.
            let changed: Vec<usize> = if compare {
                files
                    .par_iter()
                    .copied()
                    .filter(|&i| !known_same(i) && !unchanged(&jobs[i].0, &jobs[i].1))
                    .collect()
            } else {
                files.clone()
            };
            changed
                .into_iter()
                .map(|i| {
                    let (path, bytes) = &jobs[i];
                    std::fs::write(path, bytes).map_err(|e| {
                        std::io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
                    })?;
                    Ok(path.clone())
                })
                .collect::<std::io::Result<Vec<PathBuf>>>()
        })
        .collect::<std::io::Result<_>>()?;
    if let (Some((index, _)), Some(prints)) = (index, prints) {
        let now = jobs.iter().zip(prints).map(|((path, _), print)| (relative(path), print)).collect();
        *index.0.lock().unwrap_or_else(PoisonError::into_inner) = now;
    }
    Ok(written.into_iter().flatten().collect())
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

/// Mirrors `content/media` into `dist/media`: new and changed files are copied (hard-linked
/// where the file system allows), files no longer in content are removed.
///
/// A raster photo the image stage processed is published as its largest variant instead (same
/// URL, metadata stripped, at most 1920 px wide); `photos` maps its path under `from` to that file.
/// Returns how many files there are, and those it wrote or removed.
fn copy_media(
    from: &Path,
    to: &Path,
    photos: &HashMap<PathBuf, PathBuf>,
) -> std::io::Result<(usize, Vec<PathBuf>)> {
    let mut touched = Vec::new();
    if !from.is_dir() {
        return Ok((0, touched));
    }
    let mut wanted = HashSet::new();
    let mut count = 0;
    for entry in walkdir::WalkDir::new(from).into_iter().filter_map(Result::ok) {
        let Ok(relative) = entry.path().strip_prefix(from) else { continue };
        let target = to.join(relative);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target)?;
            continue;
        }
        wanted.insert(target.clone());
        count += 1;
        if let Some(variant) = photos.get(relative) {
            if !same_file(variant, &target) {
                let _ = std::fs::remove_file(&target);
                if std::fs::hard_link(variant, &target).is_err() {
                    std::fs::copy(variant, &target)?;
                }
                touched.push(target.clone());
            }
            continue;
        }
        let source_meta = entry.metadata().map_err(std::io::Error::other)?;
        let up_to_date = std::fs::metadata(&target)
            .is_ok_and(|m| m.len() == source_meta.len() && m.modified().ok() >= source_meta.modified().ok());
        if !up_to_date {
            let _ = std::fs::remove_file(&target);
            if std::fs::hard_link(entry.path(), &target).is_err() {
                std::fs::copy(entry.path(), &target)?;
            }
            touched.push(target.clone());
        }
    }
    let variants = to.join(images::OUTPUT_DIR.trim_start_matches("media/"));
    touched.extend(remove_unwanted(to, |path| wanted.contains(path) || path.starts_with(&variants))?);
    Ok((count, touched))
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
