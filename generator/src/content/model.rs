//! The content model: what an editor writes in `content/`. These types are the single source
//! of the JSON Schemas (`estate schema`), and their doc comments are the hover help an editor
//! sees in a YAML extension.

use std::borrow::Cow;
use std::fmt;

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime, TimeZone, Utc};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, de};

pub use super::days::{Day, MonthOrDay};
pub use contract::{Coordinates, Furnishing, MainCategory, PaymentStep, PricePeriod};

/// A date (`2026-10-01`, taken as midnight in Dubai) or an RFC 3339 date-time
/// (`2026-10-01T09:30:00+04:00`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Timestamp(pub DateTime<FixedOffset>);

/// Dubai's offset from UTC; dates without a time are midnight there.
pub fn dubai() -> FixedOffset {
    FixedOffset::east_opt(4 * 3600).expect("a valid offset")
}

impl Timestamp {
    pub fn parse(text: &str) -> Option<Timestamp> {
        let text = text.trim();
        if let Ok(dt) = DateTime::parse_from_rfc3339(text) {
            return Some(Timestamp(dt));
        }
        let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
        let local = dubai().from_local_datetime(&date.and_time(NaiveTime::MIN)).single()?;
        Some(Timestamp(local))
    }

    /// RFC 3339 with the offset it was written with (Dubai's for plain dates), so a date shows
    /// as the same day wherever it is read.
    pub fn to_api(self) -> String {
        self.0.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    }

    pub fn to_utc(self) -> DateTime<Utc> {
        self.0.with_timezone(&Utc)
    }
}

impl<'de> Deserialize<'de> for Timestamp {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl de::Visitor<'_> for V {
            type Value = Timestamp;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a date such as 2026-10-01 or 2026-10-01T09:30:00+04:00")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Timestamp, E> {
                Timestamp::parse(v).ok_or_else(|| {
                    E::custom(format!(
                        "`{v}` is not a valid date: write YYYY-MM-DD (2026-10-01) or a date-time \
                         with its offset (2026-10-01T09:30:00+04:00)"
                    ))
                })
            }
        }
        d.deserialize_str(V)
    }
}

impl JsonSchema for Timestamp {
    fn schema_name() -> Cow<'static, str> {
        "Timestamp".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A date (2026-10-01) or an RFC 3339 date-time (2026-10-01T09:30:00+04:00).",
            "pattern": r"^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$"
        })
    }
}

/// The fewest and most cheques a rental may be paid in: the whole year at once, or monthly.
pub const CHEQUES: std::ops::RangeInclusive<u32> = 1..=12;

/// Whether a listing is shown. Only `available` listings are published.
// `Serialize` only so its schema states the default (schemars writes a default it can serialise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    #[default]
    Available,
    Sold,
    Rented,
    Draft,
}

/// The kind of property; listing pages filter on it exactly. Each is the term of
/// `vocabulary/types.yaml` with its key (`full-floor`), which gives the names it is published
/// and shown under and its kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, JsonSchema)]
pub enum SubCategory {
    Apartment,
    Villa,
    Townhouse,
    Penthouse,
    Bungalow,
    Studio,
    Duplex,
    Palace,
    Plot,
    Office,
    Shop,
    Warehouse,
    Retail,
    #[serde(rename = "Full Floor")]
    FullFloor,
    #[serde(rename = "Hotel Apartment")]
    HotelApartment,
}

impl SubCategory {
    pub const ALL: [SubCategory; 15] = [
        SubCategory::Apartment,
        SubCategory::Villa,
        SubCategory::Townhouse,
        SubCategory::Penthouse,
        SubCategory::Bungalow,
        SubCategory::Studio,
        SubCategory::Duplex,
        SubCategory::Palace,
        SubCategory::Plot,
        SubCategory::Office,
        SubCategory::Shop,
        SubCategory::Warehouse,
        SubCategory::Retail,
        SubCategory::FullFloor,
        SubCategory::HotelApartment,
    ];

    /// Its key in `content/vocabulary/types.yaml` (`full-floor`).
    pub fn key(self) -> String {
        self.as_str().to_ascii_lowercase().replace(' ', "-")
    }

    pub fn as_str(self) -> &'static str {
        match self {
            SubCategory::Apartment => "Apartment",
            SubCategory::Villa => "Villa",
            SubCategory::Townhouse => "Townhouse",
            SubCategory::Penthouse => "Penthouse",
            SubCategory::Bungalow => "Bungalow",
            SubCategory::Studio => "Studio",
            SubCategory::Duplex => "Duplex",
            SubCategory::Palace => "Palace",
            SubCategory::Plot => "Plot",
            SubCategory::Office => "Office",
            SubCategory::Shop => "Shop",
            SubCategory::Warehouse => "Warehouse",
            SubCategory::Retail => "Retail",
            SubCategory::FullFloor => "Full Floor",
            SubCategory::HotelApartment => "Hotel Apartment",
        }
    }
}

/// Arabic or Russian texts of a property; what is missing falls back to English.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PropertyTexts {
    pub title: Option<String>,
    /// Markdown.
    pub description: Option<String>,
    pub location: Option<String>,
}

/// A listing: `content/properties/<id>.yaml`, or `<id>.md` with this as front matter and the
/// description as the markdown body. The id is the file name.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Property")]
pub struct PropertyFile {
    /// The listing's headline, e.g. "Marina Gate Two-Bedroom with Full Sea View".
    pub title: String,
    /// Residential, Rental, OffPlan or Commercial: which listing page shows it.
    pub main_category: MainCategory,
    /// The kind of property, e.g. Apartment or Villa.
    pub sub_category: SubCategory,
    /// Only `available` listings are published; sold, rented and draft ones are kept but hidden.
    #[serde(default)]
    pub status: Status,
    /// Featured listings carry a badge on their card.
    #[serde(default)]
    pub featured: bool,
    /// When the listing was created; lists show the newest first.
    pub created_at: Timestamp,
    /// The community, e.g. "Dubai Marina". Cards show "Not specified" without it.
    pub location: Option<String>,
    /// Number of bedrooms (0 for a studio). Cards show "N/A" without it.
    pub bedrooms: Option<u32>,
    pub bathrooms: Option<u32>,
    /// Built-up area in square feet. Cards show "N/A" without it.
    pub area: Option<u32>,
    /// Price in AED, a whole number: written bare (2750000) or in quotes with its thousands
    /// separated by commas ("2,750,000", as the browser editor may write it). Without it cards
    /// show "Contact for price"; 0 is refused.
    #[serde(default, deserialize_with = "price")]
    #[schemars(schema_with = "price_schema")]
    pub price: Option<u64>,
    /// Required for rentals: whether the price is per `year` or per `month`.
    pub price_period: Option<PricePeriod>,
    /// Whether the home comes `furnished`, `partly-furnished` or `unfurnished` (mostly said of
    /// rentals): the listing pages offer a 'Furnishing' filter where listings say.
    pub furnishing: Option<Furnishing>,
    /// Rentals: in how many cheques the landlord takes the year's rent, 1 (one cheque, the
    /// whole year at once) to 12 (monthly), as tenants filter by on the portals.
    #[schemars(range(min = 1, max = 12))]
    pub cheques: Option<u32>,
    /// Rentals: the first day the home can be moved into, e.g. 2026-12-01; without it the home
    /// is taken to be free now.
    pub available_from: Option<Day>,
    /// The agency's listing reference, unique across listings, e.g. PC-R-1001.
    pub reference: Option<String>,
    /// The DLD/RERA advertising permit (Trakheesi) number. Dubai rules require one to advertise.
    pub permit_number: Option<String>,
    /// The permit's verification link; its QR code is shown on the listing.
    pub permit_url: Option<String>,
    /// The listing agent: the id of a file in content/team/.
    pub agent: Option<String>,
    /// `false` keeps the listing out of the portals' feed (Property Finder, Bayut, Dubizzle) on
    /// purpose: a discreet sale, or photos or a size still to come. Only while it is `true`
    /// (the default) does `estate check` warn that the portals would refuse the listing.
    #[serde(default = "on_the_portals")]
    pub portals: bool,
    /// The developer (off-plan): the id of a file in content/developers/.
    pub developer: Option<String>,
    /// Off-plan: the project's name as registered with RERA, e.g. "Creek Waters 2". Dubai's rules
    /// for off-plan ads require it, with `projectNumber` and `escrowAccount`.
    pub project_name: Option<String>,
    /// Off-plan: the project's number in RERA's register (the DLD's project register), a whole
    /// number of 1 to 5 digits written as the DLD writes it, e.g. 2817.
    #[serde(default)] // optional, which schemars cannot tell through `schema_with`
    #[schemars(schema_with = "project_number_schema")]
    pub project_number: Option<String>,
    /// Off-plan: the number of the project's escrow account, the bank account buyers pay into
    /// (Dubai's escrow law): its 8 to 16 digits in quotes, as the DLD's project register gives
    /// them, e.g. "1015447384502".
    #[schemars(pattern(r"^[0-9]{8,16}$"))]
    pub escrow_account: Option<String>,
    /// Off-plan handover, a month (2028-06) or a day.
    pub completion_date: Option<MonthOrDay>,
    /// Off-plan payment plan; the percents add up to 100.
    #[serde(default)]
    pub payment_plan: Vec<PaymentStep>,
    #[serde(default)]
    pub amenities: Vec<String>,
    pub coordinates: Option<Coordinates>,
    /// Image files under content/ (e.g. media/marina-1.jpg) or https URLs; the first is the cover.
    #[serde(default)]
    pub images: Vec<String>,
    /// Floor plans: image files under content/ (e.g. media/marina-plan.png), shown after the photos.
    #[serde(default)]
    pub floor_plans: Vec<String>,
    /// A video tour on YouTube or Vimeo, its https address (e.g. https://www.youtube.com/watch?v=...).
    pub video_tour: Option<String>,
    /// Markdown. In a `.md` listing the body is the description instead.
    pub description: Option<String>,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    /// Arabic texts.
    pub ar: Option<PropertyTexts>,
    /// Russian texts.
    pub ru: Option<PropertyTexts>,
}

/// The schema of `projectNumber`: written bare (2817) or in quotes ("2817"); the content
/// checks say what is wrong with another value.
fn project_number_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": ["integer", "string", "null"],
        "minimum": 1,
        "maximum": 99999,
        "pattern": "^[1-9][0-9]{0,4}$"
    })
}

/// The highest price a listing may give, in AED: ten billion, above any home ever sold in Dubai,
/// so a slip of the keyboard (a zero too many) is caught.
pub const MAX_PRICE: u64 = 9_999_999_999;
/// What is wrong with a price that is not a whole number of dirhams from 1 to [`MAX_PRICE`].
pub const PRICE_MESSAGE: &str = "Write the price in dirhams as a whole number, such as 2750000 or 2,750,000 \
    (no decimals, no letters, up to 9,999,999,999). Leave the price empty for \"Contact for price\"; 0 is not a price.";
/// The text form of a price: 1 to [`MAX_PRICE`] in digits, its thousands maybe separated by
/// commas, no leading zero.
const PRICE_PATTERN: &str = r"^([1-9][0-9]{0,2}(,?[0-9]{3}){0,2}|[1-9](,?[0-9]{3}){3})$";

/// A price written `2750000` or `"2,750,000"`; range and zero are the content checks'.
fn price<'de, D: de::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    struct V;
    impl de::Visitor<'_> for V {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a whole number of dirhams, such as 2750000 or \"2,750,000\"")
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Some(v))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            u64::try_from(v).map(Some).map_err(|_| E::custom(PRICE_MESSAGE))
        }
        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Err(E::custom(PRICE_MESSAGE))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            let digits: String = v.trim().chars().filter(|c| *c != ',').collect();
            let grouped = v.trim().split(',').skip(1).all(|group| group.len() == 3)
                && v.trim()
                    .split(',')
                    .next()
                    .is_some_and(|first| (1..=3).contains(&first.len()) || !v.contains(','));
            match digits.parse::<u64>() {
                Ok(n) if grouped && digits.chars().all(|c| c.is_ascii_digit()) => Ok(Some(n)),
                _ => Err(E::custom(PRICE_MESSAGE)),
            }
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
    }
    d.deserialize_any(V)
}

/// The schema of `price`: a whole number, or the same in quotes with commas.
fn price_schema(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "type": ["integer", "string", "null"],
        "minimum": 1,
        "maximum": MAX_PRICE,
        "pattern": PRICE_PATTERN
    })
}

/// A listing's `portals` when it does not say.
fn on_the_portals() -> bool {
    true
}

/// Arabic or Russian texts of a post.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PostTexts {
    pub title: Option<String>,
    pub excerpt: Option<String>,
    /// Markdown: the article in this language.
    pub content: Option<String>,
}

/// A blog post: the front matter of `content/blog/<id>.md`; the body is the article.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Post")]
pub struct PostFile {
    pub title: String,
    /// Publication date; the blog lists the newest first.
    pub date: Timestamp,
    pub author: Option<String>,
    /// One or two sentences for cards and feeds.
    pub excerpt: Option<String>,
    #[serde(default)]
    pub images: Vec<String>,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    pub ar: Option<PostTexts>,
    pub ru: Option<PostTexts>,
}

/// Arabic or Russian texts of a developer.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeveloperTexts {
    pub name: Option<String>,
    pub description: Option<String>,
}

/// A developer: `content/developers/<id>.yaml`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Developer")]
pub struct DeveloperFile {
    pub name: String,
    pub logo: String,
    /// Number of projects.
    pub projects: u32,
    /// Markdown.
    pub description: String,
    pub image: String,
    pub website: Option<String>,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    pub ar: Option<DeveloperTexts>,
    pub ru: Option<DeveloperTexts>,
}

/// Arabic or Russian texts of an area guide; what is missing is shown in English.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GuideTexts {
    /// Markdown.
    pub introduction: Option<String>,
    /// Markdown.
    pub lifestyle: Option<String>,
    /// Markdown.
    pub schools: Option<String>,
    /// Markdown.
    pub transport: Option<String>,
}

/// A community's area guide (`/area-guides-in-dubai/<id>`): `content/communities/<id>.yaml`,
/// the id being the community's key in `vocabulary/communities.yaml`. The page adds the
/// community's listings and its Dubai Land Department figures.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Area guide")]
pub struct GuideFile {
    /// The community's photo, under media/ (e.g. media/communities/dubai-marina.jpg).
    pub image: String,
    /// Markdown: what the community is, in a paragraph or two; the first sentence is the page's
    /// description for search engines.
    pub introduction: String,
    /// Markdown: living there (beaches, parks, restaurants, who it suits).
    pub lifestyle: Option<String>,
    /// Markdown: schools and nurseries nearby.
    pub schools: Option<String>,
    /// Markdown: metro, roads, the drive to the airports.
    pub transport: Option<String>,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    pub ar: Option<GuideTexts>,
    pub ru: Option<GuideTexts>,
}

/// Arabic or Russian texts of a team member.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MemberTexts {
    pub name: Option<String>,
    pub role: Option<String>,
}

/// A team member: `content/team/<id>.yaml`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Team member")]
pub struct MemberFile {
    pub name: String,
    pub role: String,
    pub image: String,
    /// RERA Broker Registration Number.
    pub brn: Option<String>,
    pub phone: Option<String>,
    /// WhatsApp number with country code, e.g. +971505550142.
    pub whatsapp: Option<String>,
    pub email: Option<String>,
    #[serde(default)]
    pub languages: Vec<String>,
    /// Position on the team page, lowest first.
    #[serde(default)]
    pub order: i32,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    pub ar: Option<MemberTexts>,
    pub ru: Option<MemberTexts>,
}

/// A static page (privacy policy, terms): front matter of `content/pages/<id>.md`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Page")]
pub struct PageFile {
    pub title: String,
    pub description: Option<String>,
    /// When the text last changed.
    pub updated: Option<Timestamp>,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    /// Arabic texts.
    pub ar: Option<PageTexts>,
    /// Russian texts.
    pub ru: Option<PageTexts>,
}

/// Arabic or Russian texts of a page; what is missing is shown in English.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PageTexts {
    pub title: Option<String>,
    pub description: Option<String>,
    /// Markdown: the page's text in this language.
    pub content: Option<String>,
}

// `Serialize` only so its schema states the default `social: []` (schemars writes a default
// it can serialise).
#[derive(Debug, Clone, Deserialize, JsonSchema, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct SocialLink {
    /// instagram, facebook, linkedin, youtube, x, tiktok ...
    pub network: String,
    pub url: String,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Partner {
    pub name: String,
    pub logo: String,
    pub url: Option<String>,
    /// One sentence about the partner.
    pub text: Option<String>,
    /// Arabic texts.
    pub ar: Option<PartnerTexts>,
    /// Russian texts.
    pub ru: Option<PartnerTexts>,
}

/// Arabic or Russian texts of a partner; what is missing is shown in English.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PartnerTexts {
    /// One sentence about the partner in this language.
    pub text: Option<String>,
}

/// The media behind a listing page's title.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hero {
    /// Image shown before (or instead of) the video.
    pub poster: String,
    /// Optional looping muted background video (mp4/webm) under content/.
    pub video: Option<String>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Heroes {
    pub residential: Hero,
    pub rental: Hero,
    pub off_plan: Hero,
    pub commercial: Hero,
    /// The all-properties page.
    pub all: Hero,
}

impl Heroes {
    /// Each page's hero with its key as the file writes it (for messages at its place).
    pub fn by_key(&self) -> [(&'static str, &Hero); 5] {
        [
            ("residential", &self.residential),
            ("rental", &self.rental),
            ("offPlan", &self.off_plan),
            ("commercial", &self.commercial),
            ("all", &self.all),
        ]
    }
}

/// Arabic or Russian texts of the agency.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SiteTexts {
    pub name: Option<String>,
    pub description: Option<String>,
    pub address: Option<String>,
    pub working_hours: Option<String>,
    pub why_us: Option<String>,
    pub about: Option<String>,
}

/// The basemap: a PMTiles archive of vector tiles in the Protomaps basemap's layers (docs/site.md,
/// "The map").
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MapConfig {
    /// The `.pmtiles` file: a path inside content/ (media/map/dubai.pmtiles) or an https:// address
    /// (then netlify.toml's `connect-src` must name its origin).
    pub tiles: String,
    /// Credit shown on the map, as the data's licence asks (e.g. "© OpenStreetMap contributors").
    pub attribution: String,
    /// Arabic texts (a credit that is a note rather than a licence's own words).
    pub ar: Option<MapTexts>,
    /// Russian texts.
    pub ru: Option<MapTexts>,
}

/// Arabic or Russian texts of the map; what is missing is shown in English.
#[derive(Debug, Clone, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapTexts {
    /// The credit in this language.
    pub attribution: Option<String>,
}

/// The agency: `content/site.yaml`.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[schemars(title = "Site")]
pub struct SiteFile {
    pub name: String,
    pub legal_name: Option<String>,
    /// The public address of the site, e.g. https://www.example.ae (used for absolute links).
    pub base_url: String,
    pub logo: String,
    /// Shown on cards of listings without images.
    pub default_image: String,
    /// The default page description for search engines.
    pub description: String,
    pub phones: Vec<String>,
    pub email: String,
    pub address: String,
    pub coordinates: Coordinates,
    pub working_hours: String,
    /// The number the chat button opens in WhatsApp, with country code.
    pub whatsapp: String,
    /// RERA Office Registration Number.
    pub orn: String,
    #[serde(default)]
    pub social: Vec<SocialLink>,
    #[serde(default)]
    pub partners: Vec<Partner>,
    /// Markdown: the home page's why-us text.
    pub why_us: String,
    /// Markdown: the About Us page.
    pub about: String,
    pub hero: Heroes,
    /// The basemap of the listings' map. Without it the site offers no map view.
    pub map: Option<MapConfig>,
    /// The languages of the file, as the browser editor (Sveltia CMS) writes them: `[en, ar, ru]`.
    /// Nothing reads it: the texts of a language are its `ar:` or `ru:` block.
    #[serde(default)]
    pub lang: Vec<String>,
    pub ar: Option<SiteTexts>,
    pub ru: Option<SiteTexts>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_dubai_midnight_and_datetimes_keep_their_offset() {
        assert_eq!(Timestamp::parse("2026-10-01").unwrap().to_api(), "2026-10-01T00:00:00+04:00");
        assert_eq!(Timestamp::parse("2026-10-01T09:30:00Z").unwrap().to_api(), "2026-10-01T09:30:00Z");
        assert!(Timestamp::parse("2026-13-01").is_none());
        assert!(Timestamp::parse("01/10/2026").is_none());
    }

    #[test]
    fn sub_category_names_match_serde() {
        for sub in SubCategory::ALL {
            let text = serde_json::json!(sub.as_str());
            let back: SubCategory = serde_json::from_value(text).unwrap();
            assert_eq!(back, sub);
        }
    }
}
