//! Compression of `estate serve`'s answers, as Netlify's CDN does (brotli or gzip, whichever the
//! browser asks for), so pages measured locally weigh what they will in production.

use tower_http::compression::CompressionLayer;

/// Brotli and gzip by the request's `Accept-Encoding`. tower-http's default predicate leaves out
/// tiny bodies, images (already compressed) and `text/event-stream` (the live-reload stream must
/// not be buffered).
pub(super) fn layer() -> CompressionLayer {
    // Brotli's fastest good level: a dev server compresses every answer afresh.
    CompressionLayer::new().br(true).gzip(true).quality(tower_http::CompressionLevel::Precise(5))
}
