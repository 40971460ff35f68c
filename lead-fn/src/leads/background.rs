//! Outbox first, the rest in the background, for a host that keeps running after it answers
//! (`estate serve`; `LEAD_BACKGROUND_DELIVERY=true`). The lead is written durably to the outbox
//! and the visitor is answered at once; the other sinks get it on their own task, each attempt
//! given long enough for a slow sink to answer once (an SMTP server that says 250 after 5 s is
//! not cut off, sent the lead again and counted as failed), with retries for an hour's worth of
//! minutes. Each copy carries the lead's id as its idempotency key (`Message-ID`,
//! `Idempotency-Key`), so a receiver can drop a copy it already has.
//!
//! On Lambda the function is frozen once it answers, so it delivers within the budget instead;
//! there the production engine for this is a queue (SQS with a dead-letter queue, see the
//! README).

use std::sync::Arc;
use std::time::Duration;

use super::sinks::{self, Outcome, Prepared, Sink};

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
    if !others.is_empty() {
        let others: Arc<[Sink]> = others.into();
        tokio::spawn(async move {
            let id = lead.lead.id.clone();
            let outcomes = sinks::deliver_within(others, lead, DEADLINE, ATTEMPT_LIMIT).await;
            let failed: Vec<&str> = outcomes.iter().filter(|o| !o.accepted).map(|o| o.sink).collect();
            if !failed.is_empty() {
                // The lead is safe in the outbox; this says which sinks never got it.
                tracing::error!(event = "lead_background_failed", lead = %id, sinks = ?failed);
            }
        });
    }
    recorded
}
