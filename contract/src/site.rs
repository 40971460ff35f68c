//! The agency's own records, as the pages read them: `data/site.json` ([`Site`]),
//! `data/team.json` ([`TeamMember`]s), `data/developers.json` ([`Developer`]s) and
//! `data/pages/{id}.json` ([`Page`]).
//!
//! Fields are declared in the alphabetical order of their JSON names, the order these files
//! have always had, and every optional text is written, as `null` when absent. Texts in
//! another language sit under `translations.ar` and `translations.ru` (`null` when the content
//! gives none); each of their fields is `null` where the content left it out.

use serde::Serialize;

use crate::media::Picture;

use crate::api::Coordinates;

/// A record's texts in Arabic and Russian.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Translations<T> {
    pub ar: Option<T>,
    pub ru: Option<T>,
}

/// `data/site.json`: the agency.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Site {
    /// HTML.
    pub about: String,
    /// Each team member's numbers, by id: a property card calls or messages the listing's agent
    /// (else the agency) without loading the team.
    pub agents: std::collections::BTreeMap<String, AgentContact>,
    pub address: String,
    /// The site's origin, without a trailing `/`.
    pub base_url: String,
    pub coordinates: Coordinates,
    pub default_image: Picture<'static>,
    pub description: String,
    pub email: String,
    pub hero: Heroes,
    pub legal_name: Option<String>,
    pub logo: String,
    /// The listings' map, when the site has a basemap; `null` offers no map view.
    pub map: Option<MapSettings>,
    pub name: String,
    /// The office registration number (RERA).
    pub orn: String,
    pub partners: Vec<Partner>,
    pub phones: Vec<String>,
    pub social: Vec<SocialLink>,
    pub translations: Translations<SiteTexts>,
    /// The Arabic and Russian names of the vocabularies' terms, by English name.
    pub vocabulary: crate::vocabulary::Vocabulary,
    pub whatsapp: String,
    /// HTML.
    pub why_us: String,
    pub working_hours: String,
}

/// The basemap of the listings' map.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapSettings {
    /// Credit shown on the map.
    pub attribution: String,
    /// The PMTiles archive's address: a path on the site (`/media/map/dubai.pmtiles`) or https.
    pub tiles: String,
    pub translations: Translations<MapTexts>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapTexts {
    pub attribution: Option<String>,
}

/// A place the map names (`data/places.json`): a community at its coordinates, by its English
/// name (`Site::vocabulary` has its other names).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MapPlace {
    pub name: String,
    pub lat: f64,
    pub lng: f64,
}

/// A team member's numbers, as a property card's Call and WhatsApp use them.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct AgentContact {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whatsapp: Option<String>,
}

/// The site's texts in another language; `about` and `whyUs` are HTML.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SiteTexts {
    pub about: Option<String>,
    pub address: Option<String>,
    pub description: Option<String>,
    pub name: Option<String>,
    pub why_us: Option<String>,
    pub working_hours: Option<String>,
}

/// The media behind each listing page's title.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Heroes {
    pub all: Hero,
    pub commercial: Hero,
    pub off_plan: Hero,
    pub rental: Hero,
    pub residential: Hero,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Hero {
    pub poster: Picture<'static>,
    /// A looping muted background video.
    pub video: Option<String>,
    /// The video's poster, shown only until it plays: a phone-sized variant of `poster`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub video_poster: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Partner {
    pub logo: String,
    pub name: String,
    pub text: Option<String>,
    pub translations: Translations<PartnerTexts>,
    pub url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PartnerTexts {
    pub text: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SocialLink {
    /// instagram, facebook, linkedin, youtube, x, tiktok ...
    pub network: String,
    pub url: String,
}

/// One of `data/team.json`, which lists the team in its display order.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TeamMember {
    /// The broker registration number.
    pub brn: Option<String>,
    pub email: Option<String>,
    pub id: String,
    pub image: Picture<'static>,
    pub languages: Vec<String>,
    pub name: String,
    pub phone: Option<String>,
    pub role: String,
    pub translations: Translations<MemberTexts>,
    pub whatsapp: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MemberTexts {
    pub name: Option<String>,
    pub role: Option<String>,
}

/// One of `data/developers.json`, which lists the developers by name.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Developer {
    /// HTML.
    pub description: String,
    pub id: String,
    pub image: Picture<'static>,
    pub logo: String,
    pub name: String,
    /// How many projects the developer has built.
    pub projects: u32,
    pub translations: Translations<DeveloperTexts>,
    pub website: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeveloperTexts {
    /// HTML.
    pub description: Option<String>,
    pub name: Option<String>,
}

/// `data/pages/{id}.json`: a legal page (privacy policy, terms).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Page {
    /// HTML.
    pub content: String,
    pub description: Option<String>,
    pub id: String,
    pub title: String,
    pub translations: Translations<PageTexts>,
    /// RFC 3339 date-time of the last change.
    pub updated: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PageTexts {
    /// HTML.
    pub content: Option<String>,
    pub description: Option<String>,
    pub title: Option<String>,
}
