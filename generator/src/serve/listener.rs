//! The local server's connection loop: the router on hyper's HTTP/1 connections with a
//! header-read timeout. `axum::serve` sets none, so an idle keep-alive connection or one that
//! trickles its headers (slowloris) stayed open for minutes; hyper arms this timeout whenever it
//! waits for a request's head, which covers both.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Request};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt as _;

/// How long a connection may take to send a request's head, or stay idle between requests.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// How long open connections get to finish when the server stops.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `app` on `listener` until `stop` turns true. Handlers see the peer's address as
/// `ConnectInfo<SocketAddr>` (the lead function counts submissions by it).
pub async fn serve_http1(
    listener: TcpListener,
    app: Router,
    header_timeout: Duration,
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
        let service = app.clone().map_request(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            request
        });
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
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

    async fn start(timeout: Duration) -> (SocketAddr, watch::Sender<bool>, tokio::task::JoinHandle<()>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let address = listener.local_addr().expect("an address");
        let app = Router::new().route(
            "/",
            get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.ip().to_string() }),
        );
        let (stop, stopping) = watch::channel(false);
        let server = tokio::spawn(async move {
            serve_http1(listener, app, timeout, stopping).await.expect("served");
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
}
