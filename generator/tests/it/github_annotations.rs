//! `estate check --format github`: each problem of a fixture with errors and warnings is exactly
//! one GitHub Actions workflow command, so a pull request shows it on the line the editor changed.

use crate::support;

use crate::support::{Run, estate, fixtures, is_coverage_warning, is_portal_feed_warning};

/// The warnings these tests are not about.
fn other(line: &str) -> bool {
    is_coverage_warning(line) || is_portal_feed_warning(line)
}

/// `estate check` of a fixture, in the fixtures' folder.
fn check(content: &str, format: &[&str]) -> Run {
    let args: Vec<&str> = ["check", "--content", content].into_iter().chain(format.iter().copied()).collect();
    estate(&fixtures(), &args)
}

#[test]
fn errors_and_warnings_become_exact_annotation_lines() {
    let Run { code, stdout, stderr } = check("annotations", &["--format", "github"]);
    assert_eq!(code, 1, "stdout: {stdout}\nstderr: {stderr}");
    let expected = [
        "::error file=annotations/blog/market-update.md,line=6,col=1::broken link `/commercal` on page /blog/market-update/market-update: no page of the site has that address (hint: did you mean `/commercial`?)",
        "::warning file=annotations/properties/far-away.yaml,line=6,col=14::these coordinates are outside the UAE (hint: Dubai is near lat 25.2, lng 55.3)",
        // `%` is escaped as GitHub's workflow commands require.
        "::error file=annotations/properties/half-paid.yaml,line=6,col=1::the payment plan adds up to 50%25, not 100%25",
        "::warning file=annotations/properties/no-permit.yaml,line=1,col=1::no `permitNumber`: Dubai's advertising rules require a DLD/RERA permit (Trakheesi) number on every published listing (hint: add `permitNumber: \"...\"` (and `permitUrl`) from the Trakheesi system)",
        "::error file=annotations/properties/typo.yaml,line=6,col=1::unknown field `prcie` (hint: did you mean `price`?)",
        "estate check: 3 errors, 17 warnings in annotations", // 12 translation coverage, 3 portal feed
    ];
    let lines: Vec<&str> = stderr.lines().filter(|l| !other(l)).collect();
    assert_eq!(lines, expected, "full output:\n{stderr}");
}

#[test]
fn the_broken_fixture_is_one_error_annotation_per_problem() {
    let Run { code, stderr, .. } = check("broken", &["--format", "github"]);
    assert_eq!(code, 1);
    // Errors only: the fixture's warnings (an agent and a developer removed) are not its point.
    let annotations: Vec<&str> = stderr.lines().filter(|l| l.starts_with("::error") && !other(l)).collect();
    let Run { stderr: human, .. } = check("broken", &[]);
    // The same problems as the human format, in the same order, each as file, line and column.
    let headlines: Vec<String> = human
        .lines()
        .filter(|l| l.starts_with("broken/") && !other(l) && l.contains(": error: "))
        .map(|l| {
            let (place, message) = l.split_once(": error: ").expect("an error headline");
            let mut parts = place.rsplitn(3, ':');
            let (col, line, file) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
            format!("::error file={file},line={line},col={col}::{message}")
        })
        .collect();
    assert_eq!(annotations.len(), headlines.len());
    for (annotation, headline) in annotations.iter().zip(&headlines) {
        // The annotation adds the hint to the message.
        assert!(annotation.starts_with(headline.as_str()), "{annotation}\n  does not start with\n{headline}");
    }
    assert_eq!(
        annotations[0],
        "::error file=broken/properties/Bad_Name.yaml,line=1,col=1::invalid id `Bad_Name`: ids are lower-case letters, digits and single hyphens (hint: the id is the file name; rename the file to `bad-name.yaml`)"
    );
}

#[test]
fn a_file_name_cannot_forge_an_annotation() {
    let dir = support::content_copy(&fixtures().join("annotations"));
    let forged = dir.path().join("content/properties/x\n::error file=README.md,line=1::INJECTED.yaml");
    std::fs::write(&forged, "title: [unclosed\n").expect("written");
    let Run { code, stderr, .. } = estate(dir.path(), &["check", "--format", "github"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("%0A%3A%3Aerror file=README.md%2Cline=1%3A%3AINJECTED.yaml"), "{stderr}");
    assert!(!stderr.lines().any(|l| l.starts_with("::error file=README.md")), "{stderr}");
}

/// Terminal escape sequences (ESC, BEL, the C1 CSI) in a file name reach neither the `file=`
/// property nor the message: they are written as `\u{1b}`, as in the human format.
#[test]
fn a_file_name_cannot_pass_escape_sequences_to_the_log() {
    let dir = support::content_copy(&fixtures().join("annotations"));
    let name = "x\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31mred.yaml";
    std::fs::write(dir.path().join("content/properties").join(name), "title: [unclosed\n").expect("written");
    let Run { code, stderr, .. } = estate(dir.path(), &["check", "--format", "github"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(!stderr.contains(|c: char| c.is_control() && c != '\n'), "{stderr:?}");
    let escaped = "x\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{9b}31mred";
    let line = stderr.lines().find(|l| l.contains(escaped)).unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        line.starts_with(&format!("::error file=content/properties/{escaped}.yaml,line=1,col=1::")),
        "{line}"
    );
    assert!(line.contains(&format!("invalid id `{escaped}`")), "{line}");
}
