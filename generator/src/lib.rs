//! The `estate` generator: reads the agency's content, checks it, and publishes the static site.
//! The folders are the pipeline, in order:
//!
//! - [`content`]: load and parse `content/` (YAML, markdown, the content model, diagnostics);
//! - [`check`]: the checks across records and of the links in content, after loading;
//! - [`publish`]: the files of `dist/` (JSON API and page data, feeds, sitemap, redirects);
//! - [`pipeline`]: `estate build` from end to end, with the site stage (Vite, prerender);
//! - [`serve`]: `estate serve`, with the local admin editor.
//!
//! [`market`] is `estate market import` (the DLD's open data into `content/market/`) and the
//! reader of its summaries. [`routes`] is the site's page table, [`netlify`] the CDN's rules, [`cli`] the command line
//! (`main.rs` only calls it). The published JSON's types and the URL rules are the `contract`
//! crate's.

pub mod check;
pub mod cli;
mod cmd;
pub mod content;
pub mod html_links;
pub mod import;
pub mod market;
pub mod netlify;
pub mod pipeline;
pub mod publish;
pub mod routes;
pub mod serve;
pub mod stdio;
pub mod timings;
