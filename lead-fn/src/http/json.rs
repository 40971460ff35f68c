//! Reading a JSON request body, the same way for the lead endpoint, the search endpoints and
//! the admin API: declared `application/json` (which a page of another site can only send after
//! a CORS preflight), at most so many bytes, and, where a form is sent, a JSON object whose text
//! fields are read one by one. A refused body is still read to its end, within bounds, before
//! the refusal is answered ([`DRAIN_BYTES`]).

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, StatusCode, header};
use http_body_util::BodyExt as _;
use serde_json::{Map, Value};

use super::ApiError;

/// How much of a refused body is still read and thrown away, past the limit, before the
/// refusal is answered, and for how long at most. A client that sends its whole body before it
/// reads the answer (Python's urllib, most scripts) gets its connection reset when the server
/// closes it with the body unread, and never sees the 413; nginx's lingering close reads on the
/// same way. Past either bound, reading stops and the connection is closed.
const DRAIN_BYTES: u64 = 8 * 1024 * 1024;
/// See [`DRAIN_BYTES`].
const DRAIN_TIME: Duration = Duration::from_secs(5);

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
    /// The body did not arrive in time ([`super::with_deadline`]) (408).
    TimedOut,
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
            BodyError::TimedOut => StatusCode::REQUEST_TIMEOUT,
            BodyError::Unreadable | BodyError::NotJson(_) | BodyError::NotAnObject => StatusCode::BAD_REQUEST,
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            BodyError::MediaType => "unsupported_media_type",
            BodyError::TooLarge => "too_large",
            BodyError::TimedOut => "timeout",
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
        drain(body, DRAIN_BYTES, DRAIN_TIME).await;
        return Err(BodyError::MediaType);
    }
    let bytes = bytes_at_most(headers, body, limit).await?;
    if !json && !bytes.is_empty() {
        return Err(BodyError::MediaType);
    }
    Ok(bytes)
}

/// A body of at most `limit` bytes, of any type (the plain HTML form's too). A longer one is
/// [`BodyError::TooLarge`], answered once the rest is drained ([`DRAIN_BYTES`]); one whose
/// declared length is past that bound is refused unread.
pub async fn bytes_at_most(headers: &HeaderMap, mut body: Body, limit: usize) -> Result<Bytes, BodyError> {
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if let Some(length) = declared.filter(|&length| length > limit as u64) {
        if length - limit as u64 <= DRAIN_BYTES {
            drain(body, length, DRAIN_TIME).await;
        }
        return Err(BodyError::TooLarge);
    }
    // The declared length, when there is one, is within the limit here.
    let mut bytes = Vec::with_capacity(declared.unwrap_or(0) as usize);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(unreadable)?;
        let Some(data) = frame.data_ref() else { continue };
        if bytes.len() + data.len() > limit {
            drain(body, DRAIN_BYTES, DRAIN_TIME).await;
            return Err(BodyError::TooLarge);
        }
        bytes.extend_from_slice(data);
    }
    Ok(bytes.into())
}

/// Why a body could not be read: its deadline passed, or it broke off.
fn unreadable(error: axum::Error) -> BodyError {
    if super::deadline::timed_out(&*error.into_inner()) { BodyError::TimedOut } else { BodyError::Unreadable }
}

/// Reads `body` to its end and throws it away, stopping after `most` bytes or `time`.
async fn drain(mut body: Body, most: u64, time: Duration) {
    let mut left = most;
    let to_the_end = async {
        while let Some(Ok(frame)) = body.frame().await {
            let length = frame.data_ref().map_or(0, |data| data.len() as u64);
            match left.checked_sub(length) {
                Some(rest) => left = rest,
                None => return,
            }
        }
    };
    let _ = tokio::time::timeout(time, to_the_end).await;
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
    use std::convert::Infallible;
    use std::pin::Pin;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::task::{Context, Poll};

    use axum::http::HeaderValue;
    use http_body::Frame;

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
        // A length over the limit is refused by its declaration.
        let declared = json_object(&headers(Some("application/json"), Some(17)), Body::empty(), 16).await;
        assert!(matches!(declared, Err(BodyError::TooLarge)));
    }

    /// A body of `left` chunks of 1 KB that counts the chunks read, and then ends or, with
    /// `stalls`, never does (a client that stopped sending).
    struct Chunks {
        left: usize,
        read: Arc<AtomicUsize>,
        stalls: bool,
    }

    impl Chunks {
        fn body(left: usize, stalls: bool) -> (Body, Arc<AtomicUsize>) {
            let read = Arc::new(AtomicUsize::new(0));
            (Body::new(Chunks { left, read: Arc::clone(&read), stalls }), read)
        }
    }

    impl http_body::Body for Chunks {
        type Data = Bytes;
        type Error = Infallible;

        fn poll_frame(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
            if self.left == 0 {
                return if self.stalls { Poll::Pending } else { Poll::Ready(None) };
            }
            self.left -= 1;
            self.read.fetch_add(1, Ordering::Relaxed);
            Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(&[b' '; 1024])))))
        }
    }

    #[tokio::test]
    async fn a_refused_body_is_read_to_its_end_before_the_refusal() {
        let json = Some("application/json");
        let (body, read) = Chunks::body(100, false);
        assert!(matches!(json_object(&headers(json, None), body, 16).await, Err(BodyError::TooLarge)));
        assert_eq!(read.load(Ordering::Relaxed), 100);

        let (body, read) = Chunks::body(100, false);
        let declared = json_object(&headers(json, Some(100 * 1024)), body, 16).await;
        assert!(matches!(declared, Err(BodyError::TooLarge)));
        assert_eq!(read.load(Ordering::Relaxed), 100);

        let (body, read) = Chunks::body(100, false);
        assert!(matches!(json_object(&headers(None, None), body, 16).await, Err(BodyError::MediaType)));
        assert_eq!(read.load(Ordering::Relaxed), 100);
    }

    #[tokio::test]
    async fn draining_stops_past_its_bounds() {
        // Declared past the bound: not read at all.
        let (body, read) = Chunks::body(100, false);
        let length = DRAIN_BYTES as usize + 17;
        let declared = json_object(&headers(Some("application/json"), Some(length)), body, 16).await;
        assert!(matches!(declared, Err(BodyError::TooLarge)));
        assert_eq!(read.load(Ordering::Relaxed), 0);

        // Past so many bytes: the chunk that goes over is the last one read.
        let (body, read) = Chunks::body(100, false);
        drain(body, 10 * 1024, DRAIN_TIME).await;
        assert_eq!(read.load(Ordering::Relaxed), 11);

        // A client that stops sending is waited for so long only.
        let (body, read) = Chunks::body(3, true);
        let started = std::time::Instant::now();
        drain(body, DRAIN_BYTES, Duration::from_millis(50)).await;
        assert_eq!(read.load(Ordering::Relaxed), 3);
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
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
