//! The pages of the site as the generator sees them: the fixed routes of the front end's route
//! table (`site/src/routes.tsx`) with what the sitemap makes of each, and the pages the content
//! adds (`/property/{id}` for every published listing, `/blog/{id}/{slug}` for every post).
//!
//! The sitemap and the check of links in content read this table. A test builds the site and
//! compares it with the pages the prerender wrote, so a route added to the front end without a
//! line here fails the tests instead of silently missing from the sitemap.

use std::collections::{HashMap, HashSet};

use contract::MainCategory;
use contract::urls::{DEFAULT_LANGUAGE, encode_path_segment, post_path, property_path, split_language};

use crate::content::model::{PropertyFile, Status, Timestamp};
use crate::content::{Content, Record};

/// Where a page's `lastmod` in the sitemap comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Updated {
    /// Nothing in the content dates it; the sitemap gives no `lastmod`.
    Undated,
    /// The newest published listing, of one main category or of all.
    NewestListing(Option<MainCategory>),
    /// The newest post.
    NewestPost,
    /// The newest listing or post.
    NewestAny,
    /// The `updated` date of `content/pages/<id>.md`.
    Page(&'static str),
}

/// Whether a fixed page is in the sitemap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sitemap {
    Listed(Updated),
    /// Left out, and why (an alias of a listed page, a form, search results, the admin).
    Left(&'static str),
}

#[derive(Debug, Clone, Copy)]
pub struct FixedPage {
    pub path: &'static str,
    pub sitemap: Sitemap,
}

const fn listed(path: &'static str, updated: Updated) -> FixedPage {
    FixedPage { path, sitemap: Sitemap::Listed(updated) }
}

const fn left(path: &'static str, why: &'static str) -> FixedPage {
    FixedPage { path, sitemap: Sitemap::Left(why) }
}

const ALIAS_RESIDENTIAL: &str = "an alias of /buy-property";
const ALIAS_RENT: &str = "an alias of /rent-property";
const SEARCH: &str = "search results depend on the query";

/// Every fixed path of `site/src/routes.tsx`, in its order. Of the aliases of one listing page
/// the one the site's navigation links to is listed.
pub const FIXED_PAGES: &[FixedPage] = &[
    listed("/", Updated::NewestAny),
    left("/residential-properties", ALIAS_RESIDENTIAL),
    listed("/buy-property", Updated::NewestListing(Some(MainCategory::Residential))),
    listed("/rent-property", Updated::NewestListing(Some(MainCategory::Rental))),
    left("/rent-properties", ALIAS_RENT),
    left("/Properties-For-Rent-in-Dubai", ALIAS_RENT),
    left("/Rental", ALIAS_RENT),
    listed("/off-plan", Updated::NewestListing(Some(MainCategory::OffPlan))),
    listed("/commercial", Updated::NewestListing(Some(MainCategory::Commercial))),
    left("/Properties-For-Sale-in-Dubai", "an alias of /commercial"),
    listed("/allproperties", Updated::NewestListing(None)),
    listed("/pro", Updated::Undated),
    listed("/developers", Updated::Undated),
    listed("/meet-the-team", Updated::Undated),
    listed("/about-us", Updated::Undated),
    listed("/contact-us", Updated::Undated),
    listed("/blogpage", Updated::NewestPost),
    left("/search-result", SEARCH),
    left("/search-residential", SEARCH),
    left("/search-commercial", SEARCH),
    left("/search-off-plan", SEARCH),
    left("/search-rent", SEARCH),
    listed("/privacy-policy", Updated::Page("privacy-policy")),
    listed("/termandcondition", Updated::Page("terms-and-conditions")),
    left("/admin", "the editors' area, kept out of search engines"),
    listed("/partners", Updated::Undated),
    listed("/req", Updated::Undated),
    left("/blogform", "the editors' form for new posts"),
    listed("/feed", Updated::NewestAny),
    listed("/area-guides-in-dubai", Updated::NewestListing(None)),
    left("/thank-you", "the answer to an enquiry sent without JavaScript"),
];

/// Paths robots.txt asks crawlers to keep out of.
pub const DISALLOWED: &[&str] =
    &["/admin", "/blogform", "/api/", "/ar/admin", "/ar/blogform", "/ru/admin", "/ru/blogform"];

/// The files the content stage writes besides the JSON API and data, which content may link to.
pub const GENERATED_FILES: &[&str] =
    &["/sitemap.xml", "/robots.txt", "/feeds/listings.xml", "/feeds/blog.xml"];

/// Every page and generated file of a build, to tell whether an internal link leads somewhere.
#[derive(Debug, Default)]
pub struct SitePages {
    paths: HashSet<String>,
    /// Listings that exist in content but are not published, with their status.
    unpublished: HashMap<String, Status>,
    /// Post ids and their page, for links to `/blog/{id}` without the slug.
    posts: HashMap<String, String>,
}

/// Why a path is not a page of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Missing {
    /// `/property/{id}` of a listing that is sold, rented or a draft.
    Unpublished(Status),
    /// `/blog/{id}` without the slug, or with another one: the post's page.
    PostMovedTo(String),
    /// Nothing by that name; perhaps this page was meant.
    Unknown(Option<String>),
}

impl SitePages {
    pub fn new(content: &Content) -> SitePages {
        let mut pages = SitePages::default();
        pages.paths.extend(FIXED_PAGES.iter().map(|p| p.path.to_owned()));
        pages.paths.extend(GENERATED_FILES.iter().map(|p| (*p).to_owned()));
        for p in &content.properties {
            if p.data.status == Status::Available {
                pages.paths.insert(property_path(&p.id));
                pages.paths.insert(format!("/api/properties/{}", p.id));
            } else {
                pages.unpublished.insert(p.id.clone(), p.data.status);
            }
        }
        for post in &content.posts {
            let path = post_path(&post.id, &post.data.title);
            pages.paths.insert(path.clone());
            pages.paths.insert(format!("/api/blogs/{}", post.id));
            pages.posts.insert(post.id.clone(), path);
        }
        pages.paths.insert("/api/properties".to_owned());
        pages.paths.insert("/api/blogs".to_owned());
        for category in MainCategory::ALL {
            pages.paths.insert(format!("/{}", category.api_path()));
        }
        pages
    }

    /// Whether `path` (decoded or not, without query or fragment) is a page or file of the
    /// build. Files under `/media/` are checked by the caller, which knows the content folder.
    pub fn check(&self, path: &str) -> Result<(), Missing> {
        // Every page exists in every language: `/ar/pro` is there when `/pro` is.
        let (lang, bare) = split_language(path);
        if lang != DEFAULT_LANGUAGE {
            return self.check(bare);
        }
        let trimmed = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        if self.paths.contains(trimmed) {
            return Ok(());
        }
        let decoded = percent_encoding::percent_decode_str(trimmed).decode_utf8_lossy();
        let encoded = encode_path(&decoded);
        if self.paths.contains(encoded.as_str()) {
            return Ok(());
        }
        let segments: Vec<&str> = trimmed.trim_start_matches('/').split('/').collect();
        match segments.as_slice() {
            ["property", id] => {
                if let Some(status) = self.unpublished.get(*id) {
                    return Err(Missing::Unpublished(*status));
                }
            }
            ["blog", id] | ["blog", id, _] => {
                if let Some(page) = self.posts.get(*id) {
                    return Err(Missing::PostMovedTo(page.clone()));
                }
            }
            _ => {}
        }
        Err(Missing::Unknown(self.suggest(trimmed)))
    }

    /// The page `path` was probably meant to be: for `/property/{id}` and `/blog/{id}/...` the
    /// one with the closest id, otherwise the closest path.
    fn suggest(&self, path: &str) -> Option<String> {
        let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
        if let [kind @ ("property" | "blog"), id, ..] = segments.as_slice() {
            let ids: Vec<(&str, &str)> = self
                .paths
                .iter()
                .filter_map(|p| {
                    let mut parts = p.trim_start_matches('/').split('/');
                    (parts.next() == Some(*kind)).then(|| parts.next().map(|id| (id, p.as_str()))).flatten()
                })
                .collect();
            let best = crate::content::yaml::did_you_mean(id, ids.iter().map(|(id, _)| *id))?;
            return ids.iter().find(|(id, _)| *id == best).map(|(_, p)| (*p).to_owned());
        }
        crate::content::yaml::did_you_mean(path, self.paths.iter().map(String::as_str)).map(str::to_owned)
    }
}

/// A decoded path with each segment percent-encoded the way the generator writes page paths.
fn encode_path(decoded: &str) -> String {
    decoded.split('/').map(encode_path_segment).collect::<Vec<_>>().join("/")
}

/// The date of a page for the sitemap, from the content.
pub fn updated(content: &Content, updated: Updated) -> Option<Timestamp> {
    let newest_listing = |category: Option<MainCategory>| {
        content
            .published()
            .filter(|p| category.is_none_or(|c| p.data.main_category == c))
            .map(|p| p.data.created_at)
            .max()
    };
    let newest_post = || content.posts.iter().map(|p| p.data.date).max();
    match updated {
        Updated::Undated => None,
        Updated::NewestListing(category) => newest_listing(category),
        Updated::NewestPost => newest_post(),
        Updated::NewestAny => newest_listing(None).max(newest_post()),
        Updated::Page(id) => content.pages.iter().find(|p| p.id == id).and_then(|p| p.data.updated),
    }
}

/// The date a listing's page last changed, as far as the content tells.
pub fn property_updated(property: &Record<PropertyFile>) -> Timestamp {
    property.data.created_at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixed_path_once() {
        let mut seen = HashSet::new();
        for page in FIXED_PAGES {
            assert!(page.path.starts_with('/'), "{}", page.path);
            assert!(seen.insert(page.path), "{} twice", page.path);
        }
        assert!(FIXED_PAGES.iter().any(|p| p.path == "/admin" && matches!(p.sitemap, Sitemap::Left(_))));
    }
}
