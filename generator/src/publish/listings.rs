//! What the browsing pages need, small at any catalogue size (a listing page's HTML under 150 KB
//! at 10,000 listings):
//! - `data/listings/{kind}.json`: per listing page (residential, rental, offPlan, commercial,
//!   all) the total, the counts of the 'Filter by Property Types' row, the communities of the
//!   'Area' dropdown, the filters' choices, the price range and the first cards; it is what a
//!   prerendered listing page embeds (a featured listing is among the cards, with its badge).
//!   A search result page embeds the counts and choices alone.
//! - `data/listings/{kind}/{n}.json`: the cards of that page in pages of [`PAGE_SIZE`], newest
//!   first, fetched when a visitor asks for more or filters.
//! - `data/home.json`: the newest cards of each main category for the home page.
//! - `data/communities.json`: one entry per community for the area guides.
//!
//! The shapes are `contract::listings`'. A card is the part of a property a card shows, without
//! the long texts. Listings are in the same community when their community keys
//! (`contract::text::community_key`) are equal; a community is named as its newest listing
//! writes it.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use contract::files;
use contract::listings::{Card, CardTexts, Community, HomeCards, ListingSummary};
use contract::text::community_key;
use contract::{ApiProperty, Furnishing, MainCategory};
use fnv::FnvHashMap;
use rayon::prelude::*;
use serde::Serialize;

use crate::publish::FileBytes;
use crate::publish::bytes::Fingerprint;
use crate::publish::images::Pictures;
use crate::publish::made::same_arcs;

/// Cards per page file.
pub const PAGE_SIZE: usize = 96;
/// Cards embedded in a listing page's HTML.
pub const FIRST_CARDS: usize = 24;
/// Newest cards per category on the home page: three.
pub const HOME_CARDS: usize = 3;

/// The listing pages and which properties each shows.
pub const KINDS: [(&str, Option<MainCategory>); 5] = [
    ("residential", Some(MainCategory::Residential)),
    ("rental", Some(MainCategory::Rental)),
    ("offPlan", Some(MainCategory::OffPlan)),
    ("commercial", Some(MainCategory::Commercial)),
    ("all", None),
];

/// The card texts of each language that has any.
pub fn card_texts(p: &ApiProperty) -> BTreeMap<&str, CardTexts<'_>> {
    p.translations
        .iter()
        .filter_map(|(lang, t)| {
            let texts = CardTexts { title: t.title.as_deref(), location: t.location.as_deref() };
            (texts.title.is_some() || texts.location.is_some()).then_some((lang.as_str(), texts))
        })
        .collect()
}

pub fn card<'a>(p: &'a ApiProperty, pictures: &'a Pictures) -> Card<'a> {
    Card {
        id: &p.id,
        url: &p.url,
        title: &p.title,
        main_category: p.main_category,
        sub_category: &p.sub_category,
        image: p.images.first().map(|url| pictures.get(url)),
        location: p.location.as_deref().filter(|l| !l.trim().is_empty()),
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        photos: u32::try_from(p.images.len()).unwrap_or(u32::MAX),
        area: p.area,
        price: p.price,
        price_period: p.price_period,
        furnishing: p.furnishing,
        featured: p.featured,
        created_at: &p.created_at,
        reference: p.reference.as_deref().filter(|r| !r.trim().is_empty()),
        agent: p.agent.as_deref(),
        completion_date: p.completion_date.as_deref(),
        cheques: p.cheques,
        available_from: p.available_from.as_deref(),
        coordinates: p.coordinates,
        translations: card_texts(p),
    }
}

/// Names with their counts: most common first, then by name.
fn counted<'a>(names: impl Iterator<Item = &'a str>) -> Vec<(&'a str, usize)> {
    // Hashed, then sorted once: a few dozen names among 10,000 listings, each compared with
    // several in a tree took milliseconds of every rebuild. FNV: SipHash of 10,000 short names
    // took as long again; its guard against chosen colliding keys is not needed for a few dozen
    // names from the agency's own content.
    let mut counts: FnvHashMap<&str, usize> = FnvHashMap::default();
    for name in names {
        *counts.entry(name).or_default() += 1;
    }
    let mut counts: Vec<_> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(b.0)));
    counts
}

/// A listing with its community: the name its location gives and the community's key
/// (`contract::text::community_key`), or `None` without a location.
type Located<'a> = (&'a ApiProperty, Option<(&'a str, &'a str)>);

/// The communities of `listed` (newest first) with their numbers of listings, by name: one
/// entry per community key, named as its newest listing writes it.
fn area_counts<'a>(listed: &[&Located<'a>]) -> Vec<(&'a str, usize)> {
    let mut by_key: FnvHashMap<&str, (&str, usize)> = FnvHashMap::default();
    for (name, key) in listed.iter().filter_map(|(_, community)| *community) {
        by_key.entry(key).or_insert((name, 0)).1 += 1;
    }
    // By name, then key: names of two keys never compare equal (a key is made from its name).
    let mut counts: Vec<_> = by_key.into_iter().collect();
    counts.sort_by(|a, b| a.1.0.cmp(b.1.0).then_with(|| a.0.cmp(b.0)));
    counts.into_iter().map(|(_, named)| named).collect()
}

/// How many listings have each count of rooms, fewest first; counts from the filters' last
/// choice up are that choice ('7+'). Listings that do not say are not counted.
fn room_counts(rooms: impl Iterator<Item = Option<u32>>) -> Vec<(u32, usize)> {
    let mut counts = std::collections::BTreeMap::new();
    for n in rooms.flatten() {
        *counts.entry(n.min(contract::listings::ROOMS_OR_MORE)).or_insert(0) += 1;
    }
    counts.into_iter().collect()
}

/// How many listings say each number of cheques, fewest first; those that do not say are not counted.
fn cheque_counts(listings: &[&ApiProperty]) -> Vec<(u32, usize)> {
    let mut counts = BTreeMap::new();
    for n in listings.iter().filter_map(|p| p.cheques) {
        *counts.entry(n).or_insert(0) += 1;
    }
    counts.into_iter().collect()
}

/// How many listings say each furnishing, in the filter's order; those that do not say are not counted.
fn furnishing_counts(listings: &[&ApiProperty]) -> Vec<(Furnishing, usize)> {
    Furnishing::ALL
        .into_iter()
        .map(|f| (f, listings.iter().filter(|p| p.furnishing == Some(f)).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// Each month of handover (a day's date counts in its month) with its number of listings, soonest first.
fn handover_months<'a>(listings: &[&'a ApiProperty]) -> Vec<(&'a str, usize)> {
    let mut counts = FnvHashMap::default();
    for date in listings.iter().filter_map(|p| p.completion_date.as_deref()) {
        *counts.entry(date.get(..7).unwrap_or(date)).or_insert(0) += 1;
    }
    let mut counts: Vec<(&str, usize)> = counts.into_iter().collect();
    counts.sort_unstable();
    counts
}

fn to_json<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("cards always serialise")
}

/// Each listing's card as JSON, as the page files list them.
pub fn card_json(p: &ApiProperty, pictures: &Pictures) -> Vec<u8> {
    to_json(&card(p, pictures))
}

/// The files, for `properties` newest first, by their paths (`contract::files`).
/// `guide` is the guide page of a community named so, if it has one.
pub fn files(
    properties: &[Arc<ApiProperty>],
    pictures: &Pictures,
    guide: &(dyn Fn(&str) -> Option<String> + Sync),
) -> Vec<(String, Vec<u8>)> {
    let cards: Vec<Arc<Vec<u8>>> = properties.par_iter().map(|p| Arc::new(card_json(p, pictures))).collect();
    let keys: Vec<Option<String>> =
        properties.iter().map(|p| p.location.as_deref().and_then(community_key)).collect();
    let keys: Vec<Option<&str>> = keys.iter().map(Option::as_deref).collect();
    let array = |_: &str, cards: Vec<Arc<Vec<u8>>>| Arc::new(FileBytes::array(cards));
    let (files, _) = files_with_cards(properties, &cards, &keys, pictures, guide, &array, None);
    files.into_iter().map(|(path, bytes)| (path, bytes.to_vec())).collect()
}

/// Each kind's summary file (`data/listings/{kind}.json`) with the listings it was made of and
/// the fingerprint of the pictures its first cards were drawn with. `estate serve` keeps them
/// between rebuilds: a summary counts every listing of its kind, and a listing sold changes the
/// summaries of two kinds (all, and its category), not those of the other three.
#[derive(Default)]
pub struct Summaries {
    pictures: Option<Fingerprint>,
    of: HashMap<&'static str, (Vec<Arc<ApiProperty>>, Arc<FileBytes>)>,
}

/// A page file's JSON array of cards, made from them (`path`, the cards in order).
pub type Array<'a> = dyn Fn(&str, Vec<Arc<Vec<u8>>>) -> Arc<FileBytes> + Sync + 'a;

/// [`files`], with each listing's card JSON and community key made already ([`card_json`],
/// [`community_key`], in the order of `properties`): `estate serve` keeps them between rebuilds, so an edit serialises one card,
/// not the 20,000 of the page files of 10,000 listings; and `array` makes each page file of
/// cards (`estate serve` keeps those whose cards are the same). `kept`: the last build's
/// summaries and the fingerprint of `pictures`; a kind's summary made of the same listings with
/// the same pictures is the last build's. Returns the files and this build's summaries.
pub fn files_with_cards(
    properties: &[Arc<ApiProperty>],
    cards: &[Arc<Vec<u8>>],
    keys: &[Option<&str>],
    pictures: &Pictures,
    guide: &(dyn Fn(&str) -> Option<String> + Sync),
    array: &Array,
    kept: Option<(&Summaries, Fingerprint)>,
) -> (Vec<(String, Arc<FileBytes>)>, Summaries) {
    let mut laps = crate::timings::Laps::start("listings");
    let located: Vec<Located> = properties
        .iter()
        .zip(keys)
        .map(|(p, key)| (&**p, p.location.as_deref().zip(*key).map(|(name, key)| (name.trim(), key))))
        .collect();
    laps.lap("keys");
    let last = kept.filter(|(last, print)| last.pictures == Some(*print)).map(|(last, _)| &last.of);
    // Each kind's files on its own core.
    let made: Vec<_> = KINDS
        .par_iter()
        .map(|&(kind, category)| {
            let indices: Vec<usize> = (0..located.len())
                .filter(|&i| category.is_none_or(|c| located[i].0.main_category == c))
                .collect();
            let of: Vec<Arc<ApiProperty>> = indices.iter().map(|&i| properties[i].clone()).collect();
            let with_pages = |mut written: Vec<(String, Arc<FileBytes>)>| {
                for (number, page) in indices.chunks(PAGE_SIZE).enumerate() {
                    let path = files::listing_page(kind, number);
                    let page = array(&path, page.iter().map(|&i| cards[i].clone()).collect());
                    written.push((path, page));
                }
                written
            };
            let path = files::listing_summary(kind);
            if let Some((_, bytes)) =
                last.and_then(|last| last.get(kind)).filter(|(was, _)| same_arcs(was, &of))
            {
                return (with_pages(vec![(path, bytes.clone())]), (kind, of));
            }
            let listed: Vec<&Located> = indices.iter().map(|&i| &located[i]).collect();
            let shown: Vec<&ApiProperty> = listed.iter().map(|(p, _)| *p).collect();
            // Yearly amounts, as the page compares them (a monthly rent twelve times).
            let prices: Vec<u64> = shown
                .iter()
                .filter_map(|p| Some(contract::PricePeriod::yearly(p.price_period, p.price?)))
                .collect();
            let communities = area_counts(&listed);
            let pages = shown.len().div_ceil(PAGE_SIZE);
            let areas = || shown.iter().filter_map(|p| p.area);
            let summary = ListingSummary {
                area_range: areas().min().zip(areas().max()),
                bathrooms: room_counts(shown.iter().map(|p| p.bathrooms)),
                bedrooms: room_counts(shown.iter().map(|p| p.bedrooms)),
                cheques: cheque_counts(&shown),
                communities,
                first: shown.iter().take(FIRST_CARDS).map(|p| card(p, pictures)).collect(),
                furnishing: furnishing_counts(&shown),
                handover_months: handover_months(&shown),
                page_size: PAGE_SIZE,
                pages,
                price_range: prices.iter().copied().min().zip(prices.iter().copied().max()),
                total: shown.len(),
                types: counted(shown.iter().map(|p| p.sub_category.as_str())),
            };
            (with_pages(vec![(path, Arc::new(to_json(&summary).into()))]), (kind, of))
        })
        .collect();
    let mut now = Summaries { pictures: kept.map(|(_, print)| print), of: HashMap::new() };
    let mut written = Vec::new();
    for (files, (kind, of)) in made {
        now.of.insert(kind, (of, files[0].1.clone()));
        written.extend(files);
    }
    laps.lap("kinds");
    let newest = |category: MainCategory| {
        properties
            .iter()
            .filter(|p| p.main_category == category)
            .take(HOME_CARDS)
            .map(|p| card(p, pictures))
            .collect::<Vec<_>>()
    };
    let home = HomeCards {
        commercial: newest(MainCategory::Commercial),
        off_plan: newest(MainCategory::OffPlan),
        rental: newest(MainCategory::Rental),
        residential: newest(MainCategory::Residential),
        types: counted(properties.iter().map(|p| p.sub_category.as_str())),
    };
    written.push((files::HOME.to_owned(), Arc::new(to_json(&home).into())));

    laps.lap("home");
    written.push((
        files::COMMUNITIES.to_owned(),
        Arc::new(to_json(&communities(&located, pictures, guide)).into()),
    ));
    laps.lap("communities");
    (written, now)
}

fn widen(range: &mut Option<(u64, u64)>, value: u64) {
    *range = Some(match *range {
        Some((low, high)) => (low.min(value), high.max(value)),
        None => (value, value),
    });
}

/// One entry per community key of `located` (newest first), named as its newest listing
/// writes it; most listings first.
fn communities<'a>(
    located: &[Located<'a>],
    pictures: &'a Pictures,
    guide: &dyn Fn(&str) -> Option<String>,
) -> Vec<Community<'a>> {
    let mut by_key: BTreeMap<&str, Community> = BTreeMap::new();
    for (p, community) in located {
        let Some((name, key)) = *community else { continue };
        let community = by_key.entry(key).or_insert_with(|| Community {
            name,
            counts: BTreeMap::new(),
            total: 0,
            sale_price: None,
            yearly_rent: None,
            image: None,
            guide: guide(name),
        });
        *community.counts.entry(p.main_category.as_str()).or_default() += 1;
        community.total += 1;
        if community.image.is_none() {
            community.image = p.images.first().map(|url| pictures.get(url));
        }
        if let Some(price) = p.price {
            if p.main_category == MainCategory::Rental {
                widen(&mut community.yearly_rent, contract::PricePeriod::yearly(p.price_period, price));
            } else {
                widen(&mut community.sale_price, price);
            }
        }
    }
    let mut list: Vec<Community> = by_key.into_values().collect();
    list.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(b.name)));
    list
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::publish::detail::tests::arcs;

    fn property(
        id: &str,
        category: &str,
        sub: &str,
        location: &str,
        price: u64,
        featured: bool,
    ) -> ApiProperty {
        serde_json::from_value(json!({
            "_id": id, "id": id, "title": id, "mainCategory": category, "subCategory": sub,
            "Images": [format!("/media/{id}.jpg")], "location": location, "bedrooms": 2, "area": 900,
            "price": price, "featured": featured, "createdAt": "2026-01-01T00:00:00+04:00",
            "description": "<p>long text</p>", "url": format!("/property/{id}"),
            "pricePeriod": if category == "Rental" { Some("month") } else { None },
        }))
        .expect("a valid property")
    }

    fn read(files: &[(String, Vec<u8>)], path: &str) -> serde_json::Value {
        let (_, bytes) =
            files.iter().find(|(p, _)| p.ends_with(path)).unwrap_or_else(|| panic!("{path} written"));
        serde_json::from_slice(bytes).expect("JSON")
    }

    #[test]
    fn summaries_count_types_and_communities_and_pages_hold_every_card() {
        let mut properties: Vec<ApiProperty> = (0..100)
            .map(|n| {
                property(
                    &format!("r{n:03}"),
                    "Residential",
                    if n % 3 == 0 { "Villa" } else { "Apartment" },
                    if n % 2 == 0 { "Dubai Marina" } else { "JVC" },
                    1_000_000 + n,
                    n == 5,
                )
            })
            .collect();
        properties.push(property("rent1", "Rental", "Apartment", "Dubai Marina", 9_000, false));
        let properties = arcs(properties);
        // The image stage measured the first listing's photo.
        let variant = |width: u32| crate::publish::images::Variant {
            width,
            src: format!("/media/_img/k-{width}.jpg"),
            webp: format!("/media/_img/k-{width}.webp"),
        };
        let measured = crate::publish::images::ImageInfo {
            width: 1200,
            height: 800,
            color: "#405060".into(),
            variants: vec![variant(400), variant(800), variant(1200)],
        };
        let pictures = Pictures::new(&[("/media/r000.jpg".to_owned(), measured)].into());
        let files = files(&properties, &pictures, &|_| None);

        let residential = read(&files, "listings/residential.json");
        assert_eq!(residential["total"], 100);
        assert_eq!(residential["pages"], 2);
        assert_eq!(residential["types"], json!([["Apartment", 66], ["Villa", 34]]));
        assert_eq!(residential["communities"], json!([["Dubai Marina", 50], ["JVC", 50]]));
        assert_eq!(residential["priceRange"], json!([1_000_000, 1_000_099]));
        assert_eq!(residential["first"].as_array().map(Vec::len), Some(FIRST_CARDS));
        let first = &residential["first"][0];
        // The card carries what the page needs to render the photo responsively.
        assert_eq!(
            first["image"],
            json!({
                "src": "/media/r000.jpg", "width": 1200, "height": 800, "color": "#405060",
                "srcset": "/media/_img/k-400.jpg 400w, /media/_img/k-800.jpg 800w, /media/_img/k-1200.jpg 1200w",
                "webp": "/media/_img/k-400.webp 400w, /media/_img/k-800.webp 800w, /media/_img/k-1200.webp 1200w"
            })
        );
        // A photo the stage did not process is given by its address alone.
        assert_eq!(residential["first"][1]["image"], json!({"src": "/media/r001.jpg"}));
        assert!(first.get("description").is_none(), "cards leave the long texts out");

        let page0 = read(&files, "listings/residential/0.json");
        let page1 = read(&files, "listings/residential/1.json");
        assert_eq!(page0.as_array().map(Vec::len), Some(PAGE_SIZE));
        assert_eq!(page1.as_array().map(Vec::len), Some(100 - PAGE_SIZE));
        assert_eq!(page1[0]["id"], format!("r{PAGE_SIZE:03}"));

        assert_eq!(read(&files, "listings/all.json")["total"], 101);
        assert_eq!(read(&files, "listings/offPlan.json")["total"], 0);
        assert_eq!(read(&files, "listings/offPlan.json")["priceRange"], json!(null));
        // The one rent is 9,000 a month: its range is yearly, as the page compares prices.
        assert_eq!(read(&files, "listings/rental.json")["priceRange"], json!([108_000, 108_000]));

        let home = read(&files, "home.json");
        assert_eq!(home["Residential"].as_array().map(Vec::len), Some(HOME_CARDS));
        assert_eq!(home["Rental"][0]["id"], "rent1");
        assert_eq!(home["Commercial"], json!([]));

        let communities = read(&files, "communities.json");
        assert_eq!(communities[0]["name"], "Dubai Marina");
        assert_eq!(communities[0]["total"], 51);
        assert_eq!(communities[0]["counts"], json!({"Residential": 50, "Rental": 1}));
        assert_eq!(communities[0]["yearlyRent"], json!([108_000, 108_000]));
        assert_eq!(communities[1]["name"], "JVC");
        assert_eq!(communities[1]["salePrice"], json!([1_000_001, 1_000_099]));
        assert_eq!(communities[1]["yearlyRent"], json!(null));
    }

    #[test]
    fn one_community_however_its_listings_write_it_named_as_the_newest_does() {
        // Newest first, as the build passes them.
        let properties = vec![
            property("a", "Residential", "Villa", "Jumeirah Café", 2_000_000, false),
            property("b", "Residential", "Villa", "JUMEIRAH CAFE", 1_000_000, false),
            property("c", "Rental", "Apartment", "jumeirah cafe", 10_000, false),
            property("d", "Residential", "Villa", "JVC", 900_000, false),
        ];
        let properties = arcs(properties);
        let files = files(&properties, &Pictures::default(), &|_| None);
        let communities = read(&files, "communities.json");
        assert_eq!(communities.as_array().map(Vec::len), Some(2));
        assert_eq!(communities[0]["name"], "Jumeirah Café");
        assert_eq!(communities[0]["total"], 3);
        assert_eq!(communities[0]["counts"], json!({"Residential": 2, "Rental": 1}));
        assert_eq!(communities[0]["salePrice"], json!([1_000_000, 2_000_000]));
        assert_eq!(communities[0]["image"], json!({"src": "/media/a.jpg"}));
        let residential = read(&files, "listings/residential.json");
        assert_eq!(residential["communities"], json!([["JVC", 1], ["Jumeirah Café", 2]]));
        let rental = read(&files, "listings/rental.json");
        assert_eq!(rental["communities"], json!([["jumeirah cafe", 1]]));
    }
}
