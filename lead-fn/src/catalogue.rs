//! The published properties, as the function sees them: loaded from the site's own
//! `api/properties.json`, either a file (in `estate serve`, rewritten by every rebuild) or a URL
//! (on Lambda, the deployed site), and kept in memory with what search needs precomputed.
//!
//! Beside it, the communities' and types' names the query reader looks for
//! (`data/search-terms.json`, [`contract::vocabulary::SearchTerms`]), from the same site: a
//! site without that file is searched by its words alone.
//!
//! A file is reloaded when its modification time or size changes; a URL is fetched again once
//! its copy is older than the refresh interval. When a reload fails, the last good copy stays in
//! use (and the failure is logged), so a CDN hiccup never empties the search results.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use serde_json::value::RawValue;

use contract::ApiProperty;
use contract::text::{community_key, fold};
use contract::vocabulary::SearchTerms;

/// The words search compares ([`crate::query`] reads them), here where the listings' are indexed.
pub use crate::query::{WordFolder, query_words, words};

/// Where the catalogue comes from.
#[derive(Debug, Clone)]
pub enum Source {
    /// A local `api/properties.json`.
    File(PathBuf),
    /// The deployed site's `https://.../api/properties.json`, fetched again after `refresh`.
    Url { url: String, refresh: Duration },
    /// A fixed list (tests, or a function that has no site to read).
    Fixed(Arc<Snapshot>),
}

/// One loaded version of the catalogue.
#[derive(Debug, Default)]
pub struct Snapshot {
    pub entries: Vec<Entry>,
    /// Every word of the searchable texts, sorted, with the entries (indices, ascending) that
    /// contain it: a query word is looked up as a prefix, so it costs a binary search and the
    /// matching lists, not a scan of every description.
    words: Vec<(Box<str>, Vec<u32>)>,
    /// The names the query reader looks for ([`crate::query`]).
    pub terms: SearchTerms,
    /// Those names folded for the reader, once per load.
    pub names: crate::query::Names,
    /// The length of the longest entry's JSON.
    largest: usize,
}

/// A published property with its JSON (answered as is) and its search text.
#[derive(Debug)]
pub struct Entry {
    pub property: ApiProperty,
    /// The property serialised once, so answers are concatenations, not re-serialisations.
    pub json: Box<RawValue>,
    /// The sub-category as search compares it (see [`normalise_type`]).
    pub kind: String,
    /// The location's community keys ([`community_key`]) in every language the listing gives
    /// it (the generator fills them from the communities vocabulary), so an Arabic or Russian
    /// name in the 'Area' dropdown's parameter finds the listing as the English one does.
    pub communities: Vec<String>,
    /// The words of the fields a match in ranks highest ([`ranked_text`]), sorted.
    pub ranked_words: Box<[Box<str>]>,
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

impl Snapshot {
    pub fn new(properties: Vec<ApiProperty>) -> Result<Snapshot, serde_json::Error> {
        // The listings' texts repeat their words: each is folded once.
        let mut folder = WordFolder::default();
        let entries: Vec<Entry> = properties
            .into_iter()
            .map(|property| {
                let json = serde_json::value::to_raw_value(&property)?;
                let mut ranked_words: Vec<Box<str>> = Vec::new();
                folder.each(&ranked_text(&property), |word| ranked_words.push(word.into()));
                ranked_words.sort_unstable();
                ranked_words.dedup();
                Ok(Entry {
                    ranked_words: ranked_words.into(),
                    kind: normalise_type(&property.sub_category),
                    communities: community_keys(&property),
                    json,
                    property,
                })
            })
            .collect::<Result<_, serde_json::Error>>()?;
        let mut index: HashMap<Box<str>, Vec<u32>> = HashMap::new();
        for (number, entry) in entries.iter().enumerate() {
            let number = u32::try_from(number).unwrap_or(u32::MAX);
            for text in searchable_texts(&entry.property) {
                folder.each(&text, |word| match index.get_mut(word) {
                    // Entries are visited in order, so a list only ever needs its last element
                    // checked.
                    Some(list) if list.last() != Some(&number) => list.push(number),
                    Some(_) => {}
                    None => {
                        index.insert(word.into(), vec![number]);
                    }
                });
            }
        }
        let mut words: Vec<_> = index.into_iter().collect();
        words.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let largest = entries.iter().map(|entry| entry.json.get().len()).max().unwrap_or(0);
        Ok(Snapshot { entries, words, terms: SearchTerms::default(), names: Default::default(), largest })
    }

    /// The snapshot with the names the query reader looks for.
    pub fn with_terms(mut self, terms: SearchTerms) -> Snapshot {
        self.names = crate::query::Names::new(&terms);
        self.terms = terms;
        self
    }

    /// The entries having every given word as the start of one of theirs, as a bit set over
    /// `entries`; `None` when no word is given (no constraint).
    pub fn with_words(&self, query: &[String]) -> Option<Vec<u64>> {
        self.word_sets(query).into_iter().reduce(|mut all, found| {
            all.iter_mut().zip(&found).for_each(|(a, b)| *a &= b);
            all
        })
    }

    /// For each given word, the entries with a word starting with it, as a bit set over `entries`.
    fn word_sets(&self, query: &[String]) -> Vec<Vec<u64>> {
        let blocks = self.entries.len().div_ceil(64);
        query
            .iter()
            .map(|prefix| {
                let mut found = vec![0u64; blocks];
                let start = self.words.partition_point(|(word, _)| **word < **prefix);
                for (_, list) in
                    self.words[start..].iter().take_while(|(word, _)| word.starts_with(prefix.as_str()))
                {
                    for &number in list {
                        found[number as usize / 64] |= 1 << (number % 64);
                    }
                }
                found
            })
            .collect()
    }

    /// The length in bytes of the longest entry's JSON.
    pub fn largest_json(&self) -> usize {
        self.largest
    }

    /// Parses the text of `api/properties.json`.
    pub fn parse(text: &[u8]) -> Result<Snapshot, serde_json::Error> {
        Snapshot::new(serde_json::from_slice(text)?)
    }

    pub fn property(&self, id: &str) -> Option<&ApiProperty> {
        self.entries.iter().map(|entry| &entry.property).find(|property| property.id == id)
    }
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

/// The keys of the property's location in English and in its translations, without repeats.
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

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot fetch {url}: {source}")]
    Fetch { url: String, source: reqwest::Error },
    #[error("{origin} is not a list of properties: {source}")]
    Parse { origin: String, source: serde_json::Error },
}

/// The catalogue: a source and the last good snapshot of it.
#[derive(Debug)]
pub struct Catalogue {
    source: Source,
    client: reqwest::Client,
    state: Mutex<State>,
    /// Serialises reloads, so a burst of requests after a change loads once.
    reloading: tokio::sync::Mutex<()>,
}

#[derive(Debug, Default)]
struct State {
    snapshot: Option<Arc<Snapshot>>,
    /// File: the (modified, size) of the loaded file and of the terms' file. URL: when it was fetched.
    file_stamp: Option<Stamp>,
    fetched: Option<Instant>,
}

impl Catalogue {
    pub fn new(source: Source) -> Catalogue {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(4))
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        let mut state = State::default();
        if let Source::Fixed(snapshot) = &source {
            state.snapshot = Some(snapshot.clone());
        }
        Catalogue { source, client, state: Mutex::new(state), reloading: tokio::sync::Mutex::new(()) }
    }

    /// A catalogue of the given properties that never changes.
    pub fn fixed(properties: Vec<ApiProperty>) -> Result<Catalogue, serde_json::Error> {
        Catalogue::fixed_with_terms(properties, SearchTerms::default())
    }

    /// A catalogue of the given properties and query reader's names that never changes.
    pub fn fixed_with_terms(
        properties: Vec<ApiProperty>,
        terms: SearchTerms,
    ) -> Result<Catalogue, serde_json::Error> {
        Ok(Catalogue::new(Source::Fixed(Arc::new(Snapshot::new(properties)?.with_terms(terms)))))
    }

    /// The current snapshot, reloaded first when the source changed. Fails only when no copy
    /// was ever loaded.
    pub async fn snapshot(&self) -> Result<Arc<Snapshot>, LoadError> {
        if let Some(current) = self.fresh_snapshot() {
            return Ok(current);
        }
        let _reload = self.reloading.lock().await;
        // Another request may have reloaded while this one waited.
        if let Some(current) = self.fresh_snapshot() {
            return Ok(current);
        }
        match self.reload().await {
            Ok(snapshot) => Ok(snapshot),
            Err(error) => {
                let last = self.lock().snapshot.clone();
                match last {
                    Some(last) => {
                        tracing::warn!(event = "catalogue_reload_failed", error = %error);
                        // Do not retry on every request: a URL waits a refresh interval, a
                        // file its next change.
                        let mut state = self.lock();
                        state.fetched = Some(Instant::now());
                        if let Source::File(path) = &self.source {
                            state.file_stamp = file_stamp(path).ok();
                        }
                        Ok(last)
                    }
                    None => Err(error),
                }
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The loaded snapshot when it is still current.
    fn fresh_snapshot(&self) -> Option<Arc<Snapshot>> {
        let state = self.lock();
        let snapshot = state.snapshot.clone()?;
        let fresh = match &self.source {
            Source::Fixed(_) => true,
            Source::File(path) => state.file_stamp.is_some() && file_stamp(path).ok() == state.file_stamp,
            Source::Url { refresh, .. } => state.fetched.is_some_and(|at| at.elapsed() < *refresh),
        };
        fresh.then_some(snapshot)
    }

    async fn reload(&self) -> Result<Arc<Snapshot>, LoadError> {
        match &self.source {
            Source::Fixed(snapshot) => Ok(snapshot.clone()),
            Source::File(path) => {
                let shown = path.display().to_string();
                let read = |source| LoadError::Read { path: shown.clone(), source };
                let stamp = file_stamp(path).map_err(read)?;
                let text = tokio::fs::read(path).await.map_err(read)?;
                let terms = match terms_path(path) {
                    Some(terms) => tokio::fs::read(&terms).await.ok(),
                    None => None,
                };
                let snapshot = Arc::new(
                    Snapshot::parse(&text)
                        .map_err(|source| LoadError::Parse { origin: shown.clone(), source })?
                        .with_terms(parse_terms(terms.as_deref(), &shown)),
                );
                let mut state = self.lock();
                state.snapshot = Some(snapshot.clone());
                state.file_stamp = Some(stamp);
                Ok(snapshot)
            }
            Source::Url { url, .. } => {
                let fetch = |source| LoadError::Fetch { url: url.clone(), source };
                let response = self.client.get(url).send().await.and_then(|r| r.error_for_status());
                let text = response.map_err(fetch)?.bytes().await.map_err(fetch)?;
                let terms = match terms_url(url) {
                    Some(terms) => self.fetch_terms(&terms).await,
                    None => None,
                };
                let snapshot = Arc::new(
                    Snapshot::parse(&text)
                        .map_err(|source| LoadError::Parse { origin: url.clone(), source })?
                        .with_terms(parse_terms(terms.as_deref(), url)),
                );
                let mut state = self.lock();
                state.snapshot = Some(snapshot.clone());
                state.fetched = Some(Instant::now());
                Ok(snapshot)
            }
        }
    }
}

/// The (modified, size) of the catalogue's file and of its terms' file, if there is one.
type Stamp = ((SystemTime, u64), Option<(SystemTime, u64)>);

impl Catalogue {
    /// The terms' file of a deployed site; none when it cannot be fetched (a site built before
    /// it was published is searched by its words).
    async fn fetch_terms(&self, url: &str) -> Option<Vec<u8>> {
        let response = self.client.get(url).send().await.and_then(|r| r.error_for_status());
        match response {
            Ok(response) => response.bytes().await.ok().map(|bytes| bytes.to_vec()),
            Err(error) => {
                tracing::warn!(event = "search_terms_unavailable", url, error = %error);
                None
            }
        }
    }
}

fn file_stamp(path: &std::path::Path) -> std::io::Result<Stamp> {
    let stamp = |path: &std::path::Path| -> std::io::Result<(SystemTime, u64)> {
        let meta = std::fs::metadata(path)?;
        Ok((meta.modified()?, meta.len()))
    };
    Ok((stamp(path)?, terms_path(path).and_then(|terms| stamp(&terms).ok())))
}

/// The terms' file beside a local `api/properties.json`: the same site's `data/search-terms.json`.
fn terms_path(properties: &std::path::Path) -> Option<PathBuf> {
    beside_path(properties, contract::files::SEARCH_TERMS)
}

/// The terms' address beside the deployed site's `.../api/properties.json`.
fn terms_url(properties: &str) -> Option<String> {
    beside_url(properties, contract::files::SEARCH_TERMS)
}

/// The same site's `file` (a path from the site's root, `/data/...`) beside a local
/// `api/properties.json`.
fn beside_path(properties: &std::path::Path, file: &str) -> Option<PathBuf> {
    let depth = contract::files::relative(contract::files::API_PROPERTIES).split('/').count();
    let root = properties.ancestors().nth(depth)?;
    Some(root.join(contract::files::relative(file)))
}

/// A response's body, read until it passes `limit` bytes (then given up, with what was read so
/// far: one byte over, which the caller refuses).
async fn read_at_most(mut response: reqwest::Response, limit: usize) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(|e| e.to_string())? {
        body.extend_from_slice(&chunk[..chunk.len().min(limit + 1 - body.len())]);
        if body.len() > limit {
            break;
        }
    }
    Ok(body)
}

/// The same site's `file` beside the deployed site's `.../api/properties.json`.
fn beside_url(properties: &str, file: &str) -> Option<String> {
    let site = properties.strip_suffix(contract::files::API_PROPERTIES)?;
    Some(format!("{site}{file}"))
}

impl Catalogue {
    /// Another file of the site the catalogue comes from (`file`: a path from its root that the
    /// caller built from known parts, never a visitor's text as is), read whole when it is at
    /// most `limit` bytes. None for a fixed catalogue, a file missing or larger, or a failed fetch
    /// (logged).
    pub async fn site_file(&self, file: &str, limit: usize) -> Option<Vec<u8>> {
        let read = match &self.source {
            Source::Fixed(_) => return None,
            Source::File(properties) => {
                let path = beside_path(properties, file)?;
                match tokio::fs::metadata(&path).await {
                    Ok(meta) if meta.len() > limit as u64 => Err(format!("{} bytes", meta.len())),
                    Ok(_) => tokio::fs::read(&path).await.map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                }
            }
            Source::Url { url, .. } => {
                let address = beside_url(url, file)?;
                match self.client.get(&address).send().await.and_then(|r| r.error_for_status()) {
                    Ok(response) => read_at_most(response, limit).await,
                    Err(e) => Err(e.to_string()),
                }
            }
        };
        match read {
            Ok(bytes) if bytes.len() <= limit => Some(bytes),
            Ok(bytes) => {
                tracing::warn!(event = "site_file_unavailable", file, error = %format!("{} bytes", bytes.len()));
                None
            }
            Err(error) => {
                tracing::warn!(event = "site_file_unavailable", file, error = %error);
                None
            }
        }
    }
}

/// The query reader's names from a file's text; none (words alone) when the text is not them.
fn parse_terms(text: Option<&[u8]>, origin: &str) -> SearchTerms {
    let Some(text) = text else { return SearchTerms::default() };
    serde_json::from_slice(text).unwrap_or_else(|error| {
        tracing::warn!(event = "search_terms_unreadable", origin, error = %error);
        SearchTerms::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(id: &str) -> serde_json::Value {
        serde_json::json!({
            "_id": id, "id": id, "title": id, "mainCategory": "Residential", "subCategory": "Villa",
            "Images": [], "location": null, "bedrooms": null, "area": null, "price": null,
            "featured": false, "createdAt": "2026-01-01T00:00:00+04:00", "description": "",
            "url": format!("/property/{id}")
        })
    }

    fn ids(snapshot: &Snapshot) -> Vec<&str> {
        snapshot.entries.iter().map(|e| e.property.id.as_str()).collect()
    }

    #[tokio::test]
    async fn a_file_is_reloaded_when_it_changes_and_a_bad_rewrite_keeps_the_last_good_copy() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("properties.json");
        let catalogue = Catalogue::new(Source::File(path.clone()));
        assert!(matches!(catalogue.snapshot().await, Err(LoadError::Read { .. })), "no file yet");

        std::fs::write(&path, serde_json::json!([listing("one")]).to_string()).expect("write");
        assert_eq!(ids(&catalogue.snapshot().await.expect("loaded")), ["one"]);

        std::fs::write(&path, serde_json::json!([listing("one"), listing("two")]).to_string())
            .expect("write");
        assert_eq!(ids(&catalogue.snapshot().await.expect("reloaded")), ["one", "two"]);
        assert_eq!(
            catalogue.snapshot().await.expect("cached").property("two").map(|p| p.id.as_str()),
            Some("two")
        );

        std::fs::write(&path, "[{\"half\": ").expect("write");
        assert_eq!(ids(&catalogue.snapshot().await.expect("the last good copy")), ["one", "two"]);
    }

    #[test]
    fn folding_drops_case_accents_and_vowel_marks_and_reads_arabic_digits() {
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
    fn query_words_are_prefixes_of_words_in_the_text() {
        let mut one = serde_json::from_value::<ApiProperty>(listing("one")).expect("valid");
        one.title = "Sea-view flat in Dubai Marina".into();
        one.description = "<p>Ref PC-0042, near the café</p>".into();
        let mut two = serde_json::from_value::<ApiProperty>(listing("two")).expect("valid");
        two.title = "Marina Gate villa".into();
        let snapshot = Snapshot::new(vec![one, two]).expect("serialisable");
        let found = |query: &str| snapshot.with_words(&query_words(query)).map(|bits| bits[0]);
        assert_eq!(found(""), None);
        assert_eq!(found("marina"), Some(0b11));
        assert_eq!(found("MAR sea"), Some(0b01));
        assert_eq!(found("pc-0042"), Some(0b01));
        assert_eq!(found("cafe"), Some(0b01));
        assert_eq!(found("gate villa"), Some(0b10));
        assert_eq!(found("arina"), Some(0), "a word matches from its start only");
        assert_eq!(found("marina gate"), Some(0b10), "every word is required");
        assert_eq!(found("sea-view gate"), Some(0));
        assert_eq!(found("the"), None, "ignored words alone are no constraint");
    }

    #[test]
    fn a_search_ignores_one_letter_words_and_stop_words_in_every_language() {
        assert_eq!(query_words("A villa in the Palm, for you & me"), ["villa", "palm", "you", "me"]);
        assert_eq!(query_words("فيلا في نخلة جميرا و البحر"), ["فيلا", "نخلة", "جميرا", "البحر"]);
        assert_eq!(query_words("إلى المارينا أو الخليج"), ["المارينا", "الخليج"]);
        assert_eq!(query_words("ВИЛЛА на Пальме с садом"), ["вилла", "пальме", "садом"]);
        // Letters are counted, not bytes: 'в' and 'é' are two bytes each.
        assert_eq!(query_words("в é 2 br"), ["br"]);
        assert_eq!(query_words("the and في на"), Vec::<String>::new());
    }

    #[test]
    fn types_compare_without_case_or_plural() {
        assert_eq!(normalise_type(" Apartments "), "apartment");
        assert_eq!(normalise_type("APARTMENT"), "apartment");
        assert_eq!(normalise_type("Full Floor"), "full floor");
    }
}
