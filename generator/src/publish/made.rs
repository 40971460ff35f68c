//! Each listing's and post's API record and JSON as a build made them (or took them from the
//! last build's memo, [`super::known`]), with what the data files derive from a listing's record.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;

use crate::content::Record;

/// An API record and its JSON, made from `record`.
pub(super) struct Made<R, A> {
    pub(super) record: Arc<Record<R>>,
    pub(super) api: Arc<A>,
    pub(super) json: Arc<Vec<u8>>,
    /// Made by this build (not taken from the memo).
    pub(super) fresh: bool,
    /// What the data files take from a listing's API record besides its JSON, made the first
    /// time a build asks and kept with the record (so an edit makes one listing's again).
    pub(super) derived: Arc<OnceLock<Derived>>,
}

/// See [`Made::derived`].
pub(super) struct Derived {
    /// The card (`listings::card_json`).
    pub(super) card: Arc<Vec<u8>>,
    /// The community key of its location (`contract::text::community_key`).
    pub(super) key: Option<String>,
    /// The vocabulary's community it is in (`guides::community_of`).
    pub(super) community: Option<String>,
}

impl<R, A> Clone for Made<R, A> {
    fn clone(&self) -> Self {
        Made {
            record: self.record.clone(),
            api: self.api.clone(),
            json: self.json.clone(),
            fresh: self.fresh,
            derived: self.derived.clone(),
        }
    }
}

/// The API record of each of `records`, newest first (by `time`, then id), taken from `known`
/// when made from the same record.
pub(super) fn made<R, A>(
    records: &[&Arc<Record<R>>],
    known: &HashMap<String, Made<R, A>>,
    make: impl Fn(&Record<R>) -> A + Sync,
    time: impl Fn(&Record<R>) -> crate::content::model::Timestamp,
) -> Vec<Made<R, A>>
where
    R: Send + Sync,
    A: serde::Serialize + Send + Sync,
{
    let mut made: Vec<Made<R, A>> = records
        .par_iter()
        .map(|record| match known.get(&record.id) {
            Some(m) if Arc::ptr_eq(&m.record, record) => Made { fresh: false, ..m.clone() },
            _ => {
                let api = make(record);
                let json = serde_json::to_vec(&api).expect("API records always serialise");
                Made {
                    record: Arc::clone(record),
                    api: Arc::new(api),
                    json: Arc::new(json),
                    fresh: true,
                    derived: Arc::default(),
                }
            }
        })
        .collect();
    made.sort_by(|a, b| time(&b.record).cmp(&time(&a.record)).then_with(|| a.record.id.cmp(&b.record.id)));
    made
}

/// Whether two lists hold the same values: the same allocations, in the same order (what a build
/// kept of the last one is known unchanged this way, without comparing the values).
pub(super) fn same_arcs<T>(a: &[Arc<T>], b: &[Arc<T>]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| Arc::ptr_eq(a, b))
}
