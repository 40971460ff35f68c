//! `POST /api/contact-user`: an enquiry (lead) from any of the site's forms, checked by the
//! its form's rules and handed to the agents, never lost.
//!
//! # The request
//! `Content-Type: application/json`, at most 16 KB, a JSON object:
//!
//! | field | |
//! |---|---|
//! | `name`, `email`, `contactNumber`, `message` | the lead's fields |
//! | `propertyType`, `propertyArea` | the seller form's extras |
//! | `propertyId` | the listing the lead is about (the email names its title, link, reference and permit number) |
//! | `page` | the site path the form was on |
//! | `form` | `seller`, `contact`, `contact-lead`, `popup`, `detail`, `newsletter`, `callback` or `requirements`: whose rules apply ([`crate::validate`]). Left out, the loosest of the forms' rules apply, so a client that sends only the lead fields works unchanged. Newsletter sign-ups (`newsletter`, an email only) and call-back requests (`callback`, a name and a phone) are leads like the others. |
//! | `lang` (or `language`) | `en`, `ar` or `ru`: the visitor's language. Validation messages are answered in it; the agents' email notes it and is written in the agency's language (`LEAD_EMAIL_LANGUAGE`, English by default) |
//! | `website` | the honeypot: rendered hidden, left empty by people |
//!
//! A field may be a string, a number or null; unknown fields are ignored.
//!
//! # The answers (always JSON)
//! | status | body | when |
//! |---|---|---|
//! | 200 | `{"ok": true, "id": "…"}` | at least one sink took the lead (or the honeypot was filled: the same answer, nothing delivered) |
//! | 400 | `{"ok": false, "code": "malformed", "error": "…", "fields": {}}` | not JSON, not an object, a field of the wrong type, an unknown `form` |
//! | 413 | `{"ok": false, "code": "too_large", …}` | a body over 16 KB |
//! | 415 | `{"ok": false, "code": "unsupported_media_type", …}` | not `application/json` |
//! | 422 | `{"ok": false, "code": "invalid", "error": "…", "fields": {"email": "Please enter a valid email address."}, "form": "Please fix the errors above."}` | the form's rules failed: one message per field, letter for letter the forms' own (in Arabic or Russian for a lead in that language); `form` only for forms that show a form-level message |
//! | 429 | `{"ok": false, "code": "rate_limited", "retryAfter": 12, …}` and `Retry-After: 12` | too many submissions from this client this minute |
//! | 503 | `{"ok": false, "code": "delivery_failed", …}` | every sink failed within the budget (the visitor keeps what they typed and may send again) |
//! | 503 | `{"ok": false, "code": "not_configured", …}` | no sink is configured |
//!
//! A form shows `fields` beside its inputs and `form` above the button; for any other failure
//! it shows 'Failed to submit user data.' and keeps the visitor's input.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::json;

use crate::catalogue::{Catalogue, Snapshot};
use crate::http::{self, ApiError, BodyError};
use crate::validate;

mod background;
pub mod email;
pub mod input;
pub mod pending;
pub mod proxy_sign;
pub mod ratelimit;
pub mod record;
pub(crate) mod reply_to;
pub mod settings;
pub mod sinks;
mod valuation;

pub use settings::{ConfigError, Settings};

/// The lead endpoint's path.
pub use contract::endpoints::CONTACT_PATH;

struct Leads {
    catalogue: Arc<Catalogue>,
    settings: Settings,
    sinks: Arc<[sinks::Sink]>,
    limiter: ratelimit::RateLimiter,
}

/// The lead route over the given catalogue and settings.
pub fn router(catalogue: Arc<Catalogue>, mut settings: Settings) -> Router {
    if settings.sinks.is_empty() {
        tracing::warn!(
            event = "lead_sinks_missing",
            "no lead sink is configured: every lead is answered 503"
        );
    }
    // What a killed process left half-written is finished or removed before anything is resent.
    for sink in &settings.sinks {
        if let sinks::Sink::Outbox(outbox) = sink {
            sinks::recover_outbox(&outbox.dir);
        }
    }
    if settings.background_delivery {
        mark_pending_and_resend(&mut settings);
    }
    let leads = Leads {
        catalogue,
        sinks: settings.sinks.clone().into(),
        limiter: ratelimit::RateLimiter::new(settings.rate_limit_per_minute),
        settings,
    };
    Router::new().route(CONTACT_PATH, post(contact).fallback(method_not_allowed)).with_state(Arc::new(leads))
}

/// Background delivery: the outbox marks each lead pending for the other sinks, and the leads
/// a previous run left marked are resent (needs a Tokio runtime, as `estate serve` has).
fn mark_pending_and_resend(settings: &mut Settings) {
    let others: Vec<sinks::Sink> =
        settings.sinks.iter().filter(|sink| !matches!(sink, sinks::Sink::Outbox(_))).cloned().collect();
    let names: Vec<&'static str> = others.iter().map(sinks::Sink::name).collect();
    let Some(outbox) = settings.sinks.iter_mut().find_map(|sink| match sink {
        sinks::Sink::Outbox(outbox) => Some(outbox),
        _ => None,
    }) else {
        return;
    };
    outbox.pending = names;
    let dir = outbox.dir.clone();
    if tokio::runtime::Handle::try_current().is_ok() {
        background::resend(&dir, &others, settings);
    } else {
        tracing::warn!(event = "lead_resend_skipped", "no async runtime: pending leads are not resent");
    }
}

async fn method_not_allowed() -> ApiError {
    let refused = ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "send leads with POST")
        .header(header::ALLOW, HeaderValue::from_static("POST"));
    logged(&refused);
    refused
}

fn logged(refused: &ApiError) {
    tracing::info!(event = "lead_refused", status = refused.status.as_u16(), code = refused.code);
}

async fn contact(State(leads): State<Arc<Leads>>, request: Request) -> Result<Response, ApiError> {
    take(&leads, request).await.inspect_err(logged)
}

/// The refusal of a body that is not a lead at all.
fn body_refused(error: BodyError) -> ApiError {
    let said = match &error {
        BodyError::MediaType => "send the lead as JSON (Content-Type: application/json)".to_owned(),
        BodyError::TooLarge => format!("the body is over {} bytes", input::MAX_BODY_BYTES),
        BodyError::Unreadable => "the body could not be read".to_owned(),
        BodyError::TimedOut => "the body did not arrive in time".to_owned(),
        BodyError::NotJson(reason) => format!("the body is not JSON: {reason}"),
        BodyError::NotAnObject => "the body must be a JSON object".to_owned(),
    };
    error.refusal(said)
}

/// Checks a lead and hands it to every sink.
async fn take(leads: &Leads, request: Request) -> Result<Response, ApiError> {
    let started = Instant::now();
    let (parts, body) = request.into_parts();

    let client = ratelimit::client_ip(&parts.headers, &parts.extensions, leads.settings.trusted_proxy());
    if let Err(wait) = leads.limiter.check(client, started) {
        return Err(ratelimit::refused(wait, "submissions"));
    }
    let object =
        http::json_object(&parts.headers, body, input::MAX_BODY_BYTES).await.map_err(body_refused)?;
    let input = input::parse(&object)
        .map_err(|input::Malformed(reason)| ApiError::new(StatusCode::BAD_REQUEST, "malformed", reason))?;

    // The visitor reads the messages in their language (`lang`), English by default.
    let mut errors = validate::in_language(validate::validate(input.form, &input.fields), input.lang);
    for (field, message) in input.too_long() {
        errors.fields.entry(field).or_insert(message);
    }
    if !errors.is_empty() {
        let mut refused =
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", "some fields need fixing");
        refused.fields = errors
            .fields
            .into_iter()
            .map(|(field, message)| (field.name().to_owned(), message.into()))
            .collect();
        if let Some(form) = errors.form {
            refused = refused.with("form", form);
        }
        return Err(refused);
    }

    let now = SystemTime::now();
    let id = record::new_id(now);
    if input.trap {
        // Answered as any accepted lead, so a bot learns nothing; delivered nowhere.
        tracing::info!(event = "lead_trapped", lead = %id);
        return Ok(accepted(&id));
    }
    if leads.sinks.is_empty() {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "not_configured",
            "no delivery for leads is configured",
        ));
    }

    let budget = leads.settings.budget;
    // Read once, and only for a lead that names a listing.
    let snapshot = if input.property_id.is_empty() && input.property_ids.is_empty() {
        None
    } else {
        catalogue_within(leads, budget / 4).await
    };
    let valuation = match input.valuation {
        Some(home) => Some(valuation::estimate(&leads.catalogue, home, budget / 4).await),
        None => None,
    };
    let site = leads.settings.site_url.as_deref();
    let (property, property_missing) = look_up(snapshot.as_deref(), &input.property_id, site);
    let (properties, unpublished_ids) = look_up_all(snapshot.as_deref(), &input.property_ids, site);
    let lead = record::Lead {
        id: id.clone(),
        received_at: record::rfc3339(now),
        form: input.form,
        lang: input.lang.to_owned(),
        name: input.fields.name,
        email: input.fields.email,
        contact_number: validate::received_phone(input.form, input.fields.contact_number),
        message: input.fields.message,
        property_type: input.fields.property_type,
        property_area: input.fields.property_area,
        property_id: input.property_id,
        property_ids: input.property_ids,
        properties,
        unpublished_ids,
        page: input.page,
        property,
        valuation,
    };
    let prepared = match prepare(lead, &leads.settings, property_missing, now) {
        Ok(prepared) => prepared,
        Err(error) => {
            tracing::error!(event = "lead_render_failed", lead = %id, error = %error);
            return Err(failed(&id));
        }
    };
    let left = budget.saturating_sub(started.elapsed()).max(Duration::from_millis(100));
    let prepared = Arc::new(prepared);
    let outcomes = if leads.settings.background_delivery {
        background::record_then_deliver(&leads.sinks, prepared, left).await
    } else {
        sinks::deliver(leads.sinks.clone(), prepared, left).await
    };
    let taken = outcomes.iter().filter(|o| o.accepted).count();
    tracing::info!(
        event = "lead",
        lead = %id,
        form = input::form_name(input.form),
        lang = input.lang,
        outcome = if taken > 0 { "accepted" } else { "failed" },
        sinks = outcomes.len(),
        accepted_by = taken,
        ms = started.elapsed().as_millis() as u64,
    );
    if taken > 0 { Ok(accepted(&id)) } else { Err(failed(&id)) }
}

/// The catalogue, if it answers within `wait`; without it the lead still goes, naming the ids
/// it was sent with.
async fn catalogue_within(leads: &Leads, wait: Duration) -> Option<Arc<Snapshot>> {
    match tokio::time::timeout(wait, leads.catalogue.snapshot()).await {
        Ok(Ok(snapshot)) => Some(snapshot),
        Ok(Err(error)) => {
            tracing::warn!(event = "lead_catalogue_unavailable", error = %error);
            None
        }
        Err(_) => {
            tracing::warn!(event = "lead_catalogue_unavailable", error = "timed out");
            None
        }
    }
}

/// The published property a lead names, and whether the catalogue was read and has no such
/// property.
fn look_up(snapshot: Option<&Snapshot>, id: &str, site: Option<&str>) -> (Option<record::PropertyRef>, bool) {
    match snapshot {
        Some(snapshot) if !id.is_empty() => match snapshot.property(id) {
            Some(property) => (Some(record::property_ref(&property, site)), false),
            None => (None, true),
        },
        _ => (None, false),
    }
}

/// The published properties a shortlist enquiry names, in its order, and the ids the catalogue
/// answered it does not have (none without the catalogue: the email lists them all).
fn look_up_all(
    snapshot: Option<&Snapshot>,
    ids: &[String],
    site: Option<&str>,
) -> (Vec<record::PropertyRef>, Vec<String>) {
    let (mut found, mut missing) = (Vec::new(), Vec::new());
    let Some(snapshot) = snapshot else { return (found, missing) };
    for id in ids {
        match snapshot.property(id) {
            Some(property) => found.push(record::property_ref(&property, site)),
            None => missing.push(id.clone()),
        }
    }
    (found, missing)
}

fn prepare(
    lead: record::Lead,
    settings: &Settings,
    property_missing: bool,
    now: SystemTime,
) -> Result<sinks::Prepared, String> {
    let json = serde_json::to_vec_pretty(&lead).map_err(|e| e.to_string())?;
    let email = email::render(
        &lead,
        settings.email_language,
        &settings.addresses,
        settings.site_url.as_deref(),
        property_missing,
        now,
    )
    .map_err(|e| e.to_string())?;
    Ok(sinks::Prepared { lead, json, email })
}

fn accepted(id: &str) -> Response {
    (StatusCode::OK, axum::Json(json!({ "ok": true, "id": id }))).into_response()
}

fn failed(id: &str) -> ApiError {
    tracing::warn!(event = "lead_not_delivered", lead = %id);
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "delivery_failed",
        "the lead could not be delivered just now; please try again",
    )
    .header(header::RETRY_AFTER, HeaderValue::from_static("30"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_that_is_not_a_lead_says_why() {
        let not_json = serde_json::from_slice::<serde_json::Value>(b"{\"name\": ").expect_err("not JSON");
        for (error, status, said) in [
            (
                BodyError::NotJson(not_json),
                StatusCode::BAD_REQUEST,
                "the body is not JSON: EOF while parsing",
            ),
            (BodyError::NotAnObject, StatusCode::BAD_REQUEST, "the body must be a JSON object"),
            (BodyError::TooLarge, StatusCode::PAYLOAD_TOO_LARGE, "the body is over 16384 bytes"),
            (BodyError::MediaType, StatusCode::UNSUPPORTED_MEDIA_TYPE, "send the lead as JSON"),
        ] {
            let refused = body_refused(error);
            assert_eq!(refused.status, status);
            assert!(refused.error.starts_with(said), "{}", refused.error);
        }
    }
}
