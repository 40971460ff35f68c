//! The search endpoints answer one page: `page`, `limit` and `sort`, the total in a header,
//! never over a megabyte whatever the catalogue.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use contract::ApiProperty;
use contract::endpoints::{SEARCH_DEFAULT_LIMIT, SEARCH_MAX_ANSWER_BYTES, SEARCH_MAX_LIMIT};
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

/// `count` listings, newest first (`p0` the newest), `p{n}` priced `(n % 7 + 1)` million, every
/// tenth without a price; each description `padding` bytes long.
fn listings(count: usize, padding: usize) -> Vec<ApiProperty> {
    (0..count)
        .map(|n| {
            serde_json::from_value(json!({
                "_id": format!("p{n}"), "id": format!("p{n}"), "title": format!("Flat {n}"),
                "mainCategory": "Residential", "subCategory": "Apartment", "Images": [],
                "location": "Dubai Marina", "bedrooms": 2, "area": 1000,
                "price": if n % 10 == 9 { None } else { Some((n % 7 + 1) as u64 * 1_000_000) },
                "featured": false, "createdAt": "2026-01-01T00:00:00+04:00",
                "description": "x".repeat(padding), "url": format!("/property/p{n}"),
            }))
            .expect("a valid property")
        })
        .collect()
}

async fn search(config: Config, query: &str, body: Value) -> (StatusCode, HeaderMap, usize, Value) {
    let request = Request::post(format!("/api/search-properties{query}"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let response = router(config).oneshot(request).await.expect("the router answers");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 64 << 20).await.expect("a body");
    (status, headers, bytes.len(), serde_json::from_slice(&bytes).expect("JSON"))
}

fn config(properties: Vec<ApiProperty>) -> Config {
    Config::new(Arc::new(Catalogue::fixed(properties).expect("serialisable")))
}

fn ids(answer: &Value) -> Vec<&str> {
    answer.as_array().expect("an array").iter().map(|p| p["id"].as_str().expect("an id")).collect()
}

fn header(headers: &HeaderMap, name: &str) -> usize {
    headers[name].to_str().expect("text").parse().expect("a number")
}

#[tokio::test]
async fn the_request_the_site_always_sent_gets_the_first_page_and_the_total() {
    let (status, headers, _, answer) = search(config(listings(60, 0)), "", json!({ "query": "flat" })).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let expected: Vec<String> = (0..SEARCH_DEFAULT_LIMIT).map(|n| format!("p{n}")).collect();
    assert_eq!(ids(&answer), expected);
    assert_eq!(header(&headers, "x-total-count"), 60);
    assert_eq!(header(&headers, "x-page"), 1);
    assert_eq!(header(&headers, "x-per-page"), SEARCH_DEFAULT_LIMIT);
}

#[tokio::test]
async fn pages_follow_each_other_to_an_empty_one_after_the_last() {
    let all = listings(25, 0);
    let mut seen = Vec::new();
    for page in 1..=4 {
        let (status, headers, _, answer) =
            search(config(all.clone()), "", json!({ "page": page, "limit": "10" })).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(header(&headers, "x-total-count"), 25);
        assert_eq!(header(&headers, "x-page"), page);
        let found = ids(&answer);
        assert_eq!(found.len(), [10, 10, 5, 0][page - 1], "page {page}");
        seen.extend(found.into_iter().map(str::to_owned));
    }
    let expected: Vec<String> = (0..25).map(|n| format!("p{n}")).collect();
    assert_eq!(seen, expected);
    // In the query string too, the body winning.
    let (_, _, _, answer) = search(config(all.clone()), "?page=3&limit=10", json!({})).await;
    assert_eq!(ids(&answer), ["p20", "p21", "p22", "p23", "p24"]);
    let (_, _, _, answer) = search(config(all), "?page=3&limit=10", json!({ "page": 1, "limit": 2 })).await;
    assert_eq!(ids(&answer), ["p0", "p1"]);
}

#[tokio::test]
async fn a_limit_over_the_most_is_the_most_and_bad_paging_is_refused() {
    let (status, headers, _, answer) = search(config(listings(150, 0)), "", json!({ "limit": 5000 })).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ids(&answer).len(), SEARCH_MAX_LIMIT);
    assert_eq!(header(&headers, "x-per-page"), SEARCH_MAX_LIMIT);
    for (body, error) in [
        (json!({ "page": 0 }), "page must be 1 or more"),
        (json!({ "limit": 0 }), "limit must be 1 or more"),
        (json!({ "page": "two" }), r#"page must be a whole number, not "two""#),
        (
            json!({ "sort": "cheapest" }),
            r#"sort must be one of newest, price-asc, price-desc, not "cheapest""#,
        ),
        (json!({ "page": [1] }), "the body is not a JSON search: page must be text or a number"),
    ] {
        let (status, _, _, answer) = search(config(listings(3, 0)), "", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(answer["error"], error, "{body}");
    }
}

#[tokio::test]
async fn pages_sort_by_price_with_the_unpriced_last() {
    let all = listings(20, 0);
    let prices = |answer: &Value| -> Vec<Option<u64>> {
        answer.as_array().expect("an array").iter().map(|p| p["price"].as_u64()).collect()
    };
    let (_, _, _, answer) =
        search(config(all.clone()), "", json!({ "sort": "price-asc", "limit": 20 })).await;
    let found = prices(&answer);
    assert_eq!(found.len(), 20);
    assert!(found[..18].is_sorted(), "{found:?}");
    assert_eq!(found[18..], [None, None]);
    // Equal prices keep the newest first.
    assert_eq!(ids(&answer)[..3], ["p0", "p7", "p14"]);
    let (_, _, _, answer) = search(config(all), "", json!({ "sort": "price-desc", "limit": 20 })).await;
    let found = prices(&answer);
    assert!(found[..18].iter().rev().is_sorted(), "{found:?}");
    assert_eq!(found[18..], [None, None]);
}

#[tokio::test]
async fn no_answer_is_over_a_megabyte_whatever_the_listings_size() {
    // 60 KB a listing: a page of the most would be 6 MB.
    let (status, headers, bytes, answer) =
        search(config(listings(120, 60_000)), "", json!({ "limit": SEARCH_MAX_LIMIT })).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes <= SEARCH_MAX_ANSWER_BYTES, "{bytes} bytes");
    let per_page = header(&headers, "x-per-page");
    assert_eq!(ids(&answer).len(), per_page);
    assert!((10..SEARCH_MAX_LIMIT).contains(&per_page), "{per_page}");
    assert_eq!(header(&headers, "x-total-count"), 120);
    // The next page starts where this one ended.
    let (_, _, _, second) =
        search(config(listings(120, 60_000)), "", json!({ "limit": SEARCH_MAX_LIMIT, "page": 2 })).await;
    assert_eq!(ids(&second)[0], format!("p{per_page}"));
}

/// A request from `ip` to `path`, as the Lambda host hands it over (the peer's address in the
/// request's extensions).
fn from(ip: &str, path: &str, body: &str) -> Request<Body> {
    let mut request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_owned()))
        .expect("a request");
    let peer = lead_fn::leads::ratelimit::PeerAddr(ip.parse().expect("an address"));
    request.extensions_mut().insert(peer);
    request
}

#[tokio::test]
async fn searches_have_their_own_limit_per_client_apart_from_leads() {
    let mut config = config(listings(3, 0));
    config.leads.search_rate_limit_per_minute = 3;
    config.leads.rate_limit_per_minute = 1;
    let app = router(config);
    let send = |request: Request<Body>| app.clone().oneshot(request);
    for _ in 0..3 {
        let response = send(from("203.0.113.7", "/api/search-properties", "{}")).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::OK);
    }
    let refused = send(from("203.0.113.7", "/api/properties/rent/search", "{}")).await.expect("an answer");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.headers()["retry-after"], "20");
    assert_eq!(refused.headers()["content-type"], "application/json");
    let body = axum::body::to_bytes(refused.into_body(), 1 << 16).await.expect("a body");
    let body: Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(
        (body["ok"].clone(), body["code"].clone(), body["retryAfter"].clone()),
        (json!(false), json!("rate_limited"), json!(20))
    );
    // Another client searches; the limited one's lead is not counted against its searches.
    let other = send(from("203.0.113.8", "/api/search-properties", "{}")).await.expect("an answer");
    assert_eq!(other.status(), StatusCode::OK);
    let lead = send(from("203.0.113.7", "/api/contact-user", "{}")).await.expect("an answer");
    assert_ne!(lead.status(), StatusCode::TOO_MANY_REQUESTS, "the lead's own allowance is untouched");
    // And a client out of leads (one a minute here) still searches.
    let lead = send(from("203.0.113.8", "/api/contact-user", "{}")).await.expect("an answer");
    assert_ne!(lead.status(), StatusCode::TOO_MANY_REQUESTS);
    let lead = send(from("203.0.113.8", "/api/contact-user", "{}")).await.expect("an answer");
    assert_eq!(lead.status(), StatusCode::TOO_MANY_REQUESTS);
    let search = send(from("203.0.113.8", "/api/search-properties", "{}")).await.expect("an answer");
    assert_eq!(search.status(), StatusCode::OK);
}

#[tokio::test]
async fn hostile_bodies_of_the_most_bytes_are_answered_from_their_cut_values() {
    let values = vec!["marena jumeira 1 000 000 ".repeat(40); 16];
    let hostile = [
        json!({ "community": values }),
        json!({ "community": format!("1{}", " 000".repeat(4000)) }),
        json!({ "query": "marena jumeira 1m-3m studio ".repeat(550) }),
    ];
    for body in hostile {
        let text = body.to_string();
        assert!(text.len() <= 16 * 1024, "{}", text.len());
        let (status, headers, _, _) = search(config(listings(30, 0)), "", body).await;
        assert_eq!(status, StatusCode::OK);
        assert!(headers.contains_key("x-total-count"));
    }
}
