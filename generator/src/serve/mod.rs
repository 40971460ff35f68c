//! `estate serve`: the built site on a local address, answered the way Netlify answers it.
//!
//! GET and HEAD requests go through the rules of `netlify.toml` ([`Rules`]), after those of the
//! build's `_redirects` as Netlify reads them (a post's address without its slug): the same
//! static files, rewrites, redirects, headers and not-found page as on the CDN, read from the
//! output folder on every request so rebuilds show at once. Any other request under `/api/` goes to
//! the lead function's router ([`lead_fn::router`]), mounted in-process, and so does one under
//! the API's path spelt otherwise (`/API/`, `//api/`): the function matches its paths exactly,
//! as Netlify's proxy rules do, and answers those with its JSON 404. Every error under the
//! API's path, however spelt, is JSON ([`under_api`]). Leads always go to the local outbox
//! ([`ServeOptions::outbox`], where the admin screens read them), and also to the email and
//! webhook sinks the `LEAD_*` environment variables configure, as on Lambda.
//!
//! While watching, a change under the content folder reruns the content stage and the
//! prerender, a change to the front end's sources the whole site stage; browsers reload after a
//! good rebuild through a server-sent event on [`RELOAD_EVENTS`], which a small script injected
//! into every HTML page listens to. A failed rebuild is reported and the last good output stays
//! served (see [`rebuild`]: the rebuild writes into a spare copy and is served only once good).
//!
//! On a loopback address it also answers the admin editor's API ([`crate::serve::admin`]) under
//! `/_admin/api/`, with a token it prints once, as a link to open, when it starts.

mod admin;
mod alerts;
mod compression;
mod listener;
mod published_rules;
mod ranges;
mod rebuild;
mod too_long;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{ACCEPT_RANGES, ALLOW, CACHE_CONTROL, CONTENT_RANGE, CONTENT_TYPE, LOCATION, RANGE};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{Stream, StreamExt as _};
use lead_fn::http::ApiError;
use notify_debouncer_full::notify;
use tokio::sync::{broadcast, watch};
use tower::ServiceExt as _;

use self::admin::Admin;
use self::rebuild::Served;
pub use self::rebuild::catch_up;
use crate::netlify::{Answer, Rules};
use crate::pipeline::BuildOptions;

/// The server-sent events that tell browsers to reload (only while watching).
pub const RELOAD_EVENTS: &str = "/__estate/reload";
/// The script that listens to them, added to every HTML page (only while watching).
pub const RELOAD_SCRIPT: &str = "/__estate/reload.js";

const RELOAD_SCRIPT_BODY: &str = "// estate serve: reloads the page after each good rebuild. A page that must keep its \
    state (the admin editor) sets window.__estateKeep and gets an `estate:rebuilt` event instead.\n\
    new EventSource('/__estate/reload').onmessage = () => window.__estateKeep \
    ? window.dispatchEvent(new Event('estate:rebuilt')) : location.reload();\n";
const RELOAD_TAG: &str = "<script src=\"/__estate/reload.js\"></script>";

/// How long changes are gathered before a rebuild starts (the watcher looks every
/// [`DEBOUNCE_TICK`], so a rebuild starts 10-15 ms after a save). A save writes one file, or a
/// few at once (a listing with its photo); a write that comes later, even during the rebuild,
/// starts another rebuild, so the site always ends as the last write left the content. A longer
/// wait only delayed every edit's page (50 ms was a quarter of an edit's whole rebuild; 20 ms a
/// tenth of the rebuild after a title edit, whose page now takes some 0.2 s).
const DEBOUNCE: Duration = Duration::from_millis(10);
/// How often the watcher looks for changes that waited [`DEBOUNCE`]: as often as before with a
/// wait of 20 ms (its own choice, a quarter of the wait, would wake it 400 times a second).
const DEBOUNCE_TICK: Duration = Duration::from_millis(5);
/// How long open connections get to finish after Ctrl-C.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// What `estate serve` serves, and how.
#[derive(Debug)]
pub struct ServeOptions {
    /// The build that has already run once; rebuilds reuse its folders.
    pub build: BuildOptions,
    /// The CDN's rules, from `netlify.toml`.
    pub rules: Rules,
    /// Rebuild on changes and reload browsers.
    pub watch: bool,
    /// The lead outbox; `None` means `LEAD_OUTBOX_DIR`, else [`DEFAULT_OUTBOX`].
    pub outbox: Option<PathBuf>,
}

/// Where `estate serve` keeps leads unless told otherwise.
pub const DEFAULT_OUTBOX: &str = ".estate/outbox";

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot start the server: {0}")]
    Runtime(std::io::Error),
    #[error("cannot listen on {address}: {source}{}", listen_hint(source))]
    Listen { address: String, source: std::io::Error },
    #[error("the header rule for {path} has an invalid header `{name}: {value}`")]
    Header { path: String, name: String, value: String },
    #[error("cannot watch {path}: {source}")]
    Watch { path: PathBuf, source: notify::Error },
    #[error("the server stopped: {0}")]
    Serve(std::io::Error),
    #[error("the lead function's settings: {0}")]
    Leads(#[from] lead_fn::ConfigError),
}

/// Takes the address `estate serve` listens on (`port` 0: any free one).
pub fn bind(host: &str, port: u16) -> Result<std::net::TcpListener, ServeError> {
    std::net::TcpListener::bind((host, port))
        .map_err(|source| ServeError::Listen { address: format!("{host}:{port}"), source })
}

/// What to do about a port that cannot be had.
fn listen_hint(error: &std::io::Error) -> &'static str {
    match error.kind() {
        std::io::ErrorKind::AddrInUse => {
            "\nhint: another program (perhaps another estate serve) is using that port: stop it, or \
             choose another port with --port 8081, or --port 0 for any free one"
        }
        std::io::ErrorKind::PermissionDenied => "\nhint: ports below 1024 need privileges: try --port 8080",
        _ => "",
    }
}

/// Serves `options.build.out` on `listener` (from [`bind`], taken before the first build so a
/// port in use is reported at once) until Ctrl-C (or SIGTERM). The output must already be built.
pub fn run(listener: std::net::TcpListener, options: ServeOptions) -> Result<(), ServeError> {
    check_headers(&options.rules)?;
    lead_fn::logging::init_json(std::io::stderr);
    let runtime =
        tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(ServeError::Runtime)?;
    runtime.block_on(serve(listener, options))
}

async fn serve(listener: std::net::TcpListener, options: ServeOptions) -> Result<(), ServeError> {
    let local = listener.local_addr().map_err(ServeError::Runtime)?;
    let listen = |source| ServeError::Listen { address: local.to_string(), source };
    listener.set_nonblocking(true).map_err(listen)?;
    let listener = tokio::net::TcpListener::from_std(listener).map_err(listen)?;

    let (stop_tx, stop_rx) = watch::channel(false);
    let (reload_tx, _) = broadcast::channel(16);
    let (synced_tx, synced_rx) = broadcast::channel(16);
    // Kept alive while serving; dropping it stops the watcher and the rebuild thread.
    let answered_from = Served::new(options.build.out.clone());
    let _watcher = if options.watch {
        Some(rebuild::start_watching(&options.build, reload_tx.clone(), synced_tx, answered_from.clone())?)
    } else {
        None
    };

    let (lead, outbox) = lead_config(&options, local)?;
    // The saved searches' alerts of what each rebuild publishes, into the outbox.
    alerts::after_rebuilds(lead.catalogue.clone(), lead.leads.clone(), synced_rx);
    let state = Arc::new(Shared {
        served: answered_from,
        rules: options.rules,
        published_rules: published_rules::PublishedRules::default(),
        lead: lead_fn::router(lead),
        reload: options.watch.then(|| Reload { events: reload_tx, stop: stop_rx.clone() }),
    });
    let mut app = Router::new();
    if options.watch {
        app = app.route(RELOAD_EVENTS, get(reload_events)).route(RELOAD_SCRIPT, get(reload_script));
    }
    let app = app.fallback(handle).with_state(state);
    // The admin editor, only where no other computer can reach it.
    let admin = if local.ip().is_loopback() {
        let admin = Arc::new(Admin::new(options.build.content.clone(), outbox, local, admin::new_token()));
        Some(admin)
    } else {
        None
    };
    let app = match &admin {
        Some(admin) => Router::new().merge(admin::router(Arc::clone(admin))).merge(app),
        None => app,
    };

    let app = app.layer(compression::layer());
    let server = listener::serve_http1(listener, app, listener::Timeouts::default(), stop_rx);
    let mut server = tokio::spawn(server);

    announce(&format!("estate serve: {} (Ctrl-C to stop)", url(local)));
    match &admin {
        // The only time the token is shown: whoever can read this terminal may edit.
        Some(admin) => announce(&format!(
            "estate serve: admin editor (writes into {}): {}admin#token={}",
            options.build.content.display(),
            url(local),
            admin.token()
        )),
        None => announce(&format!(
            "estate serve: the admin editor is off: {} is not a loopback address",
            local.ip()
        )),
    }
    tokio::select! {
        () = stop_signal() => {}
        finished = &mut server => return served(finished),
    }
    announce("estate serve: stopping");
    let _ = stop_tx.send(true);
    match tokio::time::timeout(SHUTDOWN_GRACE, server).await {
        Ok(finished) => served(finished),
        Err(_) => {
            eprintln!("estate serve: connections still open after {SHUTDOWN_GRACE:?}; stopping anyway");
            Ok(())
        }
    }
}

/// The `host:port` names of this server a browser may use: the address it listens on, and its
/// port by the names of this computer (`localhost`, `127.0.0.1`, `[::1]`). The admin's `Host`
/// and `Origin` must be one of them, and a plain form's `Origin` may be any of them.
fn own_hosts(local: SocketAddr) -> Vec<String> {
    let port = local.port();
    let mut hosts = vec![local.to_string()];
    for name in [format!("localhost:{port}"), format!("127.0.0.1:{port}"), format!("[::1]:{port}")] {
        if !hosts.contains(&name) {
            hosts.push(name);
        }
    }
    hosts
}

/// The lead function as `estate serve` mounts it: the catalogue from the output folder, links
/// in the emails to this server, the outbox always on, the other sinks from the environment;
/// a plain form from this server's pages is its own by any of its names.
fn lead_config(options: &ServeOptions, local: SocketAddr) -> Result<(lead_fn::Config, PathBuf), ServeError> {
    let var = |name: &str| std::env::var(name).ok();
    let mut leads = lead_fn::leads::Settings::from_env(var)?;
    let outbox = options
        .outbox
        .clone()
        .or_else(|| leads.outbox().map(Path::to_path_buf))
        .unwrap_or_else(|| PathBuf::from(DEFAULT_OUTBOX));
    leads = leads.with_outbox(&outbox);
    // This host keeps running after it answers: outbox first, the other sinks in the background.
    leads.background_delivery = true;
    leads.site_url = Some(url(local).trim_end_matches('/').to_owned());
    // Saved searches in a file beside the outbox, unless the environment names a store.
    let estate = outbox.parent().unwrap_or(Path::new("."));
    if leads.saved_searches.is_none() {
        leads.saved_searches =
            Some(Arc::new(lead_fn::subscriptions::Local::new(estate.join("subscriptions"))));
    }
    // The links' secret, made once and kept beside them, unless the environment sets it.
    if leads.alerts_key.is_none() {
        let secret = alerts::local_secret(estate).map_err(ServeError::Runtime)?;
        leads.alerts_key = Some(lead_fn::subscriptions::LinkKey::new(&secret));
    }
    let sinks: Vec<&str> = leads.sinks.iter().map(lead_fn::leads::sinks::Sink::name).collect();
    announce(&format!("estate serve: leads go to {} (outbox {})", sinks.join(", "), outbox.display()));
    let config = lead_fn::Config {
        catalogue: Arc::new(lead_fn::Catalogue::new(lead_fn::catalogue::Source::File(
            options.build.out.join(contract::files::relative(contract::files::API_PROPERTIES)),
        ))),
        allowed_origins: lead_fn::http::origins_from_env(var, None)?,
        own_origins: own_hosts(local).iter().map(|host| format!("http://{host}")).collect(),
        leads,
        // One host for the enquiries and the searches: the site's pages call both.
        routes: lead_fn::Routes::All,
    };
    Ok((config, outbox))
}

/// The outcome of the server's task.
fn served(finished: Result<std::io::Result<()>, tokio::task::JoinError>) -> Result<(), ServeError> {
    match finished {
        Ok(result) => result.map_err(ServeError::Serve),
        Err(panicked) => Err(ServeError::Serve(std::io::Error::other(panicked))),
    }
}

fn url(address: SocketAddr) -> String {
    format!("http://{address}/")
}

/// Prints a line on stdout at once, so whoever reads it through a pipe sees it now.
fn announce(line: &str) {
    crate::stdio::out(&format!("{line}\n"));
}

/// Resolves on Ctrl-C, or on SIGTERM where there is one.
async fn stop_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

/// Every header of every rule must be one HTTP allows, so no request ever meets a bad one.
fn check_headers(rules: &Rules) -> Result<(), ServeError> {
    for rule in &rules.headers {
        // A rule's own pattern matches itself, so this yields (at least) the rule's headers.
        for (name, value) in rules.headers_for(&rule.path) {
            if HeaderName::from_bytes(name.as_bytes()).is_err() || HeaderValue::from_str(&value).is_err() {
                return Err(ServeError::Header { path: rule.path.clone(), name, value });
            }
        }
    }
    Ok(())
}

struct Shared {
    /// The folder answered from: the output folder, or its spare copy (see [`rebuild`]).
    served: Served,
    rules: Rules,
    /// The answered folder's `_redirects`, read before `rules` as Netlify reads it.
    published_rules: published_rules::PublishedRules,
    lead: Router,
    /// Present while watching.
    reload: Option<Reload>,
}

struct Reload {
    /// One message per good rebuild (its number).
    events: broadcast::Sender<u64>,
    /// Turns true when the server stops, ending the open event streams.
    stop: watch::Receiver<bool>,
}

type AppState = State<Arc<Shared>>;

async fn handle(State(shared): AppState, request: Request) -> Response {
    let method = request.method();
    // The search function's one page (a search sent without script) and the saved searches' links
    // (confirm, unsubscribe, manage): the function's, as Netlify proxies them.
    let path = request.uri().path();
    let under = |prefix: &str| path.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('/'));
    let function_page = under(contract::endpoints::SEARCH_PAGE_PATH)
        || under(contract::endpoints::SAVED_SEARCH_PATH)
        || path == contract::endpoints::SAVED_SEARCH_PATH;
    if (method == Method::GET || method == Method::HEAD) && !function_page {
        let range = request.headers().get(RANGE).and_then(|value| value.to_str().ok());
        return shared.answer(request.uri().path(), range).await;
    }
    // The function answers its own paths, exactly as Netlify's proxy rules match them, and any
    // other path under the API (`/API/...`, `//api/...`) with its JSON 404.
    if under_api(request.uri().path()) {
        let Ok(response) = shared.lead.clone().oneshot(request).await;
        return response;
    }
    let mut response = text(StatusCode::METHOD_NOT_ALLOWED, "Method Not Allowed\n");
    response.headers_mut().insert(ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

impl Shared {
    /// Answers a GET of `raw_path` (still percent-encoded) as Netlify would, the part of a file
    /// a `Range` header asks for included.
    async fn answer(&self, raw_path: &str, range: Option<&str>) -> Response {
        let Some(path) = decode_path(raw_path) else {
            return refusal(
                under_api(raw_path),
                StatusCode::BAD_REQUEST,
                "Bad Request: the path is not allowed",
            );
        };
        let api = under_api(&path);
        // A rule's Content-Type is for the files the rules answer with; the not-found page and
        // plain answers keep their own.
        let folder = self.served.folder();
        let first = self.published_rules.of(&folder);
        let (response, rule_content_type) = match self.rules.resolve_after(&first, &folder, &path) {
            Answer::File { file, status } => match tokio::fs::read(&file).await {
                Ok(bytes) if status == 200 => (self.file_part(&file, bytes, range), true),
                Ok(bytes) => {
                    (self.page(StatusCode::from_u16(status).unwrap_or(StatusCode::OK), &file, bytes), true)
                }
                // Removed by a rebuild since it was resolved.
                Err(_) => (self.not_found(api).await, false),
            },
            Answer::Redirect { location, status } => {
                let status = StatusCode::from_u16(status).unwrap_or(StatusCode::FOUND);
                let mut response = (status, Body::empty()).into_response();
                if let Ok(value) = HeaderValue::from_str(&location) {
                    response.headers_mut().insert(LOCATION, value);
                }
                (response, false)
            }
            Answer::Proxy { url } => {
                let message = format!(
                    "{path} is proxied to {url} by netlify.toml. That function URL is only used on \
                     Netlify; estate serve does not call it."
                );
                (refusal(api, StatusCode::BAD_GATEWAY, &message), false)
            }
            Answer::NotFound => (self.not_found(api).await, false),
        };
        self.with_rule_headers(response, &path, rule_content_type)
    }

    /// The site's `404.html` with status 404, or a plain 404 when there is none; under the API
    /// (`api`), the API's own `{"error":"not found"}`.
    async fn not_found(&self, api: bool) -> Response {
        if api {
            return ApiError::plain(StatusCode::NOT_FOUND, "not found").into_response();
        }
        let file = self.served.folder().join("404.html");
        match tokio::fs::read(&file).await {
            Ok(bytes) => self.page(StatusCode::NOT_FOUND, &file, bytes),
            Err(_) => text(StatusCode::NOT_FOUND, "Not Found\n"),
        }
    }

    /// A file's bytes, or the range of them asked for (`ranges`). Pages are always whole: the
    /// reload script goes into them.
    fn file_part(&self, file: &Path, bytes: Vec<u8>, range: Option<&str>) -> Response {
        let range = range.filter(|_| !content_type(file).starts_with("text/html"));
        let len = bytes.len();
        let mut response = match ranges::wanted(range, len) {
            ranges::Wanted::Whole => self.page(StatusCode::OK, file, bytes),
            ranges::Wanted::Part(part) => {
                let content_range = format!("bytes {}-{}/{len}", part.start, part.end - 1);
                let mut response = self.page(StatusCode::PARTIAL_CONTENT, file, bytes[part].to_vec());
                if let Ok(value) = HeaderValue::from_str(&content_range) {
                    response.headers_mut().insert(CONTENT_RANGE, value);
                }
                response
            }
            ranges::Wanted::Unsatisfiable => {
                let mut response = (StatusCode::RANGE_NOT_SATISFIABLE, Body::empty()).into_response();
                if let Ok(value) = HeaderValue::from_str(&format!("bytes */{len}")) {
                    response.headers_mut().insert(CONTENT_RANGE, value);
                }
                response
            }
        };
        response.headers_mut().insert(ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        response
    }

    /// A file's bytes with the type its extension says, and the reload script in HTML while
    /// watching.
    fn page(&self, status: StatusCode, file: &Path, mut bytes: Vec<u8>) -> Response {
        let content_type = content_type(file);
        if self.reload.is_some() && content_type.starts_with("text/html") {
            bytes = inject_reload(bytes);
        }
        let mut response = (status, bytes).into_response();
        if let Ok(value) = HeaderValue::from_str(&content_type) {
            response.headers_mut().insert(CONTENT_TYPE, value);
        }
        response
    }

    /// Adds the headers `netlify.toml` gives `path`; Netlify's default Cache-Control otherwise.
    fn with_rule_headers(&self, mut response: Response, path: &str, rule_content_type: bool) -> Response {
        let headers = response.headers_mut();
        for (name, value) in self.rules.headers_for(path) {
            let (Ok(name), Ok(value)) =
                (HeaderName::from_bytes(name.as_bytes()), HeaderValue::from_str(&value))
            else {
                continue;
            };
            if name == CONTENT_TYPE && !rule_content_type {
                continue;
            }
            headers.insert(name, value);
        }
        if !headers.contains_key(CACHE_CONTROL) {
            headers.insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=0, must-revalidate"));
        }
        response
    }
}

/// Whether `path` names the API, however it is spelt: its first segment, after any number of
/// slashes, is `api` in any case (`/api/...`, `//api/...`, `/API/...`, `/api`). Only the exact
/// `/api/...` is the API (Netlify's paths are case-sensitive, and `//api/` is another path);
/// the others are its misses, and every error under any of them is JSON, as the API's own are.
fn under_api(path: &str) -> bool {
    path.trim_start_matches('/').split('/').next().is_some_and(|first| first.eq_ignore_ascii_case("api"))
}

/// An error answer: the API's bare `{"error":...}` under the API (`api`), plain text elsewhere.
fn refusal(api: bool, status: StatusCode, message: &str) -> Response {
    if api { ApiError::plain(status, message).into_response() } else { text(status, &format!("{message}\n")) }
}

/// The decoded path of a request, or None when it is not one to serve: not UTF-8, or with a
/// `..` segment that could leave the output folder, or a NUL.
fn decode_path(raw: &str) -> Option<String> {
    let path = percent_encoding::percent_decode_str(raw).decode_utf8().ok()?;
    let escapes = path.split(['/', '\\']).any(|segment| segment == "..") || path.contains('\0');
    (path.starts_with('/') && !escapes).then(|| path.into_owned())
}

/// The Content-Type of a file from its extension; text is UTF-8.
fn content_type(file: &Path) -> String {
    use mime_guess::mime;
    let guess = mime_guess::from_path(file).first_or_octet_stream();
    let textual = guess.type_() == mime::TEXT
        || guess == mime::APPLICATION_JSON
        || guess == mime::APPLICATION_JAVASCRIPT
        || guess.suffix() == Some(mime::XML);
    if textual && guess.get_param(mime::CHARSET).is_none() {
        format!("{}; charset=utf-8", guess.essence_str())
    } else {
        guess.to_string()
    }
}

/// Adds the reload script before the last `</body>` (or at the end when there is none).
fn inject_reload(mut html: Vec<u8>) -> Vec<u8> {
    let at = html.windows(7).rposition(|w| w.eq_ignore_ascii_case(b"</body>")).unwrap_or(html.len());
    html.splice(at..at, RELOAD_TAG.bytes());
    html
}

fn text(status: StatusCode, body: &str) -> Response {
    let mut response = (status, body.to_owned()).into_response();
    response.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}

async fn reload_script() -> Response {
    let mut response = (StatusCode::OK, RELOAD_SCRIPT_BODY).into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// One event per good rebuild, until the server stops.
async fn reload_events(State(shared): AppState) -> Response {
    let Some(reload) = &shared.reload else {
        return text(StatusCode::NOT_FOUND, "Not Found\n");
    };
    let stream = rebuild_stream(reload.events.subscribe(), reload.stop.clone());
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

fn rebuild_stream(
    events: broadcast::Receiver<u64>,
    stop: watch::Receiver<bool>,
) -> impl Stream<Item = Result<Event, Infallible>> {
    // A comment first, so the response starts at once and the client knows it is listening.
    let hello = futures_util::stream::once(async { Ok(Event::default().comment("estate serve")) });
    let rebuilds = futures_util::stream::unfold((events, stop), |(mut events, mut stop)| async move {
        let next = tokio::select! {
            event = events.recv() => match event {
                Ok(generation) => Some(generation),
                // Missed some: one reload covers them all.
                Err(broadcast::error::RecvError::Lagged(_)) => Some(0),
                Err(broadcast::error::RecvError::Closed) => None,
            },
            _ = stop.wait_for(|stop| *stop) => None,
        };
        next.map(|generation| (Ok(Event::default().data(generation.to_string())), (events, stop)))
    });
    hello.chain(rebuilds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_could_leave_the_output_folder_are_refused() {
        assert_eq!(decode_path("/property/a%20b").as_deref(), Some("/property/a b"));
        assert_eq!(decode_path("/"), Some("/".to_owned()));
        for bad in
            ["/../etc/passwd", "/media/%2e%2e/x", "/a/..%2f..%2fCargo.toml", "/a%5c..%5cb", "/a%00", "/%ff"]
        {
            assert_eq!(decode_path(bad), None, "{bad}");
        }
        // Dots inside a name are fine.
        assert!(decode_path("/media/a..b.jpg").is_some());
    }

    #[test]
    fn content_types_from_extensions() {
        assert_eq!(content_type(Path::new("a/index.html")), "text/html; charset=utf-8");
        assert_eq!(content_type(Path::new("x.json")), "application/json; charset=utf-8");
        assert_eq!(content_type(Path::new("x.css")), "text/css; charset=utf-8");
        assert_eq!(content_type(Path::new("x.jpg")), "image/jpeg");
        assert_eq!(content_type(Path::new("x.svg")), "image/svg+xml; charset=utf-8");
        assert_eq!(content_type(Path::new("x")), "application/octet-stream");
    }

    #[test]
    fn the_reload_script_goes_before_the_last_body_end() {
        let html = inject_reload(b"<html><body><p>&lt;/body&gt;</p></BODY></html>".to_vec());
        assert_eq!(
            String::from_utf8(html).unwrap(),
            format!("<html><body><p>&lt;/body&gt;</p>{RELOAD_TAG}</BODY></html>")
        );
        assert_eq!(inject_reload(b"<p>x".to_vec()), format!("<p>x{RELOAD_TAG}").into_bytes());
    }
}
