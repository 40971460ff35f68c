//! lead-fn's integration tests, one binary (linking each file on its own against the
//! function's ~400 crates took longer than running it): each module is what was a file of its
//! own; `support` is what they share.

mod support;

mod alerts;
mod contact;
mod crash_recovery;
mod delivery;
mod fault_matrix;
mod form_post;
mod http;
mod lambda;
mod paging;
mod saved_searches;
mod search;
mod search_page;
mod valuation;
