//! Crash safety of background delivery. With background delivery on, the outbox writes one
//! marker per other sink with each lead, `{id}.pending-{sink}` (its content is the sink's name),
//! before the lead's `.json` and before the visitor is answered; a marker is removed once its
//! sink took the lead. When the router is built, [`super::background::resend`] scans the outbox and hands every
//! lead that still has markers to those sinks in the background, with the same retries and
//! the same idempotency key (the lead id), so a host that died mid-delivery loses nothing.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use super::Settings;
use super::record::Lead;
use super::sinks::{Prepared, Sink, marker_ext};

/// Removes the marker of `sink` for lead `id` (it took the lead) and flushes the folder.
pub fn clear(dir: &Path, id: &str, sink: &str) {
    let marker = dir.join(format!("{id}.{}", marker_ext(sink)));
    let removed = std::fs::remove_file(&marker)
        .and_then(|()| std::fs::File::open(dir).and_then(|folder| folder.sync_all()));
    if let Err(error) = removed {
        tracing::error!(event = "lead_pending_clear_failed", file = %marker.display(), error = %error);
    }
}

/// A lead some sinks have not taken yet.
#[derive(Debug, PartialEq, Eq)]
pub struct PendingLead {
    pub id: String,
    pub sinks: Vec<String>,
}

/// The leads in `dir` with markers, and a located message for each marker that cannot be
/// trusted (half-written, naming another sink, or without its lead's `.json`).
pub fn scan(dir: &Path) -> (Vec<PendingLead>, Vec<String>) {
    let mut leads: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return (Vec::new(), problems),
        Err(error) => {
            return (Vec::new(), vec![format!("{}: cannot read the outbox: {error}", dir.display())]);
        }
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if name.starts_with('.') {
            if name.contains(".pending-") {
                problems
                    .push(format!("{}: a half-written marker (left by a crash), ignored", path.display()));
            }
            continue;
        }
        let Some((id, sink)) = name.split_once(".pending-") else { continue };
        match std::fs::read(&path) {
            Ok(content) if content == sink.as_bytes() => {}
            Ok(_) => {
                problems.push(format!(
                    "{}: the marker does not name sink `{sink}` (corrupt), ignored",
                    path.display()
                ));
                continue;
            }
            Err(error) => {
                problems.push(format!("{}: cannot read the marker: {error}", path.display()));
                continue;
            }
        }
        if !dir.join(format!("{id}.json")).is_file() {
            problems.push(format!("{}: no lead `{id}.json` beside it, ignored", path.display()));
            continue;
        }
        leads.entry(id.to_owned()).or_default().push(sink.to_owned());
    }
    let leads = leads.into_iter().map(|(id, mut sinks)| {
        sinks.sort();
        PendingLead { id, sinks }
    });
    (leads.collect(), problems)
}

/// Reads lead `id` back from the outbox: its record, its email rendered again from the record,
/// with the exact `.eml` that was kept (so SMTP sends the same bytes and `Message-ID`).
fn load(dir: &Path, id: &str, settings: &Settings) -> Result<Prepared, String> {
    let json_path = dir.join(format!("{id}.json"));
    let json = std::fs::read(&json_path).map_err(|e| format!("{}: {e}", json_path.display()))?;
    let lead: Lead = serde_json::from_slice(&json).map_err(|e| {
        format!("{}:{}:{}: not a lead record: {e}", json_path.display(), e.line(), e.column())
    })?;
    let property_missing = lead.property.is_none() && !lead.property_id.is_empty();
    let mut prepared = super::prepare(lead, settings, property_missing, SystemTime::now())?;
    let eml_path = dir.join(format!("{id}.eml"));
    prepared.email.eml = std::fs::read(&eml_path).map_err(|e| format!("{}: {e}", eml_path.display()))?;
    prepared.json = json;
    Ok(prepared)
}

/// Scans the outbox for the leads a sink has not taken yet: each with the sinks still to get it
/// ([`super::background::resend`] hands them over). Markers that cannot be trusted, and sinks no
/// longer configured, are logged and left as they are; they do not stop the others.
pub fn to_resend(outbox: &Path, others: &[Sink], settings: &Settings) -> Vec<(Arc<Prepared>, Vec<Sink>)> {
    let (leads, problems) = scan(outbox);
    for problem in &problems {
        tracing::error!(event = "lead_pending_unreadable", problem = %problem);
    }
    let mut found = Vec::new();
    for pending in leads {
        let prepared = match load(outbox, &pending.id, settings) {
            Ok(prepared) => Arc::new(prepared),
            Err(problem) => {
                tracing::error!(event = "lead_pending_unreadable", lead = %pending.id, problem = %problem);
                continue;
            }
        };
        let mut sinks = Vec::new();
        for name in &pending.sinks {
            match others.iter().find(|sink| sink.name() == name) {
                Some(sink) => sinks.push(sink.clone()),
                None => tracing::error!(
                    event = "lead_pending_sink_gone",
                    lead = %pending.id,
                    sink = %name,
                    "the sink is no longer configured; the marker stays"
                ),
            }
        }
        if sinks.is_empty() {
            continue;
        }
        let names: Vec<&str> = sinks.iter().map(Sink::name).collect();
        tracing::warn!(event = "lead_resend", lead = %pending.id, sinks = ?names);
        found.push((prepared, sinks));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrupt_half_written_and_orphan_markers_are_reported_and_the_others_kept() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let put = |name: &str, bytes: &[u8]| std::fs::write(dir.path().join(name), bytes).expect("written");
        put("a1.json", b"{}");
        put("a1.pending-smtp", b"smtp");
        put("a1.pending-webhook", b"webhook");
        put("b2.json", b"{}");
        put("b2.pending-smtp", b"smt");
        put(".c3.pending-smtp.tmp", b"");
        put("d4.pending-webhook", b"webhook");
        put("e5.json", b"{}");
        let (leads, problems) = scan(dir.path());
        assert_eq!(leads, [PendingLead { id: "a1".into(), sinks: vec!["smtp".into(), "webhook".into()] }]);
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("b2.pending-smtp") && p.contains("corrupt")));
        assert!(problems.iter().any(|p| p.contains(".c3.pending-smtp.tmp") && p.contains("half-written")));
        assert!(problems.iter().any(|p| p.contains("d4.pending-webhook") && p.contains("d4.json")));
    }
}
