//! Where accepted leads go: the local outbox, email by SMTP, email by an HTTP API (Postmark or
//! Resend) and a JSON webhook. Every configured sink gets every lead, all at once; a sink that
//! fails is tried again after a short pause while the delivery budget lasts, unless its failure
//! is one a retry cannot mend (a refused address, a bad API key, a full disk).
//!
//! Each attempt is logged as one line (`event = "lead_delivery"`) with the lead's id, the sink,
//! the attempt's number, its outcome, a reason and the time it took: never a name, address,
//! phone number or message.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use super::email::Email;
use super::record::Lead;

mod http;
mod outbox;
mod smtp;

pub use http::{EmailApi, Provider, Webhook};
pub use outbox::{Outbox, Recovered, marker_ext, recover as recover_outbox};
pub use smtp::{Smtp, SmtpSettings, SmtpTls};

/// A lead ready to hand over: the record, its JSON and its email.
#[derive(Debug)]
pub struct Prepared {
    pub lead: Lead,
    pub json: Vec<u8>,
    pub email: Email,
}

/// Why an attempt failed, in words fit for a log line (no personal data).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// A short, fixed word: `connect`, `timeout`, `status`, `io`, ...
    pub reason: &'static str,
    /// The SMTP reply code or HTTP status, where there was one.
    pub code: Option<u16>,
    /// The io error kind, for the outbox.
    pub detail: Option<String>,
    /// Trying again cannot help.
    pub permanent: bool,
}

impl Failure {
    fn transient(reason: &'static str) -> Failure {
        Failure { reason, code: None, detail: None, permanent: false }
    }

    fn permanent(reason: &'static str) -> Failure {
        Failure { reason, code: None, detail: None, permanent: true }
    }
}

/// One configured destination.
#[derive(Debug, Clone)]
pub enum Sink {
    Outbox(Outbox),
    Smtp(Smtp),
    EmailApi(EmailApi),
    Webhook(Webhook),
}

impl Sink {
    pub fn name(&self) -> &'static str {
        match self {
            Sink::Outbox(_) => "outbox",
            Sink::Smtp(_) => "smtp",
            Sink::EmailApi(api) => api.provider.name(),
            Sink::Webhook(_) => "webhook",
        }
    }

    /// Whether the sink sends emails (the outbox keeps them): the sinks a subscriber's email
    /// goes through. A webhook takes lead records alone.
    pub fn carries_mail(&self) -> bool {
        !matches!(self, Sink::Webhook(_))
    }

    async fn attempt(&self, lead: &Prepared) -> Result<(), Failure> {
        match self {
            Sink::Outbox(outbox) => outbox.write(lead).await,
            Sink::Smtp(smtp) => smtp.send(&lead.email).await,
            Sink::EmailApi(api) => api.send(&lead.email, &lead.lead.id).await,
            Sink::Webhook(webhook) => webhook.post(lead).await,
        }
    }

    async fn attempt_mail(&self, mail: &Mail) -> Result<(), Failure> {
        match self {
            Sink::Outbox(outbox) => outbox.write_mail(&mail.id, &mail.email.eml).await,
            Sink::Smtp(smtp) => smtp.send(&mail.email).await,
            Sink::EmailApi(api) => api.send(&mail.email, &mail.id).await,
            Sink::Webhook(_) => Err(Failure::permanent("not_mail")),
        }
    }
}

/// An email to a visitor that is no lead (a saved search's confirmation): its id, used as the
/// idempotency key and the outbox's file name, and the email.
#[derive(Debug)]
pub struct Mail {
    pub id: String,
    pub email: Email,
}

/// What the sinks are handed: a lead (every sink) or a visitor's email (the mail sinks).
pub trait Parcel: Send + Sync + 'static {
    /// Its id, for the log lines.
    fn id(&self) -> &str;
    /// One attempt of `sink` at it.
    fn attempt(&self, sink: &Sink) -> impl Future<Output = Result<(), Failure>> + Send;
}

impl Parcel for Prepared {
    fn id(&self) -> &str {
        &self.lead.id
    }

    fn attempt(&self, sink: &Sink) -> impl Future<Output = Result<(), Failure>> + Send {
        sink.attempt(self)
    }
}

impl Parcel for Mail {
    fn id(&self) -> &str {
        &self.id
    }

    fn attempt(&self, sink: &Sink) -> impl Future<Output = Result<(), Failure>> + Send {
        sink.attempt_mail(self)
    }
}

/// Pauses before the 2nd, 3rd, ... attempt.
const BACKOFF: [Duration; 3] =
    [Duration::from_millis(100), Duration::from_millis(250), Duration::from_millis(500)];
/// No attempt starts with less time than this left.
const LEAST_ATTEMPT: Duration = Duration::from_millis(100);
/// One attempt may take this share of the whole budget, so a hung sink leaves time to retry.
const ATTEMPT_SHARE: f64 = 0.6;

/// What each sink made of a lead, in the order of `sinks`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub sink: &'static str,
    pub accepted: bool,
}

/// Hands `lead` to every sink at once and waits for all of them, at most `budget`. Runs on its
/// own task, so a client that hangs up mid-way does not cut a delivery short.
pub async fn deliver<P: Parcel>(sinks: Arc<[Sink]>, lead: Arc<P>, budget: Duration) -> Vec<Outcome> {
    deliver_within(sinks, lead, budget, budget.mul_f64(ATTEMPT_SHARE).max(LEAST_ATTEMPT)).await
}

/// [`deliver`] with each attempt given at most `attempt_limit`: the background delivery gives
/// a slow sink long enough to answer once rather than be cut off and sent the lead again.
pub async fn deliver_within<P: Parcel>(
    sinks: Arc<[Sink]>,
    lead: Arc<P>,
    budget: Duration,
    attempt_limit: Duration,
) -> Vec<Outcome> {
    let deadline = Instant::now() + budget;
    let task = tokio::spawn(async move {
        let mut set = tokio::task::JoinSet::new();
        for (index, sink) in sinks.iter().cloned().enumerate() {
            let lead = lead.clone();
            set.spawn(async move { (index, deliver_one(&sink, &*lead, deadline, attempt_limit).await) });
        }
        let mut outcomes: Vec<Outcome> =
            sinks.iter().map(|sink| Outcome { sink: sink.name(), accepted: false }).collect();
        while let Some(joined) = set.join_next().await {
            if let Ok((index, accepted)) = joined {
                outcomes[index].accepted = accepted;
            }
        }
        outcomes
    });
    task.await.unwrap_or_default()
}

async fn deliver_one<P: Parcel>(sink: &Sink, lead: &P, deadline: Instant, attempt_limit: Duration) -> bool {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let left = deadline.saturating_duration_since(Instant::now());
        let started = Instant::now();
        let result = match tokio::time::timeout(left.min(attempt_limit), lead.attempt(sink)).await {
            Ok(result) => result,
            Err(_) => Err(Failure::transient("timeout")),
        };
        let ms = started.elapsed().as_millis() as u64;
        let failure = match result {
            Ok(()) => {
                tracing::info!(
                    event = "lead_delivery",
                    lead = %lead.id(),
                    sink = sink.name(),
                    attempt,
                    outcome = "accepted",
                    ms,
                );
                return true;
            }
            Err(failure) => failure,
        };
        // After the quick ones, pauses double up to about a minute (only the background
        // delivery, with its long deadline, gets that far).
        let pause = BACKOFF
            .get(attempt - 1)
            .copied()
            .unwrap_or_else(|| Duration::from_secs(1 << (attempt - BACKOFF.len()).min(6)));
        let retry =
            !failure.permanent && deadline.saturating_duration_since(Instant::now()) >= pause + LEAST_ATTEMPT;
        tracing::warn!(
            event = "lead_delivery",
            lead = %lead.id(),
            sink = sink.name(),
            attempt,
            outcome = if retry { "retry" } else { "failed" },
            reason = failure.reason,
            code = failure.code,
            detail = failure.detail.as_deref(),
            permanent = failure.permanent,
            ms,
        );
        if !retry {
            return false;
        }
        tokio::time::sleep(pause).await;
    }
}
