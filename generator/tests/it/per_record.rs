//! Publishing per record: a record the checks refuse is published as it was last published (or,
//! new, left out), the rest of the site is published, and the outcome says which and why. An
//! error outside the records, or a build without the copies of the published records (a
//! developer's `estate build`), still stops the whole build.

use std::path::{Path, PathBuf};

use generator::check::per_record::Held;
use generator::netlify::Rules;
use generator::pipeline::last_published::LastPublished;
use generator::pipeline::status::Status;
use generator::pipeline::{self, BuildError, BuildOptions, Pages};

use crate::support::{content_copy, repo};

fn options(dir: &Path, last: Option<&LastPublished>) -> BuildOptions {
    BuildOptions {
        content: dir.join("content"),
        out: dir.join("dist"),
        pages: Pages::Skip,
        base_url: None,
        rules: Rules::default(),
        for_netlify: false,
        page_cache: None,
        incremental: None,
        last_published: last.cloned(),
    }
}

fn held(dir: &Path, last: &LastPublished) -> Vec<Held> {
    match pipeline::build(&options(dir, Some(last))) {
        Ok((summary, _)) => summary.held,
        Err(error) => panic!("the build stopped: {error}"),
    }
}

fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no {from:?}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

fn listing_json(dir: &Path, id: &str) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join(format!("dist/api/properties/{id}.json"))).ok()?;
    Some(serde_json::from_str(&text).unwrap())
}

#[test]
fn a_refused_rental_stays_as_last_published_while_a_valid_save_after_it_is_published() {
    let dir = content_copy(&repo().join("content"));
    let dir = dir.path();
    let last = LastPublished::new(dir.join("published"));
    assert_eq!(held(dir, &last), []);
    let copy = dir.join("published/properties/jvc-studio-for-rent.yaml");
    assert!(copy.is_file(), "the published listings are kept");

    // One editor saves the rental without what its rent is per; another, after, a new price.
    let rental = dir.join("content/properties/jvc-studio-for-rent.yaml");
    edit(&rental, "pricePeriod: year\n", "");
    edit(
        &dir.join("content/properties/marina-gate-two-bedroom-sea-view.yaml"),
        "price: 3450000",
        "price: 3500000",
    );
    let held_now = held(dir, &last);
    assert_eq!(
        held_now.iter().map(|h| (h.path.clone(), h.kept)).collect::<Vec<_>>(),
        [(rental.clone(), true)]
    );
    assert!(
        held_now[0].problems.iter().any(|d| d.message.contains("pricePeriod")),
        "{:?}",
        held_now[0].problems
    );
    let published = listing_json(dir, "jvc-studio-for-rent").expect("the rental is still published");
    assert_eq!(published["pricePeriod"], "year", "{published}");
    assert_eq!(listing_json(dir, "marina-gate-two-bedroom-sea-view").unwrap()["price"], 3_500_000);
    assert!(
        std::fs::read_to_string(&copy).unwrap().contains("pricePeriod: year"),
        "the copy stays the last published"
    );

    // The outcome: published, the rental named with what is wrong and what the site shows.
    let status =
        Status::published(&dir.join("content"), &Default::default(), std::slice::from_ref(&rental), false)
            .with_held(&dir.join("content"), &held_now, false);
    assert!(status.published);
    assert!(status.headline.contains("except what is named below"), "{}", status.headline);
    assert!(status.pages.is_empty(), "no page to view for the refused save: {:?}", status.pages);
    assert_eq!(status.held.len(), 1, "{:?}", status.held);
    assert!(
        status.held[0].entry.contains("the site shows it as it was last published"),
        "{:?}",
        status.held[0]
    );

    // A new listing the checks refuse is left out; the developer's plain build refuses it all.
    let new = dir.join("content/properties/new-jvc-studio.yaml");
    std::fs::write(&new, std::fs::read_to_string(&rental).unwrap()).unwrap();
    let held_now = held(dir, &last);
    assert_eq!(
        held_now.iter().map(|h| (h.path.clone(), h.kept)).collect::<Vec<_>>(),
        [(rental.clone(), true), (new.clone(), false)]
    );
    assert_eq!(listing_json(dir, "new-jvc-studio"), None);
    assert!(matches!(pipeline::build(&options(dir, None)), Err(BuildError::Content(_))));

    // Fixed, it is published as saved and its copy follows; the deleted one's copy goes.
    edit(&rental, "price: 55000\n", "price: 56000\npricePeriod: month\n");
    std::fs::remove_file(&new).unwrap();
    assert_eq!(held(dir, &last), []);
    assert_eq!(listing_json(dir, "jvc-studio-for-rent").unwrap()["pricePeriod"], "month");
    assert!(std::fs::read_to_string(&copy).unwrap().contains("pricePeriod: month"));
    assert!(!dir.join("published/properties/new-jvc-studio.yaml").exists());
}

#[test]
fn a_new_listing_naming_a_refused_new_agent_is_left_out_with_it_and_the_rest_is_published() {
    let dir = content_copy(&repo().join("content"));
    let dir = dir.path();
    // A fresh machine or cache: nothing kept yet.
    let last = LastPublished::new(dir.join("published"));
    let agent = dir.join("content/team/nadia-haddad.yaml");
    std::fs::write(&agent, "name: Nadia Haddad\nrole: [unclosed\n").unwrap();
    let listing = dir.join("content/properties/nadia-first-listing.yaml");
    let text = std::fs::read_to_string(dir.join("content/properties/jvc-studio-for-rent.yaml")).unwrap();
    std::fs::write(&listing, text.replace("agent: daniel-novak", "agent: nadia-haddad")).unwrap();
    let held_now = held(dir, &last);
    let paths: Vec<(PathBuf, bool)> = held_now.iter().map(|h| (h.path.clone(), h.kept)).collect();
    assert_eq!(paths, [(listing, false), (agent, false)]);
    assert!(listing_json(dir, "jvc-studio-for-rent").is_some());
    assert_eq!(listing_json(dir, "nadia-first-listing"), None);
}

#[test]
fn an_error_outside_the_records_still_stops_the_build() {
    let dir = content_copy(&repo().join("content"));
    let dir = dir.path();
    let last = LastPublished::new(dir.join("published"));
    edit(&dir.join("content/site.yaml"), "baseUrl:", "baseUrl: [\nnothing:");
    match pipeline::build(&options(dir, Some(&last))) {
        Err(BuildError::Content(report)) => {
            assert!(report.render().contains("site.yaml"), "{}", report.render())
        }
        other => panic!("expected the build to stop, got {other:?}"),
    }
}

#[test]
fn an_upload_that_cannot_be_published_is_left_out_and_the_listing_showing_it_kept_as_it_was() {
    let dir = content_copy(&repo().join("content"));
    let dir = dir.path();
    let last = LastPublished::new(dir.join("published"));
    assert_eq!(held(dir, &last), []);
    // A drawing with script uploaded as a listing's photo.
    let drawing = dir.join("content/media/properties/plan.svg");
    std::fs::write(&drawing, r#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#)
        .unwrap();
    let listing = dir.join("content/properties/jvc-studio-for-rent.yaml");
    let before = listing_json(dir, "jvc-studio-for-rent").unwrap();
    edit(&listing, "images: [", "images: [media/properties/plan.svg, ");
    let held_now = held(dir, &last);
    let paths: Vec<(PathBuf, bool)> = held_now.iter().map(|h| (h.path.clone(), h.kept)).collect();
    assert_eq!(paths, [(drawing, false), (listing, true)], "{held_now:#?}");
    assert!(!dir.join("dist/media/properties/plan.svg").exists());
    assert_eq!(listing_json(dir, "jvc-studio-for-rent").unwrap()["images"], before["images"]);
}
