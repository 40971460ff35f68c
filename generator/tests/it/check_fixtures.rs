//! `estate check` on a content tree with one mistake per file: every problem is reported, in
//! order, with the exact file, line, column and message an editor sees.

use crate::support::{Run, estate, fixtures};

const EXPECTED: &[&str] = &[
    "broken/properties/Bad_Name.yaml:1:1: error: invalid id `Bad_Name`: ids are lower-case letters, digits and single hyphens",
    "broken/properties/alias-bomb.yaml:5:14: error: YAML too large after expanding anchors and aliases (an \"alias bomb\"?): content files may use at most 1,000 aliases and 100,000 values, and their aliases may expand to at most 4 times the file's size",
    "broken/properties/bad-category.yaml:2:15: error: `mainCategory`: `Luxury` is not one of `Residential`, `Rental`, `OffPlan`, `Commercial`",
    "broken/properties/bad-date.yaml:4:12: error: `createdAt`: `2026-13-45` is not a valid date: write YYYY-MM-DD (2026-10-01) or a date-time with its offset (2026-10-01T09:30:00+04:00)",
    "broken/properties/category-residential.yaml:1:1: error: invalid id `category-residential`: it is reserved for an API path (/api/properties/category-residential)",
    "broken/properties/duplicate.yaml:1:1: error: duplicate id `duplicate`: broken/properties/duplicate.md has the same id",
    "broken/properties/many-problems.yaml:3:14: error: `subCategory`: `Flat` is not one of `Apartment`, `Villa`, `Townhouse`, `Penthouse`, `Bungalow`, `Studio`, `Duplex`, `Palace`, `Plot`, `Office`, `Shop`, `Warehouse`, `Retail`, `Full Floor`, `Hotel Apartment`",
    "broken/properties/many-problems.yaml:5:11: error: `bedrooms`: expected a whole number, found the text \"two\"",
    "broken/properties/many-problems.yaml:6:11: error: `featured`: expected true or false, found the text \"yes\"",
    "broken/properties/many-problems.yaml:7:1: error: unknown field `balcony`",
    "broken/properties/missing-title.yaml:1:1: error: missing required field `title`",
    "broken/properties/syntax-error.yaml:6:8: error: `price`: the list opened with `[` here is never closed: end it with `]`",
    "broken/properties/unknown-field.yaml:6:1: error: unknown field `prcie`",
    "broken/properties/wrong-type.yaml:6:8: error: `price`: Write the price in dirhams as a whole number, such as 2750000 or 2,750,000 (no decimals, no letters, up to 9,999,999,999). Leave the price empty for \"Contact for price\"; 0 is not a price.",
];

#[test]
fn check_reports_every_fixture_problem_exactly() {
    let Run { code, stdout, stderr } = estate(&fixtures(), &["check", "--content", "broken"]);
    assert_eq!(code, 1, "stdout: {stdout}\nstderr: {stderr}");
    // The fixtures are also untranslated: their translation-coverage warnings are tested in
    // tests/vocabulary.rs, so only the errors are compared here.
    let headlines: Vec<&str> =
        stderr.lines().filter(|l| l.starts_with("broken/") && l.contains(": error: ")).collect();
    assert_eq!(headlines, EXPECTED, "full output:\n{stderr}");
    assert!(stderr.contains("estate check: 14 errors, "), "{stderr}");
    // An agent removed from the team, a developer deleted: warnings, the listing published
    // with the agency's contact and without a developer.
    // A photo no longer in the media library: a warning in the editor's words, the listing
    // published without it.
    for warning in [
        "broken/properties/missing-image.yaml:8:5: warning: Listing \"No photo\" · Photos: the photo media/phto.jpg was deleted; choose another or remove it from the list",
        "broken/properties/unknown-agent.yaml:6:8: warning: unknown agent `sara-almansouri`: there is no broken/team/sara-almansouri.yaml (removed?), so the listing shows the agency's contact instead",
        "broken/properties/unknown-agent.yaml:7:12: warning: unknown developer `nakheel`: there is no broken/developers/nakheel.yaml (removed?), so the listing is shown without a developer",
    ] {
        assert!(stderr.contains(warning), "{warning}\n{stderr}");
    }
}

#[test]
fn each_problem_shows_its_line_a_caret_and_a_hint() {
    let Run { stderr, .. } = estate(&fixtures(), &["check", "--content", "broken"]);
    let expected = "broken/properties/unknown-field.yaml:6:1: error: unknown field `prcie`\n  |\n6 | prcie: 1850000\n  | ^^^^^\n  = hint: did you mean `price`?\n";
    assert!(stderr.contains(expected), "{stderr}");
    let expected =
        "8 |   - media/phto.jpg\n  |     ^^^^^^^^^^^^^^\n  = hint: did you mean `/media/photo.jpg`?\n";
    assert!(stderr.contains(expected), "{stderr}");
    assert!(stderr.contains("  = hint: did you mean `sara-al-mansouri`?\n"), "{stderr}");
}

#[test]
fn github_format_prints_workflow_annotations() {
    let Run { code, stderr, .. } =
        estate(&fixtures(), &["check", "--content", "broken", "--format", "github"]);
    assert_eq!(code, 1);
    let lines: Vec<&str> = stderr.lines().filter(|l| l.starts_with("::error ")).collect();
    assert_eq!(lines.len(), EXPECTED.len());
    assert!(
        lines.contains(&"::error file=broken/properties/unknown-field.yaml,line=6,col=1::unknown field `prcie` (hint: did you mean `price`?)"),
        "{stderr}"
    );
}

#[test]
fn build_refuses_broken_content_and_writes_nothing() {
    let out = tempfile::tempdir().unwrap();
    let dist = out.path().join("dist");
    let Run { code, stderr, .. } = estate(
        &fixtures(),
        &["build", "--content-only", "--content", "broken", "--out", dist.to_str().unwrap()],
    );
    assert_eq!(code, 1);
    assert!(stderr.contains("nothing was written"), "{stderr}");
    assert!(!dist.exists());
}

#[test]
fn missing_content_folder_is_a_clear_error() {
    let Run { code, stderr, .. } = estate(&fixtures(), &["check", "--content", "no-such-folder"]);
    assert_eq!(code, 1);
    assert!(stderr.contains("no-such-folder:1:1: error: content folder not found"), "{stderr}");
}
