//! What the property pages need beyond the API's `GET /api/properties/{id}`, computed at build
//! time because the generator sees every listing at once: `data/detail/{id}.json`, holding
//!
//! | field       | what                                                                      |
//! |-------------|---------------------------------------------------------------------------|
//! | `similar`   | up to three similar listings' cards                                       |
//! | `qr`        | `"/data/qr/{key}.svg"`, the permit link's QR code (`qr.rs`), or null      |
//! | `agent`     | the listing agent's card: name, role, photo, BRN, phone, WhatsApp, e-mail |
//! | `developer` | the off-plan developer's name                                             |
//! | `market`    | the community's DLD figures for the listing's kind (`market.rs`)           |
//!
//! `agent` and `developer` are there only when the listing names them (the check stage made
//! sure they exist), so a property page reads one small file instead of the whole team and
//! developer lists.
//!
//! 'Similar properties' are up to three listings of the same main category: first those in the
//! same community, nearest in price, then the nearest in price in the whole category. Each
//! category is sorted once, and each listing's neighbours are found by walking outwards from
//! its own place in the sorted lists, so the whole is O(n log n) however large the catalogue.

use crate::publish::images::Pictures;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use contract::detail::{AgentTexts, Detail, DetailAgent, DetailDeveloper, DeveloperName, Gone, GoneStatus};
use contract::files;
use contract::listings::CardTexts;
use contract::text::community_key;
use contract::urls::media_url;
use contract::{ApiProperty, MainCategory};
use rayon::prelude::*;

use crate::content::Record;
use crate::content::model::{DeveloperFile, MemberFile, PropertyFile, Status};
use crate::publish::listings::card;
use crate::publish::qr::qr_key;

/// How many similar listings a property page shows.
pub const SIMILAR: usize = 3;

/// The agents and developers listings may name, by id.
#[derive(Debug, Default)]
pub struct People<'a> {
    agents: HashMap<&'a str, DetailAgent<'a>>,
    developers: HashMap<&'a str, DetailDeveloper<'a>>,
}

impl<'a> People<'a> {
    pub fn new(
        team: &'a [Arc<Record<MemberFile>>],
        developers: &'a [Arc<Record<DeveloperFile>>],
        pictures: &'a Pictures,
    ) -> Self {
        let agents = team
            .iter()
            .map(|m| {
                let t = &m.data;
                let translations = [("ar", &t.ar), ("ru", &t.ru)]
                    .into_iter()
                    .filter_map(|(lang, texts)| {
                        let texts = texts.as_ref()?;
                        let texts = AgentTexts { name: texts.name.as_deref(), role: texts.role.as_deref() };
                        (texts.name.is_some() || texts.role.is_some()).then_some((lang, texts))
                    })
                    .collect();
                let agent = DetailAgent {
                    id: &m.id,
                    name: &t.name,
                    role: &t.role,
                    image: pictures.owned(&t.image),
                    brn: t.brn.as_deref(),
                    phone: t.phone.as_deref(),
                    whatsapp: t.whatsapp.as_deref(),
                    email: t.email.as_deref(),
                    translations,
                };
                (m.id.as_str(), agent)
            })
            .collect();
        let developers = developers
            .iter()
            .map(|d| {
                let translations = [("ar", &d.data.ar), ("ru", &d.data.ru)]
                    .into_iter()
                    .filter_map(|(lang, texts)| {
                        Some((lang, DeveloperName { name: texts.as_ref()?.name.as_deref()? }))
                    })
                    .collect();
                (d.id.as_str(), DetailDeveloper { id: &d.id, name: &d.data.name, translations })
            })
            .collect();
        People { agents, developers }
    }
}

/// Where the detail file of the listing `id` goes, relative to the output folder.
pub fn path(id: &str) -> PathBuf {
    crate::publish::file(&files::detail(id))
}

/// A listing's community as its page shows it: the market figures and the guide's page.
pub type Community = (Option<contract::detail::MarketComparison>, Option<String>);

/// The detail files of the listings `which` (indices into `properties`, whose [`similar`]
/// listings are `similar`, and whose content files are `records`, in the same order), relative
/// to the output folder; `market` gives each its community's.
pub fn files(
    properties: &[Arc<ApiProperty>],
    records: &[&PropertyFile],
    similar: &[Vec<usize>],
    which: &[usize],
    people: &People<'_>,
    pictures: &Pictures,
    market: &(dyn Fn(&ApiProperty) -> Community + Sync),
) -> Vec<(PathBuf, Vec<u8>)> {
    which
        .par_iter()
        .map(|&i| {
            let p = &properties[i];
            let (market, area_guide) = market(p);
            let plans: Vec<String> = records[i].floor_plans.iter().map(|plan| media_url(plan)).collect();
            let video_tour = records[i].video_tour.as_deref().map(str::trim).filter(|url| !url.is_empty());
            let detail = Detail {
                gallery: p.images.iter().map(|url| pictures.get(url)).collect(),
                floor_plans: plans.iter().map(|url| pictures.get(url)).collect(),
                video_tour,
                similar: similar[i].iter().map(|&n| card(&properties[n], pictures)).collect(),
                qr: p.permit_url.as_deref().map(|url| files::qr_code(&qr_key(url))),
                agent: p.agent.as_deref().and_then(|id| people.agents.get(id)),
                developer: p.developer.as_deref().and_then(|id| people.developers.get(id)),
                market,
                area_guide,
            };
            let json = serde_json::to_vec(&detail).expect("detail records always serialise");
            (path(&p.id), json)
        })
        .collect()
}

/// The page files of the listings no longer published (`data/gone/{id}.json`), relative to the
/// output folder, each with up to [`SIMILAR`] similar listings among the published
/// `properties`.
pub fn gone_files(
    gone: &[&Arc<Record<PropertyFile>>],
    properties: &[Arc<ApiProperty>],
    pictures: &Pictures,
) -> Vec<(PathBuf, Vec<u8>)> {
    let similar = gone_similar(gone, properties);
    gone.iter().zip(similar).map(|(r, similar)| gone_file(r, &similar, properties, pictures)).collect()
}

/// The similar listings (indices into the published `properties`) of each of `gone`.
pub fn gone_similar(gone: &[&Arc<Record<PropertyFile>>], properties: &[Arc<ApiProperty>]) -> Vec<Vec<usize>> {
    similar_to(properties, &gone_probes(gone))
}

/// What [`similar_to`] looks for of each of `gone`.
pub fn gone_probes<'a>(gone: &[&'a Arc<Record<PropertyFile>>]) -> Vec<Probe<'a>> {
    gone.iter()
        .map(|r| Probe {
            category: r.data.main_category,
            location: r.data.location.as_deref(),
            price: r.data.price,
        })
        .collect()
}

/// The page file of the listing `r`, no longer published, whose similar listings are `similar`
/// ([`gone_similar`]).
pub fn gone_file(
    r: &Record<PropertyFile>,
    similar: &[usize],
    properties: &[Arc<ApiProperty>],
    pictures: &Pictures,
) -> (PathBuf, Vec<u8>) {
    let p = &r.data;
    let status = match p.status {
        Status::Sold => GoneStatus::Sold,
        Status::Rented => GoneStatus::Rented,
        Status::Draft | Status::Available => GoneStatus::Withdrawn,
    };
    // A draft's words were never published: its page does not name it.
    let named = status != GoneStatus::Withdrawn;
    let translations = [("ar", &p.ar), ("ru", &p.ru)]
        .into_iter()
        .filter(|_| named)
        .filter_map(|(lang, texts)| {
            let title = texts.as_ref()?.title.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
            Some((lang, CardTexts { title: Some(title), location: None }))
        })
        .collect();
    let page = Gone {
        status,
        title: named.then(|| p.title.trim()),
        main_category: p.main_category,
        similar: similar.iter().map(|&n| card(&properties[n], pictures)).collect(),
        translations,
    };
    let json = serde_json::to_vec(&page).expect("gone records always serialise");
    (crate::publish::file(&files::gone(&r.id)), json)
}

/// Sort key of the price lists: priced listings from the cheapest, then those without a price,
/// ties by id so the result never depends on the input order.
fn price_order<'a>(properties: &'a [Arc<ApiProperty>]) -> impl Fn(&usize, &usize) -> std::cmp::Ordering + 'a {
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

/// The listings (by index) of each main category and of each community in it, each list in
/// price order: where [`Neighbours::similar`] and [`Neighbours::similar_to`] look for
/// neighbours. Made once per build and shared by both.
pub struct Neighbours<'a> {
    categories: HashMap<MainCategory, Vec<usize>>,
    communities: HashMap<(MainCategory, &'a str), Vec<usize>>,
}

impl<'a> Neighbours<'a> {
    /// The lists of `properties`, whose community keys (`community_key` of their location) are
    /// `keys`, in the same order: the content stage keeps each listing's with its card, so they
    /// are not folded again.
    pub fn new(properties: &[Arc<ApiProperty>], keys: &[Option<&'a str>]) -> Neighbours<'a> {
        let mut categories: HashMap<MainCategory, Vec<usize>> = HashMap::new();
        let mut communities: HashMap<(MainCategory, &str), Vec<usize>> = HashMap::new();
        for (i, (p, key)) in properties.iter().zip(keys).enumerate() {
            categories.entry(p.main_category).or_default().push(i);
            if let Some(place) = key {
                communities.entry((p.main_category, place)).or_default().push(i);
            }
        }
        let order = price_order(properties);
        let mut lists: Vec<&mut Vec<usize>> =
            categories.values_mut().chain(communities.values_mut()).collect();
        lists.par_iter_mut().for_each(|list| list.sort_by(&order));
        Neighbours { categories, communities }
    }

    /// For each listing (by index), the indices of up to [`SIMILAR`] similar ones, best first.
    pub fn similar(&self, properties: &[Arc<ApiProperty>]) -> Vec<Vec<usize>> {
        // Where each listing sits in its category's list and its community's list.
        let mut in_category = vec![(&[][..], 0); properties.len()];
        let mut in_community = vec![None; properties.len()];
        for list in self.categories.values() {
            for (pos, &i) in list.iter().enumerate() {
                in_category[i] = (&list[..], pos);
            }
        }
        for list in self.communities.values() {
            for (pos, &i) in list.iter().enumerate() {
                in_community[i] = Some((&list[..], pos));
            }
        }
        (0..properties.len())
            .into_par_iter()
            .map(|i| {
                let mut picked = Vec::with_capacity(SIMILAR);
                let target = properties[i].price;
                if let Some((list, pos)) = in_community[i] {
                    nearest(properties, list, target, (pos, pos + 1), &mut picked);
                }
                let (list, pos) = in_category[i];
                nearest(properties, list, target, (pos, pos + 1), &mut picked);
                picked
            })
            .collect()
    }

    /// For each of `probes`, the indices of up to [`SIMILAR`] of `properties` similar to it,
    /// best first, by the rule of [`Neighbours::similar`]: the same community's first, then the
    /// whole category's, nearest in price.
    pub fn similar_to(&self, properties: &[Arc<ApiProperty>], probes: &[Probe]) -> Vec<Vec<usize>> {
        let key = |price: Option<u64>| (price.is_none(), price);
        probes
            .iter()
            .map(|probe| {
                let mut picked = Vec::with_capacity(SIMILAR);
                let place = probe.location.and_then(community_key);
                let lists = [
                    place.as_deref().and_then(|place| self.communities.get(&(probe.category, place))),
                    self.categories.get(&probe.category),
                ];
                for list in lists.into_iter().flatten() {
                    // Where the probe would sit in the list: its neighbours are on either side.
                    let at = list.partition_point(|&i| key(properties[i].price) < key(probe.price));
                    nearest(properties, list, probe.price, (at, at), &mut picked);
                }
                picked
            })
            .collect()
    }
}

/// The community keys of `properties` (`community_key` of each location).
fn community_keys(properties: &[Arc<ApiProperty>]) -> Vec<Option<String>> {
    properties.iter().map(|p| p.location.as_deref().and_then(community_key)).collect()
}

/// For each listing (by index), the indices of up to [`SIMILAR`] similar ones, best first.
pub fn similar(properties: &[Arc<ApiProperty>]) -> Vec<Vec<usize>> {
    let keys = community_keys(properties);
    let keys: Vec<Option<&str>> = keys.iter().map(Option::as_deref).collect();
    Neighbours::new(properties, &keys).similar(properties)
}

/// A listing that is not among those searched (one no longer published) whose similar
/// listings are wanted: its main category, location and price.
pub struct Probe<'a> {
    pub category: MainCategory,
    pub location: Option<&'a str>,
    pub price: Option<u64>,
}

/// For each of `probes`, the indices of up to [`SIMILAR`] of `properties` similar to it, best
/// first, by the rule of [`similar`] (see [`Neighbours::similar_to`]).
pub fn similar_to(properties: &[Arc<ApiProperty>], probes: &[Probe]) -> Vec<Vec<usize>> {
    if probes.is_empty() {
        return Vec::new();
    }
    let keys = community_keys(properties);
    let keys: Vec<Option<&str>> = keys.iter().map(Option::as_deref).collect();
    Neighbours::new(properties, &keys).similar_to(properties, probes)
}

/// Adds to `picked` the listings of `list` nearest in price to `target`, until it holds
/// [`SIMILAR`], walking out from `(below, above)`: the listing's own place (`pos, pos + 1`) or
/// where one not in the list would go (`at, at`). `list` is in price order, so the nearest are
/// found by walking out both ways.
fn nearest(
    properties: &[Arc<ApiProperty>],
    list: &[usize],
    target: Option<u64>,
    (below, above): (usize, usize),
    picked: &mut Vec<usize>,
) {
    let (mut below, mut above) = (below, above);
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

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::content::model::{DeveloperTexts, MemberTexts};
    use std::path::Path;

    pub(in crate::publish) fn listing(
        id: &str,
        category: MainCategory,
        location: Option<&str>,
        price: Option<u64>,
    ) -> ApiProperty {
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
            furnishing: None,
            cheques: None,
            available_from: None,
            reference: None,
            permit_number: None,
            permit_url: None,
            agent: None,
            developer: None,
            project_name: None,
            project_number: None,
            escrow_account: None,
            completion_date: None,
            payment_plan: vec![],
            amenities: vec![],
            coordinates: None,
            translations: Default::default(),
            picture: None,
        }
    }

    pub fn arcs(properties: Vec<ApiProperty>) -> Vec<Arc<ApiProperty>> {
        properties.into_iter().map(Arc::new).collect()
    }

    /// The detail files of every one of `properties`.
    fn all_files(
        properties: &[Arc<ApiProperty>],
        people: &People,
        pictures: &Pictures,
    ) -> Vec<(PathBuf, Vec<u8>)> {
        let every: Vec<usize> = (0..properties.len()).collect();
        let records: Vec<PropertyFile> =
            properties.iter().map(|_| content_file(serde_json::json!({}))).collect();
        let records: Vec<&PropertyFile> = records.iter().collect();
        files(properties, &records, &similar(properties), &every, people, pictures, &|_| (None, None))
    }

    /// A listing's content file with the fields of `extra` besides the required ones.
    fn content_file(extra: serde_json::Value) -> PropertyFile {
        let mut fields = serde_json::json!({
            "title": "A listing", "mainCategory": "Residential", "subCategory": "Apartment", "createdAt": "2026-01-01"
        });
        fields.as_object_mut().expect("an object").extend(extra.as_object().cloned().unwrap_or_default());
        serde_json::from_value(fields).expect("a listing's fields")
    }

    #[test]
    fn floor_plans_and_the_video_tour_are_in_the_detail_file() {
        let properties = arcs(vec![listing("a", MainCategory::Residential, Some("Dubai Marina"), Some(1))]);
        let with = content_file(serde_json::json!({
            "floorPlans": ["media/plan-a.png", "https://cdn.example.ae/plan-b.png"],
            "videoTour": " https://www.youtube.com/watch?v=abc123 ",
        }));
        let mut images = std::collections::BTreeMap::new();
        let variant = |width: u32| crate::publish::images::Variant {
            width,
            src: format!("/media/_img/plan-{width}.jpg"),
            webp: format!("/media/_img/plan-{width}.webp"),
        };
        let info = crate::publish::images::ImageInfo {
            width: 1600,
            height: 1200,
            color: "#eeeeee".into(),
            variants: vec![variant(400), variant(800)],
        };
        images.insert("/media/plan-a.png".to_owned(), info);
        let pictures = Pictures::new(&images);
        let made =
            files(&properties, &[&with], &similar(&properties), &[0], &People::default(), &pictures, &|_| {
                (None, None)
            });
        let json: serde_json::Value = serde_json::from_slice(&made[0].1).expect("JSON");
        let plans = json["floorPlans"].as_array().expect("floor plans");
        assert_eq!(plans.len(), 2);
        assert_eq!(plans[0]["src"], "/media/plan-a.png");
        assert_eq!(plans[0]["width"], 1600);
        assert!(plans[0]["srcset"].as_str().is_some_and(|s| s.contains("400w")), "{json}");
        assert_eq!(plans[1], serde_json::json!({ "src": "https://cdn.example.ae/plan-b.png" }));
        assert_eq!(json["videoTour"], "https://www.youtube.com/watch?v=abc123");

        let without = content_file(serde_json::json!({}));
        let made = files(
            &properties,
            &[&without],
            &similar(&properties),
            &[0],
            &People::default(),
            &pictures,
            &|_| (None, None),
        );
        let json: serde_json::Value = serde_json::from_slice(&made[0].1).expect("JSON");
        assert!(json.get("floorPlans").is_none() && json.get("videoTour").is_none(), "{json}");
    }

    fn ids(properties: &[Arc<ApiProperty>], found: &[usize]) -> Vec<String> {
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
        let properties = arcs(properties);
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
        let properties = arcs(properties);
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
        let properties = arcs(properties);
        let files = all_files(&properties, &People::default(), &Pictures::default());
        let find = |name: &str| {
            files.iter().find(|(p, _)| *p == Path::new("data/detail").join(name)).map(|(_, b)| b.clone())
        };
        let detail: serde_json::Value = serde_json::from_slice(&find("x.json").unwrap()).unwrap();
        let key = qr_key(PERMIT);
        assert_eq!(key.len(), 16);
        assert_eq!(detail["qr"], format!("/data/qr/{key}.svg"));
        assert_eq!(detail["similar"][0]["id"], "y");
        assert_eq!(detail["similar"][0]["image"], serde_json::json!({"src": "/media/y.jpg"}));
        assert_eq!(detail["gallery"], serde_json::json!([{"src": "/media/x.jpg"}]));
        assert_eq!(detail["similar"][0]["mainCategory"], "Residential");
        assert_eq!(detail["similar"][0]["pricePeriod"], serde_json::Value::Null);
        let other: serde_json::Value = serde_json::from_slice(&find("y.json").unwrap()).unwrap();
        assert_eq!(other["qr"], serde_json::Value::Null);
        let shared: serde_json::Value = serde_json::from_slice(&find("z.json").unwrap()).unwrap();
        assert_eq!(shared["qr"], detail["qr"]);
        // No agent or developer named: no such fields.
        assert!(detail.get("agent").is_none() && detail.get("developer").is_none());
    }

    fn record<T>(id: &str, data: T) -> Arc<Record<T>> {
        use crate::content::yaml::{Node, Pos, Value};
        Arc::new(Record {
            id: id.into(),
            path: PathBuf::from(format!("{id}.yaml")),
            tree: Node { pos: Pos::default(), value: Value::Null },
            data,
            body: None,
            body_line: 1,
        })
    }

    fn member(name: &str, ar: Option<MemberTexts>) -> MemberFile {
        MemberFile {
            lang: Vec::new(),
            name: name.into(),
            role: "Sales Consultant".into(),
            image: "media/team/sara.jpg".into(),
            brn: Some("51736".into()),
            phone: Some("+971 4 555 0123".into()),
            whatsapp: None,
            email: Some("sara@example.ae".into()),
            languages: vec!["English".into()],
            order: 1,
            ar,
            ru: None,
        }
    }

    fn developer(name: &str, ru: Option<&str>) -> DeveloperFile {
        DeveloperFile {
            lang: Vec::new(),
            name: name.into(),
            logo: "media/developers/emaar.svg".into(),
            projects: 12,
            description: "Builds *towers*.".into(),
            image: "media/developers/emaar.jpg".into(),
            website: None,
            ar: None,
            ru: ru.map(|name| DeveloperTexts { name: Some(name.into()), description: None }),
        }
    }

    #[test]
    fn detail_files_carry_the_agent_and_developer_their_listing_names() {
        let team = vec![
            record(
                "sara",
                member("Sara Haddad", Some(MemberTexts { name: Some("سارة حداد".into()), role: None })),
            ),
            record("omar", member("Omar Aziz", None)),
        ];
        let developers = vec![
            record("emaar", developer("Emaar Properties", Some("Эмаар"))),
            record("nakheel", developer("Nakheel", None)),
        ];
        let pictures = Pictures::default();
        let people = People::new(&team, &developers, &pictures);
        let mut named = listing("x", MainCategory::OffPlan, None, None);
        named.agent = Some("sara".into());
        named.developer = Some("emaar".into());
        let mut other = listing("y", MainCategory::OffPlan, None, None);
        other.agent = Some("omar".into());
        other.developer = Some("nakheel".into());
        let properties = vec![named, other, listing("z", MainCategory::OffPlan, None, None)];
        let properties = arcs(properties);
        let files = all_files(&properties, &people, &pictures);
        let detail = |id: &str| -> serde_json::Value {
            let path = Path::new("data").join("detail").join(format!("{id}.json"));
            serde_json::from_slice(&files.iter().find(|(p, _)| *p == path).unwrap().1).unwrap()
        };
        // Exactly the fields the page shows, the image as a media URL, and only the languages
        // with texts (the front end's localize() puts them over the English ones).
        assert_eq!(
            detail("x")["agent"],
            serde_json::json!({
                "id": "sara", "name": "Sara Haddad", "role": "Sales Consultant",
                "image": {"src": "/media/team/sara.jpg"}, "brn": "51736", "phone": "+971 4 555 0123",
                "whatsapp": null, "email": "sara@example.ae",
                "translations": {"ar": {"name": "سارة حداد"}}
            })
        );
        assert_eq!(
            detail("x")["developer"],
            serde_json::json!({"id": "emaar", "name": "Emaar Properties", "translations": {"ru": {"name": "Эмаар"}}})
        );
        // Each listing its own people; none without translations has a translations field.
        assert_eq!(detail("y")["agent"]["name"], "Omar Aziz");
        assert!(detail("y")["agent"].get("translations").is_none());
        assert_eq!(detail("y")["developer"], serde_json::json!({"id": "nakheel", "name": "Nakheel"}));
        let none = detail("z");
        assert!(none.get("agent").is_none() && none.get("developer").is_none());
    }

    #[test]
    fn communities_are_compared_as_the_search_compares_them() {
        use MainCategory::*;
        // Case, accents and surrounding space aside, one community: the lead function's rule.
        let properties = vec![
            listing("a", Residential, Some("Jumeirah Café"), Some(1_000_000)),
            listing("b", Residential, Some("Elsewhere"), Some(1_000_000)),
            listing("c", Residential, Some(" JUMEIRAH CAFE "), Some(9_000_000)),
        ];
        let properties = arcs(properties);
        assert_eq!(ids(&properties, &similar(&properties)[0]), ["c", "b"]);
    }
}
