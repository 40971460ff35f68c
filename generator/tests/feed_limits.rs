//! A feed template in `content/templates/` cannot hang `estate check` or `build`, nor fill the
//! memory: a runaway loop runs out of minijinja's fuel, a huge feed hits the output limit; each
//! is an error at the template's line, and nothing is written.

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use support::{Run, content_copy, estate, fixtures};

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
    let dir = with_template(
        "<?xml version=\"1.0\"?>\n<feed>\n{% for a in range(100000) %}{% for b in range(100000) %}{{ a }}{% endfor %}{% endfor %}\n</feed>\n",
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
