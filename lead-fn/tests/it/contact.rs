//! `POST /api/contact-user` through the router, as a browser or a bot would call it: every
//! answer of the module docs' table, with the outbox as the sink.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::response::Response;
use contract::ApiProperty;
use lead_fn::{Catalogue, Config, POST_ENDPOINTS, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

fn property() -> ApiProperty {
    serde_json::from_value(json!({
        "_id": "marina-gate-2br", "id": "marina-gate-2br", "title": "Marina Gate 2BR",
        "mainCategory": "Residential", "subCategory": "Apartment", "Images": [],
        "location": "Dubai Marina", "bedrooms": 2, "area": 1200, "price": 2_400_000,
        "featured": false, "createdAt": "2026-01-01T00:00:00+04:00", "description": "",
        "url": "/property/marina-gate-2br", "reference": "PC-1042", "permitNumber": "7117263512"
    }))
    .expect("a property")
}

/// A router whose settings come from `vars` (as from the environment), with its outbox.
struct Function {
    /// Built once, as a host does: the rate limit's counts live in it.
    router: axum::Router,
    outbox: PathBuf,
    _dir: tempfile::TempDir,
}

impl Function {
    fn new(vars: &[(&str, &str)]) -> Function {
        let dir = tempfile::tempdir().expect("a temp dir");
        let outbox = dir.path().join("outbox");
        let mut vars: HashMap<String, String> =
            vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        vars.entry("LEAD_OUTBOX_DIR".into()).or_insert_with(|| outbox.display().to_string());
        vars.entry("LEAD_RATE_LIMIT_PER_MINUTE".into()).or_insert_with(|| "0".into());
        vars.entry("LEAD_SITE_URL".into()).or_insert_with(|| "https://palmcrest.example".into());
        let mut config = Config::from_env(|name| vars.get(name).cloned()).expect("valid settings");
        config.catalogue = Arc::new(Catalogue::fixed(vec![property()]).expect("a catalogue"));
        Function { router: router(config), outbox, _dir: dir }
    }

    async fn send(&self, request: Request<Body>) -> (StatusCode, Response, Value) {
        let response = self.router.clone().oneshot(request).await.expect("the router answers");
        let status = response.status();
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 20).await.expect("a body");
        let value =
            if bytes.is_empty() { Value::Null } else { serde_json::from_slice(&bytes).expect("JSON") };
        (status, Response::from_parts(parts, Body::empty()), value)
    }

    async fn post(&self, body: &Value) -> (StatusCode, Value) {
        let (status, _, value) = self.send(lead_request(&body.to_string())).await;
        (status, value)
    }

    /// The ids of the leads in the outbox.
    fn kept(&self) -> Vec<String> {
        kept(&self.outbox)
    }

    fn record(&self, id: &str) -> Value {
        serde_json::from_slice(&std::fs::read(self.outbox.join(format!("{id}.json"))).expect("the record"))
            .expect("JSON")
    }

    fn eml(&self, id: &str) -> String {
        String::from_utf8(std::fs::read(self.outbox.join(format!("{id}.eml"))).expect("the email"))
            .expect("UTF-8")
    }
}

fn kept(outbox: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(outbox) else { return Vec::new() };
    let mut ids: Vec<String> = entries
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter_map(|name| name.strip_suffix(".json").map(str::to_owned))
        .collect();
    ids.sort();
    ids
}

fn lead_request(body: &str) -> Request<Body> {
    Request::post("/api/contact-user")
        .header("content-type", "application/json")
        .body(Body::from(body.to_owned()))
        .expect("a request")
}

fn spec_lead() -> Value {
    json!({ "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
            "message": "Is the Marina flat still available?" })
}

#[tokio::test]
async fn the_specs_own_clients_work_unchanged() {
    let function = Function::new(&[]);
    // The contact form's body with the lead fields alone: no form, no extras.
    let (status, answer) = function.post(&spec_lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["ok"], true);
    let id = answer["id"].as_str().expect("an id").to_owned();
    // The popup sends only name, email and contactNumber.
    let popup = json!({ "name": "Omar", "email": "omar@example.com", "contactNumber": "0559876543" });
    let (status, answer) = function.post(&popup).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(function.kept().len(), 2);
    let record = function.record(&id);
    assert_eq!(record["form"], Value::Null);
    assert_eq!(record["lang"], "en");
    assert_eq!(record["message"], "Is the Marina flat still available?");
    let eml = function.eml(&id);
    assert!(eml.contains("Subject: New enquiry from Aisha Khan"), "{eml}");
}

#[tokio::test]
async fn a_lead_about_a_property_names_it() {
    let function = Function::new(&[]);
    let mut body = spec_lead();
    body["form"] = json!("detail");
    body["propertyId"] = json!("marina-gate-2br");
    body["page"] = json!("/property/marina-gate-2br");
    body["lang"] = json!("ru");
    let (status, answer) = function.post(&body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let record = function.record(answer["id"].as_str().expect("an id"));
    assert_eq!(
        record["property"],
        json!({ "id": "marina-gate-2br", "title": "Marina Gate 2BR",
                "url": "https://palmcrest.example/property/marina-gate-2br",
                "reference": "PC-1042", "permitNumber": "7117263512" })
    );
    assert_eq!(record["lang"], "ru");
    let eml = function.eml(answer["id"].as_str().expect("an id"));
    // The agents read the agency's language (English by default), told the visitor's.
    assert!(eml.contains("Subject: Enquiry about Marina Gate 2BR from Aisha Khan"), "{eml}");
    assert!(eml.contains("Language: Russian"), "{eml}");

    // An agency working in Russian gets its emails in Russian: lettre encodes the subject.
    let function = Function::new(&[("LEAD_EMAIL_LANGUAGE", "ru")]);
    let (status, answer) = function.post(&body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let eml = function.eml(answer["id"].as_str().expect("an id"));
    assert!(eml.contains("Subject: =?utf-8?"), "{eml}");
}

#[tokio::test]
async fn field_errors_are_in_the_visitors_language() {
    let function = Function::new(&[]);
    let contact = json!({ "form": "contact", "name": "Al", "email": "al@", "contactNumber": "0501234567",
                          "lang": "ar" });
    let (status, answer) = function.post(&contact).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["fields"],
        json!({
            "name": "يجب ألا يقل الاسم عن 3 أحرف.",
            "email": "يُرجى إدخال بريد إلكتروني صحيح.",
            "contactNumber": "يجب أن يبدأ رقم الجوال بعلامة '+' يليها من 9 إلى 15 رقماً.",
            "message": "لا يمكن ترك الرسالة فارغة."
        })
    );
    assert_eq!(answer["form"], "يُرجى تصحيح الأخطاء أعلاه.");
    // `language` names it too; Russian.
    let popup = json!({ "form": "popup", "language": "ru", "name": "Олег", "email": "oleg@example.com",
                        "contactNumber": "12345" });
    let (status, answer) = function.post(&popup).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"], json!({ "contactNumber": "Номер телефона должен содержать 10 цифр." }));
    let mut long = spec_lead();
    long["lang"] = json!("ru");
    long["name"] = json!("x".repeat(101));
    let (_, answer) = function.post(&long).await;
    assert_eq!(answer["fields"], json!({ "name": "Используйте не более 100 символов." }));
    assert!(function.kept().is_empty());
}

#[test]
fn the_email_language_must_be_one_of_the_sites() {
    let error =
        lead_fn::leads::Settings::from_env(|name| (name == "LEAD_EMAIL_LANGUAGE").then(|| "fr".to_owned()))
            .expect_err("refused");
    assert_eq!(error.var, "LEAD_EMAIL_LANGUAGE");
}

#[tokio::test]
async fn newsletter_and_call_back_are_leads_with_their_own_rules() {
    let function = Function::new(&[]);
    let (status, answer) =
        function.post(&json!({ "form": "newsletter", "email": "reader@example.com" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let eml = function.eml(answer["id"].as_str().expect("an id"));
    assert!(eml.contains("Subject: Newsletter sign-up: reader@example.com"), "{eml}");

    let (status, answer) = function.post(&json!({ "form": "newsletter", "email": "reader@" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"], json!({ "email": "Please enter a valid email address." }));

    let callback = json!({ "form": "callback", "name": "Omar Farouk", "contactNumber": "+971501234567" });
    let (status, answer) = function.post(&callback).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let eml = function.eml(answer["id"].as_str().expect("an id"));
    assert!(eml.contains("Subject: Call-back request from Omar Farouk"), "{eml}");
    assert!(!eml.contains("Reply-To:"), "no address, no Reply-To");
}

#[tokio::test]
async fn field_errors_are_the_specs_messages() {
    let function = Function::new(&[]);
    let contact = json!({ "form": "contact", "name": "Al", "email": "al@", "contactNumber": "0501234567" });
    let (status, answer) = function.post(&contact).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer,
        json!({
            "ok": false, "code": "invalid", "error": "some fields need fixing",
            "fields": {
                "name": "Name must be at least 3 characters long.",
                "email": "Please enter a valid email address.",
                "contactNumber": "Mobile number must start with '+' followed by 9-15 digits.",
                "message": "Message cannot be empty."
            },
            "form": "Please fix the errors above."
        })
    );
    let (status, answer) = function.post(&json!({ "form": "popup" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer["fields"],
        json!({ "name": "Name is required.", "email": "Email is required.",
                "contactNumber": "Phone number is required." })
    );
    assert!(answer.get("form").is_none());
    // A length limit per field, besides the forms' rules.
    let mut long = spec_lead();
    long["message"] = json!("x".repeat(5001));
    let (status, answer) = function.post(&long).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer["fields"], json!({ "message": "Please use at most 5000 characters." }));
    assert!(function.kept().is_empty(), "nothing invalid reaches an agent");
}

#[tokio::test]
async fn what_is_not_a_json_lead_is_refused_without_a_500() {
    // (A form-encoded lead is a plain HTML form's: tests/it/form_post.rs.)
    let function = Function::new(&[]);
    let body = spec_lead().to_string();
    let cases: Vec<(Request<Body>, StatusCode, &str)> = vec![
        (
            Request::post("/api/contact-user")
                .header("content-type", "text/plain")
                .body(Body::from(body.clone())),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
        (
            Request::post("/api/contact-user").body(Body::from(body.clone())),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        ),
        (
            Request::post("/api/contact-user")
                .header("content-type", "application/json")
                .body(Body::from("{\"name\": ")),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            Request::post("/api/contact-user")
                .header("content-type", "application/json")
                .body(Body::from("[]")),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            Request::post("/api/contact-user")
                .header("content-type", "application/json; charset=utf-8")
                .body(Body::from(r#"{"name": ["Aisha"]}"#)),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            Request::post("/api/contact-user")
                .header("content-type", "application/json")
                .body(Body::from(r#"{"form": "survey"}"#)),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            // Over 16 KB, told up front.
            Request::post("/api/contact-user")
                .header("content-type", "application/json")
                .header("content-length", "17000")
                .body(Body::from(" ".repeat(17_000))),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        ),
        (
            // Over 16 KB, not told: found while reading.
            Request::post("/api/contact-user")
                .header("content-type", "application/json")
                .body(Body::from(format!("{{\"message\": \"{}\"}}", "x".repeat(17_000)))),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
        ),
    ]
    .into_iter()
    .map(|(request, status, code)| (request.expect("a request"), status, code))
    .collect();
    for (request, status, code) in cases {
        let shown = format!("{:?}", request.headers());
        let (got, response, answer) = function.send(request).await;
        assert_eq!(got, status, "{shown}: {answer}");
        assert_eq!(answer["code"], code, "{shown}");
        assert_eq!(answer["ok"], false);
        assert!(answer["error"].as_str().is_some_and(|e| !e.is_empty()));
        assert_eq!(response.headers()["content-type"], "application/json");
    }
    let get = Request::get("/api/contact-user").body(Body::empty()).expect("a request");
    let (status, response, answer) = function.send(get).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(response.headers()["allow"], "POST");
    assert_eq!(answer["code"], "method_not_allowed");
    assert!(function.kept().is_empty());
}

#[tokio::test]
async fn a_filled_honeypot_is_answered_as_accepted_and_delivered_nowhere() {
    let function = Function::new(&[]);
    let mut bot = spec_lead();
    bot["website"] = json!("https://cheap-seo.example");
    let (status, answer) = function.post(&bot).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["ok"], true);
    assert!(answer["id"].as_str().is_some_and(|id| id.len() > 20), "{answer}");
    assert!(function.kept().is_empty());
    // An empty honeypot is what people send.
    let mut person = spec_lead();
    person["website"] = json!("");
    assert_eq!(function.post(&person).await.0, StatusCode::OK);
    assert_eq!(function.kept().len(), 1);
}

#[tokio::test]
async fn line_breaks_and_markup_cannot_reach_the_mail_headers_or_the_html() {
    let function = Function::new(&[]);
    let body = json!({
        "name": "Eve\r\nBcc: victim@example.com\r\nX-Spam: yes", "email": "eve@example.com",
        "contactNumber": "0501234567", "message": "<img src=x onerror=alert(1)>\r\nSecond line",
        "propertyArea": "Marina\nSubject: forged"
    });
    let (status, answer) = function.post(&body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["id"].as_str().expect("an id");
    let record = function.record(id);
    assert_eq!(record["name"], "Eve Bcc: victim@example.com X-Spam: yes");
    assert_eq!(record["propertyArea"], "Marina Subject: forged");
    assert_eq!(record["message"], "<img src=x onerror=alert(1)>\nSecond line");
    let eml = function.eml(id);
    let head = eml.split("\r\n\r\n").next().expect("a head");
    for line in head.split("\r\n") {
        for forged in ["Bcc:", "X-Spam:", "Subject: forged"] {
            assert!(!line.starts_with(forged), "a forged header: {line}\n{head}");
        }
    }
    assert_eq!(head.matches("\r\nSubject:").count(), 1, "{head}");
    assert!(!eml.contains("<img src=x"), "the HTML part escapes the message:\n{eml}");
}

#[tokio::test]
async fn too_many_submissions_from_one_client_are_answered_429() {
    const SECRET: &str = "netlify-proxy-secret-42";
    let function = Function::new(&[("LEAD_RATE_LIMIT_PER_MINUTE", "2"), ("LEAD_PROXY_SECRET", SECRET)]);
    let request = |ip: &str, secret: Option<&str>| {
        let mut request = Request::post("/api/contact-user")
            .header("content-type", "application/json")
            .header("x-nf-client-connection-ip", ip);
        if let Some(secret) = secret {
            request = request.header("x-nf-sign", lead_fn::leads::proxy_sign::sign_now(secret));
        }
        request.body(Body::from(spec_lead().to_string())).expect("a request")
    };
    let from = |ip: &str| request(ip, Some(SECRET));
    for _ in 0..2 {
        assert_eq!(function.send(from("203.0.113.9")).await.0, StatusCode::OK);
    }
    let (status, response, answer) = function.send(from("203.0.113.9")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer["code"], "rate_limited");
    assert_eq!(response.headers()["retry-after"], "30");
    assert_eq!(answer["retryAfter"], 30);
    // Another visitor is not held up.
    assert_eq!(function.send(from("203.0.113.10")).await.0, StatusCode::OK);
    assert_eq!(function.kept().len(), 3);

    // A caller rotating the header without the proxy's signature: all one client (no peer here),
    // held to the limit however many addresses it names.
    let direct = Function::new(&[("LEAD_RATE_LIMIT_PER_MINUTE", "2"), ("LEAD_PROXY_SECRET", SECRET)]);
    let statuses: Vec<u16> =
        statuses_of(&direct, (0..50).map(|n| request(&format!("198.51.100.{n}"), None))).await;
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 2, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 48);
    let wrong: Vec<u16> = statuses_of(
        &direct,
        (50..60).map(|n| request(&format!("198.51.100.{n}"), Some("netlify-proxy-secret-43"))),
    )
    .await;
    assert!(wrong.iter().all(|s| *s == 429), "{wrong:?}");

    // Not behind Netlify: the header is not believed, so changing it does not help.
    let direct = Function::new(&[("LEAD_RATE_LIMIT_PER_MINUTE", "1"), ("LEAD_CLIENT_IP_HEADER", "")]);
    assert_eq!(direct.send(from("198.51.100.1")).await.0, StatusCode::OK);
    assert_eq!(direct.send(from("198.51.100.2")).await.0, StatusCode::TOO_MANY_REQUESTS);
}

/// Sends each request in turn; their statuses.
async fn statuses_of(function: &Function, requests: impl Iterator<Item = Request<Body>>) -> Vec<u16> {
    let mut statuses = Vec::new();
    for request in requests {
        statuses.push(function.send(request).await.0.as_u16());
    }
    statuses
}

#[tokio::test]
async fn without_a_sink_leads_are_503_and_never_silently_dropped() {
    let mut config = Config::new(Arc::new(Catalogue::fixed(vec![property()]).expect("a catalogue")));
    config.leads.rate_limit_per_minute = 0;
    let response = router(config).oneshot(lead_request(&spec_lead().to_string())).await.expect("an answer");
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
    let answer: Value =
        serde_json::from_slice(&axum::body::to_bytes(response.into_body(), 4096).await.expect("a body"))
            .expect("JSON");
    assert_eq!(answer["code"], "not_configured");
}

#[tokio::test]
async fn cors_is_granted_to_the_sites_origin_only_and_every_answer_has_security_headers() {
    let function = Function::new(&[("LEAD_ALLOWED_ORIGIN", "https://palmcrest.example")]);
    let preflight = |origin: &str| {
        Request::options("/api/contact-user")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .body(Body::empty())
            .expect("a request")
    };
    let (status, response, _) = function.send(preflight("https://palmcrest.example")).await;
    assert!(status.is_success(), "{status}");
    let headers = response.headers();
    assert_eq!(headers["access-control-allow-origin"], "https://palmcrest.example");
    assert!(headers["access-control-allow-methods"].to_str().expect("text").contains("POST"));
    assert_eq!(headers["x-content-type-options"], "nosniff");
    let (_, response, _) = function.send(preflight("https://evil.example")).await;
    assert!(response.headers().get("access-control-allow-origin").is_none());

    let mut request = lead_request(&spec_lead().to_string());
    request.headers_mut().insert("origin", "https://palmcrest.example".parse().expect("a value"));
    let (status, response, _) = function.send(request).await;
    assert_eq!(status, StatusCode::OK);
    let headers = response.headers();
    assert_eq!(headers["access-control-allow-origin"], "https://palmcrest.example");
    assert_eq!(headers["cache-control"], "no-store");
    assert_eq!(headers["x-frame-options"], "DENY");
    assert_eq!(headers["content-security-policy"], "default-src 'none'; frame-ancestors 'none'");
    assert_eq!(headers["referrer-policy"], "no-referrer");
}

#[tokio::test]
async fn every_listed_post_endpoint_is_answered_by_the_function() {
    let function = Function::new(&[]);
    for path in POST_ENDPOINTS {
        let request = Request::post(path)
            .header("content-type", "application/json")
            .body(Body::from(spec_lead().to_string()))
            .expect("a request");
        let (status, _, answer) = function.send(request).await;
        assert_ne!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
        assert!(status.is_success(), "{path}: {status} {answer}");
    }
}
