//! What the property pages need beyond the spec's `GET /api/properties/{id}`, computed at build
//! time because the generator sees every listing at once:
//!
//! | file                      | what                                                            |
//! |---------------------------|-----------------------------------------------------------------|
//! | `data/detail/{id}.json`   | `{"similar": [card, ...], "qr": "/data/qr/{id}.svg" or null}`   |
//! | `data/qr/{id}.svg`        | the QR code of the listing's permit link (Dubai advertising rules) |
//!
//! 'Similar properties' are up to three listings of the same main category: first those in the
//! same community, nearest in price, then the nearest in price in the whole category. Each
//! category is sorted once, and each listing's neighbours are found by walking outwards from
//! its own place in the sorted lists, so the whole is O(n log n) however large the catalogue.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use lead_fn::model::{ApiProperty, MainCategory, PricePeriod};
use qrcode::{Color, EcLevel, QrCode};
use rayon::prelude::*;
use serde::Serialize;

/// How many similar listings a property page shows.
pub const SIMILAR: usize = 3;

/// Modules of white space around a QR code: the minimum its standard asks for.
const QUIET_ZONE: usize = 4;

/// A listing as a property card shows it (the front end's `CardProperty`).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Card<'a> {
    id: &'a str,
    title: &'a str,
    main_category: MainCategory,
    sub_category: &'a str,
    image: Option<&'a str>,
    location: Option<&'a str>,
    bedrooms: Option<u32>,
    area: Option<u32>,
    price: Option<u64>,
    price_period: Option<PricePeriod>,
    featured: bool,
    created_at: &'a str,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    translations: std::collections::BTreeMap<&'a str, crate::listings::CardTexts<'a>>,
}

impl<'a> Card<'a> {
    fn of(p: &'a ApiProperty) -> Card<'a> {
        Card {
            id: &p.id,
            title: &p.title,
            main_category: p.main_category,
            sub_category: &p.sub_category,
            image: p.images.first().map(String::as_str),
            location: p.location.as_deref(),
            bedrooms: p.bedrooms,
            area: p.area,
            price: p.price,
            price_period: p.price_period,
            featured: p.featured,
            created_at: &p.created_at,
            translations: crate::listings::card_texts(p),
        }
    }
}

#[derive(Debug, Serialize)]
struct Detail<'a> {
    similar: Vec<Card<'a>>,
    qr: Option<String>,
}

/// The files of this module for `properties`, to be written under `data` (`dist/data`).
pub fn jobs(properties: &[ApiProperty], data: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let similar = similar(properties);
    properties
        .par_iter()
        .zip(similar)
        .flat_map_iter(|(p, neighbours)| {
            let qr = p.permit_url.as_deref().and_then(qr_svg);
            let detail = Detail {
                similar: neighbours.iter().map(|&i| Card::of(&properties[i])).collect(),
                qr: qr.as_ref().map(|_| format!("/data/qr/{}.svg", p.id)),
            };
            let json = serde_json::to_vec(&detail).expect("detail records always serialise");
            let mut files = vec![(data.join("detail").join(format!("{}.json", p.id)), json)];
            if let Some(svg) = qr {
                files.push((data.join("qr").join(format!("{}.svg", p.id)), svg.into_bytes()));
            }
            files
        })
        .collect()
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

/// The QR code of `text` as a small SVG: a white square and one path of the dark modules, each
/// row's runs of dark modules drawn as one rectangle. `None` when the text is too long.
pub fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let size = width + 2 * QUIET_ZONE;
    let mut path = String::with_capacity(width * width);
    for (y, row) in colors.chunks(width).enumerate() {
        let mut x = 0;
        while x < width {
            if row[x] == Color::Light {
                x += 1;
                continue;
            }
            let start = x;
            while x < width && row[x] == Color::Dark {
                x += 1;
            }
            let run = x - start;
            let _ = write!(path, "M{} {}h{run}v1h-{run}z", start + QUIET_ZONE, y + QUIET_ZONE);
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{size}\" height=\"{size}\" fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>\n"
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
        let mut with_permit = listing("x", MainCategory::Residential, Some("JVC"), Some(800_000));
        with_permit.permit_url = Some("https://trakheesi.dubailand.gov.ae/rev/qr/7124581930".into());
        let properties =
            vec![with_permit, listing("y", MainCategory::Residential, Some("JVC"), Some(900_000))];
        let files = jobs(&properties, Path::new("data"));
        let find = |path: &str| files.iter().find(|(p, _)| p == Path::new(path)).map(|(_, b)| b.clone());
        let detail: serde_json::Value = serde_json::from_slice(&find("data/detail/x.json").unwrap()).unwrap();
        assert_eq!(detail["qr"], "/data/qr/x.svg");
        assert_eq!(detail["similar"][0]["id"], "y");
        assert_eq!(detail["similar"][0]["image"], "/media/y.jpg");
        assert_eq!(detail["similar"][0]["mainCategory"], "Residential");
        assert_eq!(detail["similar"][0]["pricePeriod"], serde_json::Value::Null);
        let other: serde_json::Value = serde_json::from_slice(&find("data/detail/y.json").unwrap()).unwrap();
        assert_eq!(other["qr"], serde_json::Value::Null);
        assert!(find("data/qr/y.svg").is_none());
        let svg = String::from_utf8(find("data/qr/x.svg").unwrap()).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("<path"));
    }

    #[test]
    fn the_qr_svg_draws_every_dark_module() {
        let text = "https://trakheesi.dubailand.gov.ae/rev/qr/7124581930";
        let svg = qr_svg(text).unwrap();
        let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).unwrap();
        let dark = code.to_colors().iter().filter(|c| **c == Color::Dark).count();
        // Sum the run lengths back from the path ("M x y h run v1 h-run z").
        let drawn: usize =
            svg.split("h-").skip(1).map(|s| s[..s.find('z').unwrap()].parse::<usize>().unwrap()).sum();
        assert_eq!(drawn, dark);
        let size = code.width() + 8;
        assert!(svg.contains(&format!("viewBox=\"0 0 {size} {size}\"")));
        assert!(qr_svg(&"x".repeat(5000)).is_none());
    }
}
