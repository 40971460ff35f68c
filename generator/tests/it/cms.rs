//! The browser editor (Sveltia CMS at /cms/): its generated configuration is what the CMS's own
//! JSON Schema accepts and covers every field of the content model, and the files the CMS writes
//! (its quoting, key order, lists and dates) pass `estate check`.

use std::collections::BTreeSet;

use generator::content::cms::{Backend, config_yaml};
use generator::content::schema;
use serde_json::Value;

use crate::support::{content_copy, repo};

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn backend() -> Backend {
    Backend {
        name: "github".into(),
        repo: "palm-crest/website".into(),
        branch: "main".into(),
        editorial_workflow: true,
    }
}

/// The generated config.yml, read back as the CMS reads it.
fn generated() -> Value {
    serde_saphyr::from_str(&config_yaml(&backend())).expect("the generated config is YAML")
}

#[test]
fn the_generated_config_is_valid_against_the_schema_in_sveltias_package() {
    let path = repo().join("site/node_modules/@sveltia/cms/schema/sveltia-cms.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run `npm ci` in site/)", path.display()));
    let schema: Value = serde_json::from_str(&text).expect("Sveltia's schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("Sveltia's schema compiles");
    let config = generated();
    let errors: Vec<String> =
        validator.iter_errors(&config).map(|e| format!("{} at {}", e, e.instance_path())).take(20).collect();
    assert!(errors.is_empty(), "the CMS's config breaks its schema:\n{}", errors.join("\n"));
    // And a config that breaks it is caught (the validator is really applied). A field of an
    // unknown widget is a custom widget to the schema, so the breaks are elsewhere.
    for (pointer, value) in
        [("/i18n/structure", "per_language"), ("/output/omit_empty_optional_fields", "yes")]
    {
        let mut broken = config.clone();
        *broken.pointer_mut(pointer).expect("the option is set") = Value::from(value);
        assert!(!validator.is_valid(&broken), "{pointer}: {value} passes");
    }
}

/// Every property path of a content schema (`title`, `coordinates.lat`, `paymentPlan.percent`,
/// `ar.title`), through its definitions.
fn model_paths(schema: &Value) -> BTreeSet<String> {
    fn walk(defs: &Value, s: &Value, prefix: &str, out: &mut BTreeSet<String>, depth: usize) {
        if depth > 6 {
            return;
        }
        for key in ["allOf", "anyOf"] {
            for option in s.get(key).and_then(Value::as_array).into_iter().flatten() {
                walk(defs, option, prefix, out, depth + 1);
            }
        }
        if let Some(reference) = s.get("$ref").and_then(Value::as_str) {
            walk(defs, &defs[reference.trim_start_matches("#/definitions/")], prefix, out, depth + 1);
        }
        if let Some(items) = s.get("items") {
            walk(defs, items, prefix, out, depth + 1);
        }
        for (name, prop) in s.get("properties").and_then(Value::as_object).into_iter().flatten() {
            let path = if prefix.is_empty() { name.clone() } else { format!("{prefix}.{name}") };
            out.insert(path.clone());
            walk(defs, prop, &path, out, depth + 1);
        }
    }
    let mut out = BTreeSet::new();
    walk(&schema["definitions"], schema, "", &mut out, 0);
    out
}

/// Every field path of a CMS field list, with `ar.x`/`ru.x` for each translatable field `x`.
fn cms_paths(fields: &Value) -> BTreeSet<String> {
    fn walk(fields: &Value, prefix: &str, out: &mut BTreeSet<String>) {
        for field in fields.as_array().into_iter().flatten() {
            let name = field["name"].as_str().expect("a field has a name");
            let path = if prefix.is_empty() { name.to_owned() } else { format!("{prefix}.{name}") };
            out.insert(path.clone());
            if field.get("i18n") == Some(&Value::Bool(true)) {
                out.insert(format!("ar.{path}"));
                out.insert(format!("ru.{path}"));
            }
            walk(&field["fields"], &path, out);
            if let Some(inner) = field.get("field") {
                walk(&inner["fields"], &path, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(fields, "", &mut out);
    out
}

#[test]
fn every_field_of_the_model_is_in_the_cms_with_its_hint() {
    let config = generated();
    let collections = config["collections"].as_array().expect("collections");
    let by_name = |name: &str| {
        collections.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no collection {name}"))
    };
    let schemas: std::collections::BTreeMap<&str, Value> =
        schema::all().into_iter().map(|(name, text)| (name, serde_json::from_str(&text).unwrap())).collect();
    let cases: [(&str, Value); 7] = [
        ("property.json", by_name("listings")["fields"].clone()),
        ("post.json", by_name("posts")["fields"].clone()),
        ("team.json", by_name("team")["fields"].clone()),
        ("developer.json", by_name("developers")["fields"].clone()),
        ("page.json", by_name("pages")["fields"].clone()),
        ("vocabulary.json", by_name("vocabulary")["files"][0]["fields"].clone()),
        ("site.json", by_name("settings")["files"][0]["fields"].clone()),
    ];
    for (file, fields) in cases {
        let model = model_paths(&schemas[file]);
        let cms = cms_paths(&fields);
        // `ar`/`ru` are the languages of the CMS, not fields; a listing's community is named in
        // every language by the communities vocabulary, which the CMS relates to.
        let missing: Vec<&String> = model
            .iter()
            .filter(|p| !matches!(p.as_str(), "ar" | "ru" | "lang"))
            .filter(|p| !cms.contains(*p))
            .filter(|p| !(file == "property.json" && p.ends_with(".location")))
            .collect();
        assert!(missing.is_empty(), "{file}: fields of the model not in the CMS: {missing:?}");
    }
    // One collection of listings.
    assert_eq!(
        collections.iter().filter(|c| c["label"].as_str().is_some_and(|l| l.contains("Listings"))).count(),
        1
    );
    // Each field has its hint in an agent's words, its rule and its widget.
    let listing = by_name("listings")["fields"].as_array().unwrap().clone();
    let field = |name: &str| listing.iter().find(|f| f["name"] == name).unwrap().clone();
    assert!(field("permitNumber")["label"].as_str().unwrap().contains("Trakheesi"));
    // A price is typed as an agent writes it (2,750,000) and read so; 0 and the absurd are refused.
    assert_eq!(field("price")["widget"], "string");
    let price = regex_lite(field("price")["pattern"][0].as_str().unwrap());
    for good in ["2750000", "2,750,000", "950", "9,999,999,999"] {
        assert!(price(good), "{good} refused");
    }
    for bad in ["0", "0,000", "2.750.000", "27,50,000", "2750000.5", "AED 2m", "10,000,000,000", "-5"] {
        assert!(!price(bad), "{bad} accepted");
    }
    assert!(
        field("price")["pattern"][1]
            .as_str()
            .unwrap()
            .contains("Leave the price empty for \"Contact for price\"")
    );
    // A new listing starts available and dated now.
    assert_eq!(
        (field("status")["default"].clone(), field("status")["required"].clone()),
        (Value::from("available"), Value::from(true))
    );
    assert_eq!(field("createdAt")["default"], "{{now}}");
    // Only web links with https (a `javascript:` link would run script).
    let developer = by_name("developers")["fields"].as_array().unwrap().clone();
    let website =
        developer.iter().find(|f| f["name"] == "website").unwrap()["pattern"][0].as_str().unwrap().to_owned();
    assert!(regex_lite(&website)("https://www.emaar.com") && !regex_lite(&website)("javascript:alert(1)"));
    assert!(!regex_lite(field("permitUrl")["pattern"][0].as_str().unwrap())("http://x.ae"));
    // The bounds estate check enforces inside objects and lists reach the form too.
    let sub = |parent: &str, name: &str| {
        field(parent)["fields"].as_array().unwrap().iter().find(|f| f["name"] == name).unwrap().clone()
    };
    let percent = sub("paymentPlan", "percent");
    assert_eq!((percent["min"].as_f64(), percent["max"].as_f64()), (Some(0.0), Some(100.0)));
    let lat = sub("coordinates", "lat");
    assert_eq!((lat["min"].as_f64(), lat["max"].as_f64()), (Some(-90.0), Some(90.0)));
    let lng = sub("coordinates", "lng");
    assert_eq!((lng["min"].as_f64(), lng["max"].as_f64()), (Some(-180.0), Some(180.0)));
    assert_eq!(field("title")["required"], serde_json::json!(["en"]));
    assert_eq!(field("subCategory")["widget"], "select");
    assert_eq!(field("agent")["collection"], "team");
    assert_eq!(field("location")["file"], "communities");
    assert_eq!(field("amenities")["multiple"], true);
    assert_eq!(field("createdAt")["widget"], "datetime");
    assert_eq!(field("description")["widget"], "markdown");
    assert_eq!(field("images")["media_library"], Value::Null);
    assert_eq!(field("images")["accept"], "image/jpeg,image/png,image/webp");
    assert!(field("escrowAccount")["pattern"][1].as_str().unwrap().contains("8 to 16 digits"));
    assert_eq!(by_name("listings")["media_folder"], "/content/media/properties");
    assert_eq!(config["i18n"]["structure"], "single_file_default_root");
    assert_eq!(config["publish_mode"], "editorial_workflow");
}

/// A listing as Sveltia CMS saves it: keys in the config's order, lists as blocks, texts plain or
/// in single quotes where YAML needs them, numbers in quotes kept as texts, a date-time with
/// Dubai's offset, empty optional fields left out, translations in `ar:`/`ru:` blocks.
const CMS_LISTING: &str = "lang:
  - en
  - ar
  - ru
title: 'Marina Walk: Two-Bedroom with Sea View'
mainCategory: Residential
subCategory: Apartment
status: available
featured: false
createdAt: 2026-11-25T09:30:00+04:00
location: Dubai Marina
bedrooms: 2
bathrooms: 3
area: 1350
price: '2,450,000'
reference: PC-S-9001
permitNumber: '7129903348'
permitUrl: https://trakheesi.dubailand.gov.ae/rev/qr/7129903348
agent: daniel-novak
portals: true
amenities:
  - 24-hour security
images:
  - /media/properties/bedroom-1.jpg
  - /media/properties/bedroom-2.jpg
description: |-
  A bright two-bedroom apartment with a sea view.

  - walk to the beach
  - 'quoted' words and a colon: fine
ar:
  title: شقة بغرفتي نوم مطلة على البحر
  description: |-
    شقة مشرقة بغرفتي نوم.
ru:
  title: Квартира с двумя спальнями
";

/// An off-plan listing the CMS saved, with the numbers written as texts.
const CMS_OFF_PLAN: &str = "title: Creek Vista Off-Plan One-Bedroom
mainCategory: OffPlan
subCategory: Apartment
status: draft
createdAt: 2026-11-25T00:00:00+04:00
developer: emaar
projectName: Creek Vista
projectNumber: '2817'
escrowAccount: '1015447384502'
completionDate: 2028-06
paymentPlan:
  - milestone: On booking
    percent: 20
  - milestone: On handover
    percent: 80
amenities: []
images: []
coordinates:
  lat: 25.2
  lng: 55.35
ar:
  title: شقة على الخريطة
ru: {}
";

/// A post as the CMS saves it: front matter, the English article as the body, the Arabic one in
/// its block under `content`.
const CMS_POST: &str = "---
lang:
  - en
  - ar
title: Buying Off-Plan in 2027
date: 2026-11-25T10:00:00+04:00
author: Sara Al Mansouri
excerpt: What to check before you sign.
images:
  - /media/blog/family-communities.jpg
ar:
  title: الشراء على الخريطة
  content: |-
    ما يجب التحقق منه قبل التوقيع.
---

What to check before you sign: the **escrow account**, the payment plan and the handover date.
";

#[test]
fn files_as_the_cms_saves_them_pass_estate_check() {
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    let write = |path: &str, text: &str| std::fs::write(content.join(path), text).expect("written");
    write("properties/marina-walk-two-bedroom.yaml", CMS_LISTING);
    write("properties/creek-vista-off-plan.yaml", CMS_OFF_PLAN);
    write("blog/buying-off-plan-in-2027.md", CMS_POST);
    let (loaded, report) = generator::check::content(&content);
    assert_eq!(report.errors(), 0, "{}", report.render());
    let listing = loaded
        .properties
        .iter()
        .find(|r| r.path.ends_with("marina-walk-two-bedroom.yaml"))
        .expect("the CMS's listing is loaded");
    assert_eq!(listing.data.title, "Marina Walk: Two-Bedroom with Sea View");
    assert_eq!(listing.data.permit_number.as_deref(), Some("7129903348"));
    assert_eq!(listing.data.images.len(), 2);
    assert_eq!(
        listing.data.ar.as_ref().and_then(|t| t.title.as_deref()),
        Some("شقة بغرفتي نوم مطلة على البحر")
    );
    assert_eq!(listing.data.created_at.to_api(), "2026-11-25T09:30:00+04:00");
    assert_eq!(listing.data.price, Some(2_450_000));
    let off_plan = loaded.properties.iter().find(|r| r.path.ends_with("creek-vista-off-plan.yaml")).unwrap();
    assert_eq!(off_plan.data.project_number.as_deref(), Some("2817"));
    let post =
        loaded.posts.iter().find(|r| r.path.ends_with("buying-off-plan-in-2027.md")).expect("the post");
    assert!(post.body.as_deref().unwrap_or("").contains("escrow account"));
    assert!(post.data.ar.as_ref().and_then(|t| t.content.as_deref()).is_some());
    // No warning about these files either (the sample itself has none).
    let about_them: Vec<String> = report
        .diagnostics
        .iter()
        .map(|d| d.render(None))
        .filter(|line| ["marina-walk", "creek-vista", "buying-off-plan"].iter().any(|n| line.contains(n)))
        .collect();
    assert!(about_them.is_empty(), "{about_them:?}");
}

#[test]
fn the_browser_editor_is_published_with_its_config_and_fonts_and_loads_nothing_from_a_cdn() {
    let build = crate::publishing::site_build();
    let cms = build.dist.join("cms");
    let page = read(&cms.join("index.html"));
    assert!(page.contains(r#"<meta name="robots" content="noindex, nofollow">"#), "{page}");
    assert!(page.contains(r#"<script src="/cms/sveltia-cms.js"></script>"#), "{page}");
    let config = read(&cms.join("config.yml"));
    assert!(config.contains("single_file_default_root"), "{config}");
    let script = read(&cms.join("sveltia-cms.js"));
    assert!(!script.contains("cdn.jsdelivr.net"), "a font is still loaded from the CDN");
    for font in ["source-sans-3-latin-wght-normal.woff2", "material-symbols-outlined-latin-wght-normal.woff2"]
    {
        assert!(script.contains(&format!("/cms/fonts/{font}")), "{font} is not self-hosted");
        assert!(cms.join("fonts").join(font).is_file(), "{font} is not published");
    }
    // Its interface's words in the staff's languages, and its version for its update check.
    assert!(script.contains("`/cms/locales`") && script.contains("`/cms/version.json`"));
    for language in ["en-GB", "ar", "ru"] {
        assert!(cms.join("locales").join(format!("{language}.json")).is_file(), "no {language} words");
    }
    assert!(read(&cms.join("version.json")).starts_with(r#"{"version":"0."#));
    // Not a page of the sitemap; kept out by robots.txt.
    assert!(!read(&build.dist.join("sitemap.xml")).contains("/cms"));
    assert!(read(&build.dist.join("robots.txt")).lines().any(|l| l == "Disallow: /cms/"));
    // Its own policy: the git host's API, and the public pages' policy left as it was.
    let rules = generator::netlify::Rules::load(&repo().join("netlify.toml")).unwrap();
    let csp = |path: &str| {
        rules
            .headers_for(path)
            .into_iter()
            .find(|(n, _)| n == "Content-Security-Policy")
            .map(|(_, v)| v)
            .unwrap()
    };
    assert!(
        csp("/cms/")
            .contains("connect-src 'self' data: blob: https://api.github.com https://www.githubstatus.com;"),
        "{}",
        csp("/cms/")
    );
    assert!(csp("/cms").contains("https://api.github.com"));
    assert!(csp("/property/x").contains("connect-src 'self';"), "{}", csp("/property/x"));
    assert!(rules.headers_for("/cms/").iter().any(|(n, v)| n == "X-Robots-Tag" && v.contains("noindex")));
}

/// The fields a collection's `slug` and `summary` templates name that it does not have, as
/// `collection: option {{token}}`. Sveltia checks this beyond its JSON Schema, and refuses the
/// whole configuration for one (the page says so instead of opening the editor). Its own tokens
/// (the file's slug, dates, ids) are not fields.
fn unknown_template_fields(config: &Value) -> Vec<String> {
    const OWN: [&str; 13] = [
        "slug",
        "uuid",
        "uuid_short",
        "uuid_shorter",
        "year",
        "month",
        "day",
        "hour",
        "minute",
        "second",
        "dirname",
        "filename",
        "locale",
    ];
    let mut unknown = Vec::new();
    for collection in config["collections"].as_array().into_iter().flatten() {
        let fields: BTreeSet<&str> = collection["fields"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|field| field["name"].as_str())
            .collect();
        for option in ["slug", "summary"] {
            let Some(template) = collection[option].as_str() else { continue };
            for token in template.split("{{").skip(1).filter_map(|rest| rest.split("}}").next()) {
                let name = token.split('|').next().unwrap_or_default().trim();
                let name = name.strip_prefix("fields.").unwrap_or(name);
                if !fields.contains(name) && !OWN.contains(&name) {
                    let collection = collection["name"].as_str().unwrap_or("?");
                    unknown.push(format!("{collection}: {option} {{{{{token}}}}}"));
                }
            }
        }
    }
    unknown
}

#[test]
fn every_slug_and_summary_names_fields_its_collection_has() {
    let config = generated();
    assert_eq!(unknown_template_fields(&config), Vec::<String>::new());
    // The area guides once had `slug: {{title}}` and no title: the CMS did not open at all.
    let mut broken = config.clone();
    let guides = broken["collections"]
        .as_array_mut()
        .expect("collections")
        .iter_mut()
        .find(|c| c["name"] == "guides")
        .expect("the guides' collection");
    guides["slug"] = Value::from("{{title}}");
    assert_eq!(unknown_template_fields(&broken), ["guides: slug {{title}}"]);
}

/// Whether `pattern` (a CMS field's, as the browser reads it: no flags) matches `text`, by the
/// regex crate, whose syntax agrees with JavaScript's for these patterns.
fn regex_lite(pattern: &str) -> impl Fn(&str) -> bool + use<> {
    let re = regex::Regex::new(pattern).unwrap_or_else(|e| panic!("{pattern}: {e}"));
    move |text| re.is_match(text)
}

#[test]
fn a_price_of_0_or_beyond_the_highest_is_an_error_that_says_what_to_write() {
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    for (price, expected) in [
        ("0", "leave the price empty for \"Contact for price\""),
        ("'0'", "leave the price empty for \"Contact for price\""),
        ("12000000000", "more than the highest a listing may give"),
        ("'2.750.000'", "Write the price in dirhams as a whole number"),
    ] {
        let listing = CMS_LISTING.replace("price: '2,450,000'", &format!("price: {price}"));
        std::fs::write(content.join("properties/marina-walk-two-bedroom.yaml"), listing).unwrap();
        let (_, report) = generator::check::content(&content);
        let said = report.render();
        assert_eq!(report.errors(), 1, "{price}: {said}");
        assert!(said.contains("marina-walk-two-bedroom.yaml:15:"), "{price}: at the price's line: {said}");
        assert!(said.contains(expected), "{price}: {said}");
    }
}

/// The first bytes of a PNG of `width` x `height` (its header, as far as a reader of its size
/// needs), with the chunk's checksum.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }
    let mut chunk = b"IHDR".to_vec();
    chunk.extend(width.to_be_bytes());
    chunk.extend(height.to_be_bytes());
    chunk.extend([8, 2, 0, 0, 0]);
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend(13u32.to_be_bytes());
    png.extend(&chunk);
    png.extend(crc32(&chunk).to_be_bytes());
    // The start of the pixel data, where a reader's header ends.
    png.extend(0u32.to_be_bytes());
    png.extend(b"IDAT");
    png.extend(crc32(b"IDAT").to_be_bytes());
    png
}

#[test]
fn a_photo_over_50_megapixels_is_an_error_of_check_at_its_field_as_the_build_would_refuse_it() {
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    // 30,000 x 30,000 pixels: the CMS takes it (it counts bytes, not pixels).
    std::fs::write(content.join("media/properties/huge.png"), png_header(30_000, 30_000)).unwrap();
    std::fs::write(content.join("media/properties/fine.png"), png_header(6_000, 4_000)).unwrap();
    let listing = CMS_LISTING
        .replace("/media/properties/bedroom-1.jpg", "/media/properties/huge.png")
        .replace("/media/properties/bedroom-2.jpg", "/media/properties/fine.png");
    std::fs::write(content.join("properties/marina-walk-two-bedroom.yaml"), listing).unwrap();
    let (_, report) = generator::check::content(&content);
    let said = report.render();
    assert_eq!(report.errors(), 1, "{said}");
    assert!(
        said.contains("marina-walk-two-bedroom.yaml:24:5: error: image `/media/properties/huge.png` is too large: 30000x30000 is 900000000 pixels, over the limit of 50000000"),
        "{said}"
    );
}

#[test]
fn raw_html_in_a_text_is_link_checked_as_the_built_page_is() {
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    let listing = CMS_LISTING.replace(
        "  A bright two-bedroom apartment with a sea view.",
        "  A bright two-bedroom apartment with a sea view. <img src=x> <a href=\"/contact-us\">Call us</a>",
    );
    std::fs::write(content.join("properties/marina-walk-two-bedroom.yaml"), listing).unwrap();
    let (_, report) = generator::check::content(&content);
    let said = report.render();
    assert_eq!(report.errors(), 1, "{said}");
    assert!(said.contains("broken image `x`") && said.contains("no image has that address"), "{said}");
}

/// The field at `path` (`name`, or `parent.name` into an object's fields) of a collection's
/// fields.
/// The collection `name` of `config` (its one file, for a collection of files).
fn collection_of(config: &Value, name: &str) -> Value {
    let c = config["collections"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap().clone();
    if c.get("files").is_some() { c["files"][0].clone() } else { c }
}

fn field_at(fields: &Value, path: &str) -> Value {
    path.split('.').fold(fields.clone(), |fields, name| {
        let list = fields.get("fields").unwrap_or(&fields).as_array().cloned().unwrap_or_default();
        list.into_iter().find(|f| f["name"] == name).unwrap_or_else(|| panic!("no field {name} in {path}"))
    })
}

/// Each value the build refuses that a CMS field can refuse itself (by its pattern, its
/// accepted types or its upload size) is refused by the generated config, and by `estate check`
/// at the field's line as the build would refuse it, so an editor meets it before saving.
#[test]
fn every_rule_of_the_build_the_cms_can_state_is_in_its_config() {
    let config = generated();
    let collection = |name: &str| collection_of(&config, name);
    let developers = collection("developers");
    let settings = collection("settings");
    let pattern =
        |field: &Value| regex_lite(field["pattern"][0].as_str().unwrap_or_else(|| panic!("{field}")));
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    let replace_in = |file: &str, from: &str, to: &str| {
        let path = content.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file}: {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    };
    // (file, its line, what it says, the field, a value the build takes, one it refuses)
    let cases = [
        (
            "developers/emaar.yaml",
            "website: https://www.emaar.com",
            developers.clone(),
            "website",
            "https://www.emaar.com",
            "javascript:alert(1)",
        ),
        (
            "site.yaml",
            "baseUrl: https://www.palmcrest.ae",
            settings.clone(),
            "baseUrl",
            "https://www.palmcrest.ae",
            "https://www.palmcrest.ae/path?q",
        ),
        (
            "site.yaml",
            "  tiles: /media/map/sample-dubai.pmtiles",
            settings.clone(),
            "map.tiles",
            "/media/map/sample-dubai.pmtiles",
            "http://tiles.example/dubai.pmtiles",
        ),
    ];
    for (file, line, fields, path, good, bad) in &cases {
        let field = field_at(fields, path);
        assert!(pattern(&field)(good), "{path}: {good} refused by the CMS");
        assert!(!pattern(&field)(bad), "{path}: {bad} saved by the CMS");
        let (name, indent) = (path.rsplit('.').next().unwrap(), line.len() - line.trim_start().len());
        replace_in(file, line, &format!("{}{name}: {bad}", " ".repeat(indent)));
    }
    let (_, report) = generator::check::content(&content);
    let said = report.render();
    assert!(
        said.contains(
            "developers/emaar.yaml:6:10: error: `website` must be an https://, http://, mailto: or tel: link"
        ),
        "{said}"
    );
    assert!(said.contains("site.yaml:4:10: error: `baseUrl`: `https://www.palmcrest.ae/path?q` must be the site's origin only"), "{said}");
    assert!(
        said.contains(
            "site.yaml:126:10: error: `map.tiles`: `http://tiles.example/dubai.pmtiles` is not https"
        ),
        "{said}"
    );
    assert_eq!(report.errors(), 3, "{said}");

    // Uploads: a photo field takes the image stage's formats only (no SVG, no HTML named as a
    // photo by its type); a logo also an SVG, at most as large as the build publishes one.
    let listings = collection("listings");
    for photo in
        [field_at(&listings, "images"), field_at(&developers, "image"), field_at(&settings, "defaultImage")]
    {
        assert_eq!(photo["accept"], "image/jpeg,image/png,image/webp", "{photo}");
        assert_eq!(photo["choose_url"], false, "{photo}");
    }
    let most = config["media_libraries"]["default"]["config"]["max_file_size"].as_u64().unwrap();
    // 5 MB as the CMS shows it, the same figure its fields' hints and the admin's message give.
    assert_eq!(most, 5_000_000);
    // The photo dialog offers the agency's own photos only, no stock photo services.
    assert_eq!(config["media_libraries"]["stock_assets"], false);
    for logo in
        [field_at(&developers, "logo"), field_at(&settings, "logo"), field_at(&settings, "partners.logo")]
    {
        assert_eq!(logo["accept"], "image/jpeg,image/png,image/webp,image/svg+xml", "{logo}");
        let size = logo["media_libraries"]["default"]["config"]["max_file_size"].as_u64();
        assert_eq!(size, Some(generator::content::svg::MAX_BYTES as u64), "{logo}");
    }
    // Every markdown text's preview in the editor, on the site's origin, is sanitised.
    fn markdown_fields(value: &Value, out: &mut Vec<Value>) {
        match value {
            Value::Object(map) => {
                if map.get("widget") == Some(&Value::from("markdown")) {
                    out.push(value.clone());
                }
                map.values().for_each(|v| markdown_fields(v, out));
            }
            Value::Array(items) => items.iter().for_each(|v| markdown_fields(v, out)),
            _ => {}
        }
    }
    let mut texts = Vec::new();
    markdown_fields(&config, &mut texts);
    assert!(texts.len() >= 5, "{}", texts.len());
    for text in texts {
        assert_eq!(text["sanitize_preview"], true, "{text}");
    }
}

/// A phone or WhatsApp number is dialled from abroad and opened as `wa.me/<digits>`, which
/// takes the country code and no leading 0 or 00: the CMS takes a number only with its country
/// code after a `+`, and says so, wherever a number is written (a team member's phone and
/// WhatsApp, the agency's phones and WhatsApp).
#[test]
fn a_phone_number_without_its_country_code_is_refused_by_the_cms_with_what_to_write() {
    let config = generated();
    let collection = |name: &str| collection_of(&config, name);
    let (team, settings) = (collection("team"), collection("settings"));
    let phones = field_at(&settings, "phones")["field"].clone();
    let fields = [
        ("team phone", field_at(&team, "phone")),
        ("team whatsapp", field_at(&team, "whatsapp")),
        ("site phones", phones),
        ("site whatsapp", field_at(&settings, "whatsapp")),
    ];
    for (name, field) in &fields {
        let pattern = field["pattern"][0].as_str().unwrap_or_else(|| panic!("{name}: no pattern in {field}"));
        let takes = regex_lite(pattern);
        for good in
            ["+971 50 123 4567", "+7 912 345 67 89", "+971505550142", "+971 4 555 0123", "+44 (20) 7946-0958"]
        {
            assert!(takes(good), "{name}: {good} refused");
        }
        for bad in
            ["050 123 4567", "0501234567", "00971501234567", "+971", "+971 50 123 4567 ext 2", "call me"]
        {
            assert!(!takes(bad), "{name}: {bad} taken");
        }
        let message = field["pattern"][1].as_str().unwrap();
        assert!(
            message.contains("+971 50 123 4567") && message.contains("country code"),
            "{name}: {message}"
        );
    }
    // The sample content's numbers are all taken.
    let text = std::fs::read_to_string(repo().join("content/site.yaml")).unwrap()
        + &std::fs::read_to_string(repo().join("content/team/daniel-novak.yaml")).unwrap();
    let numbers: Vec<&str> = text.split('"').filter(|s| s.starts_with('+')).collect();
    assert!(numbers.len() >= 5, "{numbers:?}");
    let takes = regex_lite(fields[0].1["pattern"][0].as_str().unwrap());
    for number in numbers {
        assert!(takes(number), "{number} in the sample content refused");
    }
}
