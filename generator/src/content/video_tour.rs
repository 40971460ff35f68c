//! A listing's video tour: an https address on a video host the agency's pages may link to
//! (YouTube or Vimeo), so a visitor following it never lands anywhere else and the portals'
//! feed, which takes the same address, accepts it.

use std::path::Path;

use super::diag::Diagnostic;
use super::yaml::Pos;

/// The hosts a video tour may be on.
pub const HOSTS: [&str; 6] =
    ["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "vimeo.com", "player.vimeo.com"];

/// The host of an `https://` address, lower-cased, or `None` for another scheme.
fn https_host(url: &str) -> Option<String> {
    let rest = url.get(..8).filter(|s| s.eq_ignore_ascii_case("https://")).map(|_| &url[8..])?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    // A user name (`https://youtube.com@elsewhere/`) would hide the real host.
    if authority.contains('@') {
        return None;
    }
    let host = authority.split(':').next().unwrap_or("").to_ascii_lowercase();
    (!host.is_empty()).then_some(host)
}

/// Whether `url` is a video tour the site publishes: https, on one of [`HOSTS`], with a path.
pub fn is_allowed(url: &str) -> bool {
    let url = url.trim();
    let has_path = url.splitn(4, '/').nth(3).is_some_and(|path| !path.is_empty());
    !url.chars().any(char::is_whitespace)
        && has_path
        && https_host(url).is_some_and(|host| HOSTS.contains(&host.as_str()))
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
        ] {
            assert!(!is_allowed(bad), "{bad}");
        }
    }
}
