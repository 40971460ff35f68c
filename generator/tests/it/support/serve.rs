//! `estate serve` run for a test: started on a free port of 127.0.0.1, its output kept, killed
//! when dropped; and the HTTP clients the tests talk to it with (ureq, and raw requests written
//! byte for byte over TCP).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::estate_command;

/// A running `estate serve`, killed when dropped.
pub struct Server {
    pub child: Child,
    pub url: String,
    /// Everything it printed on stdout and stderr.
    output: Arc<Mutex<String>>,
}

impl Server {
    /// Starts `estate serve --port 0 ARGS` in `dir` and waits for its address.
    pub fn start(dir: &Path, args: &[&str]) -> Server {
        let mut child = estate_command(dir)
            .args(["serve", "--port", "0"])
            .args(args)
            // After each rebuild, the copies are compared whole: a file the rebuild did not
            // report is printed (and fails the tests that read the log).
            .env("ESTATE_SERVE_CHECK_SYNC", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let output = Arc::new(Mutex::new(String::new()));
        for stream in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let output = Arc::clone(&output);
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    let mut output = output.lock().unwrap();
                    output.push_str(&line);
                    output.push('\n');
                }
            });
        }
        let mut server = Server { child, url: String::new(), output };
        let log = server.wait_for_output("the server's address", Duration::from_secs(120), |log| {
            log.contains("(Ctrl-C to stop)")
        });
        let line = log.lines().find(|l| l.starts_with("estate serve: http://127.0.0.1:")).unwrap();
        let url = line.trim_start_matches("estate serve: ").trim_end_matches(" (Ctrl-C to stop)");
        assert!(url.ends_with('/'), "{line}");
        server.url = url.trim_end_matches('/').to_owned();
        server
    }

    pub fn log(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// Waits until the output satisfies `done`; panics with the output after `limit`.
    pub fn wait_for_output(&mut self, what: &str, limit: Duration, done: impl Fn(&str) -> bool) -> String {
        let started = Instant::now();
        loop {
            let log = self.log();
            if done(&log) {
                return log;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                // Let the reader threads catch the last lines.
                std::thread::sleep(Duration::from_millis(100));
                panic!("estate serve exited ({status}) before {what}:\n{}", self.log());
            }
            assert!(started.elapsed() < limit, "no {what} after {limit:?}:\n{log}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn get(&self, path: &str) -> Reply {
        Reply::from(agent().get(format!("{}{path}", self.url)).call().unwrap())
    }

    pub fn address(&self) -> &str {
        self.url.trim_start_matches("http://")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into()
}

pub struct Reply {
    pub status: u16,
    pub headers: ureq::http::HeaderMap,
    pub body: Vec<u8>,
}

impl From<ureq::http::Response<ureq::Body>> for Reply {
    fn from(mut response: ureq::http::Response<ureq::Body>) -> Reply {
        let body = response.body_mut().with_config().limit(50 << 20).read_to_vec().unwrap();
        Reply { status: response.status().as_u16(), headers: response.headers().clone(), body }
    }
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends a request exactly as written (no client normalising its path); returns the status,
/// the head and the body.
pub fn raw(address: &str, method: &str, path: &str) -> (u16, String, Vec<u8>) {
    raw_request(address, &format!("{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"))
}

/// Sends `request` (its head and body) byte for byte, and reads the answer to its end; returns
/// the status, the head and the body.
pub fn raw_request(address: &str, request: &str) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(address).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut bytes = Vec::new();
    stream.read_to_end(&mut bytes).unwrap();
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n").expect("a complete head");
    let head = String::from_utf8_lossy(&bytes[..split]).into_owned();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
    (status, head, bytes[split + 4..].to_vec())
}
