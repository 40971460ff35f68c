//! scripts/cached-estate.sh names its cached release binary by a hash of the Rust sources: every
//! workspace member the root Cargo.toml lists, so a change to any crate (one added later too)
//! compiles estate again instead of deploying yesterday's.

use std::path::Path;
use std::process::Command;

use crate::support::repo;

fn git(dir: &Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args(args)
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(status.success(), "git {args:?}");
}

fn key(dir: &Path) -> String {
    let out =
        Command::new("bash").arg("scripts/cached-estate.sh").arg("--key").current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Writes `text` to `path` under `dir`, commits it and returns the key afterwards.
fn commit(dir: &Path, path: &str, text: &str) -> String {
    let file = dir.join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(file, text).unwrap();
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", path]);
    key(dir)
}

#[test]
fn the_cached_binary_is_keyed_by_every_workspace_member() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::copy(repo().join("scripts/cached-estate.sh"), dir.join("scripts/cached-estate.sh")).unwrap();
    git(dir, &["init", "-q"]);
    let toml = "[workspace]\nmembers = [\n  \"generator\",\n  \"raster\",\n]\n";
    commit(dir, "Cargo.toml", toml);
    commit(dir, "generator/src/lib.rs", "");
    let before = commit(dir, "raster/src/lib.rs", "");
    assert_eq!(before.len(), 16, "{before}");

    let raster = commit(dir, "raster/src/lib.rs", "pub fn f() {}");
    assert_ne!(raster, before, "a change to raster/ alone must compile estate again");
    assert_eq!(commit(dir, "content/site.yaml", "name: x"), raster, "content is not in the key");

    // A crate added to the workspace is in the key from then on.
    let added = commit(dir, "Cargo.toml", &toml.replace("]\n", "  \"maps\",\n]\n"));
    let maps = commit(dir, "maps/src/lib.rs", "");
    assert_ne!(maps, added, "a new member's files are hashed");
    assert_ne!(commit(dir, "maps/src/lib.rs", "pub fn g() {}"), maps);
}

/// The content workflow's cache is named by the same key, not by a list of folders of its own.
#[test]
fn the_workflow_names_its_cache_by_the_scripts_key_and_checks_strictly() {
    let workflow = std::fs::read_to_string(repo().join(".github/workflows/content.yml")).unwrap();
    assert!(workflow.contains("scripts/cached-estate.sh --key"), "{workflow}");
    assert!(!workflow.contains("hashFiles("), "{workflow}");
    assert!(workflow.contains("scripts/cached-estate.sh check --strict --format github"), "{workflow}");
}
