//! A page for a link too long to read. hyper refuses a request line over the `http` crate's
//! limit (64 KB) itself, before any router runs, with a bare `414` and no body: the visitor saw a
//! blank page. [`LongLinkPage`] wraps a connection's stream and, when hyper writes that bare
//! answer, writes a page saying so instead (in the three languages: the request's language is
//! unknown, its line was never read). Every other byte passes through unchanged.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// What a visitor reads for a link too long to open.
const PAGE: &str = "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>This link is too long</title></head><body>\
<h1>This link is too long</h1>\
<p>The address has more text than a page can take, perhaps from pasting it twice. \
<a href=\"/\">Go to the home page</a> and search again.</p>\
<p lang=\"ar\" dir=\"rtl\">هذا الرابط طويل جدًا. <a href=\"/ar/\">انتقل إلى الصفحة الرئيسية</a> وابحث مرة أخرى.</p>\
<p lang=\"ru\">Эта ссылка слишком длинная. <a href=\"/ru/\">Перейдите на главную страницу</a> и повторите поиск.</p>\
</body></html>\n";

/// A connection's stream whose bare `414` answers from hyper are replaced by [`PAGE`].
pub struct LongLinkPage<S> {
    inner: S,
    /// The page's answer still to write, and how many of the bytes hyper gave it stands for.
    pending: Option<(Vec<u8>, usize)>,
    /// Whether the page was written: once a connection (hyper closes it after a 414).
    replaced: bool,
}

impl<S> LongLinkPage<S> {
    pub fn new(inner: S) -> LongLinkPage<S> {
        LongLinkPage { inner, pending: None, replaced: false }
    }
}

/// hyper's own answer to a request line too long: status 414 with an empty body. Every write of
/// every answer is asked, a file's body in pieces of up to some MB: only a write that starts as
/// that status line is looked through (looking through every piece for the end of a head was a
/// fifth of `estate serve`'s CPU time, by `perf`, while it served the 35 MB list of listings, the
/// 27 MB portal feed and the sitemap after each edit).
fn is_bare_414(buf: &[u8]) -> bool {
    const STATUS: &[u8] = b"http/1.1 414 ";
    if !buf.get(..STATUS.len()).is_some_and(|start| start.eq_ignore_ascii_case(STATUS)) {
        return false;
    }
    let Some(head_end) = buf.windows(4).position(|w| w == b"\r\n\r\n") else { return false };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    head.contains("\r\ncontent-length: 0") && buf.len() == head_end + 4
}

fn answer() -> Vec<u8> {
    format!(
        "HTTP/1.1 414 URI Too Long\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\n\
         x-content-type-options: nosniff\r\ncontent-security-policy: default-src 'none'\r\n\
         connection: close\r\n\r\n{PAGE}",
        PAGE.len()
    )
    .into_bytes()
}

impl<S: AsyncWrite + Unpin> LongLinkPage<S> {
    /// Writes what is pending; ready once nothing is.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<Option<usize>>> {
        while let Some((bytes, stands_for)) = &mut self.pending {
            if bytes.is_empty() {
                let consumed = *stands_for;
                self.pending = None;
                return Poll::Ready(Ok(Some(consumed)));
            }
            match Pin::new(&mut self.inner).poll_write(cx, bytes) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    bytes.drain(..n);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(None))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for LongLinkPage<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for LongLinkPage<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if !self.replaced && is_bare_414(buf) {
            self.replaced = true;
            self.pending = Some((answer(), buf.len()));
        }
        if self.pending.is_some() {
            // hyper calls again with the same bytes until they are taken: they are once the page is.
            return match self.drain(cx) {
                Poll::Ready(Ok(Some(consumed))) => Poll::Ready(Ok(consumed)),
                Poll::Ready(Ok(None)) => Poll::Ready(Ok(buf.len())),
                Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
                Poll::Pending => Poll::Pending,
            };
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.drain(cx) {
            Poll::Ready(Ok(_)) => Pin::new(&mut self.inner).poll_flush(cx),
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => Poll::Pending,
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match self.as_mut().poll_flush(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut self.inner).poll_shutdown(cx),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_bare_414_is_replaced() {
        assert!(is_bare_414(b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n"));
        assert!(!is_bare_414(b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 5\r\n\r\nhello"));
        assert!(!is_bare_414(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"));
        // A body that holds such an answer further on is a body.
        assert!(!is_bare_414(b"<pre>\r\nHTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\n\r\n"));
        let answer = String::from_utf8(answer()).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        assert!(body.contains("This link is too long"));
    }
}
