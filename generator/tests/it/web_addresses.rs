//! Web addresses in content that a browser and other programs (a portal's fetcher, curl) would
//! read as different places are refused by `estate check` at their field; the others are
//! published in their normal form.

use crate::support::{content_copy, estate, fixtures};

fn replace(path: &std::path::Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{}: {from}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn an_address_with_a_backslash_a_tab_or_a_user_name_is_refused_at_its_field() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    let listing = root.join("content/properties/villa-sea-sun.yaml");
    replace(
        &listing,
        "images: [media/photo.jpg]",
        "images:\n  - \"https://www.fixture.example\\\\@169.254.169.254/latest/meta-data/x.jpg\"\n  - \"https://img.fixture.example/a\\tb.jpg\"\nfloorPlans:\n  - \"https://fixture.example@169.254.169.254/plan.png\"",
    );
    replace(
        &root.join("content/site.yaml"),
        "defaultImage: media/photo.jpg",
        "defaultImage: \"https://fixture.example\\\\@10.0.0.1/x.jpg\"",
    );
    let run = estate(root, &["check"]);
    assert_eq!(run.code, 1, "{run}");
    let text = run.to_string();
    for expected in [
        "content/properties/villa-sea-sun.yaml:11:5: error: `images[0]`: `https://www.fixture.example\\@169.254.169.254/latest/meta-data/x.jpg` has a backslash",
        "content/properties/villa-sea-sun.yaml:12:5: error: `images[1]`: `https://img.fixture.example/ab.jpg` has a space, tab or line break inside",
        "content/properties/villa-sea-sun.yaml:14:5: error: `floorPlans[0]`: `https://fixture.example@169.254.169.254/plan.png` carries a user name or password",
        "content/site.yaml:6:15: error: `defaultImage`: `https://fixture.example\\@10.0.0.1/x.jpg` has a backslash",
    ] {
        assert!(text.contains(expected), "{expected}\n{run}");
    }
}

#[test]
fn an_address_browsers_and_other_programs_read_alike_is_published_in_its_normal_form() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    replace(
        &root.join("content/properties/villa-sea-sun.yaml"),
        "images: [media/photo.jpg]",
        "images: [\"https://IMG.Fixture.Example:443/a/../photos/دبي.jpg\"]\nvideoTour: https://WWW.Vimeo.com/123456",
    );
    let run = estate(root, &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let api = std::fs::read_to_string(root.join("dist/api/properties/villa-sea-sun.json")).unwrap();
    assert!(api.contains("https://img.fixture.example/photos/%D8%AF%D8%A8%D9%8A.jpg"), "{api}");
    assert!(!api.contains("IMG.Fixture"), "{api}");
    let detail = std::fs::read_to_string(root.join("dist/data/detail/villa-sea-sun.json")).unwrap();
    assert!(detail.contains("https://www.vimeo.com/123456") && !detail.contains("WWW.Vimeo"), "{detail}");
}

#[test]
fn a_base_url_that_is_no_origin_is_refused() {
    let dir = content_copy(&fixtures().join("publishing"));
    let root = dir.path();
    replace(&root.join("content/site.yaml"), "baseUrl: https://fixture.example", "baseUrl: \"https://:::\"");
    let run = estate(root, &["check"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(
        run.to_string().contains(
            "content/site.yaml:4:10: error: `baseUrl`: `https://:::` must be the site's origin only"
        ),
        "{run}"
    );
}
