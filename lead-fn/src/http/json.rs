//! Reading a JSON request body, the same way for the lead endpoint, the search endpoints and
//! the admin API: declared `application/json` (which a page of another site can only send after
//! a CORS preflight), at most so many bytes (refused unread when the length says so), and, where
//! a form is sent, a JSON object whose text fields are read one by one.

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode, header};
use serde_json::{Map, Value};

use super::ApiError;

/// Why a body was not read. Each API words the refusal its own way ([`BodyError::refusal`]);
/// the status and the code are the same everywhere.
#[derive(Debug)]
pub enum BodyError {
    /// Not declared `application/json` (415).
    MediaType,
    /// Longer than the limit (413).
    TooLarge,
    /// The body broke off while it was read (400).
    Unreadable,
    /// Not JSON (400).
    NotJson(serde_json::Error),
    /// JSON, but not an object (400).
    NotAnObject,
}

impl BodyError {
    pub fn status(&self) -> StatusCode {
        match self {
            BodyError::MediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            BodyError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            BodyError::Unreadable | BodyError::NotJson(_) | BodyError::NotAnObject => StatusCode::BAD_REQUEST,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            BodyError::MediaType => "unsupported_media_type",
            BodyError::TooLarge => "too_large",
            BodyError::Unreadable | BodyError::NotJson(_) | BodyError::NotAnObject => "malformed",
        }
    }

    /// The refusal of this body, saying `error`.
    pub fn refusal(&self, error: impl Into<String>) -> ApiError {
        ApiError::new(self.status(), self.code(), error)
    }
}

/// A JSON object body of at most `limit` bytes.
pub async fn json_object(
    headers: &HeaderMap,
    body: Body,
    limit: usize,
) -> Result<Map<String, Value>, BodyError> {
    let bytes = read(headers, body, limit, false).await?;
    match serde_json::from_slice::<Value>(&bytes).map_err(BodyError::NotJson)? {
        Value::Object(object) => Ok(object),
        _ => Err(BodyError::NotAnObject),
    }
}

/// A JSON body of at most `limit` bytes, or an empty one, which needs no type (a search may
/// send its criteria in the query string alone). Parsing it is the caller's.
pub async fn json_or_empty(headers: &HeaderMap, body: Body, limit: usize) -> Result<Bytes, BodyError> {
    read(headers, body, limit, true).await
}

async fn read(headers: &HeaderMap, body: Body, limit: usize, may_be_empty: bool) -> Result<Bytes, BodyError> {
    let json = is_json(headers);
    if !json && !may_be_empty {
        return Err(BodyError::MediaType);
    }
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(BodyError::TooLarge);
    }
    let bytes = axum::body::to_bytes(body, limit).await.map_err(|error| {
        let over = std::error::Error::source(&error)
            .is_some_and(|source| source.is::<http_body_util::LengthLimitError>());
        if over { BodyError::TooLarge } else { BodyError::Unreadable }
    })?;
    if !json && !bytes.is_empty() {
        return Err(BodyError::MediaType);
    }
    Ok(bytes)
}

/// Whether the body is declared `application/json` (parameters such as `charset` aside).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
}

/// A field that is not text: what it is instead (`a boolean`, `an array`, `an object`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotText(pub &'static str);

/// The text field `name` of a form: a string, or a number as typed (a phone number sent as
/// one); absent or null is empty.
pub fn text_field(object: &Map<String, Value>, name: &str) -> Result<String, NotText> {
    match object.get(name) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(text)) => Ok(text.clone()),
        Some(Value::Number(number)) => Ok(number.to_string()),
        Some(Value::Bool(_)) => Err(NotText("a boolean")),
        Some(Value::Array(_)) => Err(NotText("an array")),
        Some(Value::Object(_)) => Err(NotText("an object")),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn headers(content_type: Option<&'static str>, length: Option<usize>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(content_type) = content_type {
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        }
        if let Some(length) = length {
            headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        }
        headers
    }

    async fn object(content_type: Option<&'static str>, body: &str) -> Result<Map<String, Value>, BodyError> {
        json_object(&headers(content_type, None), Body::from(body.to_owned()), 16).await
    }

    #[tokio::test]
    async fn an_object_declared_json_is_read() {
        let read = object(Some("Application/JSON ; charset=utf-8"), r#"{"a":1}"#).await.expect("an object");
        assert_eq!(read["a"], 1);
    }

    #[tokio::test]
    async fn each_wrong_body_has_its_status() {
        let cases = [
            (object(None, "{}").await, StatusCode::UNSUPPORTED_MEDIA_TYPE),
            (object(Some("text/plain"), "{}").await, StatusCode::UNSUPPORTED_MEDIA_TYPE),
            (object(Some("application/jsonx"), "{}").await, StatusCode::UNSUPPORTED_MEDIA_TYPE),
            (
                object(Some("application/json"), r#"{"a":"0123456789abcdef"}"#).await,
                StatusCode::PAYLOAD_TOO_LARGE,
            ),
            (object(Some("application/json"), "{").await, StatusCode::BAD_REQUEST),
            (object(Some("application/json"), "[]").await, StatusCode::BAD_REQUEST),
        ];
        for (read, status) in cases {
            assert_eq!(read.expect_err("refused").status(), status);
        }
        // A length over the limit is refused before anything is read.
        let declared = json_object(&headers(Some("application/json"), Some(17)), Body::empty(), 16).await;
        assert!(matches!(declared, Err(BodyError::TooLarge)));
    }

    async fn bytes(content_type: Option<&'static str>, body: &str) -> Result<Bytes, BodyError> {
        json_or_empty(&headers(content_type, None), Body::from(body.to_owned()), 16).await
    }

    #[tokio::test]
    async fn an_empty_body_needs_no_type_where_it_may_be_empty() {
        assert!(bytes(None, "").await.expect("empty").is_empty());
        assert!(bytes(Some("text/plain"), "").await.expect("empty").is_empty());
        assert!(matches!(bytes(Some("text/plain"), " ").await, Err(BodyError::MediaType)));
        assert!(matches!(bytes(None, &"x".repeat(17)).await, Err(BodyError::TooLarge)));
        assert_eq!(&bytes(Some("application/json"), "{}").await.expect("a body")[..], b"{}");
    }

    #[test]
    fn text_fields_are_strings_numbers_or_nothing() {
        let form = serde_json::json!({ "s": " a ", "n": 971, "z": null, "b": true, "l": [], "o": {} });
        let form = form.as_object().expect("an object");
        assert_eq!(text_field(form, "s"), Ok(" a ".to_owned()));
        assert_eq!(text_field(form, "n"), Ok("971".to_owned()));
        assert_eq!(text_field(form, "z"), Ok(String::new()));
        assert_eq!(text_field(form, "missing"), Ok(String::new()));
        assert_eq!(text_field(form, "b"), Err(NotText("a boolean")));
        assert_eq!(text_field(form, "l"), Err(NotText("an array")));
        assert_eq!(text_field(form, "o"), Err(NotText("an object")));
    }
}
