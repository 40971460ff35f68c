//! The links content gives for visitors to follow (`site.yaml`'s social and partner links, a
//! developer's website): web, mail and phone links only, so no `javascript:` or `data:` URL can
//! reach a page's `href`.

use std::path::Path;

use super::diag::Diagnostic;
use super::yaml::Pos;

/// The schemes a link may have.
const ALLOWED: [&str; 4] = ["https:", "http:", "mailto:", "tel:"];

/// An error at `pos` when `url` (the value of `field`) is not an http, https, mailto or tel link.
pub fn check(path: &Path, pos: Pos, field: &str, url: &str) -> Option<Diagnostic> {
    let lower = url.trim().to_ascii_lowercase();
    if lower.starts_with("http") {
        // A web address, which browsers and other programs must read alike.
        if let Err(why) = super::web_address::read(url) {
            let shown: String = url.trim().chars().filter(|c| !c.is_control()).take(80).collect();
            return Some(
                Diagnostic::error(path, pos, format!("`{field}`: `{shown}` {why}"))
                    .with_hint("write the whole address, e.g. https://www.instagram.com/palmcrest"),
            );
        }
        return None;
    }
    if ALLOWED.iter().any(|scheme| lower.starts_with(scheme)) {
        return None;
    }
    Some(
        Diagnostic::error(path, pos, format!("`{field}` must be an https://, http://, mailto: or tel: link"))
            .with_hint("write the whole address, e.g. https://www.instagram.com/palmcrest"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_web_mail_and_phone_links_pass() {
        let at = |url: &str| check(Path::new("site.yaml"), Pos::START, "url", url).is_none();
        for good in ["https://x.com/a", "HTTP://a.ae", "mailto:a@b.ae", "tel:+971501234567"] {
            assert!(at(good), "{good}");
        }
        for bad in [
            "javascript:alert(1)",
            " JavaScript:alert(1)",
            "data:text/html,<b>",
            "vbscript:x",
            "//evil",
            "www.a.ae",
            "https://x.com\\@evil.example/a",
            "https://x.com/a\tb",
            "https://user@x.com/a",
        ] {
            assert!(!at(bad), "{bad}");
        }
    }
}
