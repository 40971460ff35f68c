//! The listings' API records as the search index keeps them: each compressed alone (raw
//! DEFLATE) with one preset dictionary, so an answer inflates only its own listings' records, and
//! the catalogue stays in memory at about a fifth of its JSON's size.
//!
//! The dictionary is the start of the window the compressor and the decompressor begin with:
//! records that share their keys, their photos' address patterns and their words compress to
//! their differences from it. [`dictionary`] takes it from the catalogue itself: the records of a
//! few listings picked by their ids, so a build that changes other listings keeps it (and
//! `estate serve` keeps their records compressed from one build to the next).

use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};

/// DEFLATE's window: no dictionary byte further back than this is ever referred to.
pub const MAX_DICTIONARY: usize = 32 * 1024;

/// How many listings' records the dictionary is made of, at most.
const DICTIONARY_RECORDS: usize = 12;

/// How hard the compressor tries: the build's index is made once and read many times; a
/// function reading a site without one ([`Level::Fast`]) makes its own at every load.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// DEFLATE's level 6 and a dictionary of 32 KiB: the demo's records to 18% of their size
    /// (level 9 made them no smaller, in a third more time).
    Best,
    /// Level 1 and a dictionary of 8 KiB: to 29%, in a fifth of the time.
    Fast,
}

impl Level {
    fn dictionary_bytes(self) -> usize {
        match self {
            Level::Best => MAX_DICTIONARY,
            Level::Fast => 8 * 1024,
        }
    }
}

/// A dictionary for the listings' records (`(id, record)`): the records of the
/// [`DICTIONARY_RECORDS`] listings whose ids hash lowest, joined, their last bytes (those
/// nearest the record compressed cost the least to refer to). Which listings those are does not
/// change with the others, nor with the catalogue's order.
pub fn dictionary<'a>(listings: impl IntoIterator<Item = (&'a str, &'a [u8])>, level: Level) -> Vec<u8> {
    let mut picked: Vec<(u64, &[u8])> = Vec::with_capacity(DICTIONARY_RECORDS + 1);
    for (id, record) in listings {
        let hash = fnv1a(id.as_bytes());
        if picked.len() == DICTIONARY_RECORDS && picked.last().is_some_and(|(last, _)| hash >= *last) {
            continue;
        }
        let at = picked.partition_point(|(other, _)| *other <= hash);
        picked.insert(at, (hash, record));
        picked.truncate(DICTIONARY_RECORDS);
    }
    let mut joined: Vec<u8> = picked.iter().flat_map(|(_, record)| record.iter().copied()).collect();
    joined.split_off(joined.len().saturating_sub(level.dictionary_bytes()))
}

/// FNV-1a, 64 bits: a hash every build and version computes alike.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// Compresses records with one dictionary, reusing its state from one record to the next.
pub struct Compressor {
    dictionary: Vec<u8>,
    state: Compress,
}

impl std::fmt::Debug for Compressor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compressor").field("dictionary", &self.dictionary.len()).finish_non_exhaustive()
    }
}

impl Compressor {
    pub fn new(dictionary: &[u8], level: Level) -> Compressor {
        let level = match level {
            Level::Best => Compression::default(),
            Level::Fast => Compression::fast(),
        };
        let dictionary = dictionary[dictionary.len().saturating_sub(MAX_DICTIONARY)..].to_vec();
        Compressor { dictionary, state: Compress::new(level, false) }
    }

    /// `record` compressed.
    pub fn compress(&mut self, record: &[u8]) -> Vec<u8> {
        self.state.reset();
        if !self.dictionary.is_empty() {
            self.state
                .set_dictionary(&self.dictionary)
                .expect("a raw stream takes a dictionary before its data");
        }
        // DEFLATE never grows data by more than 5 bytes per 16 KiB block, and a few for the end.
        let mut out = Vec::with_capacity(record.len() + record.len() / 1000 + 64);
        loop {
            let read = self.state.total_in() as usize;
            let status = self
                .state
                .compress_vec(&record[read..], &mut out, FlushCompress::Finish)
                .expect("compressing into memory does not fail");
            if status == Status::StreamEnd {
                // Room for the record as it was, kept by every record, would be most of memory.
                out.shrink_to_fit();
                return out;
            }
            out.reserve(out.capacity().max(64));
        }
    }
}

/// Why a record could not be inflated.
#[derive(Debug, thiserror::Error)]
#[error("a record of the search index does not inflate to its length: {0}")]
pub struct Unreadable(String);

/// Appends `compressed`, `length` bytes once inflated with `dictionary`, to `out`.
pub fn inflate_into(
    dictionary: &[u8],
    compressed: &[u8],
    length: usize,
    out: &mut Vec<u8>,
) -> Result<(), Unreadable> {
    let mut state = Decompress::new(false);
    if !dictionary.is_empty() {
        state.set_dictionary(dictionary).map_err(|e| Unreadable(e.to_string()))?;
    }
    let start = out.len();
    // Room for a byte more than the record, so one that inflates to more is seen to.
    out.reserve(length + 1);
    let status = state
        .decompress_vec(compressed, out, FlushDecompress::Finish)
        .map_err(|e| Unreadable(e.to_string()))?;
    // One that inflates to more, or ends early, is not the record the index names.
    let inflated = out.len() - start;
    if status != Status::StreamEnd || inflated != length {
        out.truncate(start);
        return Err(Unreadable(format!("{inflated} bytes or more, not {length}")));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_come_back_as_they_went_in_and_the_dictionary_pays() {
        let records: Vec<Vec<u8>> = (0..40)
            .map(|i| {
                format!(r#"{{"id":"listing-{i}","title":"Apartment in Dubai Marina #{i}","Images":["/media/{i}.jpg"]}}"#)
                    .into_bytes()
            })
            .collect();
        let ids: Vec<String> = (0..records.len()).map(|i| format!("listing-{i}")).collect();
        let listings = || ids.iter().map(String::as_str).zip(records.iter().map(Vec::as_slice));
        let dictionary = dictionary(listings(), Level::Best);
        assert!(!dictionary.is_empty() && dictionary.len() <= MAX_DICTIONARY);
        // The same listings in another order, or beside more whose ids hash higher: the same.
        assert_eq!(dictionary, super::dictionary(listings().rev(), Level::Best));
        let highest = ids.iter().map(|id| fnv1a(id.as_bytes())).max().unwrap_or(0);
        let more: Vec<String> =
            (0..2000).map(|i| format!("other-{i}")).filter(|id| fnv1a(id.as_bytes()) > highest).collect();
        assert!(!more.is_empty());
        let beside = listings().chain(more.iter().map(|id| (id.as_str(), &b"{}"[..])));
        assert_eq!(dictionary, super::dictionary(beside, Level::Best));
        for (dictionary, level) in
            [(&dictionary[..], Level::Best), (&dictionary[..], Level::Fast), (&[][..], Level::Best)]
        {
            let mut compressor = Compressor::new(dictionary, level);
            let mut total = 0;
            for record in &records {
                let compressed = compressor.compress(record);
                total += compressed.len();
                let mut out = b"[".to_vec();
                inflate_into(dictionary, &compressed, record.len(), &mut out).expect("inflates");
                assert_eq!(&out[1..], &record[..]);
                // The wrong length is refused and leaves `out` as it was.
                let mut out = Vec::new();
                assert!(inflate_into(dictionary, &compressed, record.len() - 1, &mut out).is_err());
                assert!(out.is_empty());
            }
            let raw: usize = records.iter().map(Vec::len).sum();
            if !dictionary.is_empty() {
                assert!(total * 3 < raw, "{total} of {raw} bytes");
            }
        }
    }
}
