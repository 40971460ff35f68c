//! Writes the search index ([`contract::search_index`]): the build publishes it as
//! `data/search-index.bin` ([`contract::files::SEARCH_INDEX`]), and the function makes one in
//! memory from `api/properties.json` where a site has not published it yet, so every catalogue
//! is searched through the same index.
//!
//! What a listing is found by is decided here, once for the build and the function: the words
//! of its texts ([`searchable_texts`], folded by [`WordFolder`]), the words that name it
//! ([`ranked_text`]), its type as search compares it ([`normalise_type`]), its communities'
//! keys in every language it gives them ([`community_key`]).

use std::borrow::Cow;
use std::collections::HashMap;

use contract::search_index::{self as format, Bytes, IndexedListing, IndexedWord, SearchIndex};
use contract::text::{community_key, fold};
use contract::{ApiProperty, Furnishing, MainCategory, PricePeriod};

pub use super::records::{Compressor, Level, dictionary};
use crate::query::WordFolder;

/// Words numbered in the order they are first seen: the words of an index's listings, which
/// [`Entry`] holds by number (the build keeps them from one build to the next, so a listing it
/// did not change keeps its entry).
#[derive(Debug, Default)]
pub struct Vocabulary {
    numbers: HashMap<Box<str>, u32>,
    words: Vec<Box<str>>,
}

impl Vocabulary {
    pub fn number(&mut self, word: &str) -> u32 {
        if let Some(&number) = self.numbers.get(word) {
            return number;
        }
        let number = u32::try_from(self.words.len()).expect("fewer than 4 billion words");
        self.words.push(word.into());
        self.numbers.insert(word.into(), number);
        number
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }
}

/// A listing as the index holds it, but its record: what the filters compare, and its words as
/// numbers of a [`Vocabulary`].
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    id: String,
    category: MainCategory,
    kind: String,
    bedrooms: Option<u32>,
    bathrooms: Option<u32>,
    area: Option<u32>,
    yearly_price: Option<u64>,
    handover_month: Option<String>,
    furnishing: Option<Furnishing>,
    communities: Vec<String>,
    cheques: Option<u32>,
    available_from: Option<String>,
    words: Box<[u32]>,
    named: Box<[u32]>,
}

impl Entry {
    /// The entry of `property`: its words (those of the texts search finds,
    /// [`searchable_texts`], and those of the texts that name it, [`ranked_text`]) folded by
    /// `folder` and numbered in `vocabulary`, each once.
    pub fn new(property: &ApiProperty, folder: &mut WordFolder, vocabulary: &mut Vocabulary) -> Entry {
        let mut words = Vec::new();
        for text in searchable_texts(property) {
            folder.each(&text, |word| words.push(vocabulary.number(word)));
        }
        let mut named = Vec::new();
        folder.each(&ranked_text(property), |word| named.push(vocabulary.number(word)));
        for list in [&mut words, &mut named] {
            list.sort_unstable();
            list.dedup();
        }
        Entry {
            id: property.id.clone(),
            category: property.main_category,
            kind: normalise_type(&property.sub_category),
            bedrooms: property.bedrooms,
            bathrooms: property.bathrooms,
            area: property.area,
            yearly_price: property.price.map(|price| PricePeriod::yearly(property.price_period, price)),
            handover_month: property
                .completion_date
                .as_deref()
                .and_then(|date| date.get(..7))
                .map(str::to_owned),
            furnishing: property.furnishing,
            communities: community_keys(property),
            cheques: property.cheques,
            available_from: property.available_from.clone(),
            words: words.into(),
            named: named.into(),
        }
    }
}

/// A listing's record: its JSON's length, and the JSON compressed by a [`Compressor`] with the
/// index's dictionary.
#[derive(Debug, Clone, Copy)]
pub struct Record<'a> {
    pub length: usize,
    pub compressed: &'a [u8],
}

/// The index's bytes: the `listings` in the catalogue's order, each entry with its record, their
/// words numbered in `vocabulary`, the records compressed with `dictionary`.
pub fn write<'a>(
    listings: impl IntoIterator<Item = (&'a Entry, Record<'a>)>,
    vocabulary: &Vocabulary,
    dictionary: &[u8],
) -> Vec<u8> {
    let listings: Vec<(&Entry, Record)> = listings.into_iter().collect();
    let mut kinds = Numbered::default();
    let mut communities = Numbered::default();
    let mut rows = Vec::with_capacity(listings.len());
    for (entry, record) in &listings {
        let mut keys: Vec<u32> = entry.communities.iter().map(|key| communities.number(key)).collect();
        keys.dedup();
        rows.push(IndexedListing {
            id: &entry.id,
            category: entry.category,
            kind: kinds.number(&entry.kind),
            bedrooms: entry.bedrooms,
            bathrooms: entry.bathrooms,
            area: entry.area,
            yearly_price: entry.yearly_price,
            handover_month: entry.handover_month.as_deref(),
            furnishing: entry.furnishing,
            communities: keys,
            cheques: entry.cheques,
            available_from: entry.available_from.as_deref(),
            record_length: u32::try_from(record.length).unwrap_or(u32::MAX),
            record: Bytes(record.compressed),
        });
    }
    let entries: Vec<&Entry> = listings.iter().map(|(entry, _)| *entry).collect();
    let (words, words_bytes) = postings(&entries, |entry| &entry.words, vocabulary);
    let (named, named_bytes) = postings(&entries, |entry| &entry.named, vocabulary);
    let index = SearchIndex {
        magic: format::MAGIC,
        format: format::FORMAT,
        kinds: kinds.names.iter().map(|name| &**name).collect(),
        communities: communities.names.iter().map(|name| &**name).collect(),
        dictionary: Bytes(dictionary),
        listings: rows,
        words: as_words(&words, &words_bytes),
        named: as_words(&named, &named_bytes),
    };
    postcard::to_allocvec(&index).expect("an index in memory always serialises")
}

/// The index of the listings (each an API record and its JSON as published), in the
/// catalogue's order: all of it made here (the function's, for a site without one; tests).
pub fn write_all<'a>(
    listings: impl IntoIterator<Item = (&'a ApiProperty, &'a [u8])>,
    level: Level,
) -> Vec<u8> {
    let listings: Vec<_> = listings.into_iter().collect();
    let dictionary =
        dictionary(listings.iter().map(|(property, record)| (property.id.as_str(), *record)), level);
    let mut compressor = Compressor::new(&dictionary, level);
    let mut folder = WordFolder::default();
    let mut vocabulary = Vocabulary::default();
    let made: Vec<(Entry, usize, Vec<u8>)> = listings
        .iter()
        .map(|(property, record)| {
            let entry = Entry::new(property, &mut folder, &mut vocabulary);
            (entry, record.len(), compressor.compress(record))
        })
        .collect();
    let listings =
        made.iter().map(|(entry, length, compressed)| (entry, Record { length: *length, compressed }));
    write(listings, &vocabulary, &dictionary)
}

fn as_words<'a>(lists: &[(&'a str, std::ops::Range<usize>)], bytes: &'a [u8]) -> Vec<IndexedWord<'a>> {
    lists.iter().map(|(word, range)| IndexedWord { word, listings: Bytes(&bytes[range.clone()]) }).collect()
}

/// Each word some listing has (`of` gives a listing's word numbers, each once), sorted, with where
/// its listings' numbers are in the bytes returned, written as the index writes them. Counted
/// first and then placed, so a build of 10,000 listings (some two million words of theirs) makes
/// no list per word.
fn postings<'a>(
    entries: &[&Entry],
    of: impl Fn(&Entry) -> &[u32],
    vocabulary: &'a Vocabulary,
) -> (Vec<(&'a str, std::ops::Range<usize>)>, Vec<u8>) {
    let mut starts = vec![0usize; vocabulary.len() + 1];
    for entry in entries {
        for &word in of(entry) {
            starts[word as usize + 1] += 1;
        }
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    // Each word's listings in order, one word after another.
    let mut placed = vec![0u32; starts[vocabulary.len()]];
    let mut next = starts.clone();
    for (number, entry) in entries.iter().enumerate() {
        for &word in of(entry) {
            placed[next[word as usize]] = number as u32;
            next[word as usize] += 1;
        }
    }
    let mut used: Vec<usize> =
        (0..vocabulary.len()).filter(|&word| starts[word] < starts[word + 1]).collect();
    used.sort_unstable_by(|&a, &b| vocabulary.words[a].cmp(&vocabulary.words[b]));
    let mut bytes = Vec::with_capacity(placed.len() + placed.len() / 4);
    let lists = used
        .into_iter()
        .map(|word| {
            let start = bytes.len();
            format::push_listings(&mut bytes, placed[starts[word]..starts[word + 1]].iter().copied());
            (&*vocabulary.words[word], start..bytes.len())
        })
        .collect();
    (lists, bytes)
}

/// Names numbered in the order they are first seen.
#[derive(Debug, Default)]
struct Numbered<'a> {
    names: Vec<&'a str>,
    numbers: HashMap<&'a str, u32>,
}

impl<'a> Numbered<'a> {
    fn number(&mut self, name: &'a str) -> u32 {
        let next = self.names.len() as u32;
        *self.numbers.entry(name).or_insert_with(|| {
            self.names.push(name);
            next
        })
    }
}

/// The texts a match in ranks highest: the title, the location (community and building), the
/// type and the reference, and the translated titles and locations.
pub fn ranked_text(property: &ApiProperty) -> String {
    let mut parts: Vec<&str> = vec![
        &property.title,
        property.location.as_deref().unwrap_or(""),
        &property.sub_category,
        property.reference.as_deref().unwrap_or(""),
    ];
    for translation in property.translations.values() {
        parts.extend(translation.title.as_deref());
        parts.extend(translation.location.as_deref());
    }
    parts.join("\n")
}

/// 'Apartments', 'apartment' and 'APARTMENT' are one type.
pub fn normalise_type(text: &str) -> String {
    let lower = fold(text.trim());
    match lower.strip_suffix('s') {
        Some(stem) => stem.to_owned(),
        None => lower,
    }
}

/// Title, location, sub-category, reference and description text, in every language: the texts
/// whose words search finds (each apart, so no word runs from one into the next).
fn searchable_texts(property: &ApiProperty) -> impl Iterator<Item = Cow<'_, str>> {
    let own = [
        Cow::Borrowed(property.title.as_str()),
        Cow::Borrowed(property.location.as_deref().unwrap_or("")),
        Cow::Borrowed(property.sub_category.as_str()),
        Cow::Borrowed(property.reference.as_deref().unwrap_or("")),
        Cow::Owned(strip_tags(&property.description)),
    ];
    let translated = property.translations.values().flat_map(|translation| {
        [
            Cow::Borrowed(translation.title.as_deref().unwrap_or("")),
            Cow::Borrowed(translation.location.as_deref().unwrap_or("")),
            Cow::Owned(strip_tags(translation.description.as_deref().unwrap_or(""))),
        ]
    });
    own.into_iter().chain(translated)
}

/// The keys of the property's location in English and in its translations, without repeats:
/// an Arabic or Russian name in the 'Area' dropdown's parameter finds the listing as the English
/// one does (the generator fills the translated locations from the communities vocabulary).
fn community_keys(property: &ApiProperty) -> Vec<String> {
    let names = std::iter::once(property.location.as_deref())
        .chain(property.translations.values().map(|t| t.location.as_deref()));
    let mut keys: Vec<String> = names.flatten().filter_map(community_key).collect();
    keys.dedup();
    keys
}

/// The text of sanitised HTML (the generator's markdown output): tags dropped, the entities
/// it writes decoded.
fn strip_tags(html: &str) -> String {
    // A tag is '<' to the next '>' (a space in the text); one never closed runs to the end.
    let mut text = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        push_decoded(&mut text, &rest[..open]);
        match rest[open..].find('>') {
            Some(close) => {
                text.push(' ');
                rest = &rest[open + close + 1..];
            }
            None => return text,
        }
    }
    push_decoded(&mut text, rest);
    text
}

/// `part` with the entities the generator writes decoded (`&amp;lt;` is `&lt;`: once).
fn push_decoded(text: &mut String, part: &str) {
    const ENTITIES: [(&str, char); 5] =
        [("&lt;", '<'), ("&gt;", '>'), ("&quot;", '"'), ("&#39;", '\''), ("&amp;", '&')];
    let mut rest = part;
    while let Some(at) = rest.find('&') {
        text.push_str(&rest[..at]);
        rest = &rest[at..];
        match ENTITIES.iter().find(|(entity, _)| rest.starts_with(entity)) {
            Some((entity, c)) => {
                text.push(*c);
                rest = &rest[entity.len()..];
            }
            None => {
                text.push('&');
                rest = &rest[1..];
            }
        }
    }
    text.push_str(rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_dropped_and_entities_decoded() {
        assert_eq!(strip_tags("<p>Sea &amp; <em>sky</em></p>"), " Sea &  sky  ");
    }

    /// Tags dropped, then the text's entities decoded, each in a pass of its own, `&amp;` last:
    /// what the one pass of `strip_tags` must give.
    fn by_the_rule(html: &str) -> String {
        let mut text = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => {
                    in_tag = false;
                    text.push(' ');
                }
                _ if !in_tag => text.push(c),
                _ => {}
            }
        }
        let decoded = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")];
        decoded.iter().fold(text, |text, (entity, c)| text.replace(entity, c))
    }

    #[test]
    fn tags_and_entities_in_one_pass_as_in_two() {
        let pieces = [
            "<", ">", "&", "amp;", "lt;", "gt;", "quot;", "#39;", "&#39;", "&amp;lt;", "p", " ", "é", "<br>",
            ";",
        ];
        let mut rng = fastrand::Rng::with_seed(5);
        for _ in 0..5000 {
            let html: String = (0..rng.usize(0..16)).map(|_| pieces[rng.usize(..pieces.len())]).collect();
            assert_eq!(strip_tags(&html), by_the_rule(&html), "{html:?}");
        }
    }

    #[test]
    fn types_compare_without_case_or_plural() {
        assert_eq!(normalise_type(" Apartments "), "apartment");
        assert_eq!(normalise_type("APARTMENT"), "apartment");
        assert_eq!(normalise_type("Full Floor"), "full floor");
    }
}
