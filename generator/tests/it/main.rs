//! The generator's integration tests, one binary (each file linked on its own against the
//! workspace's ~400 crates took longer than most of them run): each module is what was a test
//! file of its own; `support` is what they share (a module of helpers and the fixtures in
//! `tests/fixtures/`).

mod support;

mod architecture;
mod cached_estate;
mod check_fixtures;
mod cms;
mod cms_words;
mod commands;
mod content_hardening;
mod editor_saves;
mod field_vectors;
mod floor_plans;
mod github_annotations;
mod gone;
mod guides;
mod images;
mod import_hardening;
mod import_limits;
mod incremental;
mod incremental_check;
mod link_check;
mod market;
mod market_hardening;
mod media_types;
mod messages;
mod off_plan;
mod pathological;
mod people;
mod per_record;
mod publishing;
mod redirects;
mod reused_photos;
mod sample_site;
mod save_cost;
mod search_index;
mod serve;
mod serve_alerts;
mod serve_http;
mod symlinks;
mod syndication;
mod vite_cache;
mod vocabulary;
mod web_addresses;
