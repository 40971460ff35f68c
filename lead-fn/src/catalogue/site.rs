//! The site's other files beside its `api/properties.json`: where they are (a file beside the
//! file, or the same site's address), the stamp that tells a local site changed, and reading one
//! within a bound ([`Catalogue::site_file`]).

use std::path::PathBuf;
use std::time::SystemTime;

use contract::vocabulary::SearchTerms;

use super::{Catalogue, Source};

/// The (modified, size) of the catalogue's file, of its terms' file and of its index, the last two
/// if they are there.
pub(super) type Stamp = ((SystemTime, u64), Option<(SystemTime, u64)>, Option<(SystemTime, u64)>);

impl Catalogue {
    /// The current snapshot, a deployed site's fetched again now whatever its copy's age (a
    /// deploy just published another): the saved searches' digest after a deploy.
    pub async fn snapshot_now(&self) -> Result<std::sync::Arc<super::Snapshot>, super::LoadError> {
        if let Source::Url { .. } = &self.source {
            self.lock().fetched = None;
        }
        self.snapshot().await
    }

    /// The terms' file of a deployed site; none when it cannot be fetched (a site built before
    /// it was published is searched by its words).
    pub(super) async fn fetch_terms(&self, url: &str) -> Option<Vec<u8>> {
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

pub(super) fn file_stamp(path: &std::path::Path) -> std::io::Result<Stamp> {
    let stamp = |path: &std::path::Path| -> std::io::Result<(SystemTime, u64)> {
        let meta = std::fs::metadata(path)?;
        Ok((meta.modified()?, meta.len()))
    };
    let beside = |file: Option<PathBuf>| file.and_then(|file| stamp(&file).ok());
    Ok((stamp(path)?, beside(terms_path(path)), beside(index_path(path))))
}

/// The search index beside a local `api/properties.json`: the same site's `data/search-index.bin`.
pub(super) fn index_path(properties: &std::path::Path) -> Option<PathBuf> {
    beside_path(properties, contract::files::SEARCH_INDEX)
}

/// The terms' file beside a local `api/properties.json`: the same site's `data/search-terms.json`.
pub(super) fn terms_path(properties: &std::path::Path) -> Option<PathBuf> {
    beside_path(properties, contract::files::SEARCH_TERMS)
}

/// The terms' address beside the deployed site's `.../api/properties.json`.
pub(super) fn terms_url(properties: &str) -> Option<String> {
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
pub(super) fn beside_url(properties: &str, file: &str) -> Option<String> {
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
pub(super) fn parse_terms(text: Option<&[u8]>, origin: &str) -> SearchTerms {
    let Some(text) = text else { return SearchTerms::default() };
    serde_json::from_slice(text).unwrap_or_else(|error| {
        tracing::warn!(event = "search_terms_unreadable", origin, error = %error);
        SearchTerms::default()
    })
}
