//! What a file under `content/media/` is, told by its bytes, never by its name: only photos
//! (JPEG, PNG, WebP, which the image stage decodes and encodes again), SVG drawings (published
//! as `svg::sanitise` writes them again), videos (MP4, WebM) and map tiles (PMTiles) are
//! published. Anything else, HTML, a script, a style sheet, or a file whose bytes are not what
//! its name says, is refused at its path; a file with a second name (a hard link) is refused as
//! a symbolic link is, since what it is can change through its other name.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{LazyLock, Mutex};

use super::svg;

/// The kinds of file the site publishes from `media/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Photo,
    Svg,
    Video,
    MapTiles,
}

impl Kind {
    /// The kind a file name promises, by its extension.
    pub fn by_name(path: &Path) -> Option<Kind> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "jpg" | "jpeg" | "png" | "webp" => Kind::Photo,
            "svg" => Kind::Svg,
            "mp4" | "webm" => Kind::Video,
            "pmtiles" => Kind::MapTiles,
            _ => return None,
        })
    }

    /// The kind the first bytes of a file show, if it is one the site publishes. An SVG is
    /// only a candidate here: [`svg::sanitise`] decides.
    pub fn by_bytes(head: &[u8]) -> Option<Kind> {
        if raster::photo_extension(head).is_some() {
            return Some(Kind::Photo);
        }
        // MP4 and QuickTime: a box named `ftyp` first (but not a HEIC or AVIF photo's, which
        // starts so too); WebM: an EBML header.
        if (head.get(4..8) == Some(b"ftyp") && !is_heif(head)) || head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3])
        {
            return Some(Kind::Video);
        }
        if head.starts_with(b"PMTiles") {
            return Some(Kind::MapTiles);
        }
        let text = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let start = text.iter().position(|b| !b.is_ascii_whitespace()).map_or(&[][..], |at| &text[at..]);
        let lower: Vec<u8> = start.iter().take(64).map(u8::to_ascii_lowercase).collect();
        if lower.starts_with(b"<svg")
            || lower.starts_with(b"<?xml")
            || lower.starts_with(b"<!doctype svg")
            || lower.starts_with(b"<!--")
        {
            return Some(Kind::Svg);
        }
        None
    }

    /// The kind in an editor's words.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Photo => "a photo (JPEG, PNG or WebP)",
            Kind::Svg => "an SVG drawing",
            Kind::Video => "a video (MP4 or WebM)",
            Kind::MapTiles => "a map tile archive (PMTiles)",
        }
    }
}

/// Whether `head` starts a HEIC or AVIF photo (an iPhone's, a Mac's): an ISO `ftyp` box as a
/// video's, with an image brand. Not every browser shows them, and the image stage does not
/// read them.
fn is_heif(head: &[u8]) -> bool {
    const BRANDS: [&[u8]; 12] = [
        b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"hevm", b"hevs", b"mif1", b"msf1", b"avif",
        b"avis",
    ];
    head.get(4..8) == Some(b"ftyp") && head.get(8..12).is_some_and(|brand| BRANDS.contains(&brand))
}

/// How many bytes [`Kind::by_bytes`] looks at.
pub const HEAD: usize = 64;

/// What a file's bytes look like when they are none of the kinds, for the error.
fn looks_like(head: &[u8]) -> &'static str {
    let lower: Vec<u8> = head.iter().map(u8::to_ascii_lowercase).collect();
    let has = |s: &[u8]| lower.windows(s.len()).any(|w| w == s);
    if head.starts_with(b"GIF8") {
        "a GIF image"
    } else if head.starts_with(b"%PDF") {
        "a PDF document"
    } else if has(b"<html") || has(b"<!doctype html") || has(b"<script") || has(b"<head") || has(b"<body") {
        "HTML"
    } else if std::str::from_utf8(head).is_ok() || head.is_empty() {
        "text (such as a script or a style sheet)"
    } else {
        "of a type the site does not publish"
    }
}

/// A media file the site will not publish, and why, in an editor's words (the path is the
/// diagnostic's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl Refusal {
    fn whole(message: String) -> Self {
        Refusal { line: 1, col: 1, message }
    }
}

/// The end of every refusal: what `media/` may hold.
const ALLOWED: &str =
    "media/ holds photos (JPEG, PNG, WebP), SVG logos, videos (MP4, WebM) and map tiles (PMTiles)";

/// Decides a media file named `path` from its first bytes (`head`, up to [`HEAD`]) and, for an
/// SVG, all of them (`whole`, read only when asked for). Returns its kind, and for an SVG the
/// drawing to publish.
pub fn classify(
    path: &Path,
    head: &[u8],
    whole: impl FnOnce() -> std::io::Result<Vec<u8>>,
) -> Result<(Kind, Option<String>), Refusal> {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    if is_heif(head) {
        // Whatever its name says: the one way to publish it is as a JPEG.
        return Err(Refusal::whole(format!(
            "`{name}` is not published: it is a HEIC photo (an iPhone's own format), which the site cannot show; save it as JPEG and upload that instead (on an iPhone, Settings, Camera, Formats, Most Compatible takes photos as JPEG)"
        )));
    }
    let by_bytes = Kind::by_bytes(head);
    let Some(named) = Kind::by_name(path) else {
        let what = by_bytes.map_or_else(|| looks_like(head), Kind::words);
        return Err(Refusal::whole(format!(
            "`{name}` is not published: its bytes are {what}, and files named like it are not; {ALLOWED}"
        )));
    };
    let Some(found) = by_bytes else {
        return Err(Refusal::whole(format!(
            "`{name}` is named as {} but its bytes are {}: {ALLOWED}, each as its name says",
            named.words(),
            looks_like(head)
        )));
    };
    if found != named {
        return Err(Refusal::whole(format!(
            "`{name}` is named as {} but its bytes are {}: rename it, or save it again as what its name says",
            named.words(),
            found.words()
        )));
    }
    if found != Kind::Svg {
        return Ok((found, None));
    }
    let bytes = whole().map_err(|e| Refusal::whole(format!("`{name}` cannot be read: {e}")))?;
    match svg::sanitise(&bytes) {
        Ok(clean) => Ok((Kind::Svg, Some(clean))),
        Err(problem) => Err(Refusal {
            line: problem.line,
            col: problem.col,
            message: format!("`{name}` is not published: {}", problem.message),
        }),
    }
}

/// Whether the file with metadata `meta` has more than one name (a hard link), where the
/// platform says so.
pub fn has_other_names(meta: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        meta.nlink() > 1
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        false
    }
}

/// The message for a hard-linked media file.
pub fn hard_link_message(path: &Path) -> String {
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    format!(
        "`{name}` is a hard link (the same file has another name, which could be outside content/): put a copy of the file itself here (an old build's output folder may hold the other name: delete that folder)"
    )
}

/// Reads the first [`HEAD`] bytes of the regular file at `path` (not following a link, not
/// waiting on a pipe).
pub fn read_head(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let mut head = Vec::with_capacity(HEAD);
    super::safe_fs::open_regular(path)?.take(HEAD as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// Reads the whole regular file at `path`, refusing one larger than `limit` before reading it.
pub fn read_bounded(path: &Path, limit: usize) -> std::io::Result<Vec<u8>> {
    use std::io::Read as _;
    let file = super::safe_fs::open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Checks a video's or a map archive's structure through to its end (`containers`), so that
/// one whose first bytes are followed by a page or anything else is refused.
fn structure(path: &Path, head: &[u8], kind: Kind) -> Result<(), Refusal> {
    let check: fn(&mut std::fs::File, u64) -> Result<(), String> = match kind {
        Kind::Video if head.get(4..8) == Some(b"ftyp") => super::containers::mp4,
        Kind::Video => super::containers::webm,
        Kind::MapTiles => super::containers::pmtiles,
        Kind::Photo | Kind::Svg => return Ok(()),
    };
    let name = path.file_name().map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut file = super::safe_fs::open_regular(path)
        .map_err(|e| Refusal::whole(format!("`{name}` cannot be read: {e}")))?;
    let len = file.metadata().map_err(|e| Refusal::whole(format!("`{name}` cannot be read: {e}")))?.len();
    check(&mut file, len).map_err(|why| {
        Refusal::whole(format!(
            "`{name}` is not published: it starts as {} but is not one through to its end: {why}; export or save it again",
            kind.words()
        ))
    })
}

/// What was decided about a media file, and the file's size, time, inode and links then.
type Stamp = (u64, Option<std::time::SystemTime>, u64, u64);
pub type Decided = Result<Kind, Refusal>;

/// The decisions of this process by path, kept while the file's stamp holds: `estate serve`
/// checks the content on every edit, and reading every photo's first bytes each time would
/// cost an edit of a site with 80,000 photos most of its time.
static DECIDED: LazyLock<Mutex<HashMap<PathBuf, (Stamp, Decided)>>> = LazyLock::new(Mutex::default);

fn stamp(meta: &std::fs::Metadata) -> Stamp {
    #[cfg(unix)]
    let (inode, links) = {
        use std::os::unix::fs::MetadataExt;
        (meta.ino(), meta.nlink())
    };
    #[cfg(not(unix))]
    let (inode, links) = (0, 1);
    (meta.len(), meta.modified().ok(), inode, links)
}

/// Decides one media file at `path` (already known to be a regular file with `meta`).
pub fn decide(path: &Path, meta: &std::fs::Metadata) -> Decided {
    if has_other_names(meta) {
        return Err(Refusal { line: 1, col: 1, message: hard_link_message(path) });
    }
    let now = stamp(meta);
    if let Some((then, decided)) = DECIDED.lock().ok().and_then(|memo| memo.get(path).cloned())
        && then == now
    {
        return decided;
    }
    let refusal = |e: std::io::Error| Refusal { line: 1, col: 1, message: format!("cannot be read: {e}") };
    let decided = read_head(path).map_err(refusal).and_then(|head| {
        let (kind, _) = classify(path, &head, || read_bounded(path, svg::MAX_BYTES))?;
        structure(path, &head, kind)?;
        Ok(kind)
    });
    if let Ok(mut memo) = DECIDED.lock() {
        memo.insert(path.to_path_buf(), (now, decided.clone()));
    }
    decided
}

/// The files under `media` that the site would publish, as regular files with their metadata
/// (links are never followed, and `estate check` reports them as links; hidden files such as
/// `.gitkeep` are never published, nor errors), and what is not a regular file.
pub fn files(media: &Path) -> Vec<(PathBuf, Option<std::fs::Metadata>)> {
    if !super::safe_fs::is_real_dir(media) {
        return Vec::new();
    }
    walkdir::WalkDir::new(media)
        .min_depth(1)
        .into_iter()
        .filter_entry(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .filter_map(Result::ok)
        .filter(|e| !e.path_is_symlink() && !e.file_type().is_dir())
        .map(|e| {
            let meta = e.path().symlink_metadata().ok().filter(std::fs::Metadata::is_file);
            (e.into_path(), meta)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decide(name: &str, bytes: &[u8]) -> Result<Kind, String> {
        classify(Path::new(name), &bytes[..bytes.len().min(HEAD)], || Ok(bytes.to_vec()))
            .map(|(kind, _)| kind)
            .map_err(|r| r.message)
    }

    #[test]
    fn kinds_are_told_by_bytes_and_must_match_the_name() {
        assert_eq!(decide("a.jpg", &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Ok(Kind::Photo));
        // A PNG named .jpg is still a photo: the image stage encodes it again either way.
        assert_eq!(decide("a.jpg", b"\x89PNG\r\n\x1a\n...."), Ok(Kind::Photo));
        assert_eq!(decide("a.mp4", b"\0\0\0\x20ftypisom"), Ok(Kind::Video));
        assert_eq!(decide("a.webm", &[0x1A, 0x45, 0xDF, 0xA3, 1]), Ok(Kind::Video));
        assert_eq!(decide("a.pmtiles", b"PMTiles\x03"), Ok(Kind::MapTiles));
        assert_eq!(decide("a.svg", br#"<svg xmlns="http://www.w3.org/2000/svg"/>"#), Ok(Kind::Svg));

        let html = decide("x.html", b"<html><script src=\"/media/x.js\"></script></html>").unwrap_err();
        assert!(html.starts_with("`x.html` is not published: its bytes are HTML"), "{html}");
        let js = decide("x.js", b"alert(document.cookie)").unwrap_err();
        assert!(js.contains("its bytes are text (such as a script or a style sheet)"), "{js}");
        let css = decide("x.css", b"body{background:url(x)}").unwrap_err();
        assert!(css.contains("files named like it are not"), "{css}");
        let disguised = decide("x.jpg", b"<!doctype html><script>alert(1)</script>").unwrap_err();
        assert!(
            disguised.contains("named as a photo (JPEG, PNG or WebP) but its bytes are HTML"),
            "{disguised}"
        );
        let svg_as_png = decide("x.png", br#"<svg xmlns="http://www.w3.org/2000/svg"/>"#).unwrap_err();
        assert!(svg_as_png.contains("its bytes are an SVG drawing: rename it"), "{svg_as_png}");
        let gif = decide("x.jpg", b"GIF89a....").unwrap_err();
        assert!(gif.contains("its bytes are a GIF image"), "{gif}");
        let html_as_svg = decide("x.svg", b"<html><body onload=alert(1)>").unwrap_err();
        assert!(html_as_svg.contains("its bytes are HTML"), "{html_as_svg}");
        // An iPhone's photo, HEIC, starts as an MP4 video does: refused whatever its name, with
        // what to do, not published as a video when named .mp4.
        let heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic";
        for name in ["IMG_4521.HEIC", "IMG_4521.jpg", "IMG_4521.mp4"] {
            let refused = decide(name, heic).unwrap_err();
            assert!(refused.contains("is a HEIC photo") && refused.contains("save it as JPEG"), "{refused}");
            assert!(!refused.contains("video"), "{refused}");
        }
        assert!(decide("a.mp4", b"\0\0\0\x1cftypavif\0\0\0\0mif1avif").is_err());
        let xml_html = decide("x.svg", b"<?xml version=\"1.0\"?><html/>").unwrap_err();
        assert!(xml_html.contains("its first element is `<html>`"), "{xml_html}");
    }
}
