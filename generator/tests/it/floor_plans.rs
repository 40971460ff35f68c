//! A listing's floor plans and video tour: optional fields of a listing, checked where they are
//! written (a plan is an image under content/, a tour an https address on YouTube or Vimeo),
//! published in the listing's detail file (the plans as pictures of the image stage, with their
//! widths) and in the portals' feed.

use std::path::Path;

use crate::support::{content_copy, estate, repo};

const LISTING: &str = "content/properties/marina-gate-two-bedroom-sea-view.yaml";

/// The line of `text` where `needle` is, counted from 1.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("the line") + 1
}

#[test]
fn a_tour_on_another_host_is_an_error_and_a_missing_plan_a_warning_at_their_field() {
    let dir = content_copy(&repo().join("content"));
    let listing = dir.path().join(LISTING);
    let text = std::fs::read_to_string(&listing).expect("the listing");
    assert!(text.contains("floorPlans: [/media/properties/marina-gate-plan.png]"), "the sample has a plan");
    let text = text
        .replace(
            "floorPlans: [/media/properties/marina-gate-plan.png]",
            "floorPlans: [/media/properties/marina-gate-plan.jpg]",
        )
        .replace("videoTour: https://www.youtube.com/", "videoTour: https://www.youtube.com.example.ae/");
    std::fs::write(&listing, &text).expect("written");
    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 1, "{run}");
    let tour = format!(
        "{LISTING}:{}:12: error: `videoTour` must be the https:// address of a video on YouTube or Vimeo",
        line_of(&text, "videoTour:")
    );
    assert!(run.stderr.contains(&tour), "{tour}\n{run}");
    let plan = format!(
        "{LISTING}:{}:14: warning: Listing \"{}\" · Floor plans: the photo media/properties/marina-gate-plan.jpg was deleted; choose another or remove it from the list",
        line_of(&text, "floorPlans:"),
        text.lines().find_map(|l| l.strip_prefix("title: ")).expect("the title")
    );
    assert!(run.stderr.contains(&plan), "{plan}\n{run}");
    assert!(run.stderr.contains("did you mean `/media/properties/marina-gate-plan.png`?"), "{run}");
}

#[test]
fn plans_and_the_tour_reach_the_detail_file_and_the_portals_feed() {
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("dist");
    let run = estate(
        repo(),
        &["build", "--content-only", "--out", out.to_str().unwrap(), "--base-url", "https://agency.example"],
    );
    assert!(run.success(), "{run}");
    let read = |path: &str| std::fs::read_to_string(out.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    let detail: serde_json::Value =
        serde_json::from_str(&read("data/detail/marina-gate-two-bedroom-sea-view.json")).expect("JSON");
    let plan = &detail["floorPlans"][0];
    assert_eq!(plan["src"], "/media/properties/marina-gate-plan.png", "{detail}");
    assert_eq!((plan["width"].as_u64(), plan["height"].as_u64()), (Some(1600), Some(1100)), "{detail}");
    // The image stage's variants, each a file that was written.
    let srcset = plan["webp"].as_str().expect("the WebP variants");
    let widths: Vec<&str> = srcset.split(", ").map(|one| one.rsplit(' ').next().unwrap_or("")).collect();
    assert_eq!(widths, ["400w", "740w", "800w", "1200w", "1600w"], "{srcset}");
    for one in srcset.split(", ") {
        let file = one.split(' ').next().unwrap_or("").trim_start_matches('/');
        assert!(Path::new(&out.join(file)).is_file(), "{file}");
    }
    assert_eq!(detail["videoTour"], "https://www.youtube.com/watch?v=M4r1n4G4t3s");
    // A listing without them says nothing of either.
    let other: serde_json::Value =
        serde_json::from_str(&read("data/detail/jlt-one-bedroom-lake-view.json")).expect("JSON");
    assert!(other.get("floorPlans").is_none() && other.get("videoTour").is_none(), "{other}");

    let feed = read("feeds/portals/propertyfinder.xml");
    let listing =
        feed.split("<property ").find(|p| p.contains("PC-R-1001")).expect("the listing in the feed");
    assert!(
        listing.contains(
            "<floor_plan>https://agency.example/media/properties/marina-gate-plan.png</floor_plan>"
        ),
        "{listing}"
    );
    assert!(
        listing.contains("<video_tour_url>https://www.youtube.com/watch?v=M4r1n4G4t3s</video_tour_url>"),
        "{listing}"
    );
    assert_eq!(feed.matches("<floor_plan>").count(), 1, "only the listing with a plan has one");
}
