//! The notifications the function is sent about saved searches, each proved with the shared
//! secret `LEAD_HOOKS_SECRET` (unset: refused, `503 not_configured`):
//!
//! - `POST /api/saved-searches/deployed`: Netlify's 'Deploy succeeded' notification. Netlify signs
//!   it with a JSON Web Signature in `X-Webhook-Signature`: HS256 under the secret, its claims
//!   `iss: "netlify"` and `sha256`, the hex SHA-256 of the body as sent. Checked here with the
//!   HMAC of the TLS stack (no JWT crate for one algorithm); a deploy that is not `ready`, or not
//!   the production one (a deploy preview, a branch deploy), is answered and ignored. The digest runs on the catalogue fetched anew, before the answer
//!   (Lambda freezes an instance once it answers): `200 {"ok":true,"digest":{...}}`, `503` when
//!   it failed (Netlify's next notification or the daily run catches up: nothing is marked sent
//!   that was not).
//! - `POST /api/saved-searches/bounce?token=SECRET`: Postmark's bounce, spam complaint and
//!   subscription change webhook (JSON). A hard bounce (`HardBounce`, `BadEmailAddress`,
//!   `SpamNotification`, `ManuallyDeactivated`), a `SpamComplaint` or a `SubscriptionChange` that
//!   suppresses sending removes every saved search of the address (`removed`); a soft bounce
//!   changes nothing. Anything well formed is answered 200, so the provider does not retry it.

use std::sync::Arc;
use std::time::SystemTime;

use axum::extract::{Query, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine as _;
use serde::Deserialize;
use serde_json::{Value, json};
use subtle::ConstantTimeEq as _;

use super::{Alerts, digest, store};
use crate::http::ApiError;

/// The most a notification's body may be (Netlify's deploy is a few kilobytes).
const MAX_HOOK_BYTES: usize = 256 * 1024;

/// The header Netlify's signature comes in.
pub const SIGNATURE_HEADER: &str = "x-webhook-signature";

fn not_configured() -> Response {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "not_configured", "the notifications' secret is not set")
        .into_response()
}

fn refused(why: &str) -> Response {
    tracing::warn!(event = "hook_refused", why);
    ApiError::new(StatusCode::UNAUTHORIZED, "unauthorized", "the notification is not signed with the secret")
        .into_response()
}

/// Whether `signature` is Netlify's JWS of `body` under `secret`.
pub fn netlify_signed(secret: &str, signature: &str, body: &[u8]) -> bool {
    let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    let mut parts = signature.trim().split('.');
    let (Some(header), Some(claims), Some(tag), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let json =
        |part: &str| b64.decode(part).ok().and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok());
    let (Some(header_json), Some(claims_json), Ok(tag)) = (json(header), json(claims), b64.decode(tag))
    else {
        return false;
    };
    if header_json["alg"] != "HS256" {
        return false;
    }
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes());
    if ring::hmac::verify(&key, format!("{header}.{claims}").as_bytes(), &tag).is_err() {
        return false;
    }
    let digest = ring::digest::digest(&ring::digest::SHA256, body);
    let hex: String = digest.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    claims_json["iss"] == "netlify"
        && claims_json["sha256"].as_str().is_some_and(|s| s.eq_ignore_ascii_case(&hex))
}

async fn body(headers: &HeaderMap, request: Request) -> Result<axum::body::Bytes, Response> {
    crate::http::bytes_at_most(headers, request.into_body(), MAX_HOOK_BYTES)
        .await
        .map_err(|e| e.refusal("the notification could not be read").into_response())
}

/// `POST deployed`: Netlify's signed 'Deploy succeeded'.
pub(super) async fn deployed(State(alerts): State<Arc<Alerts>>, request: Request) -> Response {
    let Some(secret) = alerts.settings.hooks_secret.clone() else { return not_configured() };
    let headers = request.headers().clone();
    let bytes = match body(&headers, request).await {
        Ok(bytes) => bytes,
        Err(refusal) => return refusal,
    };
    let signature = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !netlify_signed(&secret, signature, &bytes) {
        return refused("netlify_signature");
    }
    let deploy: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let state = deploy["state"].as_str().unwrap_or("");
    if state != "ready" {
        return (StatusCode::OK, axum::Json(json!({ "ok": true, "ignored": state }))).into_response();
    }
    // A deploy preview or a branch deploy publishes nothing on the site the catalogue is read from.
    let context = deploy["context"].as_str().unwrap_or("production");
    if context != "production" {
        return (StatusCode::OK, axum::Json(json!({ "ok": true, "ignored": context }))).into_response();
    }
    // What the deploy published, fetched anew.
    if let Err(error) = alerts.catalogue.snapshot_now().await {
        tracing::error!(event = "digest_failed", error = %error);
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "the catalogue could not be read",
        )
        .into_response();
    }
    match digest::run(&alerts.catalogue, &alerts.settings, SystemTime::now()).await {
        Ok(report) => (
            StatusCode::OK,
            axum::Json(json!({ "ok": true, "digest": {
                "searches": report.searches, "fresh": report.fresh, "emails": report.emails,
                "listings": report.listings, "kept": report.kept, "started": report.started,
            }})),
        )
            .into_response(),
        Err(error) => {
            tracing::error!(event = "digest_failed", error = %error);
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", "the digest could not run")
                .into_response()
        }
    }
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct Secret {
    #[serde(default)]
    token: String,
}

/// Whether a Postmark record stops the address's alerts.
pub fn stops_alerts(record: &Value) -> bool {
    match record["RecordType"].as_str().unwrap_or("") {
        "SpamComplaint" => true,
        "SubscriptionChange" => record["SuppressSending"] == true,
        "Bounce" => matches!(
            record["Type"].as_str().unwrap_or(""),
            "HardBounce" | "BadEmailAddress" | "SpamNotification" | "ManuallyDeactivated"
        ),
        _ => false,
    }
}

/// `POST bounce?token=`: Postmark's webhook.
pub(super) async fn bounce(
    State(alerts): State<Arc<Alerts>>,
    Query(secret): Query<Secret>,
    request: Request,
) -> Response {
    let Some(expected) = alerts.settings.hooks_secret.as_deref() else { return not_configured() };
    if !bool::from(secret.token.as_bytes().ct_eq(expected.as_bytes())) {
        return refused("bounce_token");
    }
    let headers = request.headers().clone();
    let bytes = match body(&headers, request).await {
        Ok(bytes) => bytes,
        Err(refusal) => return refusal,
    };
    let Ok(record) = serde_json::from_slice::<Value>(&bytes) else {
        return ApiError::new(StatusCode::BAD_REQUEST, "malformed", "send the provider's JSON")
            .into_response();
    };
    let (Some(store), Some(email)) = (&alerts.settings.saved_searches, record["Email"].as_str()) else {
        return (StatusCode::OK, axum::Json(json!({ "ok": true, "removed": 0 }))).into_response();
    };
    if !stops_alerts(&record) {
        return (StatusCode::OK, axum::Json(json!({ "ok": true, "removed": 0 }))).into_response();
    }
    let address = store::address_key(email);
    let removed = async {
        let mut removed = 0;
        for search in store.list(&address, store::seconds(SystemTime::now())).await? {
            removed += usize::from(store.remove(&address, &search.id).await?);
        }
        Ok::<_, store::StoreError>(removed)
    };
    match removed.await {
        Ok(removed) => {
            let kind = record["RecordType"].as_str().unwrap_or("");
            tracing::info!(event = "saved_searches_stopped", kind, removed);
            (StatusCode::OK, axum::Json(json!({ "ok": true, "removed": removed }))).into_response()
        }
        Err(error) => {
            tracing::error!(event = "saved_search_store_failed", error = %error);
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", "the store failed; send it again")
                .into_response()
        }
    }
}
