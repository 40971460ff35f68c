//! Web addresses given in content (a photo's, a video tour's, the site's own `baseUrl`), read
//! so that every program that later reads them agrees where they lead. A browser reads an
//! address by the WHATWG URL rules, a portal's fetcher or `curl` by RFC 3986, and the two part
//! ways on a few spellings: a backslash (`https://www.palmcrest.ae\@169.254.169.254/x.jpg` is
//! the agency's site to a browser and 169.254.169.254 to curl), a tab or line break (a browser
//! drops it), a user name before `@`, a host written with `%` escapes, in another script or as
//! a number in another base (`0x7f.1`), an address with one slash (`https:host`). Such an address
//! is refused; any other is read by both alike and published in its normal form (scheme and host
//! in lower case, the default port left out, a path's spaces and letters of other scripts
//! escaped), as [`normalise`] writes it.

pub use ammonia::Url;

/// The address `value` (outer spaces aside), when a browser and RFC 3986 read it alike and it
/// is an http(s) address with a host; else why not, in words that follow the address.
pub fn read(value: &str) -> Result<Url, String> {
    let value = value.trim();
    if value.contains('\\') {
        return Err("has a backslash (\\): browsers read it as /, other programs as part of the host, so they would fetch from different places; write / instead".into());
    }
    if value.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(
            "has a space, tab or line break inside: remove it (a space in a file name is written %20)".into(),
        );
    }
    let Some((scheme, rest)) = value.split_once(':') else {
        return Err("is not an http(s) address".into());
    };
    if !(scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http")) {
        return Err("is not an http(s) address".into());
    }
    let Some(rest) = rest.strip_prefix("//") else {
        return Err("must start with https:// (with two slashes)".into());
    };
    // The authority as RFC 3986 reads it: up to the first `/`, `?` or `#`.
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    if authority.contains('@') {
        return Err(
            "carries a user name or password (before @): programs disagree on which site it names".into()
        );
    }
    let (host, port) = split_port(authority)?;
    if host.is_empty() {
        return Err("has no host: write it as https://www.example.ae/...".into());
    }
    let url = Url::parse(value).map_err(|_| "is not a valid web address".to_owned())?;
    let same_host = url.host_str().is_some_and(|h| h.eq_ignore_ascii_case(host));
    let same_port = port.map_or(url.port().is_none(), |p| url.port_or_known_default() == Some(p));
    if !same_host || !same_port {
        return Err(format!(
            "writes its host `{host}` in a way programs read differently: write it in plain letters, such as www.example.ae"
        ));
    }
    Ok(url)
}

/// The host and port of an RFC 3986 authority (an IPv6 address in brackets kept whole).
fn split_port(authority: &str) -> Result<(&str, Option<u16>), String> {
    let colon = if authority.starts_with('[') {
        authority.find(']').map(|end| end + 1).filter(|&end| end < authority.len())
    } else {
        authority.rfind(':')
    };
    let Some(colon) = colon else { return Ok((authority, None)) };
    let (host, port) = (&authority[..colon], &authority[colon + 1..]);
    if port.is_empty() {
        return Ok((host, None));
    }
    match port.parse::<u16>() {
        Ok(number) if port.bytes().all(|b| b.is_ascii_digit()) => Ok((host, Some(number))),
        _ => Err(format!("has `{port}` where a port number goes")),
    }
}

/// `value` as published: its normal form when it is a web address [`read`] takes, else as it is
/// (a path under `media/`, or an address `estate check` refuses).
pub fn normalise(value: &mut String) {
    let lower = value.trim_start().get(..8).map(str::to_ascii_lowercase).unwrap_or_default();
    if !(lower.starts_with("https://") || lower.starts_with("http://")) {
        return;
    }
    if let Ok(url) = read(value) {
        *value = url.as_str().to_owned();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_programs_read_differently_are_refused() {
        for bad in [
            "https://www.palmcrest.ae\\@169.254.169.254/latest/meta-data/x.jpg",
            "https://www.palmcrest.ae\\x.jpg",
            "https://www.palm\tcrest.ae/x.jpg",
            "https://www.palmcrest.ae/x\n.jpg",
            "https://www.palmcrest.ae/a b.jpg",
            "https://user@www.palmcrest.ae/x.jpg",
            "https://www.palmcrest.ae@evil.example/x.jpg",
            "https:www.palmcrest.ae/x.jpg",
            "https:/www.palmcrest.ae/x.jpg",
            "https:///www.palmcrest.ae/x.jpg",
            "https://www.palmcrest%2eae/x.jpg",
            "http://0x7f.1/x.jpg",
            "http://2130706433/x.jpg",
            "https://ｗｗｗ.palmcrest.ae/x.jpg",
            "https://:::",
            "https://www.palmcrest.ae:99999/x.jpg",
            "https://www.palmcrest.ae:x/x.jpg",
            "ftp://www.palmcrest.ae/x.jpg",
            "javascript:alert(1)",
        ] {
            assert!(read(bad).is_err(), "{bad:?}: {:?}", read(bad).map(|u| u.to_string()));
        }
        let why = read("https://www.palmcrest.ae\\@169.254.169.254/x.jpg").unwrap_err();
        assert!(why.contains("backslash"), "{why}");
    }

    #[test]
    fn the_rest_is_published_in_its_normal_form() {
        for (given, published) in [
            ("HTTPS://WWW.PalmCrest.AE/Media/A.jpg", "https://www.palmcrest.ae/Media/A.jpg"),
            ("https://www.palmcrest.ae:443/a.jpg", "https://www.palmcrest.ae/a.jpg"),
            (" https://www.palmcrest.ae/a/../b.jpg ", "https://www.palmcrest.ae/b.jpg"),
            ("https://www.palmcrest.ae/دبي.jpg", "https://www.palmcrest.ae/%D8%AF%D8%A8%D9%8A.jpg"),
            ("https://www.palmcrest.ae:8443/a.jpg?w=1#x", "https://www.palmcrest.ae:8443/a.jpg?w=1#x"),
            ("https://www.palmcrest.ae/user@2x.jpg", "https://www.palmcrest.ae/user@2x.jpg"),
            ("https://[::1]:8080/a.jpg", "https://[::1]:8080/a.jpg"),
            ("media/a.jpg", "media/a.jpg"),
        ] {
            let mut value = given.to_owned();
            normalise(&mut value);
            assert_eq!(value, published, "{given}");
        }
    }
}
