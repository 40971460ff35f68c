//! `estate import` against slow and stalling servers: the whole import has
//! a deadline and photos an overall budget, each small here; the import ends within them, says
//! what it did and did not do and how to continue, what it wrote is whole, recorded in its
//! manifest and passes `estate check`, and the next run continues.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::{
    Run, empty_content, estate, estate_command, feed_listing, listing_files, photo_site, repo, run, serve,
};

/// `estate import` of `feed` into `content` with `flags`, on `threads` rayon threads (the
/// listings imported at once); how it ended and how long it took.
fn import(content: &Path, feed: &str, flags: &[&str], threads: usize) -> (Run, Duration) {
    let mut command = estate_command(repo());
    command
        .args(["import", "propertyfinder", feed, "--content", content.to_str().expect("UTF-8")])
        .args(flags)
        .env("RAYON_NUM_THREADS", threads.to_string());
    let started = Instant::now();
    let ended = run(&mut command);
    (ended, started.elapsed())
}

/// The number before `what` in the summary line (`3 created`).
fn count(stdout: &str, what: &str) -> usize {
    let summary =
        stdout.lines().find(|l| l.starts_with("estate import: ") && l.contains(" listings in the feed: "));
    let summary = summary.unwrap_or_else(|| panic!("no summary in\n{stdout}"));
    let before = summary.split(&format!(" {what}")).next().expect("a part");
    before.rsplit([' ', ',']).next().and_then(|n| n.parse().ok()).unwrap_or(0)
}

/// The references the manifest records.
fn recorded(content: &Path) -> BTreeSet<String> {
    let text =
        std::fs::read_to_string(content.join(".estate/propertyfinder-import.json")).expect("the manifest");
    let manifest: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    manifest["listings"].as_object().expect("listings").keys().cloned().collect()
}

/// Each listing written is whole (its photos there) and recorded, and nothing else is.
fn assert_whole(content: &Path, expected: usize) {
    let files = listing_files(content);
    assert_eq!(files.len(), expected, "{files:?}");
    assert_eq!(recorded(content).len(), expected, "the manifest records what was written");
    let photo_folders = std::fs::read_dir(content.join("media/properties"))
        .map(|entries| entries.flatten().filter(|e| e.path().is_dir()).count())
        .unwrap_or(0);
    let with_photos = files
        .iter()
        .filter(|f| {
            std::fs::read_to_string(content.join("properties").join(f))
                .is_ok_and(|t| t.lines().any(|l| l.starts_with("images:")))
        })
        .count();
    assert_eq!(photo_folders, with_photos, "no photos of a listing not written");
    let check = estate(repo(), &["check", "--content", content.to_str().expect("UTF-8")]);
    assert!(check.success(), "{check}");
}

/// Photos from a server that accepts and never answers cost the photo time (2 s here), not 60 s
/// each: the listings needing them wait for the next run, the others are imported.
#[test]
fn a_stalling_photo_server_costs_the_photo_time_not_minutes() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = photo_site(dir.path());
    let origin = serve(site.clone());
    let feed = format!(
        "<list>\n{}{}{}{}</list>",
        feed_listing("S-1", "Villa one", &format!("{origin}/a.jpg")),
        feed_listing("S-2", "Villa two", &format!("{origin}/stall/b.jpg")),
        feed_listing("S-3", "Villa three", &format!("{origin}/stall/c.jpg")),
        feed_listing("S-4", "Villa four", ""),
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let flags = ["--photo-time", "2s", "--progress-every", "500ms"];
    let (ended, took) = import(&content, &format!("{origin}/feed.xml"), &flags, 2);
    assert!(took < Duration::from_secs(20), "took {took:?}\n{ended}");
    assert_eq!(ended.code, 1, "{ended}");
    assert_eq!(
        (count(&ended.stdout, "created"), count(&ended.stdout, "not imported yet")),
        (2, 2),
        "{ended}"
    );
    assert!(
        ended.stdout.contains(
            "estate import: the time for photos (--photo-time 2s) ran out: 2 listings that need new photos were not imported (a listing is written with all its photos or not at all)"
        ),
        "{ended}"
    );
    assert!(ended.stdout.contains("to continue, run the same command again"), "{ended}");
    assert!(ended.stdout.contains("not imported yet: S-"), "{ended}");
    assert!(
        ended.stderr.lines().any(|l| l.starts_with("estate import: ") && l.contains(" of 4 listings done, ")),
        "{ended}"
    );
    assert_eq!(listing_files(&content), ["villa-four-s-4.yaml", "villa-one-s-1.yaml"]);
    assert_eq!(recorded(&content), BTreeSet::from(["S-1".to_owned(), "S-4".to_owned()]));
    assert_whole(&content, 2);
}

/// A slow server (0.8 s a photo) and a deadline of 3 s: the import stops between listings at the
/// deadline, cutting off the downloads under way; what it wrote is whole and recorded, and the
/// same command then imports the rest, leaving the first ones as they are.
#[test]
fn the_deadline_stops_the_import_between_listings_and_the_next_run_continues() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = photo_site(dir.path());
    let origin = serve(site.clone());
    let mut feed = String::from("<list>\n");
    for i in 1..=10 {
        std::fs::copy(site.join("a.jpg"), site.join(format!("p{i}.jpg"))).expect("a copy");
        std::fs::write(site.join(format!("p{i}.jpg.delay")), "800").expect("written");
        feed.push_str(&feed_listing(&format!("D-{i}"), &format!("Villa {i}"), &format!("{origin}/p{i}.jpg")));
    }
    feed.push_str("</list>");
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let source = format!("{origin}/feed.xml");
    let flags = ["--deadline", "3s", "--progress-every", "1s"];
    let (first, took) = import(&content, &source, &flags, 2);
    assert!(took < Duration::from_secs(12), "took {took:?}\n{first}");
    assert_eq!(first.code, 1, "{first}");
    let (created, left) = (count(&first.stdout, "created"), count(&first.stdout, "not imported yet"));
    assert!(created >= 1 && left >= 1 && created + left == 10, "{first}");
    let listings = if left == 1 { "1 listing".to_owned() } else { format!("{left} listings") };
    let said = format!(
        "estate import: the deadline (--deadline 3s) passed: stopped with {listings} not imported (downloads under way were cut off); nothing was written for them, and every listing written is complete and recorded in {}",
        content.join(".estate/propertyfinder-import.json").display()
    );
    assert!(first.stdout.contains(&said), "{said}\n{first}");
    assert!(first.stdout.contains("to continue, run the same command again"), "{first}");
    assert!(first.stderr.lines().any(|l| l.contains(" of 10 listings done, ")), "{first}");
    assert_whole(&content, created);
    let (second, _) = import(&content, &source, &["--quiet"], 2);
    assert_eq!(second.code, 0, "{second}");
    assert_eq!(
        (count(&second.stdout, "created"), count(&second.stdout, "unchanged")),
        (left, created),
        "{second}"
    );
    assert!(!second.stderr.contains(" listings done, "), "--quiet prints no progress\n{second}");
    assert_whole(&content, 10);
}

/// The photos' bytes have a budget too: the listing whose photo does not fit waits for the next
/// run, whole; a listing without photos is imported.
#[test]
fn the_photo_bytes_budget_is_kept() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = photo_site(dir.path());
    let size = std::fs::metadata(site.join("a.jpg")).expect("a photo").len();
    std::fs::copy(site.join("a.jpg"), site.join("b.jpg")).expect("a copy");
    let origin = serve(site.clone());
    let feed = format!(
        "<list>\n{}{}{}</list>",
        feed_listing("B-1", "Villa one", &format!("{origin}/a.jpg")),
        feed_listing("B-2", "Villa two", &format!("{origin}/b.jpg")),
        feed_listing("B-3", "Villa three", ""),
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let budget = (size + size / 2).to_string();
    let (ended, _) =
        import(&content, &format!("{origin}/feed.xml"), &["--photo-bytes", &budget, "--quiet"], 1);
    assert_eq!(ended.code, 1, "{ended}");
    assert!(ended.stdout.contains("was spent: 1 listing that needs new photos was not imported"), "{ended}");
    assert!(ended.stdout.contains("not imported yet: B-2\n"), "{ended}");
    assert_eq!(listing_files(&content), ["villa-one-b-1.yaml", "villa-three-b-3.yaml"]);
    assert_whole(&content, 2);
}
