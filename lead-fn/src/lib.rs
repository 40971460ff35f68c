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

pub mod alerts;
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
pub mod subscriptions;
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
    /// Which endpoints this host answers ([`Routes`]).
    pub routes: Routes,
}

/// Which of the function's endpoints a host answers (`LEAD_ROUTES`). On AWS the enquiries and
/// the searches are two functions of one binary, each with its own concurrency, so a flood of
/// searches can never take the copies an enquiry needs: the lead function answers
/// [`Routes::Leads`], the search function [`Routes::Search`]. A path of the other kind is
/// answered as any unknown path (404, its body unread). `estate serve` answers [`Routes::All`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Routes {
    /// `/api/contact-user` and the searches (the default).
    #[default]
    All,
    /// `/api/contact-user` alone.
    Leads,
    /// The search endpoints alone (no sink is needed).
    Search,
}

impl Routes {
    /// The variable's values: `all`, `leads`, `search`.
    pub const NAMES: [(&str, Routes); 3] =
        [("all", Routes::All), ("leads", Routes::Leads), ("search", Routes::Search)];

    /// Its name as `LEAD_ROUTES` writes it.
    pub fn name(self) -> &'static str {
        Routes::NAMES.iter().find(|(_, routes)| *routes == self).map_or("all", |(name, _)| name)
    }

    /// `LEAD_ROUTES`: one of [`Routes::NAMES`], ignoring case; unset or empty: all.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Routes, ConfigError> {
        let Some(value) = var("LEAD_ROUTES").map(|v| v.trim().to_ascii_lowercase()).filter(|v| !v.is_empty())
        else {
            return Ok(Routes::All);
        };
        Routes::NAMES.iter().find(|(name, _)| *name == value).map(|(_, routes)| *routes).ok_or_else(|| {
            ConfigError { var: "LEAD_ROUTES", message: format!("{value:?} is not one of all, leads, search") }
        })
    }
}

impl Config {
    /// The function over `catalogue`, with no lead sink (leads are answered 503) and no CORS.
    pub fn new(catalogue: Arc<Catalogue>) -> Config {
        Config {
            catalogue,
            leads: leads::Settings::default(),
            allowed_origins: Vec::new(),
            own_origins: Vec::new(),
            routes: Routes::All,
        }
    }

    /// Everything from the environment, as on Lambda: the lead settings
    /// ([`leads::Settings::from_env`]), the allowed origins ([`http::origins_from_env`]) and the
    /// catalogue from `LEAD_CATALOGUE_URL`, else `LEAD_SITE_URL` + `/api/properties.json` (the
    /// same site's search index read instead where it has one, [`catalogue`]), fetched again
    /// every `LEAD_CATALOGUE_REFRESH_SECONDS` (300), and which endpoints it answers
    /// ([`Routes::from_env`]).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let routes = Routes::from_env(&var)?;
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
            routes,
        })
    }
}

/// The function's routes, those of `config.routes`; anything else is answered `404
/// {"error":"not found"}`. Every answer carries [`http`]'s headers.
pub fn router(config: Config) -> Router {
    let mut routes = Router::new();
    if config.routes != Routes::Leads {
        routes = routes.merge(search::router(config.catalogue.clone(), &config.leads));
    }
    if config.routes != Routes::Search {
        // Leads from plain HTML forms (no JavaScript) are read and answered by form_post.
        let form_origins: Arc<[String]> =
            config.allowed_origins.iter().chain(&config.own_origins).cloned().collect();
        // Saved searches live beside the enquiries: they are leads, and use the same sinks.
        routes = routes.merge(alerts::router(
            config.catalogue.clone(),
            config.leads.clone(),
            form_origins.clone(),
        ));
        let leads = leads::router(config.catalogue, config.leads)
            .layer(axum::middleware::from_fn_with_state(form_origins, form_post::adapt));
        routes = routes.merge(leads);
    }
    http::layers(routes.fallback(not_found), &config.allowed_origins)
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

    async fn status_of(routes: Routes, path: &str) -> StatusCode {
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header("content-type", "application/json")
            .body(Body::from("{}"))
            .expect("a valid request");
        let config = Config { routes, ..Config::new(Arc::new(Catalogue::fixed(Vec::new()).expect("empty"))) };
        router(config).oneshot(request).await.expect("the router never fails").status()
    }

    #[tokio::test]
    async fn each_function_answers_its_own_routes_alone() {
        let contact = contract::endpoints::CONTACT_PATH;
        let searches: Vec<&str> = POST_ENDPOINTS.iter().copied().filter(|path| *path != contact).collect();
        assert_eq!(searches.len(), POST_ENDPOINTS.len() - 1);
        // An empty lead is refused by the form's rules (422): the route is there.
        assert_eq!(status_of(Routes::All, contact).await, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(status_of(Routes::Leads, contact).await, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(status_of(Routes::Search, contact).await, StatusCode::NOT_FOUND);
        for path in searches {
            assert_eq!(status_of(Routes::All, path).await, StatusCode::OK, "{path}");
            assert_eq!(status_of(Routes::Search, path).await, StatusCode::OK, "{path}");
            assert_eq!(status_of(Routes::Leads, path).await, StatusCode::NOT_FOUND, "{path}");
        }
    }

    #[test]
    fn lead_routes_is_read_from_the_environment() {
        let with = |value: &'static str| move |name: &str| (name == "LEAD_ROUTES").then(|| value.to_owned());
        assert_eq!(Routes::from_env(|_| None), Ok(Routes::All));
        assert_eq!(Routes::from_env(with(" ")), Ok(Routes::All));
        assert_eq!(Routes::from_env(with("leads")), Ok(Routes::Leads));
        assert_eq!(Routes::from_env(with(" Search ")), Ok(Routes::Search));
        let error = Routes::from_env(with("both")).expect_err("not a value");
        assert_eq!(error.var, "LEAD_ROUTES");
        assert!(error.message.contains("\"both\" is not one of all, leads, search"), "{error}");
        for (name, routes) in Routes::NAMES {
            assert_eq!(routes.name(), name);
        }
    }
}
