//! The image stage through `estate build`, on a copy of the sample content with one listing
//! photo replaced by a fixture of `tests/fixtures/images`: a bad image stops the build at the
//! YAML that names it, with its reason, and nothing is written; a phone photo's GPS position is
//! never published.

use std::path::Path;

use crate::support::{content_copy, estate, fixtures, repo};

/// The photo the fixtures replace, and where `properties/marina-gate-two-bedroom-sea-view.yaml`
/// names it (line 19, column 10).
const PHOTO: &str = "media/properties/marina-dusk-1.jpg";
const LISTING: &str = "properties/marina-gate-two-bedroom-sea-view.yaml";

fn with_photo(fixture: &str) -> tempfile::TempDir {
    let dir = content_copy(&repo().join("content"));
    std::fs::copy(fixtures().join("images").join(fixture), dir.path().join("content").join(PHOTO)).unwrap();
    dir
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn each_bad_image_stops_the_build_at_its_reference_with_its_reason_and_writes_nothing() {
    let cases = [
        // Told by their first bytes in `estate check`, before the image stage.
        (
            "not-an-image.jpg",
            ": `marina-dusk-1.jpg` is named as a photo (JPEG, PNG or WebP) but its bytes are HTML",
        ),
        ("truncated.jpg", ": corrupt or truncated image: the JPEG data stops before its end marker"),
        (
            "bomb.png",
            " is too large: 100000x100000 is 10000000000 pixels, over the limit of 50000000 (50 megapixels)",
        ),
        (
            "gif-named-jpg.jpg",
            ": `marina-dusk-1.jpg` is named as a photo (JPEG, PNG or WebP) but its bytes are a GIF image",
        ),
    ];
    for (fixture, reason) in cases {
        let dir = with_photo(fixture);
        let run = estate(dir.path(), &["build", "--content", "content", "--out", "dist", "--content-only"]);
        assert_eq!(run.code, 1, "{fixture}: {run}");
        let listing = Path::new("content").join(LISTING);
        // Named as the listing writes it (`/media/…`) by the content checks, by its path under
        // content/ by the image stage.
        let expected = [format!("/{PHOTO}"), PHOTO.to_owned()]
            .map(|named| format!("{}:19:10: error: image `{named}`{reason}", listing.display()));
        assert!(
            expected.iter().any(|e| run.stderr.contains(e)),
            "{fixture}: expected\n{expected:?}\nin\n{run}"
        );
        assert!(run.stderr.contains("nothing was written"), "{fixture}: {run}");
        assert!(!dir.path().join("dist").exists(), "{fixture}: the output folder was written");
    }
}

#[test]
fn a_bad_image_leaves_the_last_build_as_it_was() {
    let dir = content_copy(&repo().join("content"));
    let build = || estate(dir.path(), &["build", "--content", "content", "--out", "dist", "--content-only"]);
    let first = build();
    assert!(first.success(), "{first}");
    let listing = |dir: &Path| std::fs::read_dir(dir.join("dist/media/_img")).unwrap().count();
    let variants = listing(dir.path());
    let published = std::fs::read(dir.path().join("dist").join(PHOTO)).unwrap();

    std::fs::copy(fixtures().join("images/truncated.jpg"), dir.path().join("content").join(PHOTO)).unwrap();
    let second = build();
    assert_eq!(second.code, 1, "{second}");
    assert_eq!(listing(dir.path()), variants);
    assert_eq!(std::fs::read(dir.path().join("dist").join(PHOTO)).unwrap(), published);
}

#[test]
fn a_phone_photo_is_published_without_its_gps_position() {
    let fixture = std::fs::read(fixtures().join("images/gps.jpg")).unwrap();
    // The fixture carries an EXIF GPS IFD (tag 0x8825) with a latitude of 25 12' 17.28" N.
    assert!(contains(&fixture, b"Exif\0\0MM") && contains(&fixture, &[0x88, 0x25]));
    let dir = with_photo("gps.jpg");
    let run = estate(dir.path(), &["build", "--content", "content", "--out", "dist", "--content-only"]);
    assert!(run.success(), "{run}");

    let images: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("dist/data/images.json")).unwrap()).unwrap();
    let record = &images[format!("/{PHOTO}")];
    let mut published: Vec<String> = vec![format!("/{PHOTO}")];
    for variant in record["variants"].as_array().expect("the photo's variants") {
        published.push(variant["src"].as_str().unwrap().to_owned());
        published.push(variant["webp"].as_str().unwrap().to_owned());
    }
    assert!(published.len() >= 5, "{published:?}");
    for url in &published {
        let bytes = std::fs::read(dir.path().join("dist").join(url.trim_start_matches('/'))).unwrap();
        assert!(!contains(&bytes, b"Exif"), "{url} carries EXIF");
        assert!(!contains(&bytes, &[0x88, 0x25]) || !contains(&bytes, b"MM\0*"), "{url} carries a GPS IFD");
        // The latitude's seconds (1728/100) as the fixture writes them.
        assert!(!contains(&bytes, &[0, 0, 0x06, 0xC0, 0, 0, 0, 0x64]), "{url} carries the latitude");
    }
}

#[test]
fn the_api_records_carry_the_first_photo_with_its_webp_variants() {
    // What the search results' cards draw: the listing's first photo as the image stage published
    // it, its WebP variants as a srcset, without the JPEG list (every browser the site supports
    // reads WebP, and it would add a sixth to api/properties.json).
    let dir = content_copy(&repo().join("content"));
    let run = estate(dir.path(), &["build", "--content", "content", "--out", "dist", "--content-only"]);
    assert!(run.success(), "{run}");
    let read = |path: &str| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(dir.path().join("dist").join(path)).unwrap()).unwrap()
    };
    let (images, properties) = (read("data/images.json"), read("api/properties.json"));
    let listing = properties
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "marina-gate-two-bedroom-sea-view")
        .expect("the listing");
    let picture = &listing["picture"];
    let record = &images[format!("/{PHOTO}")];
    let webp: Vec<String> = record["variants"]
        .as_array()
        .expect("the photo's variants")
        .iter()
        .map(|v| format!("{} {}w", v["webp"].as_str().unwrap(), v["width"]))
        .collect();
    assert_eq!(picture["src"], listing["Images"][0]);
    assert_eq!(picture["src"], format!("/{PHOTO}"));
    assert_eq!(picture["webp"], webp.join(", "));
    assert_eq!((&picture["width"], &picture["height"]), (&record["width"], &record["height"]));
    assert!(picture["color"].as_str().is_some_and(|c| c.starts_with('#')), "{picture}");
    assert!(picture.get("srcset").is_none(), "{picture}");
    // The same record is the listing's own file.
    assert_eq!(&read("api/properties/marina-gate-two-bedroom-sea-view.json")["picture"], picture);
}
