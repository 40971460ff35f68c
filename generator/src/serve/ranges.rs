//! Byte ranges (RFC 9110's range requests), as Netlify's CDN answers them: the map reads its PMTiles
//! basemap a few kilobytes at a time (`Range: bytes=0-16383`), never the whole file.
//!
//! One range per request is served; a request for several (`bytes=0-9,20-29`), which no part
//! of the site makes, gets the whole file, as the RFC allows.

use std::ops::Range;

/// What a `Range` header asks of a file of `len` bytes.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Wanted {
    /// The whole file: no header, a unit other than bytes, several ranges, or a malformed one.
    Whole,
    /// These bytes (answered with 206 Partial Content).
    Part(Range<usize>),
    /// A range that starts beyond the end (answered with 416).
    Unsatisfiable,
}

pub(super) fn wanted(header: Option<&str>, len: usize) -> Wanted {
    let Some(spec) = header.and_then(|h| h.trim().strip_prefix("bytes=")) else { return Wanted::Whole };
    if spec.contains(',') {
        return Wanted::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else { return Wanted::Whole };
    let number = |text: &str| text.trim().parse::<usize>().ok();
    match (first.trim().is_empty(), number(first), number(last)) {
        // `bytes=-500`: the last 500 bytes.
        (true, _, Some(suffix)) if suffix > 0 => {
            if len == 0 {
                return Wanted::Unsatisfiable;
            }
            Wanted::Part(len.saturating_sub(suffix)..len)
        }
        (false, Some(start), end) if last.trim().is_empty() || end.is_some_and(|end| end >= start) => {
            if start >= len {
                return Wanted::Unsatisfiable;
            }
            let end = end.map_or(len, |end| end.saturating_add(1).min(len));
            Wanted::Part(start..end)
        }
        _ => Wanted::Whole,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_as_the_rfc_reads_them() {
        assert_eq!(wanted(None, 100), Wanted::Whole);
        assert_eq!(wanted(Some("bytes=0-9"), 100), Wanted::Part(0..10));
        assert_eq!(wanted(Some("bytes=90-"), 100), Wanted::Part(90..100));
        assert_eq!(
            wanted(Some("bytes=90-1000"), 100),
            Wanted::Part(90..100),
            "an end beyond the file stops at it"
        );
        assert_eq!(wanted(Some("bytes=-10"), 100), Wanted::Part(90..100));
        assert_eq!(wanted(Some("bytes=-1000"), 100), Wanted::Part(0..100));
        assert_eq!(wanted(Some("bytes=100-"), 100), Wanted::Unsatisfiable);
        assert_eq!(wanted(Some("bytes=-5"), 0), Wanted::Unsatisfiable);
        for whole in ["items=0-9", "bytes=0-9,20-29", "bytes=9-0", "bytes=a-b", "bytes=", "bytes=-0"] {
            assert_eq!(wanted(Some(whole), 100), Wanted::Whole, "{whole}");
        }
    }
}
