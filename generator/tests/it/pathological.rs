//! Content made to be slow or confusing: `estate check` answers quickly,
//! each problem is an error where it is, in words an editor understands.

use std::path::Path;
use std::time::Duration;

use crate::support::{Run, content_copy, estate, fixtures};

/// A copy of the publishing fixture, and its listing with a markdown body.
fn sandbox() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = content_copy(&fixtures().join("publishing"));
    let listing = dir.path().join("content/properties/marina-studio-for-rent.md");
    (dir, listing)
}

/// `estate check` on `dir`, with the CPU time it took (user and system): unlike the wall time,
/// it does not grow when other work shares the machine (the suite runs tests side by side).
fn check(dir: &Path) -> (Run, Duration) {
    let before = children_cpu();
    let run = estate(dir, &["check"]);
    (run, children_cpu().saturating_sub(before))
}

/// The CPU time of the children this process has waited for so far.
fn children_cpu() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    assert_eq!(unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) }, 0);
    let time =
        |t: libc::timeval| Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// The line of `text` where `needle` is, counted from 1.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("the line") + 1
}

/// Each pathological text, in a listing's body and in its YAML `description`, is checked in
/// well under the time it took (over 30 s each), and answered with at most a few errors.
#[test]
fn pathological_texts_are_checked_quickly() {
    // The limit, as CPU time, in the debug build CI runs too: the crates that render and
    // sanitise texts are optimized in debug builds (the workspace's Cargo.toml).
    let limit = Duration::from_secs(2);
    let cases = [
        ("<div>".repeat(100_000), Some("is nested too deeply")),
        (">".repeat(50_000) + " x", Some("is nested too deeply")),
        // A page that is not there (a relative `b` would be the listing `/property/b`, deleted
        // since perhaps: a warning).
        ("![a](/b)".repeat(50_000), Some("49980 more broken links or images")),
        ("[a](/x) ".repeat(10_000), Some("9980 more broken links or images")),
        // Characters the sanitiser escapes, many in one paragraph (400,000 `&amp;`: 6 s).
        ("&amp;".repeat(400_000), Some("has too many `&`, no-break spaces")),
        ("&nbsp;".repeat(400_000), Some("has too many `&`, no-break spaces")),
        ("**a** ".repeat(110_000), Some("has too many parts: over 100,000 paragraphs")),
    ];
    for (text, expected) in cases {
        let head: String = text.chars().take(12).collect();
        for in_yaml in [false, true] {
            let (dir, listing) = sandbox();
            let original = std::fs::read_to_string(&listing).expect("the listing");
            let (changed, line) = if in_yaml {
                let changed =
                    original.replacen("\ntitle:", &format!("\ndescription: |\n  {text}\ntitle:"), 1);
                // A block's value starts on the line after its key.
                let line = line_of(&changed, "description: |") + 1;
                (changed, line)
            } else {
                let line = original.lines().count() + 1;
                (format!("{}\n{text}\n", original.trim_end()), line)
            };
            std::fs::write(&listing, changed).expect("written");
            let (Run { code, stderr, .. }, took) = check(dir.path());
            assert!(took < limit, "{head}… (yaml: {in_yaml}) took {took:?}");
            assert_eq!(code, 1, "{head}…: {}", &stderr[..stderr.len().min(2000)]);
            assert!(stderr.len() < 100_000, "{head}…: {} bytes of report", stderr.len());
            let Some(expected) = expected else { continue };
            let at = format!("content/properties/marina-studio-for-rent.md:{line}:");
            assert!(
                stderr.lines().any(|l| l.contains(&at) && l.contains(expected)),
                "{head}… (yaml: {in_yaml}): {at} {expected}\n{}",
                &stderr[..stderr.len().min(3000)]
            );
        }
    }
}

/// A tree without its listings or vocabularies, or with a file in a folder's place, fails.
#[test]
fn a_required_folder_missing_or_not_a_folder_is_an_error() {
    for (name, make_file) in
        [("properties", false), ("properties", true), ("vocabulary", false), ("team", true)]
    {
        let (dir, _) = sandbox();
        let path = dir.path().join("content").join(name);
        if path.exists() {
            std::fs::remove_dir_all(&path).expect("removed");
        }
        if make_file {
            std::fs::write(&path, "").expect("a file");
        }
        let (Run { code, stdout, stderr }, _) = check(dir.path());
        assert_eq!(code, 1, "{name}: {stdout}{stderr}");
        let said =
            if make_file { format!("`{name}` must be a folder") } else { format!("missing folder `{name}`") };
        assert!(stderr.contains(&format!("content/{name}:1:1: error: {said}")), "{name}: {stderr}");
        assert!(!stdout.contains("valid"), "{stdout}");
    }
}

/// A file name with terminal escape sequences and a line break is printed escaped: it cannot
/// retitle or clear the terminal, nor split its `path:line:col` line.
#[test]
fn file_names_are_printed_escaped() {
    let (dir, listing) = sandbox();
    let name = "\u{1b}]0;owned\u{7}\u{1b}[2Jsea\nview.yaml";
    std::fs::copy(listing.with_file_name("villa-sea-sun.yaml"), listing.with_file_name(name))
        .expect("copied");
    let (Run { code, stderr, .. }, _) = check(dir.path());
    assert_eq!(code, 1, "{stderr}");
    assert!(!stderr.contains(['\u{1b}', '\u{7}']), "{stderr:?}");
    let escaped =
        "content/properties/\\u{1b}]0;owned\\u{7}\\u{1b}[2Jsea\\u{a}view.yaml:1:1: error: invalid id";
    assert!(stderr.lines().any(|l| l.starts_with(escaped)), "{stderr}");
}

/// A listing naming its agent by path gets an error that says so, not "see its own error".
#[test]
fn an_agent_written_as_a_path_is_explained() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let dir = content_copy(&sample);
    let listing = dir.path().join("content/properties/al-quoz-warehouse-for-rent.yaml");
    let text = std::fs::read_to_string(&listing).expect("the listing");
    std::fs::write(&listing, text.replace("agent: daniel-novak", "agent: ../team/daniel-novak.yaml"))
        .expect("written");
    let (Run { code, stderr, .. }, _) = check(dir.path());
    assert_eq!(code, 1, "{stderr}");
    let line = line_of(&text, "agent:");
    let at = format!(
        "content/properties/al-quoz-warehouse-for-rent.yaml:{line}:8: error: agent `../team/daniel-novak.yaml` is not an id"
    );
    assert!(stderr.contains(&at), "{at}\n{stderr}");
    assert!(stderr.contains("hint: write `agent: daniel-novak`"), "{stderr}");
    assert!(!stderr.contains("see its own error"), "{stderr}");
}

/// A permit page over http, and a team member without a name, are errors at their field.
#[test]
fn small_validation_gaps_are_closed() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let dir = content_copy(&sample);
    let listing = dir.path().join("content/properties/al-quoz-warehouse-for-rent.yaml");
    let text = std::fs::read_to_string(&listing).expect("the listing");
    std::fs::write(&listing, text.replace("permitUrl: https://", "permitUrl: http://")).expect("written");
    let member = dir.path().join("content/team/daniel-novak.yaml");
    let team_text = std::fs::read_to_string(&member).expect("the member");
    let name_line = team_text.lines().find(|l| l.starts_with("name:")).expect("a name");
    std::fs::write(&member, team_text.replace(name_line, "name: \"\"")).expect("written");
    let (Run { code, stderr, .. }, _) = check(dir.path());
    assert_eq!(code, 1, "{stderr}");
    let permit = format!(
        "content/properties/al-quoz-warehouse-for-rent.yaml:{}:12: error: `permitUrl` must be an https:// link",
        line_of(&text, "permitUrl:")
    );
    assert!(stderr.contains(&permit), "{permit}\n{stderr}");
    let name =
        format!("content/team/daniel-novak.yaml:{}:7: error: `name` is empty", line_of(&team_text, "name:"));
    assert!(stderr.contains(&name), "{name}\n{stderr}");
}
