//! The saved searches' digest end to end, against both stores (DynamoDB's real API through
//! moto's server, and `estate serve`'s file): three visitors save one search in English, Arabic
//! and Russian and confirm it; the site's `api/properties.json` changes under the function (a
//! file, as `estate serve` reads it) and each run's emails are read from the outbox as a mail
//! client reads them. The first run is Netlify's signed deploy notification; the later ones are
//! called with a clock days ahead, as the daily schedule would run them.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use base64::Engine as _;
use lead_fn::alerts::Store;
use lead_fn::alerts::digest::{self, Report};
use lead_fn::catalogue::Source;
use lead_fn::leads::Settings;
use lead_fn::leads::sinks::{Outbox, Sink};
use lead_fn::subscriptions::{Dynamo, DynamoSettings, LinkKey, Local};
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

use crate::saved_searches::SECRET;
use crate::support::{dynamodb::DynamoDb, parse_eml};

const SITE: &str = "https://palmcrest.example";
const HOOKS: &str = "hooks-secret-of-the-tests-0123456789";
const DAY: Duration = Duration::from_secs(24 * 3600);

fn listing(id: &str, bedrooms: u32, price: u64) -> Value {
    json!({
        "_id": id, "id": id, "title": format!("Marina flat {id}"), "mainCategory": "Rental",
        "subCategory": "Apartment", "Images": [format!("/media/{id}/1.jpg")], "location": "Dubai Marina",
        "bedrooms": bedrooms, "area": 1200, "price": price, "pricePeriod": "year", "featured": false,
        "createdAt": "2026-11-01T00:00:00+04:00", "description": "", "url": format!("/property/{id}"),
        "translations": { "ar": { "title": format!("شقة المارينا {id}"), "location": "دبي مارينا" } },
    })
}

struct Site {
    _dir: tempfile::TempDir,
    file: PathBuf,
    outbox: PathBuf,
    settings: Settings,
    catalogue: Arc<Catalogue>,
    router: Router,
}

impl Site {
    fn new(store: Arc<dyn Store>) -> Site {
        let dir = tempfile::tempdir().expect("a temp dir");
        let file = dir.path().join("site/api/properties.json");
        let outbox = dir.path().join("outbox");
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("made");
        let settings = Settings {
            site_url: Some(SITE.into()),
            sinks: vec![Sink::Outbox(Outbox::new(&outbox))],
            rate_limit_per_minute: 0,
            saved_searches: Some(store),
            alerts_key: Some(LinkKey::new(SECRET)),
            hooks_secret: Some(HOOKS.into()),
            ..Settings::default()
        };
        let catalogue = Arc::new(Catalogue::new(Source::File(file.clone())));
        let site = Site {
            router: router(Config { leads: settings.clone(), ..Config::new(catalogue.clone()) }),
            _dir: dir,
            file,
            outbox,
            settings,
            catalogue,
        };
        site.publish(&[listing("a", 2, 120_000)]);
        site
    }

    fn publish(&self, listings: &[Value]) {
        std::fs::write(&self.file, Value::Array(listings.to_vec()).to_string()).expect("written");
    }

    async fn send(&self, request: Request<Body>) -> (StatusCode, String) {
        let response = self.router.clone().oneshot(request).await.expect("an answer");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("a body");
        (status, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
    }

    /// Runs the digest `days` after now.
    async fn digest(&self, days: u32) -> Report {
        digest::run(&self.catalogue, &self.settings, SystemTime::now() + DAY * days).await.expect("a run")
    }

    fn alerts(&self) -> BTreeSet<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.outbox) else { return BTreeSet::new() };
        entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.to_str().is_some_and(|p| p.contains("-alert-") && p.ends_with(".eml")))
            .collect()
    }
}

/// Netlify's signature of `body` under `secret` (HS256, `iss` and the body's SHA-256).
fn netlify_signature(secret: &str, body: &[u8]) -> String {
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let digest = ring::digest::digest(&ring::digest::SHA256, body);
    let hex: String = digest.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    let header = b64.encode(json!({ "alg": "HS256", "typ": "JWT" }).to_string());
    let claims = b64.encode(json!({ "iss": "netlify", "sha256": hex }).to_string());
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    let tag = ring::hmac::sign(&key, format!("{header}.{claims}").as_bytes());
    format!("{header}.{claims}.{}", b64.encode(tag.as_ref()))
}

fn deployed(body: &Value, signature: &str) -> Request<Body> {
    Request::post("/api/saved-searches/deployed")
        .header("content-type", "application/json")
        .header("x-webhook-signature", signature)
        .body(Body::from(body.to_string()))
        .expect("a request")
}

fn bounce(token: &str, record: &Value) -> Request<Body> {
    Request::post(format!("/api/saved-searches/bounce?token={token}"))
        .header("content-type", "application/json")
        .body(Body::from(record.to_string()))
        .expect("a request")
}

/// The digests a run wrote, by recipient.
fn by_recipient(site: &Site, before: &BTreeSet<PathBuf>) -> Vec<(String, Value)> {
    let mut found: Vec<(String, Value)> = site
        .alerts()
        .difference(before)
        .map(|path| {
            let mail = parse_eml(path);
            (mail["headers"]["To"].as_str().expect("To").to_owned(), mail)
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

async fn flow(store: Arc<dyn Store>) {
    let site = Site::new(store.clone());
    // Three visitors save the same search, each in their language, and confirm it.
    let people = [("en", "emma@example.com"), ("ar", "omar@example.com"), ("ru", "sara@example.com")];
    for (lang, email) in people {
        let body = json!({
            "email": email, "search": "bedrooms=2&type=Apartment&community=Dubai+Marina&max=150000",
            "category": "rent", "lang": lang, "page": "/rent", "consent": true,
        });
        let request = Request::post("/api/saved-searches")
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .expect("a request");
        let (status, saved) = site.send(request).await;
        assert_eq!(status, StatusCode::OK, "{saved}");
        let id =
            serde_json::from_str::<Value>(&saved).expect("JSON")["id"].as_str().expect("an id").to_owned();
        let text = parse_eml(&site.outbox.join(format!("{id}-confirm.eml")))["text"]
            .as_str()
            .expect("text")
            .to_owned();
        let at = text.find("/api/saved-searches/confirm?").expect("the link");
        let link = text[at..].split_whitespace().next().expect("a link").to_owned();
        let (status, page) =
            site.send(Request::get(link.as_str()).body(Body::empty()).expect("a request")).await;
        assert_eq!(status, StatusCode::OK, "{page}");
    }
    // A deploy publishes a matching listing and one with three bedrooms. A notification signed
    // with another secret, or none, runs nothing.
    site.publish(&[listing("a", 2, 120_000), listing("b", 2, 140_000), listing("c", 3, 130_000)]);
    let deploy = json!({ "id": "d1", "state": "ready", "context": "production", "url": SITE });
    let bytes = deploy.to_string().into_bytes();
    for signature in [netlify_signature("another-secret-0123456789", &bytes), String::new()] {
        let (status, answer) = site.send(deployed(&deploy, &signature)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{answer}");
    }
    let building = json!({ "id": "d1", "state": "building" });
    let (status, answer) =
        site.send(deployed(&building, &netlify_signature(HOOKS, building.to_string().as_bytes()))).await;
    assert_eq!((status, answer.contains("\"ignored\":\"building\"")), (StatusCode::OK, true), "{answer}");
    let preview = json!({ "id": "d0", "state": "ready", "context": "deploy-preview" });
    let (status, answer) =
        site.send(deployed(&preview, &netlify_signature(HOOKS, preview.to_string().as_bytes()))).await;
    assert_eq!(
        (status, answer.contains("\"ignored\":\"deploy-preview\"")),
        (StatusCode::OK, true),
        "{answer}"
    );
    assert!(site.alerts().is_empty());

    let (status, answer) = site.send(deployed(&deploy, &netlify_signature(HOOKS, &bytes))).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let answer: Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(answer["digest"]["emails"], 3, "{answer}");
    let sent = by_recipient(&site, &BTreeSet::new());
    let recipients: Vec<&str> = sent.iter().map(|(to, _)| to.as_str()).collect();
    assert_eq!(recipients, ["emma@example.com", "omar@example.com", "sara@example.com"]);
    let [(_, en), (_, ar), (_, ru)] = [&sent[0], &sent[1], &sent[2]];
    let words = |mail: &Value| mail["text"].as_str().expect("text").to_owned();
    let (en_text, ar_text, ru_text) = (words(en), words(ar), words(ru));
    // The listing that was there when they confirmed is no news; the three-bedroom flat no match.
    for text in [&en_text, &ar_text, &ru_text] {
        let links = |id: &str| text.split_whitespace().any(|w| w.ends_with(&format!("/property/{id}")));
        assert!(links("b") && !links("a") && !links("c"), "{text}");
    }
    assert_eq!(en["headers"]["Subject"], "New listings for your saved search");
    assert!(
        en_text.contains("AED 140,000 a year") && en_text.contains("https://palmcrest.example/property/b"),
        "{en_text}"
    );
    assert!(
        en_text.contains("To rent · Apartment · 2 bedrooms · in Dubai Marina · up to AED 150,000"),
        "{en_text}"
    );
    assert_eq!(ar["headers"]["Subject"], "عقارات جديدة لبحثك المحفوظ");
    assert!(
        ar_text.contains("140,000 درهم سنويًا") && ar_text.contains("https://palmcrest.example/ar/property/b"),
        "{ar_text}"
    );
    assert!(ar["html"].as_str().expect("HTML").contains("<html lang=\"ar\" dir=\"rtl\">"));
    // The listing's own Arabic title and place; it has no Russian ones, so the Russian email
    // shows the English.
    assert!(ar_text.contains("شقة المارينا b · دبي مارينا"), "{ar_text}");
    assert!(ru_text.contains("Marina flat b · Dubai Marina"), "{ru_text}");
    assert_eq!(ru["headers"]["Subject"], "Новые объекты по вашему сохранённому поиску");
    assert!(
        ru_text.contains("140,000 AED в год") && ru_text.contains("https://palmcrest.example/ru/property/b"),
        "{ru_text}"
    );
    for (_, mail) in &sent {
        assert_eq!(mail["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
        let html = mail["html"].as_str().expect("HTML").replace("&#x2f;", "/");
        assert!(html.contains("<img src=\"https://palmcrest.example/media/b/1.jpg\""), "{html}");
    }

    // Run again: nothing new, nothing sent.
    let before = site.alerts();
    let again = site.digest(0).await;
    assert_eq!((again.fresh, again.emails), (0, 0), "{again:?}");
    assert_eq!(site.alerts(), before);

    // Its price drops the next day: sent once more, with the new price and the old one.
    site.publish(&[listing("a", 2, 120_000), listing("b", 2, 125_000), listing("c", 3, 130_000)]);
    let dropped = site.digest(1).await;
    assert_eq!((dropped.fresh, dropped.emails), (1, 3), "{dropped:?}");
    let sent = by_recipient(&site, &before);
    let en_text = words(&sent[0].1);
    assert!(en_text.contains("Price reduced: AED 125,000 a year (was AED 140,000 a year)"), "{en_text}");
    assert!(words(&sent[1].1).contains("تم تخفيض السعر"));
    assert!(words(&sent[2].1).contains("Цена снижена"));
    // A listing published the same day waits for tomorrow (one email a day); a second drop of
    // the same listing is not sent again.
    let before = site.alerts();
    site.publish(&[listing("a", 2, 120_000), listing("b", 2, 110_000), listing("d", 2, 100_000)]);
    let same_day = site.digest(1).await;
    assert_eq!((same_day.emails, same_day.kept), (0, 3), "{same_day:?}");
    let next_day = site.digest(2).await;
    assert_eq!((next_day.fresh, next_day.emails, next_day.listings), (0, 3, 3), "{next_day:?}");
    let sent = by_recipient(&site, &before);
    let en_text = words(&sent[0].1);
    assert!(en_text.contains("Marina flat d") && !en_text.contains("Marina flat b"), "{en_text}");

    // One POST to the digest's List-Unsubscribe address ends the English search.
    let header = sent[0].1["headers"]["List-Unsubscribe"].as_str().expect("the header");
    let one_click = header.trim_matches(['<', '>']).strip_prefix(SITE).expect("on the site").to_owned();
    let request = Request::post(one_click.as_str())
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from("List-Unsubscribe=One-Click"))
        .expect("a request");
    let (status, page) = site.send(request).await;
    assert!(status == StatusCode::OK && page.contains("<h1>You are unsubscribed</h1>"), "{page}");

    // Postmark reports a hard bounce of the Russian address and a soft one of the Arabic: the
    // first stops that address's searches, the second nothing. A wrong token changes nothing.
    let hard =
        json!({ "RecordType": "Bounce", "Type": "HardBounce", "TypeCode": 1, "Email": "Sara@Example.com" });
    let (status, _) = site.send(bounce("not-the-secret-000000", &hard)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, answer) = site.send(bounce(HOOKS, &hard)).await;
    assert_eq!((status, answer.as_str()), (StatusCode::OK, r#"{"ok":true,"removed":1}"#));
    let soft = json!({ "RecordType": "Bounce", "Type": "SoftBounce", "TypeCode": 4096, "Email": "omar@example.com" });
    let (status, answer) = site.send(bounce(HOOKS, &soft)).await;
    assert_eq!((status, answer.as_str()), (StatusCode::OK, r#"{"ok":true,"removed":0}"#));

    // Another match: only the Arabic search is left to hear of it.
    let before = site.alerts();
    site.publish(&[listing("a", 2, 120_000), listing("d", 2, 100_000), listing("e", 2, 90_000)]);
    let last = site.digest(3).await;
    assert_eq!((last.searches, last.emails), (1, 1), "{last:?}");
    let sent = by_recipient(&site, &before);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, "omar@example.com");
    assert!(words(&sent[0].1).contains("https://palmcrest.example/ar/property/e"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_digest_against_dynamodb() {
    let server = DynamoDb::start("alerts").await;
    let store = Dynamo::new(DynamoSettings {
        table: "alerts".into(),
        region: "us-east-1".into(),
        endpoint: Some(server.url.clone()),
        access_key: "testing".into(),
        secret_key: "testing".into(),
        session_token: None,
    });
    flow(Arc::new(store)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_digest_against_the_local_store() {
    let dir = tempfile::tempdir().expect("a temp dir");
    flow(Arc::new(Local::new(dir.path()))).await;
}

#[test]
fn a_netlify_signature_is_checked_against_the_body_and_the_secret() {
    use lead_fn::alerts::hooks::netlify_signed;
    let body = br#"{"state":"ready"}"#;
    let good = netlify_signature(HOOKS, body);
    assert!(netlify_signed(HOOKS, &good, body));
    assert!(!netlify_signed(HOOKS, &good, br#"{"state":"ready" }"#), "another body");
    assert!(!netlify_signed("another-secret-0123456789", &good, body));
    assert!(!netlify_signed(HOOKS, &good[..good.len() - 2], body));
    assert!(!netlify_signed(HOOKS, "", body));
}
