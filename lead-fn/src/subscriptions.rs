//! Where saved searches are kept: behind [`Store`], in DynamoDB on AWS ([`Dynamo`]) and in one
//! JSON file for `estate serve` ([`Local`]). Both keep the same records:
//!
//! - a [`Subscription`] under its address ([`address_key`]: trimmed, lower case) and its id, so
//!   one read lists an address's searches and counts them against
//!   [`contract::endpoints::SAVED_SEARCH_MAX_PER_ADDRESS`]; what the digest did for it is on it:
//!   the listings it has been sent (`sent`), those waiting for tomorrow's email (`pending`) and
//!   when it was last emailed (`lastSentAt`);
//! - a [`Token`] under the SHA-256 of the token (the link's secret itself is never stored, so
//!   a copy of the table opens nothing): a confirmation token (random, one use: once used it
//!   only answers 'already confirmed'), expiring with the unconfirmed subscription after
//!   [`UNCONFIRMED_FOR`], and a manage token, kept as long as the search. The manage token is
//!   the HMAC of the search's id with the secret `LEAD_ALERTS_SECRET` ([`LinkKey`]), so every
//!   digest can put the search's unsubscribe and manage links in its email again;
//! - what the last digest saw of the catalogue ([`Seen`]): each listing's id and price, so the
//!   next one knows which listings are new and which got cheaper.
//!
//! An unconfirmed subscription and its confirmation token carry `expiresAt` (seconds since
//! 1970): DynamoDB's TTL removes them some time after it passes, and every read treats them as
//! gone from that second on.

use std::fmt::Debug;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

mod dynamo;
mod local;

pub use dynamo::{Dynamo, DynamoSettings};
pub use local::Local;

/// How long a subscription waits for its confirmation before it is gone.
pub const UNCONFIRMED_FOR: Duration = Duration::from_secs(48 * 3600);

/// How long a used confirmation link keeps answering 'already confirmed' before it is gone.
pub const USED_CONFIRMATION_KEPT: Duration = Duration::from_secs(30 * 24 * 3600);

/// What a visitor agreed to, recorded as the law on personal data asks: the words shown, in
/// the language shown, when and on which page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Consent {
    pub text: String,
    pub lang: String,
    /// RFC 3339, UTC.
    pub at: String,
    pub page: String,
}

/// One saved search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    pub id: String,
    /// The address as typed (trimmed); [`address_key`] of it is its key.
    pub email: String,
    /// `en`, `ar` or `ru`: the language of its emails and pages.
    pub lang: String,
    /// Which search: `all`, `residential`, `commercial`, `off-plan` or `rent`.
    pub category: String,
    /// The result page's query string, read by the search endpoints' rules.
    pub criteria: String,
    /// The result page it was saved on (a path on the site).
    pub page: String,
    pub consent: Consent,
    /// Seconds since 1970.
    pub created_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirmed_at: Option<u64>,
    /// Unconfirmed: when it is gone (seconds since 1970).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// The SHA-256 of its tokens, removed with it.
    pub tokens: Vec<String>,
    /// What it has been sent: a listing's id (sent as new), or the id with [`DROP`] after it
    /// (sent again when its price fell; once).
    #[serde(default)]
    pub sent: Vec<String>,
    /// What waits for its next email, as [`Subscription::sent`] writes it (found on a day it
    /// had its email already, or when sending failed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<String>,
    /// When it was last emailed a digest (seconds since 1970).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_sent_at: Option<u64>,
}

/// After a listing's id in [`Subscription::sent`]: it was sent again for its lower price.
pub const DROP: &str = "~drop";

impl Subscription {
    /// Whether it is past its confirmation's time at `now`.
    pub fn expired(&self, now: u64) -> bool {
        self.confirmed_at.is_none() && self.expires_at.is_some_and(|at| at <= now)
    }
}

/// What a token opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// The confirmation link.
    Confirm,
    /// Unsubscribing and the address's list of searches.
    Manage,
}

/// A token's record, under [`Token::hash`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Token {
    /// The SHA-256 of the token, hex.
    pub hash: String,
    pub purpose: Purpose,
    /// [`address_key`] of the subscription's address.
    pub address: String,
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<u64>,
    /// A confirmation token: when it was used (it confirms nothing again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub used_at: Option<u64>,
}

impl Token {
    pub fn expired(&self, now: u64) -> bool {
        self.expires_at.is_some_and(|at| at <= now)
    }
}

/// The outcome of [`Store::add`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Added {
    Saved,
    /// The address has the most searches it may keep already.
    TooMany,
}

/// The outcome of [`Store::confirm`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confirmed {
    Now,
    Already,
    /// No such subscription, or it expired unconfirmed.
    Gone,
}

/// What a digest did for one subscription ([`Store::digested`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Digested {
    /// Added to [`Subscription::sent`].
    pub sent: Vec<String>,
    /// Replaces [`Subscription::pending`].
    pub pending: Vec<String>,
    /// Its email went at this time (seconds since 1970).
    pub sent_at: Option<u64>,
}

/// What a digest saw of the published catalogue: each listing's id and its price as search
/// compares it (a rent's yearly amount; none: 'contact for price').
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seen {
    /// Seconds since 1970.
    pub at: u64,
    pub listings: BTreeMap<String, Option<u64>>,
}

/// The store could not be read or written (answered 503; never the visitor's details).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the saved searches' store failed: {0}")]
pub struct StoreError(pub String);

pub type Answer<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// The saved searches' store. `now` is seconds since 1970.
pub trait Store: Debug + Send + Sync {
    /// Keeps `subscription` and its `tokens`, unless its address has `most` live searches.
    fn add<'a>(
        &'a self,
        subscription: &'a Subscription,
        tokens: &'a [Token],
        most: usize,
        now: u64,
    ) -> Answer<'a, Added>;
    /// The token with this hash, expired or not.
    fn token<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<Token>>;
    /// The address's live searches, oldest first.
    fn list<'a>(&'a self, address: &'a str, now: u64) -> Answer<'a, Vec<Subscription>>;
    /// Marks the subscription confirmed (its expiry dropped), unless it is or is gone, and its
    /// confirmation token (`token`, its hash) used: kept [`USED_CONFIRMATION_KEPT`] to answer
    /// 'already confirmed'.
    fn confirm<'a>(
        &'a self,
        address: &'a str,
        id: &'a str,
        token: &'a str,
        now: u64,
    ) -> Answer<'a, Confirmed>;
    /// Removes the subscription and its tokens; whether there was one.
    fn remove<'a>(&'a self, address: &'a str, id: &'a str) -> Answer<'a, bool>;
    /// Every confirmed subscription, of every address (the digest's run).
    fn confirmed(&self) -> Answer<'_, Vec<Subscription>>;
    /// Records what a digest did for the subscription (nothing when it is gone meanwhile).
    fn digested<'a>(&'a self, address: &'a str, id: &'a str, done: &'a Digested) -> Answer<'a, ()>;
    /// What the last digest saw of the catalogue; none before the first.
    fn seen(&self) -> Answer<'_, Option<Seen>>;
    /// Keeps what this digest saw.
    fn set_seen<'a>(&'a self, seen: &'a Seen) -> Answer<'a, ()>;
}

/// The key of the links' tokens (`LEAD_ALERTS_SECRET`): a search's manage token is the
/// HMAC-SHA256 of its id under it, base64url, so a digest can write the search's links again
/// while the store keeps only their hashes. A new secret makes every earlier manage link unknown
/// (they then say 'expired'; the next digest carries working ones).
#[derive(Clone)]
pub struct LinkKey(ring::hmac::Key);

impl std::fmt::Debug for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LinkKey(..)")
    }
}

impl LinkKey {
    /// The shortest secret taken: 16 printable characters (the deploy script makes 48).
    pub const MIN_CHARS: usize = 16;

    pub fn new(secret: &str) -> LinkKey {
        LinkKey(ring::hmac::Key::new(ring::hmac::HMAC_SHA256, secret.as_bytes()))
    }

    /// The manage (and unsubscribe) token of search `id`.
    pub fn manage_token(&self, id: &str) -> String {
        use base64::Engine as _;
        let tag = ring::hmac::sign(&self.0, format!("manage\n{id}").as_bytes());
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(tag.as_ref())
    }
}

/// The key of an address: trimmed, lower case (one person's 'Aisha@X.ae' and 'aisha@x.ae' count
/// as one address).
pub fn address_key(email: &str) -> String {
    email.trim().to_lowercase()
}

/// A new token: 256 random bits from the system's generator, base64url (43 characters).
pub fn new_token() -> Result<String, StoreError> {
    use base64::Engine as _;
    use ring::rand::SecureRandom as _;
    let mut bytes = [0u8; 32];
    ring::rand::SystemRandom::new().fill(&mut bytes).map_err(|_| StoreError("no random bytes".into()))?;
    Ok(base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// The SHA-256 of a token, hex: what the store keeps.
pub fn token_hash(token: &str) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, token.as_bytes());
    digest.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

/// Seconds since 1970 of `time`.
pub fn seconds(time: std::time::SystemTime) -> u64 {
    time.duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_kept_only_hashed() {
        let (a, b) = (new_token().expect("a token"), new_token().expect("a token"));
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'), "{a}");
        let hash = token_hash(&a);
        assert_eq!(hash.len(), 64);
        assert_ne!(hash, token_hash(&b));
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    #[test]
    fn manage_tokens_are_the_hmac_of_the_id_under_the_secret() {
        let key = LinkKey::new("a-secret-of-the-deploy-0123456789");
        let token = key.manage_token("20261128-abc");
        assert_eq!(token, key.manage_token("20261128-abc"));
        assert_eq!(token.len(), 43);
        assert_ne!(token, key.manage_token("20261128-abd"));
        assert_ne!(token, LinkKey::new("another-secret-0123456789").manage_token("20261128-abc"));
        // RFC 4231's first case, as a check of the primitive: HMAC-SHA256 of "Hi There".
        let rfc = ring::hmac::sign(&ring::hmac::Key::new(ring::hmac::HMAC_SHA256, &[0x0b; 20]), b"Hi There");
        assert_eq!(
            rfc.as_ref().iter().map(|b| format!("{b:02x}")).collect::<String>(),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
    }
}
