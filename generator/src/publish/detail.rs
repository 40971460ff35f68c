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
            .map(|i| picks(properties, i, in_community[i], in_category[i]))
            .collect()
    }

    /// [`Neighbours::similar`] of the listings `which` alone; `keys` as for [`Neighbours::new`].
    pub fn similar_of(
        &self,
        properties: &[Arc<ApiProperty>],
        keys: &[Option<&'a str>],
        which: &[usize],
    ) -> Vec<Vec<usize>> {
        let order = price_order(properties);
        which
            .iter()
            .map(|&i| {
                let category = properties[i].main_category;
                let community = keys[i].and_then(|key| self.communities.get(&(category, key)));
                let at = |list: &Vec<usize>| list.binary_search_by(|n| order(n, &i)).ok();
                let in_community = community.and_then(|list| Some((&list[..], at(list)?)));
                let in_category =
                    self.categories.get(&category).and_then(|list| Some((&list[..], at(list)?)));
                picks(properties, i, in_community, in_category.unwrap_or((&[][..], 0)))
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

/// The similar listings of the listing `i`, at `pos` in its community's list (if any) and in
/// its category's.
fn picks(
    properties: &[Arc<ApiProperty>],
    i: usize,
    community: Option<(&[usize], usize)>,
    (list, pos): (&[usize], usize),
) -> Vec<usize> {
    let mut picked = Vec::with_capacity(SIMILAR);
    let target = properties[i].price;
    if let Some((list, pos)) = community {
        nearest(properties, list, target, (pos, pos + 1), &mut picked);
    }
    nearest(properties, list, target, (pos, pos + 1), &mut picked);
    picked
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
#[path = "detail_tests.rs"]
pub(super) mod tests;
