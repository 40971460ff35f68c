//! The AWS Lambda host: the function's [`router`](crate::router) run by `lambda_http`, which
//! turns API Gateway REST (v1) and HTTP API (v2) events and Lambda function URL events into
//! HTTP requests and the router's answers back into the event's answer format.
//!
//! An event that is no HTTP request is the daily schedule's (EventBridge's `Scheduled Event`,
//! `source: aws.events`): it runs the saved searches' digest ([`crate::alerts::digest`]) and is
//! answered with its report. Any other event goes to `lambda_http` as before.
//!
//! Everything is configured by environment variables ([`Config::from_env`]); a variable with
//! a value the function cannot use stops the start with a log line naming it, so a bad deploy
//! fails at once instead of losing leads later.

use std::net::IpAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::Request;
use axum::http::Uri;
use lambda_http::request::{LambdaRequest, RequestContext};
use lambda_http::tower::ServiceExt as _;
use lambda_http::{LambdaEvent, service_fn};
use serde_json::value::RawValue;
use serde_json::{Value, json};

use crate::leads::ratelimit::PeerAddr;
use crate::{Config, logging};

/// Runs the function until the Lambda runtime stops it.
pub async fn run() -> Result<(), lambda_http::Error> {
    logging::init_json(std::io::stdout);
    let config = Config::from_env(|name| std::env::var(name).ok()).inspect_err(|error| {
        tracing::error!(event = "config_invalid", var = error.var, error = %error);
    })?;
    tracing::info!(
        event = "start",
        routes = config.routes.name(),
        sinks = ?config.leads.sinks.iter().map(crate::leads::sinks::Sink::name).collect::<Vec<_>>(),
        origins = ?config.allowed_origins,
    );
    let (catalogue, leads) = (config.catalogue.clone(), Arc::new(config.leads.clone()));
    let http = lambda_http::Adapter::from(app(config));
    lambda_http::lambda_runtime::run(service_fn(move |event: LambdaEvent<Box<RawValue>>| {
        let (http, catalogue, leads) = (http.clone(), catalogue.clone(), leads.clone());
        async move {
            if is_schedule(&event.payload) {
                return Ok::<Value, lambda_http::Error>(scheduled(&catalogue, &leads).await);
            }
            let request: LambdaRequest = serde_json::from_str(event.payload.get())?;
            let answer = http.oneshot(LambdaEvent::new(request, event.context)).await?;
            Ok(serde_json::to_value(answer)?)
        }
    }))
    .await
}

/// Whether an event is EventBridge's schedule (`source: aws.events`, `detail-type: Scheduled
/// Event`) rather than an HTTP request.
pub fn is_schedule(event: &RawValue) -> bool {
    #[derive(serde::Deserialize)]
    struct Probe {
        source: Option<String>,
        #[serde(rename = "detail-type")]
        detail_type: Option<String>,
    }
    serde_json::from_str::<Probe>(event.get()).is_ok_and(|probe| {
        probe.source.as_deref() == Some("aws.events")
            && probe.detail_type.as_deref() == Some("Scheduled Event")
    })
}

/// The daily digest; its report, or its failure (logged, and the next run catches up).
async fn scheduled(catalogue: &crate::Catalogue, leads: &crate::leads::Settings) -> Value {
    if let Err(error) = catalogue.snapshot_now().await {
        tracing::error!(event = "digest_failed", error = %error);
        return json!({ "ok": false, "error": error.to_string() });
    }
    match crate::alerts::digest::run(catalogue, leads, std::time::SystemTime::now()).await {
        Ok(report) => json!({
            "ok": true, "searches": report.searches, "fresh": report.fresh, "emails": report.emails,
            "listings": report.listings, "kept": report.kept, "started": report.started,
        }),
        Err(error) => {
            tracing::error!(event = "digest_failed", error = %error);
            json!({ "ok": false, "error": error.to_string() })
        }
    }
}

/// The router, with the caller's address taken from the event's request context and the
/// path made the site's own again.
pub fn app(config: Config) -> Router {
    // A layer on a router runs after its routing; on an outer router's fallback it runs before
    // the inner router's, so the rewritten path is the one routed.
    Router::new().fallback_service(crate::router(config)).layer(axum::middleware::map_request(from_event))
}

async fn from_event(mut request: Request) -> Request {
    let context = request.extensions().get::<RequestContext>();
    let peer = source_ip(context);
    let path = without_stage(context, request.uri());
    if let Some(ip) = peer {
        request.extensions_mut().insert(PeerAddr(ip));
    }
    if let Some(uri) = path {
        *request.uri_mut() = uri;
    }
    request
}

/// `lambda_http` puts an API Gateway stage in front of the path (`/prod/api/contact-user`,
/// unless `AWS_LAMBDA_HTTP_IGNORE_STAGE_IN_PATH` is set); the function's routes are the site's
/// paths, which the Netlify proxy sends on unchanged. Function URLs and `$default` stages
/// have no prefix.
fn without_stage(context: Option<&RequestContext>, uri: &Uri) -> Option<Uri> {
    if std::env::var_os("AWS_LAMBDA_HTTP_IGNORE_STAGE_IN_PATH").is_some() {
        return None;
    }
    let stage = match context? {
        RequestContext::ApiGatewayV1(context) => context.stage.as_deref(),
        RequestContext::ApiGatewayV2(context) => context.stage.as_deref(),
        _ => None,
    }?;
    if stage == "$default" {
        return None;
    }
    let rest = uri.path().strip_prefix('/')?.strip_prefix(stage)?;
    if !rest.starts_with('/') {
        return None;
    }
    let path_and_query = match uri.query() {
        Some(query) => format!("{rest}?{query}"),
        None => rest.to_owned(),
    };
    path_and_query.parse().ok()
}

/// The address API Gateway or the function URL saw the request come from.
fn source_ip(context: Option<&RequestContext>) -> Option<IpAddr> {
    let text = match context? {
        RequestContext::ApiGatewayV1(context) => context.identity.source_ip.as_deref(),
        RequestContext::ApiGatewayV2(context) => context.http.source_ip.as_deref(),
        _ => None,
    };
    text?.parse().ok()
}
