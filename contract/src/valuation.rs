//! `data/valuation/{key}.json`: what the 'What is my home worth?' tool needs of one community to
//! estimate a home in the browser, from the Dubai Land Department's open data that
//! `estate market import` keeps (the last 12 months, as the property pages' figures): per kind
//! and bedrooms, how many sales there were and the lower quartile, median and upper quartile of
//! their AED per sqft (the middle half of the sales lies between the quartiles), and the median
//! yearly rent per sqft of the Ejari contracts. `data/valuation.json` lists the communities that
//! have such a file.

use serde::Serialize;

use crate::detail::MarketKind;

/// `data/valuation/{key}.json`, `key` being the community's key in the vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ValuationData"))]
#[serde(rename_all = "camelCase")]
pub struct Valuation {
    /// The community's key (`dubai-marina`).
    pub community: String,
    /// The first and the last month the figures count, `2025-11` and `2026-10`.
    pub from: String,
    pub to: String,
    /// Per kind: the kind's row (all bedrooms) first, then one per bedrooms.
    pub figures: Vec<ValuationFigure>,
}

/// One kind and bedrooms' figures over the 12 months.
#[derive(Debug, Clone, PartialEq, Serialize)]
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
