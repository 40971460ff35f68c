//! The function over real HTTP on 127.0.0.1, hosted as `estate serve` and the benchmark's
//! example host it: whatever a client sends to its paths, the answer is JSON.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use lead_fn::{Catalogue, Config, POST_ENDPOINTS, router};
use serde_json::Value;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// The function on a free port of 127.0.0.1, until the test ends.
async fn serve(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let address = listener.local_addr().expect("an address");
    let app = router(config).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, app).await.expect("served") });
    address
}

/// An answer: its status, its head (lower-case) and its body.
struct Answer {
    status: u16,
    head: String,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| line.strip_prefix(&format!("{name}: ")))
    }
}

/// Sends `METHOD PATH` with `headers` exactly as written and reads the answer to its end.
async fn send(address: SocketAddr, method: &str, path: &str, headers: &str) -> Answer {
    let mut stream = tokio::net::TcpStream::connect(address).await.expect("connected");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\n{headers}Content-Length: 0\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut bytes = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut bytes))
        .await
        .expect("answered in time")
        .expect("read");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").expect("a head");
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
    Answer { status, head: head.to_ascii_lowercase(), body: body.to_owned() }
}

#[tokio::test]
async fn other_methods_on_the_post_endpoints_are_a_json_405_with_allow() {
    let catalogue = Catalogue::fixed(Vec::new()).expect("empty");
    let address = serve(Config::new(Arc::new(catalogue))).await;
    for path in POST_ENDPOINTS {
        for method in ["GET", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let answer = send(address, method, path, "").await;
            let what = format!("{method} {path}: {}\n{}", answer.head, answer.body);
            assert_eq!(answer.status, 405, "{what}");
            assert_eq!(answer.header("allow"), Some("post"), "{what}");
            assert_eq!(answer.header("content-type"), Some("application/json"), "{what}");
            assert_eq!(answer.header("x-content-type-options"), Some("nosniff"), "{what}");
            let body: Value = serde_json::from_str(&answer.body).unwrap_or_else(|_| panic!("{what}"));
            // Each endpoint words it as it words its other refusals: the lead's envelope, the
            // search's bare {"error":...}, as the static API's.
            if path == "/api/contact-user" {
                assert_eq!(body["code"], "method_not_allowed", "{what}");
            } else {
                assert_eq!(body.as_object().map(|o| o.len()), Some(1), "{what}");
                assert_eq!(body["error"], "search with POST", "{what}");
            }
        }
    }
}
