//! A seller lead's instant valuation: the function estimates the home itself from the site's
//! published `data/valuation/{key}.json`, read as `estate serve` gives it (a file beside
//! `api/properties.json`) and as Lambda does (the deployed site's address), whatever figures the
//! page sends; without the figures the lead still goes, saying why.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::response::IntoResponse as _;
use lead_fn::catalogue::Source;
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

/// `data/valuation/marina.json` as the generator publishes it: 2-bedroom apartments with 120
/// sales (AED 1,612 / 1,777 / 1,999 per sqft) and rents (AED 109 per sqft a year).
fn marina() -> Value {
    json!({
        "community": "marina", "name": "Dubai Marina", "from": "2025-11", "to": "2026-10",
        "figures": [
            { "kind": "apartment", "bedrooms": null, "sales": 412, "low": 1510, "median": 1720, "high": 1950, "rents": 380, "rentMedian": 118 },
            { "kind": "apartment", "bedrooms": 2, "sales": 120, "low": 1612, "median": 1777, "high": 1999, "rents": 95, "rentMedian": 109 },
            { "kind": "villa", "bedrooms": null, "sales": 4, "low": null, "median": null, "high": null, "rents": 0, "rentMedian": null }
        ]
    })
}

/// A published site with the marina's figures (and a file that is not a community's, to reach).
fn site(root: &Path) {
    std::fs::create_dir_all(root.join("api")).expect("api/");
    std::fs::create_dir_all(root.join("data/valuation")).expect("data/valuation/");
    std::fs::write(root.join("api/properties.json"), "[]").expect("the catalogue");
    std::fs::write(root.join("data/valuation/marina.json"), marina().to_string()).expect("the figures");
    std::fs::write(root.join("secret.json"), marina().to_string()).expect("a file outside");
}

fn function(source: Source, outbox: &Path) -> axum::Router {
    let vars: HashMap<String, String> = [
        ("LEAD_OUTBOX_DIR", outbox.display().to_string()),
        ("LEAD_RATE_LIMIT_PER_MINUTE", "0".to_owned()),
        ("LEAD_SITE_URL", "https://palmcrest.example".to_owned()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    let mut config = Config::from_env(|name| vars.get(name).cloned()).expect("valid settings");
    config.catalogue = Arc::new(Catalogue::new(source));
    router(config)
}

/// Sends a seller lead with `valuation`; answers the record and the email kept in the outbox.
async fn seller(router: &axum::Router, outbox: &Path, valuation: Value) -> (Value, String) {
    let body = json!({ "form": "seller", "name": "Omar", "email": "omar@example.com",
                       "contactNumber": "+971501234567", "valuation": valuation });
    let request = Request::post("/api/contact-user")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = router.clone().oneshot(request).await.expect("an answer");
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("a body");
    let answer: Value = serde_json::from_slice(&bytes).expect("JSON");
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["id"].as_str().expect("an id");
    let record =
        serde_json::from_slice(&std::fs::read(outbox.join(format!("{id}.json"))).expect("the record"))
            .expect("JSON");
    let email = String::from_utf8(std::fs::read(outbox.join(format!("{id}.eml"))).expect("the email"))
        .expect("UTF-8");
    (record, email)
}

/// The email's text part, its quoted-printable soft breaks undone.
fn text(email: &str) -> String {
    email.replace("=\r\n", "").replace("=\n", "")
}

async fn the_function_estimates_the_home(source: Source, outbox: &Path) {
    let router = function(source, outbox);
    // A page's own figures (absurd ones, as a hostile client writes them) are ignored.
    let (record, email) = seller(
        &router,
        outbox,
        json!({ "community": "marina", "kind": "apartment", "bedrooms": 2, "sqft": 1250,
                "low": 1, "high": 18_446_744_073_709_551_615_u64, "median": 5, "from": "2026-13", "to": "x" }),
    )
    .await;
    assert_eq!(
        record["valuation"],
        json!({ "community": "marina", "communityName": "Dubai Marina", "kind": "apartment", "bedrooms": 2, "sqft": 1250,
                "estimate": { "outcome": "estimated", "low": 2_015_000, "median": 2_221_000, "high": 2_499_000,
                              "rent": 136_000, "grossYield": 6.1, "sales": 120, "from": "2025-11", "to": "2026-10" } })
    );
    let email = text(&email);
    assert!(email.contains("Dubai Marina, apartment, 2 bedrooms, 1,250 sqft"), "{email}");
    assert!(email.contains("2,015,000 - 2,499,000 AED"), "{email}");
    assert!(email.contains("120 sales, 2025-11 to 2026-10"), "{email}");
    assert!(!email.contains("18,446,744") && !email.contains("2026-13"), "{email}");

    // Too few sales of the kind: the lead goes, the email says why there is no estimate.
    let (record, email) = seller(
        &router,
        outbox,
        json!({ "community": "marina", "kind": "villa", "bedrooms": 4, "sqft": 4000 }),
    )
    .await;
    assert_eq!(record["valuation"]["estimate"], json!({ "outcome": "too-few-sales", "sales": 4 }));
    assert!(
        text(&email).contains("No estimate: 4 comparable sales in the last 12 months, fewer than 10."),
        "{email}"
    );

    // No figures for the community, or a name that is no key (a way out of data/valuation/):
    // the lead goes, without an estimate.
    for community in ["jvc", "../../secret", "Dubai Marina"] {
        let (record, email) = seller(
            &router,
            outbox,
            json!({ "community": community, "kind": "apartment", "bedrooms": 1, "sqft": 800 }),
        )
        .await;
        assert_eq!(record["valuation"]["estimate"], json!({ "outcome": "unavailable" }), "{community}");
        assert_eq!(record["valuation"].get("communityName"), None, "{community}");
        assert!(
            text(&email).contains("No estimate: the site's figures for this community could not be read"),
            "{email}"
        );
    }
}

#[tokio::test]
async fn beside_a_local_site_as_estate_serve_runs_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    site(&dir.path().join("dist"));
    let source = Source::File(dir.path().join("dist/api/properties.json"));
    the_function_estimates_the_home(source, &dir.path().join("outbox")).await;
}

#[tokio::test]
async fn from_the_deployed_sites_address_as_lambda_runs_it() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let root = dir.path().join("dist");
    site(&root);
    // The deployed site: its files over HTTP on loopback.
    let files = axum::Router::new().fallback(move |uri: axum::http::Uri| {
        let file = root.join(uri.path().trim_start_matches('/'));
        async move {
            match std::fs::read(file) {
                Ok(bytes) => (StatusCode::OK, bytes).into_response(),
                Err(_) => StatusCode::NOT_FOUND.into_response(),
            }
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let address = listener.local_addr().expect("its address");
    tokio::spawn(async move { axum::serve(listener, files).await });
    let source = Source::Url {
        url: format!("http://{address}/api/properties.json"),
        refresh: std::time::Duration::from_secs(60),
    };
    the_function_estimates_the_home(source, &dir.path().join("outbox")).await;
}
