//! The saved searches' digest without the sending: 10,000 confirmed searches against a catalogue
//! of 2,050 listings of which 50 are new since the last run. Measured, each the median of 11
//! runs on one thread:
//! - matching and the queue ([`digest::plan`]): each search read by the search endpoints' rules
//!   and asked which of the 50 it matches, what it was sent left out;
//! - the queue's emails rendered too ([`digest::prepare`]: text and HTML in the subscriber's
//!   language, the one-click unsubscribe headers, the message as SMTP sends it).
//!
//! The searches mix the five categories, the three languages, a type, bedrooms, a community
//! (one of 40), a price bound and, one in ten, words. Run: `cargo bench -p lead-fn --bench
//! alerts`. Target: matched and queued in under 1 s.

use std::time::{Duration, Instant, SystemTime};

use lead_fn::alerts::digest;
use lead_fn::catalogue::Snapshot;
use lead_fn::leads::Settings;
use lead_fn::subscriptions::{Consent, LinkKey, Seen, Subscription};

#[path = "common/listings.rs"]
mod common;
use common::listings;

const LISTINGS: usize = 2_050;
const NEW: usize = 50;
const SEARCHES: usize = 10_000;
const RUNS: usize = 11;

const TYPES: [&str; 6] = ["Apartment", "Villa", "Townhouse", "Penthouse", "Office", "Plot"];
const WORDS: [&str; 8] = ["bright", "spacious", "sea", "view", "balcony", "pool", "garden", "quiet"];

fn communities() -> Vec<String> {
    (0..40).map(|n| format!("Community {n}")).collect()
}

fn searches() -> Vec<Subscription> {
    let mut rng = fastrand::Rng::with_seed(11);
    let communities = communities();
    let categories = ["all", "residential", "commercial", "off-plan", "rent"];
    (0..SEARCHES)
        .map(|n| {
            let mut criteria = vec![format!("type={}", TYPES[rng.usize(..TYPES.len())])];
            if rng.bool() {
                criteria.push(format!("bedrooms={}", rng.u32(0..8)));
            }
            let community = &communities[rng.usize(..communities.len())];
            criteria.push(format!("community={}", community.replace(' ', "+")));
            if rng.bool() {
                criteria.push(format!("max={}", rng.u64(1_000_000..20_000_000)));
            }
            if n % 10 == 0 {
                criteria.push(format!("query={}", WORDS[rng.usize(..WORDS.len())]));
            }
            Subscription {
                id: format!("s{n}"),
                email: format!("person{}@example.com", n / 10),
                lang: ["en", "ar", "ru"][n % 3].into(),
                category: categories[n % 5].into(),
                criteria: criteria.join("&"),
                page: "/search".into(),
                consent: Consent {
                    text: "…".into(),
                    lang: "en".into(),
                    at: "2026-11-01T00:00:00.000Z".into(),
                    page: "/search".into(),
                },
                created_at: 1_790_000_000,
                confirmed_at: Some(1_790_000_100),
                expires_at: None,
                tokens: Vec::new(),
                sent: (0..rng.usize(0..20)).map(|k| format!("p{}", 100 + k)).collect(),
                pending: Vec::new(),
                last_sent_at: Some(1_790_000_200),
            }
        })
        .collect()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let names = communities();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let snapshot = Snapshot::new(listings(LISTINGS, &names, &TYPES, &WORDS)).expect("a snapshot");
    // The catalogue is newest first: the first 50 are new since the last run.
    let seen = Seen {
        at: 1_790_000_000,
        listings: snapshot.listings[NEW..].iter().map(|l| (l.id.to_string(), l.yearly_price)).collect(),
    };
    let searches = searches();
    let now = SystemTime::now();
    let seconds = now.duration_since(SystemTime::UNIX_EPOCH).expect("a clock").as_secs();
    let fresh = digest::fresh(&snapshot, &seen);
    assert_eq!(fresh.len(), NEW);

    let mut planned = Vec::new();
    let mut plan_times = Vec::new();
    for _ in 0..RUNS {
        let started = Instant::now();
        planned = digest::plan(&snapshot, &fresh, &searches, seconds);
        plan_times.push(started.elapsed());
    }
    let news: usize = planned.iter().map(|p| p.news.len()).sum();

    let settings = Settings { site_url: Some("https://palmcrest.example".into()), ..Settings::default() };
    let key = LinkKey::new("a-secret-of-the-bench-0123456789");
    let mut queue_times = Vec::new();
    let mut bytes = 0;
    for _ in 0..RUNS {
        let started = Instant::now();
        let planned = digest::plan(&snapshot, &fresh, &searches, seconds);
        let mails: Vec<_> = planned
            .iter()
            .filter(|p| p.send)
            .filter_map(|p| digest::prepare(&snapshot, &settings, &key, &searches[p.search], &p.news, now))
            .collect();
        queue_times.push(started.elapsed());
        bytes = mails.iter().map(|m| m.email.eml.len()).sum::<usize>();
        assert_eq!(mails.len(), planned.len());
    }

    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "digest: {SEARCHES} confirmed searches, {LISTINGS} listings of which {NEW} new; {} searches matched {news} listings",
        planned.len()
    );
    println!(
        "  matched and queued (digest::plan): median {:.1} ms over {RUNS} runs (min {:.1}, max {:.1})",
        ms(median(plan_times.clone())),
        ms(*plan_times.iter().min().expect("runs")),
        ms(*plan_times.iter().max().expect("runs"))
    );
    println!(
        "  and their {} emails rendered (digest::prepare, {:.1} MB): median {:.1} ms over {RUNS} runs",
        planned.len(),
        bytes as f64 / 1e6,
        ms(median(queue_times))
    );
    let target = Duration::from_secs(1);
    let verdict = if median(plan_times) < target { "under" } else { "OVER" };
    println!("  target: matched and queued in under 1 s: {verdict}");
}
