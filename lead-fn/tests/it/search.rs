//! The search endpoints through the router, as a client calls them.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use contract::ApiProperty;
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};
use tower::ServiceExt as _;

fn property(
    id: &str,
    category: &str,
    sub: &str,
    location: &str,
    bedrooms: Option<u32>,
    area: Option<u32>,
) -> ApiProperty {
    serde_json::from_value(json!({
        "_id": id, "id": id, "title": format!("{sub} in {location}"), "mainCategory": category,
        "subCategory": sub, "Images": [], "location": location, "bedrooms": bedrooms, "area": area,
        "price": 1_000_000, "featured": false, "createdAt": "2026-01-01T00:00:00+04:00",
        "description": if id == "a2" { "<p>A quiet <em>garden</em> home near the cafe, plot 42.</p>" } else { "" },
        "url": format!("/property/{id}"), "reference": format!("REF-{id}"),
        "translations": translations(location)
    }))
    .expect("a valid property")
}

/// The community's Arabic and Russian names, as the generator writes them from the vocabulary.
fn translations(location: &str) -> Value {
    match location {
        "Dubai Marina" => json!({ "ar": { "location": "دبي مارينا" }, "ru": { "location": "Дубай Марина" } }),
        "Arabian Ranches" => json!({ "ar": { "location": "المرابع العربية" } }),
        _ => json!({}),
    }
}

fn catalogue() -> Config {
    let properties = vec![
        property("a1", "Residential", "Apartment", "Dubai Marina", Some(2), Some(1200)),
        property("a2", "Residential", "Villa", "Arabian Ranches", Some(5), Some(4200)),
        property("a3", "Residential", "Penthouse", "Downtown Dubai", Some(8), Some(6000)),
        property("c1", "Commercial", "Shop", "Business Bay", None, Some(800)),
        property("c2", "Commercial", "Office", "Business Bay", None, Some(2500)),
        property("o1", "OffPlan", "Plot", "Dubai Hills", None, Some(3000)),
        property("r1", "Rental", "Apartment", "Dubai Marina", Some(1), Some(700)),
    ];
    Config::new(Arc::new(Catalogue::fixed(properties).expect("serialisable")))
}

async fn post(uri: &str, content_type: Option<&str>, body: &str) -> (StatusCode, Value) {
    post_to(catalogue(), uri, content_type, body).await
}

async fn post_to(config: Config, uri: &str, content_type: Option<&str>, body: &str) -> (StatusCode, Value) {
    let mut request = Request::post(uri);
    if let Some(content_type) = content_type {
        request = request.header("content-type", content_type);
    }
    let request = request.body(Body::from(body.to_owned())).expect("a request");
    let response = router(config).oneshot(request).await.expect("the router answers");
    let status = response.status();
    assert_eq!(response.headers()["content-type"], "application/json");
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("a body");
    (status, serde_json::from_slice(&bytes).expect("JSON"))
}

async fn ids(uri: &str, body: Value) -> Vec<String> {
    let (status, answer) = post(uri, Some("application/json"), &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer.as_array().expect("an array").iter().map(|p| p["id"].as_str().expect("an id").to_owned()).collect()
}

#[tokio::test]
async fn general_search_reads_query_and_type_across_categories() {
    assert_eq!(ids("/api/search-properties", json!({ "query": "business bay" })).await, ["c1", "c2"]);
    assert_eq!(ids("/api/search-properties", json!({ "type": "Apartments" })).await, ["a1", "r1"]);
    assert_eq!(
        ids("/api/search-properties", json!({ "query": "marina", "type": "apartment" })).await,
        ["a1", "r1"]
    );
    // Words may come in any order, any case, and a listing needs every one of them (those with
    // 'Dubai' alone are not found); newest first among equals.
    assert_eq!(ids("/api/search-properties", json!({ "query": "MARINA dubai" })).await, ["a1", "r1"]);
    assert!(ids("/api/search-properties", json!({ "query": "marina villa" })).await.is_empty());
    // A word only in a description ranks below the same word in a title (a2 is newer than o1).
    assert_eq!(ids("/api/search-properties", json!({ "query": "plot" })).await, ["o1", "a2"]);
    // The reference and the translated location are searched too.
    // ('REF' starts every reference: only the one with both words is found.)
    assert_eq!(ids("/api/search-properties", json!({ "query": "ref-o1" })).await, ["o1"]);
    assert_eq!(ids("/api/search-properties", json!({ "query": "المرابع", "type": "Villa" })).await, ["a2"]);
}

#[tokio::test]
async fn category_endpoints_keep_to_their_category() {
    assert_eq!(ids("/api/properties/residential/search", json!({ "query": "dubai" })).await, ["a1", "a3"]);
    assert_eq!(ids("/api/properties/rent/search", json!({ "query": "marina" })).await, ["r1"]);
    assert_eq!(ids("/api/properties/commercial/search", json!({ "type": "Shop" })).await, ["c1"]);
    assert_eq!(ids("/api/properties/off-plan/search", json!({ "area": "1000" })).await, ["o1"]);
}

#[tokio::test]
async fn bedrooms_are_exact_and_seven_means_seven_or_more() {
    let residential = "/api/properties/residential/search";
    assert_eq!(ids(residential, json!({ "bedrooms": "2" })).await, ["a1"]);
    assert_eq!(ids(residential, json!({ "bedrooms": 5 })).await, ["a2"]);
    assert_eq!(ids(residential, json!({ "bedrooms": "7" })).await, ["a3"]);
    assert_eq!(ids(residential, json!({ "bedrooms": "7+" })).await, ["a3"]);
    assert!(ids(residential, json!({ "bedrooms": "3" })).await.is_empty());
}

#[tokio::test]
async fn community_is_the_whole_location_ignoring_case() {
    assert_eq!(ids("/api/search-properties", json!({ "community": "dubai marina" })).await, ["a1", "r1"]);
    assert_eq!(ids("/api/properties/rent/search?community=Dubai%20Marina", json!({})).await, ["r1"]);
    assert!(ids("/api/search-properties", json!({ "community": "Marina" })).await.is_empty());
}

#[tokio::test]
async fn arabic_and_russian_community_names_find_their_listings() {
    // In the search text, as a visitor types them...
    assert_eq!(ids("/api/search-properties", json!({ "query": "دبي مارينا" })).await, ["a1", "r1"]);
    assert_eq!(ids("/api/search-properties", json!({ "query": "Дубай Марина" })).await, ["a1", "r1"]);
    assert_eq!(ids("/api/search-properties", json!({ "query": "дубай марина" })).await, ["a1", "r1"]);
    // ...and as the 'Area' dropdown's community, in any of the listing's languages.
    assert_eq!(ids("/api/search-properties", json!({ "community": "دبي مارينا" })).await, ["a1", "r1"]);
    assert_eq!(ids("/api/properties/rent/search?community=%D0%94%D1%83%D0%B1%D0%B0%D0%B9%20%D0%9C%D0%B0%D1%80%D0%B8%D0%BD%D0%B0", json!({})).await, ["r1"]);
    assert!(ids("/api/search-properties", json!({ "community": "مارينا" })).await.is_empty());
}

#[tokio::test]
async fn area_is_a_minimum_in_square_feet() {
    assert_eq!(ids("/api/properties/commercial/search", json!({ "area": 1000 })).await, ["c2"]);
    assert_eq!(
        ids("/api/properties/commercial/search", json!({ "area": "500", "query": "bay" })).await,
        ["c1", "c2"]
    );
}

#[tokio::test]
async fn the_query_string_counts_and_the_body_wins() {
    let (status, answer) = post("/api/properties/commercial/search?query=bay&type=Office", None, "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer[0]["id"], "c2");
    assert_eq!(answer.as_array().map(Vec::len), Some(1));
    // The site's clients repeat the criteria in both places; the body's value is used.
    let both = ids(
        "/api/properties/commercial/search?query=bay&type=Office",
        json!({ "query": "bay", "type": "Shop" }),
    );
    assert_eq!(both.await, ["c1"]);
    // Empty values in the body are no criterion.
    assert_eq!(
        ids("/api/search-properties", json!({ "query": "", "type": "Plot", "area": null })).await,
        ["o1"]
    );
}

#[tokio::test]
async fn answers_are_the_published_records() {
    let (_, answer) = post("/api/search-properties", Some("application/json"), r#"{"type":"Plot"}"#).await;
    let record = &answer[0];
    assert_eq!(record["_id"], "o1");
    assert_eq!(record["mainCategory"], "OffPlan");
    assert_eq!(record["Images"], json!([]));
    assert_eq!(record["url"], "/property/o1");
}

/// A record's `picture` (the card's photo with its variants, which the result cards draw) comes
/// through as `api/properties.json` has it; a record of an older build, without one, has none.
#[tokio::test]
async fn answers_carry_the_cards_picture_as_published() {
    let picture = json!({
        "src": "/media/properties/a1.jpg", "width": 1600, "height": 1067, "color": "#8899aa",
        "webp": "/media/_img/0a29-400.webp 400w, /media/_img/0a29-800.webp 800w"
    });
    let mut with =
        serde_json::to_value(property("a1", "Residential", "Apartment", "Dubai Marina", Some(2), None))
            .expect("a record");
    with["Images"] = json!(["/media/properties/a1.jpg"]);
    with["picture"] = picture.clone();
    let with: ApiProperty = serde_json::from_value(with).expect("a record with a picture");
    let without = property("r1", "Rental", "Apartment", "Dubai Marina", Some(1), None);
    let config = Config::new(Arc::new(Catalogue::fixed(vec![with, without]).expect("serialisable")));
    let (status, answer) =
        post_to(config, "/api/search-properties", Some("application/json"), r#"{"query":"marina"}"#).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let by_id =
        |id: &str| answer.as_array().expect("an array").iter().find(|p| p["id"] == id).expect(id).clone();
    assert_eq!(by_id("a1")["picture"], picture);
    assert!(by_id("r1").get("picture").is_none());
}

#[tokio::test]
async fn bad_searches_get_a_clear_4xx() {
    let (status, answer) = post("/api/search-properties", Some("application/json"), "{not json").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["error"].as_str().is_some_and(|e| e.contains("not a JSON search")), "{answer}");

    let (status, answer) =
        post("/api/search-properties", Some("application/json"), r#"{"bedrooms":"many"}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], r#"bedrooms must be a whole number, not "many""#);

    // A rental's terms: 1 to 12 cheques, a day.
    let (status, answer) =
        post("/api/properties/rent/search", Some("application/json"), r#"{"cheques":13}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["error"], "cheques must be 1 to 12, not 13");
    for day in ["2027-01", "2027-13-01", "15/01/2027"] {
        let body = format!(r#"{{"availableFrom":"{day}"}}"#);
        let (status, answer) = post("/api/properties/rent/search", Some("application/json"), &body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{day}");
        assert_eq!(answer["error"], format!("availableFrom must be a day (2027-01-15), not \"{day}\""));
    }
    let (status, _) = post(
        "/api/properties/rent/search",
        Some("application/json"),
        r#"{"cheques":"4","availableFrom":"2027-01-15"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    let (status, _) = post("/api/search-properties", Some("text/plain"), "query=bay").await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);

    let (status, _) = post("/api/search-properties", Some("application/json"), r#"[1,2]"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let huge = format!(r#"{{"query":"{}"}}"#, "a".repeat(1 << 20));
    let (status, answer) = post("/api/search-properties", Some("application/json"), &huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer["error"], "the search is too large (16 KB at most)");

    // A category the function does not know is a JSON 404.
    let (status, answer) = post("/api/properties/villas/search", Some("application/json"), "{}").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["error"], "not found");
}

#[tokio::test]
async fn descriptions_accents_and_arabic_digits_are_searched() {
    // Words of the description match too (a2's is the only one with a text).
    assert_eq!(ids("/api/search-properties", json!({ "query": "quiet garden" })).await, ["a2"]);
    assert_eq!(ids("/api/search-properties", json!({ "query": "CAFÉ" })).await, ["a2"]);
    assert_eq!(ids("/api/search-properties", json!({ "query": "٤٢" })).await, ["a2"]);
}

/// The search endpoints.
const ENDPOINTS: [&str; 5] = [
    "/api/search-properties",
    "/api/properties/residential/search",
    "/api/properties/commercial/search",
    "/api/properties/off-plan/search",
    "/api/properties/rent/search",
];

#[tokio::test]
async fn a_query_with_a_word_no_listing_has_finds_nothing_in_every_endpoint() {
    // The issue's query: its word 'home' alone (in a2's description) used to find a2.
    for endpoint in ENDPOINTS {
        let found = ids(endpoint, json!({ "query": "zqxjv-no-such-home-4711" })).await;
        assert!(found.is_empty(), "{endpoint}: {found:?}");
        assert!(ids(endpoint, json!({ "query": "garden 4711" })).await.is_empty(), "{endpoint}");
    }
    assert_eq!(ids("/api/properties/residential/search", json!({ "query": "garden home" })).await, ["a2"]);
}

/// Listings named as the sample's are, with Arabic and Russian titles and locations, newest
/// first.
fn named_listings() -> Config {
    let listing = |id: &str,
                   [main, sub]: [&str; 2],
                   [title, location, description]: [&str; 3],
                   ar: [&str; 2],
                   ru: [&str; 2]| {
        serde_json::from_value::<ApiProperty>(json!({
            "_id": id, "id": id, "title": title, "mainCategory": main, "subCategory": sub,
            "Images": [], "location": location, "bedrooms": 4, "area": 4000, "price": 1_000_000,
            "featured": false, "createdAt": "2026-01-01T00:00:00+04:00", "description": description,
            "url": format!("/property/{id}"),
            "translations": {
                "ar": { "title": ar[0], "location": ar[1] },
                "ru": { "title": ru[0], "location": ru[1] }
            }
        }))
        .expect("a valid property")
    };
    let properties = vec![
        listing(
            "marina-podium-shop",
            ["Commercial", "Shop"],
            ["Podium shop on the Marina walk", "Dubai Marina", "<p>Next to the Marina Gate towers.</p>"],
            ["محل على ممشى المارينا", "دبي مارينا"],
            ["Магазин на набережной Марины", "Дубай Марина"],
        ),
        listing(
            "marina-gate",
            ["Residential", "Apartment"],
            ["Marina Gate two-bedroom with sea view", "Dubai Marina", ""],
            ["شقة بغرفتي نوم في مارينا جيت", "دبي مارينا"],
            ["Квартира с двумя спальнями в Marina Gate", "Дубай Марина"],
        ),
        listing(
            "hills-villa",
            ["Residential", "Villa"],
            ["Sidra villa", "Dubai Hills Estate", "<p>A gated community by the park.</p>"],
            ["فيلا سدرة", "دبي هيلز استيت"],
            ["Вилла Сидра", "Дубай Хиллс Эстейт"],
        ),
        listing(
            "palm-villa",
            ["Residential", "Villa"],
            ["Garden villa", "Palm Jumeirah", "<p>A villa with a garden on the frond.</p>"],
            ["فيلا بحديقة", "نخلة جميرا"],
            ["Вилла с садом", "Пальма Джумейра"],
        ),
        listing(
            "palm-apartment",
            ["Residential", "Apartment"],
            ["Beachfront apartment", "Palm Jumeirah", ""],
            ["شقة على الشاطئ", "نخلة جميرا"],
            ["Квартира у пляжа", "Пальма Джумейра"],
        ),
    ];
    Config::new(Arc::new(Catalogue::fixed(properties).expect("serialisable")))
}

/// The ids `query` finds among [`named_listings`].
async fn found(query: &str) -> Vec<String> {
    let body = json!({ "query": query }).to_string();
    let (status, answer) =
        post_to(named_listings(), "/api/search-properties", Some("application/json"), &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer.as_array().expect("an array").iter().map(|p| p["id"].as_str().expect("an id").to_owned()).collect()
}

#[tokio::test]
async fn a_listing_is_found_only_with_every_word_in_any_language() {
    // Both words in the names first; the shop has 'Gate' only in its description. The villa in
    // a 'gated community' has no 'Marina'.
    assert_eq!(found("Marina Gate").await, ["marina-gate", "marina-podium-shop"]);
    assert_eq!(found("palm villa").await, ["palm-villa"]);
    assert_eq!(found("فيلا نخلة").await, ["palm-villa"]);
    assert_eq!(found("مارينا جيت").await, ["marina-gate"]);
    assert_eq!(found("вилла пальма").await, ["palm-villa"]);
    assert_eq!(found("квартира марина").await, ["marina-gate"]);
    assert!(found("palm shop").await.is_empty());
    assert!(found("zqxjv-no-such-home-4711").await.is_empty());
}

#[tokio::test]
async fn one_letter_words_and_stop_words_are_not_required() {
    let palm_villa = found("palm villa").await;
    for query in [
        "villa in the palm",
        "A villa for the Palm, with a garden",
        "فيلا في نخلة جميرا",
        "вилла на Пальма Джумейра",
    ] {
        assert_eq!(found(query).await, palm_villa, "{query}");
    }
    // A query of ignored words only is no criterion, like an empty one.
    let everything = found("").await;
    assert_eq!(everything.len(), 5);
    for query in ["the", "a", "في", "на и"] {
        assert_eq!(found(query).await, everything, "{query}");
    }
}

/// The cases the browser's rules run too (site/src/search/rules.test.ts).
#[test]
fn type_options_match_the_shared_vectors() {
    let vectors: Value = serde_json::from_str(include_str!("../search-vectors.json")).expect("valid JSON");
    for case in vectors["types"].as_array().expect("a list of types") {
        let (option, sub_category) =
            (case["option"].as_str().expect("option"), case["subCategory"].as_str().expect("subCategory"));
        let same =
            lead_fn::catalogue::normalise_type(option) == lead_fn::catalogue::normalise_type(sub_category);
        assert_eq!(same, case["same"].as_bool().expect("same"), "{option:?} and {sub_category:?}");
    }
}

/// The filters' cases the browser runs too (site/src/search/filters.test.ts), and the categories'
/// the site leaves to the endpoints: a listing with the case's facts, searched with the case's
/// filter as a search body.
#[test]
fn filters_match_the_shared_vectors() {
    let vectors: Value = serde_json::from_str(include_str!("../search-vectors.json")).expect("valid JSON");
    let cases = ["filters", "categories"]
        .map(|section| vectors[section].as_array().expect("a list of filter cases").clone());
    for case in cases.iter().flatten() {
        let mut listing = serde_json::json!({
            "_id": "x", "id": "x", "title": "x", "mainCategory": "Residential", "Images": [],
            "location": null, "featured": false, "createdAt": "2026-01-01T00:00:00+04:00",
            "description": "", "url": "/property/x"
        });
        for (name, value) in case["card"].as_object().expect("a card") {
            listing[name] = value.clone();
        }
        let property: contract::ApiProperty = serde_json::from_value(listing).expect("a listing");
        let snapshot = lead_fn::catalogue::Snapshot::new(vec![property]).expect("a snapshot");
        let body = serde_json::to_vec(&case["filter"]).expect("a body");
        let mut criteria = lead_fn::search::criteria_from(None, &body).expect("a search");
        if let Some(today) = case["today"].as_str() {
            criteria.today = today.to_owned();
        }
        let name = case["name"].as_str().expect("a name");
        let fits = criteria.fits(&snapshot, &snapshot.listings[0]);
        assert_eq!(fits, case["fits"].as_bool().expect("fits"), "{name}");
    }
}

/// The shared vectors' file.
fn vectors() -> Value {
    serde_json::from_str(include_str!("../search-vectors.json")).expect("valid JSON")
}

/// The names the vectors' queries are read with: the sample content's `data/search-terms.json`.
fn vector_terms() -> contract::vocabulary::SearchTerms {
    serde_json::from_value(vectors()["terms"].clone()).expect("search terms")
}

/// What the search already has, as a case names it.
fn given(case: &Value) -> lead_fn::query::Given {
    let mut given = lead_fn::query::Given::default();
    for name in case["given"].as_array().into_iter().flatten() {
        match name.as_str().expect("a filter's name") {
            "community" => given.community = true,
            "type" => given.kind = true,
            "bedrooms" => given.bedrooms = true,
            "price" => given.price = true,
            "purpose" => given.purpose = true,
            "furnishing" => given.furnishing = true,
            "offPlan" => given.off_plan = true,
            other => panic!("no filter {other}"),
        }
    }
    given
}

/// The queries' cases the browser runs too (site/src/search/readQuery.test.ts).
#[test]
fn queries_are_read_as_the_shared_vectors_say() {
    let names = lead_fn::query::Names::new(&vector_terms());
    for case in vectors()["queries"].as_array().expect("a list of queries") {
        let query = case["query"].as_str().expect("a query");
        let reading = lead_fn::query::read(query, &names, given(case));
        assert_eq!(serde_json::to_value(&reading).expect("JSON"), case["read"], "{query}");
    }
}

#[test]
fn every_community_is_read_by_each_of_its_names_and_every_type_by_its_own() {
    let terms = vector_terms();
    let names = lead_fn::query::Names::new(&terms);
    let read = |name: &str| lead_fn::query::read(name, &names, lead_fn::query::Given::default());
    for term in &terms.communities {
        for name in std::iter::once(&term.name).chain(&term.names) {
            let reading = read(name);
            assert_eq!(reading.community.as_deref(), Some(term.name.as_str()), "{name}: {reading:?}");
            assert_eq!((reading.query.as_str(), reading.corrected), ("", false), "{name}");
        }
    }
    for term in &terms.types {
        for name in std::iter::once(&term.name).chain(&term.names) {
            let reading = read(name);
            if term.name == "Studio" {
                // 'studio' is a number of bedrooms (none) before it is a type.
                assert_eq!(reading.bedrooms, Some(0), "{name}");
                continue;
            }
            assert_eq!(reading.kind.as_deref(), Some(term.name.as_str()), "{name}: {reading:?}");
            assert_eq!(reading.query, "", "{name}");
        }
    }
}

/// The issue's listings: a two-bedroom and a studio in Dubai Marina, a one-bedroom in Creek
/// Harbour, a five-bedroom Palm villa, a Marina rental; the vectors' names.
fn read_listings() -> Config {
    let listing = |id: &str, category: &str, sub: &str, location: &str, bedrooms: u32, price: u64| {
        serde_json::from_value::<ApiProperty>(json!({
            "_id": id, "id": id, "title": format!("{sub} {id}"), "mainCategory": category,
            "subCategory": sub, "Images": [], "location": location, "bedrooms": bedrooms,
            "area": 1000, "price": price, "featured": false, "createdAt": "2026-01-01T00:00:00+04:00",
            "description": "", "url": format!("/property/{id}"),
            "translations": translations(location)
        }))
        .expect("a valid property")
    };
    let properties = vec![
        listing("marina-2", "Residential", "Apartment", "Dubai Marina", 2, 2_800_000),
        listing("marina-2-dear", "Residential", "Apartment", "Dubai Marina", 2, 4_500_000),
        listing("marina-studio", "Residential", "Apartment", "Dubai Marina", 0, 900_000),
        listing("creek-1", "Residential", "Apartment", "Dubai Creek Harbour", 1, 1_500_000),
        listing("palm-5", "Residential", "Villa", "Palm Jumeirah", 5, 30_000_000),
        listing("marina-rent", "Rental", "Apartment", "Dubai Marina", 2, 150_000),
    ];
    Config::new(Arc::new(Catalogue::fixed_with_terms(properties, vector_terms()).expect("serialisable")))
}

async fn read_found(endpoint: &str, body: Value) -> Vec<String> {
    let (status, answer) =
        post_to(read_listings(), endpoint, Some("application/json"), &body.to_string()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer.as_array().expect("an array").iter().map(|p| p["id"].as_str().expect("an id").to_owned()).collect()
}

#[tokio::test]
async fn the_endpoints_read_what_a_query_names_as_filters() {
    let all = "/api/search-properties";
    assert_eq!(
        read_found(all, json!({ "query": "2 bedroom marina" })).await,
        ["marina-2", "marina-2-dear", "marina-rent"]
    );
    assert_eq!(
        read_found(all, json!({ "query": "2 bed marina under 3m" })).await,
        ["marina-2", "marina-rent"]
    );
    assert_eq!(read_found(all, json!({ "query": "2 bed marina under 3m for sale" })).await, ["marina-2"]);
    assert_eq!(read_found(all, json!({ "query": "Marena studio" })).await, ["marina-studio"]);
    assert_eq!(read_found(all, json!({ "query": "The Palm" })).await, ["palm-5"]);
    assert_eq!(read_found(all, json!({ "query": "شقة غرفتين في دبي مارينا للإيجار" })).await, ["marina-rent"]);
    // A Russian flat is counted in rooms, its living room among them: a 3-room flat has two
    // bedrooms, a 2-room flat one, a 1-room flat is a studio.
    assert_eq!(
        read_found(all, json!({ "query": "3-комнатная Дубай Марина до 3 млн" })).await,
        ["marina-2", "marina-rent"]
    );
    assert_eq!(read_found(all, json!({ "query": "2-комнатная" })).await, ["creek-1"]);
    assert_eq!(read_found(all, json!({ "query": "однокомнатная" })).await, ["marina-studio"]);
    assert_eq!(
        read_found("/api/properties/residential/search", json!({ "query": "2 bed marina" })).await,
        ["marina-2", "marina-2-dear"]
    );
    // A filter the search has already wins, and the query's words for it are set aside (a
    // search kept as typed, '2 bed marina', beside the filters read from it).
    let mut found =
        read_found(all, json!({ "query": "Dubai Creek Harbour", "community": "Dubai Marina" })).await;
    found.sort();
    assert_eq!(found, ["marina-2", "marina-2-dear", "marina-rent", "marina-studio"]);
    // A word that names nothing stays a word.
    assert!(read_found(all, json!({ "query": "creek", "community": "Dubai Marina" })).await.is_empty());
    assert_eq!(read_found(all, json!({ "query": "2 bed", "bedrooms": 1 })).await, ["creek-1"]);
    assert_eq!(
        read_found(all, json!({ "query": "2 bed marina under 3m", "community": "Dubai Marina", "bedrooms": 2, "max": 3000000 }))
            .await,
        ["marina-2", "marina-rent"]
    );
    assert_eq!(read_found(all, json!({ "query": "marina", "bedrooms": 0 })).await, ["marina-studio"]);
    // The site sends what it read as filters, and the rest as words: the same answer.
    assert_eq!(
        read_found(all, json!({ "community": "Dubai Marina", "bedrooms": 2, "max": 3000000 })).await,
        ["marina-2", "marina-rent"]
    );
    assert_eq!(read_found(all, json!({ "purpose": "rent", "query": "marina" })).await, ["marina-rent"]);
    assert_eq!(read_found(all, json!({ "offPlan": true })).await, Vec::<String>::new());
}

/// The home search's communities: several at once (repeated in the query string or a JSON
/// array), each by any of its names as a visitor types it without choosing a suggestion.
#[tokio::test]
async fn several_communities_find_a_listing_in_any_and_are_read_by_any_of_their_names() {
    let all = "/api/search-properties";
    let both = ["marina-2", "marina-2-dear", "marina-studio", "creek-1", "marina-rent"];
    let mut found = read_found(all, json!({ "community": ["Dubai Marina", "Dubai Creek Harbour"] })).await;
    found.sort();
    let mut expected = both.map(String::from).to_vec();
    expected.sort();
    assert_eq!(found, expected);
    // By an alias, a Russian name and a misspelling; the rest of a search applies to them all.
    assert_eq!(
        read_found(all, json!({ "community": ["Marena", "Крик Харбор"], "bedrooms": 1 })).await,
        ["creek-1"]
    );
    assert_eq!(
        read_found(
            "/api/search-properties?community=Creek%20Harbour&community=Palm%20Jumeirah&purpose=sale",
            json!({})
        )
        .await,
        ["creek-1", "palm-5"]
    );
    // A typed name that is more than a community is no community: nothing has it.
    assert!(read_found(all, json!({ "community": "Marina Gate" })).await.is_empty());
}
