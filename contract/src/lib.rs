//! The contract between the parts of the site: what the generator publishes and everyone else
//! reads.
//!
//! - [`api`]: the API records (`api/properties/{id}.json`, `api/blogs/{id}.json`), which
//!   the lead function also loads as its search catalogue.
//! - [`site`]: the agency's records (`data/site.json`, `data/team.json`,
//!   `data/developers.json`, `data/pages/{id}.json`).
//! - [`listings`]: property cards, the listing pages' summaries (`data/listings/`), the home
//!   page's cards (`data/home.json`), the area guides (`data/communities.json`).
//! - [`feed`]: the `/feed` page's timeline (`data/feed.json`).
//! - [`detail`]: a property page's extras (`data/detail/{id}.json`).
//! - [`guides`]: a community's area guide (`data/guides/{id}.json`): its text, listings and the
//!   Dubai Land Department's figures.
//! - [`people`]: a team member's own page (`data/agents/{id}.json`) and a developer's
//!   (`data/developers/{id}.json`), each with its listings.
//! - [`files`]: the path of every file published besides the pages (`api/`, `data/`, the feeds,
//!   the sitemap), each once, with the type a JSON file holds.
//! - [`endpoints`]: the lead function's wire contract (its paths, the honeypot field, the most
//!   listings one enquiry names, a refusal's shape); [`leads`]: a lead's fields, the messages
//!   answered per field, an accepted lead; [`admin`]: the answers of `estate serve`'s admin API.
//! - [`routes`]: the fixed routes (with what the sitemap makes of each) and the content pages to
//!   prerender (`data/routes.json`).
//! - [`urls`]: the address of every page (listing, post, media, per language) and the language
//!   list.
//! - [`search_index`]: the search function's index of the listings (`data/search-index.bin`).
//! - [`text`]: how texts are compared (folding, the community key).
//! - [`valuation`]: the 'What is my home worth?' tool's figures per community
//!   (`data/valuation/{key}.json`).
//! - [`vocabulary`]: the Arabic and Russian names of amenities, communities, types, languages.
//!
//! Serde types and pure functions only: no I/O, no web framework, so every crate (and, through
//! the generated TypeScript, the site) can depend on it. With the `ts` feature,
//! [`typescript`] writes the site's `site/src/types.ts` from these types and `site/src/paths.ts`
//! from [`files`], [`routes`] and the languages, and `site/src/endpoints.ts` from [`endpoints`].

pub mod admin;
pub mod api;
pub mod detail;
pub mod endpoints;
pub mod feed;
pub mod files;
pub mod guides;
pub mod leads;
pub mod listings;
pub mod media;
pub mod people;
pub mod routes;
pub mod search_index;
pub mod site;
pub mod text;
#[cfg(feature = "ts")]
pub mod typescript;
pub mod urls;
pub mod valuation;
pub mod vocabulary;

pub use api::{
    ApiBlog, ApiProperty, BlogTranslation, Coordinates, Furnishing, MainCategory, PaymentStep, PricePeriod,
    PropertyTranslation,
};
