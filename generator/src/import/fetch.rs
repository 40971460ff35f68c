//! Downloads for `estate import`: the feed from a URL and the listings' photos, with ureq (rustls
//! only), a timeout, a size limit, and the photo's content type and first bytes checked.

use std::time::Duration;

use ureq::Agent;

/// The largest feed read (a 5,000-listing feed is about 15 MB).
pub const MAX_FEED_BYTES: u64 = 200 * 1024 * 1024;
/// The largest photo kept (portals ask for about 1 MB; originals may be larger).
pub const MAX_PHOTO_BYTES: u64 = 10 * 1024 * 1024;

/// One client for every download: each request has 60 s in all, 10 s to connect.
pub fn agent() -> Agent {
    Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(60)))
        .timeout_connect(Some(Duration::from_secs(10)))
        .http_status_as_error(false)
        .user_agent(concat!("estate/", env!("CARGO_PKG_VERSION"), " (portal feed import)"))
        .build()
        .into()
}

/// GETs `url`: its body (at most `limit` bytes) and content type.
fn get(agent: &Agent, url: &str, limit: u64) -> Result<(Vec<u8>, String), String> {
    if !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(format!("`{url}` is not an http(s) address"));
    }
    let mut response = agent.get(url).call().map_err(|e| format!("cannot download {url}: {e}"))?;
    let status = response.status();
    if !status.is_success() {
        return Err(format!("cannot download {url}: the server answered {status}"));
    }
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    let body = response.body_mut().with_config().limit(limit).read_to_vec().map_err(|e| match e {
        ureq::Error::BodyExceedsLimit(_) => format!("{url} is larger than {} MB", limit / 1024 / 1024),
        e => format!("cannot download {url}: {e}"),
    })?;
    Ok((body, content_type))
}

/// The feed at `url`.
pub fn feed(agent: &Agent, url: &str) -> Result<Vec<u8>, String> {
    let (body, content_type) = get(agent, url, MAX_FEED_BYTES)?;
    if !(content_type.is_empty() || content_type.contains("xml") || content_type.starts_with("text/")) {
        return Err(format!("{url} is `{content_type}`, not an XML feed"));
    }
    Ok(body)
}

/// The image type of `bytes` by their first bytes: its file extension.
pub fn image_extension(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("jpg")
    } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("png")
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("webp")
    } else {
        None
    }
}

/// A photo: its bytes and file extension, when it is a JPEG, PNG or WebP image of at most
/// [`MAX_PHOTO_BYTES`].
pub fn photo(agent: &Agent, url: &str) -> Result<(Vec<u8>, &'static str), String> {
    let (body, content_type) = get(agent, url, MAX_PHOTO_BYTES)?;
    if !matches!(content_type.as_str(), "image/jpeg" | "image/png" | "image/webp") {
        return Err(format!("{url} is `{content_type}`, not a JPEG, PNG or WebP image"));
    }
    let extension = image_extension(&body)
        .ok_or_else(|| format!("{url} says it is {content_type}, but its bytes are not an image"))?;
    Ok((body, extension))
}

#[cfg(test)]
mod tests {
    use super::image_extension;

    #[test]
    fn images_are_known_by_their_first_bytes() {
        assert_eq!(image_extension(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some("jpg"));
        assert_eq!(image_extension(b"\x89PNG\r\n\x1a\n...."), Some("png"));
        assert_eq!(image_extension(b"RIFF\0\0\0\0WEBPVP8 "), Some("webp"));
        assert_eq!(image_extension(b"<html>"), None);
    }
}
