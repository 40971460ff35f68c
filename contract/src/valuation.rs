//! `data/valuation/{key}.json`: what the 'What is my home worth?' tool needs of one community to
//! estimate a home in the browser, from the Dubai Land Department's open data that
//! `estate market import` keeps (the last 12 months, as the property pages' figures): per kind
//! and bedrooms, how many sales there were and the lower quartile, median and upper quartile of
//! their AED per sqft (the middle half of the sales lies between the quartiles), and the median
//! yearly rent per sqft of the Ejari contracts. `data/valuation.json` lists the communities that
//! have such a file.

use serde::{Deserialize, Serialize};

use crate::detail::MarketKind;

/// Fewer sales than this give no estimate (as the property pages' 'too few').
pub const ENOUGH_SALES: u32 = 10;
/// Amounts are rounded to this many dirhams: an estimate, not a price.
pub const ROUND_TO: u64 = 1_000;

/// `data/valuation/{key}.json`, `key` being the community's key in the vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ValuationData"))]
#[serde(rename_all = "camelCase")]
pub struct Valuation {
    /// The community's key (`dubai-marina`).
    pub community: String,
    /// Its English name (the vocabulary's), as the agents' email names it.
    pub name: String,
    /// The first and the last month the figures count, `2025-11` and `2026-10`.
    pub from: String,
    pub to: String,
    /// Per kind: the kind's row (all bedrooms) first, then one per bedrooms.
    pub figures: Vec<ValuationFigure>,
}

/// One kind and bedrooms' figures over the 12 months.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ValuationFigure {
    pub kind: MarketKind,
    /// `0`: studios; null: every home of the kind.
    pub bedrooms: Option<u8>,
    /// How many sales there were.
    pub sales: u32,
    /// The sales' AED per sqft: lower quartile, median, upper quartile; null when they were
    /// fewer than 10 (too few to estimate from).
    pub low: Option<u32>,
    pub median: Option<u32>,
    pub high: Option<u32>,
    /// How many Ejari rent contracts there were, and their median yearly rent per sqft (null
    /// under 10).
    pub rents: u32,
    pub rent_median: Option<u32>,
}

/// An entry of `data/valuation.json`: a community with a valuation file.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValuationPlace {
    /// The community's key.
    pub key: String,
    /// Its English name (the vocabulary's, which `data/site.json` translates).
    pub name: String,
}

/// A seller lead's instant valuation, as the lead function computed it from the published
/// `data/valuation/{key}.json` for the home the seller described (never figures a page sent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SellerValuation {
    /// The community's key, and its English name when its figures were read.
    pub community: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub community_name: Option<String>,
    pub kind: MarketKind,
    /// `0`: a studio; null: not said (or a kind without bedrooms).
    pub bedrooms: Option<u8>,
    /// The size in square feet (a size given in m² is converted by the page).
    pub sqft: u32,
    pub estimate: SellerEstimate,
}

/// What the published figures say of a home.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "outcome", rename_all = "kebab-case", rename_all_fields = "camelCase")]
pub enum SellerEstimate {
    /// A range from the middle half of the comparable sales' AED per sqft, and its middle; the
    /// yearly rent and the gross yield (percent, one decimal) when the rents were enough.
    /// Amounts in whole dirhams, rounded to [`ROUND_TO`].
    Estimated {
        low: u64,
        median: u64,
        high: u64,
        rent: Option<u64>,
        gross_yield: Option<f64>,
        /// How many sales it rests on, and their first and last month (`2025-11`, `2026-10`).
        sales: u32,
        from: String,
        to: String,
    },
    /// Fewer than [`ENOUGH_SALES`] comparable sales (`sales` of them).
    TooFewSales { sales: u32 },
    /// The community's figures could not be read (none published for it, or the site did not
    /// answer in time): the lead goes on without an estimate.
    Unavailable,
}

impl Valuation {
    /// The figure an estimate rests on: the kind and bedrooms' when they had enough sales, else
    /// the kind's (all bedrooms), else the bedrooms' own few.
    pub fn comparable(&self, kind: MarketKind, bedrooms: Option<u8>) -> Option<&ValuationFigure> {
        let own =
            bedrooms.and_then(|b| self.figures.iter().find(|f| f.kind == kind && f.bedrooms == Some(b)));
        if let Some(own) = own.filter(|f| f.sales >= ENOUGH_SALES) {
            return Some(own);
        }
        self.figures.iter().find(|f| f.kind == kind && f.bedrooms.is_none()).or(own)
    }

    /// The estimate of a home of `kind` and `bedrooms` measuring `sqft`: the size times the
    /// comparable sales' lower quartile, median and upper quartile of AED per sqft, the rent the
    /// size times the rents' median, the gross yield the rents' median over the sales' median.
    /// The site's valuation tool computes the same in the browser (`site/src/valuation/
    /// estimate.ts`); both pass `contract/tests/valuation-vectors.json`.
    pub fn estimate(&self, kind: MarketKind, bedrooms: Option<u8>, sqft: u32) -> SellerEstimate {
        let Some(figure) = self.comparable(kind, bedrooms) else {
            return SellerEstimate::TooFewSales { sales: 0 };
        };
        let (Some(low), Some(median), Some(high)) = (figure.low, figure.median, figure.high) else {
            return SellerEstimate::TooFewSales { sales: figure.sales };
        };
        if figure.sales < ENOUGH_SALES || sqft == 0 {
            return SellerEstimate::TooFewSales { sales: figure.sales };
        }
        // Half a step up, then down to the step: as the browser's Math.round of a positive amount.
        let round =
            |per_sqft: u32| (u64::from(per_sqft) * u64::from(sqft) + ROUND_TO / 2) / ROUND_TO * ROUND_TO;
        SellerEstimate::Estimated {
            low: round(low),
            median: round(median),
            high: round(high),
            rent: figure.rent_median.map(round),
            gross_yield: figure
                .rent_median
                .filter(|_| median > 0)
                .map(|rent| ((f64::from(rent) / f64::from(median)) * 1000.0 + 0.5).floor() / 10.0),
            sales: figure.sales,
            from: self.from.clone(),
            to: self.to.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Vectors {
        cases: Vec<Case>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Case {
        name: String,
        data: Valuation,
        kind: MarketKind,
        bedrooms: Option<u8>,
        sqft: u32,
        expected: SellerEstimate,
    }

    /// `contract/tests/valuation-vectors.json`, which the site's Vitest reads too.
    #[test]
    fn the_estimate_agrees_with_the_shared_vectors() {
        let vectors: Vectors = serde_json::from_str(include_str!("../tests/valuation-vectors.json"))
            .expect("the valuation vectors");
        assert!(vectors.cases.len() >= 5);
        for case in vectors.cases {
            assert_eq!(
                case.data.estimate(case.kind, case.bedrooms, case.sqft),
                case.expected,
                "{}",
                case.name
            );
        }
    }
}
