//! Each problem's hint in an editor's words, and a bad upload named as the uploaded file.

use super::*;
use crate::content::yaml::Pos;

fn content_with(path: &str, text: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(path);
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

#[test]
fn a_problem_keeps_its_hint_in_an_editors_words() {
    let (dir, post) = content_with("blog/guide.md", b"---\ntitle: A Guide\n---\nbody\n");
    let mut report = Report::default();
    report.push(
        Diagnostic::warning(
            &post,
            Pos { line: 4, col: 1 },
            "link `/property/old`: no listing has that address",
        )
        .with_hint("did you mean `/property/marina-gate`?"),
    );
    report.push(
        Diagnostic::warning(&post, Pos { line: 4, col: 1 }, "unknown term")
            .with_hint("did you mean `marina`? (or add the term to content/vocabulary/areas.yaml)"),
    );
    let listing = dir.path().join("properties/let.yaml");
    std::fs::create_dir_all(listing.parent().unwrap()).unwrap();
    std::fs::write(&listing, "title: To Let\n").unwrap();
    report.push(
        Diagnostic::error(&listing, Pos { line: 1, col: 1 }, "a rental needs `pricePeriod`")
            .with_hint("add `pricePeriod: year` or `pricePeriod: month`"),
    );
    report.push(
        Diagnostic::error(&listing, Pos { line: 1, col: 1 }, "no permit")
            .with_hint("add `permitNumber: \"...\"` (and `permitUrl`) from the Trakheesi system"),
    );
    report.push(
        Diagnostic::error(&listing, Pos { line: 1, col: 1 }, "unknown field").with_hint("remove someField"),
    );
    let errors: Vec<Option<String>> =
        Status::refused(dir.path(), &report).errors.into_iter().map(|p| p.hint).collect();
    assert_eq!(
        errors,
        [
            Some("Add “Rent is per: year” or “Rent is per: month”".to_owned()),
            Some("Add “Permit number (Trakheesi)” (and “Permit link”) from the Trakheesi system".to_owned()),
            None,
        ]
    );
    report.push(Diagnostic::warning(
        &post,
        Pos { line: 4, col: 1 },
        "the photo media/properties/a.jpg was deleted",
    ));
    report.push(
        Diagnostic::warning(&post, Pos { line: 4, col: 1 }, "a photo from elsewhere")
            .with_hint("put the file under media/ (the site publishes it)"),
    );
    let warnings = Status::refused(dir.path(), &report).warnings;
    let hints: Vec<Option<&str>> = warnings.iter().map(|p| p.hint.as_deref()).collect();
    assert_eq!(
        hints,
        [
            Some("Put the file in the media library (the site publishes it)"),
            Some("Did you mean “/property/marina-gate”?"),
            None,
            None,
        ],
        "{warnings:?}"
    );
    assert_eq!(warnings[1].message, "Link “/property/old”: no listing has that address");
    assert_eq!(warnings[2].message, "The photo media/properties/a.jpg was deleted");
}

#[test]
fn a_bad_upload_under_a_kinds_folder_is_named_as_the_uploaded_file() {
    let heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic";
    let (dir, upload) = content_with("media/properties/img_4521.heic", heic);
    let refusal = crate::content::media_kind::classify(&upload, heic, || Ok(Vec::new())).unwrap_err();
    let mut report = Report::default();
    report.push(
        Diagnostic::error(&upload, Pos::START, refusal.message)
            .with_hint("remove the file from media/, or replace it with what its field shows"),
    );
    let problem = &Status::refused(dir.path(), &report).errors[0];
    assert_eq!(problem.entry, "The uploaded file “img_4521.heic”");
    assert!(problem.message.starts_with("It is not published: it is a HEIC photo"), "{problem:?}");
    assert!(problem.message.contains("save it as JPEG and upload that instead"), "{problem:?}");
    assert_eq!(
        problem.hint.as_deref(),
        Some("Remove the file from the media library, or replace it with what its field shows")
    );
}
