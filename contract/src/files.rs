//! The files a build publishes besides the pages, each named once: its path on the site, which
//! is also its place in the output folder (`/data/site.json` is `dist/data/site.json`, see
//! [`relative`]), and for a JSON file the contract type it holds.
//!
//! The generator writes each file at its path here, `estate serve` and the link check find it
//! there, and the site fetches it from there: `site/src/paths.ts` is generated from this module
//! (`crate::typescript`), each JSON file's path typed with what it holds, so `getJson(SITE)`
//! reads a `Site` and no page spells a path or pairs it with a type itself.
//!
//! The static JSON API is requested at its GET paths, the files' without `.json`
//! (`/api/properties/{id}`, [`endpoint`]); `netlify.toml` rewrites them to these files.

use crate::api::MainCategory;
#[cfg(feature = "ts")]
use crate::{
    ApiBlog, ApiProperty,
    detail::{Detail, Gone},
    feed::FeedItem,
    guides::AreaGuide,
    listings::{Card, Community, HomeCards, ListingSummary},
    media::PostPictures,
    people::{AgentPage, DeveloperPage},
    routes::Routes,
    site::{Developer, MapPlace, Page, Site, TeamMember},
    valuation::{Valuation, ValuationPlace},
    vocabulary::SearchTerms,
};

/// One file of [`published!`] as the TypeScript generator sees it.
#[cfg(feature = "ts")]
pub(crate) struct Entry {
    /// The Rust name: `SITE`, or a function's `listing_page`.
    pub name: &'static str,
    /// A function's parameters and their Rust types (`&str`, `usize`); empty for a constant.
    pub params: &'static [(&'static str, &'static str)],
    /// The path, with a function's parameters as `{name}`.
    pub path: &'static str,
    /// The doc comment's lines.
    pub docs: &'static [&'static str],
    /// The TypeScript name of what a JSON file holds.
    pub holds: Option<fn(&ts_rs::Config) -> String>,
}

/// Declares each file as a constant, or a function of its parameters, with its doc comment and
/// (for JSON) the type it holds, and lists them all in `TABLE` for the TypeScript generator.
/// A function's path names its parameters (`"/data/detail/{id}.json"`), so the Rust function
/// (`format!`) and the TypeScript one (a template literal) are made from the same string.
macro_rules! published {
    ($(
        $(#[doc = $doc:literal])*
        $kind:ident $name:ident $(($($arg:ident: $arg_ty:ty),*))? $(: $holds:ty)? = $path:literal;
    )*) => {
        $( published!(@item $(#[doc = $doc])* $kind $name $(($($arg: $arg_ty),*))? = $path); )*

        /// Every file declared here, in order, for `crate::typescript`.
        #[cfg(feature = "ts")]
        pub(crate) const TABLE: &[Entry] = &[$(Entry {
            name: stringify!($name),
            params: &[$($((stringify!($arg), stringify!($arg_ty))),*)?],
            path: $path,
            docs: &[$($doc),*],
            holds: published!(@holds $($holds)?),
        }),*];
    };
    (@item $(#[doc = $doc:literal])* const $name:ident = $path:literal) => {
        $(#[doc = $doc])*
        pub const $name: &str = $path;
    };
    (@item $(#[doc = $doc:literal])* fn $name:ident($($arg:ident: $arg_ty:ty),*) = $path:literal) => {
        $(#[doc = $doc])*
        pub fn $name($($arg: $arg_ty),*) -> String {
            format!($path)
        }
    };
    (@holds) => { None };
    (@holds $holds:ty) => { Some(|cfg: &ts_rs::Config| <$holds as ts_rs::TS>::name(cfg)) };
}

published! {
    /// The JSON API's folder; robots.txt keeps crawlers out of it.
    const API_DIR = "/api/";
    /// Every published listing, newest first (`GET /api/properties`); also the lead function's
    /// search catalogue where the site has no search index (`SEARCH_INDEX`) yet.
    const API_PROPERTIES: Vec<ApiProperty> = "/api/properties.json";
    /// One listing's API record (`GET /api/properties/{id}`).
    fn api_property(id: &str): ApiProperty = "/api/properties/{id}.json";
    /// Every post, newest first (`GET /api/blogs`).
    const API_BLOGS: Vec<ApiBlog> = "/api/blogs.json";
    /// One post's API record (`GET /api/blogs/{id}`).
    fn api_blog(id: &str): ApiBlog = "/api/blogs/{id}.json";
    /// The answer to a GET of any other path under `/api/` (status 404): `{"error":"not found"}`.
    const API_NOT_FOUND = "/api/404.json";

    /// The page data's folder.
    const DATA_DIR = "/data/";
    /// The agency: name, address, phones, heroes, partners, the vocabularies' names.
    const SITE: Site = "/data/site.json";
    /// The team, in display order.
    const TEAM: Vec<TeamMember> = "/data/team.json";
    /// The developers, by name.
    const DEVELOPERS: Vec<Developer> = "/data/developers.json";
    /// A legal page (`privacy-policy`, `terms-and-conditions`).
    fn legal_page(id: &str): Page = "/data/pages/{id}.json";
    /// The home page's newest cards of each main category.
    const HOME: HomeCards<'static> = "/data/home.json";
    /// The communities and property types by every name a visitor may type, for the query reader
    /// of the search endpoints and the result pages.
    const SEARCH_TERMS: SearchTerms = "/data/search-terms.json";
    /// The search function's index of the published listings: what its filters compare, the
    /// words it finds and each listing's API record, compressed (`contract::search_index`: binary,
    /// read by the function alone).
    const SEARCH_INDEX = "/data/search-index.bin";
    /// The communities the map names, where the vocabulary gives their coordinates.
    const PLACES: Vec<MapPlace> = "/data/places.json";
    /// The area guides: one entry per community, most listings first.
    const COMMUNITIES: Vec<Community<'static>> = "/data/communities.json";
    /// What a listing page shows first: counts, the 'Area' dropdown, the first cards. `kind` is
    /// `residential`, `rental`, `offPlan`, `commercial` or `all`.
    fn listing_summary(kind: &str): ListingSummary<'static> = "/data/listings/{kind}.json";
    /// A listing page's cards, newest first, in pages numbered from 0.
    fn listing_page(kind: &str, page: usize): Vec<Card<'static>> = "/data/listings/{kind}/{page}.json";
    /// The `/feed` page's timeline: the newest listings and posts together.
    const FEED: Vec<FeedItem<'static>> = "/data/feed.json";
    /// Each post's images as pictures, by post id.
    const POST_PICTURES: PostPictures<'static> = "/data/post-pictures.json";
    /// A property page's extras: gallery, similar listings, QR code, agent, developer.
    fn detail(id: &str): Detail<'static> = "/data/detail/{id}.json";
    /// A listing's card as the result pages draw it, in one language (`en`, `ar`, `ru`): the
    /// React card's HTML, written by the prerender, which the search function puts together into
    /// the result page a visitor without JavaScript gets (`contract::endpoints::SEARCH_PAGE_PATH`).
    fn noscript_card(lang: &str, id: &str) = "/data/cards/{lang}/{id}.html";
    /// The page of a listing no longer published (sold, rented, a draft): why, its title and
    /// similar available listings. Its API record and detail file are gone with it.
    fn gone(id: &str): Gone<'static> = "/data/gone/{id}.json";
    /// A community's area guide: its text, newest listings and market figures; `id` is the
    /// community's key.
    fn area_guide(id: &str): AreaGuide<'static> = "/data/guides/{id}.json";
    /// A team member's page (`/agents/{id}`): their record and the listings naming them;
    /// `id` is their file's name in `content/team/`.
    fn agent_page(id: &str): AgentPage<'static> = "/data/agents/{id}.json";
    /// A developer's page (`/developers/{id}`): its record, projects and listings; `id` is its
    /// file's name in `content/developers/`.
    fn developer_page(id: &str): DeveloperPage<'static> = "/data/developers/{id}.json";
    /// The communities the 'What is my home worth?' tool can estimate in.
    const VALUATIONS: Vec<ValuationPlace> = "/data/valuation.json";
    /// A community's figures for the 'What is my home worth?' tool; `key` is its key.
    fn valuation(key: &str): Valuation = "/data/valuation/{key}.json";
    /// The QR code of a listing's permit link, named by a hash of the link
    /// (`generator::publish::qr::qr_key`).
    fn qr_code(key: &str) = "/data/qr/{key}.svg";
    /// The pages of the published listings, posts, area guides, team members and developers,
    /// which the prerender renders besides the fixed routes.
    const ROUTES: Routes<'static> = "/data/routes.json";
    /// The image stage's record of every photo it processed (the generator's own).
    const IMAGES = "/data/images.json";

    /// The newest listings, Atom.
    const LISTINGS_FEED = "/feeds/listings.xml";
    /// The newest posts, Atom.
    const BLOG_FEED = "/feeds/blog.xml";
    /// Every published listing in the Property Finder XML feed, which the portals fetch.
    const PORTAL_FEED = "/feeds/portals/propertyfinder.xml";
    /// The sitemap, or the index of its parts when it is split.
    const SITEMAP = "/sitemap.xml";
    /// A part of a split sitemap, numbered from 1.
    fn sitemap_part(number: usize) = "/sitemap-{number}.xml";
    /// What crawlers may visit, and where the sitemap is.
    const ROBOTS = "/robots.txt";
}

/// The published listings of one main category (`GET /api/properties/category-rent/rent` and
/// the other three, the API's fixed paths).
pub fn api_category(category: MainCategory) -> &'static str {
    match category {
        MainCategory::Residential => "/api/properties/category-residential/residential.json",
        MainCategory::Rental => "/api/properties/category-rent/rent.json",
        MainCategory::OffPlan => "/api/properties/category-offplan/off-plan.json",
        MainCategory::Commercial => "/api/properties/category-commercial/commercial.json",
    }
}

/// The GET path of an API file, as clients and links name it: the file's path without `.json`
/// (`/api/properties/x.json` -> `/api/properties/x`).
pub fn endpoint(file: &str) -> &str {
    file.strip_suffix(".json").unwrap_or(file)
}

/// Where a file is in the output folder: its path without the leading `/`
/// (`/data/site.json` -> `data/site.json`).
pub fn relative(path: &str) -> &str {
    path.trim_start_matches('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_fill_their_paths() {
        assert_eq!(api_property("marina-gate"), "/api/properties/marina-gate.json");
        assert_eq!(listing_page("offPlan", 2), "/data/listings/offPlan/2.json");
        assert_eq!(sitemap_part(3), "/sitemap-3.xml");
        assert_eq!(endpoint(&api_blog("b1")), "/api/blogs/b1");
        assert_eq!(endpoint(api_category(MainCategory::Rental)), "/api/properties/category-rent/rent");
        assert_eq!(relative(SITE), "data/site.json");
    }

    #[test]
    fn every_file_once_in_its_folder() {
        let mut seen = std::collections::HashSet::new();
        for entry in TABLE {
            assert!(entry.path.starts_with('/'), "{}", entry.path);
            assert!(seen.insert(entry.path), "{} twice", entry.path);
            assert!(!entry.docs.is_empty(), "{} has no doc comment", entry.name);
            // A parameter is named in the path exactly where its value goes.
            let named: Vec<&str> =
                entry.path.split('{').skip(1).filter_map(|p| p.split('}').next()).collect();
            let params: Vec<&str> = entry.params.iter().map(|(name, _)| *name).collect();
            assert_eq!(named, params, "{}", entry.name);
        }
        for category in MainCategory::ALL {
            assert!(api_category(category).starts_with(API_DIR) && seen.insert(api_category(category)));
        }
    }
}
