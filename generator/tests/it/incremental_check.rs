//! The content check of `estate serve`'s rebuilds, which looks again only at the records an edit
//! read again (`check::Memo`), reports exactly what a whole check reports: the same errors and
//! warnings in the same order, and the same dangling links, after each of a random sequence of
//! edits that change what the checks across records find (links in posts to listings sold,
//! deleted or missing; a post retitled; photos missing, of the wrong kind or refused; a new
//! file in media/; a community the vocabulary lacks, then has; `site.yaml`).
//!
//! Seeded: `INCREMENTAL_CHECK_SEED` and `INCREMENTAL_CHECK_STEPS` replay or lengthen a run.

use std::path::{Path, PathBuf};

use crate::support::random_edits::{Random, files_in, read};
use crate::support::{content_copy, repo};
use generator::check::{self, Memo};
use generator::content::LoadCache;

fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

/// The first line `key: ...` of `text` replaced by `line` (added at the top when there is none).
fn set(text: &str, key: &str, line: &str) -> String {
    let prefix = format!("\n{key}: ");
    let text = format!("\n{text}");
    let out = match text.find(&prefix) {
        Some(start) => {
            let end = text[start + 1..].find('\n').map_or(text.len(), |e| start + 1 + e);
            format!("{}\n{line}{}", &text[..start], &text[end..])
        }
        None => format!("\n{line}{text}"),
    };
    out[1..].to_owned()
}

/// One random edit of the content in `dir`; returns what it did and the record files it changed
/// (None: something else changed, and `estate serve` reads every record again).
fn edit(dir: &Path, random: &mut Random, step: usize) -> (String, Option<Vec<PathBuf>>) {
    let listings = files_in(&dir.join("properties"), "yaml");
    let posts = files_in(&dir.join("blog"), "md");
    let listing = listings[random.below(listings.len())].clone();
    let post = posts[random.below(posts.len())].clone();
    let other = &listings[random.below(listings.len())];
    let write = |path: &Path, text: String| std::fs::write(path, text).unwrap();
    match random.below(12) {
        0 => {
            write(&listing, set(&read(&listing), "status", "status: sold"));
            (format!("sell {}", stem(&listing)), Some(vec![listing]))
        }
        1 => {
            write(&listing, set(&read(&listing), "status", "status: available"));
            (format!("put {} on the market", stem(&listing)), Some(vec![listing]))
        }
        2 if listings.len() > 5 => {
            std::fs::remove_file(&listing).unwrap();
            (format!("delete {}", stem(&listing)), Some(vec![listing]))
        }
        2 | 3 => {
            // A link in a post: to a listing (there, or deleted since), or to no page at all.
            let target = match random.below(3) {
                0 => format!("/nowhere-{step}"),
                1 => format!("/property/gone-{step}"),
                _ => format!("/property/{}", stem(other)),
            };
            write(
                &post,
                format!(
                    "{}\nSee [this]({target}) and ![a plan](/media/properties/plan-{step}.jpg).\n",
                    read(&post)
                ),
            );
            (format!("link {} to {target}", stem(&post)), Some(vec![post]))
        }
        4 => {
            write(&post, set(&read(&post), "title", &format!("title: \"Retitled {step}\"")));
            (format!("retitle {}", stem(&post)), Some(vec![post]))
        }
        5 => {
            let photo = [
                "media/logo.svg",
                "media/properties/missing.jpg",
                "media/properties/bad.jpg",
                "https://evil.example/a.jpg",
            ][random.below(4)];
            write(&listing, set(&read(&listing), "images", &format!("images: [{photo}]")));
            (format!("show {photo} on {}", stem(&listing)), Some(vec![listing]))
        }
        6 => {
            // Bytes that are no photo, under a photo's name: refused, and so is a field naming it.
            let bad = dir.join("media/properties/bad.jpg");
            if bad.exists() {
                std::fs::remove_file(&bad).unwrap();
                ("remove media/properties/bad.jpg".to_owned(), None)
            } else {
                std::fs::write(&bad, b"not a photo at all").unwrap();
                ("add media/properties/bad.jpg, not a photo".to_owned(), None)
            }
        }
        7 => {
            let site = dir.join("site.yaml");
            write(&site, set(&read(&site), "workingHours", &format!("workingHours: \"Sun-Thu {step}\"")));
            ("change site.yaml".to_owned(), None)
        }
        8 => {
            // A listing's description links to another listing.
            let text = set(
                &read(&listing),
                "description",
                &format!("description: \"Near [this one](/property/{}).\"", stem(other)),
            );
            write(&listing, text);
            (format!("link {} to {}", stem(&listing), stem(other)), Some(vec![listing]))
        }
        9 => {
            // A community the vocabulary may not have (until the next edit of this kind adds it).
            write(&listing, set(&read(&listing), "location", "location: Nowhere Bay"));
            (format!("move {} to Nowhere Bay", stem(&listing)), Some(vec![listing]))
        }
        10 => {
            let file = dir.join("vocabulary/communities.yaml");
            let text = read(&file);
            let text = match text.find("\n  - key: nowhere-bay\n") {
                Some(start) => format!("{}\n", &text[..start]),
                None => format!("{}\n  - key: nowhere-bay\n    en: Nowhere Bay\n", text.trim_end()),
            };
            write(&file, text);
            ("add or remove Nowhere Bay in vocabulary/communities.yaml".to_owned(), None)
        }
        _ => {
            write(&listing, set(&read(&listing), "title", &format!("title: \"Edited {step}\"")));
            (format!("retitle {}", stem(&listing)), Some(vec![listing]))
        }
    }
}

#[test]
fn the_check_of_a_rebuild_reports_what_a_whole_check_reports_after_random_edits() {
    let seed =
        std::env::var("INCREMENTAL_CHECK_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(20_261_126_u64);
    let steps =
        std::env::var("INCREMENTAL_CHECK_STEPS").ok().and_then(|s| s.parse().ok()).unwrap_or(40_usize);
    println!("INCREMENTAL_CHECK_SEED={seed} INCREMENTAL_CHECK_STEPS={steps}");
    let tmp = content_copy(&repo().join("content"));
    let dir = tmp.path().join("content");
    let (loaded, memo) = (LoadCache::default(), Memo::default());
    let mut random = Random(seed | 1);
    // What the edits made the checks find, so the test is not passed by content without problems.
    let (mut links, mut media, mut terms) = (0, 0, 0);
    for step in 0..=steps {
        let what = if step == 0 {
            "nothing (the first check)".to_owned()
        } else {
            let (what, records) = edit(&dir, &mut random, step);
            // As `estate serve` does with what its watcher saw.
            match records {
                Some(paths) => loaded.only_changed(&paths),
                None => loaded.clear(),
            }
            what
        };
        let (_, kept, kept_dangling) = check::content_and_dangling(&dir, Some(&loaded), Some(&memo));
        let (_, whole, whole_dangling) = check::content_and_dangling(&dir, None, None);
        assert_eq!(kept.render(), whole.render(), "step {step}: after {what}");
        assert_eq!(kept.diagnostics, whole.diagnostics, "step {step}: after {what}");
        assert_eq!(kept_dangling, whole_dangling, "step {step}: after {what}");
        links += whole.diagnostics.iter().filter(|d| d.message.contains("link `")).count();
        terms += whole.diagnostics.iter().filter(|d| d.message.contains("unknown community")).count();
        media += whole
            .diagnostics
            .iter()
            .filter(|d| d.message.contains("media/") || d.message.contains("image `"))
            .count();
    }
    assert!(
        links > 0 && media > 0 && terms > 0,
        "links {links}, media {media}, terms {terms}: the edits found nothing to report"
    );
}
