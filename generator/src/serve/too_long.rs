//! A page for a link too long to read. hyper refuses a request line over the `http` crate's
//! limit (64 KB) itself, before any router runs, with a bare `414` and no body: the visitor saw a
//! blank page. [`LongLinkPage`] wraps a connection's stream and, when hyper writes that bare
//! answer, writes a page saying so instead (in the three languages: the request's language is
//! unknown, its line was never read). Under the JSON APIs (`/api/...`, `/_admin/api/...`),
//! whose every other answer is JSON, it writes the APIs' `{"error":...}` instead: the start of the
//! line too long (the first [`KEPT`] bytes of the first line over [`LONG`] read since the last
//! answer, or of the line being read) names the path.
//! Every other byte passes through unchanged.

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

/// The JSON APIs' answer to a link too long to read.
const JSON: &str = "{\"error\":\"the address is too long: over 64 KB\"}";

/// How many bytes of the start of the latest line read are kept: enough for a method and an
/// absolute-form target's scheme and host before its path.
const KEPT: usize = 300;

/// A line longer than this may be the one hyper refuses (its limit is 64 KB).
const LONG: usize = 16 * 1024;

/// A connection's stream whose bare `414` answers from hyper are replaced by [`PAGE`] (or
/// [`JSON`] under the APIs).
pub struct LongLinkPage<S> {
    inner: S,
    /// The first bytes of the line being read, and its length so far.
    line: (Vec<u8>, usize),
    /// The first bytes of the first line over [`LONG`] read since the last answer: the request
    /// line hyper refuses, when it answers 414.
    long_line: Option<Vec<u8>>,
    /// The page's answer still to write, and how many of the bytes hyper gave it stands for.
    pending: Option<(Vec<u8>, usize)>,
    /// Whether the page was written: once a connection (hyper closes it after a 414).
    replaced: bool,
}

impl<S> LongLinkPage<S> {
    pub fn new(inner: S) -> LongLinkPage<S> {
        LongLinkPage { inner, line: (Vec::new(), 0), long_line: None, pending: None, replaced: false }
    }

    /// Notes the bytes `read`: the start of the line being read, and of the first long one.
    fn note(&mut self, mut read: &[u8]) {
        loop {
            let end = memchr::memchr(b'\n', read);
            let part = &read[..end.unwrap_or(read.len())];
            let (start, length) = &mut self.line;
            start.extend_from_slice(&part[..part.len().min(KEPT.saturating_sub(start.len()))]);
            *length += part.len();
            let Some(end) = end else { return };
            if *length > LONG && self.long_line.is_none() {
                self.long_line = Some(std::mem::take(start));
            }
            self.line = (Vec::new(), 0);
            read = &read[end + 1..];
        }
    }

    /// The start of the line hyper found too long.
    fn too_long(&self) -> &[u8] {
        match &self.long_line {
            Some(line) if self.line.1 <= LONG => line,
            _ => &self.line.0,
        }
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

/// Whether the request line starting `line` asks for a path under the JSON APIs (in origin
/// form, `GET /api/...`, or absolute form, `GET http://host/api/...`).
fn under_api(line: &[u8]) -> bool {
    let Some(space) = line.iter().position(|&b| b == b' ') else { return false };
    let mut target = &line[space + 1..];
    if let Some(scheme_end) = target.windows(3).position(|w| w == b"://") {
        let after = &target[scheme_end + 3..];
        target = &after[after.iter().position(|&b| b == b'/').unwrap_or(after.len())..];
    }
    let lower = target.to_ascii_lowercase();
    ["/api/", "/api?", "/_admin/api/", "/_admin/api?"]
        .iter()
        .any(|prefix| lower.starts_with(prefix.as_bytes()))
}

fn answer(api: bool) -> Vec<u8> {
    let (content_type, body) =
        if api { ("application/json", JSON) } else { ("text/html; charset=utf-8", PAGE) };
    format!(
        "HTTP/1.1 414 URI Too Long\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\n\
         x-content-type-options: nosniff\r\ncontent-security-policy: default-src 'none'\r\n\
         connection: close\r\n\r\n{body}",
        body.len()
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
        let before = buf.filled().len();
        let read = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read {
            self.note(&buf.filled()[before..]);
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for LongLinkPage<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if !self.replaced && is_bare_414(buf) {
            self.replaced = true;
            let api = under_api(self.too_long());
            self.pending = Some((answer(api), buf.len()));
        }
        if self.pending.is_none() {
            // An answer: the next line too long is the next request's.
            self.long_line = None;
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
        let page = String::from_utf8(answer(false)).unwrap();
        let (head, body) = page.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        assert!(body.contains("This link is too long"));
        let json = String::from_utf8(answer(true)).unwrap();
        let (head, body) = json.split_once("\r\n\r\n").unwrap();
        assert!(head.contains("content-type: application/json"), "{head}");
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(body["error"].as_str().is_some_and(|e| e.contains("too long")), "{body}");
    }

    #[test]
    fn the_apis_paths_are_known_by_the_start_of_the_line() {
        for api in [
            "GET /api/properties?q=aaa",
            "POST /_admin/api/save?x",
            "GET /API/x",
            "GET http://127.0.0.1:8080/api/search?q=a",
            "GET /api?q=1",
        ] {
            assert!(under_api(api.as_bytes()), "{api}");
        }
        for page in ["GET /?q=aaa", "GET /apis/x", "GET /property/api/x", "GET http://api/x", "GET"] {
            assert!(!under_api(page.as_bytes()), "{page}");
        }
    }
}
