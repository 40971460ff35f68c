//! The Lambda binary, end to end: the real `lead-fn-lambda` process started as Lambda starts
//! it, against a local stand-in for the Lambda Runtime API (`AWS_LAMBDA_RUNTIME_API`) that
//! hands it real API Gateway REST (v1), HTTP API (v2) and function URL events from
//! `tests/events/` and keeps its answers. The stand-in also serves the site's
//! `api/properties.json`, where the function reads its catalogue.
//!
//! A second test starts the binary with a file size limit (RLIMIT_FSIZE), so every write to
//! the outbox past it fails as on a full disk.

#![cfg(feature = "lambda")]

use std::collections::VecDeque;
use std::io::Read as _;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::support::Recorder;
use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path as UrlPath, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::Notify;

#[derive(Default)]
struct Runtime {
    /// Events not yet handed out: (request id, event).
    queue: Mutex<VecDeque<(String, Value)>>,
    /// Answers by request id, in arrival order.
    answers: Mutex<Vec<(String, Value)>>,
    /// Initialisation and invocation errors the function reported.
    errors: Mutex<Vec<String>>,
    changed: Notify,
    /// Listings published beside the palm villa (the site's `api/properties.json`).
    published: Mutex<Vec<Value>>,
}

async fn next(State(runtime): State<Arc<Runtime>>) -> Response {
    loop {
        let notified = runtime.changed.notified();
        if let Some((id, event)) = runtime.queue.lock().expect("the queue").pop_front() {
            let deadline =
                SystemTime::now().duration_since(UNIX_EPOCH).expect("a clock").as_millis() + 30_000;
            let mut headers = HeaderMap::new();
            headers.insert("lambda-runtime-aws-request-id", HeaderValue::from_str(&id).expect("an id"));
            headers.insert("lambda-runtime-deadline-ms", HeaderValue::from(deadline as u64));
            headers.insert(
                "lambda-runtime-invoked-function-arn",
                HeaderValue::from_static("arn:aws:lambda:me-central-1:123456789012:function:lead-fn"),
            );
            headers.insert(
                "lambda-runtime-trace-id",
                HeaderValue::from_static("Root=1-00000000-000000000000000000000000"),
            );
            return (headers, event.to_string()).into_response();
        }
        notified.await;
    }
}

async fn respond(
    State(runtime): State<Arc<Runtime>>,
    UrlPath(id): UrlPath<String>,
    body: Bytes,
) -> StatusCode {
    let answer = serde_json::from_slice(&body)
        .unwrap_or_else(|_| json!({ "unparsed": String::from_utf8_lossy(&body) }));
    runtime.answers.lock().expect("the answers").push((id, answer));
    runtime.changed.notify_waiters();
    StatusCode::ACCEPTED
}

async fn error(State(runtime): State<Arc<Runtime>>, body: Bytes) -> StatusCode {
    runtime.errors.lock().expect("the errors").push(String::from_utf8_lossy(&body).into_owned());
    runtime.changed.notify_waiters();
    StatusCode::ACCEPTED
}

async fn properties(State(runtime): State<Arc<Runtime>>) -> impl IntoResponse {
    let mut all = runtime.published.lock().expect("the listings").clone();
    all.push(palm_villa());
    ([("content-type", "application/json")], Value::Array(all).to_string())
}

fn palm_villa() -> Value {
    json!({
        "_id": "palm-villa", "id": "palm-villa", "title": "Frond Villa with Private Beach",
        "mainCategory": "Residential", "subCategory": "Villa", "Images": [], "location": "Palm Jumeirah",
        "bedrooms": 5, "area": 7000, "price": 32_000_000, "featured": true,
        "createdAt": "2026-01-01T00:00:00+04:00", "description": "", "url": "/property/palm-villa",
        "reference": "PC-2201", "permitNumber": "7110029384"
    })
}

/// The stand-in runtime on 127.0.0.1, and the binary running against it.
struct Lambda {
    runtime: Arc<Runtime>,
    address: String,
    child: Option<Child>,
    counter: usize,
}

impl Lambda {
    async fn start_runtime() -> Lambda {
        let runtime = Arc::new(Runtime::default());
        let app = Router::new()
            .route("/2018-06-01/runtime/invocation/next", get(next))
            .route("/2018-06-01/runtime/invocation/{id}/response", post(respond))
            .route("/2018-06-01/runtime/invocation/{id}/error", post(error))
            .route("/2018-06-01/runtime/init/error", post(error))
            .route("/site/api/properties.json", get(properties))
            .with_state(runtime.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address").to_string();
        tokio::spawn(async move { axum::serve(listener, app).await });
        Lambda { runtime, address, child: None, counter: 0 }
    }

    /// Starts the binary, through `sh -c` with `shell_prefix` run first when given.
    fn start(&mut self, env: &[(&str, &str)], shell_prefix: Option<&str>) {
        let binary = env!("CARGO_BIN_EXE_lead-fn-lambda");
        let mut command = match shell_prefix {
            Some(prefix) => {
                let mut sh = Command::new("sh");
                sh.arg("-c").arg(format!("{prefix}; exec \"$0\"")).arg(binary);
                sh
            }
            None => Command::new(binary),
        };
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("AWS_LAMBDA_RUNTIME_API", &self.address)
            .env("AWS_LAMBDA_FUNCTION_NAME", "lead-fn")
            .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "128")
            .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
            .env("LEAD_CATALOGUE_URL", format!("http://{}/site/api/properties.json", self.address))
            .env("LEAD_SITE_URL", "https://palmcrest.example")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        self.child = Some(command.spawn().expect("the Lambda binary starts"));
    }

    /// Hands `event` to the function and waits for its answer.
    async fn invoke(&mut self, event: Value) -> Value {
        self.counter += 1;
        let id = format!("request-{}", self.counter);
        self.runtime.queue.lock().expect("the queue").push_back((id.clone(), event));
        self.runtime.changed.notify_waiters();
        let waiting = async {
            loop {
                let notified = self.runtime.changed.notified();
                if let Some((_, answer)) =
                    self.runtime.answers.lock().expect("the answers").iter().find(|(i, _)| *i == id)
                {
                    return answer.clone();
                }
                if let Some(error) = self.runtime.errors.lock().expect("the errors").first() {
                    panic!("the function reported an error: {error}");
                }
                notified.await;
            }
        };
        match tokio::time::timeout(Duration::from_secs(20), waiting).await {
            Ok(answer) => answer,
            Err(_) => panic!("no answer to {id}:\n{}", self.stop()),
        }
    }

    /// Stops the binary; what it logged.
    fn stop(&mut self) -> String {
        let Some(mut child) = self.child.take() else { return String::new() };
        let _ = child.kill();
        let _ = child.wait();
        let mut logs = String::new();
        if let Some(mut out) = child.stdout.take() {
            let _ = out.read_to_string(&mut logs);
        }
        if let Some(mut err) = child.stderr.take() {
            let _ = err.read_to_string(&mut logs);
        }
        logs
    }
}

impl Drop for Lambda {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The secret Netlify signs proxied requests with (`Sign=LEAD_PROXY_SECRET`).
const PROXY_SECRET: &str = "netlify-proxy-7f3a9c2e5b1d";

fn event(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/events").join(name);
    serde_json::from_slice(&std::fs::read(&path).expect("the event")).expect("JSON")
}

fn kept(outbox: &Path) -> Vec<Value> {
    let Ok(entries) = std::fs::read_dir(outbox) else { return Vec::new() };
    let mut records: Vec<Value> = entries
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "json").then(|| serde_json::from_slice(&std::fs::read(&path).ok()?).ok())?
        })
        .collect();
    records.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    records
}

fn body(answer: &Value) -> Value {
    assert_eq!(answer["isBase64Encoded"], false, "{answer}");
    serde_json::from_str(answer["body"].as_str().expect("a body")).expect("a JSON body")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_answers_api_gateway_rest_http_and_function_url_events() {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let mut lambda = Lambda::start_runtime().await;
    lambda.start(
        &[
            ("LEAD_OUTBOX_DIR", outbox.path().to_str().expect("UTF-8")),
            ("LEAD_RATE_LIMIT_PER_MINUTE", "1"),
            ("LEAD_ALLOWED_ORIGIN", "https://palmcrest.example"),
            ("LEAD_PROXY_SECRET", PROXY_SECRET),
        ],
        None,
    );

    // API Gateway REST (v1), a base64 body: the answer in v1's shape.
    let rest = lambda.invoke(event("apigw-rest.json")).await;
    assert_eq!(rest["statusCode"], 200, "{rest}");
    assert_eq!(body(&rest)["ok"], true);
    assert!(rest.get("cookies").is_none(), "a v1 answer: {rest}");
    // lambda_http answers v1 events with every header in multiValueHeaders.
    let headers = &rest["multiValueHeaders"];
    assert_eq!(headers["content-type"], json!(["application/json"]));
    assert_eq!(headers["access-control-allow-origin"], json!(["https://palmcrest.example"]));
    assert_eq!(headers["x-content-type-options"], json!(["nosniff"]));

    // The same caller again within the minute: the limit counts API Gateway's source IP.
    let again = lambda.invoke(event("apigw-rest.json")).await;
    assert_eq!(again["statusCode"], 429, "{again}");
    assert_eq!(body(&again)["code"], "rate_limited");

    // HTTP API (v2), another caller: a call-back request in Arabic.
    let http = lambda.invoke(event("apigw-http.json")).await;
    assert_eq!(http["statusCode"], 200, "{http}");
    assert!(http.get("cookies").is_some(), "a v2 answer: {http}");
    assert_eq!(http["headers"]["content-type"], "application/json");
    assert_eq!(http["headers"]["cache-control"], "no-store");
    assert_eq!(body(&http)["ok"], true);

    // A function URL called directly, with an X-Nf-Client-Connection-Ip it wrote itself: no
    // proof that the proxy sent it, so it is counted under the source IP; the lead names a
    // property from the site's catalogue.
    let url = lambda.invoke(event("function-url.json")).await;
    assert_eq!(url["statusCode"], 200, "{url}");
    // Behind Netlify: Netlify's own servers are the peer, the signed proxy rule adds its
    // signature (X-Nf-Sign), and the visitor's address in X-Nf-Client-Connection-Ip is counted.
    let mut behind_netlify = event("function-url.json");
    behind_netlify["headers"]["x-nf-client-connection-ip"] = json!("203.0.113.6");
    behind_netlify["headers"]["x-nf-sign"] = json!(lead_fn::leads::proxy_sign::sign_now(PROXY_SECRET));
    assert_eq!(lambda.invoke(behind_netlify.clone()).await["statusCode"], 200, "another visitor, same proxy");
    assert_eq!(lambda.invoke(behind_netlify).await["statusCode"], 429);
    // A direct caller rotating the header, without a signature, with one made with a guessed
    // key, or with the secret itself: every request is counted under its source IP, whose
    // minute is spent.
    let guessed = lead_fn::leads::proxy_sign::sign_now("guessed-secret-0000");
    for (n, signature) in [None, Some(guessed.as_str()), Some(""), Some(PROXY_SECRET)].into_iter().enumerate()
    {
        let mut spoofed = event("function-url.json");
        spoofed["headers"]["x-nf-client-connection-ip"] = json!(format!("198.51.100.{n}"));
        if let Some(signature) = signature {
            spoofed["headers"]["x-nf-sign"] = json!(signature);
        }
        let answer = lambda.invoke(spoofed).await;
        assert_eq!(answer["statusCode"], 429, "{signature:?}: {answer}");
    }

    // A search, answered from the catalogue the function fetched from the site.
    let search = lambda.invoke(event("search-http.json")).await;
    assert_eq!(search["statusCode"], 200, "{search}");
    let found = body(&search);
    assert_eq!(found.as_array().map(|a| a.len()), Some(1), "{found}");
    assert_eq!(found[0]["id"], "palm-villa");

    let records = kept(outbox.path());
    assert_eq!(records.len(), 4, "{records:?}");
    let by_name = |name: &str| records.iter().find(|r| r["name"] == name).expect(name).clone();
    assert_eq!(by_name("Aisha Khan")["message"], "Is it still available?");
    assert_eq!(by_name("Omar Farouk")["form"], "callback");
    assert_eq!(by_name("Omar Farouk")["lang"], "ar");
    let sara = by_name("Sara Ivanova");
    assert_eq!(sara["property"]["title"], "Frond Villa with Private Beach");
    assert_eq!(sara["property"]["url"], "https://palmcrest.example/property/palm-villa");
    assert_eq!(sara["property"]["permitNumber"], "7110029384");

    // One JSON line per log event, and none with the visitors' details.
    let logs = lambda.stop();
    let lines: Vec<Value> = logs.lines().filter_map(|l| serde_json::from_str(l).ok()).collect();
    assert!(lines.iter().any(|l| l["event"] == "start"), "{logs}");
    let deliveries: Vec<&Value> = lines.iter().filter(|l| l["event"] == "lead_delivery").collect();
    assert_eq!(deliveries.len(), 4, "{logs}");
    assert!(
        deliveries.iter().all(|l| l["sink"] == "outbox" && l["outcome"] == "accepted" && l["attempt"] == 1)
    );
    for private in ["Aisha", "aisha@example.com", "0501234567", "Omar", "+971501234567", "Sara", "Viewing?"] {
        assert!(!logs.contains(private), "{private} in the logs:\n{logs}");
    }
    assert!(lambda.runtime.errors.lock().expect("the errors").is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_fails_the_outbox_and_the_webhook_still_takes_the_lead() {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let outbox = outbox.path().to_str().expect("UTF-8").to_owned();
    // Files may grow to 512 bytes; a write past that fails (EFBIG) as on a full disk (ENOSPC).
    // The signal that would otherwise end the process is ignored, as a server's would be.
    let full_disk = Some("trap '' XFSZ; ulimit -f 1");

    let mut alone = Lambda::start_runtime().await;
    alone.start(&[("LEAD_OUTBOX_DIR", &outbox)], full_disk);
    let answer = alone.invoke(event("apigw-http.json")).await;
    assert_eq!(answer["statusCode"], 503, "{answer}");
    assert_eq!(body(&answer)["code"], "delivery_failed");
    let logs = alone.stop();
    assert!(logs.contains("FileTooLarge"), "{logs}");
    assert!(kept(Path::new(&outbox)).is_empty());
    let leftovers: Vec<_> = std::fs::read_dir(&outbox).map(|d| d.count()).into_iter().collect();
    assert_eq!(leftovers, [0], "no half-written file stays");

    let crm = Recorder::start(200).await;
    let hook = format!("{}/hook", crm.url);
    let mut both = Lambda::start_runtime().await;
    both.start(&[("LEAD_OUTBOX_DIR", &outbox), ("LEAD_WEBHOOK_URL", &hook)], full_disk);
    let answer = both.invoke(event("apigw-http.json")).await;
    assert_eq!(answer["statusCode"], 200, "{answer}");
    let id = body(&answer)["id"].clone();
    assert_eq!(crm.requests().len(), 1);
    assert_eq!(crm.requests()[0].json()["id"], id);
}

/// The template deploys the binary twice: the lead function with `LEAD_ROUTES=leads`, the search
/// function with `LEAD_ROUTES=search` (and no sink). Each answers its own events and treats the
/// other's as an unknown path, so a flood sent to one never runs in the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lead_and_the_search_function_each_answer_their_own_routes() {
    let mut search = Lambda::start_runtime().await;
    search.start(&[("LEAD_ROUTES", "search")], None);
    let found = search.invoke(event("search-http.json")).await;
    assert_eq!(found["statusCode"], 200, "{found}");
    assert_eq!(body(&found)[0]["id"], "palm-villa");
    let lead = search.invoke(event("function-url.json")).await;
    assert_eq!(lead["statusCode"], 404, "{lead}");
    assert_eq!(body(&lead), json!({ "error": "not found" }));
    let logs = search.stop();
    let start: Value = logs
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .find(|l: &Value| l["event"] == "start")
        .expect(&logs);
    assert_eq!(start["routes"], "search", "{logs}");
    assert!(!logs.contains("lead_sinks_missing"), "the search function needs no sink: {logs}");

    let outbox = tempfile::tempdir().expect("a temp dir");
    let mut leads = Lambda::start_runtime().await;
    leads.start(
        &[("LEAD_ROUTES", "leads"), ("LEAD_OUTBOX_DIR", outbox.path().to_str().expect("UTF-8"))],
        None,
    );
    let taken = leads.invoke(event("function-url.json")).await;
    assert_eq!(taken["statusCode"], 200, "{taken}");
    assert_eq!(kept(outbox.path()).len(), 1);
    let refused = leads.invoke(event("search-http.json")).await;
    assert_eq!(refused["statusCode"], 404, "{refused}");

    // A value the binary does not know stops it at start, naming the variable.
    let mut wrong = Lambda::start_runtime().await;
    wrong.start(&[("LEAD_ROUTES", "everything")], None);
    let status = wrong.child.as_mut().expect("started").wait().expect("it stops");
    assert!(!status.success());
    let logs = wrong.stop();
    assert!(logs.contains("LEAD_ROUTES") && logs.contains("config_invalid"), "{logs}");
}

/// A function URL event for `method` on `path_and_query`, from the saved search's event.
fn saved_search_event(method: &str, path_and_query: &str, body: &str) -> Value {
    let (path, query) = path_and_query.split_once('?').unwrap_or((path_and_query, ""));
    let mut event = event("saved-search-url.json");
    event["rawPath"] = json!(path);
    event["rawQueryString"] = json!(query);
    event["requestContext"]["http"]["method"] = json!(method);
    event["requestContext"]["http"]["path"] = json!(path);
    event["headers"]["content-type"] = json!("application/x-www-form-urlencoded");
    event["body"] = json!(body);
    event
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_keeps_saved_searches_in_dynamodb() {
    let dynamodb = crate::support::dynamodb::DynamoDb::start("subscriptions").await;
    let outbox = tempfile::tempdir().expect("a temp dir");
    let mut lambda = Lambda::start_runtime().await;
    lambda.start(
        &[
            ("LEAD_ROUTES", "leads"),
            ("LEAD_OUTBOX_DIR", outbox.path().to_str().expect("UTF-8")),
            ("LEAD_SUBSCRIPTIONS_TABLE", "subscriptions"),
            ("LEAD_DYNAMODB_ENDPOINT", &dynamodb.url),
            ("LEAD_ALERTS_SECRET", crate::saved_searches::SECRET),
            // The region the emulator made the table in (its tables are per region, as AWS's).
            ("AWS_REGION", "us-east-1"),
            ("AWS_ACCESS_KEY_ID", "ASIATESTING"),
            ("AWS_SECRET_ACCESS_KEY", "testing"),
            ("AWS_SESSION_TOKEN", "session"),
        ],
        None,
    );
    let saved = lambda.invoke(event("saved-search-url.json")).await;
    assert_eq!(saved["statusCode"], 200, "{saved}");
    let id = body(&saved)["id"].as_str().expect("an id").to_owned();
    assert_eq!(
        body(&saved)["message"],
        "Проверьте почту: мы отправили ссылку на sara@example.com. Откройте её в течение 48 часов, чтобы включить уведомления."
    );
    let mail = crate::support::parse_eml(&outbox.path().join(format!("{id}-confirm.eml")));
    assert_eq!(mail["headers"]["Subject"], "Подтвердите сохранённый поиск");
    let text = mail["text"].as_str().expect("text");
    let at = text.find("https://palmcrest.example/api/saved-searches/confirm?").expect("the link");
    let confirm =
        text[at..].split_whitespace().next().expect("a link").trim_start_matches("https://palmcrest.example");

    let confirmed = lambda.invoke(saved_search_event("GET", confirm, "")).await;
    assert_eq!(confirmed["statusCode"], 200, "{confirmed}");
    assert!(confirmed["body"].as_str().expect("a page").contains("<h1>Поиск сохранён</h1>"), "{confirmed}");

    // A matching listing is published; the daily schedule (an EventBridge event, no HTTP) sends
    // the search its digest, in Russian, with the listing's photo, price and link.
    let mut villa = palm_villa();
    villa["id"] = json!("palm-signature");
    villa["_id"] = json!("palm-signature");
    villa["bedrooms"] = json!(3);
    villa["title"] = json!("Signature Villa on the Fronds");
    villa["url"] = json!("/property/palm-signature");
    villa["Images"] = json!(["/media/palm-signature/1.jpg"]);
    lambda.runtime.published.lock().expect("the listings").push(villa);
    let report = lambda.invoke(event("schedule.json")).await;
    assert_eq!(report["ok"], true, "{report}");
    assert_eq!((report["emails"].clone(), report["listings"].clone()), (json!(1), json!(1)), "{report}");
    let sent = alerts(outbox.path());
    assert_eq!(sent.len(), 1, "{sent:?}");
    let digest = crate::support::parse_eml(&sent[0]);
    assert_eq!(digest["headers"]["Subject"], "Новые объекты по вашему сохранённому поиску");
    assert_eq!(digest["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    // The HTML escapes '/' in its attributes (`&#x2f;`), as every template of the function does.
    let html = digest["html"].as_str().expect("HTML").replace("&#x2f;", "/");
    assert!(html.contains("<img src=\"https://palmcrest.example/media/palm-signature/1.jpg\""), "{html}");
    assert!(html.contains("href=\"https://palmcrest.example/ru/property/palm-signature\""), "{html}");
    assert!(html.contains("32,000,000 AED"), "{html}");
    // Again: nothing new.
    let again = lambda.invoke(event("schedule.json")).await;
    assert_eq!(again["emails"], 0, "{again}");

    let unsubscribe = digest["headers"]["List-Unsubscribe"].as_str().expect("the header");
    let one_click = unsubscribe.trim_matches(['<', '>']).trim_start_matches("https://palmcrest.example");
    let gone = lambda.invoke(saved_search_event("POST", one_click, "List-Unsubscribe=One-Click")).await;
    assert_eq!(gone["statusCode"], 200, "{gone}");
    assert!(gone["body"].as_str().expect("a page").contains("<h1>Вы отписались</h1>"), "{gone}");
    // The daily schedule after the unsubscribe: nothing more for the search.
    let nothing = lambda.invoke(event("schedule.json")).await;
    assert_eq!((nothing["ok"].clone(), nothing["emails"].clone()), (json!(true), json!(0)), "{nothing}");
    assert_eq!(alerts(outbox.path()).len(), 1);
    let left = dynamodb.call("Scan", json!({ "TableName": "subscriptions" })).await.expect("scanned");
    let keys: Vec<&Value> = left["Items"].as_array().expect("items").iter().map(|i| &i["pk"]["S"]).collect();
    assert_eq!(
        keys,
        [&json!("CATALOGUE")],
        "the search and its tokens are gone, the digest's record stays: {left}"
    );
    lambda.stop();
}

/// The digests in an outbox folder.
fn alerts(outbox: &Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(outbox) else { return Vec::new() };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_str().is_some_and(|p| p.contains("-alert-") && p.ends_with(".eml")))
        .collect()
}
