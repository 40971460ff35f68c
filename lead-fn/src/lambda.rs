//! The AWS Lambda host: the function's [`router`](crate::router) run by `lambda_http`, which
//! turns API Gateway REST (v1) and HTTP API (v2) events and Lambda function URL events into
//! HTTP requests and the router's answers back into the event's answer format.
//!
//! Everything is configured by environment variables ([`Config::from_env`]); a variable with
//! a value the function cannot use stops the start with a log line naming it, so a bad deploy
//! fails at once instead of losing leads later.

use std::net::IpAddr;

use axum::Router;
use axum::extract::Request;
use lambda_http::request::RequestContext;

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
        sinks = ?config.leads.sinks.iter().map(crate::leads::sinks::Sink::name).collect::<Vec<_>>(),
        origins = ?config.allowed_origins,
    );
    lambda_http::run(app(config)).await
}

/// The router with the caller's address taken from the event's request context.
pub fn app(config: Config) -> Router {
    crate::router(config).layer(axum::middleware::map_request(with_peer))
}

async fn with_peer(mut request: Request) -> Request {
    if let Some(ip) = source_ip(request.extensions().get::<RequestContext>()) {
        request.extensions_mut().insert(PeerAddr(ip));
    }
    request
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
