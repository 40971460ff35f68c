//! Downloads for `estate import`: the feed from a URL and the listings' photos, with ureq (rustls
//! only), a timeout, a size limit, and the photo's content type and bytes checked.
//!
//! Addresses: a feed names any URL it likes, so downloads go to public addresses only. An
//! address on this machine or its networks (loopback, private, link-local: a local admin API, a
//! cloud's metadata service at 169.254.169.254) is refused, unless it is the feed's own origin
//! and the feed itself came from there (a test's server, an agency's CRM on its own network).
//! Redirects are followed by hand, each new address checked by the same rule.

use std::net::{IpAddr, ToSocketAddrs};
use std::time::Duration;

use ureq::Agent;
use ureq::http::Uri;

/// The largest feed read (a 5,000-listing feed is about 15 MB).
pub const MAX_FEED_BYTES: u64 = 200 * 1024 * 1024;
/// The largest photo kept (portals ask for about 1 MB; originals may be larger).
pub const MAX_PHOTO_BYTES: u64 = 10 * 1024 * 1024;
/// Redirects followed per download.
const MAX_REDIRECTS: usize = 5;

/// One client for every download of an import, and the rule for the addresses it may reach.
pub struct Fetcher {
    agent: Agent,
    /// The feed's origin (`http://127.0.0.1:8080`) when the feed came from a non-public
    /// address: the only such origin downloads may reach.
    trusted_origin: Option<String>,
}

impl Fetcher {
    /// The fetcher for an import of `source` (a feed's URL or file): each request has 60 s in
    /// all, 10 s to connect.
    pub fn for_feed(source: &str) -> Fetcher {
        let agent = Agent::config_builder()
            .timeout_global(Some(Duration::from_secs(60)))
            .timeout_connect(Some(Duration::from_secs(10)))
            .http_status_as_error(false)
            .max_redirects(0)
            .user_agent(concat!("estate/", env!("CARGO_PKG_VERSION"), " (portal feed import)"))
            .build()
            .into();
        let trusted_origin = source
            .parse::<Uri>()
            .ok()
            .filter(|uri| matches!(uri.scheme_str(), Some("http" | "https")))
            .filter(|uri| addresses(uri).is_ok_and(|ips| ips.iter().any(|ip| !is_public(*ip))))
            .and_then(|uri| origin(&uri));
        Fetcher { agent, trusted_origin }
    }

    /// Refuses `uri` unless it is http(s) and every address its host has is public, or it is the
    /// trusted origin.
    fn check(&self, uri: &Uri) -> Result<(), String> {
        if !matches!(uri.scheme_str(), Some("http" | "https")) {
            return Err(format!("`{uri}` is not an http(s) address"));
        }
        if self.trusted_origin.is_some() && origin(uri) == self.trusted_origin {
            return Ok(());
        }
        let ips = addresses(uri).map_err(|e| format!("cannot download {uri}: {e}"))?;
        match ips.iter().find(|ip| !is_public(**ip)) {
            Some(ip) => Err(format!(
                "refused to download {uri}: it is at {ip}, a local or private address (downloads go to public addresses only)"
            )),
            None => Ok(()),
        }
    }

    /// GETs `url`, following redirects that pass [`Fetcher::check`]: its body (at most `limit`
    /// bytes) and content type.
    fn get(&self, url: &str, limit: u64) -> Result<(Vec<u8>, String), String> {
        let mut uri: Uri = url.parse().map_err(|_| format!("`{url}` is not an http(s) address"))?;
        for _ in 0..=MAX_REDIRECTS {
            self.check(&uri)?;
            let mut response =
                self.agent.get(&uri).call().map_err(|e| format!("cannot download {url}: {e}"))?;
            let status = response.status();
            if status.is_redirection() {
                let location = response.headers().get("location").and_then(|v| v.to_str().ok());
                let location = location
                    .ok_or_else(|| format!("cannot download {url}: a redirect without a Location"))?;
                uri = redirected(&uri, location)
                    .ok_or_else(|| format!("cannot download {url}: a redirect to `{location}`"))?;
                continue;
            }
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
                ureq::Error::BodyExceedsLimit(_) => {
                    format!("{url} is larger than {} MB", limit / 1024 / 1024)
                }
                e => format!("cannot download {url}: {e}"),
            })?;
            return Ok((body, content_type));
        }
        Err(format!("cannot download {url}: more than {MAX_REDIRECTS} redirects"))
    }
    /// The feed at `url`.
    pub fn feed(&self, url: &str) -> Result<Vec<u8>, String> {
        let (body, content_type) = self.get(url, MAX_FEED_BYTES)?;
        if !(content_type.is_empty() || content_type.contains("xml") || content_type.starts_with("text/")) {
            return Err(format!("{url} is `{content_type}`, not an XML feed"));
        }
        Ok(body)
    }

    /// A photo: its bytes and file extension, when it is a JPEG, PNG or WebP image of at most
    /// [`MAX_PHOTO_BYTES`] that the image stage will take: decoded whole, by the same decoder
    /// and limits (a body that only starts like a JPEG, or a truncated one, would fail the next
    /// build).
    pub fn photo(&self, url: &str) -> Result<(Vec<u8>, &'static str), String> {
        let (body, content_type) = self.get(url, MAX_PHOTO_BYTES)?;
        if !matches!(content_type.as_str(), "image/jpeg" | "image/png" | "image/webp") {
            return Err(format!("{url} is `{content_type}`, not a JPEG, PNG or WebP image"));
        }
        let extension = image_extension(&body)
            .ok_or_else(|| format!("{url} says it is {content_type}, but its bytes are not an image"))?;
        crate::publish::images::decode(&body).map_err(|reason| format!("the photo {url} {reason}"))?;
        Ok((body, extension))
    }
}

/// `scheme://host:port` of `uri`, the port written out.
fn origin(uri: &Uri) -> Option<String> {
    let scheme = uri.scheme_str()?;
    let port = uri.port_u16().unwrap_or(if scheme == "https" { 443 } else { 80 });
    Some(format!("{scheme}://{}:{port}", uri.host()?.to_ascii_lowercase()))
}

/// Every address the host of `uri` resolves to (an address written in the URL is itself).
fn addresses(uri: &Uri) -> std::io::Result<Vec<IpAddr>> {
    let host = uri.host().unwrap_or("").trim_start_matches('[').trim_end_matches(']');
    let port = uri.port_u16().unwrap_or(80);
    Ok((host, port).to_socket_addrs()?.map(|a| a.ip()).collect())
}

/// Whether `ip` is on the public internet: not this machine (loopback, unspecified), its
/// networks (private, carrier-grade NAT, link-local, unique local) or a multicast group.
fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || a == 0
                || (a == 100 && (64..128).contains(&b)))
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                let first = v6.segments()[0];
                !(v6.is_loopback()
                    || v6.is_unspecified()
                    || v6.is_multicast()
                    || (first & 0xfe00) == 0xfc00
                    || (first & 0xffc0) == 0xfe80)
            }
        },
    }
}

/// Where a redirect from `from` to `location` (absolute, or a path on the same origin) leads.
fn redirected(from: &Uri, location: &str) -> Option<Uri> {
    if location.starts_with("http://") || location.starts_with("https://") {
        return location.parse().ok();
    }
    if !location.starts_with('/') || location.starts_with("//") {
        return None;
    }
    format!("{}://{}{location}", from.scheme_str()?, from.authority()?).parse().ok()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn images_are_known_by_their_first_bytes() {
        assert_eq!(image_extension(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]), Some("jpg"));
        assert_eq!(image_extension(b"\x89PNG\r\n\x1a\n...."), Some("png"));
        assert_eq!(image_extension(b"RIFF\0\0\0\0WEBPVP8 "), Some("webp"));
        assert_eq!(image_extension(b"<html>"), None);
    }

    #[test]
    fn only_public_addresses_are_public() {
        for local in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!is_public(local.parse().unwrap()), "{local}");
        }
        for public in ["1.1.1.1", "8.8.8.8", "2606:4700::1111"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn a_local_feed_trusts_its_own_origin_only() {
        let local = Fetcher::for_feed("http://127.0.0.1:8080/feed.xml");
        assert!(local.check(&"http://127.0.0.1:8080/a.jpg".parse().unwrap()).is_ok());
        for other in [
            "http://127.0.0.1:9090/_admin/api/summary",
            "http://localhost:8080/a.jpg",
            "http://169.254.169.254/latest/meta-data/",
        ] {
            assert!(local.check(&other.parse().unwrap()).is_err(), "{other}");
        }
        let from_file = Fetcher::for_feed("feed.xml");
        for other in [
            "http://127.0.0.1:8080/a.jpg",
            "http://10.0.0.1/a.jpg",
            "http://[::1]:8080/a.jpg",
            "ftp://example.com/a.jpg",
        ] {
            assert!(from_file.check(&other.parse().unwrap()).is_err(), "{other}");
        }
    }
}
