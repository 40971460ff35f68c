//! The check of the built pages' links after a cached build: only the pages it rendered are
//! read while every target the last check found still answers.

use std::collections::HashSet;
use std::path::PathBuf;

use crate::support::repo;
use contract::routes::Routes;
use generator::check::links::pages::{Build, Memo, check_build};
use generator::netlify::Rules;

/// A build with a page cache reads only the pages it rendered once the last check passed: the
/// others are pages that check read, and their links still lead somewhere while each target it
/// found still answers. A target gone, or a check that failed, sends it back to every page.
#[test]
fn a_cached_build_reads_the_pages_it_rendered_while_the_other_pages_targets_answer() {
    let out = tempfile::tempdir().unwrap();
    let dist = out.path();
    let cache = tempfile::tempdir().unwrap();
    let page = |path: &str, body: &str| {
        let file = dist.join(path.trim_start_matches('/')).join("index.html");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, format!("<!doctype html><html><body>{body}</body></html>")).unwrap();
    };
    page("/", r#"<a href="/about-us">About</a> <img src="/media/a.jpg">"#);
    page("/about-us", r#"<a href="/">home</a>"#);
    page("/property/a", r#"<a href="/about-us">About</a>"#);
    std::fs::create_dir_all(dist.join("media")).unwrap();
    std::fs::write(dist.join("media/a.jpg"), "jpeg").unwrap();
    let routes: Routes = serde_json::from_str(r#"{"properties":["/property/a"],"posts":[]}"#).unwrap();
    let rules = Rules::load(&repo().join("netlify.toml")).unwrap();
    let dangling = HashSet::new();
    let rendered = [PathBuf::from("property/a/index.html")];
    let check = |targets_may_be_gone: bool, memo: Option<&Memo>| {
        let build =
            Build { routes: &routes, rendered: Some(&rendered), targets_may_be_gone, dangling: &dangling };
        let report =
            check_build(dist, &rules, "https://www.example.ae", Some(cache.path()), build, memo).unwrap();
        let broken: Vec<(String, String)> =
            report.broken.iter().map(|b| (b.page.clone(), b.link.clone())).collect();
        (report.pages, broken)
    };
    for memo in [None, Some(&Memo::default())] {
        assert_eq!(check(true, memo), (3, vec![]), "nothing known yet: every page");
        assert_eq!(check(true, memo), (1, vec![]), "the page rendered; the others' targets answer");
        assert_eq!(check(false, memo), (1, vec![]), "nothing removed: the page rendered");
        std::fs::remove_file(dist.join("media/a.jpg")).unwrap();
        let gone = vec![("/".to_owned(), "/media/a.jpg".to_owned())];
        assert_eq!(check(true, memo), (3, gone.clone()), "a target of a page not rendered is gone");
        assert_eq!(check(true, memo), (3, gone), "after a failed check, every page");
        std::fs::write(dist.join("media/a.jpg"), "jpeg").unwrap();
        assert_eq!(check(true, memo), (3, vec![]));
        assert_eq!(check(true, memo), (1, vec![]));
    }
    // Another address or other rules: every page.
    let build =
        Build { routes: &routes, rendered: Some(&rendered), targets_may_be_gone: true, dangling: &dangling };
    let report = check_build(dist, &rules, "https://other.example", Some(cache.path()), build, None).unwrap();
    assert_eq!(report.pages, 3);
}
