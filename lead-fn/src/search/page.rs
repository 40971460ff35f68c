//! One page of a search's answer: the request's `page` (from 1), `limit` and `sort`, and the
//! page they select from the listings found.
//!
//! - `limit`: how many listings a page holds, [`endpoints::SEARCH_DEFAULT_LIMIT`] unless given,
//!   at most [`endpoints::SEARCH_MAX_LIMIT`] (a larger one is read as that); a page holds fewer
//!   when the catalogue's largest listing would take the answer over
//!   [`endpoints::SEARCH_MAX_ANSWER_BYTES`], the same number on every page of one catalogue.
//! - `page`: 1 unless given; a page after the last is an empty array.
//! - `sort`: `newest` (the default: the most relevant first, then the newest, see
//!   [`crate::rank`]), `price-asc`, `price-desc` (a rent as its yearly amount; listings without a
//!   price last; equal prices keep the relevance order).
//!
//! The answer stays a JSON array, the page's listings; its headers say the number found
//! ([`endpoints::SEARCH_TOTAL_HEADER`]), the page ([`endpoints::SEARCH_PAGE_HEADER`]) and how
//! many listings a page holds ([`endpoints::SEARCH_PER_PAGE_HEADER`]). A client that sends no
//! paging field gets the first page.

use contract::endpoints;

use super::BadSearch;
use crate::catalogue::Snapshot;

/// The order of a search's listings.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// The most relevant first, then the newest.
    #[default]
    Newest,
    PriceAsc,
    PriceDesc,
}

/// Which page of the answer a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    /// From 1.
    pub page: usize,
    /// Listings a page holds, 1 to [`endpoints::SEARCH_MAX_LIMIT`].
    pub limit: usize,
    pub sort: Sort,
}

impl Default for Paging {
    fn default() -> Paging {
        Paging { page: 1, limit: endpoints::SEARCH_DEFAULT_LIMIT, sort: Sort::Newest }
    }
}

impl Paging {
    /// The paging fields as read: a page or limit under 1, or a sort no search has, is refused.
    pub fn read(page: Option<usize>, limit: Option<usize>, sort: Option<&str>) -> Result<Paging, BadSearch> {
        let page = page.unwrap_or(1);
        if page == 0 {
            return Err(BadSearch("page must be 1 or more".into()));
        }
        let limit = limit.unwrap_or(endpoints::SEARCH_DEFAULT_LIMIT);
        if limit == 0 {
            return Err(BadSearch("limit must be 1 or more".into()));
        }
        let sort = match sort.map(str::to_ascii_lowercase).as_deref() {
            None | Some("newest") => Sort::Newest,
            Some("price-asc") => Sort::PriceAsc,
            Some("price-desc") => Sort::PriceDesc,
            Some(other) => {
                let sorts = endpoints::SEARCH_SORTS.join(", ");
                return Err(BadSearch(format!("sort must be one of {sorts}, not {other:?}")));
            }
        };
        Ok(Paging { page, limit: limit.min(endpoints::SEARCH_MAX_LIMIT), sort })
    }
}

/// A page of the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The JSON array of the page's listings.
    pub json: String,
    /// How many listings the search found.
    pub total: usize,
    /// The page, from 1.
    pub page: usize,
    /// How many listings each page holds.
    pub per_page: usize,
}

/// The listings a page of `snapshot`'s searches holds when `limit` are asked for: fewer when
/// that many of its largest listing would take the answer over the most bytes.
pub fn per_page(snapshot: &Snapshot, limit: usize) -> usize {
    // The brackets, and a comma between two listings.
    let fit = (endpoints::SEARCH_MAX_ANSWER_BYTES - 2) / (snapshot.largest_json() + 1);
    limit.min(fit).max(1)
}

/// Orders the `found` catalogue numbers (most relevant first) by `sort`.
pub fn sorted(snapshot: &Snapshot, found: &mut [usize], sort: Sort) {
    let price = |number: &usize| snapshot.listings[*number].yearly_price;
    match sort {
        Sort::Newest => {}
        // Stable, so equal prices keep the relevance order; no price sorts last either way.
        Sort::PriceAsc => found.sort_by_key(|number| (price(number).is_none(), price(number))),
        Sort::PriceDesc => {
            found.sort_by_key(|number| (price(number).is_none(), std::cmp::Reverse(price(number))))
        }
    }
}

/// The page `paging` selects from the `found` catalogue numbers, in their order: each listing's
/// record as the site published it ([`Snapshot::record_into`]). A record that does not inflate
/// (an index not written as its format says) is left out of the page, and logged.
pub fn page(snapshot: &Snapshot, found: &[usize], paging: Paging) -> Page {
    let per_page = per_page(snapshot, paging.limit);
    let skip = (paging.page - 1).saturating_mul(per_page);
    let mut json = Vec::from(*b"[");
    for &number in found.iter().skip(skip).take(per_page) {
        let comma = json.len();
        if comma > 1 {
            json.push(b',');
        }
        if let Err(error) = snapshot.record_into(number, &mut json) {
            json.truncate(comma);
            tracing::error!(event = "search_record_unreadable", id = &*snapshot.listings[number].id, error = %error);
        }
    }
    json.push(b']');
    // The records are the JSON of the site's own files, checked UTF-8 as they are joined.
    let json = String::from_utf8(json).unwrap_or_else(|error| {
        tracing::error!(event = "search_record_unreadable", error = %error);
        "[]".to_owned()
    });
    Page { json, total: found.len(), page: paging.page, per_page }
}
