//! Every file of the JSON API and the page data a build makes ([`Jobs`]), from the records made
//! by [`super::made`] and what the last build kept ([`Known`]).

use std::path::PathBuf;
use std::sync::Arc;

use contract::files;
use contract::urls::property_path;
use contract::{ApiBlog, ApiProperty, MainCategory};
use rayon::prelude::*;

use super::known::{self, Known};
use super::made::{self, Made};
use super::{FileBytes, bytes, file, groups, images, similar_memo, site, to_json};
use crate::content::Content;
use crate::content::model::{PostFile, PropertyFile, Status};

/// The JSON arrays of kept parts this build made or took from the last: an edit of one listing
/// changes the parts of a few of them (the lists of all listings and of its category, its page
/// of cards), and the others are the last build's bytes, not some 60 MB copied together again.
struct Arrays<'a> {
    before: &'a known::Arrays,
    now: std::sync::Mutex<known::Arrays>,
}

impl Arrays<'_> {
    /// The JSON array of `parts` for the file at `path`: the last build's (and its fingerprint)
    /// when made of the same parts.
    fn array(&self, path: &str, parts: Vec<Arc<Vec<u8>>>) -> Arc<FileBytes> {
        let bytes = match self.before.get(path) {
            Some(last) if last.parts().is_some_and(|last| made::same_arcs(last, &parts)) => last.clone(),
            _ => Arc::new(FileBytes::array(parts)),
        };
        let mut now = self.now.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        now.insert(path.to_owned(), bytes.clone());
        bytes
    }
}

/// Every file of the JSON API and the page data, relative to the output folder: those to write
/// (compared with what is there first), and those known to be there as they are (only with a
/// trusted index).
pub(super) struct Jobs {
    pub(super) jobs: Vec<bytes::Job>,
    /// How many of `jobs`, first, are not a record's own file (the lists, the pages of cards,
    /// the guides', agents' and developers' files, the site's).
    pub(super) others: usize,
    pub(super) kept: Vec<Kept>,
    pub(super) routes: contract::routes::Routes<'static>,
}

/// A file known to be there as it is, named by whose file it is: an edit keeps some 20,000,
/// whose paths are wanted only when the last build's list of files is not known.
pub(super) enum Kept {
    /// The API record of the listing at this index of the build's listings.
    ApiProperty(usize),
    /// The API record of the post at this index of the build's posts.
    ApiBlog(usize),
    /// The detail file of the listing at this index.
    Detail(usize),
    File(PathBuf),
}

impl Kept {
    /// Its path, relative to the output folder.
    pub(super) fn path(
        &self,
        properties: &[Made<PropertyFile, ApiProperty>],
        posts: &[Made<PostFile, ApiBlog>],
    ) -> PathBuf {
        match self {
            Kept::ApiProperty(i) => file(&files::api_property(&properties[*i].record.id)),
            Kept::ApiBlog(i) => file(&files::api_blog(&posts[*i].record.id)),
            Kept::Detail(i) => crate::publish::detail::path(&properties[*i].record.id),
            Kept::File(path) => path.clone(),
        }
    }
}

/// The property pages' detail files and the pages of the listings no longer published: those
/// to write and those kept, with what they were made from.
struct Details {
    files: Vec<(PathBuf, Vec<u8>)>,
    kept: Vec<Kept>,
    gone: similar_memo::Gone,
    similar: Arc<Vec<Vec<usize>>>,
}

impl Jobs {
    /// Also records in `now` what the detail files were made from.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        content: &Content,
        properties: &[Made<PropertyFile, ApiProperty>],
        api_properties: &[Arc<ApiProperty>],
        posts: &[Made<PostFile, ApiBlog>],
        images: &images::Published,
        before: &Known,
        trusted: bool,
        now: &mut Known,
    ) -> Jobs {
        let mut laps = crate::timings::Laps::start("data files");
        let pictures = &images.pictures;
        // Relative to the output folder.
        let mut jobs: Vec<bytes::Job> = Vec::new();
        let mut kept = Vec::new();
        let arrays = Arrays { before: &before.arrays, now: Default::default() };
        let mut array = |path: &str, parts: Vec<Arc<Vec<u8>>>| {
            jobs.push((file(path), arrays.array(path, parts)));
        };
        array(files::API_PROPERTIES, properties.iter().map(|m| m.json.clone()).collect());
        for category in MainCategory::ALL {
            let in_category = properties.iter().filter(|m| m.api.main_category == category);
            array(files::api_category(category), in_category.map(|m| m.json.clone()).collect());
        }
        array(files::API_BLOGS, posts.iter().map(|m| m.json.clone()).collect());
        let mut add = |path: &str, bytes: Vec<u8>| jobs.push((file(path), Arc::new(bytes.into())));
        add(files::API_NOT_FOUND, super::API_NOT_FOUND.to_vec());
        laps.lap("API lists");

        let api_posts: Vec<&ApiBlog> = posts.iter().map(|m| m.api.as_ref()).collect();
        // Each listing's card and communities, kept with its API record from the last build.
        let derived: Vec<&made::Derived> = properties
            .par_iter()
            .map(|m| {
                m.derived.get_or_init(|| {
                    let location = m.api.location.as_deref();
                    made::Derived {
                        card: Arc::new(crate::publish::listings::card_json(&m.api, pictures)),
                        key: location.and_then(contract::text::community_key),
                        community: crate::publish::guides::community_of(&content.vocabulary, location)
                            .map(str::to_owned),
                    }
                })
            })
            .collect();
        laps.lap("cards");
        let communities: Vec<Option<&str>> = derived.iter().map(|d| d.community.as_deref()).collect();
        let vocabulary = &content.vocabulary;
        let guide = |name: &str| crate::publish::guides::guide_of(vocabulary, Some(name));
        let cards: Vec<Arc<Vec<u8>>> = derived.iter().map(|d| d.card.clone()).collect();
        let keys: Vec<Option<&str>> = derived.iter().map(|d| d.key.as_deref()).collect();
        let array = |path: &str, parts: Vec<Arc<Vec<u8>>>| arrays.array(path, parts);
        // The property pages' similar listings, agents and developers (detail.rs): a detail file
        // is made again when its listing, one of its similar listings, the people or the market
        // figures changed.
        now.people = (content.team.clone(), content.developers.clone());
        let same_shared = made::same_arcs(&before.people.0, &now.people.0)
            && made::same_arcs(&before.people.1, &now.people.1)
            && (Arc::ptr_eq(&before.market, &now.market) || before.market == now.market);
        let market = now.market.clone();
        // The listing pages' files, and (beside them, on the other core) the guides', agents' and
        // developers' files and the detail files, and the search index: each reads the listings
        // only.
        let ((search_index, memo), ((listing_files, summaries), (groups, details))) = rayon::join(
            || super::search_index::index(properties, &before.search),
            || {
                rayon::join(
                    || {
                        crate::publish::listings::files_with_cards(
                            api_properties,
                            &cards,
                            &keys,
                            pictures,
                            &guide,
                            &array,
                            Some((&before.summaries, images.print)),
                        )
                    },
                    || {
                        let groups = groups::files(
                            content,
                            api_properties,
                            &communities,
                            (pictures, images.print),
                            &market,
                            &before.groups,
                        );
                        let details = details(
                            content,
                            properties,
                            api_properties,
                            &keys,
                            pictures,
                            before,
                            trusted,
                            same_shared,
                            &market,
                        );
                        (groups, details)
                    },
                )
            },
        );
        laps.lap("listings, area guides, agents, developers, detail files and the search index");
        now.search = memo;
        jobs.push((file(files::SEARCH_INDEX), Arc::new(search_index.into())));
        jobs.extend(groups.jobs);
        now.groups = groups.memo;
        now.summaries = summaries;
        // The listings no longer published keep a page that says so (`detail::gone_files`).
        let gone: Vec<_> = content.properties.iter().filter(|p| p.data.status != Status::Available).collect();
        let mut add = |path: &str, bytes: Vec<u8>| jobs.push((file(path), Arc::new(bytes.into())));
        let routes = contract::routes::Routes {
            posts: api_posts.iter().map(|p| p.url.clone().into()).collect(),
            properties: api_properties.iter().map(|p| p.url.clone().into()).collect(),
            guides: groups.guides.into_iter().map(Into::into).collect(),
            gone: gone.iter().map(|p| property_path(&p.id).into()).collect(),
            agents: groups.agents.into_iter().map(Into::into).collect(),
            developers: groups.developers.into_iter().map(Into::into).collect(),
        };
        add(files::ROUTES, to_json(&routes));
        add(files::FEED, crate::publish::feeds::page_data(api_properties, &api_posts, pictures));
        now.arrays = arrays.now.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(site) = &content.site {
            add(files::SITE, to_json(&site::site(&site.data, &content.team, &content.vocabulary, pictures)));
        }
        add(files::PLACES, to_json(&site::places(&content.vocabulary)));
        add(files::SEARCH_TERMS, to_json(&site::search_terms(&content.vocabulary)));
        let post_pictures: contract::media::PostPictures = api_posts
            .iter()
            .map(|b| (b.id.as_str(), b.images.iter().map(|url| pictures.get(url)).collect()))
            .collect();
        add(files::POST_PICTURES, to_json(&post_pictures));
        for page in &content.pages {
            add(&files::legal_page(&page.id), to_json(&site::page(page)));
        }
        jobs.extend(listing_files.into_iter().map(|(path, bytes)| (file(&path), bytes)));

        let others = jobs.len();
        // One file per record: those made again are written, the others are there already.
        let records = (properties.iter().enumerate())
            .map(|(i, m)| (Kept::ApiProperty(i), m.fresh, &m.json))
            .chain(posts.iter().enumerate().map(|(i, m)| (Kept::ApiBlog(i), m.fresh, &m.json)));
        for (record, fresh, json) in records {
            if trusted && !fresh {
                kept.push(record);
            } else {
                jobs.push((record.path(properties, posts), Arc::new(FileBytes::whole(json.clone()))));
            }
        }
        let Details { files, kept: details_kept, gone, similar } = details;
        kept.extend(details_kept);
        jobs.extend(files.into_iter().map(|(path, bytes)| (path, Arc::new(bytes.into()))));
        now.gone = gone;
        now.similar = similar_memo::Similar::now(properties, similar);
        laps.lap("the rest");
        Jobs { jobs, others, kept, routes }
    }
}

/// The detail files of the published listings and the pages of those no longer published: those
/// whose inputs are the last build's are kept (`trusted`: the output holds it), the others made.
#[allow(clippy::too_many_arguments)]
fn details(
    content: &Content,
    properties: &[Made<PropertyFile, ApiProperty>],
    api_properties: &[Arc<ApiProperty>],
    keys: &[Option<&str>],
    pictures: &images::Pictures,
    before: &Known,
    trusted: bool,
    same_shared: bool,
    market: &crate::publish::market::Market,
) -> Details {
    let neighbours = similar_memo::Lazy::new(api_properties, keys);
    let (similar, same_places) = before.similar.of(properties, api_properties, &neighbours);
    let remake: Vec<usize> = if trusted && same_shared {
        before.similar.changed(properties, &similar)
    } else {
        (0..properties.len()).collect()
    };
    let mut kept = Vec::new();
    let mut remade = remake.iter().copied().peekable();
    for i in 0..properties.len() {
        if remade.next_if_eq(&i).is_none() {
            kept.push(Kept::Detail(i));
        }
    }
    let people = crate::publish::detail::People::new(&content.team, &content.developers, pictures);
    let records: Vec<&PropertyFile> = properties.iter().map(|m| &m.record.data).collect();
    let mut files =
        crate::publish::detail::files(api_properties, &records, &similar, &remake, &people, pictures, &|p| {
            let guide = crate::publish::guides::guide_of(&content.vocabulary, p.location.as_deref());
            (market.comparison(&content.vocabulary, p), guide)
        });
    let gone: Vec<_> = content.properties.iter().filter(|p| p.data.status != Status::Available).collect();
    let (gone_files, gone_kept, gone) = similar_memo::gone_pages(
        &gone,
        api_properties,
        pictures,
        &before.gone,
        (same_places, &neighbours),
        trusted,
    );
    files.extend(gone_files);
    kept.extend(gone_kept.into_iter().map(Kept::File));
    Details { files, kept, gone, similar }
}
