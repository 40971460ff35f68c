//! Search over a 10,000-property catalogue: the time of one query inside the function
//! (matching plus building the JSON answer's first page), as percentiles over a mix of realistic queries,
//! then criterion's figures for three of them.
//!
//! Run: `cargo bench -p lead-fn --bench search`. Target: p99 under 2 ms.

use std::hint::black_box;
use std::time::{Duration, Instant};

use contract::MainCategory;
use criterion::Criterion;
use lead_fn::catalogue::Snapshot;

#[path = "common/listings.rs"]
mod common;
use common::listings;
use lead_fn::search::{Criteria, Paging, answer, criteria_from};

const PROPERTIES: usize = 10_000;
const COMMUNITIES: [&str; 12] = [
    "Dubai Marina",
    "Downtown Dubai",
    "Palm Jumeirah",
    "Business Bay",
    "Arabian Ranches",
    "Dubai Hills Estate",
    "Jumeirah Village Circle",
    "Dubai Creek Harbour",
    "Emaar Beachfront",
    "Al Barsha",
    "Jumeirah Lake Towers",
    "Mohammed Bin Rashid City",
];
const TYPES: [&str; 8] = ["Apartment", "Villa", "Townhouse", "Penthouse", "Studio", "Office", "Shop", "Plot"];
const WORDS: [&str; 24] = [
    "bright", "spacious", "sea", "view", "balcony", "pool", "gym", "upgraded", "kitchen", "family", "quiet",
    "garden", "maid's", "room", "parking", "metro", "walk", "beach", "vacant", "rented", "high", "floor",
    "corner", "unit",
];

fn catalogue() -> Snapshot {
    Snapshot::new(listings(PROPERTIES, &COMMUNITIES, &TYPES, &WORDS)).expect("serialisable")
}

fn queries() -> Vec<(Option<MainCategory>, Criteria)> {
    let body = |json: &str| criteria_from(None, json.as_bytes()).expect("a valid search");
    vec![
        (None, body(r#"{"query":"marina"}"#)),
        (None, body(r#"{"type":"Apartment"}"#)),
        (None, body(r#"{"query":"sea view","type":"Villa"}"#)),
        (None, body(r#"{"query":"PC-04321"}"#)),
        (None, body(r#"{"query":"no such place"}"#)),
        (Some(MainCategory::Residential), body(r#"{"query":"downtown","bedrooms":"2"}"#)),
        (Some(MainCategory::Residential), body(r#"{"bedrooms":"7"}"#)),
        (Some(MainCategory::Commercial), body(r#"{"type":"Shop","area":"1000"}"#)),
        (Some(MainCategory::OffPlan), body(r#"{"query":"palm","area":"3000"}"#)),
        (Some(MainCategory::Rental), body(r#"{"query":"pool gym metro","type":"Apartments"}"#)),
    ]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let snapshot = catalogue();
    let queries = queries();

    let mut times = Vec::new();
    let mut bytes = 0usize;
    for _ in 0..100 {
        for (category, criteria) in &queries {
            let start = Instant::now();
            let json = answer(&snapshot, *category, criteria, Paging::default()).json;
            times.push(start.elapsed());
            bytes = bytes.max(json.len());
            black_box(json);
        }
    }
    times.sort();
    println!(
        "search over {PROPERTIES} properties, {} queries: p50 {:?}, p99 {:?}, max {:?} (largest answer {:.1} MB)",
        times.len(),
        percentile(&times, 0.5),
        percentile(&times, 0.99),
        times[times.len() - 1],
        bytes as f64 / 1e6
    );

    let mut criterion = Criterion::default().configure_from_args();
    for (name, index) in [("text", 0), ("type across categories", 1), ("residential text and bedrooms", 5)] {
        let (category, criteria) = &queries[index];
        criterion.bench_function(&format!("search: {name}"), |b| {
            b.iter(|| answer(&snapshot, *category, criteria, Paging::default()))
        });
    }
    criterion.final_summary();
}
