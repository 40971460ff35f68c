//! What `estate serve` keeps of the checks across records between rebuilds ([`Memo`]): for each
//! record, what a check found in it the last time, so a rebuild after one edit checks again only
//! the records it read again (and all of them when what the check compares them with changed).
//!
//! A record is known by its allocation: the load shares a record it did not read again
//! ([`crate::content::LoadCache`]), so the same `Arc` is the same file read the same way, and
//! whatever a check finds in it alone is what it found the last time. The memo holds each
//! record it names, so no other record can take its address meanwhile.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::content::Record;

/// The checks' memo under `estate serve`, shared by its rebuilds (they run one at a time; one
/// that finds it taken checks everything).
#[derive(Clone, Default)]
pub struct Memo(Arc<Mutex<Kept>>);

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("check::Memo")
    }
}

impl Memo {
    /// What the last check kept, taken out (empty while another check has it).
    pub(super) fn take(&self) -> Kept {
        match self.0.try_lock() {
            Ok(mut kept) => std::mem::take(&mut *kept),
            Err(_) => Kept::default(),
        }
    }

    /// Keeps `kept` for the next check.
    pub(super) fn put(&self, kept: Kept) {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = kept;
    }
}

/// What each check keeps.
#[derive(Default)]
pub(super) struct Kept {
    /// The records whose texts have a link or are too complex to render (the others give the
    /// link check nothing, whatever the rest of the content is).
    pub links: PerRecord<bool>,
    /// The unknown terms of each listing, and the vocabularies they were checked against.
    pub vocabulary: Option<super::vocabulary::Kept>,
    /// The media fields' problems of listings and posts, and what they were checked against.
    pub media: Option<(super::media::Against, PerRecord<super::media::Found>)>,
}

/// A value for each record, by the record's allocation.
pub(super) struct PerRecord<V> {
    by: HashMap<usize, (Arc<dyn Any + Send + Sync>, V)>,
}

impl<V> Default for PerRecord<V> {
    fn default() -> Self {
        PerRecord { by: HashMap::new() }
    }
}

fn key<T>(record: &Arc<Record<T>>) -> usize {
    Arc::as_ptr(record) as *const () as usize
}

impl<V> PerRecord<V> {
    pub fn with_capacity(n: usize) -> Self {
        PerRecord { by: HashMap::with_capacity(n) }
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
