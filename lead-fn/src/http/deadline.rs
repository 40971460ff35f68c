//! A time limit on reading a request's body, for a host that reads requests from connections
//! (`estate serve`; Lambda hands the function whole bodies). Hyper's header-read timeout ends
//! with the head: a client that sent its head and part of a body, then nothing, kept its
//! connection (and the task reading it) open for as long as it liked. A body given a deadline
//! ([`with_deadline`]) fails with [`BodyTimedOut`] once the time has passed since it was first
//! read, however the bytes trickled in; the endpoints answer that 408
//! ([`super::BodyError::TimedOut`]), and hyper closes a connection whose body was not read to
//! its end.

use std::future::Future as _;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::BoxError;
use axum::body::{Body, Bytes};
use http_body::{Frame, SizeHint};
use tokio::time::Sleep;

/// `body`, failing with [`BodyTimedOut`] when it is not read to its end within `limit` of the
/// first read. Needs a Tokio runtime with its timer.
pub fn with_deadline(body: Body, limit: Duration) -> Body {
    Body::new(Deadline { inner: body, limit, timer: None })
}

/// Why a body given a deadline ([`with_deadline`]) was not read to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyTimedOut(pub Duration);

impl std::fmt::Display for BodyTimedOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the request's body did not arrive within {:?}", self.0)
    }
}

impl std::error::Error for BodyTimedOut {}

/// Whether a body's read `error` is its deadline's ([`BodyTimedOut`]), however wrapped.
pub(super) fn timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    std::iter::successors(Some(error), |e| e.source()).any(|e| e.is::<BodyTimedOut>())
}

struct Deadline {
    inner: Body,
    limit: Duration,
    /// Started by the first read.
    timer: Option<Pin<Box<Sleep>>>,
}

impl http_body::Body for Deadline {
    type Data = Bytes;
    type Error = BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BoxError>>> {
        let this = &mut *self;
        let limit = this.limit;
        let timer = this.timer.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        // What has arrived is read, late or not; a read that has to wait is the one timed out.
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|frame| frame.map_err(BoxError::from)));
        }
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(Box::new(BodyTimedOut(limit))))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::time::Instant;

    use http_body_util::BodyExt as _;

    use super::*;

    /// A body of `chunks` bytes, then nothing, ever (a client that stopped sending).
    struct Stalls(Vec<&'static [u8]>);

    impl http_body::Body for Stalls {
        type Data = Bytes;
        type Error = Infallible;

        fn poll_frame(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
            match self.0.pop() {
                Some(chunk) => Poll::Ready(Some(Ok(Frame::data(Bytes::from_static(chunk))))),
                None => Poll::Pending,
            }
        }
    }

    #[tokio::test]
    async fn a_body_that_stalls_fails_at_its_deadline_and_a_whole_one_is_read() {
        let limit = Duration::from_millis(200);
        let mut body = with_deadline(Body::new(Stalls(vec![b"\"", b"{"])), limit);
        let started = Instant::now();
        assert_eq!(
            body.frame().await.expect("a frame").expect("data").into_data().ok().as_deref(),
            Some(&b"{"[..])
        );
        assert_eq!(
            body.frame().await.expect("a frame").expect("data").into_data().ok().as_deref(),
            Some(&b"\""[..])
        );
        let error = body.frame().await.expect("an answer").expect_err("timed out");
        let took = started.elapsed();
        assert!(took >= limit && took < Duration::from_secs(5), "{took:?}");
        assert!(timed_out(&*error.into_inner()), "a timeout");

        let whole = with_deadline(Body::from("{}"), limit).collect().await.expect("read").to_bytes();
        assert_eq!(&whole[..], b"{}");
    }
}
