//! Downloads for `estate import`: the feed from a URL and the listings' photos, with ureq (rustls
//! only), a timeout, a size limit, and the photo's content type and bytes checked; within the
//! import's [`Budget`] (its deadline, and the time and bytes photos may take in all).
//!
//! Addresses: a feed names any URL it likes, so downloads go to public addresses only. An
//! address on this machine or its networks (loopback, private, link-local: a local admin API, a
//! cloud's metadata service at 169.254.169.254), or in any other block IANA's special-purpose
//! registries mark as not globally reachable (the table of `reachable.rs`), is refused, unless it is the feed's own origin
//! and the feed itself came from there (a test's server, an agency's CRM on its own network).
//! The rule is applied where ureq resolves a host ([`CheckedResolver`]): each connection looks
//! the name up once, every address it has is checked, and only those checked addresses are
//! connected to, so a name cannot pass the check with one address and be connected to at another
//! (DNS rebinding). The feed's own origin is looked up once, when the import starts, and its
//! connections go to those addresses only. Redirects are followed by hand, each hop resolved and
//! checked the same way. No proxy is used (`HTTP_PROXY` and the like are not read): through a
//! proxy, the proxy would resolve names, past the check.

use std::fmt;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use ureq::Agent;
use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};

use super::budget::{Budget, Stop};
use super::reachable::{is_public, not_public};

/// The largest feed read (a 5,000-listing feed is about 15 MB).
pub const MAX_FEED_BYTES: u64 = 200 * 1024 * 1024;
/// The largest photo kept (portals ask for about 1 MB; originals may be larger).
pub const MAX_PHOTO_BYTES: u64 = 10 * 1024 * 1024;
/// The longest a download may take (less when the import's deadline or photo time comes first).
pub const DOWNLOAD_TIME: Duration = Duration::from_secs(60);
/// Redirects followed per download.
const MAX_REDIRECTS: usize = 5;

/// How host names are looked up: the system's resolver, or a test's own table.
pub type Lookup = Arc<dyn Fn(&str, u16) -> std::io::Result<Vec<SocketAddr>> + Send + Sync>;

/// The system's resolver.
fn system_lookup() -> Lookup {
    Arc::new(|host, port| Ok((host, port).to_socket_addrs()?.collect()))
}

/// Why a photo was not downloaded.
#[derive(Debug, PartialEq)]
pub enum PhotoError {
    /// The import's deadline or photo budget ran out: the listing waits for the next run.
    Stopped(Stop),
    /// The photo cannot be used: the listing fails.
    Failed(String),
}

/// One client for every download of an import, and the rule for the addresses it may reach.
pub struct Fetcher {
    agent: Agent,
    #[cfg(test)]
    rule: Arc<Rule>,
}

/// The feed's origin (`http://127.0.0.1:8080`) and its addresses, when the feed is at a
/// non-public address: the only such origin downloads may reach, at those addresses only.
#[derive(Debug, Clone)]
struct Trusted {
    origin: String,
    addresses: Vec<SocketAddr>,
}

/// Which addresses a download may connect to.
struct Rule {
    lookup: Lookup,
    trusted: Option<Trusted>,
}

/// A refusal by [`Rule`], carried through ureq's error as its I/O error.
#[derive(Debug)]
struct Refused(String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

impl Rule {
    /// The addresses `uri` may be connected to: its host's, each checked, or the trusted
    /// origin's own; an error saying why not. `timeout` bounds the lookup.
    fn addresses(&self, uri: &Uri, timeout: Option<Duration>) -> Result<Vec<SocketAddr>, String> {
        if let Some(trusted) = &self.trusted
            && origin(uri).as_ref() == Some(&trusted.origin)
        {
            return Ok(trusted.addresses.clone());
        }
        let addresses =
            resolve(&self.lookup, uri, timeout).map_err(|e| format!("cannot download {uri}: {e}"))?;
        match addresses.iter().find_map(|a| not_public(a.ip()).map(|why| (a, why))) {
            Some((a, why)) => Err(format!(
                "refused to download {uri}: it is at {}, a local or private address ({why}; downloads go to public addresses only)",
                a.ip()
            )),
            None if addresses.is_empty() => Err(format!("cannot download {uri}: its host has no address")),
            None => Ok(addresses),
        }
    }
}

/// The addresses of the host of `uri` (an address written in the URL is itself), looked up
/// within `timeout` when there is one.
fn resolve(lookup: &Lookup, uri: &Uri, timeout: Option<Duration>) -> std::io::Result<Vec<SocketAddr>> {
    let host = uri.host().unwrap_or("").trim_start_matches('[').trim_end_matches(']').to_owned();
    let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Ok(vec![SocketAddr::new(ip, port)]);
    }
    let Some(timeout) = timeout else { return lookup(&host, port) };
    let (send, receive) = std::sync::mpsc::sync_channel(1);
    let lookup = lookup.clone();
    std::thread::spawn(move || send.send(lookup(&host, port)));
    receive.recv_timeout(timeout).unwrap_or_else(|_| {
        Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the name lookup took too long"))
    })
}

/// ureq's resolver for the import's downloads: [`Rule::addresses`], so the addresses connected
/// to are the ones checked.
struct CheckedResolver(Arc<Rule>);

impl fmt::Debug for CheckedResolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CheckedResolver")
    }
}

impl Resolver for CheckedResolver {
    fn resolve(
        &self,
        uri: &Uri,
        _: &Config,
        timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let limit = (!timeout.after.is_not_happening()).then(|| *timeout.after);
        let addresses = self
            .0
            .addresses(uri, limit)
            .map_err(|refused| ureq::Error::Io(std::io::Error::other(Refused(refused))))?;
        let mut resolved = self.empty();
        // ureq keeps at most 16 addresses of a name.
        for address in addresses.into_iter().take(16) {
            resolved.push(address);
        }
        Ok(resolved)
    }
}

/// What went wrong with a GET.
enum GetError {
    /// The body is over the limit.
    TooLarge,
    Other(String),
}

impl Fetcher {
    /// The fetcher for an import of `source` (a feed's URL or file).
    pub fn for_feed(source: &str) -> Fetcher {
        Fetcher::with_lookup(source, system_lookup())
    }

    /// [`Fetcher::for_feed`] with host names looked up by `lookup`.
    pub fn with_lookup(source: &str, lookup: Lookup) -> Fetcher {
        let config = Agent::config_builder()
            .timeout_global(Some(DOWNLOAD_TIME))
            .timeout_connect(Some(Duration::from_secs(10)))
            .http_status_as_error(false)
            .max_redirects(0)
            .proxy(None)
            .user_agent(concat!("estate/", env!("CARGO_PKG_VERSION"), " (portal feed import)"))
            .build();
        let trusted = source
            .parse::<Uri>()
            .ok()
            .filter(|uri| matches!(uri.scheme_str(), Some("http" | "https")))
            .and_then(|uri| {
                let addresses = resolve(&lookup, &uri, Some(Duration::from_secs(10))).ok()?;
                let local = addresses.iter().any(|a| !is_public(a.ip()));
                local.then_some(Trusted { origin: origin(&uri)?, addresses })
            });
        let rule = Arc::new(Rule { lookup, trusted });
        let agent = Agent::with_parts(config, DefaultConnector::default(), CheckedResolver(rule.clone()));
        Fetcher {
            agent,
            #[cfg(test)]
            rule,
        }
    }

    /// GETs `url` within `time`, following redirects (each hop checked by [`Rule`]): its body
    /// (at most `limit` bytes) and content type.
    fn get(&self, url: &str, limit: u64, time: Duration) -> Result<(Vec<u8>, String), GetError> {
        let other = GetError::Other;
        let mut uri: Uri = url.parse().map_err(|_| other(format!("`{url}` is not an http(s) address")))?;
        let until = Instant::now() + time;
        for _ in 0..=MAX_REDIRECTS {
            if !matches!(uri.scheme_str(), Some("http" | "https")) {
                return Err(other(format!("`{uri}` is not an http(s) address")));
            }
            let left = until.saturating_duration_since(Instant::now());
            let request = self.agent.get(&uri).config().timeout_global(Some(left)).build();
            let mut response = request.call().map_err(|e| other(describe(url, &e, time)))?;
            let status = response.status();
            if status.is_redirection() {
                let location = response.headers().get("location").and_then(|v| v.to_str().ok());
                let location = location
                    .ok_or_else(|| other(format!("cannot download {url}: a redirect without a Location")))?;
                uri = redirected(&uri, location)
                    .ok_or_else(|| other(format!("cannot download {url}: a redirect to `{location}`")))?;
                continue;
            }
            if !status.is_success() {
                return Err(other(format!("cannot download {url}: the server answered {status}")));
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
                ureq::Error::BodyExceedsLimit(_) => GetError::TooLarge,
                e => other(describe(url, &e, time)),
            })?;
            return Ok((body, content_type));
        }
        Err(other(format!("cannot download {url}: more than {MAX_REDIRECTS} redirects")))
    }

    /// The feed at `url`.
    pub fn feed(&self, url: &str, budget: &Budget) -> Result<Vec<u8>, String> {
        let stopped = || format!("{url} was not downloaded: {}", budget.describe(Stop::Deadline));
        let time = budget.download_time(DOWNLOAD_TIME, false).ok_or_else(stopped)?;
        let (body, content_type) = self.get(url, MAX_FEED_BYTES, time).map_err(|e| match e {
            GetError::TooLarge => format!("{url} is larger than {} MB", MAX_FEED_BYTES >> 20),
            GetError::Other(_) if budget.stopped().is_some() => stopped(),
            GetError::Other(e) => e,
        })?;
        if !(content_type.is_empty() || content_type.contains("xml") || content_type.starts_with("text/")) {
            return Err(format!("{url} is `{content_type}`, not an XML feed"));
        }
        Ok(body)
    }

    /// A photo: its bytes and file extension, when it is a JPEG, PNG or WebP image of at most
    /// [`MAX_PHOTO_BYTES`] that the image stage will take: decoded whole, by the same decoder
    /// and limits (a body that only starts like a JPEG, or a truncated one, would fail the next
    /// build). Downloaded within the budget: [`PhotoError::Stopped`] when it ran out.
    pub fn photo(&self, url: &str, budget: &Budget) -> Result<(Vec<u8>, &'static str), PhotoError> {
        let stopped = || PhotoError::Stopped(budget.photos_stopped().unwrap_or(Stop::PhotoTime));
        let time = budget.download_time(DOWNLOAD_TIME, true).ok_or_else(stopped)?;
        let limit = budget.photo_bytes(MAX_PHOTO_BYTES);
        if limit == 0 {
            budget.bytes_ran_out();
            return Err(PhotoError::Stopped(Stop::PhotoBytes));
        }
        let (body, content_type) = match self.get(url, limit, time) {
            Ok(got) => got,
            Err(GetError::TooLarge) if limit < MAX_PHOTO_BYTES => {
                budget.bytes_ran_out();
                return Err(PhotoError::Stopped(Stop::PhotoBytes));
            }
            Err(GetError::TooLarge) => {
                return Err(PhotoError::Failed(format!("{url} is larger than {} MB", MAX_PHOTO_BYTES >> 20)));
            }
            Err(GetError::Other(_)) if budget.photos_stopped().is_some() => return Err(stopped()),
            Err(GetError::Other(e)) => return Err(PhotoError::Failed(e)),
        };
        budget.spent(body.len() as u64);
        let failed = PhotoError::Failed;
        if !matches!(content_type.as_str(), "image/jpeg" | "image/png" | "image/webp") {
            return Err(failed(format!("{url} is `{content_type}`, not a JPEG, PNG or WebP image")));
        }
        let extension = raster::photo_extension(&body).ok_or_else(|| {
            failed(format!("{url} says it is {content_type}, but its bytes are not an image"))
        })?;
        crate::publish::images::decode(&body)
            .map_err(|reason| failed(format!("the photo {url} {reason}")))?;
        Ok((body, extension))
    }

    /// Whether a download of `uri` would be allowed to connect (looked up as a download would).
    #[cfg(test)]
    fn check(&self, uri: &Uri) -> Result<(), String> {
        if !matches!(uri.scheme_str(), Some("http" | "https")) {
            return Err(format!("`{uri}` is not an http(s) address"));
        }
        self.rule.addresses(uri, None).map(|_| ())
    }
}

/// The words for ureq's error `e` downloading `url` in `time`.
fn describe(url: &str, e: &ureq::Error, time: Duration) -> String {
    if let ureq::Error::Io(io) = e
        && let Some(refused) = io.get_ref().and_then(|inner| inner.downcast_ref::<Refused>())
    {
        return refused.0.clone();
    }
    if matches!(e, ureq::Error::Timeout(_)) {
        return format!("cannot download {url}: no answer within {}", super::budget::duration(time));
    }
    format!("cannot download {url}: {e}")
}

/// `scheme://host:port` of `uri`, the port written out.
fn origin(uri: &Uri) -> Option<String> {
    let scheme = uri.scheme_str()?;
    let port = uri.port_u16().unwrap_or(if scheme == "https" { 443 } else { 80 });
    Some(format!("{scheme}://{}:{port}", uri.host()?.to_ascii_lowercase()))
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

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
            "::ffff:0:10.0.0.1",
            // IPv4-compatible, NAT64, 6to4 and Teredo forms of a local IPv4 address.
            "::127.0.0.1",
            "::169.254.169.254",
            "64:ff9b::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b:1::1",
            "2002:7f00:1::",
            "2002:a9fe:a9fe::1",
            "2002:c0a8:101::1",
            "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo (not globally reachable, whatever it carries)
            "fec0::1",
            "2001:db8::1",
            "100::1",
        ] {
            assert!(!is_public(local.parse().unwrap()), "{local}");
        }
        // The same forms carrying a public address are public; other IPv6 is judged as IPv6.
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "64:ff9b::8.8.8.8",
            "2002:808:808::1",
            "2a00:1450:4001::200e",
        ] {
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

    /// A server on 127.0.0.1 answering every request with a real photo; returns its port and
    /// how many connections it has had.
    fn photo_server() -> (u16, Arc<AtomicUsize>) {
        use std::io::{BufRead, BufReader, Write};
        let photo = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../content/media/properties/bay-tower-1.jpg"
        ))
        .expect("a sample photo");
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().expect("an address").port();
        let connections = Arc::new(AtomicUsize::new(0));
        let counted = connections.clone();
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                counted.fetch_add(1, Ordering::SeqCst);
                let mut reader = BufReader::new(stream.try_clone().expect("a stream"));
                let mut line = String::new();
                while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
                    line.clear();
                }
                let head = format!(
                    "HTTP/1.1 200 OK\r\ncontent-type: image/jpeg\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                    photo.len()
                );
                let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(&photo));
            }
        });
        (port, connections)
    }

    /// A lookup that answers `answers` in turn (the last one again), counting its calls: a
    /// name server that changes its answer between lookups, as DNS rebinding does.
    fn rebinding(answers: Vec<IpAddr>) -> (Lookup, Arc<AtomicUsize>) {
        let calls = Arc::new(AtomicUsize::new(0));
        let counted = calls.clone();
        let lookup: Lookup = Arc::new(move |host, port| {
            assert!(host.ends_with(".test"), "only the test's names are looked up: {host}");
            let call = counted.fetch_add(1, Ordering::SeqCst);
            Ok(vec![SocketAddr::new(answers[call.min(answers.len() - 1)], port)])
        });
        (lookup, calls)
    }

    /// A name that resolves to this machine is refused after it is resolved, by the resolver
    /// the connection uses: one lookup, and no connection is made.
    #[test]
    fn a_name_is_checked_where_it_is_resolved_and_never_connected_to() {
        let (port, connections) = photo_server();
        let (lookup, calls) = rebinding(vec!["127.0.0.1".parse().unwrap()]);
        let fetcher = Fetcher::with_lookup("feed.xml", lookup);
        let budget = Budget::start(Default::default());
        let url = format!("http://photos.test:{port}/a.jpg");
        let refused = fetcher.photo(&url, &budget).expect_err("a local address");
        assert_eq!(
            refused,
            PhotoError::Failed(format!(
                "refused to download {url}: it is at 127.0.0.1, a local or private address (loopback; downloads go to public addresses only)"
            ))
        );
        assert_eq!((calls.load(Ordering::SeqCst), connections.load(Ordering::SeqCst)), (1, 0));
    }

    /// A name that resolves to a special-purpose block (benchmarking, documentation, reserved,
    /// or an IPv6 form carrying one) is refused as a local one is, with no connection made.
    #[test]
    fn a_name_at_a_special_purpose_address_is_never_connected_to() {
        let (port, connections) = photo_server();
        for (address, why) in [
            ("198.18.0.1", "benchmarking"),
            ("192.0.2.1", "documentation (TEST-NET-1)"),
            ("240.0.0.1", "reserved"),
            ("2001:2::1", "IETF protocol assignments"),
            ("64:ff9b::c612:1", "benchmarking"),
            ("2002:c612:1::", "benchmarking"),
            ("::ffff:c612:1", "benchmarking"),
        ] {
            let (lookup, _) = rebinding(vec![address.parse().unwrap()]);
            let fetcher = Fetcher::with_lookup("feed.xml", lookup);
            let url = format!("http://photos.test:{port}/a.jpg");
            let refused = fetcher.photo(&url, &Budget::start(Default::default())).expect_err(address);
            assert!(
                matches!(&refused, PhotoError::Failed(e) if e.contains(&format!("a local or private address ({why};"))),
                "{address}: {refused:?}"
            );
        }
        assert_eq!(connections.load(Ordering::SeqCst), 0);
    }

    /// The feed's own origin is looked up once, when the import starts; its downloads connect to
    /// those addresses, whatever the name answers later.
    #[test]
    fn the_feeds_origin_is_resolved_once_and_connected_to_at_that_address() {
        let (port, connections) = photo_server();
        let (lookup, calls) =
            rebinding(vec!["127.0.0.1".parse().unwrap(), "169.254.169.254".parse().unwrap()]);
        let fetcher = Fetcher::with_lookup(&format!("http://crm.test:{port}/feed.xml"), lookup);
        let budget = Budget::start(Default::default());
        for photo in ["a.jpg", "b.jpg"] {
            let (_, extension) =
                fetcher.photo(&format!("http://crm.test:{port}/{photo}"), &budget).expect("downloaded");
            assert_eq!(extension, "jpg");
        }
        assert_eq!((calls.load(Ordering::SeqCst), connections.load(Ordering::SeqCst)), (1, 2));
        // Another name is looked up, and checked: the name server now answers the metadata address.
        let other = fetcher.photo(&format!("http://cdn.test:{port}/c.jpg"), &budget).expect_err("refused");
        assert!(
            matches!(&other, PhotoError::Failed(e) if e.contains("it is at 169.254.169.254")),
            "{other:?}"
        );
    }
}
