//! A listing's video tour: an https address on a video host the agency's pages may link to
//! (YouTube or Vimeo), so a visitor following it never lands anywhere else and the portals'
//! feed, which takes the same address, accepts it.

use std::path::Path;

use super::diag::Diagnostic;
use super::web_address;
use super::yaml::Pos;

/// The hosts a video tour may be on: YouTube's and Vimeo's own, with the `www.`, `m.` (a phone's)
/// and `player.` (an embed's) spellings their share buttons and address bars give.
pub const HOSTS: [&str; 9] = [
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "youtu.be",
    "www.youtu.be",
    "vimeo.com",
    "www.vimeo.com",
    "m.vimeo.com",
    "player.vimeo.com",
];

/// Whether `url` is a video tour the site publishes: an https address that browsers and other
/// programs read alike (`web_address::read`), on one of [`HOSTS`] with no port, with a path.
pub fn is_allowed(url: &str) -> bool {
    let url = url.trim();
    let Ok(read) = web_address::read(url) else { return false };
    let Some(host) = read.host_str().filter(|host| HOSTS.contains(host)) else { return false };
    let after_host = url.get(8..).and_then(|rest| rest.get(host.len()..)).unwrap_or("");
    read.scheme() == "https" && after_host.len() > 1 && after_host.starts_with('/')
}

/// An error at `pos` when the `videoTour` `url` is not an https YouTube or Vimeo address.
pub fn check(path: &Path, pos: Pos, url: &str) -> Option<Diagnostic> {
    if is_allowed(url) {
        return None;
    }
    Some(
        Diagnostic::error(path, pos, format!("`videoTour` must be the https:// address of a video on YouTube or Vimeo, not `{}`", url.trim()))
            .with_hint("copy the video's address from YouTube or Vimeo, e.g. https://www.youtube.com/watch?v=abc123 or https://vimeo.com/123456"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_youtube_and_vimeo_videos_pass() {
        for good in [
            "https://www.youtube.com/watch?v=abc123",
            "https://youtu.be/abc123",
            "HTTPS://VIMEO.COM/123456",
            "https://player.vimeo.com/video/123456",
            " https://m.youtube.com/watch?v=x ",
            "https://www.vimeo.com/123456",
            "https://m.vimeo.com/123456",
            "https://www.youtu.be/abc123",
        ] {
            assert!(is_allowed(good), "{good}");
        }
        for bad in [
            "http://www.youtube.com/watch?v=abc123",
            "https://www.youtube.com.evil.ae/watch",
            "https://youtube.com@evil.ae/watch",
            "https://evil.ae/youtube.com",
            "https://www.youtube.com",
            "https://www.youtube.com/",
            "javascript:alert(1)",
            "media/tour.mp4",
            "https://vimeo.com/1 2",
            "https://vimeo.com\\@evil.ae/1",
            "https://vimeo.com:8443/1",
            "https://player.youtu.be/x",
        ] {
            assert!(!is_allowed(bad), "{bad}");
        }
    }
}
