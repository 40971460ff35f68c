//! Outbox first, the rest in the background, for a host that keeps running after it answers
//! (`estate serve`; `LEAD_BACKGROUND_DELIVERY=true`). The lead is written durably to the outbox
//! and the visitor is answered at once; the other sinks get it on their own task, each attempt
//! given long enough for a slow sink to answer once (an SMTP server that says 250 after 5 s is
//! not cut off, sent the lead again and counted as failed), with retries for an hour's worth of
//! minutes. Each copy carries the lead's id as its idempotency key (`Message-ID`,
//! `Idempotency-Key`), so a receiver can drop a copy it already has.
//!
//! On Lambda the function is frozen once it answers, so it delivers within the budget instead;
//! there the production engine for this is a queue (SQS with a dead-letter queue, see
//! docs/deploy.md).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use super::sinks::{self, Outcome, Prepared, Sink};
use super::{Settings, pending};

/// How long the background delivery keeps trying a sink.
pub const DEADLINE: Duration = Duration::from_secs(60 * 60);
/// How long one background attempt may take: longer than any sink should, so a slow answer
/// is waited for rather than taken for a failure.
pub const ATTEMPT_LIMIT: Duration = Duration::from_secs(60);

/// Writes `lead` to the outbox within `budget`; once it is there, hands it to the other sinks
/// in the background and says the outbox took it. Without an outbox, or when the outbox fails,
/// every other sink gets it within `budget`, as without background delivery.
pub async fn record_then_deliver(all: &Arc<[Sink]>, lead: Arc<Prepared>, budget: Duration) -> Vec<Outcome> {
    let (outbox, others): (Vec<Sink>, Vec<Sink>) =
        all.iter().cloned().partition(|sink| matches!(sink, Sink::Outbox(_)));
    if outbox.is_empty() {
        return sinks::deliver(all.clone(), lead, budget).await;
    }
    let recorded = sinks::deliver(outbox.into(), lead.clone(), budget).await;
    if !recorded.iter().any(|outcome| outcome.accepted) {
        let mut outcomes = recorded;
        outcomes.extend(sinks::deliver(others.into(), lead, budget).await);
        return outcomes;
    }
    let dir = all.iter().find_map(|sink| match sink {
        Sink::Outbox(outbox) => Some(outbox.dir.clone()),
        _ => None,
    });
    if let Some(dir) = dir {
        deliver_in_background(dir, others, lead);
    }
    recorded
}

/// Hands `lead` to each of `others` on its own task, with retries until [`DEADLINE`]; a sink
/// that takes it has its pending marker in `outbox` removed at once, so a restart resends the
/// lead only to the sinks that had not taken it.
pub fn deliver_in_background(outbox: PathBuf, others: Vec<Sink>, lead: Arc<Prepared>) {
    for sink in others {
        let lead = lead.clone();
        let outbox = outbox.clone();
        tokio::spawn(async move {
            let name = sink.name();
            let outcomes =
                sinks::deliver_within(Arc::from([sink]), lead.clone(), DEADLINE, ATTEMPT_LIMIT).await;
            if outcomes.iter().all(|o| o.accepted) {
                tokio::task::spawn_blocking(move || pending::clear(&outbox, &lead.lead.id, name)).await.ok();
            } else {
                // The lead is safe in the outbox and its marker stays: the next start resends it.
                tracing::error!(event = "lead_background_failed", lead = %lead.lead.id, sink = name);
            }
        });
    }
}

/// Resends, in the background, every lead in `outbox` that a sink has not taken yet (a host
/// that died mid-delivery loses nothing; see [`pending`]).
pub fn resend(outbox: &Path, others: &[Sink], settings: &Settings) {
    for (lead, sinks) in pending::to_resend(outbox, others, settings) {
        deliver_in_background(outbox.to_path_buf(), sinks, lead);
    }
}
