//! The `estate` generator: reads the agency's content, checks it, and writes the static site's
//! JSON API and data. `main.rs` is the thin CLI over these modules.

pub mod admin;
pub mod content;
pub mod demo;
pub mod detail;
pub mod diag;
pub mod feeds;
pub mod html_links;
pub mod links;
pub mod listings;
pub mod markdown;
pub mod model;
pub mod netlify;
pub mod output;
pub mod pages;
pub mod pipeline;
pub mod redirects;
pub mod schema;
pub mod serve;
pub mod site;
pub mod sitemap;
pub mod templates;
pub mod xml;
pub mod yaml;
