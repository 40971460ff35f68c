//! The QR codes of the listings' permit links (Dubai's advertising rules ask for one on each
//! listing's page): `data/qr/{key}.svg`, drawn by the page stage (`pipeline`) beside the build
//! of the pages.
//!
//! A QR code is named by a hash of the link it encodes (`qr_key`), so a file of that name holds
//! that link's code whichever build wrote it: a rebuild keeps the codes already in the output
//! and draws only new links' (drawing one costs ~75 µs, the most expensive step per listing),
//! and the CDN may cache them for good.

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

/// Writes the QR code of each of `links` into the output folder `out`, keeping the drawings an
/// earlier build left there. Returns each code's file, and whether this call drew it (false: it
/// was there).
pub fn write_qr_codes(links: &[String], out: &Path) -> std::io::Result<Vec<(PathBuf, bool)>> {
    let Some(first) = links.first() else { return Ok(Vec::new()) };
    if let Some(dir) = out.join(qr_path(first)).parent() {
        std::fs::create_dir_all(dir)?;
    }
    let codes: Vec<(PathBuf, Option<String>)> = links
        .par_iter()
        .filter_map(|url| {
            let path = out.join(qr_path(url));
            if is_drawn(&path) {
                return Some((path, None));
            }
            // A link too long for a QR code has none: the page shows the permit number alone.
            qr_svg(url).map(|svg| (path, Some(svg)))
        })
        .collect();
    // One file after the other: threads creating files in one folder contend for its lock.
    for (path, svg) in &codes {
        if let Some(svg) = svg {
            std::fs::write(path, svg).map_err(|e| {
                std::io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
            })?;
        }
    }
    Ok(codes.into_iter().map(|(path, svg)| (path, svg.is_some())).collect())
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
        assert_eq!(write_qr_codes(&links, out.path()).unwrap(), vec![(qr.clone(), true)]);
        assert_eq!(std::fs::read_dir(out.path().join("data/qr")).unwrap().count(), 1);
        let drawn = std::fs::read_to_string(&qr).unwrap();
        assert_eq!(drawn, qr_svg(PERMIT).unwrap());

        // A later build keeps a whole drawing (the mark shows it was not rewritten)...
        let marked = drawn.replace("<svg ", "<svg data-kept=\"1\" ");
        std::fs::write(&qr, &marked).unwrap();
        assert_eq!(write_qr_codes(&links, out.path()).unwrap(), vec![(qr.clone(), false)]);
        assert_eq!(std::fs::read_to_string(&qr).unwrap(), marked);
        // ...and redraws one an interrupted write cut short.
        std::fs::write(&qr, &drawn[..100]).unwrap();
        write_qr_codes(&links, out.path()).unwrap();
        assert_eq!(std::fs::read_to_string(&qr).unwrap(), drawn);
        // No permit links, no folder.
        let none = tempfile::tempdir().unwrap();
        assert!(permit_links(&properties[1..2]).is_empty());
        assert!(write_qr_codes(&[], none.path()).unwrap().is_empty());
        assert!(!none.path().join("data").exists());
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
