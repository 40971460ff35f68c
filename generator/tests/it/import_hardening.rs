//! What a feed cannot make `estate import` do: write a photo the next build refuses, make an
//! invalid id, or download from this machine and its networks.

use std::path::{Path, PathBuf};

use crate::support::{Run, copy_tree, estate, repo, serve};

/// A content folder with the sample's team, developers and vocabularies, no listings.
fn empty_content(dir: &Path) -> PathBuf {
    let content = dir.join("content");
    copy_tree(&repo().join("content"), &content, &["properties", "blog"]);
    std::fs::create_dir_all(content.join("properties")).expect("a folder");
    content
}

/// A folder for the server, with a real photo `a.jpg`.
fn site(dir: &Path) -> PathBuf {
    let site = dir.join("site");
    std::fs::create_dir_all(&site).expect("a folder");
    std::fs::copy(repo().join("content/media/properties/bay-tower-1.jpg"), site.join("a.jpg"))
        .expect("a copy");
    site
}

/// One listing of a feed, at line `line`, with `title` and the photo at `photo`.
fn listing(reference: &str, title: &str, photo: &str) -> String {
    format!(
        "<property last_update=\"2026-11-01 10:00:00\"><reference_number>{reference}</reference_number>\
         <offering_type>RS</offering_type><property_type>VH</property_type><size>4000</size>\
         <price>1000000</price><title_en>{title}</title_en><photo><url>{photo}</url></photo></property>\n"
    )
}

fn import(content: &Path, source: &str) -> Run {
    estate(repo(), &["import", "propertyfinder", source, "--content", content.to_str().expect("UTF-8")])
}

fn listings(content: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(content.join("properties"))
        .expect("listed")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A photo is taken only when the image stage's decoder takes it; a title and reference of
/// punctuation still give a valid id; what the import wrote passes `estate check`.
#[test]
fn only_photos_that_decode_are_written_and_every_id_is_valid() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = site(dir.path());
    std::fs::write(site.join("html.jpg"), b"\xff\xd8\xff<html><body>Not found</body></html>")
        .expect("written");
    let jpeg = std::fs::read(site.join("a.jpg")).expect("a photo");
    std::fs::write(site.join("truncated.jpg"), &jpeg[..jpeg.len() / 2]).expect("written");
    let origin = serve(site.clone());
    let feed = format!(
        "<list>\n{}{}{}</list>",
        listing("P-1", "Villa one", &format!("{origin}/html.jpg")),
        listing("P-2", "Villa two", &format!("{origin}/truncated.jpg")),
        listing("../..", "/// ...", &format!("{origin}/a.jpg")),
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let run = import(&content, &format!("{origin}/feed.xml"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains(":2:1: P-1: not imported:") && run.stderr.contains("html.jpg"), "{run}");
    assert!(run.stderr.contains(":3:1: P-2: not imported:") && run.stderr.contains("truncated"), "{run}");
    let written = listings(&content);
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
    let site = site(dir.path());
    let origin = serve(site.clone());
    let port = origin.rsplit(':').next().expect("a port");
    let feed = format!(
        "<list>\n{}{}{}{}</list>",
        listing("L-1", "Villa one", &format!("{origin}/a.jpg")),
        listing("L-2", "Villa two", "http://10.0.0.1/a.jpg"),
        listing("L-3", "Villa three", "http://169.254.169.254/latest/meta-data/"),
        listing("L-4", "Villa four", &format!("http://[::1]:{port}/a.jpg")),
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
    assert_eq!(listings(&content), Vec::<String>::new());
}

/// A redirect is followed only to an address the same rule allows: the local feed's own server,
/// not another local one.
#[test]
fn a_redirect_to_another_local_host_is_refused() {
    let dir = tempfile::tempdir().expect("a folder");
    let content = empty_content(dir.path());
    let site = site(dir.path());
    let origin = serve(site.clone());
    let port = origin.rsplit(':').next().expect("a port");
    std::fs::write(site.join("same.jpg.redirect"), "/a.jpg").expect("written");
    std::fs::write(site.join("away.jpg.redirect"), format!("http://localhost:{port}/a.jpg"))
        .expect("written");
    let feed = format!(
        "<list>\n{}{}</list>",
        listing("R-1", "Villa one", &format!("{origin}/same.jpg")),
        listing("R-2", "Villa two", &format!("{origin}/away.jpg")),
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let run = import(&content, &format!("{origin}/feed.xml"));
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stdout.contains("created") && run.stdout.contains("R-1"), "{run}");
    assert!(run.stderr.contains(":3:1: R-2: not imported: refused to download http://localhost:"), "{run}");
    assert_eq!(listings(&content), vec!["villa-one-r-1.yaml".to_owned()]);
}
