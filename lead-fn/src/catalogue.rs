//! The published properties, as the function sees them: the site's search index
//! (`data/search-index.bin`, [`contract::search_index`], written by the build) or, where a site
//! has not published one yet, its `api/properties.json`, indexed here the same way
//! ([`index`]); either a file (in `estate serve`, rewritten by every rebuild) or a URL (on
//! Lambda, the deployed site). In memory it is the index: what the filters compare, the words
//! and the listings having each, and each listing's record compressed ([`records`]), a page of
//! answers inflating only its own.
//!
//! Beside it, the communities' and types' names the query reader looks for
//! (`data/search-terms.json`, [`contract::vocabulary::SearchTerms`]), from the same site: a
//! site without that file is searched by its words alone.
//!
//! A file is reloaded when its modification time or size (or its index's) changes; a URL is
//! fetched again once its copy is older than the refresh interval, compressed when the site
//! serves it so (gzip). When a reload fails, the last good copy stays in use (and the failure is
//! logged), so a CDN hiccup never empties the search results.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contract::vocabulary::SearchTerms;
use contract::{ApiProperty, Furnishing, MainCategory};

pub mod index;
mod read;
pub mod records;
mod site;

use site::{Stamp, beside_url, file_stamp, index_path, parse_terms, terms_path, terms_url};

pub use index::{normalise_type, ranked_text};
pub use read::IndexError;

/// The words search compares ([`crate::query`] reads them), here where the listings' are indexed.
pub use crate::query::{WordFolder, query_words, words};

/// Where the catalogue comes from.
#[derive(Debug, Clone)]
pub enum Source {
    /// A local `api/properties.json` (its index beside it, `data/search-index.bin`, read instead
    /// when there).
    File(PathBuf),
    /// The deployed site's `https://.../api/properties.json` (its index the same site's
    /// `/data/search-index.bin`, fetched instead when there), fetched again after `refresh`.
    Url { url: String, refresh: Duration },
    /// A fixed list (tests, or a function that has no site to read).
    Fixed(Arc<Snapshot>),
}

/// One loaded version of the catalogue: its search index in memory.
#[derive(Debug, Default)]
pub struct Snapshot {
    /// The listings, in the catalogue's order (newest first).
    pub listings: Vec<Listing>,
    /// The types as search compares them, by number ([`Listing::kind`]).
    kinds: Vec<Box<str>>,
    /// The communities' keys, by number ([`Listing::communities`]).
    communities: Vec<Box<str>>,
    /// Every word of the searchable texts, sorted, with the listings that contain it: a query
    /// word is looked up as a prefix, so it costs a binary search and the matching lists, not a
    /// scan of every description.
    words: Words,
    /// The words of the texts that name the listings ([`ranked_text`]).
    named: Words,
    /// The records' preset dictionary ([`records`]).
    dictionary: Box<[u8]>,
    /// Every listing's record, compressed, one after another ([`Listing::record`]).
    records: Vec<u8>,
    /// The names the query reader looks for ([`crate::query`]).
    pub terms: SearchTerms,
    /// Those names folded for the reader, once per load.
    pub names: crate::query::Names,
    /// The length of the longest record's JSON.
    largest: usize,
}

/// A published listing: what the filters compare, and where its record is.
#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    pub id: Box<str>,
    pub category: MainCategory,
    /// Its type as search compares it ([`normalise_type`]), a number of the snapshot's types.
    kind: u32,
    pub bedrooms: Option<u32>,
    pub bathrooms: Option<u32>,
    /// Square feet.
    pub area: Option<u32>,
    /// AED, a rent as its year's amount ([`contract::PricePeriod::yearly`]).
    pub yearly_price: Option<u64>,
    /// An off-plan handover's month, `YYYY-MM`.
    pub handover_month: Option<Box<str>>,
    pub furnishing: Option<Furnishing>,
    /// Its location's community keys in every language it gives them, numbers of the
    /// snapshot's communities: an Arabic or Russian name in the 'Area' dropdown's parameter
    /// finds the listing as the English one does.
    communities: Box<[u32]>,
    pub cheques: Option<u32>,
    /// `YYYY-MM-DD`.
    pub available_from: Option<Box<str>>,
    /// Its compressed record's place in the snapshot's records, and its JSON's length.
    record: std::ops::Range<usize>,
    record_length: usize,
}

/// Words, sorted, each with its listings (`contract::search_index::listings`' varints), packed:
/// word `i` is `text[word_ends[i - 1]..word_ends[i]]`, its listings `listings[..]` likewise.
#[derive(Debug, Default)]
struct Words {
    text: String,
    word_ends: Vec<u32>,
    listings: Vec<u8>,
    listing_ends: Vec<u32>,
}

impl Words {
    fn len(&self) -> usize {
        self.word_ends.len()
    }

    fn word(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.word_ends[i - 1] as usize };
        &self.text[start..self.word_ends[i] as usize]
    }

    fn listings(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.listing_ends[i - 1] as usize };
        &self.listings[start..self.listing_ends[i] as usize]
    }

    /// The listings having a word that starts with `prefix`, as a bit set of `blocks` words.
    fn starting_with(&self, prefix: &str, blocks: usize) -> Vec<u64> {
        let mut found = vec![0u64; blocks];
        // The first word not before `prefix`: those starting with it follow it.
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let middle = (low + high) / 2;
            if self.word(middle) < prefix {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        for i in (low..self.len()).take_while(|&i| self.word(i).starts_with(prefix)) {
            for number in contract::search_index::listings(self.listings(i)) {
                // A number past the catalogue (an index that is not its own) finds nothing.
                if let Some(block) = found.get_mut(number as usize / 64) {
                    *block |= 1 << (number % 64);
                }
            }
        }
        found
    }
}

impl Snapshot {
    /// A snapshot of the given properties (tests, benches, and a fixed catalogue): their index
    /// made in memory from their JSON records as the build publishes them.
    pub fn new(properties: Vec<ApiProperty>) -> Result<Snapshot, serde_json::Error> {
        let records = properties.iter().map(serde_json::to_vec).collect::<Result<Vec<_>, _>>()?;
        let index =
            index::write_all(properties.iter().zip(records.iter().map(Vec::as_slice)), records::Level::Fast);
        Ok(Snapshot::from_index(&index).expect("an index written here reads back"))
    }

    /// The snapshot with the names the query reader looks for.
    pub fn with_terms(mut self, terms: SearchTerms) -> Snapshot {
        self.names = crate::query::Names::new(&terms);
        self.terms = terms;
        self
    }

    /// The listings having every given word as the start of one of theirs, as a bit set over
    /// `listings`; `None` when no word is given (no constraint).
    pub fn with_words(&self, query: &[String]) -> Option<Vec<u64>> {
        let blocks = self.listings.len().div_ceil(64);
        query.iter().map(|word| self.words.starting_with(word, blocks)).reduce(|mut all, found| {
            all.iter_mut().zip(&found).for_each(|(a, b)| *a &= b);
            all
        })
    }

    /// For each given word, the listings having it as the start of a word of the texts that
    /// name them ([`ranked_text`]), as a bit set over `listings`.
    pub fn named_with(&self, query: &[String]) -> Vec<Vec<u64>> {
        let blocks = self.listings.len().div_ceil(64);
        query.iter().map(|word| self.named.starting_with(word, blocks)).collect()
    }

    /// The listing's type as search compares it ([`normalise_type`]).
    pub fn kind(&self, listing: &Listing) -> &str {
        self.kinds.get(listing.kind as usize).map_or("", |kind| kind)
    }

    /// The listing's communities' keys ([`contract::text::community_key`]).
    pub fn communities<'a>(&'a self, listing: &'a Listing) -> impl Iterator<Item = &'a str> + 'a {
        listing
            .communities
            .iter()
            .filter_map(|&number| self.communities.get(number as usize).map(|key| &**key))
    }

    /// The length in bytes of the longest record's JSON.
    pub fn largest_json(&self) -> usize {
        self.largest
    }

    /// Appends the JSON record of the listing at `number` (as `api/properties.json` has it) to
    /// `out`.
    pub fn record_into(&self, number: usize, out: &mut Vec<u8>) -> Result<(), records::Unreadable> {
        let listing = &self.listings[number];
        records::inflate_into(
            &self.dictionary,
            &self.records[listing.record.clone()],
            listing.record_length,
            out,
        )
    }

    /// The published property of this id, read from its record.
    pub fn property(&self, id: &str) -> Option<ApiProperty> {
        let number = self.listings.iter().position(|listing| &*listing.id == id)?;
        let mut json = Vec::new();
        let read = self.record_into(number, &mut json).map_err(|e| e.to_string());
        match read.and_then(|()| serde_json::from_slice(&json).map_err(|e| e.to_string())) {
            Ok(property) => Some(property),
            Err(error) => {
                tracing::error!(event = "catalogue_record_unreadable", id, error = %error);
                None
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot fetch {url}: {source}")]
    Fetch { url: String, source: reqwest::Error },
    #[error("{origin} is not a list of properties: {source}")]
    Parse { origin: String, source: serde_json::Error },
    #[error("{origin} could not be indexed: {error}")]
    Index { origin: String, error: String },
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
        let client = crate::http::client_builder()
            .timeout(Duration::from_secs(4))
            .build()
            .expect("an HTTP client (its TLS set up)");
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
                let index = match index_path(path) {
                    Some(index) => tokio::fs::read(&index).await.map_err(|e| match e.kind() {
                        std::io::ErrorKind::NotFound => NoIndex::Missing(e.to_string()),
                        _ => NoIndex::Failed(e.to_string()),
                    }),
                    None => Err(NoIndex::Missing("no place for it".to_owned())),
                };
                self.keep_the_last_copy_when(&index, &shown)?;
                let mut snapshot = Catalogue::indexed(index, &shown).await;
                if snapshot.is_none() {
                    let text = tokio::fs::read(path).await.map_err(read)?;
                    snapshot = Some(properties(text, &shown).await?);
                }
                let terms = match terms_path(path) {
                    Some(terms) => tokio::fs::read(&terms).await.ok(),
                    None => None,
                };
                let snapshot =
                    Arc::new(snapshot.unwrap_or_default().with_terms(parse_terms(terms.as_deref(), &shown)));
                let mut state = self.lock();
                state.snapshot = Some(snapshot.clone());
                state.file_stamp = Some(stamp);
                Ok(snapshot)
            }
            Source::Url { url, .. } => {
                let index = match beside_url(url, contract::files::SEARCH_INDEX) {
                    Some(index) => self.fetch(&index).await.map_err(|e| match e.status() {
                        Some(reqwest::StatusCode::NOT_FOUND) => NoIndex::Missing(e.to_string()),
                        _ => NoIndex::Failed(e.to_string()),
                    }),
                    None => Err(NoIndex::Missing("no place for it".to_owned())),
                };
                self.keep_the_last_copy_when(&index, url)?;
                let mut snapshot = Catalogue::indexed(index, url).await;
                if snapshot.is_none() {
                    let text = self
                        .fetch(url)
                        .await
                        .map_err(|source| LoadError::Fetch { url: url.clone(), source })?;
                    snapshot = Some(properties(text, url).await?);
                }
                let terms = match terms_url(url) {
                    Some(terms) => self.fetch_terms(&terms).await,
                    None => None,
                };
                let snapshot =
                    Arc::new(snapshot.unwrap_or_default().with_terms(parse_terms(terms.as_deref(), url)));
                let mut state = self.lock();
                state.snapshot = Some(snapshot.clone());
                state.fetched = Some(Instant::now());
                Ok(snapshot)
            }
        }
    }

    /// A file of the site, whole (decompressed when the site sent it compressed), read into one
    /// buffer as it comes: collected in chunks and then joined, `api/properties.json` would be in
    /// memory twice.
    async fn fetch(&self, url: &str) -> Result<Vec<u8>, reqwest::Error> {
        let mut response = self.client.get(url).send().await.and_then(|r| r.error_for_status())?;
        let expected = response.content_length().unwrap_or(0).min(1 << 30);
        let mut body = Vec::with_capacity(usize::try_from(expected).unwrap_or(0));
        while let Some(chunk) = response.chunk().await? {
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    /// An index that is there but could not be read this time (a CDN's 503, a time-out) fails a
    /// reload that has a copy to keep, rather than read all of `api/properties.json` instead.
    fn keep_the_last_copy_when(
        &self,
        index: &Result<Vec<u8>, NoIndex>,
        catalogue: &str,
    ) -> Result<(), LoadError> {
        match index {
            Err(NoIndex::Failed(error)) if self.lock().snapshot.is_some() => Err(LoadError::Index {
                origin: format!("the search index beside {catalogue}"),
                error: error.clone(),
            }),
            _ => Ok(()),
        }
    }

    /// The snapshot of the site's search index (`read`: its bytes, or why there are none), or
    /// none, with a log line saying so, when it has none, one that could not be read, or one this
    /// function cannot read: then `api/properties.json` is read, as before the build published an
    /// index (a site built by an older `estate`, which the function may be deployed before).
    async fn indexed(read: Result<Vec<u8>, NoIndex>, catalogue: &str) -> Option<Snapshot> {
        let file = contract::files::SEARCH_INDEX;
        let bytes = match read {
            Ok(bytes) => bytes,
            Err(NoIndex::Missing(error)) => {
                tracing::warn!(
                    event = "search_index_unavailable", file, error = %error,
                    "the site has no search index (built by an older estate?): reading {catalogue}, \
                     which takes more memory and time; publish the site again to have one"
                );
                return None;
            }
            Err(NoIndex::Failed(error)) => {
                tracing::warn!(
                    event = "search_index_unavailable", file, error = %error,
                    "the site's search index could not be read: reading {catalogue} instead"
                );
                return None;
            }
        };
        let decoded = tokio::task::spawn_blocking(move || Snapshot::from_index(&bytes)).await;
        match decoded {
            Ok(Ok(snapshot)) => Some(snapshot),
            Ok(Err(error)) => {
                tracing::warn!(
                    event = "search_index_unreadable", file, error = %error,
                    "reading {catalogue} instead"
                );
                None
            }
            Err(panicked) => {
                tracing::error!(event = "search_index_unreadable", file, error = %panicked);
                None
            }
        }
    }
}

/// Why the site's search index was not read: it is not there, or it could not be read.
#[derive(Debug)]
enum NoIndex {
    Missing(String),
    Failed(String),
}

/// The snapshot of the text of `api/properties.json`, indexed off the async threads.
async fn properties(text: Vec<u8>, origin: &str) -> Result<Snapshot, LoadError> {
    let parsed = tokio::task::spawn_blocking(move || Snapshot::parse(text)).await;
    match parsed {
        Ok(parsed) => parsed.map_err(|source| LoadError::Parse { origin: origin.to_owned(), source }),
        Err(panicked) => Err(LoadError::Index { origin: origin.to_owned(), error: panicked.to_string() }),
    }
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
        snapshot.listings.iter().map(|listing| &*listing.id).collect()
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
            catalogue.snapshot().await.expect("cached").property("two").map(|p| p.id),
            Some("two".into())
        );

        std::fs::write(&path, "[{\"half\": ").expect("write");
        assert_eq!(ids(&catalogue.snapshot().await.expect("the last good copy")), ["one", "two"]);
    }

    #[tokio::test]
    async fn the_index_beside_the_file_is_read_instead_and_one_unreadable_is_passed_over() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let path = dir.path().join("api/properties.json");
        let index = dir.path().join("data/search-index.bin");
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("a folder");
        std::fs::create_dir_all(index.parent().expect("a folder")).expect("a folder");
        std::fs::write(&path, serde_json::json!([listing("file")]).to_string()).expect("write");
        let catalogue = Catalogue::new(Source::File(path.clone()));
        assert_eq!(ids(&catalogue.snapshot().await.expect("the file alone")), ["file"]);

        // The index of other listings than the file's: which one was read shows.
        let (_, written) = site_of(&["indexed", "too"]);
        std::fs::write(&index, &written).expect("write");
        let snapshot = catalogue.snapshot().await.expect("the index");
        assert_eq!(ids(&snapshot), ["indexed", "too"]);
        let mut record = Vec::new();
        snapshot.record_into(1, &mut record).expect("inflates");
        let too: ApiProperty = serde_json::from_value(listing("too")).expect("valid");
        assert_eq!(record, serde_json::to_vec(&too).expect("JSON"));

        // An index of a format to come, or not an index at all: the file is read.
        let mut later = written.clone();
        later[contract::search_index::MAGIC.len()] += 1;
        // A byte more, so the file's size changes with it (its time may not, within a tick).
        later.push(0);
        std::fs::write(&index, &later).expect("write");
        assert_eq!(ids(&catalogue.snapshot().await.expect("the file again")), ["file"]);
        std::fs::write(&index, &written[..written.len() / 2]).expect("write");
        std::fs::write(&path, serde_json::json!([listing("file"), listing("two")]).to_string())
            .expect("write");
        assert_eq!(ids(&catalogue.snapshot().await.expect("the file again")), ["file", "two"]);
        assert!(matches!(Snapshot::from_index(&later), Err(IndexError::Format(2))));
        assert!(matches!(Snapshot::from_index(b"[{}]"), Err(IndexError::NotAnIndex)));
        assert!(matches!(
            Snapshot::from_index(&written[..written.len() / 2]),
            Err(IndexError::Unreadable(_))
        ));
    }

    /// The bytes of a listing list, and of its index.
    fn site_of(ids: &[&str]) -> (Vec<u8>, Vec<u8>) {
        let properties: Vec<ApiProperty> =
            ids.iter().map(|id| serde_json::from_value(listing(id)).expect("valid")).collect();
        let records: Vec<Vec<u8>> = properties.iter().map(|p| serde_json::to_vec(p).expect("JSON")).collect();
        let index =
            index::write_all(properties.iter().zip(records.iter().map(Vec::as_slice)), records::Level::Best);
        (serde_json::to_vec(&properties).expect("JSON"), index)
    }

    #[tokio::test]
    async fn a_deployed_site_s_index_is_fetched_and_one_that_fails_keeps_the_last_copy() {
        use axum::http::{HeaderMap, StatusCode};
        use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering};
        #[derive(Default)]
        struct Site {
            index_status: AtomicU16,
            properties_fetched: AtomicUsize,
            gzipped: AtomicUsize,
        }
        let site = Arc::new(Site::default());
        site.index_status.store(200, Ordering::SeqCst);
        let (_, index) = site_of(&["indexed", "too"]);
        let (file, _) = site_of(&["file"]);
        let served = site.clone();
        let app = axum::Router::new()
            .route(
                "/data/search-index.bin",
                axum::routing::get(move || {
                    let (site, index) = (served.clone(), index.clone());
                    async move {
                        let status =
                            StatusCode::from_u16(site.index_status.load(Ordering::SeqCst)).expect("a status");
                        (status, if status == StatusCode::OK { index } else { Vec::new() })
                    }
                }),
            )
            .route(
                "/api/properties.json",
                axum::routing::get({
                    let site = site.clone();
                    move |headers: HeaderMap| {
                        let (site, file) = (site.clone(), file.clone());
                        async move {
                            site.properties_fetched.fetch_add(1, Ordering::SeqCst);
                            let accepts =
                                headers.get("accept-encoding").and_then(|v| v.to_str().ok()).unwrap_or("");
                            if !accepts.contains("gzip") {
                                return ([("content-encoding", "identity")], file);
                            }
                            site.gzipped.fetch_add(1, Ordering::SeqCst);
                            let mut packed =
                                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                            std::io::Write::write_all(&mut packed, &file).expect("gzip");
                            ([("content-encoding", "gzip")], packed.finish().expect("gzip"))
                        }
                    }
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        tokio::spawn(async move { axum::serve(listener, app).await });
        let url = format!("http://{address}/api/properties.json");
        // Fetched again at every search.
        let catalogue = Catalogue::new(Source::Url { url, refresh: Duration::ZERO });

        assert_eq!(ids(&catalogue.snapshot().await.expect("the index")), ["indexed", "too"]);
        assert_eq!(site.properties_fetched.load(Ordering::SeqCst), 0, "the index alone was read");
        // The site answers for its index but fails: the last copy stays, and the whole list is
        // not read instead.
        site.index_status.store(503, Ordering::SeqCst);
        assert_eq!(ids(&catalogue.snapshot().await.expect("the last copy")), ["indexed", "too"]);
        assert_eq!(site.properties_fetched.load(Ordering::SeqCst), 0);
        // A site without one (built before it): its list, asked for gzipped.
        site.index_status.store(404, Ordering::SeqCst);
        assert_eq!(ids(&catalogue.snapshot().await.expect("the list")), ["file"]);
        assert_eq!(site.gzipped.load(Ordering::SeqCst), 1);
        // A function starting while the site fails to send its index reads the list.
        site.index_status.store(503, Ordering::SeqCst);
        let url = format!("http://{address}/api/properties.json");
        let starting = Catalogue::new(Source::Url { url, refresh: Duration::ZERO });
        assert_eq!(ids(&starting.snapshot().await.expect("the list")), ["file"]);
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
        // The description's words find a listing, not name it.
        let named = |query: &str| {
            snapshot.named_with(&query_words(query)).iter().map(|bits| bits[0]).collect::<Vec<_>>()
        };
        assert_eq!(named("marina cafe gate"), [0b11, 0, 0b10]);
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
}
