//! The portal feed both ways: `estate build` writes `feeds/portals/propertyfinder.xml`, and
//! `estate import propertyfinder` turns such a feed, fetched with its photos from a local HTTP
//! server, back into content that passes `estate check` and builds.

use crate::support;

use std::path::{Path, PathBuf};

use crate::support::{content_copy, copy_tree, estate, relative_media_in, repo, serve};

const FEED: &str = "feeds/portals/propertyfinder.xml";

/// A content folder with the sample agency's team, developers and vocabularies, and no listings.
fn empty_content(dir: &Path) -> PathBuf {
    let content = dir.join("content");
    // `properties` leaves out media/properties/ too.
    copy_tree(&repo().join("content"), &content, &["properties", "blog"]);
    std::fs::create_dir_all(content.join("properties")).unwrap();
    content
}

fn build(content: &Path, out: &Path, base: &str) -> support::Run {
    let run = estate(
        repo(),
        &[
            "build",
            "--content-only",
            "--content",
            content.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--base-url",
            base,
        ],
    );
    assert!(run.success(), "{run}");
    run
}

fn import(content: &Path, source: &str, more: &[&str]) -> support::Run {
    let mut args = vec!["import", "propertyfinder", source, "--content", content.to_str().unwrap()];
    args.extend(more);
    estate(repo(), &args)
}

/// The feed with each photo's path reduced to its position, which is all an import keeps.
fn without_photo_paths(feed: &str) -> String {
    feed.lines()
        .map(|line| match (line.find("\">http"), line.rfind("</url>")) {
            (Some(start), Some(end)) => format!("{}\">PHOTO{}", &line[..start], &line[end..]),
            _ => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_feed_is_well_formed_and_each_listing_has_what_the_portals_require() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("dist");
    let run = build(&repo().join("content"), &out, "https://www.example.ae");
    assert!(run.stdout.contains("portal feed: 21 listings in, 8 left out"), "{run}");
    let text = std::fs::read_to_string(out.join(FEED)).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let list = doc.root_element();
    assert_eq!(list.tag_name().name(), "list");
    let properties: Vec<_> = list.children().filter(|n| n.has_tag_name("property")).collect();
    assert_eq!(list.attribute("listing_count"), Some(properties.len().to_string().as_str()));
    assert_eq!(properties.len(), 21);
    let date = |s: &str| chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S").is_ok();
    assert!(date(list.attribute("last_update").unwrap()));
    for p in &properties {
        let get =
            |name: &str| p.children().find(|n| n.has_tag_name(name)).and_then(|n| n.text()).map(str::trim);
        let reference = get("reference_number").unwrap();
        assert!(date(p.attribute("last_update").unwrap()), "{reference}");
        assert!(!reference.contains(' '), "{reference}");
        assert!(get("permit_number").is_some_and(|n| !n.is_empty()), "{reference}");
        assert!(["RS", "RR", "CS", "CR"].contains(&get("offering_type").unwrap()), "{reference}");
        assert_eq!(get("property_type").unwrap().len(), 2, "{reference}");
        assert!(get("size").unwrap().parse::<u32>().unwrap() > 0, "{reference}");
        assert!(!get("title_en").unwrap().is_empty() && !get("description_en").unwrap().is_empty());
        assert_eq!(get("city"), Some("Dubai"));
        assert!(get("community").is_some(), "{reference}");
        let photos: Vec<_> = p.descendants().filter(|n| n.has_tag_name("url")).collect();
        assert!(!photos.is_empty(), "{reference}");
        assert!(photos.iter().all(|u| u.text().unwrap().starts_with("https://www.example.ae/media/")));
        let agent = p.children().find(|n| n.has_tag_name("agent")).expect("an agent");
        let field = |name: &str| agent.children().find(|n| n.has_tag_name(name)).and_then(|n| n.text());
        assert!(field("license_no").is_some() && field("email").is_some(), "{reference}");
        assert!(field("phone").unwrap().bytes().all(|b| b.is_ascii_digit()), "{reference}");
        let offering = get("offering_type").unwrap();
        let price = p.children().find(|n| n.has_tag_name("price"));
        if offering.ends_with('R') {
            let rent = price.unwrap().children().find(|n| n.is_element()).unwrap();
            assert!(["yearly", "monthly"].contains(&rent.tag_name().name()), "{reference}");
        } else if let Some(price) = price {
            assert!(price.text().unwrap().parse::<u64>().is_ok(), "{reference}");
        }
    }
    // The Arabic texts and the amenity codes are carried.
    let marina = properties.iter().find(|p| p.children().any(|c| c.text() == Some("PC-R-1001"))).unwrap();
    let get = |name: &str| marina.children().find(|n| n.has_tag_name(name)).and_then(|n| n.text()).unwrap();
    assert!(get("title_ar").contains("مارينا جيت"));
    assert_eq!(get("private_amenities"), "SP,SY,CP,CS,PR,SE");
    assert_eq!(get("geopoints"), "55.1472,25.0869");

    // The 8 left out say they stay off the portals (`portals: false`), so `estate check` is
    // quiet about them; a listing meant for the portals that lacks what they require is warned of.
    let copy = content_copy(&repo().join("content"));
    let content = copy.path().join("content");
    let compact = content.join("properties/compact-studio-near-the-metro.yaml");
    let text = std::fs::read_to_string(&compact).unwrap();
    assert!(text.contains("\nportals: false\n"));
    std::fs::write(&compact, text.replace("\nportals: false\n", "\n")).unwrap();
    let check = estate(repo(), &["check", "--content", content.to_str().unwrap()]);
    let left_out: Vec<&str> =
        check.stderr.lines().filter(|l| l.contains("left out of the portal feed")).collect();
    assert_eq!(left_out.len(), 1, "{check}");
    assert!(
        left_out[0].contains("compact-studio-near-the-metro.yaml")
            && left_out[0].contains("no `images`, `agent`, `location`"),
        "{check}"
    );
}

#[test]
fn an_exported_feed_imports_over_http_checks_builds_and_exports_the_same_feed() {
    let dir = tempfile::tempdir().unwrap();
    let first = dir.path().join("first");
    std::fs::create_dir_all(&first).unwrap();
    // The sample site served locally, so the feed's photo addresses point at it.
    let origin = serve(first.clone());
    build(&repo().join("content"), &first, &origin);
    let content = empty_content(dir.path());
    let feed_url = format!("{origin}/{FEED}");

    let run = import(&content, &feed_url, &[]);
    assert!(run.success(), "{run}");
    assert!(
        run.stdout.contains("21 created, 0 updated, 0 unchanged, 0 skipped, 0 failed; 49 photos"),
        "{run}"
    );
    let file = content.join("properties/marina-gate-two-bedroom-with-full-sea-view-pc-r-1001.yaml");
    let yaml = std::fs::read_to_string(&file).unwrap();
    assert!(
        yaml.starts_with("# yaml-language-server")
            && yaml.contains("# Imported by `estate import propertyfinder`")
    );
    assert!(yaml.contains("agent: sara-al-mansouri") && yaml.contains("developer: select-group"), "{yaml}");
    // Each photo stored as `/media/…`, in every listing written, as the browser CMS writes it.
    assert!(
        yaml.contains("/media/properties/marina-gate-two-bedroom-with-full-sea-view-pc-r-1001/01.jpg"),
        "{yaml}"
    );
    assert_eq!(relative_media_in(&content), Vec::<String>::new());
    // The photos are the images the site published (its largest variant, without metadata).
    let photo = content.join("media/properties/marina-gate-two-bedroom-with-full-sea-view-pc-r-1001/01.jpg");
    assert_eq!(
        std::fs::read(photo).unwrap(),
        std::fs::read(first.join("media/properties/marina-dusk-1.jpg")).unwrap()
    );

    let check = estate(repo(), &["check", "--content", content.to_str().unwrap()]);
    assert!(check.success(), "{check}");
    assert!(!check.stderr.contains("error"), "{check}");

    let second = dir.path().join("second");
    let run = build(&content, &second, &origin);
    assert!(
        run.stdout.contains("21 listings published") && run.stdout.contains("21 listings in, 0 left out"),
        "{run}"
    );
    let routes = std::fs::read_to_string(second.join("data/routes.json")).unwrap();
    assert!(routes.contains("/property/marina-gate-two-bedroom-with-full-sea-view-pc-r-1001"), "{routes}");
    let before = std::fs::read_to_string(first.join(FEED)).unwrap();
    let after = std::fs::read_to_string(second.join(FEED)).unwrap();
    // The import does not fetch floor plans (yet): the first feed's plan is not in the second.
    let without_plans =
        |feed: &str| feed.lines().filter(|l| !l.contains("<floor_plan>")).collect::<Vec<_>>().join("\n");
    assert_eq!(
        without_plans(&before).matches("<video_tour_url>").count(),
        1,
        "the sample's tour is in the feed"
    );
    assert_eq!(without_photo_paths(&without_plans(&before)), without_photo_paths(&without_plans(&after)));
    assert_ne!(before, after, "the photos now live under the imported listings' folders");

    // Importing again changes nothing.
    let run = import(&content, &feed_url, &[]);
    assert!(run.stdout.contains("0 created, 0 updated, 21 unchanged"), "{run}");
}

#[test]
fn an_editors_change_is_kept_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let content = empty_content(dir.path());
    let feed = dir.path().join("feed.xml");
    let listing = |title: &str| {
        format!(
            "<?xml version=\"1.0\"?>\n<list listing_count=\"1\">\n<property last_update=\"2026-11-01 10:00:00\">\
             <reference_number>AB-1</reference_number><permit_number>123</permit_number>\
             <offering_type>RR</offering_type><property_type>AP</property_type>\
             <price><monthly>9000</monthly></price><size>700</size><bedroom>0</bedroom>\
             <title_en><![CDATA[{title}]]></title_en><description_en><![CDATA[Bright.\n\nNear the metro: 2 min.]]></description_en>\
             <community>jumeirah-village-circle</community><private_amenities>BA,XX</private_amenities></property>\n</list>\n"
        )
    };
    std::fs::write(&feed, listing("Studio in JVC")).unwrap();
    let source = feed.to_str().unwrap();
    let run = import(&content, source, &[]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("feed.xml:3:1: AB-1: not imported: amenity code `XX`"), "{run}");
    assert!(std::fs::read_dir(content.join("properties")).unwrap().next().is_none(), "nothing written");

    std::fs::write(&feed, listing("Studio in JVC").replace(",XX", "")).unwrap();
    let run = import(&content, source, &[]);
    assert!(run.success(), "{run}");
    let file = content.join("properties/studio-in-jvc-ab-1.yaml");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("subCategory: Studio") && text.contains("pricePeriod: month"), "{text}");
    assert!(text.contains("\nlocation: Jumeirah Village Circle "), "{text}");

    let edited = text.replace("area: 700", "area: 720");
    std::fs::write(&file, &edited).unwrap();
    std::fs::write(&feed, listing("Studio in JVC, renovated").replace(",XX", "")).unwrap();
    let run = import(&content, source, &[]);
    assert!(run.stderr.contains("AB-1: properties/studio-in-jvc-ab-1.yaml was changed since the last import; --force overwrites it"), "{run}");
    assert!(run.stdout.contains("1 skipped"), "{run}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), edited);

    let run = import(&content, source, &["--dry-run"]);
    assert!(run.stdout.contains("1 skipped") && run.stdout.contains("dry run"), "{run}");
    let run = import(&content, source, &["--force"]);
    assert!(run.stdout.contains("1 updated"), "{run}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("Studio in JVC, renovated") && text.contains("area: 700"),
        "the same file, by reference"
    );
}

#[test]
fn bad_feeds_and_photos_are_reported_with_their_place_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let content = empty_content(dir.path());
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).unwrap();
    std::fs::write(site.join("photo-as-html.jpg"), b"<html>not an image</html>").unwrap();
    std::fs::write(site.join("text.jpg"), b"plain text that claims to be a JPEG").unwrap();
    let origin = serve(site.clone());

    std::fs::write(site.join("broken.xml"), "<list>\n  <property>\n    <size>12</sze>\n</list>").unwrap();
    let run = import(&content, &format!("{origin}/broken.xml"), &[]);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("broken.xml:3:13: malformed XML"), "{run}");

    let property = |reference: &str, photo: &str| {
        format!(
            "<property last_update=\"2026-11-01 10:00:00\"><reference_number>{reference}</reference_number>\
             <offering_type>RS</offering_type><property_type>VH</property_type><size>4000</size>\
             <title_en>Villa {reference}</title_en><photo><url>{origin}/{photo}</url></photo></property>\n"
        )
    };
    let feed = format!(
        "<list>\n{}{}{}{}</list>",
        property("V-1", "photo-as-html.jpg"),
        property("V-2", "text.jpg"),
        property("V-3", "missing.jpg"),
        "<property><offering_type>RS</offering_type></property>\n"
    );
    std::fs::write(site.join("feed.xml"), feed).unwrap();
    let run = import(&content, &format!("{origin}/feed.xml"), &[]);
    assert_eq!(run.code, 1, "{run}");
    assert!(
        run.stderr.contains(":2:1: V-1: not imported:") && run.stderr.contains("`text/html`, not a JPEG"),
        "{run}"
    );
    assert!(
        run.stderr.contains(":3:1: V-2: not imported:") && run.stderr.contains("its bytes are not an image"),
        "{run}"
    );
    assert!(run.stderr.contains(":4:1: V-3: not imported:") && run.stderr.contains("404"), "{run}");
    assert!(
        run.stderr.contains(":5:1: (no reference, line 5): not imported: <reference_number> is missing"),
        "{run}"
    );
    assert!(std::fs::read_dir(content.join("properties")).unwrap().next().is_none(), "no listing written");
    assert!(!content.join("media/properties").exists(), "no photo written");
}

/// An agency's first import names communities, and property types and amenities by name, that
/// the vocabulary does not know yet: each is added once, at the end of its file in the file's own
/// layout, and the listings naming them are imported; a dry run only says so, and a second
/// import changes nothing.
#[test]
fn an_import_adds_the_terms_the_vocabulary_lacks_once_in_the_files_layout() {
    let dir = tempfile::tempdir().unwrap();
    let content = empty_content(dir.path());
    let vocabulary = content.join("vocabulary");
    let read = |name: &str| std::fs::read_to_string(vocabulary.join(name)).unwrap();
    // An agency whose vocabulary has no bungalows.
    let bungalow = "  - key: bungalow\n    en: Bungalow\n    ar: بنغلو\n    ru: Бунгало\n    code: BW\n    kind: villa\n";
    assert!(read("types.yaml").contains(bungalow));
    std::fs::write(vocabulary.join("types.yaml"), read("types.yaml").replace(bungalow, "")).unwrap();
    let (communities, types, amenities) =
        (read("communities.yaml"), read("types.yaml"), read("amenities.yaml"));

    let listing = |reference: &str, community: &str, lng_lat: &str, property_type: &str, amenities: &str| {
        format!(
            "<property last_update=\"2026-11-01 10:00:00\"><reference_number>{reference}</reference_number>\
             <permit_number>71{reference}</permit_number><offering_type>RS</offering_type>\
             <property_type>{property_type}</property_type><price>2500000</price><size>3100</size>\
             <bedroom>4</bedroom><title_en>Family home</title_en><community>{community}</community>\
             <geopoints>{lng_lat}</geopoints><private_amenities>{amenities}</private_amenities></property>\n"
        )
    };
    let feed = dir.path().join("feed.xml");
    std::fs::write(
        &feed,
        format!(
            "<?xml version=\"1.0\"?>\n<list>\n{}{}{}</list>\n",
            listing("MD-1", "Mudon", "55.26504,25.02312", "VH", "BA,smart-home"),
            listing("MD-2", "mudon", "55.2700,25.0300", "bungalow", "Smart home,SP"),
            listing("DM-1", "Dubai Marina", "55.1403,25.0805", "AP", "BA"),
        ),
    )
    .unwrap();
    let source = feed.to_str().unwrap();
    let added = "; vocabulary: 1 amenity, 1 community, 1 property type added";

    let untouched = support::snapshot(&content);
    let run = import(&content, source, &["--dry-run"]);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("3 created, 0 updated") && run.stdout.contains(added), "{run}");
    assert!(run.stderr.contains("community `Mudon` would be added as `mudon`"), "{run}");
    assert_eq!(support::snapshot(&content), untouched, "a dry run writes nothing");

    let run = import(&content, source, &[]);
    assert!(run.success(), "{run}");
    assert!(
        run.stdout.contains("3 created, 0 updated, 0 unchanged, 0 skipped, 0 failed; 0 photos")
            && run.stdout.contains(added),
        "{run}"
    );
    for note in [
        format!(
            "vocabulary/communities.yaml: community `Mudon` added as `mudon` (named by {source}:3:1: MD-1 and 1 more); its Arabic and Russian names are missing"
        ),
        format!(
            "vocabulary/types.yaml: property type `Bungalow` added as `bungalow` (named by {source}:4:1: MD-2)"
        ),
        format!(
            "vocabulary/amenities.yaml: amenity `Smart home` added as `smart-home` (named by {source}:3:1: MD-1 and 1 more)"
        ),
    ] {
        assert!(run.stderr.contains(&note), "{note}\n{run}");
    }
    // Each file as it was, the new term after its last in the same layout.
    assert_eq!(
        read("communities.yaml"),
        format!(
            "{communities}  - key: mudon\n    en: \"Mudon\"\n    coordinates: {{ lat: 25.0231, lng: 55.265 }}\n"
        )
    );
    assert_eq!(read("types.yaml"), format!("{types}  - key: bungalow\n    en: Bungalow\n    kind: villa\n"));
    assert_eq!(read("amenities.yaml"), format!("{amenities}  - key: smart-home\n    en: \"Smart home\"\n"));
    let listing =
        |id: &str| std::fs::read_to_string(content.join("properties").join(format!("{id}.yaml"))).unwrap();
    let first = listing("family-home-md-1");
    assert!(
        first.contains("\nlocation: Mudon ") && first.contains("\namenities: [Balcony, Smart home]\n"),
        "{first}"
    );
    let second = listing("family-home-md-2");
    assert!(second.contains("subCategory: Bungalow") && second.contains("\nlocation: Mudon "), "{second}");
    assert!(second.contains("\namenities: [Smart home, Community pool]\n"), "{second}");

    let check = estate(repo(), &["check", "--content", content.to_str().unwrap()]);
    assert!(check.success() && check.stdout.contains("(0 errors, "), "{check}");
    assert!(check.stderr.contains("community `mudon` has no Arabic name"), "{check}");

    let imported = support::snapshot(&content);
    let run = import(&content, source, &[]);
    assert!(
        run.stdout.contains("0 created, 0 updated, 3 unchanged") && !run.stdout.contains("vocabulary"),
        "{run}"
    );
    assert_eq!(support::snapshot(&content), imported, "a second import changes no file");
}
