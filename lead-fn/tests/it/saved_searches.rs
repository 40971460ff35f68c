//! Saved searches end to end, through the router, against both stores: DynamoDB's real API
//! (moto's server on 127.0.0.1, `support::dynamodb`) and the local file of `estate serve`. The
//! confirmation email is read from the outbox as a mail client would (Python's email package).

use std::path::Path;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use contract::vocabulary::{SearchTerm, SearchTerms, TermNames};
use lead_fn::alerts::Store;
use lead_fn::leads::Settings;
use lead_fn::leads::sinks::{Outbox, Sink};
use lead_fn::subscriptions::{
    self as store, Consent, Dynamo, DynamoSettings, Local, Purpose, Subscription, Token,
};
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

use crate::support::{dynamodb::DynamoDb, parse_eml};

const SITE: &str = "https://palmcrest.example";

fn app(store: Arc<dyn Store>, outbox: &Path, per_minute: u32) -> Router {
    let leads = Settings {
        site_url: Some(SITE.into()),
        sinks: vec![Sink::Outbox(Outbox::new(outbox))],
        rate_limit_per_minute: per_minute,
        saved_searches: Some(store),
        alerts_key: Some(store::LinkKey::new(SECRET)),
        ..Settings::default()
    };
    let catalogue = Arc::new(Catalogue::fixed_with_terms(Vec::new(), terms()).expect("an empty catalogue"));
    router(Config { leads, ..Config::new(catalogue) })
}

/// The site's names of the searches' type and place (its `data/search-terms.json`), as the sample's
/// vocabulary gives them: the emails name them in the visitor's language.
fn terms() -> SearchTerms {
    let term = |name: &str, ar: &str, ru: &str| SearchTerm {
        name: name.into(),
        names: vec![ar.into(), ru.into()],
        translated: Some(TermNames { ar: Some(ar.into()), ru: Some(ru.into()) }),
    };
    SearchTerms {
        communities: vec![term("Dubai Marina", "دبي مارينا", "Дубай Марина")],
        types: vec![term("Apartment", "شقة", "Квартира")],
    }
}

/// The links' secret (`LEAD_ALERTS_SECRET`).
pub const SECRET: &str = "alerts-secret-of-the-tests-0123456789";

async fn send(router: &Router, request: Request<Body>) -> (StatusCode, String) {
    let response = router.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("a body");
    (status, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
}

async fn subscribe(router: &Router, body: Value) -> (StatusCode, Value) {
    let request = Request::post("/api/saved-searches")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let (status, text) = send(router, request).await;
    (status, serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON: {text}")))
}

async fn get(router: &Router, url: &str) -> (StatusCode, String) {
    let path = url.strip_prefix(SITE).unwrap_or(url);
    send(router, Request::get(path).body(Body::empty()).expect("a request")).await
}

fn search(email: &str, lang: &str) -> Value {
    json!({
        "email": email,
        "search": "bedrooms=2&type=Apartment&community=Dubai+Marina&max=150000",
        "category": "rent",
        "lang": lang,
        "page": "/rent",
        "consent": true,
    })
}

/// The confirmation sent for search `id`, parsed.
fn confirmation(outbox: &Path, id: &str) -> Value {
    parse_eml(&outbox.join(format!("{id}-confirm.eml")))
}

/// The link in `text` that starts with `prefix`.
fn link(text: &str, prefix: &str) -> String {
    let at = text.find(prefix).unwrap_or_else(|| panic!("{prefix} in {text}"));
    text[at..].split_whitespace().next().expect("a link").to_owned()
}

async fn flow(store: Arc<dyn Store>) {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let router = app(store.clone(), outbox.path(), 0);

    // Refused: each field's message in the visitor's language; nothing kept or sent.
    let (status, refused) = subscribe(&router, json!({ "email": "not-an-address", "lang": "ru" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert_eq!(refused["fields"]["email"], "Введите корректный адрес электронной почты.");
    assert_eq!(refused["fields"]["consent"], "Подтвердите согласие получать эти письма.");
    let (_, refused) =
        subscribe(&router, json!({ "email": "a@b.ae", "consent": true, "search": "bedrooms=two" })).await;
    assert_eq!(
        refused["fields"]["search"],
        "This search could not be read. Please go back to the results and save it again."
    );
    assert_eq!(std::fs::read_dir(outbox.path()).map(|d| d.count()).unwrap_or(0), 0);

    // Saved: it matches nothing today (said, and saved anyway); the confirmation is in the outbox.
    let (status, saved) = subscribe(&router, search("Aisha@Example.com", "en")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["matches"], 0);
    assert_eq!(
        saved["notice"],
        "No listings match this search today. It is saved anyway: we will email you when one does."
    );
    let id = saved["id"].as_str().expect("an id").to_owned();
    let mail = confirmation(outbox.path(), &id);
    assert_eq!(mail["headers"]["Subject"], "Confirm your saved search");
    // The domain as IDNA writes it (lower case); the local part as typed.
    assert_eq!(mail["headers"]["To"], "Aisha@example.com");
    assert_eq!(mail["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    let unsubscribe = mail["headers"]["List-Unsubscribe"].as_str().expect("List-Unsubscribe");
    assert!(
        unsubscribe.starts_with("<https://palmcrest.example/api/saved-searches/unsubscribe?token="),
        "{unsubscribe}"
    );
    let text = mail["text"].as_str().expect("a text part");
    assert!(
        text.contains("To rent · Apartment · 2 bedrooms · in Dubai Marina · up to AED 150,000"),
        "{text}"
    );
    assert!(text.contains("https://palmcrest.example/rent?bedrooms=2&type=Apartment"), "{text}");
    let confirm = link(text, "https://palmcrest.example/api/saved-searches/confirm?token=");
    assert!(mail["html"].as_str().expect("HTML").contains("lang=\"en\" dir=\"ltr\""));
    // The agents' lead, its criteria in words.
    let lead: Value =
        serde_json::from_slice(&std::fs::read(outbox.path().join(format!("{id}.json"))).expect("the lead"))
            .expect("JSON");
    assert_eq!(lead["form"], "saved-search");
    assert_eq!(lead["email"], "Aisha@Example.com");
    assert!(
        lead["message"].as_str().expect("a message").starts_with("To rent · Apartment · 2 bedrooms"),
        "{lead}"
    );

    // Nothing is confirmed before the link is opened; opened, it is; opened again, it says so.
    let address = store::address_key("aisha@example.com");
    let listed = store.list(&address, store::seconds(std::time::SystemTime::now())).await.expect("listed");
    assert_eq!(listed.len(), 1);
    assert!(listed[0].confirmed_at.is_none() && listed[0].expires_at.is_some());
    assert_eq!(listed[0].consent.text, lead_fn::alerts::words::consent("en"));
    let (status, page) = get(&router, &confirm).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert!(page.contains("<h1>Your search is saved</h1>"), "{page}");
    let listed = store.list(&address, store::seconds(std::time::SystemTime::now())).await.expect("listed");
    assert!(listed[0].confirmed_at.is_some() && listed[0].expires_at.is_none(), "{listed:?}");
    let (status, page) = get(&router, &confirm).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>Already confirmed</h1>"), "{page}");

    // In Arabic: the email and its pages right to left.
    let (_, saved) = subscribe(&router, search("aisha@example.com", "ar")).await;
    let arabic = confirmation(outbox.path(), saved["id"].as_str().expect("an id"));
    assert_eq!(arabic["headers"]["Subject"], "أكّد بحثك المحفوظ");
    assert!(arabic["html"].as_str().expect("HTML").contains("lang=\"ar\" dir=\"rtl\""));
    let text = arabic["text"].as_str().expect("text");
    assert!(text.contains("للإيجار · شقة · غرف النوم: 2 · في دبي مارينا · حتى 150,000 درهم"), "{text}");
    let (_, page) =
        get(&router, &link(text, "https://palmcrest.example/api/saved-searches/confirm?token=")).await;
    assert!(
        page.contains("<html lang=\"ar\" dir=\"rtl\">") && page.contains("<h1>تم حفظ بحثك</h1>"),
        "{page}"
    );

    // The manage page lists both; one-click unsubscribing ends the first.
    let manage = unsubscribe.trim_matches(['<', '>']).replace("/unsubscribe?", "/manage?");
    let (status, page) = get(&router, &manage).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page.matches("<button type=\"submit\">Delete</button>").count(), 2, "{page}");
    let one_click =
        Request::post(unsubscribe.trim_matches(['<', '>']).strip_prefix(SITE).expect("on the site"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from("List-Unsubscribe=One-Click"))
            .expect("a request");
    let (status, page) = send(&router, one_click).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<h1>You are unsubscribed</h1>"), "{page}");
    let listed = store.list(&address, store::seconds(std::time::SystemTime::now())).await.expect("listed");
    assert_eq!(
        listed.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
        [saved["id"].as_str().expect("an id")]
    );
    let (_, page) = get(&router, &confirm).await;
    assert!(page.contains("<h1>This link has expired</h1>"), "a removed search's link opens nothing: {page}");

    // The 11th search of an address is refused (the Arabic one above counts).
    for n in 1..10 {
        let (status, saved) = subscribe(&router, search("aisha@example.com", "en")).await;
        assert_eq!(status, StatusCode::OK, "search {n}: {saved}");
    }
    let (status, refused) = subscribe(&router, search("AISHA@example.com", "en")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused["fields"]["email"],
        "This address already has 10 saved searches. Delete one (the link is in every alert email) to save another."
    );

    // A link past its 48 hours, and one never issued.
    let now = store::seconds(std::time::SystemTime::now());
    let token = store::new_token().expect("a token");
    let old = Subscription {
        id: "old".into(),
        email: "late@example.com".into(),
        lang: "en".into(),
        category: "all".into(),
        criteria: String::new(),
        page: "/".into(),
        consent: Consent {
            text: "…".into(),
            lang: "en".into(),
            at: "2026-01-01T00:00:00.000Z".into(),
            page: "/".into(),
        },
        created_at: now - 49 * 3600,
        confirmed_at: None,
        expires_at: Some(now - 3600),
        tokens: vec![store::token_hash(&token)],
        sent: Vec::new(),
        pending: Vec::new(),
        last_sent_at: None,
    };
    let expired = Token {
        hash: store::token_hash(&token),
        purpose: Purpose::Confirm,
        address: "late@example.com".into(),
        id: "old".into(),
        expires_at: Some(now - 3600),
        used_at: None,
    };
    store.add(&old, &[expired], 10, now - 49 * 3600).await.expect("kept");
    for url in [
        format!("/api/saved-searches/confirm?token={token}"),
        "/api/saved-searches/confirm?token=nothing".into(),
    ] {
        let (status, page) = get(&router, &url).await;
        assert!(status.is_client_error(), "{status}");
        assert!(page.contains("<h1>This link has expired</h1>"), "{page}");
    }

    // What the digest will need: what each search was sent.
    let first = &listed[0];
    let done = store::Digested {
        sent: vec!["a-1".into(), "b-2".into()],
        pending: vec!["c-3".into()],
        sent_at: Some(now),
    };
    store.digested(&address, &first.id, &done).await.expect("marked");
    let listed = store.list(&address, now).await.expect("listed");
    let mut sent = listed.iter().find(|s| s.id == first.id).expect("there").sent.clone();
    sent.sort();
    assert_eq!(sent, ["a-1", "b-2"]);
    let marked = listed.iter().find(|s| s.id == first.id).expect("there");
    assert_eq!((marked.pending.as_slice(), marked.last_sent_at), (["c-3".to_owned()].as_slice(), Some(now)));
    // The manage link is the HMAC of the id under the secret: a digest writes it again.
    let arabic_unsubscribe = arabic["headers"]["List-Unsubscribe"].as_str().expect("the header");
    let derived = store::LinkKey::new(SECRET).manage_token(&first.id);
    assert!(arabic_unsubscribe.contains(&format!("token={derived}&")), "{arabic_unsubscribe}");

    // The manage page's delete: one of the address's searches by its id, with the token of
    // another of them; an id of another address deletes nothing.
    let arabic_link = arabic["headers"]["List-Unsubscribe"].as_str().expect("the header");
    let manage_token =
        arabic_link.split("token=").nth(1).and_then(|t| t.split(['&', '>']).next()).expect("a token");
    let other = listed.iter().find(|s| s.id != first.id).expect("another search").id.clone();
    let delete = |id: &str| {
        Request::post("/api/saved-searches/unsubscribe?lang=en")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from(format!("token={manage_token}&id={id}")))
            .expect("a request")
    };
    let before = store.list(&address, now).await.expect("listed").len();
    let (status, _) = send(&router, delete("old")).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(store.list(&address, now).await.expect("listed").len(), before);
    let (status, _) = send(&router, delete(&other)).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(store.list(&address, now).await.expect("listed").len(), before - 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_searches_against_dynamodb() {
    let server = DynamoDb::start("saved-searches").await;
    let store = Dynamo::new(DynamoSettings {
        table: "saved-searches".into(),
        region: "us-east-1".into(),
        endpoint: Some(server.url.clone()),
        access_key: "testing".into(),
        secret_key: "testing".into(),
        session_token: Some("session".into()),
    });
    flow(Arc::new(store)).await;
    // The items are DynamoDB's own: an unconfirmed search carries the TTL attribute.
    let scanned = server.call("Scan", json!({ "TableName": "saved-searches" })).await.expect("scanned");
    let items = scanned["Items"].as_array().expect("items");
    assert!(items.iter().any(|i| i["pk"]["S"].as_str().is_some_and(|pk| pk.starts_with("TOKEN#"))));
    assert!(items.iter().any(|i| i["sk"]["S"] == "SEARCH#old" && i["expiresAt"]["N"].is_string()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saved_searches_against_the_local_store() {
    let dir = tempfile::tempdir().expect("a temp dir");
    flow(Arc::new(Local::new(dir.path()))).await;
    let file: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("subscriptions.json")).expect("the file"))
            .expect("JSON");
    // The ten of the address, one deleted from its manage page; the expired one dropped.
    assert_eq!(file["subscriptions"].as_array().expect("a list").len(), 9);
    assert!(!dir.path().join(".subscriptions.json.tmp").exists());
}

#[tokio::test]
async fn saving_searches_is_rate_limited_like_enquiries() {
    let (dir, outbox) = (tempfile::tempdir().expect("a dir"), tempfile::tempdir().expect("a dir"));
    let router = app(Arc::new(Local::new(dir.path())), outbox.path(), 1);
    let (status, _) = subscribe(&router, search("one@example.com", "en")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = subscribe(&router, search("two@example.com", "en")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused["code"], "rate_limited");
}

#[tokio::test]
async fn a_plain_form_is_answered_with_a_page_in_the_visitors_language() {
    let (dir, outbox) = (tempfile::tempdir().expect("a dir"), tempfile::tempdir().expect("a dir"));
    let router = app(Arc::new(Local::new(dir.path())), outbox.path(), 0);
    let form = |body: &'static str| {
        Request::post("/api/saved-searches")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .expect("a request")
    };
    let (status, page) = send(
        &router,
        form("email=a%40b.ae&search=bedrooms%3D1&category=all&lang=ru&page=%2Fru%2Fsearch&consent=on"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("<html lang=\"ru\" dir=\"ltr\">") && page.contains("<h1>Проверьте почту</h1>"),
        "{page}"
    );
    assert!(page.contains("href=\"&#x2f;ru&#x2f;search\""), "{page}");
    let (status, page) = send(&router, form("email=a%40b.ae&lang=ar")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        page.contains("<h1>لم يُحفظ بحثك</h1>") && page.contains("يُرجى الموافقة على تلقي هذه الرسائل."),
        "{page}"
    );
}

/// The confirmation through SMTP (aiosmtpd) and both email APIs (a recording server): each
/// carries the one-click unsubscribe headers in its own way, and goes to the subscriber, while
/// the agents' lead goes to the agents.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_mail_sink_carries_the_unsubscribe_headers() {
    use crate::support::{Recorder, SmtpServer};
    use lead_fn::leads::sinks::{EmailApi, Provider, Smtp, SmtpSettings, SmtpTls};
    let smtp = SmtpServer::start(&[]);
    let (postmark, resend) = (Recorder::start(200).await, Recorder::start(200).await);
    let dir = tempfile::tempdir().expect("a dir");
    let settings = SmtpSettings {
        host: "127.0.0.1".into(),
        port: Some(smtp.port),
        tls: SmtpTls::None,
        user: None,
        password: None,
        ca_pem: None,
    };
    let leads = Settings {
        site_url: Some(SITE.into()),
        sinks: vec![
            Sink::Smtp(Smtp::new(&settings).expect("SMTP")),
            Sink::EmailApi(EmailApi::new(Provider::Postmark, "pm".into(), Some(postmark.url.clone()), None)),
            Sink::EmailApi(EmailApi::new(Provider::Resend, "re".into(), Some(resend.url.clone()), None)),
        ],
        saved_searches: Some(Arc::new(Local::new(dir.path()))),
        alerts_key: Some(store::LinkKey::new(SECRET)),
        ..Settings::default()
    };
    let catalogue = Arc::new(Catalogue::fixed(Vec::new()).expect("an empty catalogue"));
    let router = router(Config { leads, ..Config::new(catalogue) });
    let (status, saved) = subscribe(&router, search("omar@example.com", "en")).await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    let messages = smtp.messages();
    let to_subscriber: Vec<&Value> =
        messages.iter().filter(|m| m["rcpt_tos"] == json!(["omar@example.com"])).collect();
    assert_eq!(to_subscriber.len(), 1, "{messages:?}");
    let headers = &to_subscriber[0]["headers"];
    assert!(
        headers["List-Unsubscribe"]
            .as_str()
            .expect("the header")
            .starts_with("<https://palmcrest.example/api/saved-searches/unsubscribe?token=")
    );
    assert_eq!(headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert!(
        messages.iter().any(|m| m["rcpt_tos"] == json!(["agents@localhost"])),
        "the agents' lead: {messages:?}"
    );

    let sent = |recorder: &Recorder, to: &str| {
        recorder
            .requests()
            .into_iter()
            .map(|r| r.json())
            .find(|body| body.to_string().contains(to))
            .expect("sent")
    };
    let postmarked = sent(&postmark, "\"To\":\"omar@example.com\"");
    let names: Vec<&str> = postmarked["Headers"]
        .as_array()
        .expect("Headers")
        .iter()
        .filter_map(|h| h["Name"].as_str())
        .collect();
    assert_eq!(names, ["List-Unsubscribe", "List-Unsubscribe-Post"]);
    let resent = sent(&resend, "\"to\":[\"omar@example.com\"]");
    assert_eq!(resent["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert_eq!(postmark.requests().len(), 2, "the confirmation and the agents' lead");
}
