//! `content/media/` publishes each file only as what its bytes are: a page, a script or a style
//! sheet there (or one named as a photo) would run on the site's origin, beside the browser
//! editor's sign-in. `estate check` and `estate build` refuse each at its path, a logo is
//! published only as its sanitiser writes it, a hard link is refused as a symbolic link is, and
//! a field's web address must be the agency's own site. The portals' feed carries the
//! sanitised description.

use std::path::Path;

use crate::support::{content_copy, estate, fixtures, repo};

const SCRIPT_SVG: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3">
<script>alert(document.domain)</script>
</svg>"#;

fn write(root: &Path, relative: &str, bytes: &[u8]) {
    let path = root.join("content").join(relative);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn pages_scripts_and_files_not_what_their_name_says_are_refused_at_their_path_and_never_published() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    write(root, "media/x.html", b"<!doctype html><script src=\"/media/x.js\"></script>");
    write(root, "media/x.js", b"fetch('/cms/').then(r => alert(localStorage.length))");
    write(root, "media/style.css", b"body { background: red }");
    write(root, "media/photos/evil.jpg", b"<html><body><script>alert(1)</script></body></html>");
    write(root, "media/logo-script.svg", SCRIPT_SVG.as_bytes());
    write(
        root,
        "media/logo-onload.svg",
        br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>"#,
    );
    write(
        root,
        "media/logo-html.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\">\n<foreignObject><body xmlns=\"http://www.w3.org/1999/xhtml\"><script>alert(1)</script></body></foreignObject></svg>",
    );
    write(
        root,
        "media/logo-remote.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">\n\n<use xlink:href=\"https://evil.example/a.svg#x\"/></svg>",
    );
    // Hidden files are neither published nor errors.
    write(root, "media/.gitkeep", b"");
    let expected = [
        ("media/x.html:1:1", "`x.html` is not published: its bytes are HTML"),
        ("media/x.js:1:1", "`x.js` is not published: its bytes are text (such as a script or a style sheet)"),
        ("media/style.css:1:1", "`style.css` is not published"),
        (
            "media/photos/evil.jpg:1:1",
            "`evil.jpg` is named as a photo (JPEG, PNG or WebP) but its bytes are HTML",
        ),
        ("media/logo-script.svg:2:1", "the drawing holds a script (`<script>`)"),
        ("media/logo-onload.svg:1:41", "an event attribute (`onload`), which runs script"),
        ("media/logo-html.svg:2:1", "embedded HTML (`<foreignObject>`)"),
        (
            "media/logo-remote.svg:3:6",
            "refers to another file or address (`href=\"https://evil.example/a.svg#x\"`)",
        ),
    ];
    for args in [&["check"][..], &["build", "--content-only", "--out", "dist"]] {
        let run = estate(root, args);
        assert_eq!(run.code, 1, "{args:?}: {run}");
        let text = run.to_string();
        for (place, message) in expected {
            assert!(text.contains(&format!("content/{place}: error: ")), "{args:?} {place}: {run}");
            assert!(text.contains(message), "{args:?} {message}: {run}");
        }
        assert!(!text.contains(".gitkeep"), "{run}");
    }
    assert!(!root.join("dist/media").exists(), "a refused build publishes nothing");

    // Once they are gone, the build publishes the rest, and nothing of theirs.
    for file in [
        "x.html",
        "x.js",
        "style.css",
        "photos/evil.jpg",
        "logo-script.svg",
        "logo-onload.svg",
        "logo-html.svg",
        "logo-remote.svg",
    ] {
        std::fs::remove_file(root.join("content/media").join(file)).unwrap();
    }
    let run = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let media = root.join("dist/media");
    assert!(media.join("logo.svg").is_file() && !media.join(".gitkeep").exists());
}

#[test]
fn a_logo_is_published_as_its_sanitiser_writes_it() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    write(
        root,
        "media/logo.svg",
        br##"<?xml version="1.0" encoding="UTF-8"?>
<!-- Generator: a design tool -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:i="http://ns.example/illustrator" viewBox="0 0 40 10" i:ver="1">
  <metadata><i:data>private notes</i:data></metadata>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0f2a44"/></linearGradient></defs>
  <rect width="40" height="10" fill="url(#g)" data-layer="bg"/>
  <text x="2" y="8" font-family="Georgia, serif">PALM &amp; CREST</text>
</svg>
"##,
    );
    let run = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let published = std::fs::read_to_string(root.join("dist/media/logo.svg")).unwrap();
    assert_eq!(
        published,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 10\"><defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#0f2a44\"/></linearGradient></defs><rect width=\"40\" height=\"10\" fill=\"url(#g)\"/><text x=\"2\" y=\"8\" font-family=\"Georgia, serif\">PALM &amp; CREST</text></svg>\n"
    );
    // The content file is the editor's, untouched, and has no second name.
    let source = root.join("content/media/logo.svg");
    assert!(std::fs::read_to_string(&source).unwrap().contains("private notes"));
    use std::os::unix::fs::MetadataExt;
    assert_eq!(std::fs::metadata(&source).unwrap().nlink(), 1);
    assert_eq!(std::fs::metadata(root.join("content/media/photo.svg")).unwrap().nlink(), 1);
    // A second build (nothing changed) passes its own check: the build made no hard links.
    let again = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert!(again.success(), "{again}");
}

#[test]
fn a_hard_linked_media_file_is_refused_and_never_published() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.svg");
    std::fs::write(&secret, r#"<svg xmlns="http://www.w3.org/2000/svg"><title>s3cr3t-hl</title></svg>"#)
        .unwrap();
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    std::fs::hard_link(&secret, root.join("content/media/partner.svg")).unwrap();
    let check = estate(root, &["check"]);
    assert_eq!(check.code, 1, "{check}");
    assert!(
        check.to_string().contains("content/media/partner.svg:1:1: error: `partner.svg` is a hard link"),
        "{check}"
    );
    assert!(!check.to_string().contains("s3cr3t-hl"), "no excerpt of a hard-linked file: {check}");
    let build = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert_eq!(build.code, 1, "{build}");
    assert!(!build.to_string().contains("s3cr3t-hl"), "{build}");
    assert!(!root.join("dist/media/partner.svg").exists());
}

#[test]
fn a_build_that_once_hard_linked_media_into_its_output_is_mended() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    let run = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    // An older build linked each media file into its output.
    let (source, published) = (root.join("content/media/logo.svg"), root.join("dist/media/logo.svg"));
    std::fs::remove_file(&published).unwrap();
    std::fs::hard_link(&source, &published).unwrap();
    let run = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    use std::os::unix::fs::MetadataExt;
    assert_eq!(std::fs::metadata(&source).unwrap().nlink(), 1);
}

#[test]
fn web_addresses_in_media_fields_must_be_the_agencys_own_and_videos_must_be_videos() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    let listing = root.join("content/properties/villa-sea-sun.yaml");
    let text = std::fs::read_to_string(&listing).unwrap();
    let text = text.replace(
        "images: [media/photo.jpg]",
        "images:\n  - http://169.254.169.254/latest/meta-data/\n  - https://evil.example/a.jpg\n  - https://img.fixture.example/a.jpg",
    );
    std::fs::write(&listing, text).unwrap();
    let site = root.join("content/site.yaml");
    let text = std::fs::read_to_string(&site).unwrap();
    std::fs::write(
        &site,
        text.replace(
            "all: { poster: media/photo.jpg }",
            "all: { poster: media/photo.jpg, video: media/logo.svg }",
        ),
    )
    .unwrap();
    let run = estate(root, &["check"]);
    assert_eq!(run.code, 1, "{run}");
    let text = run.to_string();
    assert!(
        text.contains("content/properties/villa-sea-sun.yaml:11:5: error: `images[0]`: `http://169.254.169.254/latest/meta-data/` names a computer by its number"),
        "{run}"
    );
    assert!(
        text.contains("villa-sea-sun.yaml:12:5: error: `images[1]`: `https://evil.example/a.jpg` is not on the agency's own site: photos given by address must be on fixture.example"),
        "{run}"
    );
    assert!(!text.contains("images[2]"), "a host under the site's domain is its CDN: {run}");
    assert!(
        text.contains("error: `hero.all.video`: `media/logo.svg` is an SVG drawing, and this field shows a video (MP4 or WebM)"),
        "{run}"
    );
}

#[test]
fn the_portal_feed_carries_the_sanitised_description() {
    let dir = content_copy(&repo().join("content"));
    let root = dir.path();
    let listing = root.join("content/properties/marina-gate-two-bedroom-sea-view.yaml");
    let text = std::fs::read_to_string(&listing).unwrap();
    let text = text.replacen(
        "description: |\n",
        "description: |\n  **Sea** [view](/contact-us).\n\n  <script>alert(1)</script><img src=\"/media/properties/living-1.jpg\" onerror=\"alert(2)\">\n\n  ![meta](http://169.254.169.254/latest/meta-data/)\n\n",
        1,
    );
    std::fs::write(&listing, text).unwrap();
    let run =
        estate(root, &["build", "--content-only", "--out", "dist", "--base-url", "https://www.example.ae"]);
    assert!(run.success(), "{run}");
    let feed = std::fs::read_to_string(root.join("dist/feeds/portals/propertyfinder.xml")).unwrap();
    let doc = roxmltree::Document::parse(&feed).unwrap();
    let listing = doc
        .descendants()
        .find(|n| n.has_tag_name("property") && n.descendants().any(|c| c.text() == Some("PC-R-1001")))
        .unwrap_or_else(|| panic!("{feed}"));
    let description = |name: &str| {
        listing
            .children()
            .find(|n| n.has_tag_name(name))
            .and_then(|n| n.text())
            .unwrap_or_default()
            .to_owned()
    };
    let english = description("description_en");
    assert!(
        !english.contains("<script") && !english.contains("onerror") && !english.contains("alert(1)"),
        "{english}"
    );
    assert!(
        english.starts_with(r#"<p><strong>Sea</strong> <a href="https://www.example.ae/contact-us" rel="noopener noreferrer">view</a>.</p>"#),
        "{english}"
    );
    assert!(description("description_ar").starts_with("<p>شقة مشرقة"), "the Arabic too, as HTML");
}

#[test]
fn a_photo_field_takes_a_photo_only_and_a_logo_field_a_drawing_too() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    // A drawing that its sanitiser publishes (no script in it) is still no photo: the pages'
    // picture sizes, the portals' feed and the social cards need a JPEG, PNG or WebP.
    let listing = root.join("content/properties/villa-sea-sun.yaml");
    let text = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(
        &listing,
        text.replace("images: [media/photo.jpg]", "images: [media/photo.jpg, media/logo.svg]"),
    )
    .unwrap();
    let site = root.join("content/site.yaml");
    let text = std::fs::read_to_string(&site).unwrap();
    std::fs::write(&site, text.replace("defaultImage: media/photo.jpg", "defaultImage: media/photo.svg"))
        .unwrap();
    for args in [&["check"][..], &["build", "--content-only", "--out", "dist"]] {
        let run = estate(root, args);
        assert_eq!(run.code, 1, "{args:?}: {run}");
        let text = run.to_string();
        assert!(
            text.contains("content/properties/villa-sea-sun.yaml:10:27: error: `images[1]`: `media/logo.svg` is an SVG drawing, and this field shows a photo (JPEG, PNG or WebP)"),
            "{args:?}: {run}"
        );
        assert!(
            text.contains("content/site.yaml:6:15: error: `defaultImage`: `media/photo.svg` is an SVG drawing, and this field shows a photo (JPEG, PNG or WebP)"),
            "{args:?}: {run}"
        );
        // The site's logo is an SVG drawing, which a logo field takes.
        assert!(!text.contains("`logo`"), "{args:?}: {run}");
        assert_eq!(text.matches(": error: ").count(), 2, "{args:?}: {run}");
    }
}

#[test]
fn a_photo_the_image_stage_would_refuse_is_an_error_of_check_where_the_build_reports_it() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    let jpeg = std::fs::read(root.join("content/media/photo.jpg")).unwrap();
    // Headers that read as a JPEG, data that does not: cut short, or a page behind the magic.
    write(root, "media/half.jpg", &jpeg[..jpeg.len() / 2]);
    write(root, "media/page.jpg", b"\xff\xd8\xff<html><script>alert(1)</script></html>");
    let listing = root.join("content/properties/villa-sea-sun.yaml");
    let text = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(
        &listing,
        text.replace("images: [media/photo.jpg]", "images: [media/half.jpg, media/page.jpg]"),
    )
    .unwrap();
    let errors = |text: &str| -> Vec<String> {
        let mut lines: Vec<String> =
            text.lines().filter(|l| l.contains(": error: ")).map(|l| l.trim().to_owned()).collect();
        lines.sort();
        lines
    };
    let check = estate(root, &["check"]);
    assert_eq!(check.code, 1, "{check}");
    let build = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert_eq!(build.code, 1, "{build}");
    let said = errors(&check.to_string());
    assert_eq!(said, errors(&build.to_string()), "check says what the build says\n{check}\n{build}");
    assert_eq!(said.len(), 2, "{check}");
    assert!(
        said[0].contains("content/properties/villa-sea-sun.yaml:10:10: error: image `media/half.jpg`: corrupt or truncated image"),
        "{check}"
    );
    assert!(
        said[1].contains("content/properties/villa-sea-sun.yaml:10:26: error: image `media/page.jpg`: corrupt or truncated image"),
        "{check}"
    );
}

/// A video or a map archive is checked through to its end: its first bytes followed by a page
/// (a polyglot) are refused at its path by `estate check` and the build, and never published.
#[test]
fn a_video_or_map_archive_with_a_page_behind_its_first_bytes_is_refused() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    let page = b"<!doctype html><html><script>alert(document.domain)</script></html>";
    write(root, "media/tour.mp4", &[&b"\0\0\0\x14ftypisom\0\0\x02\0isom"[..], page].concat());
    write(root, "media/tour.webm", &[&[0x1A, 0x45, 0xDF, 0xA3][..], page].concat());
    let mut archive = std::fs::read(repo().join("content/media/map/sample-dubai.pmtiles")).unwrap();
    archive.extend_from_slice(page);
    write(root, "media/map/city.pmtiles", &archive);
    for args in [&["check"][..], &["build", "--content-only", "--out", "dist"]] {
        let run = estate(root, args);
        assert_eq!(run.code, 1, "{args:?}: {run}");
        let text = run.to_string();
        for (place, starts) in [
            ("media/tour.mp4", "a video (MP4 or WebM)"),
            ("media/tour.webm", "a video (MP4 or WebM)"),
            ("media/map/city.pmtiles", "a map tile archive (PMTiles)"),
        ] {
            let name = place.rsplit('/').next().unwrap();
            let expected = format!(
                "content/{place}:1:1: error: `{name}` is not published: it starts as {starts} but is not one through to its end"
            );
            assert!(text.contains(&expected), "{args:?} {expected}: {run}");
        }
    }
    assert!(!root.join("dist/media").exists(), "a refused build publishes nothing");
}
