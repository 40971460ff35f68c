//! The search endpoints: `POST /api/search-properties` and
//! `POST /api/properties/{residential,commercial,off-plan}/search`, plus
//! `POST /api/properties/rent/search` for the rental search the site's rent pages link to.
//!
//! The criteria come from the JSON body and, as the site's clients also repeat them there, from
//! the query string; a field in the body wins. Every value may be a string or a number, because
//! the search panels' dropdowns send strings. The answer is one page of the array of matching
//! published properties, the most relevant first, then the newest ([`crate::rank`]), or by
//! price: `page`, `limit` and `sort`, with the number found in a header ([`page`]). Every value
//! is cut before it is read ([`request_from`]).
//!
//! Rules, one place for the browser and the function alike:
//! - `query`: every word must appear in the title, location, type, reference or description,
//!   in any of the listing's languages, as the start of a word, ignoring case and accents, Arabic
//!   digits read as Latin ones; one-letter words and a few stop words ('the', 'في', 'на') are
//!   ignored, not required, and a query of nothing else is no criterion (see [`query_words`]);
//!   listings with the words in their names come first (see [`crate::rank`]); before that the
//!   query is read ([`crate::query`]): a community, type, bedrooms, price, sale or rent,
//!   furnishing or off-plan it names becomes that criterion unless the search has it already, and
//!   only the rest are words;
//! - `type`: the sub-category, ignoring case and a plural `s` ('Apartments' finds 'Apartment');
//! - `bedrooms`: exactly that many (0 is a studio); 7 means '7+', seven or more;
//! - `area`: at least that many square feet;
//! - `community` (ours, for the 'Area' dropdowns and the home search): the location, ignoring
//!   case and accents; several (the parameter repeated, or a JSON array) find a listing in any of
//!   them; a value that is all one community's name, alias, Arabic or Russian name, or a near
//!   misspelling of one, read as a typed query reads it ('JVC', 'Marena'), is that community;
//! - ours too, for the result pages' filters: `bathrooms` as `bedrooms`; `areaMax`: at most that
//!   many square feet; `min` and `max`: the price in AED, bounds included, a rent as its yearly
//!   amount ([`contract::PricePeriod::yearly`]); `completion` (off-plan handover): `ready`, a
//!   handover whose month has come (UTC), or a year (`2028`); `furnishing`: `furnished`,
//!   `partly-furnished` or `unfurnished`, ignoring case; `purpose`: `rent` (rental listings)
//!   or `sale` (every other); `offPlan`: `true` (off-plan listings only);
//! - a rental's terms, for the rent result pages' filters: `cheques` (1 to 12): listings whose
//!   rent may be paid in that many cheques, those taking it in as many or more (a landlord who
//!   takes twelve takes four); `availableFrom` (a day, `2027-01-15`): listings free on or before
//!   that day, and those that give no day (free now).
//!
//! A bound on something a listing does not state leaves it out. The browser applies the same
//! rules to the listing pages (site/src/search/filters.ts); `tests/search-vectors.json` holds
//! the cases both run.

use std::sync::Arc;

use axum::Router;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
pub mod html;
mod page;
pub mod work;

pub use page::{Page, Paging, Sort};

use crate::catalogue::{Catalogue, Listing, Snapshot, normalise_type, query_words};
use crate::http::{ApiError, BodyError};
use crate::leads::ratelimit::{RateLimiter, TrustedProxy, client_ip};
use crate::query::{Given, Purpose};
use contract::endpoints;
use contract::text::community_key;
use contract::{Furnishing, MainCategory};

/// The most bedrooms (and bathrooms) the dropdowns offer; choosing it means "this many or more".
pub const BEDROOMS_OR_MORE: u32 = contract::listings::ROOMS_OR_MORE;
pub use crate::http::MAX_BODY_BYTES;

/// What a search asks for. Empty criteria match everything in the category.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Criteria {
    /// The search text as sent, before [`Criteria::read_query`].
    pub text: String,
    /// The words of the search text a listing must all have (see [`query_words`]).
    pub words: Vec<String>,
    /// The normalised type, if any.
    pub kind: Option<String>,
    pub bedrooms: Option<u32>,
    pub bathrooms: Option<u32>,
    /// Square feet, at least.
    pub area: Option<u32>,
    /// Square feet, at most.
    pub area_max: Option<u32>,
    /// AED, compared with a rent's yearly amount.
    pub min_price: Option<u64>,
    pub max_price: Option<u64>,
    /// Off-plan handover: `ready` or a year (`2028`).
    pub completion: Option<String>,
    /// `furnished`, `partly-furnished` or `unfurnished`.
    pub furnishing: Option<Furnishing>,
    /// This month (`2026-11`): what `ready` compares with.
    pub today: String,
    /// Communities (the property's location) as [`community_key`]s, compared folded and in any
    /// of the listing's languages; a listing in any of them fits: the 'Area' dropdowns of the
    /// residential and rental pages (one), the home search (several).
    pub communities: Vec<String>,
    /// The communities as sent, beside [`Criteria::communities`] (read by [`Criteria::read_query`]).
    pub communities_typed: Vec<String>,
    /// Rental listings, or every other.
    pub purpose: Option<Purpose>,
    /// Off-plan listings only.
    pub off_plan: bool,
    /// Rentals whose rent may be paid in this many cheques (theirs as many or more).
    pub cheques: Option<u32>,
    /// Listings free on or before this day (`2027-01-15`), or giving no day.
    pub available_from: Option<String>,
}

impl Criteria {
    /// Whether the listing (one of `snapshot`'s) meets every criterion but the words (those are
    /// matched through the snapshot's index, [`Snapshot::with_words`]).
    pub fn fits(&self, snapshot: &Snapshot, listing: &Listing) -> bool {
        if self.kind.as_ref().is_some_and(|kind| kind != snapshot.kind(listing)) {
            return false;
        }
        if !rooms_fit(self.bedrooms, listing.bedrooms) || !rooms_fit(self.bathrooms, listing.bathrooms) {
            return false;
        }
        if !within(listing.area, self.area, self.area_max) {
            return false;
        }
        if !within(listing.yearly_price, self.min_price, self.max_price) {
            return false;
        }
        if let Some(wanted) = &self.completion {
            // A handover's month: a day's date counts in its month.
            let Some(month) = listing.handover_month.as_deref() else {
                return false;
            };
            let fits = if wanted == "ready" {
                month <= self.today.as_str()
            } else {
                month.starts_with(wanted.as_str())
            };
            if !fits {
                return false;
            }
        }
        if self.furnishing.is_some() && listing.furnishing != self.furnishing {
            return false;
        }
        if !self.communities.is_empty()
            && !snapshot.communities(listing).any(|key| self.communities.iter().any(|wanted| wanted == key))
        {
            return false;
        }
        if self.purpose.is_some_and(|purpose| !purpose.fits(listing.category)) {
            return false;
        }
        if self.off_plan && listing.category != MainCategory::OffPlan {
            return false;
        }
        if self.cheques.is_some_and(|wanted| listing.cheques.is_none_or(|n| n < wanted)) {
            return false;
        }
        if let (Some(wanted), Some(free)) = (&self.available_from, listing.available_from.as_deref())
            && free > wanted.as_str()
        {
            return false;
        }
        true
    }

    /// Reads the search text ([`crate::query::read`]) with the catalogue's `names`: what it names
    /// and the search does not have yet becomes a criterion, the rest its words.
    pub fn read_query(&mut self, terms: &crate::query::Names) {
        let given = Given {
            community: !self.communities.is_empty(),
            kind: self.kind.is_some(),
            bedrooms: self.bedrooms.is_some(),
            price: self.min_price.is_some() || self.max_price.is_some(),
            purpose: self.purpose.is_some(),
            furnishing: self.furnishing.is_some(),
            off_plan: self.off_plan,
        };
        // A community given by any of its names is that community: the home search's field
        // takes what a visitor types ('JVC') when no suggestion was chosen.
        for (key, typed) in self.communities.iter_mut().zip(&self.communities_typed) {
            let named = crate::query::read(typed, terms, Given::default());
            if let (Some(name), "") = (named.community.as_deref(), named.query.trim())
                && let Some(named_key) = community_key(name)
            {
                *key = named_key;
            }
        }
        let reading = crate::query::read(&self.text, terms, given);
        if self.communities.is_empty() {
            self.communities.extend(reading.community.as_deref().and_then(community_key));
        }
        self.kind = self.kind.take().or_else(|| reading.kind.as_deref().map(normalise_type));
        self.bedrooms = self.bedrooms.or(reading.bedrooms);
        if !given.price {
            (self.min_price, self.max_price) = (reading.min, reading.max);
        }
        self.purpose = self.purpose.or(reading.purpose);
        self.furnishing = self.furnishing.or(reading.furnishing);
        self.off_plan |= reading.off_plan;
        self.words = query_words(&reading.query);
    }
}

/// This month in UTC, `2026-11`.
fn this_month() -> String {
    let now = time::OffsetDateTime::now_utc();
    format!("{:04}-{:02}", now.year(), u8::from(now.month()))
}

/// A count of rooms meets a wanted count: exactly, or at least when the last choice is wanted.
fn rooms_fit(wanted: Option<u32>, rooms: Option<u32>) -> bool {
    match (wanted, rooms) {
        (None, _) => true,
        (Some(_), None) => false,
        (Some(wanted), Some(n)) if wanted >= BEDROOMS_OR_MORE => n >= BEDROOMS_OR_MORE,
        (Some(wanted), Some(n)) => n == wanted,
    }
}

/// A value within optional bounds, both included; no value is within no bound.
fn within<T: PartialOrd>(value: Option<T>, low: Option<T>, high: Option<T>) -> bool {
    if low.is_none() && high.is_none() {
        return true;
    }
    value.is_some_and(|value| low.is_none_or(|low| value >= low) && high.is_none_or(|high| value <= high))
}

/// A value as a client sends it (text, a number or a flag; null or empty is none), cut to
/// `most` characters before anything reads it.
fn value_text(name: &str, value: &serde_json::Value, most: usize) -> Result<Option<String>, BadSearch> {
    use serde_json::Value;
    Ok(match value {
        Value::String(text) => cut(text, most),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        Value::Null => None,
        Value::Array(_) | Value::Object(_) => {
            return Err(BadSearch(format!("the body is not a JSON search: {name} must be text or a number")));
        }
    })
}

/// `text` trimmed and cut to `most` characters; none when empty.
fn cut(text: &str, most: usize) -> Option<String> {
    let text = text.trim();
    let end = text.char_indices().nth(most).map_or(text.len(), |(at, _)| at);
    Some(text[..end].trim_end().to_owned()).filter(|text| !text.is_empty())
}

/// The most characters a field's value is read to: the query's, or any other's.
fn most_chars(name: &str) -> usize {
    if name == "query" { endpoints::SEARCH_MAX_QUERY_CHARS } else { endpoints::SEARCH_MAX_VALUE_CHARS }
}

/// The slot of a field among [`endpoints::SEARCH_FIELDS`].
fn slot(name: &str) -> Option<usize> {
    endpoints::SEARCH_FIELDS.iter().position(|field| *field == name)
}

/// Why a search request was refused (400, with the reason as JSON).
#[derive(Debug, PartialEq)]
pub struct BadSearch(pub String);

impl From<BadSearch> for ApiError {
    fn from(BadSearch(reason): BadSearch) -> ApiError {
        ApiError::plain(StatusCode::BAD_REQUEST, reason)
    }
}

/// Reads the criteria from a query string and a JSON body (either may be empty).
pub fn criteria_from(query_string: Option<&str>, body: &[u8]) -> Result<Criteria, BadSearch> {
    request_from(query_string, body).map(|(criteria, _)| criteria)
}

/// Reads a search request, its criteria and which page of the answer it asks for, from a query
/// string and a JSON body (either may be empty; a field of the body wins). Every value is cut
/// ([`endpoints::SEARCH_MAX_QUERY_CHARS`], [`endpoints::SEARCH_MAX_VALUE_CHARS`], at most
/// [`endpoints::SEARCH_MAX_COMMUNITIES`] communities) before it is read; fields no search has
/// are ignored.
pub fn request_from(query_string: Option<&str>, body: &[u8]) -> Result<(Criteria, Paging), BadSearch> {
    const FIELDS: usize = endpoints::SEARCH_FIELDS.len();
    let mut fields: [Option<String>; FIELDS] = Default::default();
    // `community` may come several times: from the query string unless the body has it.
    let mut communities: Vec<String> = Vec::new();
    if let Some(query_string) = query_string {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query_string)
            .map_err(|_| BadSearch("the query string is not URL-encoded".into()))?;
        for (name, value) in pairs {
            if name == "community" {
                if communities.len() < endpoints::SEARCH_MAX_COMMUNITIES {
                    communities.extend(cut(&value, endpoints::SEARCH_MAX_VALUE_CHARS));
                }
            } else if let Some(slot) = slot(&name) {
                fields[slot] = cut(&value, most_chars(&name));
            }
        }
    }
    if !body.iter().all(u8::is_ascii_whitespace) {
        let body: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(body)
            .map_err(|error| BadSearch(format!("the body is not a JSON search: {error}")))?;
        for (name, value) in &body {
            if name == "community" {
                let values = match value {
                    serde_json::Value::Array(values) => &values[..],
                    one => std::slice::from_ref(one),
                };
                communities.clear();
                for value in values.iter().take(endpoints::SEARCH_MAX_COMMUNITIES) {
                    communities.extend(value_text(name, value, endpoints::SEARCH_MAX_VALUE_CHARS)?);
                }
            } else if let Some(slot) = slot(name) {
                fields[slot] = value_text(name, value, most_chars(name))?;
            }
        }
    }
    let [
        query,
        kind,
        bedrooms,
        area,
        bathrooms,
        area_max,
        min_price,
        max_price,
        completion,
        furnishing,
        purpose,
        off_plan,
        cheques,
        available_from,
        _community,
        page,
        limit,
        sort,
    ] = fields;
    let completion = completion
        .map(|value| value.to_lowercase())
        .map(|value| {
            let year = value.len() == 4 && value.bytes().all(|b| b.is_ascii_digit());
            if value == "ready" || year {
                Ok(value)
            } else {
                Err(BadSearch(format!("completion must be \"ready\" or a year, not {value:?}")))
            }
        })
        .transpose()?;
    let furnishing = furnishing
        .map(|value| {
            let value = value.to_lowercase();
            // Its names as serde writes them (`partly-furnished`), the content's and the site's.
            serde_json::from_value::<Furnishing>(serde_json::Value::String(value.clone())).map_err(|_| {
                BadSearch(format!(
                    "furnishing must be furnished, partly-furnished or unfurnished, not {value:?}"
                ))
            })
        })
        .transpose()?;
    fn number<T: std::str::FromStr>(name: &str, value: Option<String>) -> Result<Option<T>, BadSearch> {
        value
            .map(|text| {
                // '7+' is how the dropdown labels its last choice.
                text.trim_end_matches('+')
                    .parse::<T>()
                    .map_err(|_| BadSearch(format!("{name} must be a whole number, not {text:?}")))
            })
            .transpose()
    }
    let purpose = purpose
        .map(|value| match value.to_lowercase().as_str() {
            "rent" => Ok(Purpose::Rent),
            "sale" => Ok(Purpose::Sale),
            _ => Err(BadSearch(format!("purpose must be rent or sale, not {value:?}"))),
        })
        .transpose()?;
    let off_plan = match off_plan.map(|value| value.to_lowercase()).as_deref() {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => return Err(BadSearch(format!("offPlan must be true or false, not {other:?}"))),
    };
    let keyed: Vec<(String, String)> =
        communities.into_iter().filter_map(|typed| community_key(&typed).map(|key| (key, typed))).collect();
    let cheques = number::<u32>("cheques", cheques)?;
    if let Some(n) = cheques.filter(|n| !(1..=12).contains(n)) {
        return Err(BadSearch(format!("cheques must be 1 to 12, not {n}")));
    }
    let available_from = available_from
        .map(|day| {
            if is_day(&day) {
                Ok(day)
            } else {
                Err(BadSearch(format!("availableFrom must be a day (2027-01-15), not {day:?}")))
            }
        })
        .transpose()?;
    let query = query.unwrap_or_default();
    let paging = Paging::read(number("page", page)?, number("limit", limit)?, sort.as_deref())?;
    let criteria = Criteria {
        words: query_words(&query),
        text: query,
        purpose,
        off_plan,
        kind: kind.map(|kind| normalise_type(&kind)).filter(|kind| !kind.is_empty()),
        bedrooms: number("bedrooms", bedrooms)?,
        bathrooms: number("bathrooms", bathrooms)?,
        area: number("area", area)?,
        area_max: number("areaMax", area_max)?,
        min_price: number("min", min_price)?,
        max_price: number("max", max_price)?,
        completion,
        furnishing,
        today: this_month(),
        communities: keyed.iter().map(|(key, _)| key.clone()).collect(),
        communities_typed: keyed.into_iter().map(|(_, typed)| typed).collect(),
        cheques,
        available_from,
    };
    Ok((criteria, paging))
}

/// Whether `text` is a day as the listings write theirs: `YYYY-MM-DD`, a month 01 to 12 and a
/// day 01 to 31 (the listing's own day was checked by the build; a day wanted is compared as text).
fn is_day(text: &str) -> bool {
    let b = text.as_bytes();
    let digits = |range: std::ops::Range<usize>| b[range].iter().all(u8::is_ascii_digit);
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && digits(0..4)
        && digits(5..7)
        && digits(8..10)
        && (b"01".as_slice()..=b"12".as_slice()).contains(&&b[5..7])
        && (b"01".as_slice()..=b"31".as_slice()).contains(&&b[8..10])
}

/// What the search routes share: the catalogue, each client's allowance of searches, and the
/// threads searches run on.
struct Search {
    catalogue: Arc<Catalogue>,
    limiter: RateLimiter,
    work: work::Work,
    /// The client-address header and the proxy's secret, as the leads read them.
    client_ip_header: Option<HeaderName>,
    proxy_secret: Option<String>,
}

impl Search {
    /// Lets a search in, before its body is read: within its client's allowance (429 past it)
    /// and among the searches admitted (503 when they are all taken, see `work`).
    fn let_in(&self, parts: &axum::http::request::Parts) -> Result<work::Admitted, ApiError> {
        let proxy = match (&self.client_ip_header, &self.proxy_secret) {
            (Some(header), Some(secret)) => Some(TrustedProxy { header, secret }),
            _ => None,
        };
        let client = client_ip(&parts.headers, &parts.extensions, proxy);
        if let Err(wait) = self.limiter.check(client, Instant::now()) {
            return Err(crate::leads::ratelimit::refused(wait, "searches"));
        }
        // A place among the searches let in, before the body is read (see `work`).
        self.work.admit().map_err(|work::Busy| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                "the search is busy; please try again in a moment",
            )
            .with("retryAfter", 1)
            .header(header::RETRY_AFTER, HeaderValue::from(1))
        })
    }
}

/// The search routes, over the given catalogue, each client allowed
/// `settings.search_rate_limit_per_minute` searches a minute (counted apart from its leads, by
/// the same address, [`crate::leads::ratelimit`]).
pub fn router(catalogue: Arc<Catalogue>, settings: &crate::leads::Settings) -> Router {
    let state = Arc::new(Search {
        catalogue,
        limiter: RateLimiter::new(settings.search_rate_limit_per_minute),
        work: work::Work::for_this_machine(),
        client_ip_header: settings.client_ip_header.clone(),
        proxy_secret: settings.proxy_secret.clone(),
    });
    let endpoint = |category: Option<MainCategory>| {
        post(move |state: State<Arc<Search>>, request: Request| search(state, category, request))
            .fallback(method_not_allowed)
    };
    Router::new()
        .route(endpoints::SEARCH_PROPERTIES, endpoint(None))
        .route(endpoints::SEARCH_RESIDENTIAL, endpoint(Some(MainCategory::Residential)))
        .route(endpoints::SEARCH_COMMERCIAL, endpoint(Some(MainCategory::Commercial)))
        .route(endpoints::SEARCH_OFF_PLAN, endpoint(Some(MainCategory::OffPlan)))
        .route(endpoints::SEARCH_RENT, endpoint(Some(MainCategory::Rental)))
        .route(
            &format!("{}/{{lang}}/{{page}}", endpoints::SEARCH_PAGE_PATH),
            axum::routing::get(html::search_page),
        )
        .with_state(state)
}

/// Any other method than POST: refused in the search's words, as its other refusals.
async fn method_not_allowed() -> ApiError {
    ApiError::plain(StatusCode::METHOD_NOT_ALLOWED, "search with POST")
        .header(header::ALLOW, HeaderValue::from_static("POST"))
}

/// The refusal of a body that is not a search.
fn body_refused(error: BodyError) -> ApiError {
    let said = match error {
        BodyError::MediaType => "send the search as JSON (Content-Type: application/json)",
        BodyError::TooLarge => "the search is too large (16 KB at most)",
        BodyError::TimedOut => "the search did not arrive in time",
        _ => "the body could not be read",
    };
    ApiError::plain(error.status(), said)
}

async fn search(
    State(search): State<Arc<Search>>,
    category: Option<MainCategory>,
    request: Request,
) -> Result<Response, ApiError> {
    let (parts, body) = request.into_parts();
    let admitted = search.let_in(&parts)?;
    let body =
        crate::http::json_or_empty(&parts.headers, body, MAX_BODY_BYTES).await.map_err(body_refused)?;
    let snapshot = search.catalogue.snapshot().await.map_err(|error| {
        tracing::error!(event = "catalogue_unavailable", error = %error);
        ApiError::plain(StatusCode::SERVICE_UNAVAILABLE, "the property catalogue is not available")
    })?;
    // The request read, its query read and the page written: CPU work, off the async workers.
    let query = parts.uri.query().map(str::to_owned);
    let page = admitted
        .run(move || {
            let (mut criteria, paging) = request_from(query.as_deref(), &body)?;
            criteria.read_query(&snapshot.names);
            Ok::<_, BadSearch>(answer(&snapshot, category, &criteria, paging))
        })
        .await
        .ok_or_else(|| ApiError::plain(StatusCode::INTERNAL_SERVER_ERROR, "the search failed"))??;
    let number = |n: usize| HeaderValue::from(n as u64);
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/json")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (HeaderName::from_static(TOTAL), number(page.total)),
            (HeaderName::from_static(PAGE), number(page.page)),
            (HeaderName::from_static(PER_PAGE), number(page.per_page)),
        ],
        page.json,
    )
        .into_response())
}

/// The paging headers' names as `http` writes them (lower case).
const TOTAL: &str = "x-total-count";
const PAGE: &str = "x-page";
const PER_PAGE: &str = "x-per-page";

/// The page `paging` selects of the properties of `category` (all when `None`) that match, most
/// relevant first ([`crate::rank`]) unless sorted otherwise.
pub fn answer(
    snapshot: &Snapshot,
    category: Option<MainCategory>,
    criteria: &Criteria,
    paging: Paging,
) -> Page {
    page::page(snapshot, &matching(snapshot, category, criteria, paging.sort), paging)
}

/// The listings (their numbers in `snapshot`) of `category` (all when `None`) that match, in the
/// order `sort` asks, most relevant first unless sorted otherwise.
pub fn matching(
    snapshot: &Snapshot,
    category: Option<MainCategory>,
    criteria: &Criteria,
    sort: Sort,
) -> Vec<usize> {
    let mut matching = crate::rank::ranked(snapshot, &criteria.words, |listing| {
        keeps(snapshot, category, criteria, listing)
    });
    page::sorted(snapshot, &mut matching, sort);
    matching
}

/// Which of the listings numbered `numbers` match, by the rules of [`matching`], in the order
/// given: the saved searches' digest asks it of the few listings that are new.
pub fn matching_among(
    snapshot: &Snapshot,
    category: Option<MainCategory>,
    criteria: &Criteria,
    numbers: &[usize],
) -> Vec<usize> {
    let having_all = snapshot.with_words(&criteria.words);
    let has_words = |number: usize| {
        having_all
            .as_ref()
            .is_none_or(|set| set.get(number / 64).is_some_and(|b| b & (1 << (number % 64)) != 0))
    };
    numbers
        .iter()
        .copied()
        .filter(|&number| {
            snapshot
                .listings
                .get(number)
                .is_some_and(|listing| has_words(number) && keeps(snapshot, category, criteria, listing))
        })
        .collect()
}

/// A listing of `category` (any when `None`) that meets the criteria but the words.
fn keeps(
    snapshot: &Snapshot,
    category: Option<MainCategory>,
    criteria: &Criteria,
    listing: &Listing,
) -> bool {
    category.is_none_or(|c| listing.category == c) && criteria.fits(snapshot, listing)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paging_headers_are_the_contracts() {
        for (name, wire) in [
            (TOTAL, endpoints::SEARCH_TOTAL_HEADER),
            (PAGE, endpoints::SEARCH_PAGE_HEADER),
            (PER_PAGE, endpoints::SEARCH_PER_PAGE_HEADER),
        ] {
            assert_eq!(name, wire.to_ascii_lowercase());
        }
    }

    #[test]
    fn every_value_is_cut_before_it_is_read() {
        let long = "Dubai Marina ".repeat(2000);
        let body = serde_json::json!({
            "query": long, "community": vec![long.clone(); 500], "type": long,
        });
        let (criteria, _) = request_from(None, body.to_string().as_bytes()).expect("a search");
        assert!(criteria.text.chars().count() <= endpoints::SEARCH_MAX_QUERY_CHARS);
        assert_eq!(criteria.communities_typed.len(), endpoints::SEARCH_MAX_COMMUNITIES);
        assert!(
            criteria.communities_typed.iter().all(|c| c.chars().count() <= endpoints::SEARCH_MAX_VALUE_CHARS)
        );
        assert!(criteria.kind.is_some_and(|kind| kind.chars().count() <= endpoints::SEARCH_MAX_VALUE_CHARS));
        let query = format!("community={}", "x".repeat(300));
        let repeated = vec![query.as_str(); 100].join("&");
        let (criteria, _) = request_from(Some(&repeated), b"").expect("a search");
        assert_eq!(criteria.communities_typed.len(), endpoints::SEARCH_MAX_COMMUNITIES);
        assert!(
            criteria.communities_typed.iter().all(|c| c.chars().count() == endpoints::SEARCH_MAX_VALUE_CHARS)
        );
    }
}
