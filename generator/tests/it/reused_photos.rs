//! `estate check` on photos two listings show: a copy of another listing's photo (resized,
//! saved again, lightly cropped; made here with the `image` crate) is a warning at the later
//! listing's photo field naming both listings and both photos; units of one off-plan project may
//! share photos; and a check after a build decodes no photo (the fingerprints are the image
//! stage's, kept in its cache).

use std::path::Path;

use raster::image::{self, RgbImage, imageops};

use crate::support::{content_copy, estate, estate_command, repo, run};

fn photo(content: &Path, name: &str) -> RgbImage {
    raster::decode(&std::fs::read(content.join("media/properties").join(name)).unwrap()).unwrap()
}

fn save_jpeg(image: &RgbImage, quality: u8, to: &Path) {
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, quality).encode_image(image).unwrap();
    std::fs::write(to, bytes).unwrap();
}

/// `file`'s text with `from` replaced by `to` (once, and it must be there).
fn replace(file: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(from), "{} names {from}", file.display());
    std::fs::write(file, text.replacen(from, to, 1)).unwrap();
}

fn reused(output: &str) -> Vec<&str> {
    output.lines().filter(|l| l.contains(": warning: photo `")).collect()
}

#[test]
fn a_copy_of_another_listings_photo_is_a_warning_naming_both_listings_and_both_photos() {
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    // The JVC studio's tower, made smaller and saved again at a low quality, as the Sidra villa's
    // second photo; the Ranches villa's front with 4% off the left and 3% off the bottom, as the
    // Creek Harbour flat's third. Both are newer listings than the ones they copy from.
    let tower = photo(&content, "jvc-tower-1.jpg");
    let smaller = imageops::resize(&tower, 800, 533, imageops::FilterType::Triangle);
    save_jpeg(&smaller, 60, &content.join("media/properties/sidra-tower.jpg"));
    let villa = photo(&content, "ranches-villa-1.jpg");
    let cropped = imageops::crop_imm(&villa, 48, 0, 1152, 776).to_image();
    save_jpeg(&cropped, 85, &content.join("media/properties/creek-villa.jpg"));
    let listings = content.join("properties");
    replace(&listings.join("dubai-hills-sidra-villa.yaml"), "hills-villa-pool-1.jpg", "sidra-tower.jpg");
    replace(
        &listings.join("creek-harbour-waterfront-one-bedroom.yaml"),
        "creek-harbour-3.jpg",
        "creek-villa.jpg",
    );

    let check = estate(dir.path(), &["check"]);
    assert!(check.success(), "{check}");
    let output = check.to_string();
    let warnings = reused(&output);
    assert_eq!(warnings.len(), 2, "{check}");
    assert!(warnings.contains(&
        "content/properties/dubai-hills-sidra-villa.yaml:17:47: warning: photo `media/properties/sidra-tower.jpg` is the same picture as `media/properties/jvc-tower-1.jpg`, a photo of the listing “Furnished Studio with Balcony in JVC” (properties/jvc-studio-for-rent.yaml): the portals take a listing whose photos another listing has for a duplicate, and rank it down or refuse it"
    ), "{check}");
    assert!(warnings.iter().any(|w| w.starts_with("content/properties/creek-harbour-waterfront-one-bedroom.yaml:27:")
        && w.contains("photo `media/properties/creek-villa.jpg` is the same picture as `media/properties/ranches-villa-1.jpg`, a photo of the listing “Four-Bedroom Family Villa with Pool in Arabian Ranches” (properties/arabian-ranches-family-villa-for-rent.yaml)")), "{check}");
    assert!(output.contains("hint: give each listing its own photos"), "{check}");
    assert!(output.contains("(0 errors, 2 warnings)"), "{check}");
}

#[test]
fn units_of_one_off_plan_project_may_share_its_photos_and_other_listings_may_not() {
    let dir = content_copy(&repo().join("content"));
    let listings = dir.path().join("content/properties");
    // A second unit of the Creek Harbour tower, with the first's renders.
    let original =
        std::fs::read_to_string(listings.join("creek-harbour-waterfront-one-bedroom.yaml")).unwrap();
    let unit = original
        .replacen(
            "title: Waterfront One-Bedroom at Dubai Creek Harbour",
            "title: Second Waterfront One-Bedroom",
            1,
        )
        .replacen("reference: PC-O-3001", "reference: PC-O-3099", 1)
        .replacen("permitNumber: \"7134402218\"", "permitNumber: \"7134402299\"", 1)
        .replacen("rev/qr/7134402218", "rev/qr/7134402299", 1);
    let second = listings.join("creek-harbour-second-unit.yaml");
    std::fs::write(&second, &unit).unwrap();
    let check = estate(dir.path(), &["check"]);
    assert!(check.success(), "{check}");
    assert_eq!(reused(&check.to_string()), Vec::<&str>::new(), "{check}");

    // Another project's unit (or any other listing) with the same photos: one warning per photo,
    // naming both listings.
    std::fs::write(
        &second,
        unit.replacen("projectName: Creekside Vista Tower 2", "projectName: Creekside Vista Tower 3", 1),
    )
    .unwrap();
    let check = estate(dir.path(), &["check"]);
    let output = check.to_string();
    let warnings = reused(&output);
    assert_eq!(warnings.len(), 3, "{check}");
    for (i, name) in ["creek-harbour-1.jpg", "creek-harbour-2.jpg", "creek-harbour-3.jpg"].iter().enumerate()
    {
        // The same date: the listing whose id comes first is the first.
        let column = [10, 49, 88][i];
        let expected = format!(
            "content/properties/creek-harbour-waterfront-one-bedroom.yaml:27:{column}: warning: photo `media/properties/{name}` is also a photo of the listing “Second Waterfront One-Bedroom” (properties/creek-harbour-second-unit.yaml)"
        );
        assert!(warnings.iter().any(|w| w.starts_with(&expected)), "{expected}\n{check}");
    }
}

/// The fingerprints are kept with the image stage's variants: without its cache `estate check`
/// decodes every photo; after a build, none.
#[test]
fn a_check_after_a_build_decodes_no_photo() {
    let dir = content_copy(&repo().join("content"));
    let empty = tempfile::tempdir().unwrap();
    let uncached = run(estate_command(dir.path()).env("ESTATE_IMAGE_CACHE", empty.path()).arg("check"));
    assert!(uncached.success(), "{uncached}");
    let photos = walkdir_count(&dir.path().join("content/media"));
    assert!(
        uncached.stdout.contains(&format!("estate check: {photos} photos compared ({photos} decoded)")),
        "{uncached}"
    );

    let build = estate(dir.path(), &["build", "--content-only", "--content", "content", "--out", "dist"]);
    assert!(build.success(), "{build}");
    let check = estate(dir.path(), &["check"]);
    assert!(check.success(), "{check}");
    assert!(check.stdout.contains(&format!("estate check: {photos} photos compared (0 decoded)")), "{check}");
    assert!(reused(&check.to_string()).is_empty(), "{check}");
}

/// The raster photos under `media` (JPEG, PNG, WebP).
fn walkdir_count(media: &Path) -> usize {
    let mut count = 0;
    let mut folders = vec![media.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path
                .extension()
                .is_some_and(|e| ["jpg", "jpeg", "png", "webp"].contains(&&*e.to_string_lossy()))
            {
                count += 1;
            }
        }
    }
    count
}
