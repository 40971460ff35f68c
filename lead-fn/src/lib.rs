//! The lead and search function. One axum [`Router`] that AWS Lambda runs through `lambda_http`
//! and `estate serve` mounts in-process, so both hosts answer the same requests the same way.
//!
//! [`model`] holds the published records shared with the generator, so the JSON the generator
//! writes and the JSON this function reads are one type, never two.

use axum::Json;
use axum::Router;
use axum::http::StatusCode;
use axum::response::IntoResponse;

use std::sync::Arc;

pub mod catalogue;
pub mod model;
pub mod search;
pub mod validate;

pub use catalogue::Catalogue;

/// What the function needs from its host.
#[derive(Debug, Clone)]
pub struct Config {
    /// The published properties (search, and the property a lead came from).
    pub catalogue: Arc<Catalogue>,
}

/// The function's routes; anything else is answered `404 {"error":"not found"}`.
pub fn router(config: Config) -> Router {
    Router::new().merge(search::router(config.catalogue)).fallback(not_found)
}

async fn not_found() -> impl IntoResponse {
    (StatusCode::NOT_FOUND, Json(serde_json::json!({ "error": "not found" })))
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Method, Request};
    use tower::ServiceExt as _;

    use super::*;

    #[tokio::test]
    async fn unknown_requests_are_a_json_404() {
        let request = Request::builder()
            .method(Method::POST)
            .uri("/api/no-such-endpoint")
            .body(Body::from("{}"))
            .expect("a valid request");
        let config = Config { catalogue: Arc::new(Catalogue::fixed(Vec::new()).expect("empty")) };
        let response = router(config).oneshot(request).await.expect("the router never fails");
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        assert_eq!(
            response.headers().get("content-type").and_then(|v| v.to_str().ok()),
            Some("application/json")
        );
        let body = axum::body::to_bytes(response.into_body(), 1024).await.expect("a small body");
        assert_eq!(&body[..], br#"{"error":"not found"}"#);
    }
}
