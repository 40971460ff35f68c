//! The search cost bench's catalogue and bodies, shared with the flood bench
//! (`examples/flood.rs`): the sample's vocabulary with 120 more communities, the catalogue's
//! types and words, and the three hostile bodies of up to the 16 KB limit a search takes.

use contract::vocabulary::{SearchTerm, SearchTerms};

pub const WORDS: [&str; 12] = [
    "bright", "spacious", "sea", "view", "balcony", "pool", "gym", "upgraded", "kitchen", "family", "quiet",
    "garden",
];
pub const TYPES: [&str; 6] = ["Apartment", "Villa", "Townhouse", "Penthouse", "Office", "Plot"];

/// The sample's vocabulary (the search vectors' copy) with 120 more communities, each with a
/// Russian, an Arabic and a short name.
pub fn terms() -> SearchTerms {
    let vectors: serde_json::Value =
        serde_json::from_str(include_str!("../../tests/search-vectors.json")).expect("the vectors");
    let mut terms: SearchTerms = serde_json::from_value(vectors["terms"].clone()).expect("the terms");
    for n in 0..120 {
        terms.communities.push(SearchTerm {
            name: format!("Greenview Residences Phase {n}"),
            names: vec![
                format!("Гринвью Резиденсес {n}"),
                format!("جرين فيو ريزيدنسز {n}"),
                format!("GVR{n}"),
            ],
            translated: None,
        });
    }
    terms
}

/// A JSON body of at most 16 KB: `make(n)` for the largest `n` that fits.
fn at_most_16k(make: impl Fn(usize) -> String) -> String {
    let mut n = 1;
    while make(n * 2).len() <= 16 * 1024 - 16 {
        n *= 2;
    }
    let mut step = n / 2;
    while step > 0 {
        if make(n + step).len() <= 16 * 1024 - 16 {
            n += step;
        }
        step /= 2;
    }
    make(n)
}

/// The hostile searches, each up to 16 KB: community values of misspelt names and prices, one
/// number of ever more thousands' groups as a community (what made the range reader quadratic),
/// and a long query.
pub fn bodies() -> Vec<(&'static str, String)> {
    let values = at_most_16k(|n| {
        let one = "marena jumeira downtwn palm 2 bed under 3m ".repeat(4);
        serde_json::json!({ "community": vec![one; n] }).to_string()
    });
    let one_value =
        at_most_16k(|n| serde_json::json!({ "community": format!("1{}", " 000".repeat(n)) }).to_string());
    let long_query =
        at_most_16k(|n| serde_json::json!({ "query": "marena jumeira 1m-3m studio ".repeat(n) }).to_string());
    vec![
        ("16 KB of community values", values),
        ("16 KB of `1 000 000` as a community", one_value),
        ("16 KB query", long_query),
    ]
}
