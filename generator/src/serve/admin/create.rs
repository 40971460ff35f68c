//! The two forms that add a record, Add Property and Add Blog: the form read, its file made,
//! checked by `estate check`'s validator (its messages sent back per form field), and written.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use axum::Json;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use lead_fn::http::ApiError;
use serde_json::{Map, Value};

use super::files::{exists_refusal, free_name, new_id, not_written, write_failed};
use super::forms::{self, PostForm, PropertyForm};
use super::scaffold::{post_text, property_text};
use super::{Admin, AdminState, guard, invalid};
use crate::content::diag::{Diagnostic, Severity};
use crate::content::model::dubai;
use crate::content::{self, RESERVED_PROPERTY_IDS, safe_fs};

/// What was written: the contract's answer.
use contract::admin::Created;

type Answer = Result<(StatusCode, Json<Created>), ApiError>;

pub(super) async fn property(State(admin): AdminState, request: Request) -> Answer {
    write_with(admin, request, |admin, form| create_property_file(admin, &form, &now())).await
}

pub(super) async fn post(State(admin): AdminState, request: Request) -> Answer {
    write_with(admin, request, |admin, form| create_post_file(admin, &form, &now())).await
}

async fn write_with<F>(admin: Arc<Admin>, request: Request, write: F) -> Answer
where
    F: FnOnce(&Admin, Map<String, Value>) -> Result<Created, ApiError> + Send + 'static,
{
    guard(&admin, request.headers(), true)?;
    let form = forms::read(request).await?;
    let created = tokio::task::spawn_blocking(move || write(&admin, form)).await.map_err(|_| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "failed", "The file could not be written.")
    })??;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The time a new record is created at, in Dubai.
fn now() -> String {
    chrono::Utc::now().with_timezone(&dubai()).format("%Y-%m-%dT%H:%M:%S%:z").to_string()
}

/// Which form field a diagnostic of the new file concerns: the top-level key on (or above) its
/// line, turned into the form's name for it.
fn field_of(text: &str, d: &Diagnostic, names: &[(&str, &str)], id_field: &str) -> String {
    if d.message.starts_with("invalid id") {
        return id_field.to_owned();
    }
    if d.message.starts_with("the post has no text") {
        return "description".into();
    }
    let mut key = None;
    let mut fences = 0;
    for (i, line) in text.lines().enumerate() {
        if i as u32 + 1 > d.pos.line {
            break;
        }
        if line.trim_end() == "---" {
            fences += 1;
            if fences == 2 {
                key = Some("body");
            }
            continue;
        }
        if fences == 2 {
            continue;
        }
        if line.starts_with(|c: char| c.is_ascii_alphabetic())
            && let Some((name, _)) = line.split_once(':')
        {
            key = Some(name);
        }
    }
    key.and_then(|k| names.iter().find(|(yaml, _)| *yaml == k).map(|(_, field)| (*field).to_owned()))
        .unwrap_or_else(|| "form".into())
}

fn message_of(d: &Diagnostic) -> String {
    match &d.hint {
        Some(hint) => format!("{} ({hint})", d.message),
        None => d.message.clone(),
    }
}

/// Runs the validator over the new file; its errors, per field, refuse it.
fn validate(
    admin: &Admin,
    file: &Path,
    text: &str,
    pending: &[PathBuf],
    names: &[(&str, &str)],
    id_field: &str,
    refused: Option<ApiError>,
) -> Result<Vec<String>, ApiError> {
    let diagnostics = crate::check::new_file(&admin.content, file, text, pending);
    let mut refused = refused;
    let mut warnings = Vec::new();
    for d in &diagnostics {
        if d.severity == Severity::Warning {
            warnings.push(message_of(d));
            continue;
        }
        let field = field_of(text, d, names, id_field);
        refused = Some(refused.unwrap_or_else(invalid).field(&field, message_of(d)));
    }
    match refused {
        Some(refused) => Err(refused),
        None => Ok(warnings),
    }
}

/// Writes a new listing (and its photo) from the admin's property form.
fn create_property_file(
    admin: &Admin,
    form: &Map<String, Value>,
    created: &str,
) -> Result<Created, ApiError> {
    const WHAT: &str = "A listing with this address";
    let input = PropertyForm::read(form)?;
    let (id, id_field) = new_id(form, &input.title, "listing", created)?;
    if RESERVED_PROPERTY_IDS.contains(&id.as_str()) {
        return Err(
            invalid().field(id_field, format!("`{id}` is reserved for an API path; choose another name"))
        );
    }
    let (photo, photo_refused) = match forms::photo(form) {
        Ok(photo) => (photo, None),
        Err(refused) => (None, Some(refused)),
    };
    let _writing = admin.writing.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let dir = admin.content.join("properties");
    for ext in ["yaml", "yml", "md"] {
        let existing = dir.join(format!("{id}.{ext}"));
        if existing.exists() {
            let mut refused = exists_refusal(id_field, WHAT, &existing, &admin.content);
            if let Some(photo) = photo_refused.and_then(|r| r.fields.get("photo").cloned()) {
                refused.fields.insert("photo".into(), photo);
            }
            return Err(refused);
        }
    }
    let file = dir.join(format!("{id}.yaml"));
    let media = photo.as_ref().map(|p| free_name(&admin.content, "media/properties", &id, p.ext));
    // Stored as `/media/…`, the browser CMS's form; `media` stays the path under content/.
    let images: Vec<String> =
        media.iter().map(|m| contract::urls::media_url(&m.to_string_lossy().replace('\\', "/"))).collect();
    let text = property_text(&input, &images, created);
    let names = [
        ("title", "title"),
        ("price", "value"),
        ("location", "location"),
        ("mainCategory", "category"),
        ("subCategory", "type"),
        ("area", "area"),
        ("bedrooms", "bedrooms"),
        ("images", "photo"),
    ];
    let pending: Vec<PathBuf> = media.iter().cloned().collect();
    let warnings = match validate(admin, &file, &text, &pending, &names, id_field, photo_refused) {
        Ok(warnings) => warnings,
        Err(mut refused) => {
            // A value of the wrong type stops the validator before its other checks (an empty
            // title, say). Check once more without those values, so every message shows at once.
            let typed = ["value", "area", "bedrooms", "type", "category"];
            if typed.iter().any(|f| refused.fields.contains_key(*f)) {
                let blank = |field: &str, value: &str, default: &str| {
                    if refused.fields.contains_key(field) { default.to_owned() } else { value.to_owned() }
                };
                let rest = PropertyForm {
                    title: input.title.clone(),
                    value: blank("value", &input.value, ""),
                    location: input.location.clone(),
                    category: blank("category", &input.category, "Residential"),
                    kind: blank("type", &input.kind, "Apartment"),
                    area: blank("area", &input.area, ""),
                    bedrooms: blank("bedrooms", &input.bedrooms, ""),
                };
                let text = property_text(&rest, &images, created);
                if let Err(more) = validate(admin, &file, &text, &pending, &names, id_field, None) {
                    for (field, message) in more.fields {
                        refused.fields.entry(field).or_insert(message);
                    }
                }
            }
            return Err(refused);
        }
    };
    let mut files = Vec::new();
    if let (Some(photo), Some(media)) = (&photo, &media) {
        safe_fs::write_new(&admin.content, &admin.content.join(media), &photo.bytes)
            .map_err(|e| write_failed(&admin.content.join(media), &admin.content, &e))?;
        files.push(media.display().to_string());
    }
    if let Err(e) = safe_fs::write_new(&admin.content, &file, text.as_bytes()) {
        // The listing is whole or not there: its photo goes too.
        if let Some(media) = &media {
            let _ = safe_fs::remove(&admin.content, &admin.content.join(media));
        }
        return Err(not_written(id_field, WHAT, &file, &admin.content, &e));
    }
    files.push(format!("properties/{id}.yaml"));
    Ok(Created { ok: true, url: contract::urls::property_path(&id), id, files, warnings })
}

/// Writes a new post from the Add Blog form.
fn create_post_file(admin: &Admin, form: &Map<String, Value>, created: &str) -> Result<Created, ApiError> {
    const WHAT: &str = "A post with this address";
    let input = PostForm::read(form)?;
    let (id, id_field) = new_id(form, &input.title, "post", created)?;
    let _writing = admin.writing.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let file = admin.content.join("blog").join(format!("{id}.md"));
    if file.exists() {
        return Err(exists_refusal(id_field, WHAT, &file, &admin.content));
    }
    let author = site_name(&admin.content);
    let text = post_text(&input, &author, created);
    let names =
        [("title", "title"), ("images", "image"), ("body", "description"), ("excerpt", "description")];
    let warnings = validate(admin, &file, &text, &[], &names, id_field, None)?;
    safe_fs::write_new(&admin.content, &file, text.as_bytes())
        .map_err(|e| not_written(id_field, WHAT, &file, &admin.content, &e))?;
    let url = format!(
        "/blog/{id}/{}",
        contract::urls::encode_path_segment(&contract::urls::blog_slug(&input.title))
    );
    Ok(Created { ok: true, id: id.clone(), files: vec![format!("blog/{id}.md")], url, warnings })
}

/// The agency's name from `site.yaml`, the author of posts written here.
fn site_name(content_dir: &Path) -> String {
    let (content, _) = content::load(content_dir);
    content.site.map(|s| s.data.name).unwrap_or_else(|| "The editors".into())
}
