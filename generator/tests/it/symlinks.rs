//! Symbolic links in content are never followed: a listing linked to `/proc/self/environ` or a
//! logo linked to a file of secrets would print the build's environment in an error's excerpt,
//! or publish it, and an import would write through a link to files outside the content folder.
//! `estate check` reports each link at its path, and nothing reads, copies or writes through one.

use crate::support;

use std::os::unix::fs::symlink;
use std::path::Path;

use crate::support::{content_copy, copy_tree, estate, fixtures, repo, serve};

const SECRET: &str = "s3cr3t-9f27c1";
const LINK_ERROR: &str = "error: symbolic links are not allowed in content: ";

/// A folder outside the content holding a file of secrets, as a build machine's environment.
fn secrets() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a folder");
    std::fs::write(dir.path().join("environ"), format!("LEAD_PROXY_SECRET={SECRET}\n")).expect("written");
    dir
}

/// Every file under `dir` whose bytes hold the secret.
fn files_with_secret(dir: &Path) -> Vec<String> {
    walkdir::WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| std::fs::read(e.path()).is_ok_and(|b| String::from_utf8_lossy(&b).contains(SECRET)))
        .map(|e| e.path().display().to_string())
        .collect()
}

#[test]
fn a_linked_content_file_is_an_error_at_its_path_and_never_read() {
    let outside = secrets();
    let dir = content_copy(&fixtures().join("publishing"));
    let properties = dir.path().join("content/properties");
    symlink("/proc/self/environ", properties.join("environ.yaml")).expect("a link");
    symlink(outside.path().join("environ"), properties.join("secret.yaml")).expect("a link");
    symlink(outside.path().join("environ"), dir.path().join("content/pages/secret.md")).expect("a link");
    for args in [&["check"][..], &["build", "--content-only", "--out", "dist"]] {
        let run =
            support::run(support::estate_command(dir.path()).args(args).env("LEAD_PROXY_SECRET", SECRET));
        assert_eq!(run.code, 1, "{args:?}: {run}");
        for file in ["properties/environ.yaml", "properties/secret.yaml", "pages/secret.md"] {
            assert!(
                run.to_string().contains(&format!("content/{file}:1:1: {LINK_ERROR}")),
                "{args:?}: {run}"
            );
        }
        assert!(!run.to_string().contains(SECRET), "{args:?}: {run}");
    }
    assert!(!dir.path().join("dist").exists());
}

#[test]
fn a_linked_media_file_or_folder_is_an_error_and_never_published() {
    let outside = secrets();
    let dir = content_copy(&fixtures().join("publishing"));
    let media = dir.path().join("content/media");
    std::fs::create_dir(media.join("partners")).expect("a folder");
    symlink(outside.path().join("environ"), media.join("partners/logo.svg")).expect("a link");
    symlink(outside.path(), media.join("secrets")).expect("a link");
    let check = estate(dir.path(), &["check"]);
    assert_eq!(check.code, 1, "{check}");
    for link in ["media/partners/logo.svg", "media/secrets"] {
        assert!(check.to_string().contains(&format!("content/{link}:1:1: {LINK_ERROR}")), "{check}");
    }
    let build = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert_eq!(build.code, 1, "{build}");
    assert!(!build.to_string().contains(SECRET), "{build}");
    assert_eq!(files_with_secret(&dir.path().join("dist")), Vec::<String>::new());
}

#[test]
fn an_import_writes_nothing_through_links_and_reports_them() {
    let outside = tempfile::tempdir().expect("a folder");
    let dir = tempfile::tempdir().expect("a folder");
    let content = dir.path().join("content");
    copy_tree(&repo().join("content"), &content, &["properties", "blog"]);
    std::fs::create_dir_all(content.join("properties")).expect("a folder");
    std::fs::create_dir_all(content.join("media/properties")).expect("a folder");
    // A dangling link where the listing's file goes, a folder link where its photos go.
    symlink(outside.path().join("listing.yaml"), content.join("properties/villa-v-1.yaml")).expect("a link");
    symlink(outside.path(), content.join("media/properties/villa-v-1")).expect("a link");
    let site = dir.path().join("site");
    std::fs::create_dir_all(&site).expect("a folder");
    std::fs::copy(repo().join("content/media/properties/bay-tower-1.jpg"), site.join("a.jpg"))
        .expect("a copy");
    let origin = serve(site.clone());
    let feed = format!(
        "<list>\n<property last_update=\"2026-11-01 10:00:00\"><reference_number>V-1</reference_number>\
         <offering_type>RS</offering_type><property_type>VH</property_type><size>4000</size>\
         <price>1000000</price><title_en>Villa</title_en><photo><url>{origin}/a.jpg</url></photo></property>\n</list>"
    );
    std::fs::write(site.join("feed.xml"), feed).expect("written");
    let run = estate(
        repo(),
        &[
            "import",
            "propertyfinder",
            &format!("{origin}/feed.xml"),
            "--content",
            content.to_str().expect("UTF-8"),
        ],
    );
    assert_ne!(run.code, 0, "{run}");
    assert!(
        run.stderr.contains("properties/villa-v-1.yaml: symbolic links are not allowed in content: "),
        "{run}"
    );
    assert!(
        run.stderr.contains("media/properties/villa-v-1: symbolic links are not allowed in content: "),
        "{run}"
    );
    let written: Vec<_> =
        std::fs::read_dir(outside.path()).expect("listed").flatten().map(|e| e.path()).collect();
    assert!(written.is_empty(), "written outside the content folder: {written:?}");
}

/// A text file of content with a second name (a hard link) is read as the file it is; only
/// media refuse one (their bytes are published as they are, and the build's own output once
/// linked them). Git, the browser editor, the admin and the imports never make a hard link, the
/// text is parsed and sanitised before anything of it is published, and an error in such a file
/// is reported without its lines, since its other name may be anyone's file.
#[test]
fn a_hard_linked_text_file_is_checked_and_its_lines_never_shown() {
    let outside = secrets();
    let dir = content_copy(&fixtures().join("publishing"));
    let listing = dir.path().join("content/properties/environ.yaml");
    std::fs::hard_link(outside.path().join("environ"), &listing).expect("a hard link");
    let run = estate(dir.path(), &["check"]);
    assert_eq!(run.code, 1, "{run}");
    assert!(run.to_string().contains("content/properties/environ.yaml:1:1: error: "), "{run}");
    assert!(!run.to_string().contains(SECRET), "{run}");
}
