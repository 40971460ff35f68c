//! The lead and search function. One axum [`Router`] that AWS Lambda runs through `lambda_http`
//! and `estate serve` mounts in-process, so both hosts answer the same requests the same way.
//!
//! The published records it reads are the `contract` crate's, the generator's too, so the JSON
//! the generator writes and the JSON this function reads are one type, never two. [`search`] answers the
//! search endpoints, [`leads`] takes enquiries; [`http`] adds the headers every answer of
//! the function carries, and holds what its endpoints and `estate serve`'s admin API share: the
//! refusal ([`http::ApiError`]) and the reading of a JSON body. [`lambda`] is the Lambda host.
//! Every word the function writes (the agents' email, the page a refused plain form gets) is a
//! template and a string file of [`words`].

use axum::Router;
use axum::http::StatusCode;

use std::sync::Arc;
use std::time::Duration;

pub mod catalogue;
pub mod form_post;
pub mod http;
#[cfg(feature = "lambda")]
pub mod lambda;
pub mod leads;
pub mod logging;
pub mod query;
pub mod rank;
pub mod search;
pub mod validate;
pub mod words;

pub use catalogue::Catalogue;
pub use leads::ConfigError;

/// Every POST endpoint the function answers (the contract's, where the site's are generated from
/// too): what the CDN must send to it.
pub use contract::endpoints::POST_ENDPOINTS;

/// How long the Lambda host keeps a fetched catalogue before fetching it again, unless set.
pub const DEFAULT_CATALOGUE_REFRESH: Duration = Duration::from_secs(300);

/// What the function needs from its host.
#[derive(Debug, Clone)]
pub struct Config {
    /// The published properties (search, and the property a lead came from).
    pub catalogue: Arc<Catalogue>,
    /// Where leads go and how they are checked.
    pub leads: leads::Settings,
    /// The origins a browser may call the function from (CORS); empty: none but the page's own.
    pub allowed_origins: Vec<String>,
    /// The origins of the host's own pages, by every name it answers to (`estate serve`:
    /// `http://127.0.0.1:PORT` and `http://localhost:PORT`): a plain HTML form sent from one of
    /// them is the site's own, whichever of the names the request was sent to. No CORS for them
    /// (a page's requests to its own origin need none); none on Lambda.
    pub own_origins: Vec<String>,
}

impl Config {
    /// The function over `catalogue`, with no lead sink (leads are answered 503) and no CORS.
    pub fn new(catalogue: Arc<Catalogue>) -> Config {
        Config {
            catalogue,
            leads: leads::Settings::default(),
            allowed_origins: Vec::new(),
            own_origins: Vec::new(),
        }
    }

    /// Everything from the environment, as on Lambda: the lead settings
    /// ([`leads::Settings::from_env`]), the allowed origins ([`http::origins_from_env`]) and the
    /// catalogue from `LEAD_CATALOGUE_URL`, else `LEAD_SITE_URL` + `/api/properties.json`,
    /// fetched again every `LEAD_CATALOGUE_REFRESH_SECONDS` (300).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let leads = leads::Settings::from_env(&var)?;
        let allowed_origins = http::origins_from_env(&var, leads.site_url.as_deref())?;
        let refresh = match get("LEAD_CATALOGUE_REFRESH_SECONDS") {
            None => DEFAULT_CATALOGUE_REFRESH,
            Some(seconds) => Duration::from_secs(seconds.parse().map_err(|_| ConfigError {
                var: "LEAD_CATALOGUE_REFRESH_SECONDS",
                message: format!("{seconds:?} is not a whole number"),
            })?),
        };
        let url = get("LEAD_CATALOGUE_URL").or_else(|| {
            let file = contract::files::API_PROPERTIES;
            leads.site_url.as_ref().map(|site| format!("{}{file}", site.trim_end_matches('/')))
        });
        let source = match url {
            Some(url) => catalogue::Source::Url { url, refresh },
            None => {
                tracing::warn!(
                    event = "catalogue_missing",
                    "neither LEAD_CATALOGUE_URL nor LEAD_SITE_URL is set: searches find nothing"
                );
                catalogue::Source::Fixed(Arc::new(catalogue::Snapshot::default()))
            }
        };
        Ok(Config {
            catalogue: Arc::new(Catalogue::new(source)),
            leads,
            allowed_origins,
            own_origins: Vec::new(),
        })
    }
}

/// The function's routes; anything else is answered `404 {"error":"not found"}`. Every answer
/// carries [`http`]'s headers.
pub fn router(config: Config) -> Router {
    // Leads from plain HTML forms (no JavaScript) are read and answered by form_post.
    let form_origins: Arc<[String]> =
        config.allowed_origins.iter().chain(&config.own_origins).cloned().collect();
    let search = search::router(config.catalogue.clone(), &config.leads);
    let leads = leads::router(config.catalogue, config.leads)
        .layer(axum::middleware::from_fn_with_state(form_origins, form_post::adapt));
    let routes = Router::new().merge(search).merge(leads).fallback(not_found);
    http::layers(routes, &config.allowed_origins)
}

async fn not_found() -> http::ApiError {
    http::ApiError::plain(StatusCode::NOT_FOUND, "not found")
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
        let config = Config::new(Arc::new(Catalogue::fixed(Vec::new()).expect("empty")));
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
