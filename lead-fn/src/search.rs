//! The search endpoints of the spec (section 7): `POST /api/search-properties` and
//! `POST /api/properties/{residential,commercial,off-plan}/search`, plus
//! `POST /api/properties/rent/search` for the rental search the spec's screens link to.
//!
//! The criteria come from the JSON body and, as the spec's clients also repeat them there, from
//! the query string; a field in the body wins. Every value may be a string or a number, because
//! the spec's dropdowns send strings. The answer is the array of matching published properties,
//! in the catalogue's order (newest first).
//!
//! Rules, one place for the browser and the function alike:
//! - `query`: every word must appear (ignoring case) in the title, location, type or reference;
//! - `type`: the sub-category, ignoring case and a plural `s` ('Apartments' finds 'Apartment');
//! - `bedrooms`: exactly that many; 7 means '7+', seven or more;
//! - `area`: at least that many square feet.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::Deserialize;

use crate::catalogue::{Catalogue, Entry, normalise_type};
use crate::model::MainCategory;

/// The most bedrooms the dropdowns offer; choosing it means "this many or more".
pub const BEDROOMS_OR_MORE: u32 = 7;
/// Longer search texts are cut here (nobody types more; it bounds the work per request).
const MAX_QUERY_CHARS: usize = 200;

/// What a search asks for. Empty criteria match everything in the category.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Criteria {
    /// Lower-cased words of the search text.
    pub words: Vec<String>,
    /// The normalised type, if any.
    pub kind: Option<String>,
    pub bedrooms: Option<u32>,
    pub area: Option<u32>,
}

impl Criteria {
    pub fn matches(&self, entry: &Entry) -> bool {
        let property = &entry.property;
        if self.kind.as_ref().is_some_and(|kind| *kind != entry.kind) {
            return false;
        }
        if let Some(wanted) = self.bedrooms {
            let fits = match property.bedrooms {
                Some(n) if wanted >= BEDROOMS_OR_MORE => n >= BEDROOMS_OR_MORE,
                Some(n) => n == wanted,
                None => false,
            };
            if !fits {
                return false;
            }
        }
        if let Some(minimum) = self.area
            && property.area.is_none_or(|area| area < minimum)
        {
            return false;
        }
        self.words.iter().all(|word| entry.haystack.contains(word.as_str()))
    }
}

/// A criterion as a client sends it: text or number, possibly empty.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Value {
    Text(String),
    Number(serde_json::Number),
    Null(()),
}

impl Value {
    fn text(&self) -> Option<String> {
        match self {
            Value::Text(text) => Some(text.trim().to_owned()).filter(|t| !t.is_empty()),
            Value::Number(number) => Some(number.to_string()),
            Value::Null(()) => None,
        }
    }
}

#[derive(Debug, Default, Deserialize)]
struct Body {
    query: Option<Value>,
    #[serde(rename = "type")]
    kind: Option<Value>,
    bedrooms: Option<Value>,
    area: Option<Value>,
}

/// Why a search request was refused (400, with the reason as JSON).
#[derive(Debug, PartialEq)]
pub struct BadSearch(pub String);

impl IntoResponse for BadSearch {
    fn into_response(self) -> Response {
        (StatusCode::BAD_REQUEST, axum::Json(serde_json::json!({ "error": self.0 }))).into_response()
    }
}

/// Reads the criteria from a query string and a JSON body (either may be empty).
pub fn criteria_from(query_string: Option<&str>, body: &[u8]) -> Result<Criteria, BadSearch> {
    let mut fields: [Option<String>; 4] = Default::default();
    const NAMES: [&str; 4] = ["query", "type", "bedrooms", "area"];
    if let Some(query_string) = query_string {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query_string)
            .map_err(|_| BadSearch("the query string is not URL-encoded".into()))?;
        for (name, value) in pairs {
            if let Some(slot) = NAMES.iter().position(|n| *n == name) {
                fields[slot] = Some(value.trim().to_owned()).filter(|v| !v.is_empty());
            }
        }
    }
    if !body.iter().all(u8::is_ascii_whitespace) {
        let body: Body = serde_json::from_slice(body)
            .map_err(|error| BadSearch(format!("the body is not a JSON search: {error}")))?;
        for (slot, value) in [body.query, body.kind, body.bedrooms, body.area].into_iter().enumerate() {
            if let Some(value) = value {
                fields[slot] = value.text();
            }
        }
    }
    let [query, kind, bedrooms, area] = fields;
    let number = |name: &str, value: Option<String>| -> Result<Option<u32>, BadSearch> {
        value
            .map(|text| {
                // '7+' is how the dropdown labels its last choice.
                text.trim_end_matches('+')
                    .parse::<u32>()
                    .map_err(|_| BadSearch(format!("{name} must be a whole number, not {text:?}")))
            })
            .transpose()
    };
    let query: String = query.unwrap_or_default().chars().take(MAX_QUERY_CHARS).collect();
    Ok(Criteria {
        words: query.to_lowercase().split_whitespace().map(str::to_owned).collect(),
        kind: kind.map(|kind| normalise_type(&kind)).filter(|kind| !kind.is_empty()),
        bedrooms: number("bedrooms", bedrooms)?,
        area: number("area", area)?,
    })
}

/// The search routes, over the given catalogue.
pub fn router(catalogue: Arc<Catalogue>) -> Router {
    let endpoint = |category: Option<MainCategory>| {
        post(move |state: State<Arc<Catalogue>>, query: RawQuery, headers: HeaderMap, body: Bytes| {
            search(state, category, query, headers, body)
        })
    };
    Router::new()
        .route("/api/search-properties", endpoint(None))
        .route("/api/properties/residential/search", endpoint(Some(MainCategory::Residential)))
        .route("/api/properties/commercial/search", endpoint(Some(MainCategory::Commercial)))
        .route("/api/properties/off-plan/search", endpoint(Some(MainCategory::OffPlan)))
        .route("/api/properties/rent/search", endpoint(Some(MainCategory::Rental)))
        .with_state(catalogue)
}

async fn search(
    State(catalogue): State<Arc<Catalogue>>,
    category: Option<MainCategory>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let json_body = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("application/json"));
    if !body.is_empty() && !json_body {
        let reason = "send the search as JSON (Content-Type: application/json)";
        return (StatusCode::UNSUPPORTED_MEDIA_TYPE, axum::Json(serde_json::json!({ "error": reason })))
            .into_response();
    }
    let criteria = match criteria_from(query.as_deref(), &body) {
        Ok(criteria) => criteria,
        Err(bad) => return bad.into_response(),
    };
    let snapshot = match catalogue.snapshot().await {
        Ok(snapshot) => snapshot,
        Err(error) => {
            tracing::error!(event = "catalogue_unavailable", error = %error);
            let reason = "the property catalogue is not available";
            return (StatusCode::SERVICE_UNAVAILABLE, axum::Json(serde_json::json!({ "error": reason })))
                .into_response();
        }
    };
    let mut answer = String::from("[");
    for entry in snapshot.in_category(category).filter(|entry| criteria.matches(entry)) {
        if answer.len() > 1 {
            answer.push(',');
        }
        answer.push_str(entry.json.get());
    }
    answer.push(']');
    ([(header::CONTENT_TYPE, "application/json"), (header::CACHE_CONTROL, "no-store")], answer)
        .into_response()
}
