//! The one refusal of every JSON API here: the lead endpoint, the search endpoints and the
//! function's 404, and `estate serve`'s admin API. Handlers return `Result<_, ApiError>`.

use axum::Json;
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value};

/// A request refused, as JSON: the envelope `{"ok":false,"code":…,"error":…,"fields":{…}}`
/// with any [`more`](ApiError::more) members, or, for the search endpoints and the function's
/// 404 ([`ApiError::plain`]), a bare `{"error":…}`, as the static API's misses.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    pub status: StatusCode,
    /// What went wrong, for programs (`malformed`, `too_large`, …); not sent in a plain answer.
    pub code: &'static str,
    /// What went wrong, for people.
    pub error: String,
    /// A message per form field.
    pub fields: Map<String, Value>,
    /// More members of the body (`form`, `retryAfter`).
    pub more: Map<String, Value>,
    /// Headers of the answer (`Retry-After`, `Allow`); a list, as it is short, and so the
    /// refusal stays small enough to return by value.
    headers: Vec<(HeaderName, HeaderValue)>,
    plain: bool,
}

impl ApiError {
    /// An envelope answer with no field messages.
    pub fn new(status: StatusCode, code: &'static str, error: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            error: error.into(),
            fields: Map::new(),
            more: Map::new(),
            headers: Vec::new(),
            plain: false,
        }
    }

    /// A bare `{"error":…}` answer.
    pub fn plain(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError { plain: true, ..ApiError::new(status, "", error) }
    }

    /// With a message for the form field `name`, unless it has one already (the first one
    /// found is the one to fix first).
    pub fn field(mut self, name: &str, message: impl Into<String>) -> ApiError {
        if !self.fields.contains_key(name) {
            self.fields.insert(name.to_owned(), Value::String(message.into()));
        }
        self
    }

    /// With one more member of the body.
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> ApiError {
        self.more.insert(name.to_owned(), value.into());
        self
    }

    /// With a header on the answer.
    pub fn header(mut self, name: HeaderName, value: HeaderValue) -> ApiError {
        self.headers.push((name, value));
        self
    }

    /// The JSON body of the answer.
    pub fn body(&self) -> Value {
        let mut body = Map::new();
        if !self.plain {
            body.insert("ok".into(), Value::Bool(false));
            body.insert("code".into(), self.code.into());
            body.insert("fields".into(), Value::Object(self.fields.clone()));
        }
        body.insert("error".into(), self.error.clone().into());
        body.extend(self.more.clone());
        Value::Object(body)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.body())).into_response();
        response.headers_mut().extend(self.headers);
        response
    }
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, header};

    use super::*;

    async fn answer(error: ApiError) -> (StatusCode, HeaderMap, String) {
        let response = error.into_response();
        let (parts, body) = response.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 16).await.expect("a body");
        (parts.status, parts.headers, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
    }

    #[tokio::test]
    async fn the_envelope_and_the_plain_answer_are_written_as_documented() {
        let refused = ApiError::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", "wait")
            .with("retryAfter", 12)
            .header(header::RETRY_AFTER, HeaderValue::from(12));
        let (status, headers, body) = answer(refused).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(headers[header::RETRY_AFTER], "12");
        assert_eq!(headers[header::CONTENT_TYPE], "application/json");
        assert_eq!(body, r#"{"code":"rate_limited","error":"wait","fields":{},"ok":false,"retryAfter":12}"#);

        let (status, _, body) = answer(ApiError::plain(StatusCode::NOT_FOUND, "not found")).await;
        assert_eq!((status, body.as_str()), (StatusCode::NOT_FOUND, r#"{"error":"not found"}"#));
    }

    #[test]
    fn the_first_message_of_a_field_stays() {
        let refused = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", "fix")
            .field("title", "empty")
            .field("title", "too long");
        assert_eq!(refused.fields["title"], "empty");
    }
}
