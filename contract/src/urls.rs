//! The addresses of the site: pages per language, listings, posts and media. Every part of
//! the project builds them here, so a link written by the generator, checked by `estate check`
//! and followed by the browser is the same string. The site computes a path's language as
//! [`localized_path`] and [`split_language`] do (`localePath`, `langOfPath` and `stripLang` in
//! `site/src/i18n`): both sides' tests read the same cases, `contract/tests/url-vectors.json`.

/// The site's languages; the first is the default, served without a prefix.
pub const LANGUAGES: [&str; 3] = ["en", "ar", "ru"];

/// The default language (English, at the site's own paths; the others under a prefix).
pub const DEFAULT_LANGUAGE: &str = LANGUAGES[0];

/// The languages whose pages live under `/{lang}/...`.
pub fn language_prefixes() -> impl Iterator<Item = &'static str> {
    LANGUAGES.iter().copied().skip(1)
}

/// `lang` if it is one of [`LANGUAGES`], as the static string.
pub fn language(lang: &str) -> Option<&'static str> {
    LANGUAGES.iter().copied().find(|l| *l == lang)
}

/// `path` (a site path, in any language, maybe with a query or fragment) in `lang`: `/` ->
/// `/ar`, `/pro` -> `/ar/pro`, `/ru/pro` -> `/ar/pro`, `/?q=1` -> `/ar?q=1`; the default
/// language's without a prefix. Anything that is not a root-relative path (a full URL,
/// `mailto:`, `#top`) is returned unchanged.
pub fn localized_path(lang: &str, path: &str) -> String {
    if !path.starts_with('/') || path.starts_with("//") {
        return path.to_owned();
    }
    let (_, bare) = split_language(path);
    if lang == DEFAULT_LANGUAGE {
        bare.to_owned()
    } else if bare == "/" {
        format!("/{lang}")
    } else if bare.starts_with("/?") || bare.starts_with("/#") {
        format!("/{lang}{}", &bare[1..])
    } else {
        format!("/{lang}{bare}")
    }
}

/// `path` without its language prefix, and the language: `/ru/pro` -> (`ru`, `/pro`).
pub fn split_language(path: &str) -> (&'static str, &str) {
    for lang in language_prefixes() {
        if let Some(rest) = path.strip_prefix('/').and_then(|p| p.strip_prefix(lang)) {
            if rest.is_empty() || rest == "/" {
                return (lang, "/");
            }
            if rest.starts_with('/') {
                return (lang, rest);
            }
        }
    }
    (DEFAULT_LANGUAGE, path)
}

/// The page of a listing: `/property/{id}`.
pub fn property_path(id: &str) -> String {
    format!("/property/{id}")
}

/// The area guides' page, under which each community's guide is.
pub const AREA_GUIDES: &str = "/area-guides-in-dubai";

/// The guide of a community: `/area-guides-in-dubai/{key}` (the vocabulary's key, a slug).
pub fn area_guide_path(key: &str) -> String {
    format!("{AREA_GUIDES}/{key}")
}

/// A team member's own page: `/agents/{id}` (the id is their file's name in `content/team/`).
pub fn agent_path(id: &str) -> String {
    format!("/agents/{id}")
}

/// A developer's own page, with its listings and projects: `/developers/{id}` (under the
/// developers page; the id is their file's name in `content/developers/`).
pub fn developer_path(id: &str) -> String {
    format!("/developers/{id}")
}

/// The page of a post: `/blog/{id}/{slug}`, the slug ([`blog_slug`] of its title)
/// percent-encoded.
pub fn post_path(id: &str, title: &str) -> String {
    format!("/blog/{id}/{}", encode_path_segment(&blog_slug(title)))
}

/// The public URL of a media reference in content: `media/x.jpg` becomes `/media/x.jpg`; web
/// URLs stay as they are. It is also the one form content stores a file of `content/media/`
/// in (what the browser CMS writes, whose media library finds where a photo is used only by
/// it): every writer of content (`estate demo`, `estate import`, the admin editor) stores the
/// path of a file under `content/` through this.
pub fn media_url(value: &str) -> String {
    if value.starts_with("https://") || value.starts_with("http://") {
        value.to_owned()
    } else {
        format!("/{}", value.trim_start_matches('/'))
    }
}

/// A post's slug: the lower-cased title with each run of whitespace turned into a hyphen.
/// So that every title gives one valid path segment, `/` and `\` count as whitespace (a `%2F`
/// in a path is decoded by servers and leads nowhere), and a slug of dots alone (`.`, `..`,
/// which a browser resolves away) or nothing at all (a title of slashes) is spelled with hyphens.
pub fn blog_slug(title: &str) -> String {
    let slug = title
        .split(|c: char| c.is_whitespace() || c == '/' || c == '\\')
        .filter(|part| !part.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-");
    if slug.bytes().all(|b| b == b'.') { "-".repeat(slug.len().max(1)) } else { slug }
}

/// Percent-encodes a path segment: everything but RFC 3986's unreserved characters and the
/// sub-delimiters, `:` and `@` (so a slug with `?`, `#`, `/` or Arabic letters stays one segment).
pub fn encode_path_segment(segment: &str) -> String {
    let mut out = String::with_capacity(segment.len());
    for byte in segment.bytes() {
        let keep = byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@".contains(&byte);
        if keep {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The site's address as the sitemap and feeds use it: an `http(s)` origin without a trailing
/// `/`, or why `value` is not one.
pub fn normalize_base_url(value: &str) -> Result<String, String> {
    let trimmed = value.trim().trim_end_matches('/');
    let Some(rest) = trimmed.strip_prefix("https://").or_else(|| trimmed.strip_prefix("http://")) else {
        return Err(format!("`{value}` is not an absolute address: write it as https://www.example.ae"));
    };
    if !is_origin_authority(rest) {
        return Err(format!(
            "`{value}` must be the site's origin only, such as https://www.example.ae: no path, query, spaces or non-ASCII letters (the site is served from the root)"
        ));
    }
    Ok(trimmed.to_owned())
}

/// Whether `authority` is a host and maybe a port: dot-separated names of letters, digits and
/// inner hyphens (`www.example.ae`, `localhost`) or an IPv6 address in brackets, then `:` and a
/// port of 1 to 65535 (so `:::` or `example.ae:` is not one).
fn is_origin_authority(authority: &str) -> bool {
    let (host, port) = match authority.strip_prefix('[') {
        Some(inner) => match inner.split_once(']') {
            Some((address, rest)) => {
                let ok = address.contains(':')
                    && address.bytes().all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
                if !ok {
                    return false;
                }
                (None, rest)
            }
            None => return false,
        },
        None => match authority.find(':') {
            Some(colon) => (Some(&authority[..colon]), &authority[colon..]),
            None => (Some(authority), ""),
        },
    };
    let label_ok = |label: &str| {
        !label.is_empty()
            && label.len() <= 63
            && label.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let host_ok = host.is_none_or(|host| host.split('.').all(label_ok));
    let port_ok = port.is_empty()
        || port.strip_prefix(':').is_some_and(|digits| {
            (1..=5).contains(&digits.len())
                && digits.bytes().all(|b| b.is_ascii_digit())
                && !digits.starts_with('0')
                && digits.parse::<u32>().is_ok_and(|p| (1..=65535).contains(&p))
        });
    host_ok && port_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slug_lowercases_and_hyphenates_whitespace() {
        assert_eq!(blog_slug("Renting in  Dubai\t2026"), "renting-in-dubai-2026");
        assert_eq!(blog_slug("Off-Plan: A Guide"), "off-plan:-a-guide");
        assert_eq!(post_path("b1", "What's new?"), "/blog/b1/what's-new%3F");
    }

    #[test]
    fn every_title_is_one_path_segment() {
        assert_eq!(blog_slug("Rent vs Buy 2026/27"), "rent-vs-buy-2026-27");
        assert_eq!(blog_slug("a / b\\c"), "a-b-c");
        assert_eq!(blog_slug(".."), "--");
        assert_eq!(blog_slug("..."), "---");
        assert_eq!(blog_slug("v1.2"), "v1.2");
        for title in ["/", "x/", "%2F", "..", ".", "a?b#c", "دبي/٢٠٢٦"] {
            let path = post_path("b1", title);
            let segment = path.strip_prefix("/blog/b1/").expect("the post's prefix");
            assert!(!segment.contains('/') && !segment.contains('\\'), "{title:?}: {path}");
            assert!(!segment.trim_matches('.').is_empty(), "{title:?}: {path}");
        }
    }

    #[test]
    fn path_segments_are_encoded() {
        assert_eq!(encode_path_segment("what's-new?-50%"), "what's-new%3F-50%25");
        assert_eq!(encode_path_segment("دبي"), "%D8%AF%D8%A8%D9%8A");
    }

    /// `contract/tests/url-vectors.json`, which the site's Vitest reads too.
    #[derive(serde::Deserialize)]
    struct Vectors {
        localized: Vec<Localized>,
        split: Vec<Split>,
    }

    #[derive(serde::Deserialize)]
    struct Localized {
        lang: String,
        path: String,
        expected: String,
    }

    #[derive(serde::Deserialize)]
    struct Split {
        path: String,
        lang: String,
        bare: String,
    }

    #[test]
    fn paths_per_language_as_the_site_computes_them() {
        let vectors: Vectors =
            serde_json::from_str(include_str!("../tests/url-vectors.json")).expect("the url vectors");
        assert!(vectors.localized.len() > 10 && vectors.split.len() > 10);
        for case in &vectors.localized {
            assert_eq!(
                localized_path(&case.lang, &case.path),
                case.expected,
                "{} in {}",
                case.path,
                case.lang
            );
        }
        for case in &vectors.split {
            assert_eq!(split_language(&case.path), (case.lang.as_str(), case.bare.as_str()), "{}", case.path);
        }
    }

    #[test]
    fn media_urls() {
        assert_eq!(media_url("media/a.jpg"), "/media/a.jpg");
        assert_eq!(media_url("https://x.ae/a.jpg"), "https://x.ae/a.jpg");
    }

    #[test]
    fn base_urls_are_origins() {
        assert_eq!(normalize_base_url("https://www.palmcrest.ae/").unwrap(), "https://www.palmcrest.ae");
        assert_eq!(normalize_base_url(" http://localhost:8080 ").unwrap(), "http://localhost:8080");
        assert_eq!(normalize_base_url("http://[::1]:8080/").unwrap(), "http://[::1]:8080");
        for bad in [
            "www.example.ae",
            "https://",
            "https://example.ae/site",
            "https://ex ample.ae",
            "https://a.ae?x=1",
            "ftp://a.ae",
            "https://:::",
            "https://a.ae:",
            "https://a.ae:99999",
            "https://a..ae",
            "https://-a.ae",
            "https://[zz]",
            "https://a_b.ae",
        ] {
            assert!(normalize_base_url(bad).is_err(), "{bad}");
        }
    }
}
