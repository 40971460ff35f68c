//! The page cache renders only what changed, and what it leaves is exactly a clean build: random
//! sequences of edits (add, delete and unpublish listings, edit their titles, prices and photos,
//! add, delete and edit posts, edit a team member and an area guide's text, change `site.yaml`),
//! each followed by an incremental build (the same output folder and page cache throughout)
//! and a clean one (a fresh folder, no cache), whose files must be byte for byte the same, as
//! must a build with the page cache into a fresh folder (as CI builds). A
//! third pair of folders is rebuilt as `estate serve` does it (alternately, the other copy
//! catching up with the files each build reported), the prerender kept running between builds
//! and told which data files each build changed; both must match too.
//!
//! Seeded and bounded: `INCREMENTAL_SEED` and `INCREMENTAL_STEPS` replay or lengthen a run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::support::random_edits::{Random, files_in, read};
use crate::support::{content_copy, copy_tree, estate, repo, snapshot};
use generator::netlify::Rules;
use generator::pipeline::{self, BuildError, BuildOptions, Pages};

/// Rewrites the first line starting with `key: ` through `change`; false when there is none.
fn change_line(path: &Path, key: &str, change: impl Fn(&str) -> String) -> bool {
    let text = read(path);
    let prefix = format!("{key}: ");
    let Some(line) = text.lines().find(|line| line.starts_with(&prefix)) else { return false };
    let value = &line[prefix.len()..];
    // A quoted value keeps its quotes around the changed text.
    let new_value = match value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        Some(inner) => format!("\"{}\"", change(inner)),
        None => change(value),
    };
    let new_line = format!("{prefix}{new_value}");
    std::fs::write(path, text.replacen(line, &new_line, 1)).unwrap();
    true
}

/// Applies one random edit to the content in `content`; returns what it did.
fn edit(content: &Path, random: &mut Random, step: usize, kind: usize) -> String {
    let listings = files_in(&content.join("properties"), "yaml");
    let posts = files_in(&content.join("blog"), "md");
    let listing = &listings[random.below(listings.len())];
    let post = &posts[random.below(posts.len())];
    let name = |path: &Path| path.file_name().unwrap().to_string_lossy().into_owned();
    match kind {
        0 | 1 => {
            change_line(listing, "title", |title| format!("{title} {step}"));
            format!("edit the title of {}", name(listing))
        }
        2 => {
            change_line(listing, "price", |price| (price.parse::<u64>().unwrap_or(1000) + 1000).to_string());
            format!("raise the price of {}", name(listing))
        }
        3 => {
            if !change_line(listing, "status", |_| "sold".to_owned()) {
                // Before the title, which may be the file's first line.
                let text = format!("\n{}", read(listing));
                let (first, rest) = text.split_once("\ntitle: ").unwrap();
                std::fs::write(listing, format!("{first}\nstatus: sold\ntitle: {rest}").trim_start())
                    .unwrap();
            }
            format!("unpublish {}", name(listing))
        }
        4 if listings.len() > 10 => {
            std::fs::remove_file(listing).unwrap();
            format!("delete {}", name(listing))
        }
        4 | 5 => {
            // A copy under a new name, with its own reference and permit number.
            let text = read(listing);
            let permit = text
                .lines()
                .find_map(|l| l.strip_prefix("permitNumber: "))
                .map(|p| p.trim_matches('"').to_owned());
            let mut copy = text.replace("\nreference: ", &format!("\nreference: C{step}-"));
            if let Some(permit) = permit {
                copy = copy.replace(&permit, &format!("79{:08}", 1000 + step));
            }
            let target = listing.with_file_name(format!("copy-{step}-{}", name(listing)));
            std::fs::write(&target, copy).unwrap();
            format!("add {} as a copy of {}", name(&target), name(listing))
        }
        6 => {
            change_line(post, "title", |title| format!("{title} {step}"));
            format!("edit the title of {}", name(post))
        }
        7 if posts.len() > 3 => {
            std::fs::remove_file(post).unwrap();
            format!("delete {}", name(post))
        }
        7 => {
            let target = post.with_file_name(format!("copy-{step}-{}", name(post)));
            std::fs::copy(post, &target).unwrap();
            format!("add {}", name(&target))
        }
        9 => {
            // Another photo of the content's first: the cards, the gallery and the similar
            // listings of others show it; a photo no listing shows any more loses its variants.
            let photos = files_in(&content.join("media/properties"), "jpg");
            let photo = format!("media/properties/{}", name(&photos[random.below(photos.len())]));
            // A listing with its photos on one line, `images: [a, b]`.
            let inline: Vec<&PathBuf> = listings.iter().filter(|l| read(l).contains("\nimages: [")).collect();
            let listing = inline[random.below(inline.len())];
            change_line(listing, "images", |list| {
                let rest = list.trim_start_matches('[').trim_end_matches(']').split(", ").skip(1);
                format!("[{}]", std::iter::once(photo.as_str()).chain(rest).collect::<Vec<_>>().join(", "))
            });
            format!("show {photo} first on {}", name(listing))
        }
        10 => {
            // A listing sold or let before, on the market again: back on every list, the sitemap
            // and the feeds, its 'no longer available' page replaced by the listing's.
            let unpublished: Vec<&PathBuf> = listings
                .iter()
                .filter(|l| read(l).lines().any(|l| l.starts_with("status: ") && l != "status: available"))
                .collect();
            let Some(listing) = unpublished.get(random.below(unpublished.len().max(1))) else {
                return edit(content, random, step, 3);
            };
            change_line(listing, "status", |_| "available".to_owned());
            format!("put {} on the market again", name(listing))
        }
        11 => {
            // Shown on the agent's page and on each of their listings' pages.
            let members = files_in(&content.join("team"), "yaml");
            let member = &members[random.below(members.len())];
            change_line(member, "role", |role| format!("{role} {step}"));
            format!("edit the role of {}", name(member))
        }
        12 => {
            // An area guide's text: its page alone.
            let guides = files_in(&content.join("communities"), "yaml");
            let guide = &guides[random.below(guides.len())];
            let text = read(guide);
            std::fs::write(
                guide,
                text.replacen("introduction: |\n  ", &format!("introduction: |\n  Step {step}. "), 1),
            )
            .unwrap();
            format!("edit the introduction of {}", name(guide))
        }
        _ => {
            change_line(&content.join("site.yaml"), "workingHours", |hours| format!("{hours} ({step})"));
            "change site.yaml's working hours".to_owned()
        }
    }
}

fn assert_same_tree(incremental: &Path, clean: &Path, what: &str) {
    let (mut a, mut b) = (snapshot(incremental), snapshot(clean));
    // The editors' status of the last build (its outcome and time), not a page of the site.
    for tree in [&mut a, &mut b] {
        tree.remove(std::path::Path::new(generator::pipeline::status::FILE));
    }
    let only = |x: &BTreeMap<PathBuf, Vec<u8>>, y: &BTreeMap<PathBuf, Vec<u8>>| {
        x.keys().filter(|path| !y.contains_key(*path)).cloned().collect::<Vec<_>>()
    };
    let differ: Vec<&PathBuf> = a
        .iter()
        .filter(|(path, bytes)| b.get(*path).is_some_and(|other| other != *bytes))
        .map(|(p, _)| p)
        .collect();
    assert!(
        only(&a, &b).is_empty() && only(&b, &a).is_empty() && differ.is_empty(),
        "after {what}: the incremental build differs from a clean one\n only incremental: {:?}\n only clean: {:?}\n different: {differ:?}",
        only(&a, &b),
        only(&b, &a)
    );
}

#[test]
fn incremental_builds_are_byte_identical_to_clean_builds_after_random_edits() {
    let seed = std::env::var("INCREMENTAL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20_261_123_u64);
    let steps = std::env::var("INCREMENTAL_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(3_usize);
    println!("INCREMENTAL_SEED={seed} INCREMENTAL_STEPS={steps}");
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    let site = dir.path().join("site");
    copy_tree(&repo().join("site"), &site, &["node_modules", ".ssr", ".cache", "e2e", "dist"]);
    std::os::unix::fs::symlink(repo().join("site/node_modules"), site.join("node_modules")).unwrap();
    let (out, cache) = (dir.path().join("incremental"), dir.path().join("cache"));
    let path = |p: &Path| p.to_str().unwrap().to_owned();
    let args = [
        "build",
        "--content",
        &path(&content),
        "--out",
        &path(&out),
        "--site",
        &path(&site),
        "--cache",
        &path(&cache),
    ];
    let first = estate(repo(), &args);
    assert!(first.success(), "{first}");
    // `estate serve` writes the data files `publish::unread_by_pages` names while the pages
    // render: no page may read one.
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(cache.join("manifest.json")).unwrap()).unwrap();
    for (page, entry) in manifest["pages"].as_object().unwrap() {
        for input in entry["inputs"].as_array().unwrap() {
            let input = input.as_str().unwrap().trim_start_matches('/');
            assert!(!generator::publish::unread_by_pages(Path::new(input)), "{page} reads {input}");
        }
    }
    // What Vite's client build wrote (the prerender keeps the page template in site/.cache): its
    // manifest, the bundles, and each file of site/public copied as it is.
    let vite = dir.path().join("vite");
    let public: Vec<String> = std::fs::read_dir(site.join("public"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for name in [".vite", "assets"].into_iter().chain(public.iter().map(String::as_str)) {
        let from = out.join(name);
        if from.is_dir() {
            copy_tree(&from, &vite.join(name), &[]);
        } else {
            std::fs::copy(&from, vite.join(name)).unwrap();
        }
    }
    // Also as `estate serve` rebuilds: two copies of the site, each build into the one not
    // served, the prerender kept running and told which data files changed, the content stage
    // working from what it kept of the last build; then the other copy catches up with the files
    // the build reported.
    let warm = generator::pipeline::Incremental::default();
    let copies = [dir.path().join("warm-0"), dir.path().join("warm-1")];
    for copy in &copies {
        copy_tree(&vite, copy, &[]);
    }
    let warm_cache = dir.path().join("warm-cache");
    let mut current = 0;
    let options = |out: &Path, page_cache: Option<PathBuf>| BuildOptions {
        content: content.clone(),
        out: out.to_path_buf(),
        pages: Pages::Prerender(site.clone()),
        base_url: None,
        rules: Rules::load(&repo().join("netlify.toml")).unwrap(),
        for_netlify: false,
        page_cache,
        incremental: None,
        last_published: None,
    };
    let mut random = Random(seed | 1);
    for step in 1..=steps {
        let before = dir.path().join("content-before");
        copy_tree(&content, &before, &[]);
        // Two to four edits per build (the builds, four a step, are what takes time; the edits
        // are cheap); the last step also changes site.yaml (every page). Kind 8 (site.yaml) is
        // drawn here as any other.
        let mut kinds: Vec<usize> = (0..=1 + random.below(3)).map(|_| random.below(13)).collect();
        if step == steps {
            kinds.push(8);
        }
        let what = kinds
            .iter()
            .enumerate()
            .map(|(i, kind)| edit(&content, &mut random, step * 10 + i, *kind))
            .collect::<Vec<_>>()
            .join(", ");
        println!("step {step}: {what}");
        match pipeline::build(&options(&out, Some(cache.clone()))) {
            // An edit the content check refuses (a post that others link to, deleted): the
            // build stops before writing anything; undo it.
            Err(BuildError::Content(report)) => {
                println!("  refused, undone:\n{}", report.render());
                std::fs::remove_dir_all(&content).unwrap();
                std::fs::rename(&before, &content).unwrap();
                continue;
            }
            Err(error) => panic!("after {what}: the incremental build failed: {error}"),
            Ok(_) => {}
        }
        // What `estate serve`'s watcher reports: the files that differ. Record files alone are
        // all its next load looks at again; a change to anything else makes it read every file.
        let (was, now) = (snapshot(&before), snapshot(&content));
        let changed: Vec<PathBuf> = was
            .keys()
            .chain(now.keys())
            .filter(|path| was.get(*path) != now.get(*path))
            .map(|path| content.join(path))
            .collect();
        std::fs::remove_dir_all(&before).unwrap();
        if changed.iter().all(|path| generator::content::is_record_file(&content, path)) {
            warm.loaded.only_changed(&changed);
        } else {
            warm.loaded.clear();
        }
        let spare = 1 - current;
        let incremental = generator::pipeline::Incremental { out_is_last_build: true, ..warm.clone() };
        let served = BuildOptions {
            incremental: Some(incremental),
            ..options(&copies[spare], Some(warm_cache.clone()))
        };
        let summary = match pipeline::build(&served) {
            Ok((summary, _)) => summary,
            Err(error) => panic!("after {what}: the warm prerender's build failed: {error}"),
        };
        current = spare;
        generator::serve::catch_up(&copies[current], &copies[1 - current], summary.touched.as_deref())
            .unwrap();
        // As CI and Netlify build: the page cache kept, the output folder new (every page put
        // back from the cache but those the edits changed).
        let fresh = dir.path().join(format!("fresh-{step}"));
        copy_tree(&vite, &fresh, &[]);
        if let Err(error) = pipeline::build(&options(&fresh, Some(cache.clone()))) {
            panic!("after {what}: the cached build into a new folder failed: {error}");
        }
        let clean = dir.path().join(format!("clean-{step}"));
        copy_tree(&vite, &clean, &[]);
        if let Err(error) = pipeline::build(&options(&clean, None)) {
            panic!("after {what}: the clean build failed: {error}");
        }
        assert_same_tree(&out, &clean, &what);
        assert_same_tree(&fresh, &clean, &format!("{what} (cached, into a new folder)"));
        std::fs::remove_dir_all(&fresh).unwrap();
        assert_same_tree(&copies[current], &clean, &format!("{what} (as estate serve builds)"));
        assert_same_tree(&copies[1 - current], &clean, &format!("{what} (the copy caught up)"));
        std::fs::remove_dir_all(&clean).unwrap();
    }
}
