//! The API records: the shape of the static JSON API (`/api/properties`, `/api/blogs`), which
//! the lead function also reads as its search catalogue.
//!
//! The public fields keep their fixed names exactly (`_id`, `Images`, `mainCategory`, ...), since
//! clients read them; every other field is camelCase. Optional public fields are written as
//! `null` so clients see them; optional extras are left out when absent.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::media::Picture;

/// The four main categories. The serialised names are fixed: clients and addresses use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum MainCategory {
    Residential,
    Rental,
    OffPlan,
    Commercial,
}

impl MainCategory {
    pub const ALL: [MainCategory; 4] =
        [MainCategory::Residential, MainCategory::Rental, MainCategory::OffPlan, MainCategory::Commercial];

    /// The category's fixed name, as serialised.
    pub fn as_str(self) -> &'static str {
        match self {
            MainCategory::Residential => "Residential",
            MainCategory::Rental => "Rental",
            MainCategory::OffPlan => "OffPlan",
            MainCategory::Commercial => "Commercial",
        }
    }
}

/// How often a rental price is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum PricePeriod {
    Year,
    Month,
}

impl PricePeriod {
    /// `price` as a yearly amount, so that rents due monthly and yearly compare alike (the
    /// listing pages' price sort and range, the area guides' rents): a monthly rent counts twelve
    /// times; a yearly rent, or a sale price (no period), is itself. The site's copy of the rule
    /// is `comparablePrice` in `site/src/price.ts`.
    pub fn yearly(period: Option<PricePeriod>, price: u64) -> u64 {
        match period {
            Some(PricePeriod::Month) => price.saturating_mul(12),
            Some(PricePeriod::Year) | None => price,
        }
    }
}

/// Whether a home comes with its furniture, as the portals' 'Furnishing' filter asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Furnishing {
    Furnished,
    PartlyFurnished,
    Unfurnished,
}

impl Furnishing {
    pub const ALL: [Furnishing; 3] =
        [Furnishing::Furnished, Furnishing::PartlyFurnished, Furnishing::Unfurnished];
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Coordinates {
    /// Latitude in degrees (Dubai is about 25).
    #[cfg_attr(feature = "schema", schemars(range(min = -90.0, max = 90.0)))]
    pub lat: f64,
    /// Longitude in degrees (Dubai is about 55).
    #[cfg_attr(feature = "schema", schemars(range(min = -180.0, max = 180.0)))]
    pub lng: f64,
}

/// One step of an off-plan payment plan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct PaymentStep {
    /// When this part is due, e.g. "On booking", "During construction", "On handover".
    pub milestone: String,
    /// Share of the price due at this milestone, in percent. The steps add up to 100.
    #[cfg_attr(feature = "schema", schemars(range(min = 0.0, max = 100.0)))]
    pub percent: f64,
}

/// A translated property text (Arabic or Russian); the description is sanitised HTML.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
#[serde(rename_all = "camelCase")]
pub struct PropertyTranslation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
}

/// A published property, as `GET /api/properties/{id}` answers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Property"))]
#[serde(rename_all = "camelCase")]
pub struct ApiProperty {
    #[serde(rename = "_id")]
    pub underscore_id: String,
    pub id: String,
    pub title: String,
    pub main_category: MainCategory,
    pub sub_category: String,
    /// Image URLs, the first is the card image.
    #[serde(rename = "Images")]
    pub images: Vec<String>,
    pub location: Option<String>,
    pub bedrooms: Option<u32>,
    /// Area in square feet.
    pub area: Option<u32>,
    /// Price in AED; `null` means "Contact for price".
    pub price: Option<u64>,
    pub featured: bool,
    /// RFC 3339 date-time with its offset (Dubai's, +04:00, for plain dates).
    pub created_at: String,
    /// Sanitised HTML rendered from the content's markdown.
    pub description: String,
    /// The page of this property, `/property/{id}`.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bathrooms: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub price_period: Option<PricePeriod>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub furnishing: Option<Furnishing>,
    /// Rentals: in how many cheques the year's rent is paid, 1 to 12.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cheques: Option<u32>,
    /// Rentals: the first day it can be moved into, `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub available_from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub permit_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub permit_url: Option<String>,
    /// Team member id of the listing agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub agent: Option<String>,
    /// Developer id (off-plan).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub developer: Option<String>,
    /// Off-plan: the project's name as registered with RERA (Dubai's rules for off-plan ads ask
    /// for it, its number and its escrow account beside the permit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub project_name: Option<String>,
    /// Off-plan: the project's number in RERA's register, digits as the DLD writes them (`2817`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub project_number: Option<String>,
    /// Off-plan: the number of the project's escrow account, its digits (`1015447384502`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub escrow_account: Option<String>,
    /// `YYYY-MM` or `YYYY-MM-DD`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub completion_date: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub payment_plan: Vec<PaymentStep>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub amenities: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub coordinates: Option<Coordinates>,
    /// Texts per language code (`ar`, `ru`) where the content gives them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, PropertyTranslation>,
    /// The first image as the property cards draw it (its size, colour and WebP variants:
    /// [`Picture::webp_only`]), so that the search results' cards fetch a phone-sized file rather
    /// than the original. Absent from the records of older builds: the cards then draw `Images`'
    /// first address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub picture: Option<Picture<'static>>,
}

/// A translated post text (Arabic or Russian); `content` is sanitised HTML.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct BlogTranslation {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excerpt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
}

/// A published blog post, as `GET /api/blogs/{id}` answers it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Blog"))]
#[serde(rename_all = "camelCase")]
pub struct ApiBlog {
    #[serde(rename = "_id")]
    pub underscore_id: String,
    pub id: String,
    pub title: String,
    pub images: Vec<String>,
    /// Sanitised HTML rendered from the post's markdown body.
    pub content: String,
    /// RFC 3339 date-time with its offset (Dubai's, +04:00, for plain dates).
    pub date: String,
    pub author: Option<String>,
    pub excerpt: Option<String>,
    /// The post's slug: the lower-cased title with whitespace turned into hyphens.
    pub slug: String,
    /// The page of this post, `/blog/{id}/{slug}`.
    pub url: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub translations: BTreeMap<String, BlogTranslation>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn category_names_are_the_specs() {
        let json = serde_json::to_string(&MainCategory::ALL).unwrap();
        assert_eq!(json, r#"["Residential","Rental","OffPlan","Commercial"]"#);
    }
}
