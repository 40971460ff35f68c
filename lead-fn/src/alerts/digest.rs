//! The digest: the saved searches' alerts. A run compares the published catalogue with what the
//! last run saw of it ([`Seen`]: each listing's id and price) and finds the listings that are
//! new and those whose price fell ([`fresh`]); each confirmed search is asked which of those it
//! matches, by the search endpoints' own rules ([`crate::search::matching_among`]), and gets
//! them in an email in its language ([`plan`], then [`run`]), with these rules:
//!
//! - no listing is sent twice to one search: what it was sent is kept on it
//!   ([`Subscription::sent`]); a listing whose price fell is sent once more, with its new price
//!   (its id and [`store::DROP`]);
//! - at most one email a search a day (a calendar day in Dubai, UTC+4): what it matches on a day
//!   it had its email already waits on it ([`Subscription::pending`]) for the next run, and so
//!   does what could not be sent (every mail sink refused it);
//! - an email shows at most [`MOST_LISTED`] listings and links the search's results for the rest.
//!
//! A run is woken by Netlify's deploy notification (`hooks`), by the daily schedule (a Lambda
//! event that is not HTTP, `crate::lambda`) and, in `estate serve`, after each rebuild. The
//! first confirmed search starts the record ([`start_from`]): what is published when it is
//! confirmed is no news to it. A run that finds no record makes one and sends nothing.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use contract::{ApiProperty, MainCategory, PricePeriod};
use lettre::message::Mailbox;

use super::store::{self, Digested, Seen, Store, Subscription};
use super::words;
use crate::catalogue::{Catalogue, Snapshot};
use crate::leads::{Settings, sinks};
use crate::search::Criteria;

/// The most listings one email shows.
pub const MOST_LISTED: usize = 12;

/// Dubai's offset from UTC, which the 'one email a day' counts its days in.
const DUBAI_OFFSET: u64 = 4 * 3600;

/// A listing new since the last run, or cheaper than it saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fresh {
    /// Its number in the snapshot.
    pub number: usize,
    /// A price drop: the price the last run saw (as search compares it, yearly).
    pub was: Option<u64>,
}

/// What the catalogue holds now, as the next run compares it.
pub fn seen_of(snapshot: &Snapshot, at: u64) -> Seen {
    Seen { at, listings: snapshot.listings.iter().map(|l| (l.id.to_string(), l.yearly_price)).collect() }
}

/// The listings of `snapshot` that `seen` did not have, and those cheaper than it saw them.
pub fn fresh(snapshot: &Snapshot, seen: &Seen) -> Vec<Fresh> {
    let mut found = Vec::new();
    for (number, listing) in snapshot.listings.iter().enumerate() {
        match seen.listings.get(&*listing.id) {
            None => found.push(Fresh { number, was: None }),
            Some(&Some(was)) if listing.yearly_price.is_some_and(|now| now < was) => {
                found.push(Fresh { number, was: Some(was) });
            }
            Some(_) => {}
        }
    }
    found
}

/// One listing for one search: its number, what [`Subscription::sent`] will hold for it, and
/// the price it had before when it is a drop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct News {
    pub number: usize,
    pub entry: String,
    pub was: Option<u64>,
}

/// What one search gets from a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    /// Its place in the searches given to [`plan`].
    pub search: usize,
    pub news: Vec<News>,
    /// Emailed now; else kept for its next email (it had one today).
    pub send: bool,
}

/// The category and criteria of a saved search, read as the search endpoints read them (the
/// query's words with the catalogue's names); `None` when it cannot be read any more.
pub fn criteria_of(snapshot: &Snapshot, search: &Subscription) -> Option<(Option<MainCategory>, Criteria)> {
    let (_, category) = super::subscribe::CATEGORIES.iter().find(|(name, _)| *name == search.category)?;
    let mut criteria = crate::search::criteria_from(Some(&search.criteria), b"").ok()?;
    criteria.read_query(&snapshot.names);
    Some((*category, criteria))
}

/// The day in Dubai of a time (seconds since 1970).
fn day(seconds: u64) -> u64 {
    (seconds + DUBAI_OFFSET) / 86_400
}

/// What each search gets from `fresh` and what waits on it: the listings it matches that it
/// was not sent, to email now or, when it had its email today, to keep. No I/O: the matching
/// and the queue (the bench measures this).
pub fn plan(snapshot: &Snapshot, fresh: &[Fresh], searches: &[Subscription], now: u64) -> Vec<Planned> {
    let numbers: HashMap<&str, usize> =
        snapshot.listings.iter().enumerate().map(|(number, l)| (&*l.id, number)).collect();
    let fresh_numbers: Vec<usize> = fresh.iter().map(|f| f.number).collect();
    let mut planned = Vec::new();
    for (at, search) in searches.iter().enumerate() {
        if search.confirmed_at.is_none() {
            continue;
        }
        // What waits on it, if still published.
        let waiting: Vec<(usize, &str)> = search
            .pending
            .iter()
            .filter_map(|entry| {
                let id = entry.strip_suffix(store::DROP).unwrap_or(entry);
                numbers.get(id).map(|&number| (number, entry.as_str()))
            })
            .collect();
        if fresh.is_empty() && waiting.is_empty() {
            continue;
        }
        let Some((category, criteria)) = criteria_of(snapshot, search) else { continue };
        let mut candidates = fresh_numbers.clone();
        candidates.extend(waiting.iter().map(|(number, _)| *number));
        let matched = crate::search::matching_among(snapshot, category, &criteria, &candidates);
        if matched.is_empty() {
            continue;
        }
        let mut news: Vec<News> = Vec::new();
        for number in matched {
            if news.iter().any(|n| n.number == number) {
                continue;
            }
            let id = &*snapshot.listings[number].id;
            let (entry, was) = match fresh.iter().find(|f| f.number == number) {
                Some(Fresh { was: Some(was), .. }) => (format!("{id}{}", store::DROP), Some(*was)),
                Some(Fresh { was: None, .. }) => (id.to_owned(), None),
                None => {
                    let entry = waiting.iter().find(|(n, _)| *n == number).map_or(id, |(_, e)| e);
                    (entry.to_owned(), None)
                }
            };
            // A new listing it was sent already (published again), or a second drop: not again.
            if search.sent.contains(&entry) {
                continue;
            }
            news.push(News { number, entry, was });
        }
        if news.is_empty() {
            continue;
        }
        let send = search.last_sent_at.is_none_or(|last| day(last) < day(now));
        planned.push(Planned { search: at, news, send });
    }
    planned
}

/// What a run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The confirmed searches compared.
    pub searches: usize,
    /// The listings new or cheaper since the last run.
    pub fresh: usize,
    /// Emails sent, and the listings in them.
    pub emails: usize,
    pub listings: usize,
    /// Searches whose news wait for tomorrow (emailed today already), or for a sink that works.
    pub kept: usize,
    /// No earlier record: this run made one and sent nothing.
    pub started: bool,
}

/// A run could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DigestError {
    #[error("saved searches are not configured (a store, LEAD_ALERTS_SECRET and a mail sink)")]
    NotConfigured,
    #[error("the catalogue could not be read: {0}")]
    Catalogue(#[from] crate::catalogue::LoadError),
    #[error(transparent)]
    Store(#[from] store::StoreError),
}

/// Makes the record of what is published when there is none yet (the first confirmed search),
/// so what was there before is no news. A failure is logged: the next run makes it then.
pub async fn start_from(catalogue: &Catalogue, store: &dyn Store) {
    let started = async {
        if store.seen().await?.is_some() {
            return Ok::<_, DigestError>(());
        }
        let snapshot = catalogue.snapshot().await?;
        store.set_seen(&seen_of(&snapshot, store::seconds(SystemTime::now()))).await?;
        Ok(())
    };
    match tokio::time::timeout(Duration::from_secs(2), started).await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => tracing::warn!(event = "digest_start_failed", error = %error),
        Err(_) => tracing::warn!(event = "digest_start_failed", error = "timed out"),
    }
}

/// One run: compares, emails each search its news through the mail sinks, records what each was
/// sent and what the catalogue held.
pub async fn run(catalogue: &Catalogue, settings: &Settings, now: SystemTime) -> Result<Report, DigestError> {
    let (Some(store), Some(key)) = (&settings.saved_searches, &settings.alerts_key) else {
        return Err(DigestError::NotConfigured);
    };
    let mail_sinks: Arc<[sinks::Sink]> =
        settings.sinks.iter().filter(|s| s.carries_mail()).cloned().collect();
    if mail_sinks.is_empty() {
        return Err(DigestError::NotConfigured);
    }
    let seconds = store::seconds(now);
    let snapshot = catalogue.snapshot().await?;
    let Some(seen) = store.seen().await? else {
        store.set_seen(&seen_of(&snapshot, seconds)).await?;
        tracing::info!(event = "digest", started = true, listings = snapshot.listings.len());
        return Ok(Report { started: true, ..Report::default() });
    };
    let fresh = fresh(&snapshot, &seen);
    let searches = store.confirmed().await?;
    let planned = plan(&snapshot, &fresh, &searches, seconds);
    let mut report = Report { searches: searches.len(), fresh: fresh.len(), ..Report::default() };
    for one in planned {
        let search = &searches[one.search];
        let address = store::address_key(&search.email);
        let entries: Vec<String> = one.news.iter().map(|n| n.entry.clone()).collect();
        let sent = if one.send {
            send(&snapshot, settings, key, &mail_sinks, search, &one.news, now).await
        } else {
            false
        };
        let done = if sent {
            report.emails += 1;
            report.listings += one.news.len();
            Digested { sent: entries, pending: Vec::new(), sent_at: Some(seconds) }
        } else {
            report.kept += 1;
            Digested { sent: Vec::new(), pending: entries, sent_at: None }
        };
        store.digested(&address, &search.id, &done).await?;
    }
    store.set_seen(&seen_of(&snapshot, seconds)).await?;
    tracing::info!(
        event = "digest",
        searches = report.searches,
        fresh = report.fresh,
        emails = report.emails,
        listings = report.listings,
        kept = report.kept
    );
    Ok(report)
}

/// The price of a listing in words, as its card shows it.
fn price_text(lang: &str, price: Option<u64>, period: Option<PricePeriod>) -> String {
    let Some(price) = price else { return words::text(lang, "digest", "onRequest") };
    let key = match period {
        Some(PricePeriod::Year) => "perYear",
        Some(PricePeriod::Month) => "perMonth",
        None => "price",
    };
    words::text(lang, "digest", key).replace("{n}", &contract::text::thousands(price))
}

/// An address on the site, absolute when the site's address is known.
fn on_site(settings: &Settings, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        return path.to_owned();
    }
    super::link(settings, path, &[])
}

/// One listing's card in the email.
fn card(settings: &Settings, lang: &str, property: &ApiProperty, news: &News) -> words::Card {
    let was = news.was.map(|yearly| match property.price_period {
        Some(PricePeriod::Month) => yearly / 12,
        _ => yearly,
    });
    // The title and place in the subscriber's language where the listing gives them.
    let translated = property.translations.get(lang);
    let title = translated.and_then(|t| t.title.clone()).unwrap_or_else(|| property.title.clone());
    let place = translated.and_then(|t| t.location.clone()).or_else(|| property.location.clone());
    words::Card {
        title,
        // The original photo: mail clients draw JPEG and PNG, not every one WebP.
        photo: property.images.first().map(|image| on_site(settings, image)),
        price: price_text(lang, property.price, property.price_period),
        was: was.map(|was| price_text(lang, Some(was), property.price_period)),
        url: on_site(settings, &contract::urls::localized_path(lang, &property.url)),
        place: place.unwrap_or_default(),
    }
}

/// One search's email, ready for the sinks; none when its address cannot be written to or its
/// template fails (logged).
pub fn prepare(
    snapshot: &Snapshot,
    settings: &Settings,
    key: &store::LinkKey,
    search: &Subscription,
    news: &[News],
    now: SystemTime,
) -> Option<sinks::Mail> {
    let lang = contract::urls::language(&search.lang).unwrap_or(contract::urls::DEFAULT_LANGUAGE);
    let cards: Vec<words::Card> = news
        .iter()
        .take(MOST_LISTED)
        .filter_map(|n| {
            snapshot.property(&snapshot.listings[n.number].id).map(|p| card(settings, lang, &p, n))
        })
        .collect();
    let to = crate::leads::reply_to::address(&search.email).map(|a| Mailbox::new(None, a))?;
    let criteria = criteria_of(snapshot, search).map(|(_, c)| c).unwrap_or_default();
    let token = key.manage_token(&search.id);
    let path = search.page.split('?').next().filter(|p| p.starts_with('/') && !p.starts_with("//"));
    let results = match (path, search.criteria.is_empty()) {
        (Some(path), false) => format!("{}?{}", super::link(settings, path, &[]), search.criteria),
        (Some(path), true) => super::link(settings, path, &[]),
        (None, _) => super::link(settings, "/", &[]),
    };
    let links = words::Links {
        confirm: String::new(),
        manage: super::link(
            settings,
            contract::endpoints::SAVED_SEARCH_MANAGE_PATH,
            &[("token", &token), ("lang", lang)],
        ),
        results,
        unsubscribe: super::link(
            settings,
            contract::endpoints::SAVED_SEARCH_UNSUBSCRIBE_PATH,
            &[("token", &token), ("lang", lang)],
        ),
    };
    let id = format!("{}-alert-{}", search.id, store::seconds(now));
    let described = words::describe(&search.category, &criteria, lang, &snapshot.terms);
    let more = news.len().saturating_sub(cards.len());
    match words::digest(&id, lang, &settings.addresses.from, to, &described, &cards, more, &links, now) {
        Ok(email) => Some(sinks::Mail { id, email }),
        Err(error) => {
            tracing::error!(event = "digest_render_failed", search = %search.id, error = %error);
            None
        }
    }
}

/// Renders and sends one search's email; whether a mail sink took it.
async fn send(
    snapshot: &Snapshot,
    settings: &Settings,
    key: &store::LinkKey,
    mail_sinks: &Arc<[sinks::Sink]>,
    search: &Subscription,
    news: &[News],
    now: SystemTime,
) -> bool {
    let Some(mail) = prepare(snapshot, settings, key, search, news, now) else { return false };
    let outcomes = sinks::deliver(mail_sinks.clone(), Arc::new(mail), settings.budget).await;
    let taken = outcomes.iter().any(|o| o.accepted);
    tracing::info!(
        event = "digest_email",
        search = %search.id,
        lang = %search.lang,
        listings = news.len(),
        outcome = if taken { "accepted" } else { "failed" }
    );
    taken
}
