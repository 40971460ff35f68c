//! The admin editor's API, answered only by `estate serve` on a loopback address: the counts of
//! the content, the leads of the local outbox, and forms that write new listings and posts into
//! `content/`. The published site has no such path (Netlify answers `/_admin/` with its 404).
//!
//! Safe by construction:
//! - every request needs the token `estate serve` prints once at start (`Authorization: Bearer`),
//!   compared in constant time;
//! - a request with an `Origin` (every browser POST has one) must come from this server's own
//!   origin, and a write must have one: no other web page can make the browser write (CSRF);
//!   the `Host` must be this server's too (DNS rebinding);
//! - files are only ever created inside `content/properties/`, `content/blog/` and
//!   `content/media/`: names are ids (lower-case letters, digits, hyphens) made or checked here,
//!   never a path from the request;
//! - a photo is at most [`MAX_PHOTO`] bytes and must be a JPEG, PNG or WebP by its first bytes;
//! - nothing is overwritten: each file is written under a hidden temporary name, then linked to
//!   its name, which fails when that name exists;
//! - a file is written only when the validator of `estate check` finds no error in it
//!   ([`content::check_new_file`]); its messages come back per form field (422).
//!
//! `estate serve`'s watcher sees the new files and rebuilds, so the new page is on the site
//! within seconds.

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path as UrlPath, Query, Request, State};
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use base64::Engine as _;
use serde_json::{Map, Value, json};

use crate::content::diag::{Diagnostic, Severity};
use crate::content::model::{MainCategory, Status, dubai};
use crate::content::{self, RESERVED_PROPERTY_IDS, is_valid_id, suggest_id};
use lead_fn::leads::record::Lead;

/// Where the API lives.
pub const API: &str = "/_admin/api";
/// The largest photo accepted, in bytes (5 MiB, as the sample's media).
pub const MAX_PHOTO: usize = 5 * 1024 * 1024;
/// The largest request body: a photo in base64 and the form's fields.
pub const MAX_BODY: usize = 8 * 1024 * 1024;
/// Users per page, as the spec's admin.
pub const LEADS_PER_PAGE: usize = 5;
/// The longest id made from a title.
const MAX_ID: usize = 60;

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
        let port = local.port();
        let mut hosts = vec![local.to_string(), format!("localhost:{port}")];
        for name in [format!("127.0.0.1:{port}"), format!("[::1]:{port}")] {
            if !hosts.contains(&name) {
                hosts.push(name);
            }
        }
        Admin { content, outbox, token, hosts, writing: Mutex::new(()) }
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
        .route(&format!("{API}/summary"), get(summary))
        .route(&format!("{API}/leads"), get(leads))
        .route(&format!("{API}/leads/{{id}}"), get(lead))
        .route(&format!("{API}/properties"), post(create_property))
        .route(&format!("{API}/posts"), post(create_post))
        .route("/_admin/{*rest}", axum::routing::any(not_found))
        .with_state(admin)
}

type AdminState = State<Arc<Admin>>;

// ---- Answers ---------------------------------------------------------------------------------

fn answer(status: StatusCode, body: Value) -> Response {
    let mut response = (status, body.to_string()).into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex, nofollow"));
    response
}

fn refusal(status: StatusCode, code: &str, error: &str) -> Response {
    answer(status, json!({ "ok": false, "code": code, "error": error, "fields": {} }))
}

async fn not_found() -> Response {
    refusal(StatusCode::NOT_FOUND, "not_found", "There is no such admin endpoint.")
}

// ---- The guard: host, origin, token -----------------------------------------------------------

/// Refuses a request that does not come from this server's own pages with the token. `write`:
/// the request changes something, so it must carry an `Origin`.
fn guard(admin: &Admin, headers: &HeaderMap, write: bool) -> Result<(), Box<Response>> {
    let host = headers.get(HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if !admin.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Err(Box::new(refusal(
            StatusCode::FORBIDDEN,
            "forbidden_host",
            "The admin answers only on this computer's own address.",
        )));
    }
    match headers.get(ORIGIN).map(|o| o.to_str().unwrap_or("")) {
        Some(origin) => {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|rest| admin.hosts.iter().any(|h| h.eq_ignore_ascii_case(rest)));
            if !own {
                return Err(Box::new(refusal(
                    StatusCode::FORBIDDEN,
                    "forbidden_origin",
                    "Refused: the request came from another site.",
                )));
            }
        }
        None if write => {
            return Err(Box::new(refusal(
                StatusCode::FORBIDDEN,
                "forbidden_origin",
                "Refused: a change must come from the admin page (no Origin header).",
            )));
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
        return Err(Box::new(refusal(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "The admin token is missing or wrong: open the link estate serve printed.",
        )));
    }
    Ok(())
}

/// Compares in time that depends only on the lengths.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

// ---- Reading: session, summary, leads ----------------------------------------------------------

/// Whether the token is good: the admin page asks this first, with or without one, and shows
/// the dashboard or the locked screen (a 200 either way, so a locked page logs no error).
async fn session(State(admin): AdminState, headers: HeaderMap) -> Response {
    match guard(&admin, &headers, false) {
        Ok(()) => answer(
            StatusCode::OK,
            json!({ "ok": true, "authenticated": true, "content": admin.content.display().to_string() }),
        ),
        Err(refused) if refused.status() == StatusCode::UNAUTHORIZED => {
            answer(StatusCode::OK, json!({ "ok": true, "authenticated": false }))
        }
        Err(refused) => *refused,
    }
}

async fn summary(State(admin): AdminState, headers: HeaderMap) -> Response {
    if let Err(refused) = guard(&admin, &headers, false) {
        return *refused;
    }
    let worker = Arc::clone(&admin);
    match tokio::task::spawn_blocking(move || summarize(&worker)).await {
        Ok(body) => answer(StatusCode::OK, body),
        Err(_) => refusal(StatusCode::INTERNAL_SERVER_ERROR, "failed", "The summary could not be made."),
    }
}

/// Listing counts per category (published ones, and the others), posts, and the newest leads.
pub fn summarize(admin: &Admin) -> Value {
    let (content, report) = crate::check::content(&admin.content);
    let mut categories = Map::new();
    for category in
        [MainCategory::Residential, MainCategory::Rental, MainCategory::OffPlan, MainCategory::Commercial]
    {
        let count = content.published().filter(|p| p.data.main_category == category).count();
        categories.insert(category.as_str().to_owned(), json!(count));
    }
    let unpublished = content.properties.iter().filter(|p| p.data.status != Status::Available).count();
    let leads = read_leads(&admin.outbox);
    let newest: Vec<Value> = leads.iter().take(LEADS_PER_PAGE).map(|(n, lead)| lead_row(*n, lead)).collect();
    json!({
        "ok": true,
        "categories": categories,
        "published": content.published().count(),
        "unpublished": unpublished,
        "posts": content.posts.len(),
        "leads": leads.len(),
        "newestLeads": newest,
        "contentErrors": report.errors(),
    })
}

/// Every lead of the outbox, newest first, each with its number (the oldest is 1).
fn read_leads(outbox: &Path) -> Vec<(usize, Lead)> {
    let Ok(entries) = std::fs::read_dir(outbox) else { return Vec::new() };
    let mut leads: Vec<Lead> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.ends_with(".json") && !name.starts_with('.')
        })
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|bytes| serde_json::from_slice::<Lead>(&bytes).ok())
        .collect();
    // Ids sort by arrival.
    leads.sort_by(|a, b| a.id.cmp(&b.id));
    let numbered: Vec<(usize, Lead)> = leads.into_iter().enumerate().map(|(i, l)| (i + 1, l)).collect();
    numbered.into_iter().rev().collect()
}

fn lead_row(number: usize, lead: &Lead) -> Value {
    json!({
        "number": number,
        "id": lead.id,
        "receivedAt": lead.received_at,
        "name": lead.name,
        "email": lead.email,
        "contactNumber": lead.contact_number,
        "form": lead.form,
    })
}

#[derive(serde::Deserialize)]
struct PageQuery {
    page: Option<usize>,
}

async fn leads(State(admin): AdminState, headers: HeaderMap, Query(query): Query<PageQuery>) -> Response {
    if let Err(refused) = guard(&admin, &headers, false) {
        return *refused;
    }
    let outbox = admin.outbox.clone();
    let Ok(all) = tokio::task::spawn_blocking(move || read_leads(&outbox)).await else {
        return refusal(StatusCode::INTERNAL_SERVER_ERROR, "failed", "The outbox could not be read.");
    };
    let pages = all.len().div_ceil(LEADS_PER_PAGE).max(1);
    let page = query.page.unwrap_or(1).clamp(1, pages);
    let rows: Vec<Value> = all
        .iter()
        .skip((page - 1) * LEADS_PER_PAGE)
        .take(LEADS_PER_PAGE)
        .map(|(n, lead)| lead_row(*n, lead))
        .collect();
    answer(
        StatusCode::OK,
        json!({ "ok": true, "total": all.len(), "page": page, "pages": pages, "pageSize": LEADS_PER_PAGE, "leads": rows }),
    )
}

async fn lead(State(admin): AdminState, headers: HeaderMap, UrlPath(id): UrlPath<String>) -> Response {
    if let Err(refused) = guard(&admin, &headers, false) {
        return *refused;
    }
    // Lead ids are letters, digits and hyphens; nothing else names a file of the outbox.
    if id.is_empty() || id.len() > 80 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return refusal(StatusCode::BAD_REQUEST, "invalid_id", "That is not a lead id.");
    }
    let outbox = admin.outbox.clone();
    let found =
        tokio::task::spawn_blocking(move || read_leads(&outbox).into_iter().find(|(_, lead)| lead.id == id))
            .await
            .ok()
            .flatten();
    match found {
        Some((number, lead)) => {
            let mut body = serde_json::to_value(&lead).unwrap_or_else(|_| json!({}));
            if let Value::Object(map) = &mut body {
                map.insert("number".into(), json!(number));
            }
            answer(StatusCode::OK, json!({ "ok": true, "lead": body }))
        }
        None => refusal(StatusCode::NOT_FOUND, "not_found", "There is no lead with that id."),
    }
}

// ---- Writing -------------------------------------------------------------------------------------

/// Why a form was not written: the status, a code, and messages per form field.
#[derive(Debug, PartialEq)]
pub struct Refused {
    pub status: StatusCode,
    pub code: &'static str,
    pub error: String,
    pub fields: Map<String, Value>,
}

impl Refused {
    fn new(status: StatusCode, code: &'static str, error: impl Into<String>) -> Refused {
        Refused { status, code, error: error.into(), fields: Map::new() }
    }

    fn field(mut self, name: &str, message: impl Into<String>) -> Refused {
        if !self.fields.contains_key(name) {
            self.fields.insert(name.to_owned(), Value::String(message.into()));
        }
        self
    }

    fn invalid() -> Refused {
        Refused::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", "Please fix the fields marked below.")
    }

    fn into_response(self) -> Response {
        answer(
            self.status,
            json!({ "ok": false, "code": self.code, "error": self.error, "fields": self.fields }),
        )
    }
}

/// What was written.
#[derive(Debug)]
pub struct Created {
    pub id: String,
    /// Relative to the content folder.
    pub files: Vec<String>,
    /// The page that will show it once the site is rebuilt.
    pub url: String,
    pub warnings: Vec<String>,
}

/// Reads a JSON object body of at most [`MAX_BODY`] bytes.
async fn json_body(request: Request) -> Result<Map<String, Value>, Refused> {
    let is_json =
        request.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
            v.split(';').next().unwrap_or("").trim().eq_ignore_ascii_case("application/json")
        });
    if !is_json {
        return Err(Refused::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "Send the form as application/json.",
        ));
    }
    let bytes = axum::body::to_bytes(request.into_body(), MAX_BODY).await.map_err(|_| {
        Refused::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("The form is larger than {} MB.", MAX_BODY / 1024 / 1024),
        )
    })?;
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(Refused::new(StatusCode::BAD_REQUEST, "malformed", "The form is not a JSON object.")),
    }
}

/// A text field: a string or a number as the browser sent it, trimmed; absent or null is empty.
fn text_field(form: &Map<String, Value>, name: &str) -> Result<String, Refused> {
    match form.get(name) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.trim().to_owned()),
        Some(Value::Number(n)) => Ok(n.to_string()),
        Some(_) => Err(Refused::new(StatusCode::BAD_REQUEST, "malformed", format!("`{name}` must be text."))
            .field(name, "This field must be text.")),
    }
}

async fn create_property(State(admin): AdminState, request: Request) -> Response {
    write_with(admin, request, |admin, form| create_property_file(admin, &form, &now())).await
}

async fn create_post(State(admin): AdminState, request: Request) -> Response {
    write_with(admin, request, |admin, form| create_post_file(admin, &form, &now())).await
}

async fn write_with<F>(admin: Arc<Admin>, request: Request, write: F) -> Response
where
    F: FnOnce(&Admin, Map<String, Value>) -> Result<Created, Refused> + Send + 'static,
{
    if let Err(refused) = guard(&admin, request.headers(), true) {
        return *refused;
    }
    let form = match json_body(request).await {
        Ok(form) => form,
        Err(refused) => return refused.into_response(),
    };
    let written = tokio::task::spawn_blocking(move || write(&admin, form)).await;
    match written {
        Ok(Ok(created)) => answer(
            StatusCode::CREATED,
            json!({ "ok": true, "id": created.id, "files": created.files, "url": created.url, "warnings": created.warnings }),
        ),
        Ok(Err(refused)) => refused.into_response(),
        Err(_) => refusal(StatusCode::INTERNAL_SERVER_ERROR, "failed", "The file could not be written."),
    }
}

/// The time a new record is created at, in Dubai.
fn now() -> String {
    chrono::Utc::now().with_timezone(&dubai()).format("%Y-%m-%dT%H:%M:%S%:z").to_string()
}

/// The id of a new record: the `id` field when given (it must be valid), else made from the
/// title. Errors name the field that holds the problem.
fn new_id(
    form: &Map<String, Value>,
    title: &str,
    fallback_prefix: &str,
    created: &str,
) -> Result<(String, &'static str), Refused> {
    let given = text_field(form, "id")?;
    if !given.is_empty() {
        if !is_valid_id(&given) {
            let suggestion = suggest_id(&given);
            return Err(Refused::invalid().field(
                "id",
                format!(
                    "`{given}` is not a valid id: use lower-case letters, digits and single hyphens{}",
                    if suggestion.is_empty() { String::new() } else { format!(", e.g. `{suggestion}`") }
                ),
            ));
        }
        return Ok((given, "id"));
    }
    let mut id = suggest_id(title);
    if id.len() > MAX_ID {
        let cut = id[..MAX_ID].rfind('-').unwrap_or(MAX_ID);
        id.truncate(cut);
    }
    if id.is_empty() {
        // A title without Latin letters or digits: an id from the time.
        let stamp: String = created.chars().filter(char::is_ascii_digit).take(14).collect();
        id = format!("{fallback_prefix}-{stamp}");
    }
    Ok((id, "title"))
}

/// A photo sent as `{ "name": "...", "data": "<base64>" }` (or a `data:` URL in `data`).
struct Photo {
    bytes: Vec<u8>,
    ext: &'static str,
}

/// The photo of the form, if one was sent, checked: size and type from its bytes.
fn photo_field(form: &Map<String, Value>) -> Result<Option<Photo>, Refused> {
    let data = match form.get("photo") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(photo)) => match photo.get("data") {
            Some(Value::String(data)) => data.clone(),
            _ => return Err(Refused::invalid().field("photo", "The photo could not be read.")),
        },
        Some(Value::String(data)) if data.is_empty() => return Ok(None),
        Some(Value::String(data)) => data.clone(),
        Some(_) => return Err(Refused::invalid().field("photo", "The photo could not be read.")),
    };
    let encoded = match data.split_once(";base64,") {
        Some((head, rest)) if head.starts_with("data:") => rest,
        _ => data.as_str(),
    };
    // Base64 of MAX_PHOTO bytes is 4/3 as long; refuse before decoding anything larger.
    if encoded.len() / 4 * 3 > MAX_PHOTO + 3 {
        return Err(Refused::invalid().field("photo", too_large_photo()));
    }
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(encoded.trim()) else {
        return Err(Refused::invalid().field("photo", "The photo could not be read."));
    };
    if bytes.len() > MAX_PHOTO {
        return Err(Refused::invalid().field("photo", too_large_photo()));
    }
    match sniff_image(&bytes) {
        Some(ext) => Ok(Some(Photo { bytes, ext })),
        None => Err(Refused::invalid().field("photo", "The photo must be a JPEG, PNG or WebP image.")),
    }
}

fn too_large_photo() -> String {
    format!("The photo is larger than {} MB.", MAX_PHOTO / 1024 / 1024)
}

/// The image type of `bytes` from their first bytes (never from a name or a declared type).
pub fn sniff_image(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("jpg")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("png")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("webp")
    } else {
        None
    }
}

/// A YAML scalar for one line of text: plain when that reads back as the same string, else
/// double-quoted (JSON's escapes are YAML's).
fn yaml_text(value: &str) -> String {
    let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
    let plain = !value.is_empty()
        && value.chars().all(|c| c.is_alphanumeric() || " ,.'()&/+-".contains(c))
        && value.starts_with(|c: char| c.is_alphabetic())
        && !matches!(
            value.to_ascii_lowercase().as_str(),
            "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n"
        );
    if plain { value } else { Value::String(value).to_string() }
}

/// A number field as YAML: the digits as typed, or (anything else) quoted, so the validator
/// says what is wrong with it.
fn yaml_number(value: &str) -> String {
    let digits = value.strip_prefix('-').unwrap_or(value);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let numeric = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if numeric(whole) && numeric(fraction) {
        value.to_owned()
    } else {
        Value::String(value.to_owned()).to_string()
    }
}

/// The category of the admin's form (the spec's Residential, Commercial, Off-Plan) as the
/// content's `mainCategory`; other values go through as written, for the validator to judge.
fn main_category(value: &str) -> String {
    match value {
        "" | "Residential" => "Residential".into(),
        "Commercial" => "Commercial".into(),
        "Off-Plan" | "Off-Plane" | "OffPlan" => "OffPlan".into(),
        "Rental" => "Rental".into(),
        other => yaml_text(other),
    }
}

/// The text of a listing from the admin's property form: the text of `estate new property`
/// with the form's values in place of the examples (the comments stay), the fields the form
/// has no value for commented out, and `status: available`. So a listing made in the admin and
/// one made by hand look alike.
fn property_text(form: &PropertyForm, images: &[String], created: &str) -> String {
    let today = &created[..10.min(created.len())];
    let template = crate::content::scaffold::property_template(today);
    let number = |value: &str| (!value.is_empty()).then(|| yaml_number(value));
    let text_value = |value: &str| (!value.is_empty()).then(|| yaml_text(value));
    let sub = if form.kind.is_empty() { "Apartment".to_owned() } else { yaml_text(&form.kind) };
    let images = format!("[{}]", images.iter().map(|i| yaml_text(i)).collect::<Vec<_>>().join(", "));
    let mut out = String::new();
    let mut in_description = false;
    for line in template.lines() {
        if in_description {
            if line.starts_with("  ") || line.is_empty() {
                out.push_str(&commented(line));
                continue;
            }
            in_description = false;
        }
        let key = line.split_once(':').map(|(k, _)| k).filter(|k| !k.starts_with('#') && !k.contains(' '));
        let value = match key {
            None if line.starts_with("# A new listing.") => {
                out.push_str(&format!(
                    "# A new listing, added with the admin editor on {today}. Its address: /property/<file name>.\n"
                ));
                continue;
            }
            None => None,
            Some("title") => Some(Some(yaml_text(&form.title))),
            Some("mainCategory") => Some(Some(main_category(&form.category))),
            Some("subCategory") => Some(Some(sub.clone())),
            Some("status") => Some(Some("available".to_owned())),
            Some("createdAt") => Some(Some(created.to_owned())),
            Some("location") => Some(text_value(&form.location)),
            Some("bedrooms") => Some(number(&form.bedrooms)),
            Some("bathrooms") => Some(None),
            Some("area") => Some(number(&form.area)),
            Some("price") => Some(number(&form.value)),
            Some("amenities") => Some(Some("[]".to_owned())),
            Some("images") => Some(Some(images.clone())),
            Some("description") => {
                in_description = true;
                Some(None)
            }
            Some(_) => None,
        };
        match (key, value) {
            (Some(key), Some(Some(value))) => out.push_str(&with_value(line, key, &value)),
            (Some(_), Some(None)) => out.push_str(&commented(line)),
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// `line` (`key: example   # comment`) with another value, the comment kept in its column.
fn with_value(line: &str, key: &str, value: &str) -> String {
    match line.find(" #") {
        Some(at) => {
            let column = at.max(key.len() + 2);
            format!("{:<column$}{}\n", format!("{key}: {value}"), &line[at..])
        }
        None => format!("{key}: {value}\n"),
    }
}

fn commented(line: &str) -> String {
    if line.is_empty() { "#\n".to_owned() } else { format!("# {line}\n") }
}

/// The text of a post from the Add Blog form, in the layout of `estate new post`.
fn post_text(form: &PostForm, author: &str, created: &str) -> String {
    let body = form.description.replace("\r\n", "\n");
    let excerpt_source =
        body.split("\n\n").next().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
    let excerpt: String = if excerpt_source.chars().count() > 200 {
        let cut: String = excerpt_source.chars().take(200).collect();
        format!("{}…", cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head))
    } else {
        excerpt_source
    };
    let images =
        if form.image.is_empty() { "[]".to_owned() } else { format!("[{}]", yaml_text(&form.image)) };
    let mut text = String::from("---\n");
    text.push_str(&format!("title: {}\n", yaml_text(&form.title)));
    text.push_str(&format!("date: {created}\n"));
    text.push_str(&format!("author: {}\n", yaml_text(author)));
    text.push_str(&format!("excerpt: {}\n", yaml_text(&excerpt)));
    text.push_str(&format!("images: {images}        # the first is the cover\n"));
    text.push_str("---\n");
    text.push_str(body.trim());
    text.push('\n');
    text
}

struct PropertyForm {
    title: String,
    value: String,
    location: String,
    category: String,
    kind: String,
    area: String,
    bedrooms: String,
}

struct PostForm {
    title: String,
    description: String,
    image: String,
}

/// Which form field a diagnostic of the new file concerns: the top-level key on (or above) its
/// line, turned into the form's name for it.
fn field_of(text: &str, d: &Diagnostic, names: &[(&str, &str)], id_field: &str) -> String {
    if d.message.starts_with("invalid id") {
        return id_field.to_owned();
    }
    if d.message.starts_with("the post has no text") {
        return "description".into();
    }
    let mut key = None;
    let mut fences = 0;
    for (i, line) in text.lines().enumerate() {
        if i as u32 + 1 > d.pos.line {
            break;
        }
        if line.trim_end() == "---" {
            fences += 1;
            if fences == 2 {
                key = Some("body");
            }
            continue;
        }
        if fences == 2 {
            continue;
        }
        if line.starts_with(|c: char| c.is_ascii_alphabetic())
            && let Some((name, _)) = line.split_once(':')
        {
            key = Some(name);
        }
    }
    key.and_then(|k| names.iter().find(|(yaml, _)| *yaml == k).map(|(_, field)| (*field).to_owned()))
        .unwrap_or_else(|| "form".into())
}

fn message_of(d: &Diagnostic) -> String {
    match &d.hint {
        Some(hint) => format!("{} ({hint})", d.message),
        None => d.message.clone(),
    }
}

/// Runs the validator over the new file; its errors, per field, refuse it.
fn validate(
    admin: &Admin,
    file: &Path,
    text: &str,
    pending: &[PathBuf],
    names: &[(&str, &str)],
    id_field: &str,
    refused: Option<Refused>,
) -> Result<Vec<String>, Refused> {
    let diagnostics = crate::check::new_file(&admin.content, file, text, pending);
    let mut refused = refused;
    let mut warnings = Vec::new();
    for d in &diagnostics {
        if d.severity == Severity::Warning {
            warnings.push(message_of(d));
            continue;
        }
        let field = field_of(text, d, names, id_field);
        refused = Some(refused.unwrap_or_else(Refused::invalid).field(&field, message_of(d)));
    }
    match refused {
        Some(refused) => Err(refused),
        None => Ok(warnings),
    }
}

fn exists_refusal(field: &str, what: &str, existing: &Path, content: &Path) -> Refused {
    let shown = existing.strip_prefix(content).unwrap_or(existing).display().to_string();
    Refused::new(StatusCode::CONFLICT, "exists", format!("{what} already exists: content/{shown}"))
        .field(field, format!("{what} already exists (content/{shown}); choose another title."))
}

/// Writes a new listing (and its photo) from the admin's property form.
pub fn create_property_file(
    admin: &Admin,
    form: &Map<String, Value>,
    created: &str,
) -> Result<Created, Refused> {
    let input = PropertyForm {
        title: text_field(form, "title")?,
        value: text_field(form, "value")?,
        location: text_field(form, "location")?,
        category: text_field(form, "category")?,
        kind: text_field(form, "type")?,
        area: text_field(form, "area")?,
        bedrooms: text_field(form, "bedrooms")?,
    };
    let (id, id_field) = new_id(form, &input.title, "listing", created)?;
    if RESERVED_PROPERTY_IDS.contains(&id.as_str()) {
        return Err(Refused::invalid()
            .field(id_field, format!("`{id}` is reserved for an API path; choose another name")));
    }
    let (photo, photo_refused) = match photo_field(form) {
        Ok(photo) => (photo, None),
        Err(refused) => (None, Some(refused)),
    };
    let _writing = admin.writing.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = admin.content.join("properties");
    for ext in ["yaml", "yml", "md"] {
        let existing = dir.join(format!("{id}.{ext}"));
        if existing.exists() {
            let mut refused =
                exists_refusal(id_field, "A listing with this address", &existing, &admin.content);
            if let Some(photo) = photo_refused.and_then(|r| r.fields.get("photo").cloned()) {
                refused.fields.insert("photo".into(), photo);
            }
            return Err(refused);
        }
    }
    let file = dir.join(format!("{id}.yaml"));
    let media = photo.as_ref().map(|p| free_name(&admin.content, "media/properties", &id, p.ext));
    let images: Vec<String> = media.iter().map(|m| m.display().to_string()).collect();
    let text = property_text(&input, &images, created);
    let names = [
        ("title", "title"),
        ("price", "value"),
        ("location", "location"),
        ("mainCategory", "category"),
        ("subCategory", "type"),
        ("area", "area"),
        ("bedrooms", "bedrooms"),
        ("images", "photo"),
    ];
    let pending: Vec<PathBuf> = media.iter().cloned().collect();
    let warnings = match validate(admin, &file, &text, &pending, &names, id_field, photo_refused) {
        Ok(warnings) => warnings,
        Err(mut refused) => {
            // A value of the wrong type stops the validator before its other checks (an empty
            // title, say). Check once more without those values, so every message shows at once.
            let typed = ["value", "area", "bedrooms", "type", "category"];
            if typed.iter().any(|f| refused.fields.contains_key(*f)) {
                let blank = |field: &str, value: &str, default: &str| {
                    if refused.fields.contains_key(field) { default.to_owned() } else { value.to_owned() }
                };
                let rest = PropertyForm {
                    title: input.title.clone(),
                    value: blank("value", &input.value, ""),
                    location: input.location.clone(),
                    category: blank("category", &input.category, "Residential"),
                    kind: blank("type", &input.kind, "Apartment"),
                    area: blank("area", &input.area, ""),
                    bedrooms: blank("bedrooms", &input.bedrooms, ""),
                };
                let text = property_text(&rest, &images, created);
                if let Err(more) = validate(admin, &file, &text, &pending, &names, id_field, None) {
                    for (field, message) in more.fields {
                        refused.fields.entry(field).or_insert(message);
                    }
                }
            }
            return Err(refused);
        }
    };
    let mut files = Vec::new();
    if let (Some(photo), Some(media)) = (&photo, &media) {
        write_new(&admin.content.join(media), &photo.bytes).map_err(|e| write_refusal(media, &e))?;
        files.push(media.display().to_string());
    }
    if let Err(e) = write_new(&file, text.as_bytes()) {
        // The listing is whole or not there: its photo goes too.
        if let Some(media) = &media {
            let _ = std::fs::remove_file(admin.content.join(media));
        }
        return Err(if e.kind() == std::io::ErrorKind::AlreadyExists {
            exists_refusal(id_field, "A listing with this address", &file, &admin.content)
        } else {
            write_refusal(&file, &e)
        });
    }
    files.push(format!("properties/{id}.yaml"));
    Ok(Created { url: contract::urls::property_path(&id), id, files, warnings })
}

/// Writes a new post from the Add Blog form.
pub fn create_post_file(admin: &Admin, form: &Map<String, Value>, created: &str) -> Result<Created, Refused> {
    let input = PostForm {
        title: text_field(form, "title")?,
        description: text_field(form, "description")?,
        image: text_field(form, "image")?,
    };
    let (id, id_field) = new_id(form, &input.title, "post", created)?;
    let _writing = admin.writing.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let file = admin.content.join("blog").join(format!("{id}.md"));
    if file.exists() {
        return Err(exists_refusal(id_field, "A post with this address", &file, &admin.content));
    }
    let author = site_name(&admin.content);
    let text = post_text(&input, &author, created);
    let names =
        [("title", "title"), ("images", "image"), ("body", "description"), ("excerpt", "description")];
    let warnings = validate(admin, &file, &text, &[], &names, id_field, None)?;
    if let Err(e) = write_new(&file, text.as_bytes()) {
        return Err(if e.kind() == std::io::ErrorKind::AlreadyExists {
            exists_refusal(id_field, "A post with this address", &file, &admin.content)
        } else {
            write_refusal(&file, &e)
        });
    }
    let url = format!(
        "/blog/{id}/{}",
        contract::urls::encode_path_segment(&contract::urls::blog_slug(&input.title))
    );
    Ok(Created { id: id.clone(), files: vec![format!("blog/{id}.md")], url, warnings })
}

/// The agency's name from `site.yaml`, the author of posts written here.
fn site_name(content_dir: &Path) -> String {
    let (content, _) = content::load(content_dir);
    content.site.map(|s| s.data.name).unwrap_or_else(|| "The editors".into())
}

/// `folder/{id}.{ext}`, or `folder/{id}-2.{ext}` ... when that is taken (relative to content/).
fn free_name(content_dir: &Path, folder: &str, id: &str, ext: &str) -> PathBuf {
    let mut n = 1;
    loop {
        let name = if n == 1 { format!("{id}.{ext}") } else { format!("{id}-{n}.{ext}") };
        let relative = Path::new(folder).join(name);
        if !content_dir.join(&relative).exists() {
            return relative;
        }
        n += 1;
    }
}

fn write_refusal(path: &Path, error: &std::io::Error) -> Refused {
    Refused::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "write_failed",
        format!("{} could not be written: {error}", path.display()),
    )
}

/// Writes a new file whole or not at all, and never over an existing one: the bytes go to a
/// hidden temporary file (which the watcher ignores), which is then linked to its name.
fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path.parent().ok_or_else(|| std::io::Error::other("no folder"))?;
    std::fs::create_dir_all(dir)?;
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("new");
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}-{nanos}.tmp", std::process::id()));
    let written = (|| {
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::hard_link(&temp, path)
    })();
    let _ = std::fs::remove_file(&temp);
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::BTreeMap;

    use axum::body::Body;
    use tower::ServiceExt as _;

    const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    const HOST_NAME: &str = "127.0.0.1:8080";
    const ORIGIN_OK: &str = "http://127.0.0.1:8080";

    /// A copy of the sample content in a temporary folder, with an outbox beside it.
    struct Sandbox {
        root: tempfile::TempDir,
        admin: Arc<Admin>,
    }

    impl Sandbox {
        fn new() -> Sandbox {
            let root = tempfile::tempdir().expect("a temp dir");
            let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
            let content = root.path().join("content");
            for entry in walkdir::WalkDir::new(repo.join("content")) {
                let entry = entry.expect("an entry");
                let relative = entry.path().strip_prefix(repo.join("content")).expect("inside");
                let target = content.join(relative);
                if entry.file_type().is_dir() {
                    std::fs::create_dir_all(&target).expect("a folder");
                } else {
                    std::fs::copy(entry.path(), &target).expect("a copy");
                }
            }
            let admin = Arc::new(Admin::new(
                content,
                root.path().join("outbox"),
                HOST_NAME.parse().expect("an address"),
                TOKEN.to_owned(),
            ));
            Sandbox { root, admin }
        }

        fn content(&self) -> PathBuf {
            self.root.path().join("content")
        }

        /// Every file under the sandbox (content, outbox and anything else) with its bytes.
        fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
            walkdir::WalkDir::new(self.root.path())
                .into_iter()
                .flatten()
                .filter(|e| e.file_type().is_file())
                .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).expect("readable")))
                .collect()
        }

        async fn send(&self, request: axum::http::Request<Body>) -> (StatusCode, Value) {
            let response = router(Arc::clone(&self.admin)).oneshot(request).await.expect("an answer");
            let status = response.status();
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
            (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
        }

        /// A POST as the admin page sends it, with `change` applied to the headers.
        async fn post(
            &self,
            path: &str,
            body: &Value,
            change: impl FnOnce(&mut HeaderMap),
        ) -> (StatusCode, Value) {
            let mut request = axum::http::Request::builder()
                .method("POST")
                .uri(format!("{API}/{path}"))
                .body(Body::from(body.to_string()))
                .expect("a request");
            let headers = request.headers_mut();
            headers.insert(HOST, HeaderValue::from_static(HOST_NAME));
            headers.insert(ORIGIN, HeaderValue::from_static(ORIGIN_OK));
            headers.insert(AUTHORIZATION, HeaderValue::from_str(&format!("Bearer {TOKEN}")).expect("ascii"));
            headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
            change(headers);
            self.send(request).await
        }

        async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
            let mut builder =
                axum::http::Request::builder().uri(format!("{API}/{path}")).header(HOST, HOST_NAME);
            if let Some(token) = token {
                builder = builder.header(AUTHORIZATION, format!("Bearer {token}"));
            }
            self.send(builder.body(Body::empty()).expect("a request")).await
        }
    }

    fn photo() -> String {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let bytes = std::fs::read(repo.join("content/media/default-property.jpg")).expect("a jpeg");
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    fn property() -> Value {
        json!({
            "title": "Creek Vista Two-Bedroom Apartment",
            "value": 2150000,
            "location": "Dubai Creek Harbour",
            "category": "Off-Plan",
            "type": "Apartment",
            "area": "1180",
            "bedrooms": "2",
            "photo": { "name": "vista.jpg", "data": photo() },
        })
    }

    fn post() -> Value {
        json!({
            "title": "What Changed for Buyers This Winter",
            "description": "Three changes matter most.\n\nFirst, the fees.",
            "image": "/media/blog/family-communities.jpg",
        })
    }

    #[tokio::test]
    async fn without_the_right_token_nothing_is_read_or_written() {
        let sandbox = Sandbox::new();
        let before = sandbox.files();
        for (name, header) in [("missing", None), ("wrong", Some("Bearer nope")), ("empty", Some("Bearer "))]
        {
            let (status, body) = sandbox
                .post("properties", &property(), |h| match header {
                    None => {
                        h.remove(AUTHORIZATION);
                    }
                    Some(value) => {
                        h.insert(AUTHORIZATION, HeaderValue::from_static(value));
                    }
                })
                .await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{name}: {body}");
            assert_eq!(body["code"], "unauthorized");
            let (status, _) = sandbox
                .post("posts", &post(), |h| {
                    h.remove(AUTHORIZATION);
                })
                .await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        assert_eq!(sandbox.get("leads", None).await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(sandbox.get("summary", Some("nope")).await.0, StatusCode::UNAUTHORIZED);
        let (status, session) = sandbox.get("session", Some(TOKEN)).await;
        assert_eq!((status, session["authenticated"].clone()), (StatusCode::OK, json!(true)));
        for token in [None, Some("nope")] {
            let (status, session) = sandbox.get("session", token).await;
            assert_eq!((status, session["authenticated"].clone()), (StatusCode::OK, json!(false)));
            assert!(session.get("content").is_none());
        }
        assert_eq!(sandbox.files(), before, "nothing was written");
    }

    #[tokio::test]
    async fn another_origin_or_host_is_refused_and_nothing_is_written() {
        let sandbox = Sandbox::new();
        let before = sandbox.files();
        type Change = fn(&mut HeaderMap);
        let cases: [(&str, Change); 5] = [
            ("foreign origin", |h| {
                h.insert(ORIGIN, HeaderValue::from_static("https://evil.example"));
            }),
            ("another port", |h| {
                h.insert(ORIGIN, HeaderValue::from_static("http://127.0.0.1:9999"));
            }),
            ("null origin", |h| {
                h.insert(ORIGIN, HeaderValue::from_static("null"));
            }),
            ("no origin", |h| {
                h.remove(ORIGIN);
            }),
            ("rebinding host", |h| {
                h.insert(HOST, HeaderValue::from_static("evil.example:8080"));
            }),
        ];
        for (name, change) in cases {
            for (path, body) in [("properties", property()), ("posts", post())] {
                let (status, answer) = sandbox.post(path, &body, change).await;
                assert_eq!(status, StatusCode::FORBIDDEN, "{name} {path}: {answer}");
                assert!(answer["code"].as_str().unwrap_or("").starts_with("forbidden_"), "{answer}");
            }
        }
        assert_eq!(sandbox.files(), before, "nothing was written");
    }

    #[tokio::test]
    async fn paths_outside_content_are_refused() {
        let sandbox = Sandbox::new();
        let before = sandbox.files();
        let mut reserved = property();
        reserved["id"] = json!("category-rent");
        let (status, answer) = sandbox.post("properties", &reserved, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert!(answer["fields"]["id"].as_str().unwrap_or("").contains("reserved"), "{answer}");
        for id in ["../x", "../../etc/passwd", "/tmp/x", "a/b", "X", "a..b", ".hidden", "x\\y"] {
            let mut body = property();
            body["id"] = json!(id);
            let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{id}: {answer}");
            assert!(answer["fields"]["id"].is_string(), "{id}: {answer}");
            let mut body = post();
            body["id"] = json!(id);
            let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{id}: {answer}");
        }
        for image in ["../x.jpg", "../../outside.jpg", "/media/../../x.jpg"] {
            let mut body = post();
            body["image"] = json!(image);
            let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{image}: {answer}");
            assert!(answer["fields"]["image"].as_str().unwrap_or("").contains("inside content/"), "{answer}");
        }
        // A lead id is never a path either.
        assert_eq!(sandbox.get("leads/..%2F..%2Fx", Some(TOKEN)).await.0, StatusCode::BAD_REQUEST);
        assert_eq!(sandbox.files(), before, "nothing was written");
    }

    #[tokio::test]
    async fn uploads_must_be_small_images() {
        let sandbox = Sandbox::new();
        let before = sandbox.files();
        let engine = base64::engine::general_purpose::STANDARD;
        let mut big = vec![0xFF, 0xD8, 0xFF, 0xE0];
        big.resize(MAX_PHOTO + 1, 0);
        let cases = [
            ("oversize jpeg", engine.encode(&big), "larger than 5 MB"),
            ("svg", engine.encode(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), "JPEG, PNG or WebP"),
            ("html named .jpg", engine.encode(b"<html><script>alert(1)</script>"), "JPEG, PNG or WebP"),
            ("gif", engine.encode(b"GIF89a\x01\x00\x01\x00"), "JPEG, PNG or WebP"),
            ("not base64", "%%%".to_owned(), "could not be read"),
        ];
        for (name, data, message) in cases {
            let mut body = property();
            body["photo"] = json!({ "name": "photo.jpg", "data": data });
            let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {answer}");
            let said = answer["fields"]["photo"].as_str().unwrap_or("");
            assert!(said.contains(message), "{name}: {answer}");
        }
        // A body past the limit is refused before it is read whole, and so is one not JSON.
        let huge = json!({ "title": "x", "photo": { "data": "A".repeat(MAX_BODY) } });
        assert_eq!(sandbox.post("properties", &huge, |_| {}).await.0, StatusCode::PAYLOAD_TOO_LARGE);
        let (status, _) = sandbox
            .post("properties", &property(), |h| {
                h.insert(CONTENT_TYPE, HeaderValue::from_static("multipart/form-data; boundary=x"));
            })
            .await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(sandbox.files(), before, "nothing was written");
    }

    #[tokio::test]
    async fn an_existing_file_is_never_overwritten() {
        let sandbox = Sandbox::new();
        let before = sandbox.files();
        let mut body = property();
        // content/properties/marina-gate-two-bedroom-sea-view.yaml exists.
        body["title"] = json!("Marina Gate Two Bedroom Sea View");
        let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert!(answer["fields"]["title"].as_str().unwrap_or("").contains("already exists"), "{answer}");
        // A .md listing counts too (palm-jumeirah-garden-home-villa.md).
        body["title"] = json!("Palm Jumeirah Garden Home Villa");
        assert_eq!(sandbox.post("properties", &body, |_| {}).await.0, StatusCode::CONFLICT);
        let mut body = post();
        body["title"] = json!("Mortgage Guide for Expats in Dubai");
        let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
        assert_eq!(sandbox.files(), before, "nothing was written");
        // Written once, refused the second time, and the first file stays as it was.
        assert_eq!(sandbox.post("posts", &post(), |_| {}).await.0, StatusCode::CREATED);
        let written = sandbox.content().join("blog/what-changed-for-buyers-this-winter.md");
        let first = std::fs::read(&written).expect("written");
        let mut again = post();
        again["description"] = json!("Another text.");
        assert_eq!(sandbox.post("posts", &again, |_| {}).await.0, StatusCode::CONFLICT);
        assert_eq!(std::fs::read(&written).expect("still there"), first);
    }

    #[tokio::test]
    async fn the_validators_messages_come_back_per_field() {
        let sandbox = Sandbox::new();
        let before = sandbox.files();
        let mut body = property();
        body["title"] = json!("");
        body["value"] = json!("-5");
        body["bedrooms"] = json!("two");
        body["area"] = json!("1.5");
        body["type"] = json!("Castle");
        body["category"] = json!("Seaside");
        let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        let fields = &answer["fields"];
        for field in ["value", "bedrooms", "area", "type", "category"] {
            assert!(fields[field].is_string(), "{field}: {answer}");
        }
        // The empty title too, although the values stopped the first check.
        assert_eq!(fields["title"], "`title` is empty", "{answer}");
        assert!(fields["value"].as_str().unwrap_or("").contains("`price`"), "{answer}");
        let mut body = property();
        body["title"] = json!("   ");
        let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert_eq!(answer["fields"]["title"], "`title` is empty", "{answer}");
        let mut body = post();
        body["image"] = json!("media/blog/nope.jpg");
        body["description"] = json!("See [our listing](/property/no-such-listing).");
        let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
        assert!(answer["fields"]["image"].as_str().unwrap_or("").starts_with("image not found"), "{answer}");
        assert!(answer["fields"]["description"].is_string(), "the dead link: {answer}");
        assert_eq!(sandbox.files(), before, "nothing was written");
    }

    #[tokio::test]
    async fn a_valid_property_and_post_are_written_and_pass_estate_check() {
        let sandbox = Sandbox::new();
        let (status, answer) = sandbox.post("properties", &property(), |_| {}).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        assert_eq!(answer["id"], "creek-vista-two-bedroom-apartment");
        assert_eq!(answer["url"], "/property/creek-vista-two-bedroom-apartment");
        assert_eq!(
            answer["files"],
            json!([
                "media/properties/creek-vista-two-bedroom-apartment.jpg",
                "properties/creek-vista-two-bedroom-apartment.yaml"
            ])
        );
        let text = std::fs::read_to_string(
            sandbox.content().join("properties/creek-vista-two-bedroom-apartment.yaml"),
        )
        .expect("the listing");
        for line in [
            "# yaml-language-server: $schema=../schema/property.json",
            "title: Creek Vista Two-Bedroom Apartment",
            "mainCategory: OffPlan",
            "subCategory: Apartment",
            "status: available",
            "price: 2150000",
            "images: [media/properties/creek-vista-two-bedroom-apartment.jpg]",
        ] {
            assert!(text.contains(line), "{line}\n{text}");
        }
        let photo =
            std::fs::read(sandbox.content().join("media/properties/creek-vista-two-bedroom-apartment.jpg"))
                .expect("the photo");
        assert_eq!(sniff_image(&photo), Some("jpg"));

        let (status, answer) = sandbox.post("posts", &post(), |_| {}).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        assert_eq!(
            answer["url"],
            "/blog/what-changed-for-buyers-this-winter/what-changed-for-buyers-this-winter"
        );
        let text =
            std::fs::read_to_string(sandbox.content().join("blog/what-changed-for-buyers-this-winter.md"))
                .expect("the post");
        assert!(text.starts_with("---\ntitle: What Changed for Buyers This Winter\n"), "{text}");
        assert!(text.ends_with("---\nThree changes matter most.\n\nFirst, the fees.\n"), "{text}");

        // What `estate check` runs: no error anywhere, and both records are there.
        let (content, report) = crate::check::content(&sandbox.content());
        assert_eq!(report.errors(), 0, "{}", report.render());
        assert!(content.properties.iter().any(|p| p.id == "creek-vista-two-bedroom-apartment"));
        assert!(content.posts.iter().any(|p| p.id == "what-changed-for-buyers-this-winter"));
        // No temporary file stays behind.
        assert!(sandbox.files().keys().all(|p| !p.to_string_lossy().ends_with(".tmp")));

        let (status, summary) = sandbox.get("summary", Some(TOKEN)).await;
        assert_eq!(status, StatusCode::OK);
        let off_plan = content.published().filter(|p| p.data.main_category == MainCategory::OffPlan).count();
        assert_eq!(summary["categories"]["OffPlan"], json!(off_plan));
        assert_eq!(summary["posts"], json!(content.posts.len()));
    }

    #[tokio::test]
    async fn leads_come_from_the_outbox_newest_first_five_a_page() {
        let sandbox = Sandbox::new();
        let outbox = sandbox.root.path().join("outbox");
        std::fs::create_dir_all(&outbox).expect("the outbox");
        for i in 0..7 {
            let id = format!("20261122T1000{i:02}000Z-00000000000000{i:02}");
            let lead = json!({
                "id": id, "receivedAt": "2026-11-22T10:00:00.000Z", "form": "contact", "lang": "en",
                "name": format!("Person {i}"), "email": format!("p{i}@example.com"),
                "contactNumber": "+971501234567", "message": "Hello",
            });
            std::fs::write(outbox.join(format!("{id}.json")), lead.to_string()).expect("a lead");
        }
        std::fs::write(outbox.join("broken.json"), "{").expect("a broken file");
        let (status, page) = sandbox.get("leads", Some(TOKEN)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!((page["total"].clone(), page["pages"].clone()), (json!(7), json!(2)));
        let names: Vec<&str> =
            page["leads"].as_array().expect("leads").iter().filter_map(|l| l["name"].as_str()).collect();
        assert_eq!(names, ["Person 6", "Person 5", "Person 4", "Person 3", "Person 2"]);
        assert_eq!(page["leads"][0]["number"], 7);
        let (_, second) = sandbox.get("leads?page=2", Some(TOKEN)).await;
        assert_eq!(second["leads"].as_array().map(Vec::len), Some(2));
        let id = page["leads"][0]["id"].as_str().expect("an id");
        let (status, one) = sandbox.get(&format!("leads/{id}"), Some(TOKEN)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(one["lead"]["message"], "Hello");
        assert_eq!(sandbox.get("leads/nope", Some(TOKEN)).await.0, StatusCode::NOT_FOUND);
    }

    #[test]
    fn images_are_told_by_their_bytes() {
        assert_eq!(sniff_image(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some("jpg"));
        assert_eq!(sniff_image(b"\x89PNG\r\n\x1a\n...."), Some("png"));
        assert_eq!(sniff_image(b"RIFF\0\0\0\0WEBPVP8 "), Some("webp"));
        assert_eq!(sniff_image(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), None);
        assert_eq!(sniff_image(b"GIF89a"), None);
        assert_eq!(sniff_image(b""), None);
    }

    #[test]
    fn yaml_text_is_plain_when_safe_and_quoted_otherwise() {
        assert_eq!(yaml_text("Marina Gate 2BR"), "Marina Gate 2BR");
        assert_eq!(yaml_text("  a\n b "), "a b");
        assert_eq!(yaml_text("yes"), "\"yes\"");
        assert_eq!(yaml_text("a: b # c"), "\"a: b # c\"");
        assert_eq!(yaml_text("\"quoted\""), "\"\\\"quoted\\\"\"");
        assert_eq!(yaml_text("- item"), "\"- item\"");
        assert_eq!(yaml_number("12"), "12");
        assert_eq!(yaml_number("twelve"), "\"twelve\"");
        assert_eq!(yaml_number("-5"), "-5");
        assert_eq!(yaml_number("12.5"), "12.5");
        for odd in ["-", ".", "1-2", "1.", ".5", "1e3"] {
            assert_eq!(yaml_number(odd), format!("\"{odd}\""), "{odd}");
        }
    }

    #[test]
    fn a_listing_from_the_admin_has_the_layout_of_estate_new_property() {
        let keys = |text: &str| -> Vec<String> {
            text.lines()
                .map(|l| l.trim_start_matches("# "))
                .filter_map(|l| l.split_once(':').map(|(k, _)| k.to_owned()))
                .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric()))
                .collect()
        };
        let form = PropertyForm {
            title: "Sea View: 2BR".into(),
            value: "2450000".into(),
            location: "Dubai Marina".into(),
            category: "Off-Plan".into(),
            kind: "Villa".into(),
            area: String::new(),
            bedrooms: "2".into(),
        };
        let text = property_text(&form, &["media/properties/a.jpg".into()], "2026-11-22T10:00:00+04:00");
        let template = crate::content::scaffold::property_template("2026-11-22");
        assert_eq!(keys(&text), keys(&template), "{text}");
        assert_eq!(text.lines().count(), template.lines().count(), "{text}");
        for line in [
            "title: \"Sea View: 2BR\"",
            "mainCategory: OffPlan",
            "subCategory: Villa",
            "status: available",
            "createdAt: 2026-11-22T10:00:00+04:00",
            "location: Dubai Marina        # the community",
            "bedrooms: 2                   # optional; 0 for a studio",
            "# bathrooms: 2                  # optional",
            "# area: 1250                    # optional, square feet",
            "price: 2450000                # optional, AED; leave out for \"Contact for price\"",
            "images: [media/properties/a.jpg] # e.g. [media/photo-1.jpg, media/photo-2.jpg]; the first is the cover",
            "# description: |",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\n{text}");
        }
        // It is a valid listing as it stands.
        let data: crate::content::model::PropertyFile =
            crate::content::yaml::deserialize(&crate::content::yaml::parse(&text, 0).expect("YAML"))
                .expect("a listing");
        assert_eq!(data.price, Some(2_450_000));
        assert_eq!(data.area, None);
    }

    #[test]
    fn tokens_are_long_random_and_compared_whole() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"abcd"));
    }
}
