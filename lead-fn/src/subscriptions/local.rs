//! The saved searches of `estate serve`: one JSON file, `subscriptions.json`, in a folder of its
//! own. A few dozen searches on one machine need no database: the whole file is read, changed
//! and written again under a lock, each write to a hidden temporary file that is flushed to the
//! disk and renamed over the old one (the folder flushed after), so after a crash the file is
//! the old one or the new one, never half of each. People can read it, which helps whoever tries
//! the alerts locally. Expired unconfirmed searches and their tokens are dropped at each write.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

use super::{Added, Answer, Confirmed, Digested, Seen, Store, StoreError, Subscription, Token, address_key};

/// The file's name in its folder.
pub const FILE: &str = "subscriptions.json";

#[derive(Debug, Default, Serialize, Deserialize)]
struct Contents {
    subscriptions: Vec<Subscription>,
    tokens: Vec<Token>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seen: Option<Seen>,
}

#[derive(Debug, Clone)]
pub struct Local {
    file: PathBuf,
    /// One change at a time (one process writes the folder).
    lock: Arc<Mutex<()>>,
}

impl Local {
    /// The store in `dir` (made when first written).
    pub fn new(dir: impl AsRef<Path>) -> Local {
        Local { file: dir.as_ref().join(FILE), lock: Arc::new(Mutex::new(())) }
    }

    /// Reads the file, lets `change` work on it, and writes it back when asked to.
    async fn with<T: Send + 'static>(
        &self,
        change: impl FnOnce(&mut Contents) -> (T, bool) + Send + 'static,
    ) -> Result<T, StoreError> {
        let _held = self.lock.lock().await;
        let file = self.file.clone();
        tokio::task::spawn_blocking(move || {
            let mut contents = read(&file)?;
            let (answer, changed) = change(&mut contents);
            if changed {
                let now = super::seconds(std::time::SystemTime::now());
                contents.subscriptions.retain(|s| !s.expired(now));
                contents.tokens.retain(|t| !t.expired(now));
                write(&file, &contents)?;
            }
            Ok(answer)
        })
        .await
        .map_err(|_| StoreError("the local store's task panicked".into()))?
    }
}

fn read(file: &Path) -> Result<Contents, StoreError> {
    match std::fs::read(file) {
        Ok(bytes) => serde_json::from_slice(&bytes)
            .map_err(|e| StoreError(format!("{} is not the store's JSON: {e}", file.display()))),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Contents::default()),
        Err(error) => Err(StoreError(format!("cannot read {}: {error}", file.display()))),
    }
}

fn write(file: &Path, contents: &Contents) -> Result<(), StoreError> {
    let failed = |e: std::io::Error| StoreError(format!("cannot write {}: {e}", file.display()));
    let dir = file.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(failed)?;
    let temp = dir.join(format!(".{FILE}.tmp"));
    let bytes = serde_json::to_vec_pretty(contents).map_err(|e| StoreError(e.to_string()))?;
    let mut out = std::fs::File::create(&temp).map_err(failed)?;
    out.write_all(&bytes).and_then(|()| out.sync_all()).map_err(failed)?;
    std::fs::rename(&temp, file).map_err(failed)?;
    #[cfg(unix)]
    std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(failed)?;
    Ok(())
}

impl Store for Local {
    fn add<'a>(
        &'a self,
        subscription: &'a Subscription,
        tokens: &'a [Token],
        most: usize,
        now: u64,
    ) -> Answer<'a, Added> {
        let (subscription, tokens) = (subscription.clone(), tokens.to_vec());
        Box::pin(self.with(move |contents| {
            let address = address_key(&subscription.email);
            let live = contents
                .subscriptions
                .iter()
                .filter(|s| address_key(&s.email) == address && !s.expired(now))
                .count();
            if live >= most {
                return (Added::TooMany, false);
            }
            contents.subscriptions.push(subscription);
            contents.tokens.extend(tokens);
            (Added::Saved, true)
        }))
    }

    fn token<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<Token>> {
        let hash = hash.to_owned();
        Box::pin(self.with(move |contents| (contents.tokens.iter().find(|t| t.hash == hash).cloned(), false)))
    }

    fn list<'a>(&'a self, address: &'a str, now: u64) -> Answer<'a, Vec<Subscription>> {
        let address = address.to_owned();
        Box::pin(self.with(move |contents| {
            let mine = contents
                .subscriptions
                .iter()
                .filter(|s| address_key(&s.email) == address && !s.expired(now))
                .cloned()
                .collect();
            (mine, false)
        }))
    }

    fn confirm<'a>(
        &'a self,
        address: &'a str,
        id: &'a str,
        token: &'a str,
        now: u64,
    ) -> Answer<'a, Confirmed> {
        let (address, id, token) = (address.to_owned(), id.to_owned(), token.to_owned());
        Box::pin(self.with(move |contents| {
            let found = contents
                .subscriptions
                .iter_mut()
                .find(|s| s.id == id && address_key(&s.email) == address && !s.expired(now));
            let answer = match found {
                None => return (Confirmed::Gone, false),
                Some(s) if s.confirmed_at.is_some() => Confirmed::Already,
                Some(s) => {
                    s.confirmed_at = Some(now);
                    s.expires_at = None;
                    Confirmed::Now
                }
            };
            if let Some(used) = contents.tokens.iter_mut().find(|t| t.hash == token && t.used_at.is_none()) {
                used.used_at = Some(now);
                used.expires_at = Some(now + super::USED_CONFIRMATION_KEPT.as_secs());
                return (answer, true);
            }
            (answer, answer == Confirmed::Now)
        }))
    }

    fn remove<'a>(&'a self, address: &'a str, id: &'a str) -> Answer<'a, bool> {
        let (address, id) = (address.to_owned(), id.to_owned());
        Box::pin(self.with(move |contents| {
            let at =
                contents.subscriptions.iter().position(|s| s.id == id && address_key(&s.email) == address);
            let Some(at) = at else { return (false, false) };
            let gone = contents.subscriptions.remove(at);
            contents.tokens.retain(|t| !gone.tokens.contains(&t.hash));
            (true, true)
        }))
    }

    fn confirmed(&self) -> Answer<'_, Vec<Subscription>> {
        Box::pin(self.with(move |contents| {
            let confirmed =
                contents.subscriptions.iter().filter(|s| s.confirmed_at.is_some()).cloned().collect();
            (confirmed, false)
        }))
    }

    fn digested<'a>(&'a self, address: &'a str, id: &'a str, done: &'a Digested) -> Answer<'a, ()> {
        let (address, id, done) = (address.to_owned(), id.to_owned(), done.clone());
        Box::pin(self.with(move |contents| {
            let found =
                contents.subscriptions.iter_mut().find(|s| s.id == id && address_key(&s.email) == address);
            let Some(s) = found else { return ((), false) };
            for listing in done.sent {
                if !s.sent.contains(&listing) {
                    s.sent.push(listing);
                }
            }
            s.pending = done.pending;
            s.last_sent_at = done.sent_at.or(s.last_sent_at);
            ((), true)
        }))
    }

    fn seen(&self) -> Answer<'_, Option<Seen>> {
        Box::pin(self.with(move |contents| (contents.seen.clone(), false)))
    }

    fn set_seen<'a>(&'a self, seen: &'a Seen) -> Answer<'a, ()> {
        let seen = seen.clone();
        Box::pin(self.with(move |contents| {
            contents.seen = Some(seen);
            ((), true)
        }))
    }
}
