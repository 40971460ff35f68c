//! What every answer of the function carries, whichever host runs it: security headers (the
//! CDN's `netlify.toml` headers never reach a proxied answer), `Cache-Control: no-store`, and
//! CORS for the site's own origin only. Also what the function's endpoints and `estate serve`'s
//! admin API share: the refusal ([`ApiError`]), the reading of a JSON body ([`json_object`]),
//! and the deadline a host that reads bodies from connections gives them ([`with_deadline`]).
//!
//! Browsers on other sites cannot send a lead in a visitor's name either: a lead must be
//! `application/json`, which a cross-origin page can only send after a CORS preflight, and the
//! preflight is granted to the allowed origins alone.

use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Method, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::ConfigError;

mod deadline;
mod error;
mod json;

pub use deadline::{BodyTimedOut, with_deadline};
pub use error::ApiError;
/// Where every HTTP client of the function (and its examples and tests) starts: reqwest's TLS is
/// rustls with ring's cryptography, which must be the process's provider before a client is built
/// (a client built without one panics). `reqwest::Client::new` and `builder` are refused by clippy
/// elsewhere (clippy.toml).
#[allow(clippy::disallowed_methods)]
pub fn client_builder() -> reqwest::ClientBuilder {
    static PROVIDER: std::sync::Once = std::sync::Once::new();
    PROVIDER.call_once(|| {
        // Refused only when a provider is installed already: that one is kept.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    reqwest::Client::builder()
}

/// Every body the function reads (a lead, a search, a saved search, a plain form's post) is a
/// few short fields; a bigger one is refused unread (413).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

pub use json::{BodyError, NotText, bytes_at_most, json_object, json_or_empty, text_field};

const SECURITY_HEADERS: [(HeaderName, &str); 5] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::CONTENT_SECURITY_POLICY, "default-src 'none'; frame-ancestors 'none'"),
    (header::STRICT_TRANSPORT_SECURITY, "max-age=31536000"),
];

/// `routes` with the security headers and, when `origins` are given, CORS for them.
pub fn layers(routes: Router, origins: &[String]) -> Router {
    let origins: Vec<HeaderValue> = origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
    let routes = if origins.is_empty() {
        routes
    } else {
        routes.layer(
            CorsLayer::new()
                .allow_origin(AllowOrigin::list(origins))
                .allow_methods([Method::POST])
                .allow_headers([header::CONTENT_TYPE])
                // A search's paging headers, for a page on another origin.
                .expose_headers(
                    [
                        contract::endpoints::SEARCH_TOTAL_HEADER,
                        contract::endpoints::SEARCH_PAGE_HEADER,
                        contract::endpoints::SEARCH_PER_PAGE_HEADER,
                    ]
                    .map(|name| HeaderName::from_bytes(name.as_bytes()).expect("a header name")),
                )
                .max_age(Duration::from_secs(600)),
        )
    };
    routes.layer(middleware::from_fn(security_headers))
}

async fn security_headers(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        // A page of the function's that draws the site's own HTML states the site's policy
        // (search::html); every other answer gets none but its own.
        if name == header::CONTENT_SECURITY_POLICY && headers.contains_key(&name) {
            continue;
        }
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.entry(header::CACHE_CONTROL).or_insert(HeaderValue::from_static("no-store"));
    response
}

/// The allowed origins: `LEAD_ALLOWED_ORIGIN` (comma-separated, e.g.
/// `https://palmcrest.ae,https://www.palmcrest.ae`), else the origin of the site's address.
pub fn origins_from_env(
    var: impl Fn(&str) -> Option<String>,
    site_url: Option<&str>,
) -> Result<Vec<String>, ConfigError> {
    let listed = var("LEAD_ALLOWED_ORIGIN").filter(|v| !v.trim().is_empty());
    let (from, text) = match (&listed, site_url) {
        (Some(list), _) => ("LEAD_ALLOWED_ORIGIN", list.as_str()),
        (None, Some(site)) => ("LEAD_SITE_URL", site),
        (None, None) => return Ok(Vec::new()),
    };
    text.split(',')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(|entry| origin(entry, from == "LEAD_SITE_URL").ok_or_else(|| bad(from, entry)))
        .collect()
}

fn bad(var: &'static str, entry: &str) -> ConfigError {
    let message = if entry == "*" {
        "`*` would let any site read the answers; name the site's origin".to_owned()
    } else {
        format!("{entry:?} is not an origin like https://www.example.ae")
    };
    ConfigError { var, message }
}

/// `scheme://host[:port]` of `url`; with `strip_path`, whatever follows the host is dropped,
/// without it there must be nothing (an origin has no path).
fn origin(url: &str, strip_path: bool) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if !matches!(scheme, "https" | "http") {
        return None;
    }
    let (host, path) = match rest.find(['/', '?', '#']) {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    let path_ok = strip_path || path.is_empty() || path == "/";
    let host_ok = !host.is_empty() && !host.contains(['@', ' ', '*']);
    (path_ok && host_ok).then(|| format!("{scheme}://{}", host.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Each test runs in a process of its own under nextest: a client built here without the
    // provider installed would panic.
    #[test]
    fn a_client_builds_with_its_tls_set_up() {
        let client = client_builder().build();
        assert!(client.is_ok(), "{client:?}");
        assert!(rustls::crypto::CryptoProvider::get_default().is_some());
    }

    fn origins(listed: Option<&str>, site: Option<&str>) -> Result<Vec<String>, ConfigError> {
        let listed = listed.map(str::to_owned);
        origins_from_env(|name| (name == "LEAD_ALLOWED_ORIGIN").then(|| listed.clone()).flatten(), site)
    }

    #[test]
    fn the_site_origin_unless_listed() {
        assert_eq!(origins(None, None).expect("none"), Vec::<String>::new());
        assert_eq!(
            origins(None, Some("https://Palmcrest.example/en/")).expect("site"),
            ["https://palmcrest.example"]
        );
        assert_eq!(
            origins(
                Some("https://palmcrest.example, https://www.palmcrest.example/"),
                Some("https://x.example")
            )
            .expect("listed"),
            ["https://palmcrest.example", "https://www.palmcrest.example"]
        );
        assert_eq!(origins(Some("http://127.0.0.1:8080"), None).expect("local"), ["http://127.0.0.1:8080"]);
    }

    #[test]
    fn wildcards_and_paths_are_refused() {
        for bad in [
            "*",
            "https://*.example",
            "palmcrest.example",
            "https://palmcrest.example/api",
            "ftp://x.example",
        ] {
            let error = origins(Some(bad), None).expect_err(bad);
            assert_eq!(error.var, "LEAD_ALLOWED_ORIGIN");
        }
    }
}
