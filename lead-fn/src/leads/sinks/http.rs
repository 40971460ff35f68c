//! The HTTP sinks, with reqwest: an email API (Postmark's `POST /email` or Resend's
//! `POST /emails`) and a JSON webhook for a CRM. An email's extra headers (`List-Unsubscribe`)
//! go in each API's own field for them (Postmark's `Headers`, Resend's `headers`).
//!
//! A 2xx answer is accepted. 408, 425, 429 and 5xx answers and network errors are tried again;
//! any other answer (a bad key, a refused address) is final. Redirects are not followed. Each
//! request carries `Idempotency-Key: {lead id}`, so a receiver can drop a retry it already has.

use std::time::Duration;

use serde_json::json;

use super::{Failure, Prepared};
use crate::leads::email::Email;

/// The client every HTTP sink shares.
pub fn client() -> reqwest::Client {
    crate::http::client_builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(2))
        .user_agent(concat!("lead-fn/", env!("CARGO_PKG_VERSION")))
        .build()
        .expect("an HTTP client (its TLS set up)")
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Provider {
    Postmark,
    Resend,
}

impl Provider {
    pub fn name(self) -> &'static str {
        match self {
            Provider::Postmark => "postmark",
            Provider::Resend => "resend",
        }
    }

    pub fn default_base(self) -> &'static str {
        match self {
            Provider::Postmark => "https://api.postmarkapp.com",
            Provider::Resend => "https://api.resend.com",
        }
    }
}

#[derive(Clone)]
pub struct EmailApi {
    pub provider: Provider,
    /// The API's address without the endpoint path (tests point it at a local server).
    pub base: String,
    key: String,
    /// Postmark's message stream (`outbound` unless set).
    pub stream: Option<String>,
    client: reqwest::Client,
}

impl std::fmt::Debug for EmailApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmailApi")
            .field("provider", &self.provider)
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl EmailApi {
    pub fn new(provider: Provider, key: String, base: Option<String>, stream: Option<String>) -> EmailApi {
        let base =
            base.unwrap_or_else(|| provider.default_base().to_owned()).trim_end_matches('/').to_owned();
        EmailApi { provider, base, key, stream, client: client() }
    }

    pub(super) async fn send(&self, email: &Email, id: &str) -> Result<(), Failure> {
        let to: Vec<String> = email.to.iter().map(ToString::to_string).collect();
        let reply_to = email.reply_to.as_ref().map(ToString::to_string);
        let request = match self.provider {
            Provider::Postmark => {
                let mut body = json!({
                    "From": email.from.to_string(),
                    "To": to.join(", "),
                    "Subject": email.subject,
                    "TextBody": email.text,
                    "HtmlBody": email.html,
                    "MessageStream": self.stream.as_deref().unwrap_or("outbound"),
                    "Metadata": { "leadId": id },
                });
                if let Some(reply_to) = reply_to {
                    body["ReplyTo"] = json!(reply_to);
                }
                if !email.headers.is_empty() {
                    let headers: Vec<_> = email
                        .headers
                        .iter()
                        .map(|(name, value)| json!({ "Name": name, "Value": value }))
                        .collect();
                    body["Headers"] = json!(headers);
                }
                self.client
                    .post(format!("{}/email", self.base))
                    .header("X-Postmark-Server-Token", &self.key)
                    .header("Accept", "application/json")
                    .json(&body)
            }
            Provider::Resend => {
                let mut body = json!({
                    "from": email.from.to_string(),
                    "to": to,
                    "subject": email.subject,
                    "text": email.text,
                    "html": email.html,
                });
                if let Some(reply_to) = reply_to {
                    body["reply_to"] = json!(reply_to);
                }
                if !email.headers.is_empty() {
                    let headers: serde_json::Map<String, serde_json::Value> = email
                        .headers
                        .iter()
                        .map(|(name, value)| ((*name).to_owned(), json!(value)))
                        .collect();
                    body["headers"] = json!(headers);
                }
                self.client.post(format!("{}/emails", self.base)).bearer_auth(&self.key).json(&body)
            }
        };
        answer(request.header("Idempotency-Key", id).send().await)
    }
}

#[derive(Clone)]
pub struct Webhook {
    pub url: String,
    token: Option<String>,
    client: reqwest::Client,
}

impl std::fmt::Debug for Webhook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Webhook").field("url", &self.url).finish_non_exhaustive()
    }
}

impl Webhook {
    /// Posts each lead record to `url`, with `Authorization: Bearer {token}` when given.
    pub fn new(url: String, token: Option<String>) -> Webhook {
        Webhook { url, token, client: client() }
    }

    pub(super) async fn post(&self, lead: &Prepared) -> Result<(), Failure> {
        let mut request = self
            .client
            .post(&self.url)
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", &lead.lead.id)
            .body(lead.json.clone());
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await)
    }
}

fn answer(response: Result<reqwest::Response, reqwest::Error>) -> Result<(), Failure> {
    match response {
        Ok(response) if response.status().is_success() => Ok(()),
        Ok(response) => {
            let status = response.status().as_u16();
            let retry = matches!(status, 408 | 425 | 429) || status >= 500;
            Err(Failure { reason: "status", code: Some(status), detail: None, permanent: !retry })
        }
        Err(error) if error.is_timeout() => Err(Failure::transient("timeout")),
        Err(error) if error.is_connect() => Err(Failure::transient("connect")),
        Err(error) if error.is_builder() => Err(Failure::permanent("request")),
        Err(_) => Err(Failure::transient("network")),
    }
}
