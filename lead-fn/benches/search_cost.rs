//! What one search request costs the function, through its router as a client calls it (the
//! body read, the request's values cut and read, the typed query read, the page written), over
//! a 10,000-listing catalogue and the sample's vocabulary with 120 more communities: a normal
//! search, and the three hostile bodies of up to the 16 KB limit (16 KB of community values, 16
//! KB of `1 000 000 …` as a community, a long query). Each request runs alone, measured by the
//! CPU time of this process (`CLOCK_PROCESS_CPUTIME_ID`, so other work on the machine does not
//! count; the search itself runs on a thread of the blocking pool, `lead_fn::search::work`); the
//! figures are p50 and p99 per request, and the answer's size. The search rate limit is off, as
//! one client sends every request.
//!
//! Then an empty search's answer at 29, 1,000, 10,000 and 50,000 listings: one page, against
//! every listing, which the endpoint answered before it answered pages (AWS Lambda refuses an
//! answer over 6 MB).
//!
//! Run: `cargo bench -p lead-fn --bench search_cost`. Target: p99 under 5 ms for every case, no
//! answer over 1 MB at any size.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use contract::ApiProperty;
use contract::vocabulary::SearchTerms;
use lead_fn::{Catalogue, Config, router};
use tower::ServiceExt as _;

#[path = "common/listings.rs"]
mod common;
use common::listings;
#[path = "common/hostile.rs"]
mod hostile;
use hostile::{TYPES, WORDS, terms};

const PROPERTIES: usize = 10_000;

fn catalogue(terms: &SearchTerms) -> Vec<ApiProperty> {
    let communities: Vec<&str> = terms.communities.iter().map(|c| c.name.as_str()).collect();
    listings(PROPERTIES, &communities, &TYPES, &WORDS)
}

fn cases() -> Vec<(&'static str, String)> {
    let mut cases = vec![
        ("normal search", r#"{"query":"sea view villa in dubai marina","sort":"price-asc"}"#.to_owned()),
        ("empty search", "{}".to_owned()),
    ];
    cases.extend(hostile::bodies());
    cases
}

/// The CPU time this process has used, on all its threads.
fn process_cpu() -> Duration {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec for the call to write.
    let done = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    assert_eq!(done, 0, "clock_gettime");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// An empty search's answer at each catalogue size: this function's page, and every listing as
/// the endpoint answered before pages (the catalogue's records, as JSON).
fn answer_sizes(runtime: &tokio::runtime::Runtime) {
    println!("an empty search's answer, one page now against every listing before:");
    for size in [29, 1_000, 10_000, 50_000] {
        let terms = terms();
        let communities: Vec<&str> = terms.communities.iter().map(|c| c.name.as_str()).collect();
        let properties = listings(size, &communities, &TYPES, &WORDS);
        let every = serde_json::to_vec(&properties).expect("serialisable").len();
        let mut config =
            Config::new(Arc::new(Catalogue::fixed_with_terms(properties, terms).expect("serialisable")));
        config.leads.search_rate_limit_per_minute = 0;
        let request = Request::post("/api/search-properties")
            .header("content-type", "application/json")
            .body(Body::from("{}"))
            .expect("a request");
        let response = runtime.block_on(router(config).oneshot(request)).expect("an answer");
        assert!(response.status().is_success(), "{size}: {}", response.status());
        let page =
            runtime.block_on(axum::body::to_bytes(response.into_body(), 64 << 20)).expect("a body").len();
        println!(
            "  {size:>6} listings: {:>9.1} KB (a page) against {:>9.1} KB (every listing){}",
            page as f64 / 1e3,
            every as f64 / 1e3,
            if every > 6_000_000 { ", over Lambda's 6 MB" } else { "" }
        );
    }
}

fn main() {
    let terms = terms();
    let properties = catalogue(&terms);
    let mut config =
        Config::new(Arc::new(Catalogue::fixed_with_terms(properties, terms).expect("serialisable")));
    config.leads.search_rate_limit_per_minute = 0;
    let app = router(config);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    println!("search request cost over {PROPERTIES} listings (in-process, one request at a time):");
    for (name, body) in cases() {
        let mut times = Vec::new();
        let mut bytes = 0;
        let started = Instant::now();
        // 200 requests, or as many as 3 s allow (at least 3).
        while times.len() < 200 && (times.len() < 3 || started.elapsed() < Duration::from_secs(3)) {
            let request = Request::post("/api/search-properties")
                .header("content-type", "application/json")
                .body(Body::from(body.clone()))
                .expect("a request");
            let start = process_cpu();
            let response = runtime.block_on(app.clone().oneshot(request)).expect("an answer");
            let status = response.status();
            let answer =
                runtime.block_on(axum::body::to_bytes(response.into_body(), 64 << 20)).expect("a body");
            times.push(process_cpu() - start);
            bytes = answer.len();
            assert!(status.is_success(), "{name}: {status}");
        }
        times.sort();
        println!(
            "  {name:<38} body {:>6} B  p50 {:>10.3?}  p99 {:>10.3?}  ({} requests, answer {:.1} KB)",
            body.len(),
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            times.len(),
            bytes as f64 / 1e3
        );
    }
    answer_sizes(&runtime);
}
