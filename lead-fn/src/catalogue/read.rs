//! Reads a search index's bytes into a [`Snapshot`], and makes the index of an
//! `api/properties.json` for a site that has not published one.

use serde_json::value::RawValue;

use contract::ApiProperty;
use contract::search_index::{FORMAT, IndexedWord, MAGIC, SearchIndex};

use super::{Listing, Snapshot, Words, index, records};

/// Why bytes are not a search index this function reads.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("not a search index (it does not start as one)")]
    NotAnIndex,
    #[error("a search index of format {0}, which this function does not read (it reads {FORMAT})")]
    Format(u32),
    #[error("an unreadable search index: {0}")]
    Unreadable(String),
}

impl Snapshot {
    /// The snapshot of a search index's bytes ([`contract::search_index`]).
    pub fn from_index(bytes: &[u8]) -> Result<Snapshot, IndexError> {
        let rest = bytes.strip_prefix(&MAGIC).ok_or(IndexError::NotAnIndex)?;
        let (format, _) =
            postcard::take_from_bytes::<u32>(rest).map_err(|e| IndexError::Unreadable(e.to_string()))?;
        if format != FORMAT {
            return Err(IndexError::Format(format));
        }
        let index: SearchIndex =
            postcard::from_bytes(bytes).map_err(|e| IndexError::Unreadable(e.to_string()))?;
        let unreadable = |what: &str| IndexError::Unreadable(what.to_owned());
        let total: usize = index.listings.iter().map(|listing| listing.record.0.len()).sum();
        let mut records = Vec::with_capacity(total);
        let mut listings = Vec::with_capacity(index.listings.len());
        for listing in &index.listings {
            if listing.kind as usize >= index.kinds.len()
                || listing.communities.iter().any(|&c| c as usize >= index.communities.len())
            {
                return Err(unreadable("a listing names a type or community the index does not have"));
            }
            let start = records.len();
            records.extend_from_slice(listing.record.0);
            listings.push(Listing {
                id: listing.id.into(),
                category: listing.category,
                kind: listing.kind,
                bedrooms: listing.bedrooms,
                bathrooms: listing.bathrooms,
                area: listing.area,
                yearly_price: listing.yearly_price,
                handover_month: listing.handover_month.map(Into::into),
                furnishing: listing.furnishing,
                communities: listing.communities.as_slice().into(),
                cheques: listing.cheques,
                available_from: listing.available_from.map(Into::into),
                record: start..records.len(),
                record_length: listing.record_length as usize,
            });
        }
        let largest = listings.iter().map(|listing| listing.record_length).max().unwrap_or(0);
        Ok(Snapshot {
            listings,
            kinds: index.kinds.iter().map(|&kind| kind.into()).collect(),
            communities: index.communities.iter().map(|&key| key.into()).collect(),
            words: words(&index.words).ok_or_else(|| unreadable("its words are over 4 GB"))?,
            named: words(&index.named).ok_or_else(|| unreadable("its words are over 4 GB"))?,
            dictionary: index.dictionary.0.into(),
            records,
            terms: Default::default(),
            names: Default::default(),
            largest,
        })
    }

    /// The snapshot of the text of `api/properties.json` (what [`index_of_properties`] makes of
    /// it).
    pub fn parse(text: Vec<u8>) -> Result<Snapshot, serde_json::Error> {
        let index = index_of_properties(text)?;
        Ok(Snapshot::from_index(&index).expect("an index written here reads back"))
    }
}

/// The words packed as [`Words`] holds them; none when they are too many for its numbers.
fn words(list: &[IndexedWord]) -> Option<Words> {
    let mut words = Words {
        text: String::with_capacity(list.iter().map(|w| w.word.len()).sum()),
        word_ends: Vec::with_capacity(list.len()),
        listings: Vec::with_capacity(list.iter().map(|w| w.listings.0.len()).sum()),
        listing_ends: Vec::with_capacity(list.len()),
    };
    for word in list {
        words.text.push_str(word.word);
        words.listings.extend_from_slice(word.listings.0);
        words.word_ends.push(u32::try_from(words.text.len()).ok()?);
        words.listing_ends.push(u32::try_from(words.listings.len()).ok()?);
    }
    Some(words)
}

/// The search index of the text of `api/properties.json`, made as the build makes its own but
/// compressed faster (it is made at every load). Each listing is read where it is in the text,
/// one at a time, and the text let go before the index is written, so a load holds little more
/// than the text at once. A listing's record is the property written again as this function's
/// contract writes it (the build's own bytes for a site built by the same version; a file
/// written by hand, pretty-printed, is answered compact, as before the index).
pub fn index_of_properties(text: Vec<u8>) -> Result<Vec<u8>, serde_json::Error> {
    let level = records::Level::Fast;
    let (made, vocabulary, dictionary) = {
        let listings: Vec<&RawValue> = serde_json::from_slice(&text)?;
        // The dictionary is picked by the listings' ids (a first pass that keeps no listing).
        #[derive(serde::Deserialize)]
        struct Id<'a> {
            #[serde(borrow)]
            id: std::borrow::Cow<'a, str>,
        }
        let ids = listings
            .iter()
            .map(|listing| Ok((serde_json::from_str::<Id>(listing.get())?.id, listing.get().as_bytes())))
            .collect::<Result<Vec<_>, serde_json::Error>>()?;
        let dictionary = index::dictionary(ids.iter().map(|(id, raw)| (&**id, *raw)), level);
        drop(ids);
        let mut compressor = index::Compressor::new(&dictionary, level);
        let mut folder = crate::query::WordFolder::default();
        let mut vocabulary = index::Vocabulary::default();
        let mut made = Vec::with_capacity(listings.len());
        for listing in listings {
            let property: ApiProperty = serde_json::from_str(listing.get())?;
            let record = serde_json::to_vec(&property)?;
            let entry = index::Entry::new(&property, &mut folder, &mut vocabulary);
            made.push((entry, record.len(), compressor.compress(&record)));
        }
        (made, vocabulary, dictionary)
    };
    drop(text);
    let listings =
        made.iter().map(|(entry, length, compressed)| (entry, index::Record { length: *length, compressed }));
    Ok(index::write(listings, &vocabulary, &dictionary))
}
