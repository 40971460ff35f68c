//! The status file's outcomes: published, not published, the deploy badge.

use super::*;
use crate::content::yaml::Pos;

#[test]
fn a_key_path_is_found_by_indentation() {
    let text = "title: X\nar:\n  title: س\npaymentPlan:\n  - milestone: a\n    percent: 10\nprice: 0\n";
    assert_eq!(key_path_at(text, 1).as_deref(), Some("title"));
    assert_eq!(key_path_at(text, 3).as_deref(), Some("ar.title"));
    assert_eq!(key_path_at(text, 6).as_deref(), Some("paymentPlan.percent"));
    assert_eq!(key_path_at(text, 7).as_deref(), Some("price"));
    assert_eq!(key_path_at("---\ntitle: X\n---\nbody\n", 4), None);
}

#[test]
fn an_error_names_the_entry_by_title_and_the_field_by_its_label() {
    let dir = tempfile::tempdir().unwrap();
    let listing = dir.path().join("properties/villa.yaml");
    std::fs::create_dir_all(listing.parent().unwrap()).unwrap();
    std::fs::write(&listing, "title: Palm Villa\npermitUrl: javascript:x\nar:\n  title: فيلا\n").unwrap();
    let mut report = Report::default();
    report.push(Diagnostic::error(
        &listing,
        Pos { line: 2, col: 12 },
        "`permitUrl` must be an https:// link",
    ));
    report.push(Diagnostic::warning(&listing, Pos { line: 4, col: 3 }, "check the Arabic title"));
    let status = Status::refused(dir.path(), &report);
    assert!(!status.published);
    let label = cms::config(&cms::Backend::from_env(|_| None))["collections"][0]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "permitUrl")
        .unwrap()["label"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        status.errors,
        [Problem {
            entry: "Listing “Palm Villa”".into(),
            field: Some(label.clone()),
            message: format!("“{label}” must be an https:// link"),
            hint: None,
        }]
    );
    assert_eq!(status.warnings[0].field.as_deref(), Some("Title (Arabic)"));
    let json = serde_json::to_string(&status).unwrap();
    assert!(!json.contains(&*dir.path().to_string_lossy()), "no path in {json}");
    assert!(!json.contains("villa.yaml") && !json.contains("permitUrl"), "{json}");
}

#[test]
fn a_deployed_status_names_no_entry_the_site_does_not_show() {
    let dir = tempfile::tempdir().unwrap();
    let draft = dir.path().join("properties/secret.yaml");
    std::fs::create_dir_all(draft.parent().unwrap()).unwrap();
    std::fs::write(&draft, "title: Secret Sale\nstatus: draft\n").unwrap();
    let mut report = Report::default();
    report.push(Diagnostic::warning(&draft, Pos { line: 1, col: 1 }, "no photos"));
    let public = Status::published(dir.path(), &report, std::slice::from_ref(&draft), true);
    assert!(!serde_json::to_string(&public).unwrap().contains("Secret"));
    let local = Status::published(dir.path(), &report, &[draft], false);
    assert_eq!(local.warnings.len(), 1);
    assert_eq!(local.pages[0].url, "");
}

#[test]
fn a_deploy_shows_netlifys_badge_of_its_site_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let id = "3970e0fe-8564-4903-9a55-c5f8de49fb8b";
    let status = Status::published(dir.path(), &Report::default(), &[], true)
        .with_deploy_badge(|name| (name == "SITE_ID").then(|| id.to_owned()));
    assert_eq!(
        status.deploy_badge.as_deref(),
        Some("https://api.netlify.com/api/v1/badges/3970e0fe-8564-4903-9a55-c5f8de49fb8b/deploy-status")
    );
    let forged = Status::published(dir.path(), &Report::default(), &[], true)
        .with_deploy_badge(|_| Some("x/../../evil.example/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".into()));
    assert_eq!(forged.deploy_badge, None);
}

/// A saved listing's line says its quality as the portals grade it and what to add first, under
/// `estate serve` as on a deploy (the browser editor reads the status published with the site).
#[test]
fn a_saved_listing_shows_its_quality_and_what_to_add_first_locally() {
    let dir = tempfile::tempdir().unwrap();
    let listing = dir.path().join("properties/palm-villa.yaml");
    std::fs::create_dir_all(listing.parent().unwrap()).unwrap();
    std::fs::write(
        &listing,
        "title: Palm Villa\nmainCategory: Residential\nsubCategory: Villa\nstatus: available\n\
         createdAt: 2026-01-01T10:00:00+04:00\nbedrooms: 3\nimages: [media/a.jpg, media/b.jpg]\n",
    )
    .unwrap();
    let local = Status::published(dir.path(), &Report::default(), std::slice::from_ref(&listing), false);
    let quality = local.pages[0].quality.as_ref().expect("a listing's quality");
    assert!(quality.score < 50, "{quality:?}");
    assert_eq!(quality.suggestions.len(), SHOWN_SUGGESTIONS);
    assert_eq!(quality.suggestions[0], "Add 13 more photos: a 3-bedroom villa needs 15 for full marks.");
    let public = Status::published(dir.path(), &Report::default(), &[listing], true);
    assert_eq!(public.pages[0].quality.as_ref(), Some(quality));
}

/// A file told twice in one batch of changes (created, then written) is one line in the panel,
/// not two links to the same page.
#[test]
fn a_file_changed_twice_is_one_page() {
    let dir = tempfile::tempdir().unwrap();
    let listing = dir.path().join("properties/palm-villa.yaml");
    std::fs::create_dir_all(listing.parent().unwrap()).unwrap();
    std::fs::write(&listing, "title: Palm Villa\nstatus: available\nmainCategory: Residential\n").unwrap();
    let status = Status::published(dir.path(), &Report::default(), &[listing.clone(), listing], false);
    assert_eq!(status.pages.len(), 1, "{:?}", status.pages);
}

#[test]
fn a_listing_the_portal_feed_leaves_out_is_named_with_what_it_lacks_in_the_cms_words() {
    let dir = tempfile::tempdir().unwrap();
    let listing = dir.path().join("properties/villa.yaml");
    std::fs::create_dir_all(listing.parent().unwrap()).unwrap();
    std::fs::write(&listing, "title: Palm Villa\nprice: 100\n").unwrap();
    let message = format!(
        "left out of the portal feed ({}): no `agent`, `images`",
        contract::files::relative(contract::files::PORTAL_FEED)
    );
    let report = Report { diagnostics: vec![Diagnostic::warning(&listing, Pos::START, message)] };
    let status = Status::published(dir.path(), &report, &[], false);
    assert_eq!(
        status.warnings,
        [Problem {
            entry: "Listing “Palm Villa”".into(),
            field: None,
            message: "Left out of the portal feed (which Property Finder, Bayut and Dubizzle read): no “Agent”, “Photos”"
                .into(),
            hint: None,
        }]
    );
}

#[test]
fn a_changed_file_named_absolute_is_matched_against_a_relative_content_folder() {
    // `estate serve` as the README starts it: `--content content`, relative; the watcher names
    // the files that changed by their absolute paths.
    let dir = tempfile::tempdir_in(".").unwrap();
    let listing = dir.path().join("properties/palm-villa.yaml");
    std::fs::create_dir_all(listing.parent().unwrap()).unwrap();
    std::fs::write(&listing, "title: Palm Villa\n").unwrap();
    let relative = dir.path().strip_prefix(std::env::current_dir().unwrap()).unwrap_or(dir.path());
    assert!(relative.is_relative(), "{}", relative.display());
    let absolute = std::path::absolute(&listing).unwrap();
    let status = Status::published(relative, &Report::default(), &[absolute], false);
    assert_eq!(status.pages.len(), 1, "{:?}", status.pages);
    assert_eq!(status.pages[0].url, "/property/palm-villa");
}
