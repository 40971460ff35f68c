//! The pages of the site as the generator sees them: the fixed routes of the contract
//! (`contract::routes::FIXED_ROUTES`, which the front end's route table follows) with what the
//! sitemap makes of each, and the pages the content adds (`/property/{id}` for every published
//! listing, `/blog/{id}/{slug}` for every post, `/area-guides-in-dubai/{key}` for every community
//! with published listings or a guide text, `/agents/{id}` for every team member and
//! `/developers/{id}` for every developer).
//!
//! The sitemap, robots.txt and the check of links in content read them. A test builds the site and
//! compares the table with the pages the prerender wrote.

use std::collections::{HashMap, HashSet};

use contract::MainCategory;
use contract::files;
use contract::routes::{FIXED_ROUTES, Sitemap, Updated};
use contract::urls::{
    DEFAULT_LANGUAGE, agent_path, area_guide_path, developer_path, encode_path_segment, language_prefixes,
    localized_path, post_path, property_path, split_language,
};

use crate::content::model::{PropertyFile, Status, Timestamp};
use crate::content::{Content, Record};

/// The browser editor's address (`dist/cms/`).
pub const CMS_DIR: &str = "/cms/";

/// Paths robots.txt asks crawlers to keep out of: the disallowed fixed pages and the JSON API,
/// then those pages in the other languages.
pub fn disallowed() -> Vec<String> {
    let pages: Vec<&str> =
        FIXED_ROUTES.iter().filter(|r| matches!(r.sitemap, Sitemap::Disallowed(_))).map(|r| r.path).collect();
    let mut paths: Vec<String> = pages.iter().map(|p| (*p).to_owned()).collect();
    paths.push(files::API_DIR.to_owned());
    // The browser editor (Sveltia CMS, `pipeline::cms`): its page says noindex too.
    paths.push(CMS_DIR.to_owned());
    paths.extend(language_prefixes().flat_map(|lang| pages.iter().map(move |p| localized_path(lang, p))));
    paths
}

/// The files the content stage writes besides the JSON API and data, which content may link to.
pub const GENERATED_FILES: &[&str] = &[files::SITEMAP, files::ROBOTS, files::LISTINGS_FEED, files::BLOG_FEED];

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
        pages.paths.extend(FIXED_ROUTES.iter().map(|p| p.path.to_owned()));
        pages.paths.extend(GENERATED_FILES.iter().map(|p| (*p).to_owned()));
        for p in &content.properties {
            if p.data.status == Status::Available {
                pages.paths.insert(property_path(&p.id));
                pages.paths.insert(files::endpoint(&files::api_property(&p.id)).to_owned());
            } else {
                pages.unpublished.insert(p.id.clone(), p.data.status);
            }
        }
        for post in &content.posts {
            let path = post_path(&post.id, &post.data.title);
            pages.paths.insert(path.clone());
            pages.paths.insert(files::endpoint(&files::api_blog(&post.id)).to_owned());
            pages.posts.insert(post.id.clone(), path);
        }
        pages.paths.extend(guides(content).into_iter().map(|(path, _)| path));
        pages.paths.extend(agents(content).into_iter().map(|(path, _)| path));
        pages.paths.extend(developers(content).into_iter().map(|(path, _)| path));
        pages.paths.insert(files::endpoint(files::API_PROPERTIES).to_owned());
        pages.paths.insert(files::endpoint(files::API_BLOGS).to_owned());
        for category in MainCategory::ALL {
            pages.paths.insert(files::endpoint(files::api_category(category)).to_owned());
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

/// For each of `now`, the place of the same page among `last`, when it is there a few places on
/// from the last one found. Two builds' pages keep the routes' order (fixed pages, listings,
/// posts ...), so a page sold or added shifts the rest by one and is found so, without hashing
/// 10,000 paths into a map; a page moved farther counts as not found.
pub fn aligned<A, B>(now: &[A], last: &[B], same: impl Fn(&A, &B) -> bool) -> Vec<Option<usize>> {
    const AHEAD: usize = 16;
    let mut next = 0;
    now.iter()
        .map(|page| {
            let found = (next..last.len().min(next + AHEAD)).find(|&k| same(page, &last[k]));
            if let Some(k) = found {
                next = k + 1;
            }
            found
        })
        .collect()
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

/// The area guides' pages (`/area-guides-in-dubai/{key}`), by key, each with its date: its
/// community's newest listing. Every community of the vocabulary with a published listing or
/// a guide text (`content/communities/{key}.yaml`) has one, as `publish::guides` writes them.
pub fn guides(content: &Content) -> Vec<(String, Option<Timestamp>)> {
    let Some(communities) = content.vocabulary.get(crate::content::vocabulary::Kind::Communities) else {
        return Vec::new();
    };
    let mut newest: HashMap<&str, Timestamp> = HashMap::new();
    // Each location looked up once: 10,000 listings write a few dozen, and a lookup goes through
    // the terms one by one (some 5 ms for every listing's on each rebuild).
    let mut terms: HashMap<&str, Option<&crate::content::vocabulary::Term>> = HashMap::new();
    for p in content.published() {
        let key = p.data.location.as_deref().and_then(|l| {
            *terms
                .entry(l)
                .or_insert_with(|| content.vocabulary.find(crate::content::vocabulary::Kind::Communities, l))
        });
        if let Some(term) = key {
            let at = newest.entry(term.key.as_str()).or_insert(p.data.created_at);
            *at = (*at).max(p.data.created_at);
        }
    }
    let mut pages: Vec<(String, Option<Timestamp>)> = communities
        .data
        .terms
        .iter()
        .filter(|t| newest.contains_key(t.key.as_str()) || content.guides.iter().any(|g| g.id == t.key))
        .map(|t| (area_guide_path(&t.key), newest.get(t.key.as_str()).copied()))
        .collect();
    pages.sort();
    pages
}

/// The team members' pages (`/agents/{id}`), by id, each with its date: the newest published
/// listing naming them, none without one. Every member has a page, as `publish::people` writes
/// them.
pub fn agents(content: &Content) -> Vec<(String, Option<Timestamp>)> {
    people(
        content.team.iter().map(|m| m.id.as_str()),
        agent_path,
        |p, id| p.agent.as_deref() == Some(id),
        content,
    )
}

/// The developers' pages (`/developers/{id}`), by id, each with its date: the newest published
/// listing naming it.
pub fn developers(content: &Content) -> Vec<(String, Option<Timestamp>)> {
    people(
        content.developers.iter().map(|d| d.id.as_str()),
        developer_path,
        |p, id| p.developer.as_deref() == Some(id),
        content,
    )
}

fn people<'a>(
    ids: impl Iterator<Item = &'a str>,
    path: fn(&str) -> String,
    names: impl Fn(&PropertyFile, &str) -> bool,
    content: &Content,
) -> Vec<(String, Option<Timestamp>)> {
    let mut pages: Vec<(String, Option<Timestamp>)> = ids
        .map(|id| {
            let newest = content.published().filter(|p| names(&p.data, id)).map(|p| p.data.created_at).max();
            (path(id), newest)
        })
        .collect();
    pages.sort();
    pages
}

/// The date a listing's page last changed, as far as the content tells.
pub fn property_updated(property: &Record<PropertyFile>) -> Timestamp {
    property.data.created_at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn robots_keeps_out_the_editors_pages_in_every_language_the_api_and_the_cms() {
        assert_eq!(
            disallowed(),
            [
                "/admin",
                "/blogform",
                "/api/",
                "/cms/",
                "/ar/admin",
                "/ar/blogform",
                "/ru/admin",
                "/ru/blogform"
            ]
        );
    }
}
