//! What a save costs, in the outcome the browser editor shows: a build compares what the site
//! publishes with what the last published build recorded, and names what it newly lost. Deleting
//! a team member as the CMS does (their file gone, the agent taken out of every listing naming
//! them) names each listing the portal feed no longer carries and why; a rebuild with nothing
//! changed, and a fresh start, name nothing.

use std::path::Path;

use generator::netlify::Rules;
use generator::pipeline::last_published::LastPublished;
use generator::pipeline::standing::Cost;
use generator::pipeline::status::Status;
use generator::pipeline::{self, BuildOptions, Pages};

use crate::support::{content_copy, repo};

const AGENT: &str = "sara-al-mansouri";

fn build(dir: &Path, last: &LastPublished) -> (Status, Cost) {
    let options = BuildOptions {
        content: dir.join("content"),
        out: dir.join("dist"),
        pages: Pages::Skip,
        base_url: None,
        rules: Rules::default(),
        for_netlify: false,
        page_cache: None,
        incremental: None,
        last_published: Some(last.clone()),
    };
    let (summary, warnings) = pipeline::build(&options).unwrap_or_else(|e| panic!("the build stopped: {e}"));
    let status = Status::published(&options.content, &warnings, &[], false)
        .with_held(&options.content, &summary.held, false)
        .with_cost(&summary.cost);
    (status, summary.cost)
}

/// The titles of the listings in the portal feed just written.
fn in_feed(dir: &Path) -> Vec<String> {
    let feed = std::fs::read_to_string(dir.join("dist/feeds/portals/propertyfinder.xml")).expect("the feed");
    feed.split("<title_en>")
        .skip(1)
        .map(|rest| {
            let title = &rest[..rest.find("</title_en>").expect("closed")];
            title.trim_start_matches("<![CDATA[").trim_end_matches("]]>").to_owned()
        })
        .collect()
}

#[test]
fn deleting_an_agent_names_the_listings_the_portals_no_longer_take_and_an_unchanged_rebuild_names_nothing() {
    let dir = content_copy(&repo().join("content"));
    let dir = dir.path();
    let last = LastPublished::new(dir.join("published"));

    // A fresh start has nothing to compare with: it records the site and names nothing.
    let (status, cost) = build(dir, &last);
    assert!(cost.is_empty(), "{cost:?}");
    assert!(status.cost.is_empty() && !status.headline.contains("But"), "{}", status.headline);
    assert!(dir.join("published/standing.json").is_file(), "the standing is recorded");
    let before = in_feed(dir);

    // Deleted as the CMS deletes a team member others name: the file, and the agent of each
    // listing (the CMS leaves the field empty, which it does not write).
    std::fs::remove_file(dir.join(format!("content/team/{AGENT}.yaml"))).unwrap();
    let mut named = 0;
    for entry in std::fs::read_dir(dir.join("content/properties")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let line = format!("agent: {AGENT}\n");
        if text.contains(&line) {
            std::fs::write(&path, text.replace(&line, "")).unwrap();
            named += 1;
        }
    }
    assert!(named > 10, "the sample's agent names {named} listings");
    let (status, cost) = build(dir, &last);
    let after = in_feed(dir);
    let dropped: Vec<String> =
        before.iter().filter(|t| !after.contains(t)).map(|t| format!("Listing “{t}”")).collect();
    assert!(dropped.len() >= 5 && after.len() < before.len(), "{} -> {}", before.len(), after.len());

    let portals = &cost.lines[0];
    let n = dropped.len();
    assert_eq!(
        portals.message,
        format!(
            "{n} listings are no longer sent to the portals: they have no agent, since the team member “Sara Al Mansouri” was deleted."
        )
    );
    let mut named_in_cost: Vec<String> = portals.entries.clone();
    let mut dropped_sorted = dropped.clone();
    named_in_cost.sort();
    dropped_sorted.sort();
    assert_eq!(named_in_cost, dropped_sorted, "each listing the feed lost, by title, and no other");
    assert!(portals.hint.as_deref().is_some_and(|h| h.contains("choose another Agent")), "{portals:?}");
    // Their own page went with them.
    let pages =
        cost.lines.iter().find(|l| l.summary == "1 page is no longer on the site").expect("the agent's page");
    assert_eq!(pages.entries, ["Team member “Sara Al Mansouri”"]);
    // The outcome's first line says it, after 'Published', and the panel's file carries it.
    assert!(status.published);
    assert!(
        status.headline.contains(&format!(
            ": the site shows your latest changes. But {n} listings are no longer sent to the portals and 1 page is no longer on the site: see below."
        )),
        "{}",
        status.headline
    );
    let json = serde_json::to_value(&status).unwrap();
    assert_eq!(json["cost"][0]["entries"].as_array().map(Vec::len), Some(n));
    assert_eq!(json["words"]["cost"], "What these changes cost (the site is published with them)");

    // Nothing changed since: nothing to say, though the listings are still left out (each
    // listing's warning still says so).
    let (status, cost) = build(dir, &last);
    assert!(cost.is_empty(), "{cost:?}");
    assert!(!status.headline.contains("But"), "{}", status.headline);
    assert!(
        status.warnings.iter().any(|w| w.message.contains("eft out of the portal feed")),
        "{:?}",
        status.warnings
    );
    assert!(serde_json::to_value(&status).unwrap().get("cost").is_none());
}

#[test]
fn a_new_listing_without_an_agent_or_photo_is_said_to_be_published_but_not_sent_to_the_portals() {
    let dir = content_copy(&repo().join("content"));
    let dir = dir.path();
    let last = LastPublished::new(dir.join("published"));
    build(dir, &last);
    std::fs::write(
        dir.join("content/properties/jvc-new-studio.yaml"),
        "title: JVC New Studio\nmainCategory: Residential\nsubCategory: Apartment\nprice: 650000\nlocation: Jumeirah Village Circle\narea: 410\nbedrooms: 0\nbathrooms: 1\npermitNumber: '7124581999'\nreference: PC-S-9001\ncreatedAt: 2026-01-10T10:00:00+04:00\n",
    )
    .unwrap();
    let (status, cost) = build(dir, &last);
    assert_eq!(cost.lines.len(), 1, "{cost:?}");
    assert_eq!(
        cost.lines[0].message,
        "1 listing is published but not sent to the portals: it has no photo and no agent."
    );
    assert_eq!(cost.lines[0].entries, ["Listing “JVC New Studio”"]);
    assert!(
        status.headline.ends_with("But 1 listing is published but not sent to the portals: see below."),
        "{}",
        status.headline
    );
}
