//! The admin editor's API, answered only by `estate serve` on a loopback address: the counts of
//! the content, the leads of the local outbox, and forms that write new listings and posts into
//! `content/`. The published site has no such path (Netlify answers `/_admin/` with its 404).
//!
//! Safe by construction:
//! - every request needs the token `estate serve` prints once at start (`Authorization: Bearer`),
//!   compared in constant time;
//! - a request with an `Origin` (every browser POST has one) must come from this server's own
//!   origin, and a write must have one: no other web page can make the browser write (CSRF);
//! - every request must be for this server, by one of its names, before any handler reads it:
//!   one `Host` header naming it (DNS rebinding), and a request line in origin form (`/path`,
//!   as browsers send it), since an absolute one names the host itself;
//! - files are only ever created inside `content/properties/`, `content/blog/` and
//!   `content/media/`: names are ids (lower-case letters, digits, hyphens) made or checked here,
//!   never a path from the request ([`files`]);
//! - a photo is at most [`MAX_PHOTO`] bytes and must be a JPEG, PNG or WebP by its first bytes;
//! - nothing is overwritten: each file is written under a hidden temporary name, then linked to
//!   its name, which fails when that name exists;
//! - a file is written only when the validator of `estate check` finds no error in it
//!   ([`crate::check::new_file`]); its messages come back per form field (422).
//!
//! `estate serve`'s watcher sees the new files and rebuilds, so the new page is on the site
//! within seconds.
//!
//! Here: the editor's state, its routes and the guard. [`leads`] answers the Users screens,
//! [`create`] the two forms (read by [`forms`], written out by [`scaffold`] and [`files`]).
//! Every refusal is the lead function's [`ApiError`].

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use contract::admin::Session;
use lead_fn::http::ApiError;

mod create;
mod files;
mod forms;
mod leads;
mod scaffold;
#[cfg(test)]
mod tests;

/// Where the API lives.
const API: &str = "/_admin/api";
// The largest photo accepted, in bytes: the browser editor's limit, so both editors take the
// same photos.
use crate::content::cms::MAX_PHOTO_BYTES as MAX_PHOTO;
/// The largest request body: a photo in base64 and the form's fields.
const MAX_BODY: usize = 8 * 1024 * 1024;

/// The editor behind the API.
#[derive(Debug)]
pub struct Admin {
    content: PathBuf,
    outbox: PathBuf,
    token: String,
    /// `host:port` names of this server a browser may use.
    hosts: Vec<String>,
    /// One write at a time, so two forms cannot take one name.
    writing: Mutex<()>,
}

impl Admin {
    /// The editor of `content`, reading leads from `outbox`, for a server listening on `local`.
    pub fn new(content: PathBuf, outbox: PathBuf, local: SocketAddr, token: String) -> Admin {
        Admin { content, outbox, token, hosts: super::own_hosts(local), writing: Mutex::new(()) }
    }

    pub fn token(&self) -> &str {
        &self.token
    }
}

/// A new admin token: 32 random bytes from the operating system, in hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    let filled = std::fs::File::open("/dev/urandom")
        .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes))
        .is_ok();
    if !filled {
        // Not a Unix: the standard library's randomly keyed hasher, fed with the time.
        use std::hash::{BuildHasher as _, Hasher as _};
        for chunk in bytes.chunks_mut(8) {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher
                .write_u128(std::time::SystemTime::now().elapsed().map(|d| d.as_nanos()).unwrap_or_default());
            chunk.copy_from_slice(&hasher.finish().to_le_bytes()[..chunk.len()]);
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The API's routes; everything else under `/_admin/` is a JSON 404.
pub fn router(admin: Arc<Admin>) -> Router {
    Router::new()
        .route(&format!("{API}/session"), get(session))
        .route(&format!("{API}/summary"), get(leads::summary))
        .route(&format!("{API}/leads"), get(leads::page))
        .route(&format!("{API}/leads/{{id}}"), get(leads::one))
        .route(&format!("{API}/properties"), post(create::property))
        .route(&format!("{API}/posts"), post(create::post))
        .route("/_admin/{*rest}", axum::routing::any(not_found))
        .route_layer(axum::middleware::from_fn_with_state(Arc::clone(&admin), this_server))
        .route_layer(axum::middleware::from_fn(json_only))
        .with_state(admin)
}

type AdminState = State<Arc<Admin>>;

/// Every answer of the API is JSON, says its charset and is neither stored nor indexed. What
/// axum answers itself (a method the route does not take: 405 with an empty body; a query or
/// path it cannot read: 400 in plain text) becomes the envelope of [`ApiError`], keeping its
/// status.
async fn json_only(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    // The forms' endpoints take POST, the others GET (axum adds the `Allow` header itself).
    let takes = if request.uri().path().ends_with("/properties") || request.uri().path().ends_with("/posts") {
        "POST"
    } else {
        "GET"
    };
    let mut response = next.run(request).await;
    if response.headers().get(CONTENT_TYPE).is_none_or(|v| v != "application/json") {
        let status = response.status();
        let (code, message) = match status {
            StatusCode::METHOD_NOT_ALLOWED => {
                ("method_not_allowed", format!("This endpoint does not take {method}; it takes {takes}."))
            }
            StatusCode::BAD_REQUEST => ("malformed", axum_says(response.into_body()).await),
            _ if status.is_client_error() => ("refused", axum_says(response.into_body()).await),
            _ => ("failed", "The admin could not answer; see estate serve's output.".to_owned()),
        };
        response = ApiError::new(status, code, message).into_response();
    }
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    response
}

/// The text of axum's own refusal (`Failed to deserialize query string: ...`), short.
async fn axum_says(body: axum::body::Body) -> String {
    let bytes = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let text: String = text.trim().chars().take(300).collect();
    if text.is_empty() { "The request could not be read.".to_owned() } else { text }
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "There is no such admin endpoint.")
}

/// The refusal of a form whose fields need fixing (the messages follow, per field).
fn invalid() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", "Please fix the fields marked below.")
}

// ---- The guard: host, origin, token -----------------------------------------------------------

/// Every request of the API, before its handler: refused unless it is for this server
/// ([`for_this_server`]).
async fn this_server(State(admin): AdminState, request: Request, next: Next) -> Response {
    match for_this_server(&admin, request.uri(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refused) => refused.into_response(),
    }
}

/// Whether a request is for this server by one of its names: a request line in origin form
/// (`/path`; one in absolute form, `http://host/path`, names its host there and the `Host`
/// header is then ignored, RFC 9112 3.2.2, so it could name any host), and exactly one `Host`
/// header (two name no host: RFC 9112 3.2 has them refused), one of this server's names (a page
/// on a rebound DNS name sends its own).
fn for_this_server(admin: &Admin, uri: &Uri, headers: &HeaderMap) -> Result<(), ApiError> {
    let mut hosts = headers.get_all(HOST).iter();
    let host = match (hosts.next(), hosts.next()) {
        (Some(host), None) => host.to_str().unwrap_or(""),
        _ => "",
    };
    let origin_form = uri.scheme().is_none() && uri.authority().is_none();
    if !origin_form || !admin.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "forbidden_host",
            "The admin answers only on this computer's own address.",
        ));
    }
    Ok(())
}

/// Refuses a request that does not come from this server's own pages with the token. `write`:
/// the request changes something, so it must carry an `Origin`. (Which server it is for is
/// checked before, for every request: [`for_this_server`].)
fn guard(admin: &Admin, headers: &HeaderMap, write: bool) -> Result<(), ApiError> {
    match headers.get(ORIGIN).map(|o| o.to_str().unwrap_or("")) {
        Some(origin) => {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|rest| admin.hosts.iter().any(|h| h.eq_ignore_ascii_case(rest)));
            if !own {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "forbidden_origin",
                    "Refused: the request came from another site.",
                ));
            }
        }
        None if write => {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden_origin",
                "Refused: a change must come from the admin page (no Origin header).",
            ));
        }
        None => {}
    }
    let given = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("")
        .trim();
    if given.is_empty() || !same(given.as_bytes(), admin.token.as_bytes()) {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "The admin token is missing or wrong: open the link estate serve printed.",
        ));
    }
    Ok(())
}

/// Compares in time that depends only on the lengths.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Whether the token is good: the admin page asks this first, with or without one, and shows
/// the dashboard or the locked screen (a 200 either way, so a locked page logs no error).
async fn session(State(admin): AdminState, headers: HeaderMap) -> Result<Json<Session>, ApiError> {
    match guard(&admin, &headers, false) {
        Ok(()) => Ok(Json(Session {
            ok: true,
            authenticated: true,
            content: Some(admin.content.display().to_string()),
        })),
        Err(refused) if refused.status == StatusCode::UNAUTHORIZED => {
            Ok(Json(Session { ok: true, authenticated: false, content: None }))
        }
        Err(refused) => Err(refused),
    }
}
