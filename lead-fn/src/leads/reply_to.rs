//! The visitor's address as the lead email's Reply-To. The form accepts any `x@y.z`, mail
//! headers are ASCII: the domain is written in IDNA (`例え.jp` -> `xn--r8jz45g.jp`), and a local
//! part that is not a bare atom (`a..b`, `a,b`, `"john doe"`) is quoted. Only a non-ASCII local
//! part (which needs SMTPUTF8 end to end) leaves the header out; the address is in the body.

use lettre::Address;

/// The Reply-To address for the visitor's `email`, if a header can carry it.
pub fn address(email: &str) -> Option<Address> {
    let (local, domain) = email.trim().rsplit_once('@')?;
    let domain = idna::domain_to_ascii(domain.trim_end_matches('.')).ok()?;
    if domain.is_empty() || !local.is_ascii() || local.is_empty() {
        return None;
    }
    Address::new(local, &domain).ok().or_else(|| Address::new(quoted(local), &domain).ok())
}

/// `local` as an RFC 5322 quoted string.
fn quoted(local: &str) -> String {
    let unquoted = local.strip_prefix('"').and_then(|l| l.strip_suffix('"')).unwrap_or(local);
    let mut out = String::from('"');
    for c in unquoted.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_address_the_form_accepts_with_an_ascii_local_part_gets_a_reply_to() {
        for (written, expected) in [
            ("aisha@example.com", "aisha@example.com"),
            ("user@例え.jp", "user@xn--r8jz45g.jp"),
            ("ivan@почта.рф", "ivan@xn--80a1acny.xn--p1ai"),
            ("mohammed@موقع.امارات", "mohammed@xn--4gbrim.xn--mgbaam7a8h"),
            ("Aisha@Example.COM", "Aisha@example.com"),
            ("a..b@example.com", "\"a..b\"@example.com"),
            (".a@example.com", "\".a\"@example.com"),
            ("a.@example.com", "\"a.\"@example.com"),
            ("a,b@example.com", "\"a,b\"@example.com"),
            ("a(b)c@example.com", "\"a(b)c\"@example.com"),
            ("a\"b@example.com", "\"a\\\"b\"@example.com"),
            ("first+tag@example.com", "first+tag@example.com"),
            ("x@sub.example.com.", "x@sub.example.com"),
        ] {
            let address = address(written).unwrap_or_else(|| panic!("no Reply-To for {written}"));
            assert_eq!(address.to_string(), expected, "{written}");
            assert!(address.to_string().is_ascii());
        }
        for without in ["Иван@почта.рф", "@example.com", "x@", "no-at-sign"] {
            assert!(address(without).is_none(), "{without}");
        }
    }
}
