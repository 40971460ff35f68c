//! Content that could hang or break `estate check` and `build`. A feed template in
//! `content/templates/` cannot hang them, nor fill the
//! memory: a runaway loop runs out of minijinja's fuel, a huge feed hits the output limit; each
//! is an error at the template's line, and nothing is written.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::{Run, content_copy, estate, fixtures};

fn with_template(body: &str) -> tempfile::TempDir {
    let dir = content_copy(&fixtures().join("publishing"));
    let templates = dir.path().join("content/templates/feeds");
    std::fs::create_dir_all(&templates).expect("a folder");
    std::fs::write(templates.join("blog.xml.j2"), body).expect("written");
    dir
}

fn run(dir: &Path, args: &[&str]) -> (Run, Duration) {
    let started = Instant::now();
    let run = estate(dir, args);
    (run, started.elapsed())
}

#[test]
fn a_runaway_loop_is_stopped_and_located() {
    // Loops that write nothing: the same fuel burnt at a third of the CPU of writing `{{ a }}`
    // each time (twice 50 M steps in a debug build: about 20 s against 60 on two cores).
    let dir = with_template(
        "<?xml version=\"1.0\"?>\n<feed>\n{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}\n</feed>\n",
    );
    for args in [&["check"][..], &["build", "--content-only", "--out", "dist"]] {
        let (Run { code, stderr, .. }, _) = run(dir.path(), args);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(
            stderr
                .contains("content/templates/feeds/blog.xml.j2:3:1: error: feed template: it runs too long"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!dir.path().join("dist").exists());
}

#[test]
fn a_feed_over_the_size_limit_is_refused_and_located() {
    // 40 MB of text in a few steps: past the output limit long before the fuel runs out.
    let dir = with_template(
        "<?xml version=\"1.0\"?>\n<feed>\n{% for a in range(40) %}{{ \"x\" * 1048576 }}{% endfor %}\n</feed>\n",
    );
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("content/templates/feeds/blog.xml.j2:1:1: error: feed template: the feed it writes is over the limit of 32 MB"),
        "{stderr}"
    );
    assert!(!dir.path().join("dist").exists());
}

/// Not a feed, but the same kind of content that passed `check` and broke the build: a post
/// title with `/` gives one path segment, so `check` and `build` agree and the page exists.
#[test]
fn a_post_title_with_a_slash_builds_a_page_at_one_segment() {
    let dir = content_copy(&fixtures().join("publishing"));
    let post = dir.path().join("content/blog/renting-q-and-a.md");
    let text = std::fs::read_to_string(&post).expect("the post");
    std::fs::write(
        &post,
        text.replacen("title: 'Q&A: \"Renting\" <basics>'", "title: 'Rent vs Buy 2026/27'", 1),
    )
    .expect("written");
    // A listing links to the post by its page's address.
    let listing = dir.path().join("content/properties/marina-studio-for-rent.md");
    let text = std::fs::read_to_string(&listing).expect("the listing");
    std::fs::write(&listing, text.replace("q&a:-%22renting%22-%3Cbasics%3E", "rent-vs-buy-2026-27"))
        .expect("written");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
    assert_eq!(code, 0, "{stderr}");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert_eq!(code, 0, "{stderr}");
    let blogs = std::fs::read_to_string(dir.path().join("dist/api/blogs.json")).expect("the API");
    assert!(blogs.contains("\"/blog/renting-q-and-a/rent-vs-buy-2026-27\""), "{blogs}");
    let routes = std::fs::read_to_string(dir.path().join("dist/data/routes.json")).expect("the routes");
    assert!(routes.contains("/blog/renting-q-and-a/rent-vs-buy-2026-27"), "{routes}");
}

/// Unreadable content is an error naming its path, never skipped in silence.
#[test]
fn unreadable_content_entries_are_errors_naming_their_path() {
    use std::os::unix::fs::symlink;
    let dir = content_copy(&fixtures().join("publishing"));
    let properties = dir.path().join("content/properties");
    symlink("loop-b.yaml", properties.join("loop-a.yaml")).expect("a link");
    symlink("loop-a.yaml", properties.join("loop-b.yaml")).expect("a link");
    symlink("missing.yaml", properties.join("dangling.yaml")).expect("a link");
    std::fs::create_dir(properties.join("folder.yaml")).expect("a folder");
    // Devices and pipes would never end (or never start) a read: refused before one.
    symlink("/dev/zero", properties.join("zero.yaml")).expect("a link");
    let fifo = std::process::Command::new("mkfifo").arg(properties.join("pipe.yaml")).status();
    assert!(fifo.is_ok_and(|s| s.success()), "mkfifo");
    let site = dir.path().join("content/site.yaml");
    std::fs::remove_file(&site).expect("removed");
    symlink("/dev/zero", &site).expect("a link");
    let (Run { code, stderr, .. }, took) = run(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    // Links, whatever they point to, are never followed (tests/symlinks.rs).
    let link = "symbolic links are not allowed in content";
    for (name, said) in [
        ("properties/loop-a.yaml", link),
        ("properties/loop-b.yaml", link),
        ("properties/dangling.yaml", link),
        ("properties/folder.yaml", "a folder, not a file"),
        ("properties/zero.yaml", link),
        ("properties/pipe.yaml", "not a regular file"),
        ("site.yaml", link),
    ] {
        let line = format!("content/{name}:1:1: error: {said}");
        assert!(stderr.contains(&line), "{line}\n{stderr}");
    }
    // Not a timing assertion: a hang would have run for ever; this only names what happened.
    eprintln!("check took {took:?}");
}

/// A byte that is not UTF-8 is reported where it is, not at the start of the file.
#[test]
fn a_byte_that_is_not_utf8_is_placed_at_its_line_and_column() {
    let dir = content_copy(&fixtures().join("publishing"));
    let listing = dir.path().join("content/properties/marina-studio-for-rent.md");
    let mut bytes = std::fs::read(&listing).expect("the listing");
    let text = String::from_utf8(bytes.clone()).expect("UTF-8");
    let line = text.lines().position(|l| l.starts_with("title:")).expect("a title") + 1;
    let at = text.find("title:").expect("a title") + "title: ".len();
    bytes.insert(at, 0xE9);
    std::fs::write(&listing, bytes).expect("written");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    let expected = format!(
        "content/properties/marina-studio-for-rent.md:{line}:8: error: the file is not UTF-8 text: byte 0xE9"
    );
    assert!(stderr.contains(&expected), "{expected}\n{stderr}");
}

/// `site.yaml`'s coordinates follow the same rule as a listing's.
#[test]
fn site_coordinates_off_the_globe_are_a_located_error() {
    let dir = content_copy(&fixtures().join("publishing"));
    let site = dir.path().join("content/site.yaml");
    let text = std::fs::read_to_string(&site).expect("site.yaml");
    let line = text.lines().position(|l| l.starts_with("coordinates:")).expect("coordinates") + 1;
    let changed: String = text
        .lines()
        .map(|l| if l.starts_with("coordinates:") { "coordinates: { lat: 255.1, lng: 55.2 }" } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&site, changed + "\n").expect("written");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    let expected = format!("content/site.yaml:{line}:14: error: coordinates out of range");
    assert!(stderr.contains(&expected), "{expected}\n{stderr}");
}

/// `site.yaml`'s links may be web, mail or phone links only.
#[test]
fn a_script_link_in_site_yaml_is_a_located_error() {
    let dir = content_copy(&fixtures().join("publishing"));
    let site = dir.path().join("content/site.yaml");
    let mut text = std::fs::read_to_string(&site).expect("site.yaml");
    let line = text.lines().count() + 2;
    text.push_str("social:\n  - { network: x, url: \"javascript:alert(1)\" }\n");
    std::fs::write(&site, text).expect("written");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    let expected = format!("content/site.yaml:{line}:");
    assert!(
        stderr
            .lines()
            .any(|l| l.starts_with(&expected)
                && l.contains("must be an https://, http://, mailto: or tel: link")),
        "{expected}\n{stderr}"
    );
}

/// An unreadable team file is reported as unreadable, where it is; the listings naming that agent
/// do not claim the file is missing.
#[test]
fn an_unreadable_team_file_is_not_called_missing() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let dir = content_copy(&sample);
    let team = dir.path().join("content/team");
    let id = "sara-al-mansouri";
    let member = team.join(format!("{id}.yaml"));
    // Root reads any file whatever its mode: a self-link is unreadable for root too.
    std::fs::remove_file(&member).expect("removed");
    std::os::unix::fs::symlink(&member, &member).expect("a self-link");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    let said = "error: symbolic links are not allowed in content";
    assert!(stderr.contains(&format!("content/team/{id}.yaml:1:1: {said}")), "{stderr}");
    assert!(!stderr.contains("there is no"), "{stderr}");
    assert!(stderr.contains(&format!("error: agent `{id}`: ")), "a listing names the agent\n{stderr}");
    assert!(stderr.contains("could not be loaded (see its own error)"), "{stderr}");
}

/// The map's basemap in `site.yaml`: a `.pmtiles` file that exists (or an https address), with
/// its credit; each mistake is an error at its line that says what to write.
#[test]
fn a_basemap_that_is_missing_or_not_pmtiles_is_a_located_error() {
    let cases = [
        (
            "  tiles: media/map/nowhere.pmtiles\n  attribution: Sample\n",
            "error: map.tiles not found: `media/map/nowhere.pmtiles`",
        ),
        (
            "  tiles: media/logo.png\n  attribution: Sample\n",
            "error: `map.tiles`: `media/logo.png` is not a .pmtiles file",
        ),
        ("  tiles: http://tiles.example/dubai.pmtiles\n  attribution: Sample\n", "is not https"),
        (
            "  tiles: \"https://tiles.example\\\\@evil.example/dubai.pmtiles\"\n  attribution: Sample\n",
            "error: `map.tiles`: `https://tiles.example\\@evil.example/dubai.pmtiles` has a backslash",
        ),
        (
            "  tiles: https://tiles.example/dubai.pmtiles\n  attribution: \" \"\n",
            "error: `map.attribution` is empty",
        ),
    ];
    for (map, expected) in cases {
        let dir = content_copy(&fixtures().join("publishing"));
        let site = dir.path().join("content/site.yaml");
        let mut text = std::fs::read_to_string(&site).expect("site.yaml");
        let line = text.lines().count() + 2;
        text.push_str(&format!("map:\n{map}"));
        std::fs::write(&site, text).expect("written");
        let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
        assert_eq!(code, 1, "{map}: {stderr}");
        let located = stderr.lines().any(|l| {
            (l.starts_with(&format!("content/site.yaml:{line}:"))
                || l.starts_with(&format!("content/site.yaml:{}:", line + 1)))
                && l.contains(expected)
        });
        assert!(located, "{expected}\n{stderr}");
    }
    // An https basemap with its credit is accepted as it is (its origin goes into the CSP).
    let dir = content_copy(&fixtures().join("publishing"));
    let site = dir.path().join("content/site.yaml");
    let mut text = std::fs::read_to_string(&site).expect("site.yaml");
    text.push_str(
        "map:\n  tiles: https://tiles.example/dubai.pmtiles\n  attribution: © OpenStreetMap contributors\n",
    );
    std::fs::write(&site, text).expect("written");
    let (Run { code, stderr, .. }, _) = run(dir.path(), &["check"]);
    assert_eq!(code, 0, "{stderr}");
}
