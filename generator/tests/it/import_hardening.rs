//! What a feed cannot make `estate import` do: write a photo the next build refuses, make an
//! invalid id, or download from this machine and its networks.

use std::path::Path;

use crate::support::{Run, empty_content, estate, feed_listing, listing_files, photo_site, repo, serve};

fn import(content: &Path, source: &str) -> Run {
    estate(repo(), &["import", "propertyfinder", source, "--content", content.to_str().expect("UTF-8")])
}

/// A photo is taken only when the image stage's decoder takes it; a title and reference of
/// punctuation still give a valid id; what the import wrote passes `estate check`.
#[test]
fn only_photos_that_decode_are_written_and_every_id_is_valid() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = photo_site(dir.path());
    std::fs::write(site.join("html.jpg"), b"\xff\xd8\xff<html><body>Not found</body></html>")
        .expect("written");
    let jpeg = std::fs::read(site.join("a.jpg")).expect("a photo");
    std::fs::write(site.join("truncated.jpg"), &jpeg[..jpeg.len() / 2]).expect("written");
    let origin = serve(site.clone());
    let feed = format!(
        "<list>\n{}{}{}</list>",
        feed_listing("P-1", "Villa one", &format!("{origin}/html.jpg")),
        feed_listing("P-2", "Villa two", &format!("{origin}/truncated.jpg")),
        feed_listing("../..", "/// ...", &format!("{origin}/a.jpg")),
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let run = import(&content, &format!("{origin}/feed.xml"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains(":2:1: P-1: not imported:") && run.stderr.contains("html.jpg"), "{run}");
    assert!(run.stderr.contains(":3:1: P-2: not imported:") && run.stderr.contains("truncated"), "{run}");
    let written = listing_files(&content);
    assert_eq!(written.len(), 1, "{written:?}\n{run}");
    assert!(written[0].starts_with("listing-") && written[0] != "listing-.yaml", "{written:?}");
    let check = estate(repo(), &["check", "--content", content.to_str().expect("UTF-8")]);
    assert!(check.success(), "{check}");
}

/// A feed from a file (or a public address) cannot make the import fetch from this machine or
/// its networks; a local feed's own server is trusted, nothing else local.
#[test]
fn photos_at_local_or_private_addresses_are_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = photo_site(dir.path());
    let origin = serve(site.clone());
    let port = origin.rsplit(':').next().expect("a port");
    let feed = format!(
        "<list>\n{}{}{}{}</list>",
        feed_listing("L-1", "Villa one", &format!("{origin}/a.jpg")),
        feed_listing("L-2", "Villa two", "http://10.0.0.1/a.jpg"),
        feed_listing("L-3", "Villa three", "http://169.254.169.254/latest/meta-data/"),
        feed_listing("L-4", "Villa four", &format!("http://[::1]:{port}/a.jpg")),
    );
    let file = dir.path().join("feed.xml");
    std::fs::write(&file, feed).expect("written");
    let run = import(&content, file.to_str().expect("UTF-8"));
    assert_eq!(run.code, 1, "{run}");
    for (line, reference) in [(2, "L-1"), (3, "L-2"), (4, "L-3"), (5, "L-4")] {
        assert!(
            run.stderr.contains(&format!(":{line}:1: {reference}: not imported: refused to download")),
            "{run}"
        );
    }
    assert!(run.stderr.contains("a local or private address"), "{run}");
    assert_eq!(listing_files(&content), Vec::<String>::new());
}

/// A redirect is followed only to an address the same rule allows: the local feed's own server,
/// not another local one.
#[test]
fn a_redirect_to_another_local_host_is_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = photo_site(dir.path());
    let origin = serve(site.clone());
    let port = origin.rsplit(':').next().expect("a port");
    std::fs::write(site.join("same.jpg.redirect"), "/a.jpg").expect("written");
    std::fs::write(site.join("away.jpg.redirect"), format!("http://localhost:{port}/a.jpg"))
        .expect("written");
    let feed = format!(
        "<list>\n{}{}</list>",
        feed_listing("R-1", "Villa one", &format!("{origin}/same.jpg")),
        feed_listing("R-2", "Villa two", &format!("{origin}/away.jpg")),
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let run = import(&content, &format!("{origin}/feed.xml"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains("created") && run.stdout.contains("R-1"), "{run}");
    assert!(run.stderr.contains(":3:1: R-2: not imported: refused to download http://localhost:"), "{run}");
    assert_eq!(listing_files(&content), vec!["villa-one-r-1.yaml".to_owned()]);
}
