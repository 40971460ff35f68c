//! The delivery fault matrix with background delivery (`LEAD_BACKGROUND_DELIVERY`, as `estate
//! serve` runs): real sinks on 127.0.0.1 (an aiosmtpd server, a webhook server, the outbox),
//! each row a fault. Every row checks the answer (a lead a sink took is a success, answered
//! without waiting for the slow or broken sinks), that no lead is lost, and how many copies
//! each sink received (each once; copies of one lead carry the same idempotency key).

use crate::support;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::support::{Recorder, SmtpServer, closed_port, outbox_ids};
use axum::Router;
use axum::http::StatusCode;
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};

/// One row: what each sink does, and what must come of it.
struct Row {
    name: &'static str,
    /// `None`: no SMTP sink; `Some(None)`: down; `Some(Some(s))`: answers DATA after `s` seconds.
    smtp: Option<Option<f64>>,
    /// The webhook: `None`: down; `Some((status, delay ms))`.
    webhook: Option<(u16, u64)>,
    /// The webhook mends after this long (answers 200 from then on).
    webhook_mends_after: Option<Duration>,
    outbox_writable: bool,
    /// The status the visitor must get.
    answer: StatusCode,
    /// Copies each sink must end with: SMTP messages (told apart by their Message-ID: an attempt
    /// cut off by its time limit after the server took the message is sent again, as the same
    /// message, which a mail client shows once), webhook leads (told apart by their
    /// Idempotency-Key: an attempt cut off the same way is sent again with the same key, which the
    /// receiver drops).
    smtp_copies: usize,
    webhook_taken: usize,
}

fn lead() -> Value {
    json!({
        "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
        "message": "Viewing on Saturday?", "form": "detail"
    })
}

async fn post(router: &Router) -> (StatusCode, Value, Duration) {
    support::post_lead(router, &lead()).await
}

/// Runs one row; a line of figures for the report, or a panic naming the row.
async fn run(row: Row) -> String {
    // Starting the Python server blocks until it prints its port: off the runtime's two workers,
    // which the other rows' leads, timers and webhook servers need meanwhile (blocking them here
    // let a healthy row's budget run out before its sinks could answer).
    let smtp = match row.smtp {
        Some(Some(delay)) => Some(
            tokio::task::spawn_blocking(move || SmtpServer::start(&["--delay", &delay.to_string()]))
                .await
                .expect("the SMTP server starts"),
        ),
        _ => None,
    };
    let webhook = match row.webhook {
        Some((status, delay)) => {
            let recorder = Recorder::start(status).await;
            recorder.set_delay(delay);
            Some(recorder)
        }
        None => None,
    };
    let dir = tempfile::tempdir().expect("a temp dir");
    let outbox = if row.outbox_writable {
        dir.path().join("outbox")
    } else {
        // A file where the folder should be: every write fails (NotADirectory).
        let blocked = dir.path().join("blocked");
        std::fs::write(&blocked, b"").expect("a file");
        blocked.join("outbox")
    };
    let smtp_port = match (&smtp, row.smtp) {
        (Some(server), _) => Some(server.port),
        (None, Some(None)) => Some(closed_port()),
        _ => None,
    };
    let mut vars: HashMap<&str, String> = HashMap::from([
        ("LEAD_MAIL_FROM", "Palm Crest Website <leads@palmcrest.example>".to_owned()),
        ("LEAD_MAIL_TO", "sales@palmcrest.example".to_owned()),
        ("LEAD_RATE_LIMIT_PER_MINUTE", "0".to_owned()),
        ("LEAD_BACKGROUND_DELIVERY", "true".to_owned()),
        ("LEAD_DELIVERY_BUDGET_MS", "1800".to_owned()),
        ("LEAD_OUTBOX_DIR", outbox.to_str().expect("UTF-8").to_owned()),
    ]);
    if let Some(port) = smtp_port {
        vars.insert("LEAD_SMTP_HOST", "127.0.0.1".into());
        vars.insert("LEAD_SMTP_PORT", port.to_string());
        vars.insert("LEAD_SMTP_TLS", "none".into());
    }
    vars.insert(
        "LEAD_WEBHOOK_URL",
        match &webhook {
            Some(recorder) => format!("{}/hooks/leads", recorder.url),
            None => format!("http://127.0.0.1:{}/hooks/leads", closed_port()),
        },
    );
    let mut config = Config::from_env(|name| vars.get(name).cloned()).expect("valid settings");
    config.catalogue = Arc::new(Catalogue::fixed(Vec::new()).expect("a catalogue"));
    let router = router(config);

    let (status, answer, took) = post(&router).await;
    assert_eq!(status, row.answer, "{}: {answer}", row.name);
    // Answered without waiting for a slow sink: before the slower sinks' own delays (5 and 10 s)
    // end. The budget is 3 s; the rest is margin for a loaded machine (4.5 s was once too little).
    assert!(took < Duration::from_millis(5000), "{}: took {took:?}", row.name);
    if let (Some(after), Some(recorder)) = (row.webhook_mends_after, &webhook) {
        tokio::time::sleep(after).await;
        recorder.set_status(200);
    }

    // Wait for the background delivery to settle: the expected copies, or 20 s.
    let settle = Instant::now() + Duration::from_secs(20);
    let counts = || {
        let smtp = smtp.as_ref().map_or(0, |s| s.messages().len());
        let webhook = webhook.as_ref().map_or(Vec::new(), Recorder::requests);
        (smtp, webhook)
    };
    while Instant::now() < settle {
        let (smtp_copies, requests) = counts();
        if smtp_copies >= row.smtp_copies && requests.len() >= row.webhook_taken {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // A moment more, so a duplicate would have time to arrive.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, requests) = counts();
    let keys: std::collections::BTreeSet<String> =
        requests.iter().filter_map(|r| r.header("idempotency-key").map(str::to_owned)).collect();
    let kept = outbox_ids(&outbox).len();
    let mails = smtp.as_ref().map_or(Vec::new(), SmtpServer::messages);
    let message_ids: std::collections::BTreeSet<String> =
        mails.iter().map(|m| m["headers"]["Message-ID"].as_str().unwrap_or_default().to_owned()).collect();
    let smtp_copies = message_ids.len();

    assert_eq!(
        smtp_copies, row.smtp_copies,
        "{}: SMTP messages (distinct Message-IDs): {message_ids:?}",
        row.name
    );
    if row.webhook_mends_after.is_none() {
        assert_eq!(
            keys.len(),
            row.webhook_taken,
            "{}: webhook leads (distinct Idempotency-Keys): {keys:?}",
            row.name
        );
    }
    assert!(keys.len() <= 1, "{}: one idempotency key for one lead: {keys:?}", row.name);
    if let Some(id) = answer["id"].as_str() {
        assert!(keys.iter().all(|k| k == id), "{}: the key is the lead's id", row.name);
        let own = format!("<{id}@");
        assert!(
            message_ids.iter().all(|m| m.starts_with(&own)),
            "{}: the Message-ID is the lead's id: {message_ids:?}",
            row.name
        );
    }
    let taken = usize::from(row.outbox_writable) + smtp_copies.min(1) + usize::from(row.webhook_taken > 0);
    assert_eq!(
        status == StatusCode::OK,
        taken > 0,
        "{}: a lead is a success exactly when a sink took it",
        row.name
    );
    format!(
        "{:<40} answer {} in {:>5} ms; outbox {kept}, smtp {smtp_copies} ({} sent), webhook {} request(s) ({} key)",
        row.name,
        status.as_u16(),
        took.as_millis(),
        mails.len(),
        requests.len(),
        keys.len()
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_fault_answers_the_truth_at_once_and_loses_no_lead() {
    let rows = vec![
        Row {
            name: "all sinks healthy",
            smtp: Some(Some(0.0)),
            webhook: Some((200, 0)),
            webhook_mends_after: None,
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 1,
            webhook_taken: 1,
        },
        Row {
            name: "SMTP answers 250 after 5 s",
            smtp: Some(Some(5.0)),
            webhook: Some((200, 0)),
            webhook_mends_after: None,
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 1,
            webhook_taken: 1,
        },
        Row {
            name: "webhook answers after 10 s",
            smtp: Some(Some(0.0)),
            webhook: Some((200, 10_000)),
            webhook_mends_after: None,
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 1,
            webhook_taken: 1,
        },
        Row {
            name: "SMTP down",
            smtp: Some(None),
            webhook: Some((200, 0)),
            webhook_mends_after: None,
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 0,
            webhook_taken: 1,
        },
        Row {
            name: "webhook down",
            smtp: Some(Some(0.0)),
            webhook: None,
            webhook_mends_after: None,
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 1,
            webhook_taken: 0,
        },
        Row {
            name: "webhook 500, then mends",
            smtp: None,
            webhook: Some((500, 0)),
            webhook_mends_after: Some(Duration::from_millis(200)),
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 0,
            webhook_taken: 1,
        },
        Row {
            name: "SMTP and webhook down, outbox takes it",
            smtp: Some(None),
            webhook: None,
            webhook_mends_after: None,
            outbox_writable: true,
            answer: StatusCode::OK,
            smtp_copies: 0,
            webhook_taken: 0,
        },
        Row {
            name: "outbox unwritable, the others take it",
            smtp: Some(Some(0.0)),
            webhook: Some((200, 0)),
            webhook_mends_after: None,
            outbox_writable: false,
            answer: StatusCode::OK,
            smtp_copies: 1,
            webhook_taken: 1,
        },
        Row {
            name: "everything down",
            smtp: Some(None),
            webhook: None,
            webhook_mends_after: None,
            outbox_writable: false,
            answer: StatusCode::SERVICE_UNAVAILABLE,
            smtp_copies: 0,
            webhook_taken: 0,
        },
    ];
    let mut set = tokio::task::JoinSet::new();
    for row in rows {
        set.spawn(run(row));
    }
    let mut lines = Vec::new();
    while let Some(line) = set.join_next().await {
        lines.push(line.unwrap_or_else(|e| std::panic::resume_unwind(e.into_panic())));
    }
    lines.sort();
    println!("{}", lines.join("\n"));
}
