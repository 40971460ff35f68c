//! What `estate serve` keeps of the checks across records between rebuilds
//! ([`super::Memo`]): for each record, what a check found in it the last time ([`PerRecord`]),
//! so a rebuild after one edit checks again only the records it read again (and all of them
//! when what the check compares them with changed).
//!
//! A record is known by its allocation: the load shares a record it did not read again
//! ([`crate::content::LoadCache`]), so the same `Arc` is the same file read the same way, and
//! whatever a check finds in it alone is what it found the last time. The memo holds each
//! record it names, so no other record can take its address meanwhile.

use std::any::Any;
use std::sync::Arc;

use fnv::FnvHashMap;

use crate::content::Record;

/// A value for each record, by the record's allocation (FNV: a rebuild looks up and keeps each
/// of 10,000 listings in three of these, which SipHash made milliseconds).
pub(super) struct PerRecord<V> {
    by: FnvHashMap<usize, (Arc<dyn Any + Send + Sync>, V)>,
}

impl<V> Default for PerRecord<V> {
    fn default() -> Self {
        PerRecord { by: FnvHashMap::default() }
    }
}

fn key<T>(record: &Arc<Record<T>>) -> usize {
    Arc::as_ptr(record) as *const () as usize
}

impl<V> PerRecord<V> {
    pub fn with_capacity(n: usize) -> Self {
        PerRecord { by: FnvHashMap::with_capacity_and_hasher(n, Default::default()) }
    }

    /// The value kept for this very record (the same allocation), if any.
    pub fn get<T>(&self, record: &Arc<Record<T>>) -> Option<&V> {
        self.by.get(&key(record)).map(|(_, value)| value)
    }

    /// Keeps `value` for `record` (and the record with it).
    pub fn insert<T: Send + Sync + 'static>(&mut self, record: &Arc<Record<T>>, value: V) {
        let held: Arc<dyn Any + Send + Sync> = record.clone();
        self.by.insert(key(record), (held, value));
    }

    pub fn len(&self) -> usize {
        self.by.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by.is_empty()
    }
}
