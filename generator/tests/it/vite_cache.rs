//! The front end's cache (`pipeline::vite_cache`): a build whose site sources did not change runs
//! no Vite and writes what a clean build writes; a changed source builds with Vite again.
//! Runs the real binary on the sample content with a copy of the site (four builds, three of
//! them with Vite).

use std::path::{Path, PathBuf};

use crate::support::{Run, copy_tree, estate, repo, snapshot};

const SKIPPED: &str = "Vite skipped";
const VITE_RUNS: &str = "estate build: node_modules/.bin/vite build";

fn cache_entries(root: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_unchanged_front_end_is_taken_from_the_cache_and_a_changed_one_built_again() {
    let modules = repo().join("site/node_modules");
    assert!(modules.is_dir(), "site/node_modules is missing: run `npm ci` in site/ (scripts/test.sh does)");
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    copy_tree(&repo().join("site"), &site, &["node_modules", ".ssr", ".cache", "e2e", "dist"]);
    std::os::unix::fs::symlink(&modules, site.join("node_modules")).unwrap();
    let path = |p: PathBuf| p.to_str().unwrap().to_owned();
    let content = path(repo().join("content"));
    let site_arg = path(site.clone());
    let (out, cache) = (path(dir.path().join("dist")), path(dir.path().join("cache/pages")));
    let build = |out: &str, cache: Option<&str>| -> Run {
        let mut args = vec!["build", "--content", &content, "--out", out, "--site", &site_arg];
        match cache {
            Some(cache) => args.extend(["--cache", cache]),
            None => args.push("--no-cache"),
        }
        let run = estate(repo(), &args);
        assert!(run.success(), "{run}");
        run
    };
    let vite_root = dir.path().join("cache/front-end");

    let first = build(&out, Some(&cache));
    assert!(first.stdout.contains(VITE_RUNS) && !first.stdout.contains(SKIPPED), "{first}");
    let entries = cache_entries(&vite_root);
    assert!(entries.len() == 1 && entries[0].len() == 64, "one entry, named by its key: {entries:?}");

    // A clean build (no cache of either kind) runs Vite as always and rewrites site/.ssr; then
    // the SSR bundle and the prerender's template copy are lost: the cache puts them back.
    let clean = path(dir.path().join("clean"));
    let run = build(&clean, None);
    assert!(run.stdout.contains(VITE_RUNS) && !run.stdout.contains(SKIPPED), "{run}");
    std::fs::remove_dir_all(site.join(".ssr")).unwrap();
    std::fs::remove_dir_all(site.join(".cache")).unwrap();
    let favicon = Path::new(&out).join("favicon.svg");
    let favicon_time = std::fs::metadata(&favicon).unwrap().modified().unwrap();

    let second = build(&out, Some(&cache));
    assert!(second.stdout.contains(SKIPPED), "{second}");
    assert!(!second.stdout.contains("node_modules/.bin/vite"), "no Vite: {second}");
    assert!(site.join(".ssr/entry-server.js").is_file(), "the SSR bundle is back");
    let (mut cached, mut clean) = (snapshot(Path::new(&out)), snapshot(Path::new(&clean)));
    // The editors' status of the last build (its outcome and time), not a page of the site.
    for tree in [&mut cached, &mut clean] {
        tree.remove(Path::new(generator::pipeline::status::FILE));
    }
    let differ: Vec<_> =
        cached.keys().chain(clean.keys()).filter(|p| cached.get(*p) != clean.get(*p)).collect();
    assert!(differ.is_empty(), "a build from the cache differs from a clean one: {differ:?}");
    let unchanged_time = std::fs::metadata(&favicon).unwrap().modified().unwrap();
    assert_eq!(unchanged_time, favicon_time, "a file already identical is not rewritten");

    // A change to the site's code: Vite again, and a second entry beside the first.
    let format = site.join("src/format.ts");
    let text = std::fs::read_to_string(&format).unwrap();
    std::fs::write(&format, format!("{text}\n// changed\n")).unwrap();
    let third = build(&out, Some(&cache));
    assert!(third.stdout.contains(VITE_RUNS) && !third.stdout.contains(SKIPPED), "{third}");
    let after = cache_entries(&vite_root);
    assert_eq!(after.len(), 2, "{after:?}");
    assert!(after.contains(&entries[0]), "{after:?}");
}
