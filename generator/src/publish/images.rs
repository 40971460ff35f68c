//! The image stage: every raster photo under `content/media` is decoded, auto-oriented, resized to
//! a set of widths (never upscaled) and re-encoded, which also drops its metadata (the EXIF GPS
//! position of a photo taken in someone's flat is never published). Outputs are named by the hash
//! of the source bytes and the settings under `media/_img/`, and `data/images.json` records each
//! source's intrinsic size, dominant colour and variants. A persistent cache, keyed the same way,
//! makes a warm rebuild link files without decoding anything.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use contract::media::Picture;

use crate::content::diag::Diagnostic;
use crate::content::safe_fs;
use crate::content::yaml::Pos;
use raster::image::RgbImage;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// The widths a photo is offered at (those below its own width, plus its own width up to the
/// last). Chrome takes the narrowest width at least as wide as the image is shown in device
/// pixels. 400 fits a card on a phone at 1x; 740 a phone-wide image at 1.75x (721 on a 412 px
/// screen) and a card at 2x on a 360-390 px phone (640-700; 651 at 412 px and 1.75x), so that a
/// page showing one photo as its header and as a card fetches it once, and a seventh fewer bytes
/// than 800 for the first screen's largest image; 800 a card at 2x on a 414 px phone or a
/// tablet's two columns, 1200 a phone-wide hero at 3x, 1600 a desktop hero. Each width costs an
/// encode per format.
pub const WIDTHS: [u32; 5] = [400, 740, 800, 1200, 1600];
pub use raster::MAX_PIXELS;
/// JPEG quality of the fallback variants.
const JPEG_QUALITY: u8 = 78;
/// WebP quality.
const WEBP_QUALITY: f32 = 75.0;
/// The libwebp method (0 fastest .. 6 smallest; 4 is libwebp's default) of a variant `width`
/// pixels wide. Method 6 makes the same picture (the quality is the same) in about 12% fewer
/// bytes than method 2 (the sample's 740 px variants: 173 against 196 KB for ten photos), for
/// about four times the encoding time. The variants up to 800 px are what a phone fetches, on a
/// slow link its first screen's largest image waits for (the list pages' first card photo, 38.3
/// KB at method 2 and 34.4 KB at 6, took Lighthouse's simulated LCP of /buy-property from 1.51 to
/// 1.44 s); they take method 6. The wider ones, for desktops and 3x phones, keep method 2: at
/// method 6 they would cost as much again. The sample's 88 photos from an empty cache, on 2
/// cores, medians of 3 alternating: 5.8 s with method 2 throughout, 11.2 s so (another run: 5.2
/// s, and 13.9 s with method 6 throughout).
fn webp_method(width: u32) -> i32 {
    if width <= 800 { 6 } else { 2 }
}
/// Everything that changes the outputs, with [`WIDTHS`]: part of every cache key and output name.
/// v4: sources coded in a scan per component with subsampled colour are read right (before, with
/// green and magenta stripes: every photo of `estate demo`, and a feed's photos made here).
const SETTINGS: &str =
    "images v4: catmull-rom; jpeg q78 optimized huffman; webp q75, m6 up to 800 px, m2 above";
/// The folder of the outputs, under the output folder.
pub const OUTPUT_DIR: &str = "media/_img";

/// What the site needs to render one source image responsively.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImageInfo {
    /// Intrinsic size after auto-orientation.
    pub width: u32,
    pub height: u32,
    /// The dominant (average) colour, `#rrggbb`: the placeholder while the photo loads.
    pub color: String,
    /// Ascending widths and their URLs (`/media/_img/<hash>-<width>.jpg`).
    pub variants: Vec<Variant>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Variant {
    pub width: u32,
    /// The JPEG (`/media/_img/<hash>-<width>.jpg`).
    pub src: String,
    /// The same at the same width as WebP (`.webp`), about a third smaller.
    pub webp: String,
}

/// A source file the stage refused, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct BadImage {
    pub file: PathBuf,
    pub reason: String,
}

/// What a run did: the records by source URL (`/media/x.jpg`), how many sources were decoded
/// (cache misses) and the refused files.
#[derive(Debug, Default)]
pub struct Outcome {
    pub images: BTreeMap<String, ImageInfo>,
    pub decoded: usize,
    pub bad: Vec<BadImage>,
    /// The files of `out/media/_img` put there or removed by this run (names).
    pub touched: Vec<String>,
}

/// Whether the stage handles the file (by extension).
pub fn is_raster(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "jpg" | "jpeg" | "png" | "webp"))
}

/// Everything that changes the outputs, as one string: [`SETTINGS`] and [`WIDTHS`].
fn settings() -> String {
    format!("{SETTINGS}; widths {WIDTHS:?}")
}

/// The cache key of a source: its bytes and the settings.
fn key(bytes: &[u8]) -> String {
    use std::hash::Hasher;
    let settings = settings();
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(settings.as_bytes());
    hasher.write(bytes);
    // A second, differently seeded pass makes accidental collisions over 10^5 files negligible.
    let mut second = fnv::FnvHasher::with_key(0x9e37_79b9_7f4a_7c15);
    second.write(bytes);
    second.write(settings.as_bytes());
    format!("{:016x}{:08x}", hasher.finish(), second.finish() as u32)
}

/// Decodes and checks one source (see [`raster::decode`]).
pub use raster::decode;

/// The widths to write for a source `width` pixels wide.
pub fn widths_for(width: u32) -> Vec<u32> {
    let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|&w| w < width).collect();
    if widths.len() < WIDTHS.len() {
        widths.push(width.min(WIDTHS[WIDTHS.len() - 1]));
    }
    widths
}

/// Files to write: each variant's name and its encoded bytes.
type EncodedFiles = Vec<(String, Vec<u8>)>;

/// One source's outcome: its record (with its cache key) and whether it was decoded, or why it
/// was refused.
type SourceResult = Result<(Indexed, bool), String>;

/// Resizes and encodes one decoded source: its record (URLs under `key`) and the files' bytes.
fn encode(rgb: &RgbImage, key: &str) -> Result<(ImageInfo, EncodedFiles), String> {
    let (width, height) = rgb.dimensions();
    let mut files = Vec::new();
    let mut variants = Vec::new();
    for w in widths_for(width) {
        let h = ((u64::from(height) * u64::from(w) + u64::from(width) / 2) / u64::from(width)).max(1) as u32;
        let resized = if w == width { None } else { Some(raster::resize(rgb, w, h)?) };
        let pixels = resized.as_ref().unwrap_or(rgb);
        let (jpeg, webp) = (format!("{key}-{w}.jpg"), format!("{key}-{w}.webp"));
        files.push((jpeg.clone(), raster::encode_jpeg(pixels, JPEG_QUALITY)?));
        files.push((webp.clone(), raster::encode_webp(pixels, WEBP_QUALITY, webp_method(w))?));
        variants.push(Variant {
            width: w,
            src: format!("/{OUTPUT_DIR}/{jpeg}"),
            webp: format!("/{OUTPUT_DIR}/{webp}"),
        });
    }
    Ok((ImageInfo { width, height, color: raster::average_color(rgb)?, variants }, files))
}

/// The output files of a record (their names under [`OUTPUT_DIR`]).
fn file_names(info: &ImageInfo) -> impl Iterator<Item = &str> {
    info.variants
        .iter()
        .flat_map(|v| [v.src.as_str(), v.webp.as_str()])
        .map(|url| url.rsplit('/').next().unwrap_or_default())
}

/// What a cache entry's `meta.json` holds: the record, and the photo's fingerprint (none in an
/// entry written before fingerprints were kept).
#[derive(Deserialize)]
struct Meta {
    #[serde(flatten)]
    info: ImageInfo,
    #[serde(default)]
    print: Option<Print>,
}

/// [`Meta`] as it is written.
#[derive(Serialize)]
struct MetaOut<'a> {
    #[serde(flatten)]
    info: &'a ImageInfo,
    print: &'a Print,
}

fn meta_json(info: &ImageInfo, print: &Print) -> Vec<u8> {
    serde_json::to_vec(&MetaOut { info, print }).unwrap_or_default()
}

/// The cache entry's record, and its fingerprint when it has one.
fn cached_meta(entry: &Path) -> Option<Meta> {
    std::fs::read(entry.join("meta.json")).ok().and_then(|b| serde_json::from_slice::<Meta>(&b).ok())
}

/// The fingerprint of a decoded photo.
fn print_of(image: &RgbImage) -> Result<Print, String> {
    raster::fingerprint::fingerprint(image).map(Print)
}

/// One source through the cache: unchanged since the index saw it, its record is the index's
/// (not even read); a hit reads the record (no decoding); a miss decodes, encodes and fills the
/// cache (written to a temporary folder, then renamed: never half-written). An entry made before
/// fingerprints were kept decodes its source once more for one, and keeps it.
fn one(source: &Path, relative: &str, cache: &Path, index: &Index) -> SourceResult {
    let stamp = image_index::stamp(source);
    if let Some(known) = index.known(relative, stamp).filter(|known| known.print.is_some()) {
        return Ok((known.clone(), false));
    }
    let bytes = safe_fs::read_regular(source).map_err(|e| format!("cannot be read: {e}"))?;
    let key = key(&bytes);
    let entry = cache.join(&key);
    let io = |e: std::io::Error| format!("cannot write the image cache {}: {e}", cache.display());
    // Unique per process and call: parallel builds (and two equal files in one) share a cache.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let temporary = cache.join(format!(".{key}.{}.{call}", std::process::id()));
    let (info, print, decoded) = match cached_meta(&entry) {
        Some(Meta { info, print: Some(print) }) => (info, print, false),
        Some(Meta { info, print: None }) => {
            let print = print_of(&decode(&bytes)?)?;
            // Beside the entry, then over its record: another build reads the old or the new.
            if std::fs::write(&temporary, meta_json(&info, &print)).is_ok()
                && std::fs::rename(&temporary, entry.join("meta.json")).is_err()
            {
                let _ = std::fs::remove_file(&temporary);
            }
            (info, print, true)
        }
        None => {
            let image = decode(&bytes)?;
            let (info, files) = encode(&image, &key)?;
            let print = print_of(&image)?;
            let _ = std::fs::remove_dir_all(&temporary);
            std::fs::create_dir_all(&temporary).map_err(io)?;
            for (name, data) in &files {
                std::fs::write(temporary.join(name), data).map_err(io)?;
            }
            std::fs::write(temporary.join("meta.json"), meta_json(&info, &print)).map_err(io)?;
            if std::fs::rename(&temporary, &entry).is_err() {
                // Another build filled it meanwhile: theirs is the same.
                let _ = std::fs::remove_dir_all(&temporary);
            }
            (info, print, true)
        }
    };
    let (len, modified) = stamp.unwrap_or((bytes.len() as u64, 0));
    Ok((Indexed { len, modified, key, info, print: Some(print) }, decoded))
}

/// Puts a record's files from the cache into `out_dir` (hard links where the file system allows).
/// `present` holds the names already there (one listing of the folder instead of a `stat` per
/// file: a warm build of 10,000 listings' photos has 80,000 of them).
fn link_outputs(
    info: &ImageInfo,
    key: &str,
    cache: &Path,
    out_dir: &Path,
    present: &HashSet<String>,
) -> std::io::Result<()> {
    let entry = cache.join(key);
    for name in file_names(info) {
        if !present.contains(name) {
            let target = out_dir.join(name);
            let from = entry.join(name);
            if std::fs::hard_link(&from, &target).is_err() && !target.is_file() {
                std::fs::copy(&from, &target).map_err(|e| {
                    std::io::Error::new(e.kind(), format!("cannot copy {}: {e}", from.display()))
                })?;
            }
        }
    }
    Ok(())
}

/// The raster files under `media`. Links are never followed (`check` reports them): only files
/// that are there themselves are photos.
fn raster_sources(media: &Path) -> Vec<PathBuf> {
    if !safe_fs::is_real_dir(media) {
        return Vec::new();
    }
    walkdir::WalkDir::new(media)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && is_raster(e.path()))
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// Runs the stage over every raster file under `media` (the content's media folder), in
/// parallel, keeping `cache` for the next build. When every source is good, their files are put
/// into `out/media/_img` and outputs no longer wanted are removed; when one is refused, the
/// output is left as it was.
pub fn run(media: &Path, out: &Path, cache: &Path) -> std::io::Result<Outcome> {
    let sources = raster_sources(media);
    std::fs::create_dir_all(cache)?;
    let index = Index::open(cache, media);
    let results: Vec<(PathBuf, String, SourceResult)> = sources
        .into_par_iter()
        .map(|s| {
            let relative = s.strip_prefix(media).unwrap_or(&s).to_string_lossy().replace('\\', "/");
            let result = one(&s, &relative, cache, &index);
            (s, relative, result)
        })
        .collect();
    let mut outcome = Outcome::default();
    let mut indexed = HashMap::new();
    for (source, relative, result) in results {
        match result {
            Ok((entry, decoded)) => {
                outcome.decoded += usize::from(decoded);
                outcome.images.insert(format!("/media/{relative}"), entry.info.clone());
                indexed.insert(relative, entry);
            }
            Err(reason) => outcome.bad.push(BadImage { file: source, reason }),
        }
    }
    // The index is a cache too: a failure to write it costs the next build some reading only.
    let _ = index.save(indexed.clone());
    outcome.bad.sort_by(|a, b| a.file.cmp(&b.file));
    if !outcome.bad.is_empty() {
        return Ok(outcome);
    }
    let out_dir = out.join(OUTPUT_DIR);
    std::fs::create_dir_all(&out_dir)?;
    let present: HashSet<String> = std::fs::read_dir(&out_dir)?
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    indexed
        .par_iter()
        .try_for_each(|(_, entry)| link_outputs(&entry.info, &entry.key, cache, &out_dir, &present))?;
    let wanted: HashSet<&str> = outcome.images.values().flat_map(file_names).collect();
    let mut touched: Vec<String> =
        wanted.iter().filter(|name| !present.contains(**name)).map(|name| (*name).to_owned()).collect();
    for name in present.iter().filter(|name| !wanted.contains(name.as_str())) {
        let _ = std::fs::remove_file(out_dir.join(name));
        touched.push(name.clone());
    }
    outcome.touched = touched;
    Ok(outcome)
}

/// The persistent cache: `$ESTATE_IMAGE_CACHE`, else `.estate/cache/images` beside the content
/// folder (the site's root, whatever the working directory). Keep it between builds (netlify.toml's
/// cache plugin does on Netlify) and a rebuild decodes nothing.
pub fn cache_dir(content: &Path) -> PathBuf {
    std::env::var_os("ESTATE_IMAGE_CACHE")
        .map_or_else(|| content.parent().unwrap_or(Path::new("")).join(".estate/cache/images"), PathBuf::from)
}

/// The image stage's records as the pages' [`Picture`]s, by media URL (`/media/x.jpg`).
#[derive(Debug, Default)]
pub struct Pictures {
    pictures: HashMap<String, Picture<'static>>,
    /// Each picture's variants, narrowest first.
    variants: HashMap<String, Vec<Variant>>,
}

impl Pictures {
    pub fn new(images: &BTreeMap<String, ImageInfo>) -> Self {
        let srcset = |ext: fn(&Variant) -> &str, info: &ImageInfo| {
            let list: Vec<String> =
                info.variants.iter().map(|v| format!("{} {}w", ext(v), v.width)).collect();
            Cow::Owned(list.join(", "))
        };
        let variants = images.iter().map(|(url, info)| (url.clone(), info.variants.clone())).collect();
        let pictures = images
            .iter()
            .map(|(url, info)| {
                let picture = Picture {
                    src: Cow::Owned(url.clone()),
                    width: Some(info.width),
                    height: Some(info.height),
                    color: Some(Cow::Owned(info.color.clone())),
                    srcset: Some(srcset(|v| &v.src, info)),
                    webp: Some(srcset(|v| &v.webp, info)),
                };
                (url.clone(), picture)
            })
            .collect();
        Pictures { pictures, variants }
    }

    /// The JPEG variant of the image at `url` at least `width` pixels wide (else its widest).
    pub fn variant(&self, url: &str, width: u32) -> Option<&str> {
        let variants = self.variants.get(url)?;
        variants.iter().find(|v| v.width >= width).or(variants.last()).map(|v| v.src.as_str())
    }

    /// The picture of the image at `url`, a media URL (`/media/x.jpg`) or an outside address:
    /// its sizes and variants when the stage processed it, else the address alone.
    pub fn get<'a>(&'a self, url: &'a str) -> Picture<'a> {
        let Some(known) = self.pictures.get(url) else {
            return Picture { src: Cow::Borrowed(url), ..Picture::default() };
        };
        let borrow = |text: &'a Option<Cow<'static, str>>| text.as_deref().map(Cow::Borrowed);
        Picture {
            src: Cow::Borrowed(&known.src),
            width: known.width,
            height: known.height,
            color: borrow(&known.color),
            srcset: borrow(&known.srcset),
            webp: borrow(&known.webp),
        }
    }

    /// The same for a record that owns its texts, from a content path (`media/x.jpg`) or URL.
    pub fn owned(&self, path: &str) -> Picture<'static> {
        let url = contract::urls::media_url(path);
        self.get(&url).into_owned()
    }
}

/// What the stage gives the rest of the build.
#[derive(Debug)]
pub struct Published {
    /// Every processed photo's picture, for the records.
    pub pictures: Pictures,
    /// Each processed photo's path under `media/`, with the output file that replaces it there
    /// (its largest variant).
    pub photos: HashMap<PathBuf, PathBuf>,
    /// How many were decoded (not found in the cache).
    pub decoded: usize,
    /// The files under the output folder this stage wrote or removed (relative to it).
    pub touched: Vec<PathBuf>,
    /// The fingerprint of `data/images.json`, all `pictures` are made from: the same, the same
    /// pictures.
    pub print: crate::publish::bytes::Fingerprint,
}

/// Why the stage stopped the build.
#[derive(Debug, thiserror::Error)]
pub enum StageError {
    /// Refused images, each reported where the content names it.
    #[error("{} refused image{}", .0.len(), if .0.len() == 1 { "" } else { "s" })]
    Refused(Vec<Diagnostic>),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// The stage within the build: runs it over `content/media`, refuses the build when an image is
/// bad (reported at each place in the content that names it, the output left as it was), and
/// writes `data/images.json`.
pub fn publish(content: &Path, out: &Path, cache: &Path) -> Result<Published, StageError> {
    let outcome = run(&content.join("media"), out, cache)?;
    if !outcome.bad.is_empty() {
        return Err(StageError::Refused(outcome.bad.iter().flat_map(|bad| locate(content, bad)).collect()));
    }
    let relative = crate::publish::file(contract::files::IMAGES);
    let manifest = out.join(&relative);
    if let Some(dir) = manifest.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let json = serde_json::to_vec(&outcome.images).map_err(std::io::Error::other)?;
    let mut touched: Vec<PathBuf> =
        outcome.touched.iter().map(|name| Path::new(OUTPUT_DIR).join(name)).collect();
    let print = crate::publish::fingerprint(&json);
    if std::fs::read(&manifest).ok().as_deref() != Some(json.as_slice()) {
        std::fs::write(&manifest, json)?;
        touched.push(relative);
    }
    let photos = outcome
        .images
        .iter()
        .filter_map(|(url, info)| {
            let largest = info.variants.last()?;
            Some((
                PathBuf::from(url.trim_start_matches("/media/")),
                out.join(largest.src.trim_start_matches('/')),
            ))
        })
        .collect();
    let pictures = Pictures::new(&outcome.images);
    Ok(Published { pictures, photos, decoded: outcome.decoded, touched, print })
}

/// What `estate check` learns of the photos: those the image stage would refuse, and each
/// photo's fingerprint.
#[derive(Debug, Default)]
pub struct Checked {
    pub diagnostics: Vec<Diagnostic>,
    /// Each photo's fingerprint by its content path (`media/properties/a.jpg`).
    pub prints: HashMap<String, Vec<u64>>,
    /// How many photos were decoded (none after a build: their fingerprints are in the cache).
    pub decoded: usize,
}

/// The photos the image stage would refuse, reported where the build reports them (at each
/// reference in the content, else at the file), for `estate check`: a photo whose header is sound
/// but whose data is cut short or corrupt (an HTML page behind a JPEG's first bytes); and every
/// photo's fingerprint. The stage's own shortcuts decide what is read again: a photo its index
/// knows unchanged, or whose bytes its cache holds, was decoded by a build already, which kept
/// its fingerprint; only the others are decoded, in parallel. Files whose first bytes are no
/// photo, and images over the pixel limit, are the content check's errors already (a build
/// stops on those before this stage).
pub fn check(content: &Path) -> Checked {
    let media = content.join("media");
    let cache = cache_dir(content);
    let index = Index::open(&cache, &media);
    type Seen = (String, Result<(Vec<u64>, bool), BadImage>);
    let seen: Vec<Seen> = raster_sources(&media)
        .into_par_iter()
        .filter_map(|source| {
            let relative =
                source.strip_prefix(&media).unwrap_or(&source).to_string_lossy().replace('\\', "/");
            let known = index.known(&relative, image_index::stamp(&source)).and_then(|k| k.print.clone());
            if let Some(Print(print)) = known {
                return Some((relative, Ok((print, false))));
            }
            let bytes = safe_fs::read_regular(&source).ok()?;
            raster::photo_extension(&bytes)?;
            if let Some(Meta { print: Some(Print(print)), .. }) = cached_meta(&cache.join(key(&bytes))) {
                return Some((relative, Ok((print, false))));
            }
            match decode(&bytes) {
                Ok(image) => Some((relative, Ok((print_of(&image).map(|p| p.0).unwrap_or_default(), true)))),
                Err(reason) if reason.starts_with("too large:") => None,
                Err(reason) => Some((relative, Err(BadImage { file: source, reason }))),
            }
        })
        .collect();
    let mut checked = Checked::default();
    let mut bad = Vec::new();
    for (relative, result) in seen {
        match result {
            Ok((print, decoded)) => {
                checked.decoded += usize::from(decoded);
                checked.prints.insert(format!("media/{relative}"), print);
            }
            Err(refused) => bad.push(refused),
        }
    }
    bad.sort_by(|a, b| a.file.cmp(&b.file));
    checked.diagnostics = bad.iter().flat_map(|bad| locate(content, bad)).collect();
    checked
}

/// An error at each YAML or markdown reference to the refused file (`file:line:col: image
/// `media/x.jpg`: reason`), or at the file itself when no content names it.
fn locate(content: &Path, bad: &BadImage) -> Vec<Diagnostic> {
    let relative = bad.file.strip_prefix(content).unwrap_or(&bad.file).to_string_lossy().replace('\\', "/");
    let message = format!("image `{relative}`: {}", bad.reason);
    let mut places = Vec::new();
    for entry in walkdir::WalkDir::new(content).into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if !matches!(path.extension().and_then(|e| e.to_str()), Some("yaml" | "yml" | "md")) {
            continue;
        }
        let Ok(text) = safe_fs::read_regular(path).map(String::from_utf8) else { continue };
        let Ok(text) = text else { continue };
        for (number, line) in text.lines().enumerate() {
            if let Some(column) = line.find(relative.as_str()) {
                // A leading slash belongs to the reference too.
                let column = if line[..column].ends_with('/') { column - 1 } else { column };
                let col = line[..column].chars().count() + 1;
                let pos = Pos {
                    line: u32::try_from(number + 1).unwrap_or(u32::MAX),
                    col: u32::try_from(col).unwrap_or(u32::MAX),
                };
                places.push(Diagnostic::error(path, pos, message.clone()));
            }
        }
    }
    if places.is_empty() {
        places.push(Diagnostic::error(&bad.file, Pos::START, bad.reason.clone()));
    }
    places
}

#[path = "image_index.rs"]
mod image_index;
use image_index::{Index, Indexed, Print};

/// The sizes of the photos the image stage has seen as they are now (its index in the cache of
/// a content folder), for what judges photos without decoding them again.
pub struct KnownSizes {
    index: Index,
    media: PathBuf,
}

impl KnownSizes {
    pub fn open(content: &Path) -> KnownSizes {
        let media = content.join("media");
        KnownSizes { index: Index::open(&cache_dir(content), &media), media }
    }

    /// The (width, height) of a content path (`media/properties/x.jpg`), when known.
    pub fn of(&self, photo: &str) -> Option<(u32, u32)> {
        let relative = photo.strip_prefix("media/")?;
        let entry = self.index.known(relative, image_index::stamp(&self.media.join(relative)))?;
        Some((entry.info.width, entry.info.height))
    }
}

#[cfg(test)]
#[path = "images_tests.rs"]
mod tests;
