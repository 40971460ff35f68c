//! The contract between the parts of the site: what the generator publishes and everyone else
//! reads.
//!
//! - [`api`]: the spec's API records (`api/properties/{id}.json`, `api/blogs/{id}.json`), which
//!   the lead function also loads as its search catalogue.
//! - [`urls`]: the address of every page and file (listing, post, media, per language) and the
//!   language list.
//! - [`text`]: how texts are compared (folding, the community key).
//!
//! Serde types and pure functions only: no I/O, no web framework, so every crate (and, through
//! the generated TypeScript, the site) can depend on it.

pub mod api;
pub mod text;
pub mod urls;

pub use api::{
    ApiBlog, ApiProperty, BlogTranslation, Coordinates, MainCategory, PaymentStep, PricePeriod,
    PropertyTranslation,
};
