//! The search function's index of the listings (`data/search-index.bin`,
//! `contract::search_index`), written by `lead_fn::catalogue::index`, where what a search finds
//! a listing by is decided: per listing what the filters compare, its words, and its API record
//! (the bytes of `api/properties.json`) compressed with a dictionary taken from a few listings.
//!
//! Under `estate serve` each listing's entry (its words numbered) and its compressed record are
//! kept with its record from one build to the next ([`Memo`]): an edit indexes and compresses
//! that listing again (the dictionary's listings are picked by their ids, so it stays unless one
//! of those changes), and the file is written from the parts. The bytes are those a clean build
//! writes: the words' numbers are never written, only the words, sorted.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use contract::ApiProperty;
use lead_fn::catalogue::WordFolder;
use lead_fn::catalogue::index::{Compressor, Entry, Level, Record, Vocabulary, dictionary, write};
use rayon::prelude::*;

use super::made::Made;
use crate::content::model::PropertyFile;

/// What a build kept of each listing's part of the index.
#[derive(Default)]
pub(super) struct Memo {
    /// The numbers of the entries' words (kept as long as any entry that uses them; it only grows,
    /// by the words edits bring).
    vocabulary: Arc<Mutex<Vocabulary>>,
    /// The dictionary the records were compressed with.
    dictionary: Arc<Vec<u8>>,
    /// By listing id: the JSON its part was made from (the same allocation is the same record,
    /// as `made` keeps it), its entry and its record compressed.
    kept: HashMap<String, Kept>,
}

#[derive(Clone)]
struct Kept {
    json: Arc<Vec<u8>>,
    entry: Arc<Entry>,
    compressed: Arc<Vec<u8>>,
}

/// The index of `properties` (the published listings, in the catalogue's order), and what to keep
/// for the next build, from what the last one kept (`before`).
pub(super) fn index(properties: &[Made<PropertyFile, ApiProperty>], before: &Memo) -> (Vec<u8>, Memo) {
    let level = Level::Best;
    let dictionary = dictionary(properties.iter().map(|m| (m.api.id.as_str(), m.json.as_slice())), level);
    let dictionary =
        if dictionary == *before.dictionary { before.dictionary.clone() } else { Arc::new(dictionary) };
    let same_dictionary = Arc::ptr_eq(&dictionary, &before.dictionary);
    let kept = |m: &Made<PropertyFile, ApiProperty>| {
        before.kept.get(&m.api.id).filter(|kept| Arc::ptr_eq(&kept.json, &m.json))
    };
    // The records to compress (on every core), and then the entries to make (in order: their
    // words are numbered as they are first seen).
    let compressed: Vec<Arc<Vec<u8>>> = properties
        .par_iter()
        .map_init(
            || None,
            |compressor: &mut Option<Compressor>, m| match kept(m) {
                Some(kept) if same_dictionary => kept.compressed.clone(),
                _ => {
                    let compressor = compressor.get_or_insert_with(|| Compressor::new(&dictionary, level));
                    Arc::new(compressor.compress(&m.json))
                }
            },
        )
        .collect();
    let mut vocabulary = before.vocabulary.lock().unwrap_or_else(PoisonError::into_inner);
    let mut folder = WordFolder::default();
    let entries: Vec<Arc<Entry>> = properties
        .iter()
        .map(|m| match kept(m) {
            Some(kept) => kept.entry.clone(),
            None => Arc::new(Entry::new(&m.api, &mut folder, &mut vocabulary)),
        })
        .collect();
    let listings = entries
        .iter()
        .zip(&compressed)
        .zip(properties)
        .map(|((entry, compressed), m)| (&**entry, Record { length: m.json.len(), compressed }));
    let bytes = write(listings, &vocabulary, &dictionary);
    drop(vocabulary);
    let kept = properties
        .iter()
        .zip(entries)
        .zip(compressed)
        .map(|((m, entry), compressed)| (m.api.id.clone(), Kept { json: m.json.clone(), entry, compressed }))
        .collect();
    (bytes, Memo { vocabulary: before.vocabulary.clone(), dictionary, kept })
}
