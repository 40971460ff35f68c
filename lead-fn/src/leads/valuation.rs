//! A seller lead's instant valuation, computed here: the home the seller described (community,
//! kind, bedrooms, size) estimated from the same site's published `data/valuation/{key}.json`,
//! with the arithmetic the valuation tool shows the seller ([`Valuation::estimate`]). Figures a
//! page sends are never used, so the agents' email cannot show a made-up range. Without the
//! figures (no file for the community, the site slow to answer) the lead still goes, saying so.

use std::time::Duration;

use contract::endpoints::LeadValuation;
use contract::valuation::{SellerEstimate, SellerValuation, Valuation};

use crate::Catalogue;

/// A community's figures are a few KB; anything larger is not them.
const LARGEST: usize = 256 * 1024;

/// Whether `key` is a community key as the vocabulary writes them (lowercase letters, digits and
/// dashes), so a file named after it stays inside `data/valuation/`.
fn is_key(key: &str) -> bool {
    (1..=80).contains(&key.len())
        && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The home with the function's own estimate of it, waiting at most `wait` for the figures.
pub async fn estimate(catalogue: &Catalogue, home: LeadValuation, wait: Duration) -> SellerValuation {
    let figures = if is_key(&home.community) {
        let file = contract::files::valuation(&home.community);
        match tokio::time::timeout(wait, catalogue.site_file(&file, LARGEST)).await {
            Ok(Some(bytes)) => serde_json::from_slice::<Valuation>(&bytes)
                .inspect_err(|error| tracing::warn!(event = "valuation_unreadable", file, error = %error))
                .ok(),
            Ok(None) => None,
            Err(_) => {
                tracing::warn!(event = "valuation_unavailable", file, error = "timed out");
                None
            }
        }
    } else {
        None
    };
    let LeadValuation { community, kind, bedrooms, sqft } = home;
    match figures {
        Some(figures) => SellerValuation {
            estimate: figures.estimate(kind, bedrooms, sqft),
            community_name: Some(figures.name),
            community,
            kind,
            bedrooms,
            sqft,
        },
        None => SellerValuation {
            community,
            community_name: None,
            kind,
            bedrooms,
            sqft,
            estimate: SellerEstimate::Unavailable,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_vocabulary_key_names_a_file() {
        for key in ["dubai-marina", "jvc", "al-quoz-3"] {
            assert!(is_key(key), "{key}");
        }
        for text in ["", "Dubai Marina", "../../etc/passwd", "a/b", "marina.json", "%2e%2e", &"a".repeat(81)]
        {
            assert!(!is_key(text), "{text}");
        }
    }
}
