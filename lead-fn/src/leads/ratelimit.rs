//! Submissions per client per minute, and which address a request comes from.
//!
//! A token bucket per client: it holds up to the limit, refills at the limit per minute, and
//! each submission takes one. IPv6 clients are counted per /64, the block one subscriber gets.
//! The buckets live in the function's memory: on Lambda each warm instance counts on its own,
//! so the limit is a brake on a noisy client, not a quota (AWS WAF or the function's reserved
//! concurrency are the hard limits).
//!
//! # Which address
//! 1. The header named by `LEAD_CLIENT_IP_HEADER`, by default `X-Nf-Client-Connection-Ip`,
//!    but only on a request that proves it came through the proxy: one that carries a valid
//!    `X-Nf-Sign`, the signature Netlify's signed proxy rewrite (`Sign=LEAD_PROXY_SECRET`)
//!    adds, keyed with `LEAD_PROXY_SECRET` (see [`super::proxy_sign`]).
//!    Behind Netlify's proxy the function's peer is a Netlify server shared by every visitor,
//!    and this header is the only place the visitor's address is; but a caller that reaches
//!    the function URL directly can write it too, so without the proof it is ignored (and
//!    without `LEAD_PROXY_SECRET` it is never read).
//! 2. The peer the host saw: the source IP of the API Gateway or function URL request
//!    context on Lambda (which no client can choose), the socket's peer in `estate serve`.
//!
//! `X-Forwarded-For` is never read: its first entries are whatever the client sent, and its
//! last is the peer of step 2.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::http::{Extensions, HeaderMap, HeaderName};

/// The client's address as a host knows it, put into the request's extensions by the host
/// (the Lambda host from the request context).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PeerAddr(pub IpAddr);

/// The client-address header to read, and the secret a request must carry for it to be read.
#[derive(Debug, Clone, Copy)]
pub struct TrustedProxy<'a> {
    pub header: &'a HeaderName,
    pub secret: &'a str,
}

/// The address a request is counted under; `None` when nothing tells (all such requests share
/// one bucket).
pub fn client_ip(
    headers: &HeaderMap,
    extensions: &Extensions,
    proxy: Option<TrustedProxy>,
) -> Option<IpAddr> {
    if let Some(TrustedProxy { header: name, secret }) = proxy
        && came_through_proxy(headers, secret)
        && let Some(ip) = headers.get(name).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse().ok())
    {
        return Some(ip);
    }
    if let Some(PeerAddr(ip)) = extensions.get::<PeerAddr>() {
        return Some(*ip);
    }
    extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(address)| address.ip())
}

/// Whether `headers` carry the proxy's signature, made with `secret` and still fresh.
fn came_through_proxy(headers: &HeaderMap, secret: &str) -> bool {
    let Some(token) = headers.get(super::proxy_sign::SIGNATURE_HEADER).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    !secret.is_empty() && super::proxy_sign::verify_now(token, secret)
}

/// Buckets beyond this many are pruned of the full (idle) ones.
const PRUNE_ABOVE: usize = 10_000;

/// The 429 of a client over its limit (`what`: "submissions", "searches"): `retryAfter` in the
/// body and `Retry-After` in the headers, both the whole seconds until its next one.
pub fn refused(wait: std::time::Duration, what: &str) -> crate::http::ApiError {
    use axum::http::{HeaderValue, StatusCode, header};
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    crate::http::ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("too many {what} from this address; please wait a moment"),
    )
    .with("retryAfter", seconds)
    .header(header::RETRY_AFTER, HeaderValue::from(seconds))
}

#[derive(Debug)]
pub struct RateLimiter {
    per_minute: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated: Instant,
}

impl RateLimiter {
    /// `per_minute` submissions per client per minute; 0 turns the limit off.
    pub fn new(per_minute: u32) -> RateLimiter {
        RateLimiter { per_minute, buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes one submission from `client`'s allowance, or says how long until one is free.
    pub fn check(&self, client: Option<IpAddr>, now: Instant) -> Result<(), Duration> {
        if self.per_minute == 0 {
            return Ok(());
        }
        let key = key(client);
        let capacity = f64::from(self.per_minute);
        let per_second = capacity / 60.0;
        let mut buckets = self.buckets.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() > PRUNE_ABOVE {
            buckets.retain(|_, bucket| {
                bucket.tokens + now.saturating_duration_since(bucket.updated).as_secs_f64() * per_second
                    < capacity
            });
        }
        let bucket = buckets.entry(key).or_insert(Bucket { tokens: capacity, updated: now });
        let refilled = now.saturating_duration_since(bucket.updated).as_secs_f64() * per_second;
        bucket.tokens = (bucket.tokens + refilled).min(capacity);
        bucket.updated = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - bucket.tokens) / per_second))
        }
    }
}

/// IPv4 addresses count alone, IPv6 ones per /64; unknown clients share one bucket.
fn key(client: Option<IpAddr>) -> IpAddr {
    match client {
        Some(IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
        }
        Some(IpAddr::V6(v6)) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(IpAddr::V6(v6)),
        Some(v4) => v4,
        None => IpAddr::V6(Ipv6Addr::UNSPECIFIED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().expect("an address"))
    }

    #[test]
    fn a_client_gets_the_limit_then_waits_for_a_refill() {
        let limiter = RateLimiter::new(3);
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.check(ip("203.0.113.7"), start), Ok(()));
        }
        let wait = limiter.check(ip("203.0.113.7"), start).expect_err("the fourth is refused");
        assert_eq!(wait, Duration::from_secs(20));
        // Another client is counted apart.
        assert_eq!(limiter.check(ip("203.0.113.8"), start), Ok(()));
        // A third of a minute later one submission is free again, and only one.
        let later = start + Duration::from_secs(20);
        assert_eq!(limiter.check(ip("203.0.113.7"), later), Ok(()));
        assert!(limiter.check(ip("203.0.113.7"), later).is_err());
    }

    #[test]
    fn ipv6_counts_per_slash_64_and_mapped_ipv4_as_ipv4() {
        let limiter = RateLimiter::new(1);
        let now = Instant::now();
        assert_eq!(limiter.check(ip("2001:db8:1:2::1"), now), Ok(()));
        assert!(limiter.check(ip("2001:db8:1:2:ffff::9"), now).is_err());
        assert_eq!(limiter.check(ip("2001:db8:1:3::1"), now), Ok(()));
        assert_eq!(limiter.check(ip("::ffff:198.51.100.1"), now), Ok(()));
        assert!(limiter.check(ip("198.51.100.1"), now).is_err());
    }

    #[test]
    fn zero_means_no_limit() {
        let limiter = RateLimiter::new(0);
        let now = Instant::now();
        assert!((0..1000).all(|_| limiter.check(None, now).is_ok()));
    }

    #[test]
    fn the_trusted_header_wins_then_the_peer() {
        let header = HeaderName::from_static("x-nf-client-connection-ip");
        let proxy = Some(TrustedProxy { header: &header, secret: "s3cret-from-netlify" });
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "192.0.2.1, 192.0.2.2".parse().expect("a value"));
        let mut extensions = Extensions::new();
        assert_eq!(client_ip(&headers, &extensions, proxy), None, "X-Forwarded-For is not read");
        extensions.insert(ConnectInfo(SocketAddr::from(([127, 0, 0, 1], 9))));
        assert_eq!(client_ip(&headers, &extensions, proxy), ip("127.0.0.1"));
        extensions.insert(PeerAddr("198.51.100.4".parse().expect("an address")));
        assert_eq!(client_ip(&headers, &extensions, proxy), ip("198.51.100.4"));
        headers.insert("x-nf-client-connection-ip", " 2001:db8::5 ".parse().expect("a value"));
        // Without the proxy's proof, or with a wrong one, the header is a spoof: the peer.
        assert_eq!(client_ip(&headers, &extensions, proxy), ip("198.51.100.4"));
        let signature = super::super::proxy_sign::SIGNATURE_HEADER;
        let forged = super::super::proxy_sign::sign_now("s3cret-from-netlifx");
        for wrong in [forged.as_str(), "s3cret-from-netlify", ""] {
            headers.insert(signature, wrong.parse().expect("a value"));
            assert_eq!(client_ip(&headers, &extensions, proxy), ip("198.51.100.4"), "{wrong:?}");
        }
        let signed = super::super::proxy_sign::sign_now("s3cret-from-netlify");
        headers.insert(signature, signed.parse().expect("a value"));
        assert_eq!(client_ip(&headers, &extensions, proxy), ip("2001:db8::5"));
        // No proxy configured: the peer.
        assert_eq!(client_ip(&headers, &extensions, None), ip("198.51.100.4"));
        // A header that is not an address is passed over.
        headers.insert("x-nf-client-connection-ip", "unknown".parse().expect("a value"));
        assert_eq!(client_ip(&headers, &extensions, proxy), ip("198.51.100.4"));
    }
}
