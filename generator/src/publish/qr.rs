//! The QR codes of the listings' permit links (Dubai's advertising rules ask for one on each
//! listing's page): `data/qr/{key}.svg`, drawn by the page stage (`pipeline`) beside the build
//! of the pages.
//!
//! A QR code is named by a hash of the link it encodes (`qr_key`), so a file of that name holds
//! that link's code whichever build wrote it: a rebuild keeps the codes already in the output
//! and draws only new links' (drawing one costs ~75 µs, the most expensive step per listing),
//! and the CDN may cache them for good. With a page cache (`estate build --cache`) the codes are
//! kept there too (`qr-{version}/`, the version a hash of a drawing, so a change to how codes are
//! drawn starts a new folder): a build into a fresh output folder, as CI's, links them back
//! instead of drawing 10,000 again.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::hash::Hasher as _;
use std::path::{Path, PathBuf};

use contract::{ApiProperty, files};
use fast_qr::{ECL, QRBuilder};
use rayon::prelude::*;

/// Modules of white space around a QR code: the minimum its standard asks for.
const QUIET_ZONE: usize = 4;

/// The permit links of `properties`, each once however many listings share it: the links
/// whose QR codes the pages show.
pub fn permit_links(properties: &[std::sync::Arc<ApiProperty>]) -> Vec<String> {
    let mut seen = HashSet::new();
    properties
        .iter()
        .filter_map(|p| p.permit_url.as_deref())
        .filter(|url| seen.insert(*url))
        .map(str::to_owned)
        .collect()
}

/// Where the QR code of `link` goes, relative to the output folder (`contract::files::qr_code`).
pub fn qr_path(link: &str) -> PathBuf {
    crate::publish::file(&files::qr_code(&qr_key(link)))
}

/// What a QR code needs written into the output.
enum Code {
    /// Nothing: a whole drawing is there.
    There,
    /// A link to (or a copy of) the page cache's drawing.
    Cached(PathBuf),
    Drawn(String),
}

/// Writes the QR code of each of `links` into the output folder `out`, keeping the drawings an
/// earlier build left there, taking those the page cache `cache` holds and keeping there those
/// it draws. Returns each code's file, and whether this call wrote it (false: it was there).
pub fn write_qr_codes(
    links: &[String],
    out: &Path,
    cache: Option<&Path>,
) -> std::io::Result<Vec<(PathBuf, bool)>> {
    let Some(first) = links.first() else { return Ok(Vec::new()) };
    if let Some(dir) = out.join(qr_path(first)).parent() {
        std::fs::create_dir_all(dir)?;
    }
    // A cache that cannot be made is not used.
    let kept = cache.map(cache_folder).filter(|dir| std::fs::create_dir_all(dir).is_ok());
    let codes: Vec<(PathBuf, Code)> = links
        .par_iter()
        .filter_map(|url| {
            let path = out.join(qr_path(url));
            if is_drawn(&path) {
                return Some((path, Code::There));
            }
            let copy = kept.as_ref().map(|dir| dir.join(format!("{}.svg", qr_key(url))));
            if let Some(copy) = copy.filter(|copy| is_drawn(copy)) {
                return Some((path, Code::Cached(copy)));
            }
            // A link too long for a QR code has none: the page shows the permit number alone.
            qr_svg(url).map(|svg| (path, Code::Drawn(svg)))
        })
        .collect();
    let failed = |path: &Path| {
        let path = path.display().to_string();
        move |e: std::io::Error| std::io::Error::new(e.kind(), format!("cannot write {path}: {e}"))
    };
    // One file after the other: threads creating files in one folder contend for its lock.
    // Each into a new file: the one there (a cut drawing) may be linked to the cache's.
    for (path, code) in &codes {
        match code {
            Code::There => {}
            Code::Cached(copy) => {
                let _ = std::fs::remove_file(path);
                if std::fs::hard_link(copy, path).is_err() {
                    std::fs::copy(copy, path).map_err(failed(path))?;
                }
            }
            Code::Drawn(svg) => {
                let _ = std::fs::remove_file(path);
                std::fs::write(path, svg).map_err(failed(path))?;
                if let Some(dir) = &kept {
                    keep(path, &dir.join(path.file_name().unwrap_or_default()));
                }
            }
        }
    }
    Ok(codes.into_iter().map(|(path, code)| (path, !matches!(code, Code::There))).collect())
}

/// The page cache's folder of QR codes, named by a hash of a drawing: codes drawn another way
/// are never taken for this version's.
fn cache_folder(cache: &Path) -> PathBuf {
    let drawing = qr_svg("https://example.com/qr-version").unwrap_or_default();
    cache.join(format!("qr-{}", &qr_key(&drawing)[..8]))
}

/// Keeps the code just written at `path` in the cache as `copy`: a hard link where the file
/// system allows (no code is ever written over in place, in the output or the cache), else a
/// copy, written whole under another name first. A cache that cannot be written is left as it is.
fn keep(path: &Path, copy: &Path) {
    let _ = std::fs::remove_file(copy);
    if std::fs::hard_link(path, copy).is_ok() {
        return;
    }
    let part = copy.with_extension("svg.part");
    if std::fs::copy(path, &part).is_ok() {
        let _ = std::fs::rename(&part, copy);
    }
}

/// The name of the QR code of `link`: FNV-1a, a fixed algorithm, so the same link has the same
/// name in every build and every version of Rust (std's hasher promises neither).
pub fn qr_key(link: &str) -> String {
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(link.as_bytes());
    format!("{:016x}", hasher.finish())
}

/// Whether `path` holds a whole QR drawing (an interrupted write leaves a cut one: redrawn).
fn is_drawn(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|bytes| bytes.starts_with(b"<svg") && bytes.ends_with(b"</svg>\n"))
}

/// The QR code of `text` as a small SVG: a white square and one stroked path with a line for
/// each run of dark modules (`M x y.5 h run` for a row's first, `m gap 0 h run` after it),
/// about half the bytes of a rectangle per run. `None` when the text is too long.
pub fn qr_svg(text: &str) -> Option<String> {
    // fast_qr rather than qrcode: the same standard code (mask chosen by the penalty rules) in a
    // fraction of the time, which matters with a code per listing.
    let code = QRBuilder::new(text).ecl(ECL::M).build().ok()?;
    let width = code.size;
    let size = width + 2 * QUIET_ZONE;
    let mut path = String::with_capacity(width * width / 2);
    for (y, row) in code.data[..width * width].chunks(width).enumerate() {
        // Where the pen is after the row's last run; None before the row's first.
        let mut pen: Option<usize> = None;
        let mut x = 0;
        while x < width {
            if !row[x].value() {
                x += 1;
                continue;
            }
            let start = x;
            while x < width && row[x].value() {
                x += 1;
            }
            let run = x - start;
            let _ = match pen {
                None => write!(path, "M{} {}.5h{run}", start + QUIET_ZONE, y + QUIET_ZONE),
                Some(end) => write!(path, "m{} 0h{run}", start - end),
            };
            pen = Some(x);
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/><path stroke=\"#000\" d=\"{path}\"/></svg>\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::MainCategory;

    use crate::publish::detail::tests::{arcs, listing};

    #[test]
    fn qr_codes_are_drawn_once_per_link_and_kept_by_later_builds() {
        const PERMIT: &str = "https://trakheesi.dubailand.gov.ae/rev/qr/7124581930";
        let mut properties = vec![
            listing("x", MainCategory::Residential, None, None),
            listing("y", MainCategory::Residential, None, None),
            listing("z", MainCategory::Rental, None, None),
        ];
        properties[0].permit_url = Some(PERMIT.into());
        properties[2].permit_url = Some(PERMIT.into());
        let properties = arcs(properties);
        let out = tempfile::tempdir().unwrap();
        let qr = out.path().join(qr_path(PERMIT));
        assert_eq!(qr, out.path().join(format!("data/qr/{}.svg", qr_key(PERMIT))));
        let links = permit_links(&properties);
        assert_eq!(links, [PERMIT]);
        assert_eq!(write_qr_codes(&links, out.path(), None).unwrap(), vec![(qr.clone(), true)]);
        assert_eq!(std::fs::read_dir(out.path().join("data/qr")).unwrap().count(), 1);
        let drawn = std::fs::read_to_string(&qr).unwrap();
        assert_eq!(drawn, qr_svg(PERMIT).unwrap());

        // A later build keeps a whole drawing (the mark shows it was not rewritten)...
        let marked = drawn.replace("<svg ", "<svg data-kept=\"1\" ");
        std::fs::write(&qr, &marked).unwrap();
        assert_eq!(write_qr_codes(&links, out.path(), None).unwrap(), vec![(qr.clone(), false)]);
        assert_eq!(std::fs::read_to_string(&qr).unwrap(), marked);
        // ...and redraws one an interrupted write cut short.
        std::fs::write(&qr, &drawn[..100]).unwrap();
        write_qr_codes(&links, out.path(), None).unwrap();
        assert_eq!(std::fs::read_to_string(&qr).unwrap(), drawn);
        // No permit links, no folder.
        let none = tempfile::tempdir().unwrap();
        assert!(permit_links(&properties[1..2]).is_empty());
        assert!(write_qr_codes(&[], none.path(), None).unwrap().is_empty());
        assert!(!none.path().join("data").exists());
    }

    #[test]
    fn a_fresh_output_takes_the_codes_the_page_cache_kept() {
        const PERMIT: &str = "https://trakheesi.dubailand.gov.ae/rev/qr/7124581930";
        let links = vec![PERMIT.to_owned()];
        let cache = tempfile::tempdir().unwrap();
        let first = tempfile::tempdir().unwrap();
        let qr = qr_path(PERMIT);
        assert_eq!(
            write_qr_codes(&links, first.path(), Some(cache.path())).unwrap(),
            [(first.path().join(&qr), true)]
        );
        let kept = cache_folder(cache.path()).join(format!("{}.svg", qr_key(PERMIT)));
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), qr_svg(PERMIT).unwrap());

        // A later build into a new folder takes the cache's drawing (marked here) instead of drawing.
        let marked = qr_svg(PERMIT).unwrap().replace("<svg ", "<svg data-kept=\"1\" ");
        std::fs::remove_file(&kept).unwrap();
        std::fs::write(&kept, &marked).unwrap();
        let second = tempfile::tempdir().unwrap();
        assert_eq!(
            write_qr_codes(&links, second.path(), Some(cache.path())).unwrap(),
            [(second.path().join(&qr), true)]
        );
        assert_eq!(std::fs::read_to_string(second.path().join(&qr)).unwrap(), marked);

        // A cut drawing in the cache is drawn again, and the cache's copy mended.
        std::fs::remove_file(&kept).unwrap();
        std::fs::write(&kept, &marked[..100]).unwrap();
        let third = tempfile::tempdir().unwrap();
        write_qr_codes(&links, third.path(), Some(cache.path())).unwrap();
        assert_eq!(std::fs::read_to_string(third.path().join(&qr)).unwrap(), qr_svg(PERMIT).unwrap());
        assert_eq!(std::fs::read_to_string(&kept).unwrap(), qr_svg(PERMIT).unwrap());
        // ... and what the earlier outputs hold is untouched.
        assert_eq!(std::fs::read_to_string(second.path().join(&qr)).unwrap(), marked);
    }

    #[test]
    fn qr_keys_are_stable_and_differ_per_link() {
        // FNV-1a 64 of "a" is a published test vector: the key may never change between builds.
        assert_eq!(qr_key("a"), "af63dc4c8601ec8c");
        assert_ne!(qr_key("https://x.ae/1"), qr_key("https://x.ae/2"));
    }

    /// The dark modules of a `qr_svg` drawing, read back from its path into a grid of
    /// `size` × `size` modules: `M x y.5` moves to a row, `m dx 0` along it, `h n` draws n.
    fn modules_of(svg: &str) -> (usize, Vec<bool>) {
        let view = svg.split("viewBox=\"0 0 ").nth(1).unwrap();
        let size: usize = view[..view.find(' ').unwrap()].parse().unwrap();
        let mut grid = vec![false; size * size];
        let path = svg.split(" d=\"").nth(1).unwrap();
        let path = &path[..path.find('"').unwrap()];
        let (mut x, mut y) = (0, 0);
        let mut rest = path;
        while let Some(command) = rest.chars().next() {
            let end = rest[1..].find(char::is_alphabetic).map_or(rest.len(), |i| i + 1);
            let numbers: Vec<&str> = rest[1..end].split(' ').collect();
            match command {
                'M' => {
                    (x, y) = (numbers[0].parse().unwrap(), numbers[1].trim_end_matches(".5").parse().unwrap())
                }
                'm' => x += numbers[0].parse::<usize>().unwrap(),
                'h' => {
                    let run: usize = numbers[0].parse().unwrap();
                    grid[y * size + x..y * size + x + run].fill(true);
                    x += run;
                }
                other => panic!("unexpected path command {other}"),
            }
            rest = &rest[end..];
        }
        (size, grid)
    }

    #[test]
    fn the_qr_svg_scans_back_to_its_text() {
        for text in
            ["https://trakheesi.dubailand.gov.ae/rev/qr/7124581930", "71245819", "https://x.ae/?q=ä&b=1"]
        {
            let svg = qr_svg(text).unwrap();
            let (size, grid) = modules_of(&svg);
            // A real decoder reads the drawing, scaled to 4 pixels a module, quiet zone included.
            const SCALE: usize = 4;
            let mut image =
                rqrr::PreparedImage::prepare_from_greyscale(size * SCALE, size * SCALE, |x, y| {
                    if grid[(y / SCALE) * size + x / SCALE] { 0 } else { 255 }
                });
            let grids = image.detect_grids();
            assert_eq!(grids.len(), 1, "one code found in the drawing of {text}");
            let (_, decoded) = grids[0].decode().unwrap();
            assert_eq!(decoded, text);
            assert!(svg.contains(&format!("<rect width=\"{size}\" height=\"{size}\"")));
        }
        assert!(qr_svg(&"x".repeat(5000)).is_none());
    }
}
