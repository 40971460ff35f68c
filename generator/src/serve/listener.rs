//! The local server's connection loop: the router on hyper's HTTP/1 connections with read
//! timeouts ([`Timeouts`]). `axum::serve` sets none, so an idle keep-alive connection or one that
//! trickles its headers (slowloris) stayed open for minutes; hyper arms the head's timeout
//! whenever it waits for a request's head, which covers both. Hyper has none for a body: a
//! client that sent its head and part of a body, then nothing, kept its connection open while
//! a handler waited for the rest, so every request's body gets a deadline of its own
//! ([`lead_fn::http::with_deadline`], answered 408, and the connection closed).

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Request};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt as _;

/// How long a client may take to send what the server reads, unless told otherwise: a request's
/// head, the wait for the next request on a kept-alive connection, and a request's body.
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);

/// The read timeouts of a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// For a request's head, counted from when the server waits for it (after the previous
    /// answer on a kept-alive connection, too).
    pub head: Duration,
    /// For a request's body, counted from when the handler first reads it.
    pub body: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts { head: READ_TIMEOUT, body: READ_TIMEOUT }
    }
}

/// How long open connections get to finish when the server stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `app` on `listener` until `stop` turns true. Handlers see the peer's address as
/// `ConnectInfo<SocketAddr>` (the lead function counts submissions by it).
pub async fn serve_http1(
    listener: TcpListener,
    app: Router,
    timeouts: Timeouts,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let graceful = GracefulShutdown::new();
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors or a connection reset before accept: wait, go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = stop_requested(&mut stop) => break,
        };
        let _ = stream.set_nodelay(true);
        let service = app.clone().map_request(move |request: Request<Incoming>| {
            let mut request =
                request.map(|body| lead_fn::http::with_deadline(Body::new(body), timeouts.body));
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            request
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(timeouts.head)
            .serve_connection(
                TokioIo::new(super::too_long::LongLinkPage::new(stream)),
                TowerToHyperService::new(service),
            );
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A closed or timed-out connection is the client's business, not the server's.
            let _ = connection.await;
        });
    }
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, graceful.shutdown()).await;
    Ok(())
}

/// Resolves once `stop` is true (or its sender is gone).
async fn stop_requested(stop: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is not Send: dropped here, before any other await.
    let _ = stop.wait_for(|stop| *stop).await.is_ok();
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use axum::routing::get;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    async fn start(head: Duration) -> (SocketAddr, watch::Sender<bool>, tokio::task::JoinHandle<()>) {
        let app = Router::new().route(
            "/",
            get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.ip().to_string() }),
        );
        serve_on_loopback(app, Timeouts { head, ..Timeouts::default() }).await
    }

    async fn serve_on_loopback(
        app: Router,
        timeouts: Timeouts,
    ) -> (SocketAddr, watch::Sender<bool>, tokio::task::JoinHandle<()>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        let (stop, stopping) = watch::channel(false);
        let server = tokio::spawn(async move {
            serve_http1(listener, app, timeouts, stopping).await.expect("served");
        });
        (address, stop, server)
    }

    /// Reads until the server closes the connection; what it sent.
    async fn until_closed(stream: &mut tokio::net::TcpStream) -> String {
        let mut all = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut all)).await;
        assert!(read.is_ok(), "the server kept the connection open");
        String::from_utf8_lossy(&all).into_owned()
    }

    #[tokio::test]
    async fn idle_and_trickling_connections_are_closed_and_requests_are_answered() {
        let (address, stop, server) = start(Duration::from_millis(300)).await;

        // A request is answered, with the peer's address available to handlers.
        let mut client = tokio::net::TcpStream::connect(address).await.expect("connected");
        client.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").await.expect("sent");
        let answer = until_closed(&mut client).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.ends_with("127.0.0.1"), "{answer}");

        // A connection that never sends anything is closed.
        let started = Instant::now();
        let mut idle = tokio::net::TcpStream::connect(address).await.expect("connected");
        until_closed(&mut idle).await;
        eprintln!("idle connection closed after {:?}", started.elapsed());

        // Slowloris: one header byte every 100 ms never completes the head; closed all the same.
        let mut slow = tokio::net::TcpStream::connect(address).await.expect("connected");
        let trickle = async {
            for byte in b"GET / HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
                if slow.write_all(&[*byte]).await.is_err() {
                    return true;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            false
        };
        assert!(trickle.await, "the server let a trickling head go on for 9 s");

        // A keep-alive connection left idle after its answer is closed too.
        let mut kept = tokio::net::TcpStream::connect(address).await.expect("connected");
        kept.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await.expect("sent");
        let answer = until_closed(&mut kept).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

        stop.send(true).expect("stopping");
        tokio::time::timeout(Duration::from_secs(10), server).await.expect("stopped").expect("no panic");
    }

    #[tokio::test]
    async fn a_link_too_long_to_read_gets_a_page_that_says_so_and_others_are_served() {
        let (address, stop, server) = start(READ_TIMEOUT).await;
        // 69 KB of query string: over the request line hyper reads (64 KB).
        let head = format!("GET /?q={} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "a".repeat(69 * 1024));
        let answer = send_whole_then_read(address, &head, b"").await.expect("an answer");
        let (status, page) = answer.split_once("\r\n\r\n").expect("a head and a page");
        assert!(status.starts_with("HTTP/1.1 414 "), "{status}");
        assert!(status.contains("content-type: text/html"), "{status}");
        assert!(page.contains("<h1>This link is too long</h1>") && page.contains("href=\"/\""), "{page}");
        let ok = send_whole_then_read(address, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", b"")
            .await
            .expect("an answer");
        assert!(ok.starts_with("HTTP/1.1 200 ") && ok.ends_with("127.0.0.1"), "{ok}");
        stop.send(true).unwrap();
        server.await.unwrap();
    }

    #[tokio::test]
    async fn a_link_too_long_under_the_apis_is_answered_in_json() {
        let (address, stop, server) = start(READ_TIMEOUT).await;
        // A short request first on the same connection: the long line is the second.
        for path in ["/api/properties", "/_admin/api/listings"] {
            let head = format!(
                "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET {path}?q={} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                "a".repeat(69 * 1024)
            );
            let answer = send_whole_then_read(address, &head, b"").await.expect("an answer");
            let last = &answer[answer.rfind("HTTP/1.1 ").expect("an answer")..];
            let (status, body) = last.split_once("\r\n\r\n").expect("a head and a body");
            assert!(status.starts_with("HTTP/1.1 414 "), "{path}: {status}");
            assert!(status.contains("content-type: application/json"), "{path}: {status}");
            let body: serde_json::Value = serde_json::from_str(body).expect("JSON");
            assert!(body["error"].as_str().is_some_and(|e| e.contains("too long")), "{body}");
        }
        stop.send(true).unwrap();
        server.await.unwrap();
    }

    /// Connects with a small send buffer, so a body the server does not read cannot wait in
    /// the kernel's buffers instead.
    async fn connect_small(address: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.set_send_buffer_size(16 * 1024)?;
        socket.connect(address).await
    }

    /// Sends `head` and the whole of `body`, and only then reads the answer to its end, as
    /// Python's urllib does.
    async fn send_whole_then_read(address: SocketAddr, head: &str, body: &[u8]) -> std::io::Result<String> {
        let mut stream = connect_small(address).await?;
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body).await?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await?;
        Ok(String::from_utf8_lossy(&answer).into_owned())
    }

    /// The lead function as `estate serve` mounts it, on this connection loop: a refused body
    /// is read on (see `lead_fn::http`), so the client that writes it whole reads the refusal.
    #[tokio::test]
    async fn a_client_that_sends_a_whole_refused_body_before_reading_reads_the_413() {
        let catalogue = lead_fn::Catalogue::fixed(Vec::new()).expect("empty");
        let function = lead_fn::router(lead_fn::Config::new(std::sync::Arc::new(catalogue)));
        let (address, stop, server) =
            serve_on_loopback(function.layer(super::super::compression::layer()), Timeouts::default()).await;
        let megabyte = vec![b' '; 1 << 20];
        let chunked = [format!("{:x}\r\n", megabyte.len()).as_bytes(), &megabyte, b"\r\n0\r\n\r\n"].concat();
        let cases = [
            ("/api/search-properties", "application/json", "the search is too large (16 KB at most)"),
            ("/api/contact-user", "application/json", r#""code":"too_large""#),
            ("/api/contact-user", "application/x-www-form-urlencoded", "<form method=\"post\""),
        ];
        for (path, content_type, said) in cases {
            for (framing, body) in [
                (format!("Content-Length: {}", megabyte.len()), &megabyte),
                ("Transfer-Encoding: chunked".into(), &chunked),
            ] {
                let head = format!(
                    "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n{framing}\r\nConnection: close\r\n\r\n"
                );
                let sent =
                    tokio::time::timeout(Duration::from_secs(5), send_whole_then_read(address, &head, body));
                let answer = sent.await.expect("answered in time");
                let answer = answer.unwrap_or_else(|error| panic!("{path}, {framing}: {error}"));
                assert!(answer.starts_with("HTTP/1.1 413"), "{path}, {framing}: {answer}");
                assert!(answer.contains(said), "{path}, {framing}: {answer}");
            }
        }

        // A body far past the limit is not read to its end: the connection is closed under the
        // client (whose writes then fail) instead of being read on and on; declared so, at once,
        // sent without a length, after the drain's few megabytes (well before its 5 s).
        for framing in ["Content-Length: 1073741824", "Transfer-Encoding: chunked"] {
            let mut client = connect_small(address).await.expect("connected");
            let head = format!(
                "POST /api/search-properties HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{framing}\r\n\r\n"
            );
            client.write_all(head.as_bytes()).await.expect("sent");
            let chunk = [b"10000\r\n".as_slice(), &[b' '; 0x10000], b"\r\n"].concat();
            let endless = async {
                loop {
                    client.write_all(&chunk).await?;
                }
            };
            let ended: Result<std::io::Result<()>, _> =
                tokio::time::timeout(Duration::from_secs(3), endless).await;
            assert!(ended.is_ok_and(|written| written.is_err()), "{framing}: the server read on for 3 s");
        }

        stop.send(true).expect("stopping");
        tokio::time::timeout(Duration::from_secs(10), server).await.expect("stopped").expect("no panic");
    }

    /// Connections that sent their head and part of a body, then nothing: each is answered
    /// 408 and closed once the body's time is up (the head's timeout no longer applies then).
    #[tokio::test]
    async fn a_body_that_stalls_is_timed_out_and_its_connection_closed() {
        let catalogue = lead_fn::Catalogue::fixed(Vec::new()).expect("empty");
        let function = lead_fn::router(lead_fn::Config::new(std::sync::Arc::new(catalogue)));
        let body = Duration::from_secs(2);
        let (address, stop, server) =
            serve_on_loopback(function, Timeouts { body, ..Timeouts::default() }).await;
        let cases = [
            ("/api/contact-user", "application/json", "Content-Length: 16000", r#""code":"timeout""#),
            ("/api/contact-user", "application/json", "Transfer-Encoding: chunked", r#""code":"timeout""#),
            ("/api/search-properties", "application/json", "Content-Length: 16000", r#"{"error":"#),
            ("/api/contact-user", "application/x-www-form-urlencoded", "Content-Length: 16000", "<form"),
        ];
        let started = Instant::now();
        let mut stalled = Vec::new();
        for _ in 0..5 {
            for (path, content_type, framing, said) in cases {
                let mut client = tokio::net::TcpStream::connect(address).await.expect("connected");
                let head = format!(
                    "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {content_type}\r\n{framing}\r\n\r\n"
                );
                let part: &[u8] =
                    if framing.contains("chunked") { b"9\r\n{\"name\":\"" } else { b"{\"name\":\"" };
                client.write_all(&[head.as_bytes(), part].concat()).await.expect("sent");
                stalled.push((client, path, framing, said));
            }
        }
        for (mut client, path, framing, said) in stalled {
            let mut answer = Vec::new();
            let read = tokio::time::timeout(Duration::from_secs(10), client.read_to_end(&mut answer)).await;
            assert!(read.is_ok(), "{path}, {framing}: still open after {:?}", started.elapsed());
            let answer = String::from_utf8_lossy(&answer);
            assert!(answer.starts_with("HTTP/1.1 408"), "{path}, {framing}: {answer}");
            assert!(answer.contains(said), "{path}, {framing}: {answer}");
        }
        // The head's timeout is the default 30 s: what closed them is the body's 2 s.
        let took = started.elapsed();
        assert!(took >= body && took < Duration::from_secs(10), "{took:?}");
        eprintln!("20 stalled bodies answered 408 and closed after {took:?}");

        stop.send(true).expect("stopping");
        tokio::time::timeout(Duration::from_secs(10), server).await.expect("stopped").expect("no panic");
    }
}
