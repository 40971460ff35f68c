//! `data/guides/{id}.json`: a community's area guide (`/area-guides-in-dubai/{id}`):
//! the text an editor wrote for it (`content/communities/{id}.yaml`), its newest listings, and
//! the Dubai Land Department's figures of its sales and rents ([`AreaMarket`]).

use serde::Serialize;

use crate::detail::MarketKind;
use crate::listings::Card;
use crate::media::Picture;
use crate::site::Translations;

/// `data/guides/{id}.json`, `id` being the community's key in the vocabulary.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AreaGuide<'a> {
    /// The community's key (`dubai-marina`).
    pub id: String,
    /// The guide's page, `/area-guides-in-dubai/{id}` ([`crate::urls::area_guide_path`]).
    pub url: String,
    /// The community's English name, as the listings and search write it.
    pub name: String,
    /// The guide's photo; the newest listing's first photo when the guide has none.
    pub image: Option<Picture<'a>>,
    /// The English texts (HTML); each absent when the editor wrote none.
    pub texts: GuideTexts,
    /// The name and texts in Arabic and Russian, where the content gives them.
    pub translations: Translations<GuideTexts>,
    /// How many published listings the community has.
    pub total: usize,
    /// Its newest listings, at most [`GUIDE_CARDS`].
    pub listings: Vec<Card<'a>>,
    /// The DLD's figures, when `content/market/` has any for the community.
    pub market: Option<AreaMarket>,
}

/// How many listings a guide shows; the rest are a search away.
pub const GUIDE_CARDS: usize = 12;

/// A guide's texts in one language: HTML made from the editor's markdown.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct GuideTexts {
    /// The community's name (translations only: English is [`AreaGuide::name`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub introduction: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lifestyle: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schools: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transport: Option<String>,
}

/// A community's figures in the DLD's open data.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AreaMarket {
    /// The data's newest month, `2026-10`.
    pub to: String,
    /// Per kind with sales, most sales first: the sales and median AED per sqft of each month
    /// of the summary (36 months), oldest first.
    pub trends: Vec<MarketTrend>,
    /// Per kind and bedrooms (a kind's own row first, bedrooms `null`), the last 12 months'
    /// sales and rents.
    pub figures: Vec<MarketFigure>,
}

/// One kind's months.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MarketTrend {
    pub kind: MarketKind,
    /// Every month of the summary, oldest first, those without sales included.
    pub months: Vec<MarketMonth>,
}

/// One month of a kind.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MarketMonth {
    /// `2026-10`.
    pub month: String,
    pub sales: u32,
    /// The median AED per sqft, whole dirhams; null when the month had too few sales to say
    /// (under 10, as on the property pages).
    pub median: Option<u32>,
}

/// One kind and bedrooms over the last 12 months.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MarketFigure {
    pub kind: MarketKind,
    /// `0`: studios; null: every bedroom count of the kind.
    pub bedrooms: Option<u8>,
    pub sales: u32,
    /// The median AED per sqft of the sales; null under 10.
    pub median: Option<u32>,
    /// Ejari rent contracts.
    pub rents: u32,
    /// The median yearly rent per sqft; null under 10. With `median`, the gross yield.
    pub rent_median: Option<u32>,
}
