//! `estate new`: starting points for editors, valid as written and commented field by field.

use std::path::{Path, PathBuf};

use crate::content::emit::{self, PostHead, Value};
use crate::content::{RESERVED_PROPERTY_IDS, is_valid_id, suggest_id};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NewKind {
    Property,
    Post,
}

#[derive(Debug, thiserror::Error)]
pub enum NewError {
    #[error("`{0}` is not a valid id: use lower-case letters, digits and single hyphens, e.g. `{1}`")]
    InvalidId(String, String),
    #[error("`{0}` is reserved for an API path; choose another name")]
    Reserved(String),
    #[error("{0} already exists; choose another name or edit that file")]
    Exists(PathBuf),
    #[error("cannot write {0}: {1}")]
    Write(PathBuf, std::io::Error),
}

/// The header of a listing `estate new` writes (after the schema line).
const NEW_LISTING: &str = "# A new listing. The file name is its id and its address: /property/<file name>.
# Check it with `estate check`; fields marked \"optional\" may be deleted.";

/// The text `estate new property` writes: every field of a listing, with an example value or
/// commented out ([`emit::listing`]).
pub(crate) fn property_template(today: &str) -> String {
    emit::listing(NEW_LISTING, &emit::listing_example(today))
}

/// The text `estate new post` writes.
pub(crate) fn post_template(today: &str) -> String {
    let head = PostHead {
        title: Value::text("A New Article About Dubai Property"),
        date: Value::Raw(today.to_owned()),
        author: Value::text("Palm Crest Real Estate"),
        excerpt: Value::text("One or two sentences shown on the blog cards."),
        images: Value::List(Vec::new()),
    };
    emit::post(&head, "Write the article here in **markdown**.\n\n## A heading\n\n- a list item\n")
}

/// Writes a new property or post named `name` under `content_dir`; never overwrites.
pub fn create(content_dir: &Path, kind: NewKind, name: &str, today: &str) -> Result<PathBuf, NewError> {
    if !is_valid_id(name) {
        return Err(NewError::InvalidId(name.to_owned(), suggest_id(name)));
    }
    let (path, text) = match kind {
        NewKind::Property => {
            if RESERVED_PROPERTY_IDS.contains(&name) {
                return Err(NewError::Reserved(name.to_owned()));
            }
            let dir = content_dir.join("properties");
            if dir.join(format!("{name}.md")).exists() {
                return Err(NewError::Exists(dir.join(format!("{name}.md"))));
            }
            (dir.join(format!("{name}.yaml")), property_template(today))
        }
        NewKind::Post => (content_dir.join("blog").join(format!("{name}.md")), post_template(today)),
    };
    let parent = path.parent().unwrap_or(content_dir);
    std::fs::create_dir_all(parent).map_err(|e| NewError::Write(path.clone(), e))?;
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            NewError::Exists(path.clone())
        } else {
            NewError::Write(path.clone(), e)
        }
    })?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(|e| NewError::Write(path.clone(), e))?;
    Ok(path)
}
