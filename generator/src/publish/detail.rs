//! What the property pages need beyond the spec's `GET /api/properties/{id}`, computed at build
//! time because the generator sees every listing at once:
//!
//! | file                      | what                                                            |
//! |---------------------------|-----------------------------------------------------------------|
//! | `data/detail/{id}.json`   | `{"similar": [card, ...], "qr": "/data/qr/{key}.svg" or null}`  |
//! | `data/qr/{key}.svg`       | the QR code of the listing's permit link (Dubai advertising rules) |
//!
//! A QR code is named by a hash of the link it encodes (`qr_key`), so a file of that name holds
//! that link's code whichever build wrote it: a rebuild keeps the codes already in the output
//! and draws only new links' (drawing one costs ~75 µs, the most expensive step per listing),
//! and the CDN may cache them for good.
//!
//! 'Similar properties' are up to three listings of the same main category: first those in the
//! same community, nearest in price, then the nearest in price in the whole category. Each
//! category is sorted once, and each listing's neighbours are found by walking outwards from
//! its own place in the sorted lists, so the whole is O(n log n) however large the catalogue.

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::hash::Hasher as _;
use std::path::{Path, PathBuf};

use contract::detail::Detail;
use contract::{ApiProperty, MainCategory};
use fast_qr::{ECL, QRBuilder};
use rayon::prelude::*;

use crate::publish::listings::card;

/// How many similar listings a property page shows.
pub const SIMILAR: usize = 3;

/// Modules of white space around a QR code: the minimum its standard asks for.
const QUIET_ZONE: usize = 4;

/// The detail file of each of `properties`, to be written under `data` (`dist/data`).
pub fn files(properties: &[ApiProperty], data: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let similar = similar(properties);
    properties
        .par_iter()
        .zip(similar)
        .map(|(p, neighbours)| {
            let detail = Detail {
                similar: neighbours.iter().map(|&i| card(&properties[i])).collect(),
                qr: p.permit_url.as_deref().map(|url| format!("/data/qr/{}.svg", qr_key(url))),
            };
            let json = serde_json::to_vec(&detail).expect("detail records always serialise");
            (data.join("detail").join(format!("{}.json", p.id)), json)
        })
        .collect()
}

/// The permit links of `properties`, each once however many listings share it: the links
/// whose QR codes the pages show.
pub fn permit_links(properties: &[ApiProperty]) -> Vec<String> {
    let mut seen = HashSet::new();
    properties
        .iter()
        .filter_map(|p| p.permit_url.as_deref())
        .filter(|url| seen.insert(*url))
        .map(str::to_owned)
        .collect()
}

/// Where the QR code of `link` goes under `data` (`dist/data`).
pub fn qr_path(data: &Path, link: &str) -> PathBuf {
    data.join("qr").join(format!("{}.svg", qr_key(link)))
}

/// Writes the QR code of each of `links` into `data/qr`, keeping the drawings an earlier build
/// left there; returns the paths of all of them.
pub fn write_qr_codes(links: &[String], data: &Path) -> std::io::Result<Vec<PathBuf>> {
    if links.is_empty() {
        return Ok(Vec::new());
    }
    std::fs::create_dir_all(data.join("qr"))?;
    let codes: Vec<(PathBuf, Option<String>)> = links
        .par_iter()
        .filter_map(|url| {
            let path = qr_path(data, url);
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
    Ok(codes.into_iter().map(|(path, _)| path).collect())
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

/// Sort key of the price lists: priced listings from the cheapest, then those without a price,
/// ties by id so the result never depends on the input order.
fn price_order<'a>(properties: &'a [ApiProperty]) -> impl Fn(&usize, &usize) -> std::cmp::Ordering + 'a {
    move |&a, &b| {
        let (a, b) = (&properties[a], &properties[b]);
        (a.price.is_none(), a.price, &a.id).cmp(&(b.price.is_none(), b.price, &b.id))
    }
}

/// How far apart two listings are in price: the ratio, so AED 1M against 1.2M is as far as
/// 10M against 12M. Listings without a price are farther than any priced one.
fn price_distance(a: Option<u64>, b: Option<u64>) -> f64 {
    match (a, b) {
        (Some(a), Some(b)) => ((a.max(1) as f64).ln() - (b.max(1) as f64).ln()).abs(),
        (None, None) => 0.0,
        _ => f64::INFINITY,
    }
}

/// The community a listing is in, compared without case or surrounding space.
fn community(p: &ApiProperty) -> Option<String> {
    p.location.as_deref().map(|l| l.trim().to_lowercase()).filter(|l| !l.is_empty())
}

/// For each listing (by index), the indices of up to [`SIMILAR`] similar ones, best first.
pub fn similar(properties: &[ApiProperty]) -> Vec<Vec<usize>> {
    let order = price_order(properties);
    let mut categories: HashMap<MainCategory, Vec<usize>> = HashMap::new();
    let mut communities: HashMap<(MainCategory, String), Vec<usize>> = HashMap::new();
    for (i, p) in properties.iter().enumerate() {
        categories.entry(p.main_category).or_default().push(i);
        if let Some(place) = community(p) {
            communities.entry((p.main_category, place)).or_default().push(i);
        }
    }
    // Where each listing sits in its category's list and its community's list.
    let mut in_category = vec![(0, 0); properties.len()];
    let mut in_community = vec![None; properties.len()];
    let mut lists: Vec<Vec<usize>> = Vec::with_capacity(categories.len() + communities.len());
    for (is_community, list) in
        categories.into_values().map(|l| (false, l)).chain(communities.into_values().map(|l| (true, l)))
    {
        let mut list = list;
        list.sort_by(&order);
        let n = lists.len();
        for (pos, &i) in list.iter().enumerate() {
            if is_community {
                in_community[i] = Some((n, pos));
            } else {
                in_category[i] = (n, pos);
            }
        }
        lists.push(list);
    }
    (0..properties.len())
        .into_par_iter()
        .map(|i| {
            let mut picked = Vec::with_capacity(SIMILAR);
            if let Some((list, pos)) = in_community[i] {
                nearest(properties, &lists[list], pos, &mut picked);
            }
            let (list, pos) = in_category[i];
            nearest(properties, &lists[list], pos, &mut picked);
            picked
        })
        .collect()
}

/// Adds to `picked` the listings of `list` nearest in price to the one at `pos`, until it holds
/// [`SIMILAR`]. `list` is in price order, so the nearest are found by walking out both ways.
fn nearest(properties: &[ApiProperty], list: &[usize], pos: usize, picked: &mut Vec<usize>) {
    let target = properties[list[pos]].price;
    let (mut below, mut above) = (pos, pos + 1);
    while picked.len() < SIMILAR && (below > 0 || above < list.len()) {
        let down = (below > 0).then(|| price_distance(target, properties[list[below - 1]].price));
        let up = (above < list.len()).then(|| price_distance(target, properties[list[above]].price));
        // The cheaper side wins a tie.
        let candidate = match (down, up) {
            (Some(d), Some(u)) if u < d => {
                above += 1;
                list[above - 1]
            }
            (Some(_), _) => {
                below -= 1;
                list[below]
            }
            (None, _) => {
                above += 1;
                list[above - 1]
            }
        };
        if !picked.contains(&candidate) {
            picked.push(candidate);
        }
    }
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

    fn listing(id: &str, category: MainCategory, location: Option<&str>, price: Option<u64>) -> ApiProperty {
        ApiProperty {
            underscore_id: id.into(),
            id: id.into(),
            title: format!("Listing {id}"),
            main_category: category,
            sub_category: "Apartment".into(),
            images: vec![format!("/media/{id}.jpg")],
            location: location.map(str::to_owned),
            bedrooms: Some(2),
            area: Some(1000),
            price,
            featured: false,
            created_at: "2026-01-01T00:00:00+04:00".into(),
            description: String::new(),
            url: format!("/property/{id}"),
            bathrooms: None,
            price_period: None,
            reference: None,
            permit_number: None,
            permit_url: None,
            agent: None,
            developer: None,
            completion_date: None,
            payment_plan: vec![],
            amenities: vec![],
            coordinates: None,
            translations: Default::default(),
        }
    }

    fn ids(properties: &[ApiProperty], found: &[usize]) -> Vec<String> {
        found.iter().map(|&i| properties[i].id.clone()).collect()
    }

    #[test]
    fn same_community_first_then_nearest_price_in_the_category() {
        use MainCategory::*;
        let properties = vec![
            listing("a", Residential, Some("Dubai Marina"), Some(2_000_000)),
            listing("b", Residential, Some("dubai marina "), Some(9_000_000)),
            listing("c", Residential, Some("JLT"), Some(2_100_000)),
            listing("d", Residential, Some("Downtown"), Some(1_900_000)),
            listing("e", Residential, Some("Downtown"), Some(5_000_000)),
            listing("f", Rental, Some("Dubai Marina"), Some(2_000_000)),
            listing("g", Residential, None, None),
        ];
        let similar = similar(&properties);
        // b shares a's community; then c and d are the nearest prices (d is cheaper: ties go down,
        // but 2.1M is nearer 2M than 1.9M by ratio).
        assert_eq!(ids(&properties, &similar[0]), ["b", "c", "d"]);
        // Never itself, never another category, and the unpriced listing last of all.
        for (i, found) in similar.iter().enumerate() {
            assert!(!found.contains(&i));
            assert!(found.iter().all(|&j| properties[j].main_category == properties[i].main_category));
            assert!(found.len() <= SIMILAR);
        }
        assert!(similar[5].is_empty(), "the only rental has nothing similar");
        assert_eq!(ids(&properties, &similar[3]), ["e", "a", "c"]);
        assert_eq!(ids(&properties, &similar[6]), ["b", "e", "c"]);
    }

    #[test]
    fn neighbours_are_the_nearest_prices_on_both_sides() {
        let properties: Vec<ApiProperty> = (1..=20u64)
            .map(|n| {
                listing(&format!("p{n:02}"), MainCategory::OffPlan, Some("Dubai Hills"), Some(n * 100_000))
            })
            .collect();
        let similar = similar(&properties);
        assert_eq!(ids(&properties, &similar[9]), ["p11", "p09", "p12"]);
        assert_eq!(ids(&properties, &similar[0]), ["p02", "p03", "p04"]);
        assert_eq!(ids(&properties, &similar[19]), ["p19", "p18", "p17"]);
    }

    #[test]
    fn detail_files_hold_cards_and_the_qr_link() {
        const PERMIT: &str = "https://trakheesi.dubailand.gov.ae/rev/qr/7124581930";
        let mut with_permit = listing("x", MainCategory::Residential, Some("JVC"), Some(800_000));
        with_permit.permit_url = Some(PERMIT.into());
        // A second listing advertised under the same permit shares its code.
        let mut same_permit = listing("z", MainCategory::Rental, None, None);
        same_permit.permit_url = Some(PERMIT.into());
        let properties = vec![
            with_permit,
            listing("y", MainCategory::Residential, Some("JVC"), Some(900_000)),
            same_permit,
        ];
        let out = tempfile::tempdir().unwrap();
        let data = out.path().join("data");
        let files = files(&properties, &data);
        let find = |name: &str| {
            files.iter().find(|(p, _)| *p == data.join("detail").join(name)).map(|(_, b)| b.clone())
        };
        let detail: serde_json::Value = serde_json::from_slice(&find("x.json").unwrap()).unwrap();
        let key = qr_key(PERMIT);
        assert_eq!(key.len(), 16);
        assert_eq!(detail["qr"], format!("/data/qr/{key}.svg"));
        assert_eq!(detail["similar"][0]["id"], "y");
        assert_eq!(detail["similar"][0]["image"], "/media/y.jpg");
        assert_eq!(detail["similar"][0]["mainCategory"], "Residential");
        assert_eq!(detail["similar"][0]["pricePeriod"], serde_json::Value::Null);
        let other: serde_json::Value = serde_json::from_slice(&find("y.json").unwrap()).unwrap();
        assert_eq!(other["qr"], serde_json::Value::Null);
        let shared: serde_json::Value = serde_json::from_slice(&find("z.json").unwrap()).unwrap();
        assert_eq!(shared["qr"], detail["qr"]);
    }

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
        let out = tempfile::tempdir().unwrap();
        let data = out.path().join("data");
        let qr = qr_path(&data, PERMIT);
        let links = permit_links(&properties);
        assert_eq!(links, [PERMIT]);
        assert_eq!(write_qr_codes(&links, &data).unwrap(), vec![qr.clone()]);
        assert_eq!(std::fs::read_dir(data.join("qr")).unwrap().count(), 1);
        let drawn = std::fs::read_to_string(&qr).unwrap();
        assert_eq!(drawn, qr_svg(PERMIT).unwrap());

        // A later build keeps a whole drawing (the mark shows it was not rewritten)...
        let marked = drawn.replace("<svg ", "<svg data-kept=\"1\" ");
        std::fs::write(&qr, &marked).unwrap();
        assert_eq!(write_qr_codes(&links, &data).unwrap(), vec![qr.clone()]);
        assert_eq!(std::fs::read_to_string(&qr).unwrap(), marked);
        // ...and redraws one an interrupted write cut short.
        std::fs::write(&qr, &drawn[..100]).unwrap();
        write_qr_codes(&links, &data).unwrap();
        assert_eq!(std::fs::read_to_string(&qr).unwrap(), drawn);
        // No permit links, no folder.
        let none = tempfile::tempdir().unwrap();
        assert!(permit_links(&properties[1..2]).is_empty());
        assert!(write_qr_codes(&[], none.path()).unwrap().is_empty());
        assert!(!none.path().join("qr").exists());
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
