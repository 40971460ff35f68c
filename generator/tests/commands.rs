//! `estate check` on the sample, `estate new`, `estate demo` and `estate schema`, run as an editor
//! would run them.

use std::path::Path;
use std::process::Command;

fn estate(dir: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_estate")).args(args).current_dir(dir).output().unwrap();
    let text =
        format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from).into_iter().filter_map(Result::ok) {
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// The sample is what a newcomer's first `estate check`, `build` and `serve` print: a warning in
/// it would bury the warnings of their own edits.
#[test]
fn the_sample_content_has_no_warning() {
    let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."));
    let (ok, text) = estate(repo, &["check"]);
    assert!(ok, "{text}");
    assert!(text.contains("(0 errors, 0 warnings)"), "{text}");
    assert!(!text.contains("warning:"), "{text}");
    let (ok, text) = estate(repo, &["check", "--format", "github"]);
    assert!(ok, "{text}");
    assert!(!text.contains("::warning") && !text.contains("::error"), "{text}");
}

#[test]
fn demo_content_is_valid_and_the_same_for_the_same_seed() {
    let dir = tempfile::tempdir().unwrap();
    let (ok, text) =
        estate(dir.path(), &["demo", "--properties", "40", "--posts", "5", "--out", "a", "--seed", "7"]);
    assert!(ok, "{text}");
    assert!(text.contains("(40 listings, 5 posts)"), "{text}");
    let (ok, _) =
        estate(dir.path(), &["demo", "--properties", "40", "--posts", "5", "--out", "b", "--seed", "7"]);
    assert!(ok);
    let (ok, _) =
        estate(dir.path(), &["demo", "--properties", "40", "--posts", "5", "--out", "c", "--seed", "8"]);
    assert!(ok);
    let read = |name: &str| {
        std::fs::read_to_string(dir.path().join(name).join("properties/demo-000001.yaml")).unwrap()
    };
    assert_eq!(read("a"), read("b"));
    assert_ne!(read("a"), read("c"));

    let (ok, text) = estate(dir.path(), &["check", "--content", "a"]);
    assert!(ok, "{text}");
    assert!(text.contains("0 errors, 0 warnings"), "{text}");
    let (ok, text) = estate(dir.path(), &["build", "--content-only", "--content", "a", "--out", "dist"]);
    assert!(ok, "{text}");
    assert!(text.contains("40 listings published, 0 not published, 5 posts"), "{text}");
}

#[test]
fn new_writes_a_valid_template_and_never_overwrites() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_tree(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/broken")), &content);
    // Keep only the valid files of the fixture tree.
    for entry in std::fs::read_dir(content.join("properties")).unwrap() {
        let path = entry.unwrap().path();
        if path.file_name().unwrap() != "valid.yaml" {
            std::fs::remove_file(path).unwrap();
        }
    }
    let (ok, text) = estate(dir.path(), &["new", "property", "marina-gate-2br"]);
    assert!(ok, "{text}");
    assert!(text.contains("content/properties/marina-gate-2br.yaml"), "{text}");
    // Run from cargo's target/debug: the suggested command is one that works there.
    assert!(text.contains("then run `cargo run --bin estate -- check`"), "{text}");
    let (ok, text) = estate(dir.path(), &["new", "post", "golden-visa-guide"]);
    assert!(ok, "{text}");
    let (ok, text) = estate(dir.path(), &["check"]);
    assert!(ok, "{text}");
    assert!(text.contains("0 errors"), "{text}");

    let (ok, text) = estate(dir.path(), &["new", "property", "marina-gate-2br"]);
    assert!(!ok);
    assert!(text.contains("already exists"), "{text}");
    let (ok, text) = estate(dir.path(), &["new", "property", "Marina Gate"]);
    assert!(!ok);
    assert!(text.contains("e.g. `marina-gate`"), "{text}");
    let (ok, text) = estate(dir.path(), &["new", "property", "rent"]);
    assert!(!ok);
    assert!(text.contains("reserved"), "{text}");
}

#[test]
fn committed_schemas_match_the_rust_types() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/schema"));
    for (name, text) in generator::content::schema::all() {
        let committed = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        assert!(committed == text, "content/schema/{name} is out of date: run `estate schema`");
    }
}

#[test]
fn schema_describes_fields_for_the_editor() {
    let schemas = generator::content::schema::all();
    let property = &schemas.iter().find(|(n, _)| *n == "property.json").unwrap().1;
    let value: serde_json::Value = serde_json::from_str(property).unwrap();
    assert_eq!(value["additionalProperties"], false);
    let required: Vec<&str> =
        value["required"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    for field in ["title", "mainCategory", "subCategory", "createdAt"] {
        assert!(required.contains(&field), "{field}");
    }
    assert!(value["properties"]["price"]["description"].as_str().unwrap().contains("AED"));
}
