//! Netlify's signed proxy rewrites: a rule with `Sign=LEAD_PROXY_SECRET` makes Netlify add an
//! `X-Nf-Sign` header to each request it forwards, a JSON Web Signature (HS256, keyed with the
//! value of that site variable) whose claims say `iss: "netlify"` and expire 5 minutes after
//! the request. The function keeps the same secret in its own `LEAD_PROXY_SECRET` and trusts
//! the client-address header only on a request whose signature checks out, so a caller of
//! the public function URL cannot choose the address it is counted under.

use std::time::{SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ring::hmac;

/// The header Netlify's signed proxy rewrites add.
pub const SIGNATURE_HEADER: &str = "x-nf-sign";

/// How long Netlify's signatures last.
const LIFETIME_SECONDS: u64 = 300;

/// Clock difference tolerated between Netlify and the function.
const LEEWAY_SECONDS: u64 = 60;

/// Why a signature was not accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    Malformed,
    WrongAlgorithm,
    BadSignature,
    NotNetlify,
    Expired,
}

/// Checks `token` (the `X-Nf-Sign` value) against `secret` at `now` (Unix seconds).
pub fn verify(token: &str, secret: &str, now: u64) -> Result<(), Refused> {
    let mut parts = token.trim().split('.');
    let (Some(header), Some(claims), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Refused::Malformed);
    };
    let decode =
        |part: &str| URL_SAFE_NO_PAD.decode(part.trim_end_matches('=')).map_err(|_| Refused::Malformed);
    let header: serde_json::Value =
        serde_json::from_slice(&decode(header)?).map_err(|_| Refused::Malformed)?;
    // Only HS256: a token that names another algorithm (`none`, an asymmetric one) is refused
    // before its signature is looked at.
    if header.get("alg").and_then(|a| a.as_str()) != Some("HS256") {
        return Err(Refused::WrongAlgorithm);
    }
    let signed = &token.trim()[..token.trim().len() - signature.len() - 1];
    let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
    hmac::verify(&key, signed.as_bytes(), &decode(signature)?).map_err(|_| Refused::BadSignature)?;
    let claims: serde_json::Value =
        serde_json::from_slice(&decode(claims)?).map_err(|_| Refused::Malformed)?;
    if claims.get("iss").and_then(|i| i.as_str()) != Some("netlify") {
        return Err(Refused::NotNetlify);
    }
    let expires = claims.get("exp").and_then(|e| e.as_u64()).ok_or(Refused::Malformed)?;
    if expires + LEEWAY_SECONDS < now || expires > now + LIFETIME_SECONDS + LEEWAY_SECONDS {
        return Err(Refused::Expired);
    }
    Ok(())
}

/// Checks `token` against `secret` now.
pub fn verify_now(token: &str, secret: &str) -> bool {
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    verify(token, secret, now).is_ok()
}

/// A signature as Netlify writes it at `now` (Unix seconds): for the tests and the load test,
/// which stand in for the proxy.
pub fn sign(secret: &str, now: u64) -> String {
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
    let claims = serde_json::json!({
        "deploy_context": "production",
        "netlify_id": "00000000-0000-0000-0000-000000000000",
        "site_url": "https://www.example.ae",
        "iss": "netlify",
        "iat": now,
        "exp": now + LIFETIME_SECONDS,
    });
    let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
    let signed = format!("{header}.{claims}");
    let tag = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes()), signed.as_bytes());
    format!("{signed}.{}", URL_SAFE_NO_PAD.encode(tag.as_ref()))
}

/// [`sign`] now.
pub fn sign_now(secret: &str) -> String {
    sign(secret, SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "s3cret-from-netlify";
    const NOW: u64 = 1_795_000_000;

    #[test]
    fn a_signature_of_netlifys_form_is_accepted_while_fresh() {
        let token = sign(SECRET, NOW);
        assert_eq!(verify(&token, SECRET, NOW), Ok(()));
        assert_eq!(verify(&token, SECRET, NOW + 299), Ok(()));
        assert_eq!(verify(&token, SECRET, NOW + 300 + LEEWAY_SECONDS + 1), Err(Refused::Expired));
    }

    #[test]
    fn a_token_signed_elsewhere_verifies() {
        // An HS256 JWS with Netlify's claims, made with Python's hmac module (not by `sign`)
        // with the secret "s3cret-from-netlify", issued at 1795000000.
        let token = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJkZXBsb3lfY29udGV4dCI6InByb2R1Y3Rpb24iLCJuZXRsaWZ5X2lkIjoieCIsInNpdGVfdXJsIjoiaHR0cHM6Ly9hLm5ldGxpZnkuYXBwIiwiaWF0IjoxNzk1MDAwMDAwLCJleHAiOjE3OTUwMDAzMDAsImlzcyI6Im5ldGxpZnkifQ.HSCrYvTrk7GiDpEG3gLfPW-_W-nMIw4nbYzQ-dOLAHY";
        assert_eq!(verify(token, SECRET, NOW + 10), Ok(()));
        assert_eq!(verify(token, "s3cret-from-netlifx", NOW + 10), Err(Refused::BadSignature));
    }

    #[test]
    fn forged_altered_or_foreign_tokens_are_refused() {
        let token = sign(SECRET, NOW);
        assert_eq!(verify(&token, "another-secret-0000", NOW), Err(Refused::BadSignature));
        // Claims swapped for other ones under the old signature.
        let parts: Vec<&str> = token.split('.').collect();
        let other = URL_SAFE_NO_PAD.encode(br#"{"iss":"netlify","exp":1895000000}"#);
        assert_eq!(
            verify(&format!("{}.{other}.{}", parts[0], parts[2]), SECRET, NOW),
            Err(Refused::BadSignature)
        );
        // alg none, with or without a signature.
        let none = URL_SAFE_NO_PAD.encode(br#"{"alg":"none"}"#);
        assert_eq!(verify(&format!("{none}.{}.", parts[1]), SECRET, NOW), Err(Refused::WrongAlgorithm));
        for junk in ["", "a.b", "a.b.c.d", "!!.!!.!!", &token[1..]] {
            assert!(verify(junk, SECRET, NOW).is_err(), "{junk:?}");
        }
        // Signed with the right key but not by Netlify.
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256"}"#);
        let claims = URL_SAFE_NO_PAD.encode(br#"{"iss":"me","exp":1795000300}"#);
        let signed = format!("{header}.{claims}");
        let tag = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, SECRET.as_bytes()), signed.as_bytes());
        let mine = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(tag.as_ref()));
        assert_eq!(verify(&mine, SECRET, NOW), Err(Refused::NotNetlify));
        // A token from the far future (a leaked signing key's long-lived token) is refused.
        assert_eq!(verify(&sign(SECRET, NOW + 86_400), SECRET, NOW), Err(Refused::Expired));
    }
}
