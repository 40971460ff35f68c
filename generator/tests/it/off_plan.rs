//! Off-plan listings as Dubai's advertising rules require: besides the
//! permit, the ad names the project, its RERA project number and its escrow account number.
//! `estate check` warns about a published off-plan listing without them (an error with
//! `--strict`) and refuses a number not written as the DLD writes it, at its line; the listing's
//! published record carries them, and the portal feed the project's name, where its format has
//! a place.

use std::path::Path;

use crate::support::{Run, estate, is_coverage_warning, repo, sample_with_listings};

/// An off-plan listing with everything the portals and the rules ask for; `project` replaces
/// the three lines of the project's particulars (lines 16 to 18).
fn listing(reference: &str, project: &str) -> String {
    let permit = format!("71344{}", &reference[reference.len() - 5..]);
    format!(
        "title: Two-Bedroom Apartment at Creek Vista\n\
         mainCategory: OffPlan\n\
         subCategory: Apartment\n\
         createdAt: 2026-10-01\n\
         location: Dubai Creek Harbour\n\
         bedrooms: 2\n\
         bathrooms: 2\n\
         area: 1180\n\
         price: 2150000\n\
         reference: {reference}\n\
         permitNumber: \"{permit}\"\n\
         permitUrl: https://trakheesi.dubailand.gov.ae/rev/qr/{permit}\n\
         agent: sara-al-mansouri\n\
         developer: emaar\n\
         completionDate: 2029-09\n\
         {project}\n\
         images: [media/default-property.jpg]\n\
         description: A two-bedroom apartment on the creek, with its own balcony.\n\
         ar:\n  title: شقة بغرفتي نوم في كريك فيستا\n  description: شقة بغرفتي نوم على الخور مع شرفة خاصة.\n\
         ru:\n  title: Квартира с двумя спальнями в Creek Vista\n  description: Квартира с двумя спальнями у залива и с балконом.\n"
    )
}

/// The particulars of the sample's test project, as the DLD writes them.
const PROJECT: &str =
    "projectName: Creek Vista Heights\nprojectNumber: 3127\nescrowAccount: \"1015447384502\"";

/// `estate check ARGS` in `dir`, and the headlines of its problems other than the listings'
/// missing translations (the test listings are English only).
fn check(dir: &Path, args: &[&str]) -> (Run, Vec<String>) {
    let args: Vec<&str> = ["check"].into_iter().chain(args.iter().copied()).collect();
    let run = estate(dir, &args);
    let headlines = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("content/") && !is_coverage_warning(l))
        .map(str::to_owned)
        .collect();
    (run, headlines)
}

const RULE: &str = "Dubai's rules for off-plan advertising require the project's name, its RERA project number and its escrow account number on every published off-plan listing";

#[test]
fn a_published_off_plan_listing_without_its_project_is_a_warning_and_strict_makes_it_an_error() {
    let without_number = PROJECT.replace("projectNumber: 3127\n", "");
    let dir = sample_with_listings(&[
        ("complete.yaml", listing("PC-O-90001", PROJECT)),
        ("no-project.yaml", listing("PC-O-90002", "featured: false")),
        ("no-number.yaml", listing("PC-O-90003", &without_number)),
        // Blank counts as missing, as for the permit number.
        ("blank-name.yaml", listing("PC-O-90004", &PROJECT.replace("Creek Vista Heights", "\"  \""))),
        // Not published, or not off-plan: the rule is not theirs.
        ("draft.yaml", listing("PC-O-90005", "status: draft")),
        (
            "resale.yaml",
            listing("PC-O-90006", "featured: false")
                .replace("mainCategory: OffPlan", "mainCategory: Residential")
                .replace("completionDate: 2029-09\n", ""),
        ),
    ]);
    let (run, headlines) = check(dir.path(), &[]);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("(0 errors, 3 warnings)"), "{run}");
    assert_eq!(
        headlines,
        [
            format!("content/properties/blank-name.yaml:2:15: warning: no `projectName`: {RULE}"),
            format!("content/properties/no-number.yaml:2:15: warning: no `projectNumber`: {RULE}"),
            format!(
                "content/properties/no-project.yaml:2:15: warning: no `projectName`, `projectNumber`, `escrowAccount`: {RULE}"
            ),
        ],
        "{run}"
    );
    let expected = "2 | mainCategory: OffPlan\n  |               ^^^^^^^\n  = hint: add what the project's registration with RERA gives: `projectName: Creek Vista`, `projectNumber: 2817`, `escrowAccount: \"1015447384502\"`\n";
    assert!(run.stderr.contains(expected), "{run}");

    // `--strict` (an agency's CI): the same problems are errors, and the check fails.
    let (run, strict) = check(dir.path(), &["--strict"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.stderr.contains("estate check: 3 errors, 0 warnings"), "{run}");
    assert_eq!(strict, headlines.iter().map(|h| h.replace(": warning: ", ": error: ")).collect::<Vec<_>>());
    assert!(run.stderr.contains("; `--strict` makes this an error\n"), "{run}");
    // As GitHub annotations too.
    let (run, _) = check(dir.path(), &["--strict", "--format", "github"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(
        run.stderr.contains(&format!(
            "::error file=content/properties/no-number.yaml,line=2,col=15::no `projectNumber`: {RULE} (hint: "
        )),
        "{run}"
    );
}

#[test]
fn strict_makes_a_missing_permit_an_error_too_and_leaves_other_warnings_alone() {
    let no_permit = listing("PC-O-90011", PROJECT)
        .lines()
        .filter(|l| !l.starts_with("permit"))
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    // Coordinates outside the UAE stay a warning: not an advertising rule.
    let far = listing("PC-O-90012", &format!("{PROJECT}\ncoordinates: {{ lat: 51.5, lng: -0.12 }}"));
    let dir = sample_with_listings(&[("no-permit.yaml", no_permit), ("far.yaml", far)]);
    let (run, headlines) = check(dir.path(), &["--strict"]);
    assert_eq!(run.code, 1, "{run}");
    let permit = headlines.iter().find(|h| h.contains("no `permitNumber`")).expect("the permit's problem");
    assert!(permit.starts_with("content/properties/no-permit.yaml:1:1: error: "), "{run}");
    assert!(
        headlines.iter().any(|h| h.starts_with(
            "content/properties/far.yaml:19:14: warning: these coordinates are outside the UAE"
        )),
        "{run}"
    );
    // The portals' warning (no permit, so left out of the feed) is not a rule of the ads either.
    assert!(headlines.iter().any(|h| h.contains(": warning: left out of the portal feed")), "{run}");
}

#[test]
fn numbers_not_written_as_the_dld_writes_them_are_errors_at_their_place() {
    // (file, the line of the number, the expected problem at line 17 or 18 and its hint)
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "prefixed.yaml",
            "projectNumber: RERA-3127",
            "17:16: error: `projectNumber`: `RERA-3127` is not a RERA project number: the DLD writes it as a whole number, such as 2817",
            "write the number alone: `projectNumber: 3127`",
        ),
        (
            "leading-zero.yaml",
            "projectNumber: \"03127\"",
            "17:16: error: `projectNumber`: `03127` is not a RERA project number: the DLD writes it as a whole number, such as 2817",
            "the DLD writes it without leading zeros: `projectNumber: 3127`",
        ),
        (
            "too-long.yaml",
            "projectNumber: 7134402218",
            "17:16: error: `projectNumber`: `7134402218` is not a RERA project number: the DLD writes it as a whole number, such as 2817",
            "RERA project numbers have at most 5 digits: is this the permit (Trakheesi) number, or the escrow account?",
        ),
        (
            "words.yaml",
            "projectNumber: to follow",
            "17:16: error: `projectNumber`: `to follow` is not a RERA project number: the DLD writes it as a whole number, such as 2817",
            "write the number the project's registration with RERA gives, or leave the line out until you have it",
        ),
        (
            "bare-escrow.yaml",
            "escrowAccount: 1015447384502",
            "18:16: error: `escrowAccount` must be in quotes: as a bare number, YAML would drop a leading zero",
            "write `escrowAccount: \"1015447384502\"`",
        ),
        (
            "spaced-escrow.yaml",
            "escrowAccount: \"1015 4473 8450 2\"",
            "18:16: error: `escrowAccount`: `1015 4473 8450 2` is not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them",
            "write the digits alone, without spaces or dashes: `escrowAccount: \"1015447384502\"`",
        ),
        (
            "short-escrow.yaml",
            "escrowAccount: \"12345\"",
            "18:16: error: `escrowAccount`: `12345` is not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them",
            "it has 5 digits; UAE bank account numbers have 8 to 16",
        ),
        (
            "iban-escrow.yaml",
            "escrowAccount: AE070331234567890123456",
            "18:16: error: `escrowAccount`: `AE070331234567890123456` is not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them",
            "this is an IBAN: write the account number itself, as the escrow agreement gives it",
        ),
        (
            "placeholder-escrow.yaml",
            "escrowAccount: \"0000000000\"",
            "18:16: error: `escrowAccount`: `0000000000` is not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them",
            "this is a placeholder: write the project's escrow account number",
        ),
        (
            "words-escrow.yaml",
            "escrowAccount: TBA",
            "18:16: error: `escrowAccount`: `TBA` is not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them",
            "write the number from the project's escrow agreement, or leave the line out until you have it",
        ),
    ];
    let listings: Vec<(&str, String)> = cases
        .iter()
        .enumerate()
        .map(|(i, (file, line, _, _))| {
            let field = line.split(':').next().unwrap();
            let project: Vec<String> = PROJECT
                .lines()
                .map(|l| if l.starts_with(field) { (*line).to_owned() } else { l.to_owned() })
                .collect();
            (*file, listing(&format!("PC-O-9{:04}", 100 + i), &project.join("\n")))
        })
        .collect();
    let dir = sample_with_listings(&listings);
    let (run, headlines) = check(dir.path(), &[]);
    assert_eq!(run.code, 1, "{run}");
    let mut expected: Vec<(String, String)> = cases
        .iter()
        .map(|(file, _, problem, hint)| {
            (format!("content/properties/{file}:{problem}"), format!("  = hint: {hint}\n"))
        })
        .collect();
    expected.sort();
    assert_eq!(headlines, expected.iter().map(|(headline, _)| headline.clone()).collect::<Vec<_>>(), "{run}");
    for (headline, hint) in &expected {
        let shown = run.stderr.split(headline.as_str()).nth(1).unwrap_or_else(|| panic!("{headline}"));
        let before_next = shown.split("\n\n").next().unwrap();
        assert!(
            format!("{before_next}\n").ends_with(hint),
            "{headline}\nhas not the hint {hint}in\n{before_next}"
        );
    }
    // A malformed number is given, so the listing is not also warned of as lacking it.
    assert!(
        !run.stderr.contains("no `projectNumber`") && !run.stderr.contains("no `escrowAccount`"),
        "{run}"
    );
}

/// `estate build --content-only` of one complete off-plan listing, `creek-vista`.
fn built() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = sample_with_listings(&[("creek-vista.yaml", listing("PC-O-90021", PROJECT))]);
    let out = dir.path().join("dist");
    let run = estate(
        dir.path(),
        &["build", "--content-only", "--out", out.to_str().unwrap(), "--base-url", "https://www.example.ae"],
    );
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("portal feed: 1 listings in, 0 left out"), "{run}");
    (dir, out)
}

#[test]
fn the_published_record_carries_the_project() {
    let (_dir, out) = built();
    let record: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("api/properties/creek-vista.json")).unwrap()).unwrap();
    assert_eq!(record["projectName"], "Creek Vista Heights");
    // Written as the DLD writes them: digits, as text (never 3,127 or 1.015e12).
    assert_eq!(record["projectNumber"], "3127");
    assert_eq!(record["escrowAccount"], "1015447384502");
    let all: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("api/properties.json")).unwrap()).unwrap();
    assert_eq!(all[0]["escrowAccount"], "1015447384502");
}

#[test]
fn the_portal_feed_names_the_project_where_its_format_has_a_place() {
    let (_dir, out) = built();
    // The Property Finder format has `project_name` beside `developer` and `completion_status`,
    // and no element for a RERA project number or an escrow account.
    let feed = std::fs::read_to_string(out.join("feeds/portals/propertyfinder.xml")).unwrap();
    let doc = roxmltree::Document::parse(&feed).unwrap();
    let property = doc.descendants().find(|n| n.has_tag_name("property")).expect("the listing");
    let get = |name: &str| property.children().find(|n| n.has_tag_name(name)).and_then(|n| n.text());
    assert_eq!(get("project_name"), Some("Creek Vista Heights"), "{feed}");
    assert_eq!(get("completion_status"), Some("off_plan"));
    assert_eq!(get("developer"), Some("Emaar Properties"));
    assert!(!feed.contains("3127") && !feed.contains("1015447384502"), "{feed}");
}

#[test]
fn the_sample_off_plan_listings_name_their_project() {
    let dir = repo().join("content/properties");
    let mut off_plan = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if !text.contains("\nmainCategory: OffPlan\n") {
            continue;
        }
        off_plan += 1;
        for field in ["projectName: ", "projectNumber: ", "escrowAccount: \""] {
            assert!(text.contains(&format!("\n{field}")), "{} has no {field}", path.display());
        }
    }
    assert_eq!(off_plan, 8);
    let run = estate(repo(), &["check", "--strict"]);
    assert!(run.success() && run.stdout.contains("(0 errors, 0 warnings)"), "{run}");
}
