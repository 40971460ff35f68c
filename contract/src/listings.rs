//! What the browsing pages read: the property card ([`Card`], in `data/listings/{kind}/{n}.json`,
//! `data/home.json`, `data/feed.json` and `data/detail/{id}.json`), the listing pages'
//! summaries ([`ListingSummary`], `data/listings/{kind}.json`), the home page's newest cards
//! ([`HomeCards`], `data/home.json`) and the area guides' communities ([`Community`],
//! `data/communities.json`).
//!
//! Borrowed from the API records they are built from: a build writes a card per listing
//! several times over, and copying its texts each time would be the content stage's largest
//! cost after markdown.

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::api::{Coordinates, Furnishing, MainCategory, PricePeriod};
use crate::media::Picture;

/// The rooms filters' last choice, which means "this many or more" (the search panels' '7+
/// Bedrooms'; lead-fn's `BEDROOMS_OR_MORE`, site/src/search/filters.ts's `ROOMS_OR_MORE`).
pub const ROOMS_OR_MORE: u32 = 7;

/// A listing as a property card shows it: the API record without its long texts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "CardProperty"))]
#[serde(rename_all = "camelCase")]
pub struct Card<'a> {
    pub id: &'a str,
    /// The listing's page, `/property/{id}` ([`crate::urls::property_path`]), in the default
    /// language: a link moves it into the page's.
    pub url: &'a str,
    pub title: &'a str,
    pub main_category: MainCategory,
    pub sub_category: &'a str,
    /// The first image.
    pub image: Option<Picture<'a>>,
    pub location: Option<&'a str>,
    pub bedrooms: Option<u32>,
    pub bathrooms: Option<u32>,
    /// How many photos the listing has (the card shows the first).
    pub photos: u32,
    /// Square feet.
    pub area: Option<u32>,
    /// AED; `null` is "Contact for price".
    pub price: Option<u64>,
    pub price_period: Option<PricePeriod>,
    pub featured: bool,
    pub created_at: &'a str,
    /// The listing's reference: the card's WhatsApp message names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reference: Option<&'a str>,
    /// The listing agent's id (`data/site.json`'s `agents` has the numbers); without one the
    /// card calls the agency.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub agent: Option<&'a str>,
    /// Whether it comes furnished, where the content says: the 'Furnishing' filter reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub furnishing: Option<Furnishing>,
    /// An off-plan listing's handover, a month (`2028-06`) or a day, as its API record gives it:
    /// the listing pages' 'Handover' filter reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub completion_date: Option<&'a str>,
    /// A rental's number of cheques, 1 to 12: the rent pages' 'Cheques' filter reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cheques: Option<u32>,
    /// A rental's first free day (`2027-01-01`); none: free now. The 'Available by' filter reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub available_from: Option<&'a str>,
    /// Where it is, when the content says: the map view's marker.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub coordinates: Option<Coordinates>,
    /// Title and location in other languages, where the content gives them.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub translations: BTreeMap<&'a str, CardTexts<'a>>,
}

/// A card's texts in another language (Arabic, Russian).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct CardTexts<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<&'a str>,
}

/// `data/listings/{kind}.json`: what a listing page shows first and needs to filter, small at
/// any catalogue size. Keys in alphabetical order, as in every build so far.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ListingSummary<'a> {
    /// The smallest and largest area in square feet; `null` when no listing has one (then the
    /// page offers no size filter).
    pub area_range: Option<(u32, u32)>,
    /// The bathroom filter's choices: each count with its number of listings, fewest first, 7
    /// standing for seven or more; empty when no listing says (then the page offers none).
    pub bathrooms: Vec<(u32, usize)>,
    /// The bedroom filter's choices, as `bathrooms` (0 is a studio).
    pub bedrooms: Vec<(u32, usize)>,
    /// The rentals' numbers of cheques, each with its number of listings, fewest first; empty
    /// when no listing says (then the page offers no 'Cheques' filter).
    pub cheques: Vec<(u32, usize)>,
    /// The 'Area' dropdown: each community with its number of listings, by name.
    pub communities: Vec<(&'a str, usize)>,
    /// The first cards, newest first, embedded in the prerendered page.
    #[serde(serialize_with = "sorted_keys")]
    pub first: Vec<Card<'a>>,
    /// The 'Furnishing' filter's choices: each with its number of listings, in the order of
    /// [`Furnishing::ALL`]; empty when no listing says (then the page offers none).
    pub furnishing: Vec<(Furnishing, usize)>,
    /// The 'Handover' filter's choices: each month of handover (`2028-06`) with its number of
    /// listings, soonest first; empty when no listing has one (then the page offers none).
    pub handover_months: Vec<(&'a str, usize)>,
    /// Cards per page file `data/listings/{kind}/{n}.json`.
    pub page_size: usize,
    /// How many page files there are.
    pub pages: usize,
    /// The lowest and highest price, rents as yearly amounts ([`crate::PricePeriod::yearly`]);
    /// `null` when no listing has one.
    pub price_range: Option<(u64, u64)>,
    pub total: usize,
    /// The 'Filter by Property Types' row: each type with its count, most common first.
    pub types: Vec<(&'a str, usize)>,
}

/// Serialises `value` with every object's keys in alphabetical order: the summaries' cards
/// have always been written so, unlike the cards of the page files.
fn sorted_keys<S: Serializer, T: Serialize>(value: &T, serializer: S) -> Result<S::Ok, S::Error> {
    serde_json::to_value(value).map_err(serde::ser::Error::custom)?.serialize(serializer)
}

/// `data/home.json`: the newest cards of each main category, and the type counts of all
/// listings (the home search panel's type options say which have none).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HomeCards<'a> {
    #[serde(rename = "Commercial")]
    pub commercial: Vec<Card<'a>>,
    #[serde(rename = "OffPlan")]
    pub off_plan: Vec<Card<'a>>,
    #[serde(rename = "Rental")]
    pub rental: Vec<Card<'a>>,
    #[serde(rename = "Residential")]
    pub residential: Vec<Card<'a>>,
    /// Each type with its count over every listing, most common first.
    pub types: Vec<(&'a str, usize)>,
}

/// One of `data/communities.json`, the area guides: most listings first.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Community<'a> {
    /// As the newest of its listings writes it.
    pub name: &'a str,
    /// Published listings per main category.
    #[cfg_attr(feature = "ts", ts(as = "BTreeMap<MainCategory, usize>"))]
    pub counts: BTreeMap<&'static str, usize>,
    pub total: usize,
    /// Lowest and highest asking price of the listings for sale.
    pub sale_price: Option<(u64, u64)>,
    /// Lowest and highest yearly rent (monthly rents counted twelve times).
    pub yearly_rent: Option<(u64, u64)>,
    /// The newest listing's first image.
    pub image: Option<Picture<'a>>,
    /// The community's guide (`/area-guides-in-dubai/{key}`), when the vocabulary has the
    /// community.
    pub guide: Option<String>,
}
