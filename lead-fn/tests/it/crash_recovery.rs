//! Crash safety of background delivery (`LEAD_BACKGROUND_DELIVERY`): a lead the outbox took
//! while the SMTP server and the webhook were down survives the process dying before they
//! took it. A new router on the same outbox resends it, once each, with the lead's id as the
//! idempotency key; no pending marker stays; a corrupt marker is reported and left alone.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::{Recorder, SmtpServer, closed_port, outbox_ids, post_lead};
use axum::Router;
use axum::http::StatusCode;
use lead_fn::{Catalogue, Config, router};
use serde_json::json;

fn function(outbox: &Path, smtp_port: u16, webhook: &str) -> Router {
    let vars: HashMap<String, String> = [
        ("LEAD_MAIL_FROM", "Palm Crest Website <leads@palmcrest.example>"),
        ("LEAD_MAIL_TO", "sales@palmcrest.example"),
        ("LEAD_RATE_LIMIT_PER_MINUTE", "0"),
        ("LEAD_DELIVERY_BUDGET_MS", "1200"),
        ("LEAD_BACKGROUND_DELIVERY", "true"),
        ("LEAD_OUTBOX_DIR", outbox.to_str().expect("UTF-8")),
        ("LEAD_SMTP_HOST", "127.0.0.1"),
        ("LEAD_SMTP_PORT", &smtp_port.to_string()),
        ("LEAD_SMTP_TLS", "none"),
        ("LEAD_WEBHOOK_URL", webhook),
    ]
    .iter()
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    let mut config = Config::from_env(|name| vars.get(name).cloned()).expect("valid settings");
    config.catalogue = Arc::new(Catalogue::fixed(Vec::new()).expect("a catalogue"));
    router(config)
}

fn markers(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the outbox")
        .filter_map(|e| e.ok()?.file_name().to_str().map(str::to_owned))
        .filter(|name| name.contains(".pending-"))
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lead_accepted_while_the_sinks_were_down_is_resent_after_a_crash() {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let down_hook = Recorder::start(503).await;

    // The first process: its own runtime, dropped ("crashes") while delivery still retries.
    let dir = outbox.path().to_owned();
    let hook = down_hook.url.clone();
    let (status, answer) = std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let answer = runtime.block_on(async {
            let router = function(&dir, closed_port(), &hook);
            let (status, answer, _) = post_lead(
                &router,
                &json!({
                    "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
                    "message": "Viewing on Saturday?", "form": "detail"
                }),
            )
            .await;
            // Let the background delivery fail once at least.
            tokio::time::sleep(Duration::from_millis(300)).await;
            (status, answer)
        });
        runtime.shutdown_background();
        answer
    })
    .join()
    .expect("the first process");
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["id"].as_str().expect("an id").to_owned();
    assert_eq!(outbox_ids(outbox.path()), std::slice::from_ref(&id));
    assert_eq!(markers(outbox.path()), [format!("{id}.pending-smtp"), format!("{id}.pending-webhook")]);
    assert!(down_hook.requests().iter().all(|r| r.header("idempotency-key") == Some(id.as_str())));

    // A corrupt marker (half its content) beside the good ones must not stop them.
    std::fs::write(outbox.path().join("20260101T000000000Z-0000000000000000.json"), b"{}").expect("written");
    std::fs::write(outbox.path().join("20260101T000000000Z-0000000000000000.pending-smtp"), b"sm")
        .expect("written");

    // The sinks are up; the next process starts on the same outbox.
    let smtp = SmtpServer::start(&[]);
    let hook = Recorder::start(200).await;
    let _router = function(outbox.path(), smtp.port, &hook.url);
    let settle = Instant::now() + Duration::from_secs(20);
    while Instant::now() < settle && markers(outbox.path()).len() > 1 {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // A moment more, so a duplicate would have time to arrive.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let messages = smtp.messages();
    assert_eq!(messages.len(), 1, "exactly one email: {messages:?}");
    assert_eq!(messages[0]["headers"]["Message-ID"], format!("<{id}@palmcrest.example>"));
    let requests = hook.requests();
    assert_eq!(requests.len(), 1, "exactly one webhook copy");
    assert_eq!(requests[0].header("idempotency-key"), Some(id.as_str()));
    assert_eq!(requests[0].json()["id"], id);
    // No marker stays for the delivered lead; the corrupt one is left for a person to look at.
    assert_eq!(markers(outbox.path()), ["20260101T000000000Z-0000000000000000.pending-smtp"]);
}

/// A process killed while renaming a lead's files into place leaves hidden temporary files:
/// the next start puts that lead in place and resends it; those of a lead cut while being
/// written (none of its files in place) are removed. Nothing hidden stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn temporary_files_left_by_a_kill_are_finished_and_resent_or_removed() {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let down_hook = Recorder::start(503).await;
    let dir = outbox.path().to_owned();
    let hook = down_hook.url.clone();
    let (status, answer) = std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().expect("a runtime");
        let answer = runtime.block_on(async {
            let router = function(&dir, closed_port(), &hook);
            let lead = json!({
                "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
                "message": "Viewing on Saturday?", "form": "detail"
            });
            let (status, answer, _) = post_lead(&router, &lead).await;
            (status, answer)
        });
        runtime.shutdown_background();
        answer
    })
    .join()
    .expect("the first process");
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["id"].as_str().expect("an id").to_owned();
    // As if killed after the email was renamed into place: the rest still hidden.
    let hide = |name: String| {
        std::fs::rename(outbox.path().join(&name), outbox.path().join(format!(".{name}.tmp")))
            .expect("hidden")
    };
    hide(format!("{id}.json"));
    hide(format!("{id}.pending-smtp"));
    hide(format!("{id}.pending-webhook"));
    // And another lead killed mid-write.
    std::fs::write(outbox.path().join(".20260101T000000000Z-0000000000000000.eml.tmp"), b"From: ")
        .expect("written");

    let smtp = SmtpServer::start(&[]);
    let hook = Recorder::start(200).await;
    let _router = function(outbox.path(), smtp.port, &hook.url);
    let settle = Instant::now() + Duration::from_secs(20);
    while Instant::now() < settle && !markers(outbox.path()).is_empty() {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(outbox_ids(outbox.path()), std::slice::from_ref(&id));
    assert_eq!(smtp.messages().len(), 1, "the finished lead is resent by email once");
    assert_eq!(hook.requests().len(), 1, "and to the webhook once");
    let hidden: Vec<String> = std::fs::read_dir(outbox.path())
        .expect("the outbox")
        .filter_map(|e| e.ok()?.file_name().to_str().map(str::to_owned))
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(hidden.is_empty(), "{hidden:?}");
}
