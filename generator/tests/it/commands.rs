//! `estate check` on the sample, `estate new`, `estate demo` and `estate schema`, run as an editor
//! would run them.

use crate::support::{content_copy, estate, fixtures, relative_media, relative_media_in, repo};

/// The sample is what a newcomer's first `estate check`, `build` and `serve` print: a warning in
/// it would bury the warnings of their own edits. It is fully translated, and the listings kept
/// incomplete on purpose (to show the cards' fallbacks) say that they stay off the portals.
#[test]
fn the_sample_content_has_no_warning_and_is_fully_translated() {
    for args in [&["check"][..], &["check", "--require-languages", "ar,ru"], &["check", "--strict"]] {
        let run = estate(repo(), args);
        assert!(run.success(), "{run}");
        let output = run.to_string();
        assert!(output.contains("(0 errors, 0 warnings)") && !output.contains("warning:"), "{run}");
    }
    let run = estate(repo(), &["check", "--format", "github"]);
    assert!(run.success(), "{run}");
    let output = run.to_string();
    assert!(!output.contains("::error") && !output.contains("::warning"), "{run}");
}

/// `estate check --report`: every available listing of the sample with its score, the weakest
/// first, each with what to add in an editor's words, then each agent's mean; the check itself
/// passes as before.
#[test]
fn the_quality_report_lists_every_listing_weakest_first_with_what_to_add() {
    let run = estate(repo(), &["check", "--report"]);
    assert!(run.success(), "{run}");
    let (listings, agents) =
        run.stdout.split_once("\nBy agent: listings, mean score\n").expect("the agents' part");
    let scores: Vec<u8> = listings
        .lines()
        .filter(|line| !line.starts_with("        ") && !line.starts_with("Listing quality"))
        .map(|line| line.split_whitespace().next().and_then(|n| n.parse().ok()).expect("a score first"))
        .collect();
    assert_eq!(scores.len(), 29, "every available listing of the sample: {run}");
    assert!(scores.windows(2).all(|pair| pair[0] <= pair[1]), "the weakest first: {scores:?}");
    assert!(listings.contains("(compact-studio-near-the-metro)\n        - Add "), "{run}");
    assert!(
        !listings.contains("pricePeriod") && !listings.contains("floorPlans"),
        "the CMS's words, not keys: {run}"
    );
    let counted: usize =
        agents.lines().filter_map(|line| line.split_whitespace().next()?.parse::<usize>().ok()).sum();
    assert_eq!(counted, 29, "{agents}");
}

/// A partner's sentence is translated in its own `ar:` / `ru:` block: one left English is a
/// coverage warning, like a record's.
#[test]
fn a_partner_without_its_translation_is_a_coverage_warning() {
    let dir = crate::support::content_copy(&repo().join("content"));
    let path = dir.path().join("content/site.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    let russian = text.find("    ru:\n      text: \"Независимые").expect("the first partner's Russian text");
    let end = russian + text[russian..].find(".\"\n").expect("its end") + 3;
    std::fs::write(&path, format!("{}{}", &text[..russian], &text[end..])).unwrap();
    let run = estate(dir.path(), &["check"]);
    assert!(run.success(), "{run}");
    let warning = "site.yaml:22:5: warning: no Russian translation: `ru.text` of the partner `Falcon Mortgage Advisory` missing";
    assert!(run.stderr.contains(warning), "{run}");
    assert!(!run.stderr.contains("no Arabic translation"), "{run}");
    let strict = estate(dir.path(), &["check", "--require-languages", "ru"]);
    assert_eq!(strict.code, 1, "{strict}");
}

/// The scale demo a newcomer tries writes complete listings (permit, agent, community, a type
/// with a portal code, photos of their own), translated records, and its communities' guide
/// texts and market figures, all as an editor could have written them: YAML listings (the browser
/// editor opens no other), every media value as `/media/…`. `estate check` warns of nothing.
#[test]
fn a_200_listing_demo_checks_without_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let run = estate(dir.path(), &["demo", "--properties", "200", "--posts", "20", "--out", "demo"]);
    assert!(run.success(), "{run}");
    assert_eq!(relative_media_in(&dir.path().join("demo")), Vec::<String>::new());
    let markdown = std::fs::read_dir(dir.path().join("demo/properties"))
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x != "yaml"))
        .count();
    assert_eq!(markdown, 0, "every listing a YAML file");
    for args in
        [&["check", "--content", "demo"][..], &["check", "--content", "demo", "--require-languages", "ar,ru"]]
    {
        let run = estate(dir.path(), args);
        assert!(run.success(), "{run}");
        assert!(run.to_string().contains("(0 errors, 0 warnings)"), "{run}");
    }
    // With --shared-photos its listings show the 12 full-size photos of its posts and team, each
    // named once as a photo other listings show too.
    let run = estate(
        dir.path(),
        &["demo", "--properties", "200", "--posts", "20", "--out", "shared", "--shared-photos"],
    );
    assert!(run.success(), "{run}");
    assert_eq!(relative_media_in(&dir.path().join("shared")), Vec::<String>::new());
    let run = estate(dir.path(), &["check", "--content", "shared"]);
    assert!(run.success() && run.to_string().contains("(0 errors, 12 warnings)"), "{run}");
    let output = run.to_string();
    let shared: Vec<&str> = output.lines().filter(|l| l.contains("is also a photo of the listing")).collect();
    assert_eq!(shared.len(), 12, "{run}");
    assert!(shared.iter().all(|l| l.contains("other listings show it too")), "{run}");
}

#[test]
fn demo_content_is_valid_and_the_same_for_the_same_seed() {
    let dir = tempfile::tempdir().unwrap();
    let run =
        estate(dir.path(), &["demo", "--properties", "40", "--posts", "5", "--out", "a", "--seed", "7"]);
    assert!(run.success(), "{run}");
    assert!(run.to_string().contains("(40 listings, 5 posts)"), "{run}");
    let run =
        estate(dir.path(), &["demo", "--properties", "40", "--posts", "5", "--out", "b", "--seed", "7"]);
    assert!(run.success(), "{run}");
    let run =
        estate(dir.path(), &["demo", "--properties", "40", "--posts", "5", "--out", "c", "--seed", "8"]);
    assert!(run.success(), "{run}");
    let read = |name: &str| {
        std::fs::read_to_string(dir.path().join(name).join("properties/demo-000001.yaml")).unwrap()
    };
    assert_eq!(read("a"), read("b"));
    assert_ne!(read("a"), read("c"));

    let run = estate(dir.path(), &["check", "--content", "a"]);
    // Nothing an editor would be told to fix: every listing a YAML file with photos of its own.
    assert!(run.success() && run.to_string().contains("(0 errors, 0 warnings)"), "{run}");
    let run = estate(dir.path(), &["build", "--content-only", "--content", "a", "--out", "dist"]);
    assert!(run.success(), "{run}");
    assert!(run.to_string().contains("40 listings published, 0 not published, 5 posts"), "{run}");
    assert!(run.to_string().contains("portal feed: 40 listings in, 0 left out"), "{run}");
    // Its photos are real JPEGs, the same for the same seed, which the image stage publishes
    // in every width.
    let photo = |name: &str| std::fs::read(dir.path().join(name).join("media/demo/photo-3.jpg")).unwrap();
    assert!(photo("a").starts_with(&[0xFF, 0xD8]) && photo("a").len() > 50_000);
    assert_eq!(photo("a"), photo("b"));
    assert_ne!(photo("a"), photo("c"));
    let images: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("dist/data/images.json")).unwrap()).unwrap();
    let widths: Vec<u64> = images["/media/demo/photo-3.jpg"]["variants"]
        .as_array()
        .expect("the photo's variants")
        .iter()
        .map(|v| v["width"].as_u64().unwrap())
        .collect();
    assert_eq!(widths, [400, 740, 800, 1200, 1600]);

    // Each community the listings name has its market figures and guide text, as the sample's
    // do, so a demo's pages are as heavy as real ones: every listing of a kind the figures count
    // (a warehouse is none) is compared with its community's median, a sale also with its
    // rents', and the community's guide has its texts in three languages and 36 months of sales.
    let json = |path: &str| -> serde_json::Value {
        serde_json::from_slice(&std::fs::read(dir.path().join("dist").join(path)).unwrap()).unwrap()
    };
    let listings = json("api/properties.json");
    let listings = listings.as_array().unwrap();
    assert_eq!(listings.len(), 40);
    let mut compared = 0;
    for listing in listings {
        let id = listing["id"].as_str().unwrap();
        let detail = json(&format!("data/detail/{id}.json"));
        let market = &detail["market"];
        if listing["subCategory"] == "Warehouse" {
            assert!(market.is_null(), "{id}: {detail}");
            continue;
        }
        compared += 1;
        assert!(market["median"].as_u64().is_some_and(|m| m > 0), "{id}: {detail}");
        assert_eq!(market["to"], "2026-10");
        if listing["mainCategory"] != "Rental" && market["kind"] != "land" {
            assert!(market["rentMedian"].as_u64().is_some_and(|m| m > 0), "{id}: {detail}");
        }
        let guide = detail["areaGuide"].as_str().unwrap();
        let guide = json(&format!("data/guides/{}.json", guide.rsplit('/').next().unwrap()));
        let location = listing["location"].as_str().unwrap();
        let opening = guide["texts"]["introduction"].as_str().unwrap();
        assert!(opening.starts_with(&format!("<p>{location} is one of Dubai")), "{id}: {opening}");
        assert!(guide["image"]["src"].as_str().unwrap().starts_with("/media/demo/photo-"), "{guide}");
        for lang in ["ar", "ru"] {
            for field in ["introduction", "lifestyle", "schools", "transport"] {
                assert!(
                    guide["translations"][lang][field].as_str().is_some_and(|t| t.len() > 100),
                    "{guide}"
                );
            }
        }
        let months = guide["market"]["trends"][0]["months"].as_array().unwrap();
        assert_eq!(months.len(), 36);
        assert!(months.iter().all(|m| m["median"].as_u64().is_some()), "{guide}");
    }
    assert!(compared >= 30, "{compared} of 40 listings compared");
}

#[test]
fn new_writes_a_valid_template_and_never_overwrites() {
    let dir = content_copy(&fixtures().join("broken"));
    let content = dir.path().join("content");
    // Keep only the valid files of the fixture tree.
    for entry in std::fs::read_dir(content.join("properties")).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().unwrap() != "valid.yaml" {
            std::fs::remove_file(path).unwrap();
        }
    }
    let run = estate(dir.path(), &["new", "property", "marina-gate-2br"]);
    assert!(run.success(), "{run}");
    assert!(run.to_string().contains("content/properties/marina-gate-2br.yaml"), "{run}");
    // Run from cargo's target/debug: the suggested command is one that works there.
    assert!(run.to_string().contains("then run `cargo run --bin estate -- check`"), "{run}");
    let run = estate(dir.path(), &["new", "post", "golden-visa-guide"]);
    assert!(run.success(), "{run}");
    // Their examples of a photo are in the one stored form, `/media/…`.
    for written in ["properties/marina-gate-2br.yaml", "blog/golden-visa-guide.md"] {
        let text = std::fs::read_to_string(content.join(written)).unwrap();
        assert!(text.contains("/media/") && relative_media(&text).is_empty(), "{text}");
    }
    let run = estate(dir.path(), &["check"]);
    assert!(run.success(), "{run}");
    assert!(run.to_string().contains("0 errors"), "{run}");

    let run = estate(dir.path(), &["new", "property", "marina-gate-2br"]);
    assert!(!run.success(), "{run}");
    assert!(run.to_string().contains("already exists"), "{run}");
    let run = estate(dir.path(), &["new", "property", "Marina Gate"]);
    assert!(!run.success(), "{run}");
    assert!(run.to_string().contains("e.g. `marina-gate`"), "{run}");
    let run = estate(dir.path(), &["new", "property", "rent"]);
    assert!(!run.success(), "{run}");
    assert!(run.to_string().contains("reserved"), "{run}");
}

#[test]
fn committed_schemas_match_the_rust_types() {
    let dir = repo().join("content/schema");
    for (name, text) in generator::content::schema::all() {
        let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(committed == text, "content/schema/{name} is out of date: run `estate schema`");
    }
}

#[test]
fn schema_describes_fields_for_the_editor() {
    let schemas = generator::content::schema::all();
    let property = &schemas.iter().find(|(n, _)| *n == "property.json").unwrap().1;
    let value: serde_json::Value = serde_json::from_str(property).unwrap();
    assert_eq!(value["additionalProperties"], false);
    let required: Vec<&str> =
        value["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    for field in ["title", "mainCategory", "subCategory", "createdAt"] {
        assert!(required.contains(&field), "{field}");
    }
    assert!(value["properties"]["price"]["description"].as_str().unwrap().contains("AED"));
    // The off-plan project's numbers as the DLD writes them: the editor's extension says so
    // while typing (a RERA project number may be written bare, an escrow account in quotes).
    let fields = &value["properties"];
    assert!(fields["projectNumber"]["description"].as_str().unwrap().contains("RERA"));
    assert_eq!(fields["projectNumber"]["type"], serde_json::json!(["integer", "string", "null"]));
    assert_eq!(fields["projectNumber"]["pattern"], "^[1-9][0-9]{0,4}$");
    assert_eq!(fields["escrowAccount"]["pattern"], "^[0-9]{8,16}$");
    assert!(fields["escrowAccount"]["description"].as_str().unwrap().contains("escrow"));
    assert_eq!(fields["projectName"]["type"], serde_json::json!(["string", "null"]));
}
