//! What the browser editor (/cms/) cannot prevent, said to the editor as warnings that publish
//! nothing wrong: a photo deleted in its media library while a listing still names it (the
//! listing is published without it: nothing an editor saves may stop the rest of the content
//! from being published), and a listing kept as a markdown file, which its Listings do not show.

use crate::support::{content_copy, estate, fixtures, repo};

const LISTING: &str = "content/properties/al-quoz-warehouse-for-rent.yaml";
const PHOTO: &str = "media/properties/warehouse-1.jpg";

#[test]
fn a_deleted_photo_is_a_warning_and_the_listing_is_published_without_it() {
    let dir = content_copy(&repo().join("content"));
    let text = std::fs::read_to_string(dir.path().join(LISTING)).expect("the listing");
    assert!(text.contains(&format!("images: [/{PHOTO}]")), "the sample's only photo");
    std::fs::remove_file(dir.path().join("content").join(PHOTO)).expect("deleted");

    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 0, "{run}");
    let line = text.lines().position(|l| l.starts_with("images:")).expect("the line") + 1;
    let warning = format!(
        "{LISTING}:{line}:10: warning: Listing \"Insulated Warehouse with Offices in Al Quoz Industrial\" · Photos: the photo {PHOTO} was deleted; choose another or remove it from the list"
    );
    assert!(run.stderr.contains(&warning), "{warning}\n{run}");
    // Another listing named it too: each is told.
    assert!(run.stderr.contains("Listing \"") && run.stderr.matches(PHOTO).count() >= 2, "{run}");

    let out = dir.path().join("dist");
    let run = estate(
        dir.path(),
        &["build", "--content-only", "--out", out.to_str().unwrap(), "--base-url", "https://agency.example"],
    );
    assert!(run.success(), "{run}");
    // Published, as a listing that never had photos: its detail and card name none.
    let detail: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(out.join("data/detail/al-quoz-warehouse-for-rent.json")).expect("published"),
    )
    .expect("JSON");
    assert!(detail["gallery"].as_array().is_none_or(Vec::is_empty), "{detail}");
    // No feed, sitemap or data file names the missing file (the pages, and their social card,
    // are drawn from these; the editor's status panel, written with the pages, says it was deleted).
    for entry in walkdir::WalkDir::new(&out).into_iter().filter_map(Result::ok) {
        let path = entry.path();
        if path.ends_with("cms/status.json") || !entry.file_type().is_file() {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        assert!(!text.contains("warehouse-1"), "{} names the deleted photo", path.display());
    }
}

#[test]
fn a_listing_kept_as_markdown_is_published_with_a_warning_that_the_browser_editor_cannot_show_it() {
    let dir = content_copy(&fixtures().join("publishing"));
    let listing = "content/properties/marina-studio-for-rent.md";
    assert!(dir.path().join(listing).is_file(), "the fixture's markdown listing");
    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 0, "{run}");
    let warning = format!("{listing}:1:1: warning: Listing \"");
    let line =
        run.stderr.lines().find(|l| l.starts_with(&warning)).unwrap_or_else(|| panic!("{warning}\n{run}"));
    assert!(
        line.ends_with(
            "is kept as a .md file, which the browser editor (/cms/) does not show: it is published, but it can be changed only in the files"
        ),
        "{line}"
    );
    assert!(run.stderr.contains("hint: rename it to .yaml, delete its two `---` lines"), "{run}");
    // A .yaml listing is not told.
    assert!(!run.stderr.contains(".yaml:1:1: warning: Listing"), "{run}");
}

#[test]
fn a_deleted_portrait_or_page_top_is_a_warning_and_the_site_shows_its_default_picture_instead() {
    let dir = content_copy(&repo().join("content"));
    std::fs::remove_file(dir.path().join("content/media/team/daniel-novak.jpg")).expect("deleted");
    std::fs::remove_file(dir.path().join("content/media/hero/rental.jpg")).expect("deleted");
    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 0, "{run}");
    let warning = "content/team/daniel-novak.yaml:4:8: warning: Team member \"Daniel Novak\" · Photo: the photo media/team/daniel-novak.jpg was deleted; choose another";
    assert!(run.stderr.contains(warning), "{warning}\n{run}");
    let warning = "warning: Site settings \"Rental page\" · Picture: the photo media/hero/rental.jpg was deleted; choose another";
    assert!(run.stderr.contains(warning), "{warning}\n{run}");
    let out = dir.path().join("dist");
    let run = estate(dir.path(), &["build", "--content-only", "--out", out.to_str().unwrap()]);
    assert!(run.success(), "{run}");
    for entry in walkdir::WalkDir::new(&out).into_iter().filter_map(Result::ok) {
        let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
        for deleted in ["daniel-novak.jpg", "hero/rental.jpg"] {
            assert!(!text.contains(deleted), "{} names {deleted}", entry.path().display());
        }
    }
}
