//! Tests of removing the pages of routes gone (pipeline/site.rs).

use super::*;

fn routes<'a>(properties: &[&'a str], gone: &[&'a str], posts: &[&'a str], agents: &[&'a str]) -> Routes<'a> {
    let list = |paths: &[&'a str]| paths.iter().map(|p| std::borrow::Cow::Borrowed(*p)).collect();
    Routes {
        properties: list(properties),
        gone: list(gone),
        posts: list(posts),
        agents: list(agents),
        ..Routes::default()
    }
}

#[test]
fn the_pages_of_routes_gone_are_removed_in_every_language_and_no_others() {
    let out = tempfile::tempdir().unwrap();
    let pages: Vec<String> = ["property/1", "property/2", "blog/7/old", "agents/sara"]
        .iter()
        .flat_map(|page| ["", "ar/", "ru/"].map(|lang| format!("{lang}{page}")))
        .collect();
    for page in &pages {
        std::fs::create_dir_all(out.path().join(page)).unwrap();
        std::fs::write(out.path().join(page).join("index.html"), "x").unwrap();
    }
    let last = routes(&["/property/1", "/property/2"], &[], &["/blog/7/old"], &["/agents/sara"]);
    // Listing 1 sold (its page stays, saying so), 2 deleted, the post and the team member gone.
    let now = routes(&[], &["/property/1"], &[], &[]);
    let mut removed = remove_pages_gone(out.path(), &last, &now).unwrap();
    removed.sort();
    let mut expected: Vec<PathBuf> = pages[3..].iter().map(|page| out.path().join(page)).collect();
    expected.sort();
    assert_eq!(removed, expected);
    for page in &pages[..3] {
        assert!(out.path().join(page).join("index.html").is_file(), "{page}");
    }
    // The post's id folders, left empty, go too.
    for blog in ["blog", "ar/blog", "ru/blog"] {
        assert!(!out.path().join(blog).join("7").exists(), "{blog}/7");
    }
}
