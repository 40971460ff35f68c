//! Saved searches with new-listing alerts: a visitor saves a result page's search with their
//! email address, confirms it from the email this sends (double opt-in: nothing else is sent
//! before), and may stop it from any email or list and delete their searches. Each saved search
//! is also a lead for the agents, its criteria in words.
//!
//! | endpoint | |
//! |---|---|
//! | `POST /api/saved-searches` | JSON or a plain form: `email`, `search` (the result page's query string, read by the search endpoints' rules), `category` (`all`, `residential`, `commercial`, `off-plan`, `rent`), `lang`, `page`, `consent` (true: the visitor agreed to [`words::consent`]) and the honeypot |
//! | `GET /api/saved-searches/confirm?token=&lang=` | confirms: a page saying confirmed, already confirmed, or expired/unknown |
//! | `GET /api/saved-searches/unsubscribe?token=&lang=` | a page with the button |
//! | `POST /api/saved-searches/unsubscribe?token=` | RFC 8058 one-click (`List-Unsubscribe=One-Click`), or the page's form; with `id`, that search of the token's address (the manage page's delete) |
//! | `GET /api/saved-searches/manage?token=&lang=` | the address's searches, each with a delete button |
//! | `POST /api/saved-searches/deployed` | Netlify's signed deploy notification: runs the [`digest`] ([`hooks`]) |
//! | `POST /api/saved-searches/bounce?token=` | the mail provider's bounce and complaint webhook ([`hooks`]) |
//!
//! JSON answers to `POST /api/saved-searches`: `200 {"ok":true,"id","matches","message"}` with
//! `notice` when nothing matches today (saved anyway); `422` `invalid` with `fields` (`email`,
//! `consent`, `search`) in the visitor's language; an 11th search of an address is `422` with
//! `fields.email`; `400`/`413`/`415` for a body that is no request; `429` over the submissions'
//! rate limit; `503` `not_configured` (no store or no sink) or `delivery_failed` (the confirmation
//! could not be sent: the search is not kept). A plain form gets the same as a page.
//!
//! The confirmation link carries a token of 256 random bits ([`store::new_token`]), used once;
//! the unsubscribe and manage links the HMAC of the search's id under `LEAD_ALERTS_SECRET`
//! ([`store::LinkKey`]), which every digest writes again. The store keeps only their hashes.
//!
//! The alerts themselves are the [`digest`]'s.

use std::sync::Arc;

use axum::Router;
use axum::routing::{get, post};

use crate::catalogue::Catalogue;
use crate::leads::{Settings, ratelimit::RateLimiter};
use crate::subscriptions as store;
use contract::endpoints;

pub mod digest;
pub mod hooks;
mod pages;
mod subscribe;
pub mod words;

pub use crate::subscriptions::Store;

/// What the saved-search routes share.
pub(crate) struct Alerts {
    pub catalogue: Arc<Catalogue>,
    pub settings: Settings,
    pub limiter: RateLimiter,
    /// The origins a plain form may come from (as the enquiry forms').
    pub form_origins: Arc<[String]>,
}

/// The saved-search routes.
pub fn router(catalogue: Arc<Catalogue>, settings: Settings, form_origins: Arc<[String]>) -> Router {
    let alerts = Arc::new(Alerts {
        catalogue,
        limiter: RateLimiter::new(settings.rate_limit_per_minute),
        settings,
        form_origins,
    });
    Router::new()
        .route(endpoints::SAVED_SEARCH_PATH, post(subscribe::subscribe))
        .route(endpoints::SAVED_SEARCH_CONFIRM_PATH, get(pages::confirm))
        .route(
            endpoints::SAVED_SEARCH_UNSUBSCRIBE_PATH,
            get(pages::unsubscribe_page).post(pages::unsubscribe),
        )
        .route(endpoints::SAVED_SEARCH_MANAGE_PATH, get(pages::manage))
        .route(endpoints::SAVED_SEARCH_DEPLOYED_PATH, post(hooks::deployed))
        .route(endpoints::SAVED_SEARCH_BOUNCE_PATH, post(hooks::bounce))
        .with_state(alerts)
}

/// `path` on the site with `query`, absolute when the site's address is known.
pub(crate) fn link(settings: &Settings, path: &str, query: &[(&str, &str)]) -> String {
    let query = serde_urlencoded::to_string(query).unwrap_or_default();
    let site = settings.site_url.as_deref().unwrap_or("").trim_end_matches('/');
    if query.is_empty() { format!("{site}{path}") } else { format!("{site}{path}?{query}") }
}
