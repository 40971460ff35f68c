//! The search index (`data/search-index.bin`, [`crate::files::SEARCH_INDEX`]): what the search
//! function reads of the published listings, made by the build beside `api/properties.json`, so
//! that a cold start reads a file about a quarter of that one's size and parses no listing (the
//! demo's 50,000 listings: 40 MiB for 168 MiB).
//!
//! It holds, per listing and in the catalogue's order (`api/properties.json`'s, newest first),
//! the values the search filters compare ([`IndexedListing`]) and the listing's API record (the
//! bytes a search answers, exactly as `api/properties.json` has them), compressed; beside them
//! the words search finds ([`IndexedWord`]), each with the listings that have it.
//!
//! The file is [postcard](https://docs.rs/postcard) (serde's compact binary form: integers as
//! varints, a string or byte string as its length and its bytes, an enum as its variant's number,
//! an `Option` as a byte 0 or 1 and the value) of [`SearchIndex`]: read without a tokenizer, its
//! strings and byte strings in place. It starts with [`MAGIC`] and [`FORMAT`]; a reader that does
//! not know the format reads `api/properties.json` instead.
//!
//! - A record is compressed alone (raw DEFLATE, RFC 1951) with [`SearchIndex::dictionary`] as
//!   its preset dictionary (the window it starts with), so an answer inflates only its own
//!   listings; its uncompressed length is [`IndexedListing::record_length`].
//! - A word's listings ([`IndexedWord::listings`]) are their numbers in the catalogue, ascending,
//!   each as an unsigned LEB128 varint of its difference from the one before (the first: from 0).
//! - Words are folded as the function folds a query's (`lead_fn::query::words`) and sorted by
//!   their bytes, so a query word is looked up as a prefix.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::api::{Furnishing, MainCategory};

/// The file's first bytes.
pub const MAGIC: [u8; 8] = *b"estidx\r\n";

/// The layout of [`SearchIndex`] after [`MAGIC`]; a change of any type here is a new number.
pub const FORMAT: u32 = 1;

/// The whole file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchIndex<'a> {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`FORMAT`].
    pub format: u32,
    /// The property types as search compares them (`lead_fn::catalogue::normalise_type`:
    /// 'apartment'), numbered by [`IndexedListing::kind`].
    #[serde(borrow)]
    pub kinds: Vec<&'a str>,
    /// The communities' keys (`crate::text::community_key`) of every language the listings name
    /// them in, numbered by [`IndexedListing::communities`].
    #[serde(borrow)]
    pub communities: Vec<&'a str>,
    /// The preset dictionary the records are compressed with (at most 32 KiB, DEFLATE's window).
    pub dictionary: Bytes<'a>,
    #[serde(borrow)]
    pub listings: Vec<IndexedListing<'a>>,
    /// The words of the texts search finds (title, location, type, reference and description, in
    /// every language), sorted.
    #[serde(borrow)]
    pub words: Vec<IndexedWord<'a>>,
    /// The words of the texts that name the listing (title, location, type and reference, in
    /// every language), sorted: a query word found in one of them ranks its listing higher.
    #[serde(borrow)]
    pub named: Vec<IndexedWord<'a>>,
}

/// One listing: what the filters compare, and its record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndexedListing<'a> {
    pub id: &'a str,
    pub category: MainCategory,
    /// Its type, a number of [`SearchIndex::kinds`].
    pub kind: u32,
    pub bedrooms: Option<u32>,
    pub bathrooms: Option<u32>,
    /// Square feet.
    pub area: Option<u32>,
    /// The price in AED as a year's amount (`crate::PricePeriod::yearly`).
    pub yearly_price: Option<u64>,
    /// An off-plan handover's month, `YYYY-MM`.
    pub handover_month: Option<&'a str>,
    pub furnishing: Option<Furnishing>,
    /// Its location's communities, numbers of [`SearchIndex::communities`], without repeats.
    pub communities: Vec<u32>,
    pub cheques: Option<u32>,
    /// `YYYY-MM-DD`.
    pub available_from: Option<&'a str>,
    /// The length of its API record's JSON.
    pub record_length: u32,
    /// Its API record's JSON, compressed.
    pub record: Bytes<'a>,
}

/// A word and the listings that have it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IndexedWord<'a> {
    pub word: &'a str,
    /// The listings' numbers, ascending, as LEB128 varints of their differences.
    pub listings: Bytes<'a>,
}

/// Bytes written as one byte string (its length, then the bytes), and read without a copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bytes<'a>(pub &'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Bytes<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Borrowed;
        impl<'de> serde::de::Visitor<'de> for Borrowed {
            type Value = &'de [u8];
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a byte string")
            }
            fn visit_borrowed_bytes<E: serde::de::Error>(self, bytes: &'de [u8]) -> Result<&'de [u8], E> {
                Ok(bytes)
            }
        }
        deserializer.deserialize_bytes(Borrowed).map(Bytes)
    }
}

/// Appends the listing numbers `numbers` (ascending) as [`IndexedWord::listings`] has them.
pub fn push_listings(out: &mut Vec<u8>, numbers: impl IntoIterator<Item = u32>) {
    let mut last = 0;
    for number in numbers {
        let mut rest = number - last;
        last = number;
        while rest >= 0x80 {
            out.push((rest as u8 & 0x7f) | 0x80);
            rest >>= 7;
        }
        out.push(rest as u8);
    }
}

/// The listing numbers of an [`IndexedWord::listings`]; stops at a varint cut short.
pub fn listings(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    let mut at = 0;
    let mut last = 0u32;
    std::iter::from_fn(move || {
        let mut value = 0u32;
        let mut shift = 0;
        loop {
            let byte = *bytes.get(at)?;
            at += 1;
            value |= u32::from(byte & 0x7f).checked_shl(shift)?;
            if byte & 0x80 == 0 {
                break;
            }
            shift += 7;
        }
        last = last.checked_add(value)?;
        Some(last)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_numbers_go_through_their_varints() {
        let numbers = [0, 1, 2, 127, 128, 300, 16_383, 16_384, 2_000_000, u32::MAX];
        let mut bytes = Vec::new();
        push_listings(&mut bytes, numbers);
        assert_eq!(listings(&bytes).collect::<Vec<_>>(), numbers);
        // 0, +1, +1 and +125 take a byte each; +1 (128) one, +172 two.
        assert_eq!(&bytes[..6], [0, 1, 1, 125, 1, 0xac]);
        assert_eq!(listings(&bytes[..bytes.len() - 1]).count(), numbers.len() - 1, "a varint cut short");
    }
}
