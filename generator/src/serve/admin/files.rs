//! The files the admin writes: their ids and names (made or checked here, never a path from the
//! request) and images told by their bytes; they are written by [`crate::content::safe_fs::write_new`], which
//! never overwrites nor writes through a link.

use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use lead_fn::http::ApiError;
use serde_json::{Map, Value};

use super::{forms, invalid};
use crate::content::{is_valid_id, safe_fs, suggest_id};

/// The longest id made from a title.
const MAX_ID: usize = 60;

/// The id of a new record: the `id` field when given (it must be valid), else made from the
/// title. Errors name the field that holds the problem, and so does the second value.
pub(super) fn new_id(
    form: &Map<String, Value>,
    title: &str,
    fallback_prefix: &str,
    created: &str,
) -> Result<(String, &'static str), ApiError> {
    let given = forms::text(form, "id")?;
    if !given.is_empty() {
        if !is_valid_id(&given) {
            let suggestion = suggest_id(&given);
            return Err(invalid().field(
                "id",
                format!(
                    "`{given}` is not a valid id: use lower-case letters, digits and single hyphens{}",
                    if suggestion.is_empty() { String::new() } else { format!(", e.g. `{suggestion}`") }
                ),
            ));
        }
        return Ok((given, "id"));
    }
    let mut id = suggest_id(title);
    if id.len() > MAX_ID {
        let cut = id[..MAX_ID].rfind('-').unwrap_or(MAX_ID);
        id.truncate(cut);
    }
    if crate::content::is_windows_device_name(&id) {
        // A title such as "Con": not a file name on Windows.
        id = format!("{id}-{fallback_prefix}");
    }
    if id.is_empty() {
        // A title without Latin letters or digits: an id from the time.
        let stamp: String = created.chars().filter(char::is_ascii_digit).take(14).collect();
        id = format!("{fallback_prefix}-{stamp}");
    }
    Ok((id, "title"))
}

/// `folder/{id}.{ext}`, or `folder/{id}-2.{ext}` ... when that is taken (relative to content/).
pub(super) fn free_name(content_dir: &Path, folder: &str, id: &str, ext: &str) -> PathBuf {
    let mut n = 1;
    loop {
        let name = if n == 1 { format!("{id}.{ext}") } else { format!("{id}-{n}.{ext}") };
        let relative = Path::new(folder).join(name);
        if !content_dir.join(&relative).exists() {
            return relative;
        }
        n += 1;
    }
}

/// The refusal of a record whose file is there already (`existing`, under `content`).
pub(super) fn exists_refusal(field: &str, what: &str, existing: &Path, content: &Path) -> ApiError {
    let shown = existing.strip_prefix(content).unwrap_or(existing).display().to_string();
    ApiError::new(StatusCode::CONFLICT, "exists", format!("{what} already exists: content/{shown}"))
        .field(field, format!("{what} already exists (content/{shown}); choose another title."))
}

/// The refusal of a file [`crate::content::safe_fs::write_new`] could not write (`path`, under
/// `content`): a symbolic link in the way ([`link_refusal`]), or a failed write (500).
pub(super) fn write_failed(path: &Path, content: &Path, error: &std::io::Error) -> ApiError {
    if let Some(link) = safe_fs::link_in_the_way(error) {
        return link_refusal(link, content);
    }
    let shown = path.strip_prefix(content).unwrap_or(path);
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "write_failed",
        format!("content/{} could not be written: {error}", shown.display()),
    )
}

/// The refusal of a write that a symbolic link (`link`, under `content`) is in the way of: the
/// file or a folder on its way. 409: the request is sound, the content folder's state is what
/// stops it, and the editor can change that (put the folder itself there, or remove the link)
/// and save again; not 403, which would say the request may not be made (and which the admin
/// page words as a request from another site). Nothing is written through a link
/// ([`crate::content::safe_fs`]). The message goes to the form as a whole (`form`), which the
/// admin page shows beside it.
fn link_refusal(link: &Path, content: &Path) -> ApiError {
    let shown = link.strip_prefix(content).unwrap_or(link).display();
    let message = format!(
        "content/{shown} is a symbolic link, and the editor never writes through one: put the file \
         or folder itself there (or remove the link), then save again."
    );
    ApiError::new(StatusCode::CONFLICT, "link_in_content", message.clone()).field("form", message)
}

/// The refusal of a record's file [`crate::content::safe_fs::write_new`] could not write: taken
/// meanwhile (409, as [`exists_refusal`]), a link in the way (409), or not written at all (500).
pub(super) fn not_written(
    field: &str,
    what: &str,
    path: &Path,
    content: &Path,
    error: &std::io::Error,
) -> ApiError {
    if error.kind() == std::io::ErrorKind::AlreadyExists {
        exists_refusal(field, what, path, content)
    } else {
        write_failed(path, content, error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_id_is_a_windows_device_name() {
        let form = |id: &str| {
            let mut form = Map::new();
            form.insert("id".into(), Value::from(id));
            form
        };
        let created = "2026-11-23T01:00:00+04:00";
        assert_eq!(new_id(&form(""), "Con", "post", created).expect("an id").0, "con-post");
        assert_eq!(new_id(&form(""), "NUL", "post", created).expect("an id").0, "nul-post");
        assert_eq!(new_id(&form(""), "Console", "post", created).expect("an id").0, "console");
        for device in ["con", "aux", "com1"] {
            assert!(new_id(&form(device), "A title", "post", created).is_err(), "{device}");
        }
    }

    #[test]
    fn a_taken_name_gets_a_number() {
        let dir = tempfile::tempdir().expect("a temp dir");
        crate::content::safe_fs::write_new(dir.path(), &dir.path().join("blog/a.md"), b"first")
            .expect("written");
        assert_eq!(free_name(dir.path(), "blog", "a", "md"), Path::new("blog/a-2.md"));
    }
}
