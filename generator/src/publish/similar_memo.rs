//! What `estate serve` keeps of the property pages' similar listings between rebuilds: the
//! published listings in order and each one's similar listings. An edit that moves no listing
//! in the price lists 'similar' walks (a title, a photo) keeps them as they were, and the
//! detail files to make again are found by comparing each listing's inputs by index, not by
//! looking 10,000 ids up in a map.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use contract::ApiProperty;

use crate::content::Record;
use crate::content::model::PropertyFile;

use super::made::Made;

/// How far after the last listing found [`Similar::changed`] looks for the next in the last
/// build's order before it looks the id up.
const NEAR: usize = 4;

/// The last build's published listings, newest first, and their similar listings.
#[derive(Default)]
pub(super) struct Similar {
    records: Vec<Arc<Record<PropertyFile>>>,
    api: Vec<Arc<ApiProperty>>,
    similar: Arc<Vec<Vec<usize>>>,
}

impl Similar {
    /// Whether `properties` are the last build's listings in the same order, each the same
    /// record or one the same for [`super::detail::similar`]: id, category, location and price.
    fn same_places(&self, properties: &[Made<PropertyFile, ApiProperty>]) -> bool {
        self.api.len() == properties.len()
            && self.api.iter().zip(properties).all(|(a, m)| same_place(a, &m.api))
    }

    /// The similar listings of `properties` when they are the last build's with some taken out
    /// (a listing sold), the others in the same order and in the same places ([`same_place`]).
    /// A listing's similar ones are then the last build's unless one of them was taken out: the
    /// walk that found them (`detail::nearest`) never reached a listing it did not pick, and
    /// one farther out is no nearer, so taking one out changes no other pick. Only the listings
    /// that had one taken out are looked at again.
    fn taken_out(
        &self,
        properties: &[Made<PropertyFile, ApiProperty>],
        neighbours: &Lazy,
    ) -> Option<Vec<Vec<usize>>> {
        if properties.len() >= self.api.len() || self.similar.len() != self.api.len() {
            return None;
        }
        // Each of the last build's listings' index now; None if taken out.
        let mut now = Vec::with_capacity(self.api.len());
        let mut next = 0;
        for a in &self.api {
            let kept = properties.get(next).is_some_and(|m| same_place(a, &m.api));
            now.push(kept.then_some(next));
            next += usize::from(kept);
        }
        if next != properties.len() {
            return None;
        }
        let (mut similar, mut again) = (Vec::with_capacity(properties.len()), Vec::new());
        for (was, _) in self.similar.iter().zip(&now).filter(|(_, now)| now.is_some()) {
            match was.iter().map(|&n| now[n]).collect::<Option<Vec<usize>>>() {
                Some(same) => similar.push(same),
                None => {
                    again.push(similar.len());
                    similar.push(Vec::new());
                }
            }
        }
        let found = neighbours.get().similar_of(neighbours.api, neighbours.keys, &again);
        for (i, picks) in again.into_iter().zip(found) {
            similar[i] = picks;
        }
        Some(similar)
    }

    /// The similar listings of each of `properties` (`detail::similar`), the last build's when
    /// it placed them all alike; and this build's memo. `api`: their API records.
    pub(super) fn of(
        &self,
        properties: &[Made<PropertyFile, ApiProperty>],
        api: &[Arc<ApiProperty>],
        neighbours: &Lazy,
    ) -> (Arc<Vec<Vec<usize>>>, bool) {
        if self.same_places(properties) {
            (self.similar.clone(), true)
        } else if let Some(similar) = self.taken_out(properties, neighbours) {
            (Arc::new(similar), false)
        } else {
            (Arc::new(neighbours.get().similar(api)), false)
        }
    }

    /// The ids of the last build's listings that `properties` lack, when they are the last
    /// build's in the same order with some taken out (none added or moved); None otherwise.
    pub(super) fn taken_out_ids(&self, properties: &[Made<PropertyFile, ApiProperty>]) -> Option<Vec<&str>> {
        let mut next = 0;
        let mut gone = Vec::new();
        for r in &self.records {
            match properties.get(next) {
                Some(m) if Arc::ptr_eq(r, &m.record) || r.id == m.record.id => next += 1,
                _ => gone.push(r.id.as_str()),
            }
        }
        (next == properties.len()).then_some(gone)
    }

    pub(super) fn now(
        properties: &[Made<PropertyFile, ApiProperty>],
        similar: Arc<Vec<Vec<usize>>>,
    ) -> Similar {
        Similar {
            records: properties.iter().map(|m| m.record.clone()).collect(),
            api: properties.iter().map(|m| m.api.clone()).collect(),
            similar,
        }
    }

    /// The indices of `properties` whose detail file's inputs (its record, then its similar
    /// listings' records in order) are not the last build's.
    pub(super) fn changed(
        &self,
        properties: &[Made<PropertyFile, ApiProperty>],
        similar: &[Vec<usize>],
    ) -> Vec<usize> {
        let same_inputs = |i: usize, j: usize| {
            let (now, last) = (&similar[i], &self.similar[j]);
            Arc::ptr_eq(&properties[i].record, &self.records[j])
                && now.len() == last.len()
                && now.iter().zip(last).all(|(&n, &l)| Arc::ptr_eq(&properties[n].record, &self.records[l]))
        };
        // The same allocation is the same id, known without reading the record (10,000 of them
        // read from memory took milliseconds of a rebuild).
        let same_id = |r: &Arc<Record<PropertyFile>>, m: &Made<PropertyFile, ApiProperty>| {
            Arc::ptr_eq(r, &m.record) || r.id == m.record.id
        };
        let same_order = self.records.len() == properties.len()
            && self.records.iter().zip(properties).all(|(r, m)| same_id(r, m));
        if same_order {
            return (0..properties.len()).filter(|&i| !same_inputs(i, i)).collect();
        }
        // A listing sold, added or moved: the others are in the last build's order still, each
        // found a few places after the last one found (a map of 10,000 ids only for the rest).
        let mut last: Option<HashMap<&str, usize>> = None;
        let mut next = 0;
        let mut changed = Vec::new();
        for (i, m) in properties.iter().enumerate() {
            let near = (next..self.records.len().min(next + NEAR)).find(|&j| same_id(&self.records[j], m));
            let found = near.or_else(|| {
                let last = last.get_or_insert_with(|| {
                    self.records.iter().enumerate().map(|(j, r)| (r.id.as_str(), j)).collect()
                });
                last.get(m.record.id.as_str()).copied()
            });
            if let Some(j) = near {
                next = j + 1;
            }
            if !found.is_some_and(|j| same_inputs(i, j)) {
                changed.push(i);
            }
        }
        changed
    }
}

/// Whether the listing `b` is where `a` was for [`super::detail::similar`]: the same record, or
/// the same id, category, location and price.
fn same_place(a: &Arc<ApiProperty>, b: &Arc<ApiProperty>) -> bool {
    Arc::ptr_eq(a, b)
        || (a.id == b.id
            && a.main_category == b.main_category
            && a.location == b.location
            && a.price == b.price)
}

/// The lists [`super::detail::Neighbours`] of the published listings, made when first needed
/// (an edit that moves no listing needs none), then shared by their similar listings and those
/// of the listings no longer published.
pub(super) struct Lazy<'a> {
    api: &'a [Arc<ApiProperty>],
    keys: &'a [Option<&'a str>],
    made: std::cell::OnceCell<super::detail::Neighbours<'a>>,
}

impl<'a> Lazy<'a> {
    /// Of `api`, whose community keys are `keys`, in the same order.
    pub(super) fn new(api: &'a [Arc<ApiProperty>], keys: &'a [Option<&'a str>]) -> Lazy<'a> {
        Lazy { api, keys, made: std::cell::OnceCell::new() }
    }

    fn get(&self) -> &super::detail::Neighbours<'a> {
        self.made.get_or_init(|| super::detail::Neighbours::new(self.api, self.keys))
    }
}

/// What each page of a listing no longer published was made from: its record, its similar
/// listings (indices into the published) and their API records.
pub(super) type Gone = HashMap<String, (Arc<Record<PropertyFile>>, Vec<usize>, Vec<Arc<ApiProperty>>)>;

/// A page file to write, relative to the output folder.
type GoneFile = (PathBuf, Vec<u8>);

/// The pages of the listings no longer published (`detail::gone_file`): those whose record and
/// similar listings' records are the last build's are kept (`trusted`: the output holds that
/// build), the others made; with `same_places` ([`Similar::of`]) a kept record's similar listings
/// are the last build's and are not searched for again. Returns the files to write, those kept,
/// and this build's memo.
pub(super) fn gone_pages(
    gone: &[&Arc<Record<PropertyFile>>],
    properties: &[Arc<ApiProperty>],
    pictures: &super::images::Pictures,
    before: &Gone,
    (same_places, neighbours): (bool, &Lazy),
    trusted: bool,
) -> (Vec<GoneFile>, Vec<PathBuf>, Gone) {
    let last =
        |r: &Arc<Record<PropertyFile>>| before.get(&r.id).filter(|(record, ..)| Arc::ptr_eq(record, r));
    let unplaced: Vec<&Arc<Record<PropertyFile>>> =
        gone.iter().copied().filter(|r| !(same_places && last(r).is_some())).collect();
    let placed = match unplaced.is_empty() {
        true => Vec::new(),
        false => neighbours.get().similar_to(properties, &super::detail::gone_probes(&unplaced)),
    };
    let mut placed = placed.into_iter();
    let (mut files, mut kept, mut now) = (Vec::new(), Vec::new(), Gone::new());
    for r in gone {
        let similar = match last(r) {
            Some((_, similar, _)) if same_places => similar.clone(),
            _ => placed.next().unwrap_or_default(),
        };
        let apis: Vec<Arc<ApiProperty>> = similar.iter().map(|&n| properties[n].clone()).collect();
        let same =
            last(r).is_some_and(|(_, was, cards)| *was == similar && super::made::same_arcs(cards, &apis));
        if trusted && same {
            kept.push(crate::publish::file(&contract::files::gone(&r.id)));
        } else {
            files.push(super::detail::gone_file(r, &similar, properties, pictures));
        }
        now.insert(r.id.clone(), ((*r).clone(), similar, apis));
    }
    (files, kept, now)
}
