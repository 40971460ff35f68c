//! The search index the build publishes (`data/search-index.bin`) for the search function: its
//! records are `api/properties.json`'s, byte for byte, which are what the function answered when
//! it read that file (each listing parsed and written again); and the function answers every
//! search alike from the index and from `api/properties.json` alone (a site built before the
//! index, which a function deployed first still reads).

use std::path::Path;
use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use contract::ApiProperty;
use contract::files::{API_PROPERTIES, SEARCH_INDEX, SEARCH_TERMS, relative};
use lead_fn::catalogue::{Snapshot, Source};
use lead_fn::{Catalogue, Config, router};
use serde_json::value::RawValue;
use tower::ServiceExt as _;

use crate::sample_site::dist;
use crate::support::repo;

#[test]
fn the_index_holds_each_listing_s_published_record_as_the_function_answered_it() {
    let dist = dist();
    let text = std::fs::read(dist.join(relative(API_PROPERTIES))).expect("api/properties.json");
    let published: Vec<&RawValue> = serde_json::from_slice(&text).expect("a list");
    let index = std::fs::read(dist.join(relative(SEARCH_INDEX))).expect("data/search-index.bin");
    let snapshot = Snapshot::from_index(&index).expect("an index the function reads");
    assert_eq!(snapshot.listings.len(), published.len());
    assert!(published.len() > 20, "the sample's listings");
    for (number, raw) in published.iter().enumerate() {
        let mut record = Vec::new();
        snapshot.record_into(number, &mut record).expect("inflates");
        assert_eq!(record, raw.get().as_bytes(), "the published record of listing {number}");
        // What the function answered before the index: the listing parsed, and written again.
        let property: ApiProperty = serde_json::from_str(raw.get()).expect("a property");
        assert_eq!(record, serde_json::to_vec(&property).expect("JSON"), "{}", property.id);
        assert_eq!(*snapshot.listings[number].id, property.id);
    }
    // The CDN's rules serve the file as it is, at its path, and call it no JSON.
    let rules = generator::netlify::Rules::load(&repo().join("netlify.toml")).expect("netlify.toml");
    let answer = rules.resolve(dist, SEARCH_INDEX);
    assert_eq!(
        answer,
        generator::netlify::Answer::File { file: dist.join(relative(SEARCH_INDEX)), status: 200 }
    );
    let types: Vec<String> = rules
        .headers_for(SEARCH_INDEX)
        .into_iter()
        .filter(|(name, _)| name.eq_ignore_ascii_case("content-type"))
        .map(|(_, value)| value)
        .collect();
    assert!(types.is_empty(), "{types:?}");
}

/// The searches compared: every endpoint, filters, sorts, pages, and queries in three languages.
const SEARCHES: &[(&str, &str)] = &[
    ("/api/search-properties", "{}"),
    ("/api/search-properties", r#"{"query":"marina"}"#),
    ("/api/search-properties", r#"{"query":"2 bed marina under 3m","sort":"price-desc"}"#),
    ("/api/search-properties", r#"{"query":"villa palm","limit":3,"page":2}"#),
    ("/api/search-properties", r#"{"query":"فيلا للإيجار"}"#),
    ("/api/search-properties", r#"{"query":"квартира Дубай Марина"}"#),
    ("/api/search-properties", r#"{"community":["Dubai Marina","JVC"],"sort":"price-asc"}"#),
    ("/api/search-properties", r#"{"purpose":"rent","furnishing":"furnished"}"#),
    ("/api/search-properties", r#"{"offPlan":true,"completion":"2027"}"#),
    ("/api/search-properties", r#"{"bedrooms":"7+","min":"1000000"}"#),
    ("/api/search-properties", r#"{"area":"1000","areaMax":"3000","bathrooms":2}"#),
    ("/api/search-properties", r#"{"limit":100,"page":1}"#),
    ("/api/search-properties", r#"{"limit":5,"page":99}"#),
    ("/api/properties/residential/search", r#"{"type":"Apartments"}"#),
    ("/api/properties/rent/search", r#"{"cheques":4,"availableFrom":"2027-01-15"}"#),
    ("/api/properties/commercial/search", r#"{"query":"office"}"#),
    ("/api/properties/off-plan/search", r#"{"sort":"price-asc","limit":7}"#),
];

/// Each search's status, paging headers and body from a function over `catalogue`.
async fn answers(catalogue: &Path) -> Vec<(u16, Vec<String>, Vec<u8>)> {
    let mut config = Config::new(Arc::new(Catalogue::new(Source::File(catalogue.to_path_buf()))));
    config.leads.search_rate_limit_per_minute = 0;
    let app = router(config);
    let mut all = Vec::new();
    for (path, body) in SEARCHES {
        let request = Request::post(*path)
            .header("content-type", "application/json")
            .body(Body::from(body.to_string()))
            .expect("a request");
        let response = app.clone().oneshot(request).await.expect("an answer");
        let headers = ["x-total-count", "x-page", "x-per-page"].map(|name| {
            response.headers().get(name).map_or(String::new(), |v| v.to_str().unwrap().to_owned())
        });
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), 2 << 20).await.expect("a body");
        all.push((status, headers.to_vec(), body.to_vec()));
    }
    all
}

#[tokio::test]
async fn every_search_is_answered_alike_from_the_index_and_from_api_properties_json_alone() {
    let dist = dist();
    // The same site without its index, as a site built before it was published.
    let older = tempfile::tempdir().expect("a temporary folder");
    for file in [API_PROPERTIES, SEARCH_TERMS] {
        let to = older.path().join(relative(file));
        std::fs::create_dir_all(to.parent().expect("a folder")).expect("a folder");
        std::fs::copy(dist.join(relative(file)), to).expect("a copy");
    }
    let indexed = answers(&dist.join(relative(API_PROPERTIES))).await;
    let alone = answers(&older.path().join(relative(API_PROPERTIES))).await;
    for (((path, body), with_index), without) in SEARCHES.iter().zip(&indexed).zip(&alone) {
        assert_eq!(with_index.0, 200, "{path} {body}: {}", String::from_utf8_lossy(&with_index.2));
        assert_eq!(with_index, without, "{path} {body}");
    }
    // The searches find something, and not always everything.
    let totals: Vec<usize> =
        indexed.iter().map(|(_, headers, _)| headers[0].parse().expect("a count")).collect();
    assert!(totals.iter().filter(|&&n| n > 0).count() >= SEARCHES.len() - 4, "{totals:?}");
    assert!(totals.iter().any(|&n| n < totals[0]), "{totals:?}");
}
