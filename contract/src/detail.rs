//! `data/detail/{id}.json`: what a property page shows beyond the API record, computed at
//! build time because the generator sees every listing at once ([`Detail`]). The agent and the
//! developer are there so a page reads one small file instead of the whole team and developer
//! lists.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::api::MainCategory;
use crate::listings::{Card, CardTexts};
use crate::media::Picture;

/// `data/detail/{id}.json`, beside the listing's API record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "DetailData"))]
pub struct Detail<'a> {
    /// The listing's photos in the API record's order, with their sizes and variants.
    pub gallery: Vec<Picture<'a>>,
    /// The listing's floor plans, with their sizes and variants (shown after the photos).
    #[serde(rename = "floorPlans", skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub floor_plans: Vec<Picture<'a>>,
    /// The listing's video tour: an https address on YouTube or Vimeo.
    #[serde(rename = "videoTour", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub video_tour: Option<&'a str>,
    /// Up to three listings of the same main category: the same community's first, nearest
    /// in price.
    pub similar: Vec<Card<'a>>,
    /// The address of the QR code of the listing's permit link, `/data/qr/{key}.svg`.
    pub qr: Option<String>,
    /// The listing agent, when the listing names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub agent: Option<&'a DetailAgent<'a>>,
    /// The developer (off-plan), when the listing names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub developer: Option<&'a DetailDeveloper<'a>>,
    /// The Dubai Land Department's figures of the listing's community for its kind, when the
    /// content has them (`estate market import`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub market: Option<MarketComparison>,
    /// The guide of the listing's community (`/area-guides-in-dubai/{key}`), when its location
    /// is a community of the vocabulary.
    #[serde(rename = "areaGuide", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub area_guide: Option<String>,
}

/// `data/gone/{id}.json`: the page of a listing that is no longer published (sold, rented, or
/// taken back as a draft). Its address keeps answering, as the portals' do, with a page that
/// says so, shows similar available listings and the agency's contact, and is kept out of
/// search engines; the listing itself is in no list, sitemap, feed or API.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "GoneData"))]
#[serde(rename_all = "camelCase")]
pub struct Gone<'a> {
    pub status: GoneStatus,
    /// The listing's title; null for a draft, whose words were never published.
    pub title: Option<&'a str>,
    /// Which listing page its 'Back to Listings' returns to.
    pub main_category: MainCategory,
    /// Up to three available listings of the same main category: the same community's first,
    /// nearest in price.
    pub similar: Vec<Card<'a>>,
    /// The title in other languages, where the content gives it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub translations: BTreeMap<&'static str, CardTexts<'a>>,
}

/// Why a listing's page no longer shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum GoneStatus {
    Sold,
    Rented,
    /// Taken off the site by the agency (a draft).
    Withdrawn,
}

/// What the market figures tell apart, from the DLD's property sub-types (`Flat` and `Hotel
/// Apartment` are apartments); also the kinds of `content/market/*.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum MarketKind {
    Apartment,
    /// Villas and townhouses.
    Villa,
    /// Offices and shops.
    OfficeShop,
    Land,
}

/// A listing's community in the DLD's open data: the sales (a rental's: Ejari rent contracts)
/// of its kind, and of its bedrooms when they had enough, over the 12 months to `to`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct MarketComparison {
    pub kind: MarketKind,
    /// The figure's bedrooms (0: studios); null: every listing of the kind.
    pub bedrooms: Option<u8>,
    /// How many sales (or rent contracts) there were.
    pub sales: u32,
    /// Their median AED per sqft (a rental's: yearly rent per sqft), whole dirhams; null when
    /// they were too few to say (under 10).
    pub median: Option<u32>,
    /// A sale listing's: the median yearly rent per sqft of the same figure's rent contracts
    /// (the gross yield's), when there were enough.
    pub rent_median: Option<u32>,
    /// The data's newest month, `2026-10`.
    pub to: String,
}

/// A listing's agent as its page shows them: their `data/team.json` record without what only
/// the team page uses (languages, order).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DetailAgent<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub role: &'a str,
    pub image: Picture<'a>,
    /// The broker registration number.
    pub brn: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub whatsapp: Option<&'a str>,
    pub email: Option<&'a str>,
    /// Name and role in other languages, where the content gives them.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub translations: BTreeMap<&'static str, AgentTexts<'a>>,
}

/// An agent's name and role in another language.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct AgentTexts<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<&'a str>,
}

/// A listing's developer as its page shows it: the name, linking to the developers page.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DetailDeveloper<'a> {
    pub id: &'a str,
    pub name: &'a str,
    /// The name in other languages, where the content gives it.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub translations: BTreeMap<&'static str, DeveloperName<'a>>,
}

/// A developer's name in another language.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeveloperName<'a> {
    pub name: &'a str,
}
