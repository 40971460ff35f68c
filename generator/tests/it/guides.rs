//! The communities' area guides end to end: `content/communities/{key}.yaml` checked
//! with located errors, and the build's `data/guides/{key}.json`, routes, sitemap entries and
//! the property pages' links to them.

use std::fs;

use crate::support::{content_copy, estate, repo};
use serde_json::Value;

#[test]
fn a_guide_names_a_community_and_its_texts_are_checked() {
    let dir = content_copy(&repo().join("content"));
    let guides = dir.path().join("content/communities");
    fs::rename(guides.join("dubai-marina.yaml"), guides.join("dubai-marine.yaml")).unwrap();
    let palm = guides.join("palm-jumeirah.yaml");
    let text = fs::read_to_string(&palm).unwrap();
    fs::write(
        &palm,
        text.replacen("image: /media/communities/palm-jumeirah.jpg", "image: /media/communities/palm.jpg", 1)
            .replacen("schools: |", "school: |", 1),
    )
    .unwrap();
    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(
        run.stderr.contains("dubai-marine.yaml:1:1: warning: unknown community `dubai-marine`: vocabulary/communities.yaml has no term with this key, so this guide is not published"),
        "{run}"
    );
    assert!(run.stderr.contains("did you mean `dubai-marina.yaml`?"), "{run}");
    assert!(run.stderr.contains("palm-jumeirah.yaml:11:1: error: unknown field `school`"), "{run}");
}

#[test]
fn a_guide_without_its_translations_is_a_coverage_warning() {
    let dir = content_copy(&repo().join("content"));
    let path = dir.path().join("content/communities/business-bay.yaml");
    let text = fs::read_to_string(&path).unwrap();
    let cut = text.find("\nru:\n").unwrap();
    fs::write(&path, &text[..cut + 1]).unwrap();
    let run = estate(dir.path(), &["check"]);
    assert!(run.success(), "{run}");
    assert!(
        run.stderr.contains("business-bay.yaml:1:1: warning: no Russian translation: `ru.introduction`, `ru.lifestyle`, `ru.schools`, `ru.transport` missing"),
        "{run}"
    );
}

#[test]
fn guides_are_published_with_their_figures_routes_and_sitemap_entries() {
    let dir = content_copy(&repo().join("content"));
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let read = |path: &str| -> Value {
        serde_json::from_slice(&fs::read(dir.path().join("dist").join(path)).unwrap()).unwrap()
    };
    let guide = read("data/guides/dubai-marina.json");
    assert_eq!(guide["url"], "/area-guides-in-dubai/dubai-marina");
    assert_eq!(guide["name"], "Dubai Marina");
    assert!(guide["texts"]["introduction"].as_str().unwrap().starts_with("<p>Dubai Marina is"));
    assert_eq!(guide["translations"]["ar"]["name"], "دبي مارينا");
    assert!(guide["translations"]["ru"]["schools"].as_str().unwrap().contains("Dubai British School"));
    assert_eq!(guide["total"], 2, "the published listings of Dubai Marina (a third is rented)");
    let market = &guide["market"];
    assert_eq!(market["to"], "2026-10");
    let apartments = &market["trends"][0];
    assert_eq!(apartments["kind"], "apartment");
    let months = apartments["months"].as_array().unwrap();
    assert_eq!(months.len(), 36);
    assert_eq!(months[0]["month"], "2023-11");
    assert_eq!(months[35]["month"], "2026-10");
    // The summary's own figure of November 2023: 115 sales, median 1,542 AED per sqft.
    assert_eq!(months[0]["sales"], 115);
    assert_eq!(months[0]["median"], 1542);
    // The last 12 months of all apartments: sales and rents (the rents' summary: 2,066 contracts).
    let all = market["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == "apartment" && f["bedrooms"].is_null())
        .unwrap();
    assert_eq!(all["rents"], 2066);
    assert_eq!(all["rentMedian"], 135);

    // A community with few sales a month: no monthly median, the counts kept.
    let quoz = read("data/guides/al-quoz.json");
    let offices =
        quoz["market"]["trends"].as_array().unwrap().iter().find(|t| t["kind"] == "office-shop").unwrap();
    assert!(
        offices["months"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["median"].is_null() && m["sales"].as_u64().unwrap() < 10)
    );

    let routes = read("data/routes.json");
    assert!(
        routes["guides"].as_array().unwrap().contains(&Value::from("/area-guides-in-dubai/dubai-marina"))
    );
    let detail = read("data/detail/marina-gate-two-bedroom-sea-view.json");
    assert_eq!(detail["areaGuide"], "/area-guides-in-dubai/dubai-marina");
    let communities = read("data/communities.json");
    assert!(
        communities
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["guide"].as_str().is_some_and(|g| g.starts_with("/area-guides-in-dubai/")))
    );

    let sitemap = fs::read_to_string(dir.path().join("dist/sitemap.xml")).unwrap();
    let entry = sitemap
        .lines()
        .find(|l| l.contains("<loc>https://www.palmcrest.ae/ar/area-guides-in-dubai/dubai-marina</loc>"))
        .expect("the Arabic guide in the sitemap");
    assert!(
        entry.contains(
            r#"hreflang="ru" href="https://www.palmcrest.ae/ru/area-guides-in-dubai/dubai-marina""#
        ),
        "{entry}"
    );
    assert!(
        entry.contains(
            r#"hreflang="x-default" href="https://www.palmcrest.ae/area-guides-in-dubai/dubai-marina""#
        ),
        "{entry}"
    );
    assert!(sitemap.contains("<loc>https://www.palmcrest.ae/golden-visa</loc>"));
}

#[test]
fn a_missing_golden_visa_page_is_a_check_error_not_a_late_404() {
    let dir = content_copy(&repo().join("content"));
    fs::remove_file(dir.path().join("content/pages/golden-visa.md")).unwrap();
    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(
        run.stderr.contains(
            "content/pages/golden-visa.md:1:1: error: missing page `pages/golden-visa.md`: the site's /golden-visa (and /ar/golden-visa, /ru/golden-visa) is drawn from it, and the build would fail without it"
        ),
        "{run}"
    );
    assert!(run.stderr.contains("= hint: restore "), "{run}");
    assert!(run.stderr.contains("estate check: 1 error, "), "{run}");
    // The build refuses it up front, before the prerender.
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("missing page `pages/golden-visa.md`"), "{run}");
    assert!(!run.stderr.contains("answered 404"), "{run}");
}
