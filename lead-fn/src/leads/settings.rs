//! The lead settings, read from environment variables by both hosts (the Lambda binary and
//! `estate serve`). Every variable is listed in docs/lead-function.md; an empty value counts as unset.

use std::path::PathBuf;
use std::str::FromStr as _;
use std::time::Duration;

use axum::http::HeaderName;
use lettre::message::{Mailbox, Mailboxes};

use super::email::Addresses;
use super::sinks::{EmailApi, Outbox, Provider, Sink, Smtp, SmtpSettings, SmtpTls, Webhook};
use std::sync::Arc;

use crate::subscriptions::{Dynamo, DynamoSettings, LinkKey, Local, Store};

/// The default delivery budget: what the sinks get before the function answers.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(3000);
/// The most the budget may be: the site's forms give up after 5,000 ms, and the answer must
/// also cross the network (and, on a cold start, wait for the function to start).
pub const MAX_BUDGET: Duration = Duration::from_millis(4500);
/// Submissions per client per minute, unless set.
pub const DEFAULT_RATE_LIMIT: u32 = 10;
/// Searches per client per minute, unless set: a visitor's result pages send one per page, per
/// 'Show more' and per change of a filter, so ten a minute are far below it.
pub const DEFAULT_SEARCH_RATE_LIMIT: u32 = 120;
/// The header Netlify's proxy sets to the visitor's address (see [`super::ratelimit`]).
pub const DEFAULT_CLIENT_IP_HEADER: &str = "x-nf-client-connection-ip";

#[derive(Debug, Clone)]
pub struct Settings {
    /// The public site's address (`https://www.example.ae`), for links in the emails.
    pub site_url: Option<String>,
    pub addresses: Addresses,
    /// Where leads go; none configured means every lead is answered 503.
    pub sinks: Vec<Sink>,
    /// Submissions per client per minute; 0 turns the limit off.
    pub rate_limit_per_minute: u32,
    /// Searches per client per minute, counted apart from the submissions; 0 turns it off.
    pub search_rate_limit_per_minute: u32,
    /// How long all sinks together may take.
    pub budget: Duration,
    /// The header that names the client's address, when the function sits behind a proxy
    /// that sets it.
    pub client_ip_header: Option<HeaderName>,
    /// The secret Netlify signs each request it forwards with (`LEAD_PROXY_SECRET`, the
    /// proxy rule's `Sign=`); the client-address header is read only on requests that carry a
    /// valid signature. Unset: never read.
    pub proxy_secret: Option<String>,
    /// Write the outbox, answer, then deliver to the other sinks in the background
    /// (`LEAD_BACKGROUND_DELIVERY`; `estate serve` turns it on): only for a host that keeps
    /// running after it answers, so never on Lambda. See [`super::background`].
    pub background_delivery: bool,
    /// The language the agents' emails are written in (`LEAD_EMAIL_LANGUAGE`: `en`, `ar` or
    /// `ru`; English by default). Each email notes the visitor's own language.
    pub email_language: &'static str,
    /// Where saved searches are kept (`LEAD_SUBSCRIPTIONS_TABLE` on AWS,
    /// `LEAD_SUBSCRIPTIONS_DIR` or `estate serve`'s folder): none, and saving one is answered 503.
    pub saved_searches: Option<Arc<dyn Store>>,
    /// The key of the saved searches' links (`LEAD_ALERTS_SECRET`, [`LinkKey`]); needed with a
    /// store (`estate serve` makes one and keeps it in `.estate/`).
    pub alerts_key: Option<LinkKey>,
    /// The secret of the notifications the function is sent (`LEAD_HOOKS_SECRET`): Netlify signs
    /// its deploy notification with it, and the mail provider's bounce webhook carries it in its
    /// address. Unset: both are refused.
    pub hooks_secret: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            site_url: None,
            addresses: Addresses::default(),
            sinks: Vec::new(),
            rate_limit_per_minute: DEFAULT_RATE_LIMIT,
            search_rate_limit_per_minute: DEFAULT_SEARCH_RATE_LIMIT,
            budget: DEFAULT_BUDGET,
            client_ip_header: Some(HeaderName::from_static(DEFAULT_CLIENT_IP_HEADER)),
            proxy_secret: None,
            background_delivery: false,
            email_language: "en",
            saved_searches: None,
            alerts_key: None,
            hooks_secret: None,
        }
    }
}

impl Settings {
    /// The client-address header and the proof a request must carry for it to be read; none
    /// unless both are set.
    pub fn trusted_proxy(&self) -> Option<super::ratelimit::TrustedProxy<'_>> {
        Some(super::ratelimit::TrustedProxy {
            header: self.client_ip_header.as_ref()?,
            secret: self.proxy_secret.as_deref()?,
        })
    }
}

/// A variable with a value the function cannot use.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{var}: {message}")]
pub struct ConfigError {
    pub var: &'static str,
    pub message: String,
}

fn error(var: &'static str, message: impl Into<String>) -> ConfigError {
    ConfigError { var, message: message.into() }
}

impl Settings {
    /// Reads the settings through `var` (normally `std::env::var`). The sinks come in a fixed
    /// order: outbox, SMTP, email API, webhook.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Settings, ConfigError> {
        let get = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let mut settings = Settings { site_url: get("LEAD_SITE_URL"), ..Settings::default() };
        if let Some(site) = &settings.site_url
            && !(site.starts_with("https://") || site.starts_with("http://"))
        {
            return Err(error("LEAD_SITE_URL", format!("{site:?} is not an http(s) address")));
        }

        if let Some(lang) = get("LEAD_EMAIL_LANGUAGE") {
            settings.email_language = super::input::LANGUAGES
                .iter()
                .copied()
                .find(|l| *l == lang.to_ascii_lowercase())
                .ok_or_else(|| {
                    error(
                        "LEAD_EMAIL_LANGUAGE",
                        format!("{lang:?} is not one of {}", super::input::LANGUAGES.join(", ")),
                    )
                })?;
        }
        if let Some(per_minute) = get("LEAD_RATE_LIMIT_PER_MINUTE") {
            settings.rate_limit_per_minute = per_minute.parse().map_err(|_| {
                error("LEAD_RATE_LIMIT_PER_MINUTE", format!("{per_minute:?} is not a whole number"))
            })?;
        }
        if let Some(per_minute) = get("LEAD_SEARCH_RATE_LIMIT_PER_MINUTE") {
            settings.search_rate_limit_per_minute = per_minute.parse().map_err(|_| {
                error("LEAD_SEARCH_RATE_LIMIT_PER_MINUTE", format!("{per_minute:?} is not a whole number"))
            })?;
        }
        if let Some(ms) = get("LEAD_DELIVERY_BUDGET_MS") {
            let budget = ms
                .parse::<u64>()
                .map(Duration::from_millis)
                .map_err(|_| error("LEAD_DELIVERY_BUDGET_MS", format!("{ms:?} is not a whole number")))?;
            if budget.is_zero() || budget > MAX_BUDGET {
                return Err(error(
                    "LEAD_DELIVERY_BUDGET_MS",
                    format!(
                        "must be between 1 and {} (the visitor's form waits 5,000 ms)",
                        MAX_BUDGET.as_millis()
                    ),
                ));
            }
            settings.budget = budget;
        }
        if let Some(header) = var("LEAD_CLIENT_IP_HEADER") {
            let header = header.trim();
            settings.client_ip_header = if header.is_empty() {
                None
            } else {
                Some(HeaderName::from_str(header).map_err(|_| {
                    error("LEAD_CLIENT_IP_HEADER", format!("{header:?} is not a header name"))
                })?)
            };
        }
        if let Some(secret) = get("LEAD_PROXY_SECRET") {
            if secret.len() < 16 || !secret.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(error(
                    "LEAD_PROXY_SECRET",
                    "must be at least 16 printable characters without spaces",
                ));
            }
            settings.proxy_secret = Some(secret);
        }

        if let Some(on) = get("LEAD_BACKGROUND_DELIVERY") {
            settings.background_delivery = match on.to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                _ => return Err(error("LEAD_BACKGROUND_DELIVERY", format!("{on:?} is not true or false"))),
            };
        }

        if let Some(dir) = get("LEAD_OUTBOX_DIR") {
            settings.sinks.push(Sink::Outbox(Outbox::new(dir)));
        }
        let mut emails = false;
        if let Some(host) = get("LEAD_SMTP_HOST") {
            let tls = match get("LEAD_SMTP_TLS").as_deref().map(str::to_ascii_lowercase).as_deref() {
                None | Some("starttls") => SmtpTls::StartTls,
                Some("tls") => SmtpTls::Tls,
                Some("none") => SmtpTls::None,
                Some(other) => {
                    return Err(error("LEAD_SMTP_TLS", format!("{other:?} is not starttls, tls or none")));
                }
            };
            let port = get("LEAD_SMTP_PORT")
                .map(|port| {
                    port.parse::<u16>()
                        .map_err(|_| error("LEAD_SMTP_PORT", format!("{port:?} is not a port")))
                })
                .transpose()?;
            let ca_pem = get("LEAD_SMTP_CA_FILE")
                .map(|path| {
                    std::fs::read(&path)
                        .map_err(|e| error("LEAD_SMTP_CA_FILE", format!("cannot read {path}: {e}")))
                })
                .transpose()?;
            let smtp = SmtpSettings {
                host,
                port,
                tls,
                user: get("LEAD_SMTP_USER"),
                password: var("LEAD_SMTP_PASSWORD").filter(|p| !p.is_empty()),
                ca_pem,
            };
            settings
                .sinks
                .push(Sink::Smtp(Smtp::new(&smtp).map_err(|message| error("LEAD_SMTP_HOST", message))?));
            emails = true;
        }
        if let Some(provider) = get("LEAD_EMAIL_API") {
            let provider = match provider.to_ascii_lowercase().as_str() {
                "postmark" => Provider::Postmark,
                "resend" => Provider::Resend,
                other => return Err(error("LEAD_EMAIL_API", format!("{other:?} is not postmark or resend"))),
            };
            let key = get("LEAD_EMAIL_API_KEY")
                .ok_or_else(|| error("LEAD_EMAIL_API_KEY", "the API key is needed with LEAD_EMAIL_API"))?;
            let base = get("LEAD_EMAIL_API_URL");
            settings.sinks.push(Sink::EmailApi(EmailApi::new(
                provider,
                key,
                base,
                get("LEAD_POSTMARK_STREAM"),
            )));
            emails = true;
        }
        if let Some(url) = get("LEAD_WEBHOOK_URL") {
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(error("LEAD_WEBHOOK_URL", format!("{url:?} is not an http(s) address")));
            }
            settings.sinks.push(Sink::Webhook(Webhook::new(url, get("LEAD_WEBHOOK_TOKEN"))));
        }

        settings.saved_searches = saved_searches_from_env(&var)?;
        let printable = |name: &'static str| -> Result<Option<String>, ConfigError> {
            let Some(secret) = get(name) else { return Ok(None) };
            if secret.chars().count() < LinkKey::MIN_CHARS || !secret.bytes().all(|b| b.is_ascii_graphic()) {
                return Err(error(name, "must be at least 16 printable characters without spaces"));
            }
            Ok(Some(secret))
        };
        settings.alerts_key = printable("LEAD_ALERTS_SECRET")?.map(|secret| LinkKey::new(&secret));
        if settings.alerts_key.is_none() && get("LEAD_SUBSCRIPTIONS_TABLE").is_some() {
            return Err(error(
                "LEAD_ALERTS_SECRET",
                "the saved searches' links need it (LEAD_SUBSCRIPTIONS_TABLE is set)",
            ));
        }
        settings.hooks_secret = printable("LEAD_HOOKS_SECRET")?;

        let from = get("LEAD_MAIL_FROM");
        let to = get("LEAD_MAIL_TO");
        if emails && (from.is_none() || to.is_none()) {
            let var = if from.is_none() { "LEAD_MAIL_FROM" } else { "LEAD_MAIL_TO" };
            return Err(error(var, "the agents' email needs LEAD_MAIL_FROM and LEAD_MAIL_TO"));
        }
        if let Some(from) = from {
            settings.addresses.from = Mailbox::from_str(&from)
                .map_err(|e| error("LEAD_MAIL_FROM", format!("{from:?} is not an address: {e}")))?;
        }
        if let Some(to) = to {
            let list = Mailboxes::from_str(&to)
                .map_err(|e| error("LEAD_MAIL_TO", format!("{to:?} is not a list of addresses: {e}")))?;
            settings.addresses.to = list.into_iter().collect();
            if settings.addresses.to.is_empty() {
                return Err(error("LEAD_MAIL_TO", "no address given"));
            }
        }
        Ok(settings)
    }

    /// The settings with the outbox in `dir` (replacing one from `LEAD_OUTBOX_DIR`).
    pub fn with_outbox(mut self, dir: impl Into<PathBuf>) -> Settings {
        self.sinks.retain(|sink| !matches!(sink, Sink::Outbox(_)));
        self.sinks.insert(0, Sink::Outbox(Outbox::new(dir)));
        self
    }

    /// The outbox's folder, when there is one.
    pub fn outbox(&self) -> Option<&std::path::Path> {
        self.sinks.iter().find_map(|sink| match sink {
            Sink::Outbox(outbox) => Some(outbox.dir.as_path()),
            _ => None,
        })
    }
}

/// The store the environment names: `LEAD_SUBSCRIPTIONS_TABLE` (DynamoDB, with Lambda's
/// `AWS_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, and
/// `LEAD_DYNAMODB_ENDPOINT` for another address than AWS's), else `LEAD_SUBSCRIPTIONS_DIR` (a
/// file in that folder), else none.
pub fn saved_searches_from_env(
    var: impl Fn(&str) -> Option<String>,
) -> Result<Option<Arc<dyn Store>>, ConfigError> {
    let get = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    if let Some(table) = get("LEAD_SUBSCRIPTIONS_TABLE") {
        let need = |name: &'static str| {
            get(name).ok_or_else(|| ConfigError {
                var: name,
                message: "needed with LEAD_SUBSCRIPTIONS_TABLE".into(),
            })
        };
        let endpoint = get("LEAD_DYNAMODB_ENDPOINT");
        if let Some(url) = &endpoint
            && !(url.starts_with("https://") || url.starts_with("http://"))
        {
            let message = format!("{url:?} is not an http(s) address");
            return Err(ConfigError { var: "LEAD_DYNAMODB_ENDPOINT", message });
        }
        let settings = DynamoSettings {
            table,
            region: need("AWS_REGION")?,
            endpoint,
            access_key: need("AWS_ACCESS_KEY_ID")?,
            secret_key: need("AWS_SECRET_ACCESS_KEY")?,
            session_token: get("AWS_SESSION_TOKEN"),
        };
        return Ok(Some(Arc::new(Dynamo::new(settings))));
    }
    Ok(get("LEAD_SUBSCRIPTIONS_DIR").map(|dir| Arc::new(Local::new(dir)) as Arc<dyn Store>))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn from(vars: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let vars: HashMap<String, String> =
            vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        Settings::from_env(|name| vars.get(name).cloned())
    }

    fn sink_names(settings: &Settings) -> Vec<&'static str> {
        settings.sinks.iter().map(Sink::name).collect()
    }

    #[test]
    fn nothing_set_means_no_sink_and_the_defaults() {
        let settings = from(&[]).expect("valid");
        assert!(settings.sinks.is_empty());
        assert_eq!(settings.budget, DEFAULT_BUDGET);
        assert!(DEFAULT_BUDGET < MAX_BUDGET && MAX_BUDGET < Duration::from_millis(5000));
        assert_eq!(settings.rate_limit_per_minute, DEFAULT_RATE_LIMIT);
        assert_eq!(settings.search_rate_limit_per_minute, DEFAULT_SEARCH_RATE_LIMIT);
        assert_eq!(
            settings.client_ip_header.as_ref().map(HeaderName::as_str),
            Some(DEFAULT_CLIENT_IP_HEADER)
        );
    }

    #[test]
    fn every_sink_in_its_order() {
        let settings = from(&[
            ("LEAD_WEBHOOK_URL", "https://crm.example/hook"),
            ("LEAD_EMAIL_API", "Resend"),
            ("LEAD_EMAIL_API_KEY", "re_123"),
            ("LEAD_SMTP_HOST", "smtp.example.com"),
            ("LEAD_SMTP_USER", "leads"),
            ("LEAD_SMTP_PASSWORD", "secret"),
            ("LEAD_OUTBOX_DIR", "/tmp/outbox"),
            ("LEAD_MAIL_FROM", "Palm Crest Website <leads@palmcrest.example>"),
            ("LEAD_MAIL_TO", "sales@palmcrest.example, Omar <omar@palmcrest.example>"),
            ("LEAD_RATE_LIMIT_PER_MINUTE", "0"),
            ("LEAD_SEARCH_RATE_LIMIT_PER_MINUTE", "30"),
            ("LEAD_DELIVERY_BUDGET_MS", "2500"),
            ("LEAD_CLIENT_IP_HEADER", ""),
            ("LEAD_SITE_URL", "https://palmcrest.example"),
        ])
        .expect("valid");
        assert_eq!(sink_names(&settings), ["outbox", "smtp", "resend", "webhook"]);
        assert_eq!(settings.addresses.to.len(), 2);
        assert_eq!(settings.addresses.from.email.to_string(), "leads@palmcrest.example");
        assert_eq!(settings.rate_limit_per_minute, 0);
        assert_eq!(settings.search_rate_limit_per_minute, 30);
        assert_eq!(settings.budget, Duration::from_millis(2500));
        assert_eq!(settings.client_ip_header, None);
        assert_eq!(settings.outbox(), Some(std::path::Path::new("/tmp/outbox")));
        let moved = settings.with_outbox(".estate/outbox");
        assert_eq!(sink_names(&moved), ["outbox", "smtp", "resend", "webhook"]);
        assert_eq!(moved.outbox(), Some(std::path::Path::new(".estate/outbox")));
    }

    #[test]
    fn mistakes_name_their_variable() {
        let cases: [(&[(&str, &str)], &str); 12] = [
            (&[("LEAD_PROXY_SECRET", "short")], "LEAD_PROXY_SECRET"),
            (&[("LEAD_HOOKS_SECRET", "with a space 0123456789")], "LEAD_HOOKS_SECRET"),
            (
                &[
                    ("LEAD_SUBSCRIPTIONS_TABLE", "subscriptions"),
                    ("AWS_REGION", "me-central-1"),
                    ("AWS_ACCESS_KEY_ID", "a"),
                    ("AWS_SECRET_ACCESS_KEY", "b"),
                ],
                "LEAD_ALERTS_SECRET",
            ),
            (&[("LEAD_SMTP_HOST", "smtp.example.com")], "LEAD_MAIL_FROM"),
            (&[("LEAD_SMTP_HOST", "smtp.example.com"), ("LEAD_SMTP_TLS", "ssl")], "LEAD_SMTP_TLS"),
            (&[("LEAD_SMTP_HOST", "smtp.example.com"), ("LEAD_SMTP_TLS", "none")], "LEAD_SMTP_HOST"),
            (&[("LEAD_EMAIL_API", "mailgun")], "LEAD_EMAIL_API"),
            (&[("LEAD_EMAIL_API", "postmark")], "LEAD_EMAIL_API_KEY"),
            (&[("LEAD_WEBHOOK_URL", "crm.example/hook")], "LEAD_WEBHOOK_URL"),
            (&[("LEAD_DELIVERY_BUDGET_MS", "5000")], "LEAD_DELIVERY_BUDGET_MS"),
            (&[("LEAD_RATE_LIMIT_PER_MINUTE", "ten")], "LEAD_RATE_LIMIT_PER_MINUTE"),
            (&[("LEAD_MAIL_TO", "not an address")], "LEAD_MAIL_TO"),
        ];
        for (vars, var) in cases {
            let got = from(vars).expect_err("refused");
            assert_eq!(got.var, var, "{vars:?}: {got}");
        }
    }
}
