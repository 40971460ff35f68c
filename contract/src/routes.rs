//! The pages of the site: the fixed routes ([`FIXED_ROUTES`], each with what the sitemap makes
//! of it) and `data/routes.json`, the content pages the prerender renders besides them and the
//! pages a rebuild keeps ([`Routes`]).
//!
//! Every fixed route exists in every language ([`crate::urls::LANGUAGES`], the others' under
//! their prefix). The front end's route table (`site/src/routes.tsx`) gives each route of the
//! generated list (`site/src/paths.ts`) its screen, the browser tests visit each
//! (`site/e2e/routes.mjs`, generated too), and the generator makes the sitemap, robots.txt and
//! the link checks from it.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::api::MainCategory;

/// The paths of the published listings' and posts' pages (`/property/{id}`,
/// `/blog/{id}/{slug}`), newest first, and of the communities' area guides
/// (`/area-guides-in-dubai/{key}`), by key; the team members' pages (`/agents/{id}`) and the
/// developers' (`/developers/{id}`), by id; and the pages of the listings no longer published
/// (`gone`: sold, rented, drafts), which still answer, in no list and not in the sitemap.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Routes<'a> {
    #[serde(default, borrow)]
    pub posts: Vec<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub properties: Vec<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub guides: Vec<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub gone: Vec<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub agents: Vec<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub developers: Vec<Cow<'a, str>>,
}

impl Routes<'_> {
    /// Every content page: the listings', posts', area guides', gone listings', team members'
    /// and developers'.
    pub fn pages(&self) -> impl Iterator<Item = &Cow<'_, str>> {
        self.properties
            .iter()
            .chain(&self.posts)
            .chain(&self.guides)
            .chain(&self.gone)
            .chain(&self.agents)
            .chain(&self.developers)
    }
}

/// A fixed page of the site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedRoute {
    /// Its path in the default language.
    pub path: &'static str,
    pub sitemap: Sitemap,
}

impl FixedRoute {
    /// The page this one is another name of (its canonical link names that page).
    pub fn alias_of(&self) -> Option<&'static str> {
        match self.sitemap {
            Sitemap::Alias(main) => Some(main),
            _ => None,
        }
    }
}

/// What the sitemap makes of a fixed page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sitemap {
    /// Listed, with its `lastmod` from here.
    Listed(Updated),
    /// Another name of this listed page (an alias of a listing page, /Rental for /rent-property):
    /// left out, so search engines index one page.
    Alias(&'static str),
    /// Left out, and why (search results, an answer to a form).
    Left(&'static str),
    /// Left out and disallowed in robots.txt, and why (the editors' pages).
    Disallowed(&'static str),
}

/// Where a listed page's `lastmod` in the sitemap comes from.
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
    /// The `updated` date of the legal page of this id (`content/pages/<id>.md`).
    Page(&'static str),
}

const fn listed(path: &'static str, updated: Updated) -> FixedRoute {
    FixedRoute { path, sitemap: Sitemap::Listed(updated) }
}

const fn alias(path: &'static str, of: &'static str) -> FixedRoute {
    FixedRoute { path, sitemap: Sitemap::Alias(of) }
}

const fn left(path: &'static str, why: &'static str) -> FixedRoute {
    FixedRoute { path, sitemap: Sitemap::Left(why) }
}

const fn disallowed(path: &'static str, why: &'static str) -> FixedRoute {
    FixedRoute { path, sitemap: Sitemap::Disallowed(why) }
}

const SEARCH: &str = "search results depend on the query";

/// Every fixed route, in the front end's order: the public pages, aliases included, then the
/// agency's further pages. Of the names of one listing page the one the site's navigation links
/// to is listed, the others are its aliases.
pub const FIXED_ROUTES: &[FixedRoute] = &[
    listed("/", Updated::NewestAny),
    alias("/residential-properties", "/buy-property"),
    listed("/buy-property", Updated::NewestListing(Some(MainCategory::Residential))),
    listed("/rent-property", Updated::NewestListing(Some(MainCategory::Rental))),
    alias("/rent-properties", "/rent-property"),
    alias("/Properties-For-Rent-in-Dubai", "/rent-property"),
    alias("/Rental", "/rent-property"),
    listed("/off-plan", Updated::NewestListing(Some(MainCategory::OffPlan))),
    listed("/commercial", Updated::NewestListing(Some(MainCategory::Commercial))),
    alias("/Properties-For-Sale-in-Dubai", "/commercial"),
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
    disallowed("/admin", "the editors' area, kept out of search engines"),
    listed("/partners", Updated::Undated),
    listed("/req", Updated::Undated),
    disallowed("/blogform", "the editors' form for new posts"),
    listed("/feed", Updated::NewestAny),
    listed("/area-guides-in-dubai", Updated::NewestListing(None)),
    listed("/golden-visa", Updated::Page("golden-visa")),
    left("/thank-you", "the answer to an enquiry sent without JavaScript"),
    left("/shortlist", "a visitor's own saved listings, kept in their browser"),
    left("/compare", "the listings a visitor compares, named in its query"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixed_path_once_and_every_alias_names_a_listed_page() {
        let mut seen = std::collections::HashSet::new();
        for route in FIXED_ROUTES {
            assert!(route.path.starts_with('/'), "{}", route.path);
            assert!(seen.insert(route.path), "{} twice", route.path);
            if let Some(main) = route.alias_of() {
                let target = FIXED_ROUTES.iter().find(|r| r.path == main);
                assert!(
                    target.is_some_and(|r| matches!(r.sitemap, Sitemap::Listed(_))),
                    "{} is an alias of {main}, which is not a listed route",
                    route.path
                );
            }
        }
    }
}
