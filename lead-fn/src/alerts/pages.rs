//! The pages a subscriber's links open: confirming, unsubscribing (the page and RFC 8058's
//! one-click `POST`), and the address's searches. Each is in the language the link names
//! (`lang`), the subscriber's; a token the store does not have opens the page saying so.

use std::sync::Arc;
use std::time::SystemTime;

use axum::extract::{Query, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::store::{self, Confirmed, Purpose, Token};
use super::{Alerts, words};
use contract::endpoints;

#[derive(Debug, Default, Deserialize)]
pub(super) struct Link {
    #[serde(default)]
    token: String,
    #[serde(default)]
    lang: String,
    #[serde(default)]
    id: String,
}

impl Link {
    fn lang(&self) -> &'static str {
        contract::urls::language(&self.lang.to_ascii_lowercase()).unwrap_or(contract::urls::DEFAULT_LANGUAGE)
    }
}

fn html(status: StatusCode, body: String) -> Response {
    (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
}

/// A page of a title and one paragraph, by their keys.
fn said(lang: &str, status: StatusCode, title: &str, paragraph: &str) -> Response {
    let back = minijinja::context! { back => contract::urls::localized_path(lang, "/") };
    html(
        status,
        words::page(lang, &words::text(lang, "page", title), &[words::text(lang, "page", paragraph)], back),
    )
}

/// The store's failure as a page.
fn unavailable(lang: &str, error: store::StoreError) -> Response {
    tracing::error!(event = "saved_search_store_failed", error = %error);
    let title = words::text(lang, "page", "refusedTitle");
    html(
        StatusCode::SERVICE_UNAVAILABLE,
        words::page(lang, &title, &[words::text(lang, "messages", "failed")], minijinja::context! {}),
    )
}

/// The token's record, if it is one of `purpose`.
async fn token(alerts: &Alerts, token: &str, purpose: Purpose) -> Result<Option<Token>, store::StoreError> {
    let Some(store) = &alerts.settings.saved_searches else {
        return Err(store::StoreError("not configured".into()));
    };
    if token.is_empty() || token.len() > 100 {
        return Ok(None);
    }
    Ok(store.token(&store::token_hash(token)).await?.filter(|t| t.purpose == purpose))
}

fn now() -> u64 {
    store::seconds(SystemTime::now())
}

/// `GET confirm?token=`: confirmed, already confirmed, or expired or unknown.
pub(super) async fn confirm(State(alerts): State<Arc<Alerts>>, Query(link): Query<Link>) -> Response {
    let lang = link.lang();
    let found = match token(&alerts, &link.token, Purpose::Confirm).await {
        Ok(found) => found,
        Err(error) => return unavailable(lang, error),
    };
    let Some(found) = found else { return said(lang, StatusCode::NOT_FOUND, "expiredTitle", "expired") };
    let Some(store) = &alerts.settings.saved_searches else {
        return said(lang, StatusCode::NOT_FOUND, "expiredTitle", "expired");
    };
    // Used once already: it confirms nothing again, and says the search is confirmed.
    if found.used_at.is_some() {
        return said(lang, StatusCode::OK, "alreadyTitle", "already");
    }
    // Unused and past its time: the search went with it.
    if found.expired(now()) {
        return said(lang, StatusCode::GONE, "expiredTitle", "expired");
    }
    match store.confirm(&found.address, &found.id, &found.hash, now()).await {
        Ok(Confirmed::Now) => {
            tracing::info!(event = "saved_search_confirmed", search = %found.id);
            // The first confirmed search is the digest's start: what is published now is no news.
            super::digest::start_from(&alerts.catalogue, store.as_ref()).await;
            said(lang, StatusCode::OK, "confirmedTitle", "confirmed")
        }
        Ok(Confirmed::Already) => said(lang, StatusCode::OK, "alreadyTitle", "already"),
        Ok(Confirmed::Gone) => said(lang, StatusCode::GONE, "expiredTitle", "expired"),
        Err(error) => unavailable(lang, error),
    }
}

/// `GET unsubscribe?token=`: the button (a link opened by a mail scanner changes nothing).
pub(super) async fn unsubscribe_page(
    State(alerts): State<Arc<Alerts>>,
    Query(link): Query<Link>,
) -> Response {
    let lang = link.lang();
    match token(&alerts, &link.token, Purpose::Manage).await {
        Ok(Some(_)) => {
            let action = format!(
                "{}?{}",
                endpoints::SAVED_SEARCH_UNSUBSCRIBE_PATH,
                serde_urlencoded::to_string([("lang", lang)]).unwrap_or_default()
            );
            let extra =
                minijinja::context! { form => minijinja::context! { action => action, token => link.token } };
            html(
                StatusCode::OK,
                words::page(lang, &words::text(lang, "page", "unsubscribeTitle"), &[], extra),
            )
        }
        // Its search is gone already: nothing more is sent for it.
        Ok(None) => said(lang, StatusCode::OK, "unsubscribedTitle", "unsubscribed"),
        Err(error) => unavailable(lang, error),
    }
}

/// `POST unsubscribe`: the token (and `lang`) from the query string or the form, RFC 8058's
/// `List-Unsubscribe=One-Click` body or the page's; with `id`, that search of the token's address
/// (the manage page's delete, answered by the list again).
pub(super) async fn unsubscribe(
    State(alerts): State<Arc<Alerts>>,
    Query(query): Query<Link>,
    request: Request,
) -> Response {
    let (parts, body) = request.into_parts();
    let bytes = crate::http::bytes_at_most(&parts.headers, body, 4096).await.unwrap_or_default();
    let form: Link = serde_urlencoded::from_bytes(&bytes).unwrap_or_default();
    let pick = |a: &String, b: &String| if a.is_empty() { b.clone() } else { a.clone() };
    let link = Link {
        token: pick(&form.token, &query.token),
        lang: pick(&form.lang, &query.lang),
        id: pick(&form.id, &query.id),
    };
    let lang = link.lang();
    let found = match token(&alerts, &link.token, Purpose::Manage).await {
        Ok(found) => found,
        Err(error) => return unavailable(lang, error),
    };
    let (Some(found), Some(store)) = (found, &alerts.settings.saved_searches) else {
        return said(lang, StatusCode::OK, "unsubscribedTitle", "unsubscribed");
    };
    let id = if link.id.is_empty() { found.id.clone() } else { link.id.clone() };
    match store.remove(&found.address, &id).await {
        Ok(removed) => tracing::info!(event = "saved_search_removed", search = %id, removed),
        Err(error) => return unavailable(lang, error),
    }
    if link.id.is_empty() || link.id == found.id {
        return said(lang, StatusCode::OK, "unsubscribedTitle", "unsubscribed");
    }
    // Back to the list it was deleted from.
    let to = format!(
        "{}?{}",
        endpoints::SAVED_SEARCH_MANAGE_PATH,
        serde_urlencoded::to_string([("token", link.token.as_str()), ("lang", lang)]).unwrap_or_default()
    );
    (StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response()
}

/// `GET manage?token=`: the address's searches, each with its delete button.
pub(super) async fn manage(State(alerts): State<Arc<Alerts>>, Query(link): Query<Link>) -> Response {
    let lang = link.lang();
    let found = match token(&alerts, &link.token, Purpose::Manage).await {
        Ok(found) => found,
        Err(error) => return unavailable(lang, error),
    };
    let (Some(found), Some(store)) = (found, &alerts.settings.saved_searches) else {
        return said(lang, StatusCode::NOT_FOUND, "expiredTitle", "expired");
    };
    let searches = match store.list(&found.address, now()).await {
        Ok(searches) => searches,
        Err(error) => return unavailable(lang, error),
    };
    // The site's vocabulary names each search's type and places in the page's language.
    let fetched = tokio::time::timeout(alerts.settings.budget / 4, alerts.catalogue.snapshot()).await;
    let snapshot = fetched.ok().and_then(Result::ok);
    let no_terms = contract::vocabulary::SearchTerms::default();
    let terms = snapshot.as_ref().map_or(&no_terms, |snapshot| &snapshot.terms);
    let listed: Vec<minijinja::Value> = searches
        .iter()
        .map(|s| {
            let criteria = crate::search::criteria_from(Some(&s.criteria), b"").unwrap_or_default();
            minijinja::context! { id => s.id.clone(), active => s.confirmed_at.is_some(), words => words::describe(&s.category, &criteria, lang, terms) }
        })
        .collect();
    let action = format!(
        "{}?{}",
        endpoints::SAVED_SEARCH_UNSUBSCRIBE_PATH,
        serde_urlencoded::to_string([("lang", lang)]).unwrap_or_default()
    );
    let extra = minijinja::context! { searches => listed, token => link.token, form_action => action };
    html(StatusCode::OK, words::page(lang, &words::text(lang, "page", "manageTitle"), &[], extra))
}
