//! Real parts for the delivery tests, all on 127.0.0.1: an SMTP server (Python's aiosmtpd,
//! `smtp_server.py` beside this file) and an HTTP server that records what it is sent.

#![allow(dead_code)]

pub mod dynamodb;

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Request, StatusCode, Uri};
use serde_json::Value;
use tower::ServiceExt as _;

pub fn python() -> String {
    std::env::var("LEAD_TEST_PYTHON").unwrap_or_else(|_| "python3".into())
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/support/smtp_server.py")
}

/// A running aiosmtpd server, stopped when dropped.
pub struct SmtpServer {
    child: Child,
    pub port: u16,
    pub dir: tempfile::TempDir,
}

impl SmtpServer {
    /// Starts the server with `args` (see `smtp_server.py`) and waits for its port.
    pub fn start(args: &[&str]) -> SmtpServer {
        let dir = tempfile::tempdir().expect("a temp dir");
        let mut child = Command::new(python())
            .arg(script())
            .arg("--dir")
            .arg(dir.path())
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python3 runs");
        let stdout = child.stdout.take().expect("a pipe");
        let stderr = child.stderr.take().expect("a pipe");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(port) = line.strip_prefix("PORT ") {
                    let _ = tx.send(port.trim().parse::<u16>().ok());
                }
            }
        });
        let port = match rx.recv_timeout(Duration::from_secs(20)) {
            Ok(Some(port)) => port,
            _ => {
                let _ = child.kill();
                let mut text = String::new();
                let _ = std::io::Read::read_to_string(&mut BufReader::new(stderr), &mut text);
                panic!(
                    "the test SMTP server did not start (it needs Python's aiosmtpd: \
                     `python3 -m pip install aiosmtpd`, which ./scripts/test.sh does):\n{text}"
                );
            }
        };
        SmtpServer { child, port, dir }
    }

    /// What it received, oldest first: the envelope, the login and the parsed message.
    pub fn messages(&self) -> Vec<Value> {
        let mut found: Vec<(u32, Value)> = std::fs::read_dir(self.dir.path())
            .expect("the mailbox")
            .filter_map(|e| {
                let path = e.ok()?.path();
                let n = path.file_name()?.to_str()?.strip_suffix(".json")?.parse().ok()?;
                Some((n, serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?))
            })
            .collect();
        found.sort_by_key(|(n, _)| *n);
        found.into_iter().map(|(_, message)| message).collect()
    }
}

impl Drop for SmtpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An `.eml` file as Python's email package reads it (the same parse as the mailbox's).
pub fn parse_eml(path: &Path) -> Value {
    let output =
        Command::new(python()).arg(script()).arg("--parse").arg(path).output().expect("python3 runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// A port nothing listens on.
pub fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    listener.local_addr().expect("an address").port()
}

#[derive(Debug, Clone)]
pub struct Recorded {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
    pub at: Instant,
}

impl Recorded {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// An HTTP server that records every request and answers each with the status it is set to.
pub struct Recorder {
    pub url: String,
    pub requests: Arc<Mutex<Vec<Recorded>>>,
    status: Arc<AtomicU16>,
    delay_ms: Arc<std::sync::atomic::AtomicU64>,
}

impl Recorder {
    pub async fn start(status: u16) -> Recorder {
        let requests = Arc::new(Mutex::new(Vec::new()));
        let status = Arc::new(AtomicU16::new(status));
        let delay_ms = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let (log, answer, delay) = (requests.clone(), status.clone(), delay_ms.clone());
        let app = Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: Bytes| {
            let (log, answer, delay) = (log.clone(), answer.clone(), delay.clone());
            async move {
                log.lock().expect("the log").push(Recorded {
                    path: uri.path().to_owned(),
                    headers,
                    body: body.to_vec(),
                    at: Instant::now(),
                });
                // A slow receiver: it has the request, and answers later.
                tokio::time::sleep(Duration::from_millis(delay.load(Ordering::SeqCst))).await;
                let status = StatusCode::from_u16(answer.load(Ordering::SeqCst)).expect("a status");
                (status, [("content-type", "application/json")], r#"{"ErrorCode":0,"Message":"OK","id":"x"}"#)
            }
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let url = format!("http://{}", listener.local_addr().expect("an address"));
        tokio::spawn(async move { axum::serve(listener, app).await });
        Recorder { url, requests, status, delay_ms }
    }

    /// Answers every request only after `ms` milliseconds.
    pub fn set_delay(&self, ms: u64) {
        self.delay_ms.store(ms, Ordering::SeqCst);
    }

    pub fn set_status(&self, status: u16) {
        self.status.store(status, Ordering::SeqCst);
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.requests.lock().expect("the log").clone()
    }
}

/// Posts a lead as JSON to `/api/contact-user`; the status, the answer and how long it took.
pub async fn post_lead(router: &Router, body: &Value) -> (StatusCode, Value, Duration) {
    let request = Request::post("/api/contact-user")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let started = Instant::now();
    let response = router.clone().oneshot(request).await.expect("an answer");
    let took = started.elapsed();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.expect("a body");
    (status, serde_json::from_slice(&bytes).expect("JSON"), took)
}

/// The ids of the leads in an outbox folder (none when it does not exist).
pub fn outbox_ids(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries.filter_map(|e| e.ok()?.file_name().to_str()?.strip_suffix(".json").map(str::to_owned)).collect()
}
