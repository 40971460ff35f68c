//! The vocabularies (`content/vocabulary/*.yaml`) end to end: content names terms by key or
//! English name, an unknown term is a warning at its place with a did-you-mean, the published
//! site.json carries the Arabic and Russian names, listings get their community's names, and
//! translation coverage is a warning or, with --require-languages, an error.

use std::fs;

use crate::support::{content_copy, estate, repo};
use serde_json::Value;

fn edit(path: &std::path::Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from} in {}", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn unknown_terms_are_located_warnings_with_a_suggestion() {
    let dir = content_copy(&repo().join("content"));
    let listing = dir.path().join("content/properties/dubai-marina-two-bedroom-for-rent.yaml");
    // The sample names its terms by key, as the CMS stores them; two misspelt by hand.
    edit(&listing, "amenities: [swimming-pool, gym", "amenities: [Swiming pool, gym");
    let member = dir.path().join("content/team/sara-al-mansouri.yaml");
    edit(&member, "languages: [english, arabic]", "languages: [english, Arbic]");
    let run = estate(dir.path(), &["check"]);
    // A term renamed or removed from a vocabulary never stops the records naming it from being
    // published: warnings, each record showing the term as written.
    assert_eq!(run.code, 0, "{run}");
    let text = fs::read_to_string(&listing).unwrap();
    let line = text.lines().position(|l| l.starts_with("amenities: [Swiming")).unwrap() + 1;
    let expected =
        format!("dubai-marina-two-bedroom-for-rent.yaml:{line}:13: warning: unknown amenity `Swiming pool`");
    assert!(run.stderr.contains(&expected), "{expected}\n{run}");
    assert!(run.stderr.contains("did you mean `Swimming pool`?"), "{run}");
    assert!(run.stderr.contains("sara-al-mansouri.yaml:9:22: warning: unknown language `Arbic`"), "{run}");
    assert!(run.stderr.contains("did you mean `Arabic`?"), "{run}");
    // A key (`gym`, `dubai-marina`, `english`) is accepted: exactly the two misspellings are told.
    assert_eq!(run.stderr.matches(": warning: unknown ").count(), 2, "{run}");
}

#[test]
fn published_names_come_from_the_vocabulary() {
    let dir = content_copy(&repo().join("content"));
    let listing = dir.path().join("content/properties/marina-gate-two-bedroom-sea-view.yaml");
    // Keys in content (the sample's, as the CMS stores them), and a Russian location left in Latin
    // letters: the vocabulary wins.
    let text = fs::read_to_string(&listing).unwrap();
    assert!(
        text.contains("\nlocation: dubai-marina\n") && text.contains("\namenities: [infinity-pool, gym"),
        "{text}"
    );
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let read = |path: &str| -> Value {
        serde_json::from_slice(&fs::read(dir.path().join("dist").join(path)).unwrap()).unwrap()
    };
    let site = read("data/site.json");
    assert_eq!(site["vocabulary"]["amenities"]["Swimming pool"]["ar"], "مسبح");
    assert_eq!(site["vocabulary"]["communities"]["Dubai Marina"]["ru"], "Дубай Марина");
    assert_eq!(site["vocabulary"]["languages"]["Arabic"]["ru"], "арабский");
    assert_eq!(site["vocabulary"]["types"]["Villa"]["ar"], "فيلا");
    let property = read("api/properties/marina-gate-two-bedroom-sea-view.json");
    assert_eq!(property["location"], "Dubai Marina");
    assert_eq!(property["amenities"][0], "Infinity pool");
    assert_eq!(property["amenities"][1], "Gym");
    assert_eq!(property["translations"]["ar"]["location"], "دبي مارينا");
    assert_eq!(property["translations"]["ru"]["location"], "Дубай Марина");
}

/// The CMS stores a term by its key: an editor renaming a community keeps the listings it saved
/// on their community and its guide, under the new name; a listing naming it by the old English
/// name is warned about at its line and shown as written.
#[test]
fn a_renamed_community_keeps_the_listings_that_name_it_by_its_key() {
    let dir = content_copy(&repo().join("content"));
    let properties = dir.path().join("content/properties");
    // The sample's listings name it by its key, as the CMS stores it; one by its English name.
    edit(
        &properties.join("business-bay-full-floor-office.yaml"),
        "location: business-bay",
        "location: Business Bay",
    );
    let vocabulary = dir.path().join("content/vocabulary/communities.yaml");
    edit(
        &vocabulary,
        "  - key: business-bay\n    en: \"Business Bay\"",
        "  - key: business-bay\n    en: \"Business Bay District\"",
    );
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    assert!(!run.stderr.contains("business-bay-canal-penthouse.yaml"), "{run}");
    assert!(
        run.stderr
            .contains("business-bay-full-floor-office.yaml:6:11: warning: unknown community `Business Bay`"),
        "{run}"
    );
    let read = |path: &str| -> Value {
        serde_json::from_slice(&fs::read(dir.path().join("dist").join(path)).unwrap()).unwrap()
    };
    assert_eq!(read("api/properties/business-bay-canal-penthouse.json")["location"], "Business Bay District");
    assert_eq!(
        read("data/detail/business-bay-canal-penthouse.json")["areaGuide"],
        "/area-guides-in-dubai/business-bay"
    );
    assert!(read("data/detail/business-bay-full-floor-office.json").get("areaGuide").is_none());
}

#[test]
fn coverage_warns_and_require_languages_makes_it_an_error() {
    let dir = content_copy(&repo().join("content"));
    let member = dir.path().join("content/team/daniel-novak.yaml");
    let text = fs::read_to_string(&member).unwrap();
    let without_ru = text.split("\nru:").next().unwrap().to_owned() + "\n";
    fs::write(&member, without_ru).unwrap();
    let amenities = dir.path().join("content/vocabulary/amenities.yaml");
    edit(&amenities, "    ar: مسبح\n", "");

    let run = estate(dir.path(), &["check"]);
    assert!(run.success(), "{run}");
    assert!(run.stderr.contains("warning: no Russian translation: `ru.name`, `ru.role` missing"), "{run}");
    assert!(run.stderr.contains("warning: amenity `swimming-pool` has no Arabic name (ar)"), "{run}");

    let run = estate(dir.path(), &["check", "--require-languages", "ru"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("error: no Russian translation: `ru.name`, `ru.role` missing"), "{run}");
    assert!(run.stderr.contains("warning: amenity `swimming-pool` has no Arabic name (ar)"), "{run}");

    let run = estate(dir.path(), &["check", "--require-languages", "fr"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("`fr` is not one of ar, ru"), "{run}");
}

#[test]
fn payment_plan_stages_are_named_by_the_vocabulary_and_checked_for_translations() {
    let dir = content_copy(&repo().join("content"));
    let listing = dir.path().join("content/properties/emaar-beachfront-two-bedroom.yaml");
    // A stage named by its key is published as its English name.
    edit(&listing, "milestone: On booking", "milestone: on-booking");
    // A stage the vocabulary lacks has no Arabic or Russian name.
    edit(&listing, "milestone: During construction", "milestone: Within 24 months");
    let run = estate(dir.path(), &["check"]);
    assert!(run.success(), "{run}");
    let text = fs::read_to_string(&listing).unwrap();
    let line = text.lines().position(|l| l.contains("Within 24 months")).unwrap() + 1;
    let place = format!("emaar-beachfront-two-bedroom.yaml:{line}:");
    let expected = "warning: the payment-plan stage `Within 24 months` has no Arabic name (ar): add it to vocabulary/stages.yaml with its names";
    assert!(
        run.stderr.lines().any(|l| l.contains(&place) && l.contains(expected)),
        "{place} {expected}\n{run}"
    );
    let run = estate(dir.path(), &["check", "--require-languages", "ar,ru"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(
        run.stderr.contains("error: the payment-plan stage `Within 24 months` has no Russian name (ru)"),
        "{run}"
    );

    edit(&listing, "milestone: Within 24 months", "milestone: During construction");
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let read = |path: &str| -> Value {
        serde_json::from_slice(&fs::read(dir.path().join("dist").join(path)).unwrap()).unwrap()
    };
    assert_eq!(read("data/site.json")["vocabulary"]["stages"]["On handover"]["ar"], "عند التسليم");
    let property = read("api/properties/emaar-beachfront-two-bedroom.json");
    assert_eq!(property["paymentPlan"][0]["milestone"], "On booking");
}

/// A property type renamed in `vocabulary/types.yaml` (its English name) is renamed on every page
/// with no other edit: the records, a listing page's type filter and cards (the vocabulary's
/// Arabic name on its Arabic page), and the property page, whose structured data's type comes
/// from the type's kind in the vocabulary, not from its name.
#[test]
fn a_type_renamed_in_the_vocabulary_is_renamed_on_the_cards_filters_and_structured_data() {
    // The front end as the shared site build has it, with its Vite output cached: this build
    // publishes and prerenders.
    let front_end = crate::publishing::site_build();
    let dir = content_copy(&repo().join("content"));
    edit(&dir.path().join("content/vocabulary/types.yaml"), "    en: Apartment\n", "    en: Flat\n");
    let cache = dir.path().join("cache");
    let vite = repo().join(".estate/cache/front-end");
    if vite.is_dir() {
        crate::support::copy_tree(&vite, &cache.join("front-end"), &[]);
    }
    let out = dir.path().join("dist");
    let path = |p: &std::path::Path| p.to_str().unwrap().to_owned();
    let run = estate(
        dir.path(),
        &[
            "build",
            "--out",
            &path(&out),
            "--site",
            &path(&front_end.site),
            "--cache",
            &path(&cache.join("pages")),
            "--netlify",
            &path(&repo().join("netlify.toml")),
        ],
    );
    assert!(run.success(), "{run}");
    let read = |p: &str| fs::read_to_string(out.join(p)).unwrap();

    let property: Value =
        serde_json::from_str(&read("api/properties/downtown-one-bedroom-burj-view.json")).unwrap();
    assert_eq!(property["subCategory"], "Flat");
    let summary: Value = serde_json::from_str(&read("data/listings/residential.json")).unwrap();
    assert_eq!(summary["types"][0], serde_json::json!(["Flat", 2]), "{}", summary["types"]);

    // The listing page: its type filter and its cards, in English and in Arabic.
    let listing = read("buy-property/index.html");
    assert!(listing.contains(r#"<span>Flat</span><span class="chip__count">2</span>"#), "the type filter");
    assert_eq!(listing.matches(r#"property-card__type">Flat<"#).count(), 2, "the cards");
    assert!(!listing.contains(">Apartment<"), "no card or filter keeps the old name");
    let arabic = read("ar/buy-property/index.html");
    assert!(
        arabic.contains(r#"<span>شقة</span><span class="chip__count">2</span>"#),
        "the Arabic type filter"
    );
    assert_eq!(arabic.matches(r#"property-card__type">شقة<"#).count(), 2, "the Arabic cards");

    // The property page: its type in words, and a flat in its structured data (the kind's).
    let page = read("property/downtown-one-bedroom-burj-view/index.html");
    assert!(page.contains(r#"<span class="badge badge--soft">Flat</span>"#), "the page's type");
    assert!(page.contains(r#""@type":"Apartment","name""#), "the structured data's residence");
}
