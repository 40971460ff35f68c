//! The admin's forms as their JSON bodies bring them: the body checked as the lead function
//! checks its own ([`lead_fn::http::json_object`]), text fields trimmed, a photo decoded and
//! told by its bytes.

use axum::extract::Request;
use axum::http::StatusCode;
use base64::Engine as _;
use lead_fn::http::{self, ApiError, BodyError};
use serde_json::{Map, Value};

use super::{MAX_BODY, MAX_PHOTO, invalid};

/// The form: a JSON object of at most [`MAX_BODY`] bytes.
pub(super) async fn read(request: Request) -> Result<Map<String, Value>, ApiError> {
    let (parts, body) = request.into_parts();
    http::json_object(&parts.headers, body, MAX_BODY).await.map_err(|error| {
        let said = match &error {
            BodyError::MediaType => "Send the form as application/json.".to_owned(),
            BodyError::TooLarge => format!("The form is larger than {} MB.", MAX_BODY / 1024 / 1024),
            BodyError::Unreadable => "The form could not be read.".to_owned(),
            BodyError::TimedOut => "The form did not arrive in time: send it again.".to_owned(),
            BodyError::NotJson(_) | BodyError::NotAnObject => "The form is not a JSON object.".to_owned(),
        };
        error.refusal(said)
    })
}

/// A text field: a string or a number as the browser sent it, trimmed; absent or null is empty.
/// A control character (a NUL, an escape) is refused: it would be written into a content file.
pub(super) fn text(form: &Map<String, Value>, name: &str) -> Result<String, ApiError> {
    match http::text_field(form, name) {
        Ok(text) if text.contains(|c: char| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) => {
            Err(invalid().field(
                name,
                "This field contains a character that cannot be written (such as a NUL); remove it.",
            ))
        }
        Ok(text) => Ok(text.trim().to_owned()),
        Err(_) => Err(ApiError::new(StatusCode::BAD_REQUEST, "malformed", format!("`{name}` must be text."))
            .field(name, "This field must be text.")),
    }
}

/// The Add Property form.
pub(super) struct PropertyForm {
    pub(super) title: String,
    pub(super) value: String,
    pub(super) location: String,
    pub(super) category: String,
    pub(super) kind: String,
    pub(super) area: String,
    pub(super) bedrooms: String,
}

impl PropertyForm {
    pub(super) fn read(form: &Map<String, Value>) -> Result<PropertyForm, ApiError> {
        Ok(PropertyForm {
            title: text(form, "title")?,
            value: text(form, "value")?,
            location: text(form, "location")?,
            category: text(form, "category")?,
            kind: text(form, "type")?,
            area: text(form, "area")?,
            bedrooms: text(form, "bedrooms")?,
        })
    }
}

/// The Add Blog form.
pub(super) struct PostForm {
    pub(super) title: String,
    pub(super) description: String,
    pub(super) image: String,
}

impl PostForm {
    pub(super) fn read(form: &Map<String, Value>) -> Result<PostForm, ApiError> {
        Ok(PostForm {
            title: text(form, "title")?,
            description: text(form, "description")?,
            image: text(form, "image")?,
        })
    }
}

/// A photo sent as `{ "name": "...", "data": "<base64>" }` (or a `data:` URL in `data`).
pub(super) struct Photo {
    pub(super) bytes: Vec<u8>,
    pub(super) ext: &'static str,
}

/// The photo of the form, if one was sent, checked: size and type from its bytes.
pub(super) fn photo(form: &Map<String, Value>) -> Result<Option<Photo>, ApiError> {
    let unreadable = || invalid().field("photo", "The photo could not be read.");
    let data = match form.get("photo") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(photo)) => match photo.get("data") {
            Some(Value::String(data)) => data.clone(),
            _ => return Err(unreadable()),
        },
        Some(Value::String(data)) if data.is_empty() => return Ok(None),
        Some(Value::String(data)) => data.clone(),
        Some(_) => return Err(unreadable()),
    };
    let encoded = match data.split_once(";base64,") {
        Some((head, rest)) if head.starts_with("data:") => rest,
        _ => data.as_str(),
    };
    let too_large =
        || invalid().field("photo", format!("The photo is larger than {} MB.", MAX_PHOTO / 1_000_000));
    // Base64 of MAX_PHOTO bytes is 4/3 as long; refuse before decoding anything larger.
    if encoded.len() / 4 * 3 > MAX_PHOTO + 3 {
        return Err(too_large());
    }
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(encoded.trim()) else {
        return Err(unreadable());
    };
    if bytes.len() > MAX_PHOTO {
        return Err(too_large());
    }
    if raster::photo_extension(&bytes).is_none() {
        return Err(invalid().field("photo", "The photo must be a JPEG, PNG or WebP image."));
    }
    // Decoded in full and written anew: what is stored is only the picture (no bytes after it,
    // no metadata such as a phone's GPS position), whatever the upload carried.
    let clean = raster::decode(&bytes).and_then(|pixels| raster::encode_jpeg(&pixels, UPLOAD_QUALITY));
    match clean {
        Ok(bytes) => Ok(Some(Photo { bytes, ext: "jpg" })),
        Err(_) => Err(unreadable()),
    }
}

/// The JPEG quality an uploaded photo is stored at: high, since the image stage makes the
/// smaller variants from it.
const UPLOAD_QUALITY: u8 = 92;

#[cfg(test)]
mod text_tests {
    use super::*;

    #[test]
    fn a_control_character_in_a_field_is_refused_for_that_field() {
        let form: Map<String, Value> =
            serde_json::from_str(r#"{"title": "Villa\u0000 one", "area": " 5 "}"#).unwrap();
        let refused = text(&form, "title").expect_err("a NUL");
        assert!(format!("{refused:?}").contains("This field contains a character"), "{refused:?}");
        assert_eq!(text(&form, "area").expect("text"), "5");
    }
}
