//! Compression of `estate serve`'s answers, as Netlify's CDN does (brotli or gzip, whichever the
//! browser asks for), so pages measured locally weigh what they will in production.

use axum::http::header::CONTENT_RANGE;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};

/// Brotli and gzip by the request's `Accept-Encoding`. tower-http's default predicate leaves out
/// tiny bodies, images (already compressed) and `text/event-stream` (the live-reload stream must
/// not be buffered); a part of a file (206, `Content-Range`) is sent as it is, since its range
/// counts the file's own bytes.
pub(super) fn layer() -> CompressionLayer<impl Predicate> {
    let whole_files =
        |_: axum::http::StatusCode,
         _: axum::http::Version,
         headers: &axum::http::HeaderMap,
         _: &axum::http::Extensions| { !headers.contains_key(CONTENT_RANGE) };
    // Brotli's fastest good level: a dev server compresses every answer afresh.
    CompressionLayer::new()
        .br(true)
        .gzip(true)
        .quality(tower_http::CompressionLevel::Precise(5))
        .compress_when(DefaultPredicate::new().and(whole_files))
}
