//! The sample agency in `content/`: it passes `estate check`, and after `estate build` every GET
//! endpoint of the static JSON API answers the right JSON when fetched through the rules of
//! `netlify.toml` (the way the CDN and `estate serve` answer), not by guessing file names.

use crate::support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::support::{Run, estate, repo};
use generator::content;
use generator::content::model::Status;
use generator::netlify::{Answer, Rules};
use serde_json::Value;

/// Builds the sample content once for the run (see [`support::shared_fixture`]).
pub(crate) fn dist() -> &'static Path {
    static DIST: OnceLock<support::Fixture> = OnceLock::new();
    DIST.get_or_init(|| {
        support::shared_fixture("sample-content", |out| {
            let out = out.to_str().unwrap();
            let run = estate(repo(), &["build", "--content-only", "--content", "content", "--out", out]);
            assert!(run.success(), "{}", run.stderr);
        })
    })
    .path()
}

fn rules() -> Rules {
    Rules::load(&repo().join("netlify.toml")).unwrap()
}

/// A GET through the CDN rules: the JSON, or None when the path has no answer.
fn get(path: &str) -> Option<Value> {
    let rules = rules();
    match rules.resolve(dist(), path) {
        Answer::File { file, status: 200 } => {
            let content_type = rules
                .headers_for(path)
                .into_iter()
                .find(|(name, _)| name.eq_ignore_ascii_case("content-type"))
                .map(|(_, value)| value);
            assert_eq!(content_type.as_deref(), Some("application/json; charset=utf-8"), "{path}");
            Some(serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap())
        }
        Answer::NotFound | Answer::File { .. } => None,
        other => panic!("{path}: unexpected answer {other:?}"),
    }
}

pub(crate) fn loaded() -> &'static content::Content {
    static CONTENT: OnceLock<content::Content> = OnceLock::new();
    CONTENT.get_or_init(|| {
        let (content, report) = generator::check::content(&repo().join("content"));
        assert_eq!(report.errors(), 0, "{}", report.render());
        content
    })
}

#[test]
fn sample_content_passes_check() {
    let Run { code, stderr, .. } = estate(repo(), &["check"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("error:"), "{stderr}");
}

#[test]
fn sample_content_is_a_believable_agency() {
    let c = loaded();
    let mut per_category: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for p in c.published() {
        per_category.entry(p.data.main_category.as_str()).or_default().insert(p.data.sub_category.as_str());
    }
    for category in ["Residential", "Rental", "OffPlan", "Commercial"] {
        let count = c.published().filter(|p| p.data.main_category.as_str() == category).count();
        assert!(count >= 6, "{category}: {count} listings");
        assert!(per_category[category].len() >= 3, "{category}: {:?}", per_category[category]);
    }
    assert!(c.properties.len() >= 24);
    assert!(c.properties.iter().any(|p| p.data.status != Status::Available), "an unpublished listing");
    assert!(c.posts.len() >= 6);
    assert_eq!(c.developers.len(), 9);
    assert_eq!(c.team.len(), 2);
    // Every fallback of the cards (no image, no bedrooms, no area...) shows somewhere.
    let published: Vec<_> = c.published().collect();
    assert!(published.iter().any(|p| p.data.featured));
    assert!(published.iter().any(|p| p.data.images.is_empty()));
    assert!(published.iter().any(|p| p.data.location.is_none()));
    assert!(published.iter().any(|p| p.data.bedrooms.is_none()));
    assert!(published.iter().any(|p| p.data.area.is_none()));
    assert!(published.iter().any(|p| p.data.price.is_none()));
    let media: u64 = walkdir::WalkDir::new(repo().join("content/media"))
        .into_iter()
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum();
    // A sample an agency clones in seconds: the photos (each listing its own, as the portals
    // ask), nineteen area guides' pictures and the map's basemap (64 KB) are 6.85 MiB.
    assert!(media < 15 * 512 * 1024, "content/media is {media} bytes");
}

fn array(path: &str) -> Vec<Value> {
    match get(path) {
        Some(Value::Array(items)) => items,
        other => panic!("{path}: expected an array, got {other:?}"),
    }
}

#[test]
fn properties_endpoint_lists_every_published_listing_newest_first() {
    let items = array("/api/properties");
    let published: BTreeSet<&str> = loaded().published().map(|p| p.id.as_str()).collect();
    let ids: BTreeSet<&str> = items.iter().map(|p| p["_id"].as_str().unwrap()).collect();
    assert_eq!(ids, published);
    let dates: Vec<chrono::DateTime<chrono::FixedOffset>> = items
        .iter()
        .map(|p| chrono::DateTime::parse_from_rfc3339(p["createdAt"].as_str().unwrap()).unwrap())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first");
    for p in &items {
        assert_eq!(p["_id"], p["id"]);
        for field in [
            "title",
            "mainCategory",
            "subCategory",
            "Images",
            "location",
            "bedrooms",
            "area",
            "price",
            "featured",
            "createdAt",
            "description",
        ] {
            assert!(p.get(field).is_some(), "{} lacks {field}", p["_id"]);
        }
        assert!(p["Images"].is_array());
        assert!(!p["description"].as_str().unwrap().contains("<script"));
    }
}

#[test]
fn category_endpoints_hold_exactly_their_category() {
    let all = array("/api/properties");
    let endpoints = [
        ("/api/properties/category-residential/residential", "Residential"),
        ("/api/properties/category-rent/rent", "Rental"),
        ("/api/properties/category-offplan/off-plan", "OffPlan"),
        ("/api/properties/category-commercial/commercial", "Commercial"),
    ];
    let mut total = 0;
    for (path, category) in endpoints {
        let items = array(path);
        assert!(!items.is_empty(), "{path}");
        assert!(items.iter().all(|p| p["mainCategory"] == category), "{path}");
        let expected: Vec<&Value> = all.iter().filter(|p| p["mainCategory"] == category).collect();
        assert_eq!(items.iter().collect::<Vec<_>>(), expected, "{path}: same records, same order");
        total += items.len();
    }
    assert_eq!(total, all.len());
}

#[test]
fn each_property_answers_by_id_and_unpublished_ones_do_not() {
    let all = array("/api/properties");
    for p in &all {
        let id = p["_id"].as_str().unwrap();
        assert_eq!(get(&format!("/api/properties/{id}")).as_ref(), Some(p), "{id}");
    }
    for hidden in loaded().properties.iter().filter(|p| p.data.status != Status::Available) {
        assert_eq!(get(&format!("/api/properties/{}", hidden.id)), None, "{} is not published", hidden.id);
    }
    assert_eq!(get("/api/properties/no-such-listing"), None);
}

#[test]
fn blogs_answer_as_a_list_and_one_by_one() {
    let posts = array("/api/blogs");
    assert_eq!(posts.len(), loaded().posts.len());
    for post in &posts {
        let id = post["_id"].as_str().unwrap();
        assert_eq!(post["id"], post["_id"]);
        let title = post["title"].as_str().unwrap();
        assert_eq!(
            post["slug"].as_str().unwrap(),
            title.to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
        );
        assert!(post["images"].is_array());
        assert!(post["content"].as_str().unwrap().contains("<p>"));
        assert_eq!(get(&format!("/api/blogs/{id}")).as_ref(), Some(post));
    }
    assert_eq!(get("/api/blogs/no-such-post"), None);
}

#[test]
fn media_referenced_by_the_api_is_in_dist() {
    let all = array("/api/properties");
    let files: Vec<PathBuf> = all
        .iter()
        .flat_map(|p| p["Images"].as_array().unwrap().clone())
        .map(|i| dist().join(i.as_str().unwrap().trim_start_matches('/')))
        .collect();
    assert!(!files.is_empty());
    for file in files {
        assert!(file.is_file(), "{}", file.display());
    }
}
