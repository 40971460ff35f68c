// Generated from the `contract` crate (`files`, `urls::LANGUAGES`, `routes::FIXED_ROUTES`) by
// `cargo run -p contract --features ts --example typescript`: do not edit.
// Every file the generator publishes, typed with what a JSON file holds; the languages; the
// fixed routes.
import type { AgentPage, AreaGuide, Blog, CardProperty, Community, DetailData, Developer, DeveloperPage, FeedItem, GoneData, HomeCards, ListingSummary, MapPlace, Page, Picture, Property, Routes, SearchTerms, Site, TeamMember, ValuationData, ValuationPlace } from './types';

/**
 * A published JSON file's path, typed with what it holds: `getJson(SITE)` reads a `Site`
 * (the type is only the compiler's: the value is the path).
 */
export type JsonFile<T> = string & { readonly __holds?: T };

/** The JSON API's folder; robots.txt keeps crawlers out of it. */
export const API_DIR = '/api/';

/**
 * Every published listing, newest first (`GET /api/properties`); also the lead function's
 * search catalogue where the site has no search index (`SEARCH_INDEX`) yet.
 */
export const API_PROPERTIES = '/api/properties.json' as JsonFile<Array<Property>>;

/** One listing's API record (`GET /api/properties/{id}`). */
export function apiProperty(id: string): JsonFile<Property> {
  return `/api/properties/${id}.json` as JsonFile<Property>;
}

/** Every post, newest first (`GET /api/blogs`). */
export const API_BLOGS = '/api/blogs.json' as JsonFile<Array<Blog>>;

/** One post's API record (`GET /api/blogs/{id}`). */
export function apiBlog(id: string): JsonFile<Blog> {
  return `/api/blogs/${id}.json` as JsonFile<Blog>;
}

/** The answer to a GET of any other path under `/api/` (status 404): `{"error":"not found"}`. */
export const API_NOT_FOUND = '/api/404.json';

/** The page data's folder. */
export const DATA_DIR = '/data/';

/** The agency: name, address, phones, heroes, partners, the vocabularies' names. */
export const SITE = '/data/site.json' as JsonFile<Site>;

/** The team, in display order. */
export const TEAM = '/data/team.json' as JsonFile<Array<TeamMember>>;

/** The developers, by name. */
export const DEVELOPERS = '/data/developers.json' as JsonFile<Array<Developer>>;

/** A legal page (`privacy-policy`, `terms-and-conditions`). */
export function legalPage(id: string): JsonFile<Page> {
  return `/data/pages/${id}.json` as JsonFile<Page>;
}

/** The home page's newest cards of each main category. */
export const HOME = '/data/home.json' as JsonFile<HomeCards>;

/**
 * The communities and property types by every name a visitor may type, for the query reader
 * of the search endpoints and the result pages.
 */
export const SEARCH_TERMS = '/data/search-terms.json' as JsonFile<SearchTerms>;

/**
 * The search function's index of the published listings: what its filters compare, the
 * words it finds and each listing's API record, compressed (`contract::search_index`: binary,
 * read by the function alone).
 */
export const SEARCH_INDEX = '/data/search-index.bin';

/** The communities the map names, where the vocabulary gives their coordinates. */
export const PLACES = '/data/places.json' as JsonFile<Array<MapPlace>>;

/** The area guides: one entry per community, most listings first. */
export const COMMUNITIES = '/data/communities.json' as JsonFile<Array<Community>>;

/**
 * What a listing page shows first: counts, the 'Area' dropdown, the first cards. `kind` is
 * `residential`, `rental`, `offPlan`, `commercial` or `all`.
 */
export function listingSummary(kind: string): JsonFile<ListingSummary> {
  return `/data/listings/${kind}.json` as JsonFile<ListingSummary>;
}

/** A listing page's cards, newest first, in pages numbered from 0. */
export function listingPage(kind: string, page: number): JsonFile<Array<CardProperty>> {
  return `/data/listings/${kind}/${page}.json` as JsonFile<Array<CardProperty>>;
}

/** The `/feed` page's timeline: the newest listings and posts together. */
export const FEED = '/data/feed.json' as JsonFile<Array<FeedItem>>;

/** Each post's images as pictures, by post id. */
export const POST_PICTURES = '/data/post-pictures.json' as JsonFile<{ [key in string]: Array<Picture> }>;

/** A property page's extras: gallery, similar listings, QR code, agent, developer. */
export function detail(id: string): JsonFile<DetailData> {
  return `/data/detail/${id}.json` as JsonFile<DetailData>;
}

/**
 * A listing's card as the result pages draw it, in one language (`en`, `ar`, `ru`): the
 * React card's HTML, written by the prerender, which the search function puts together into
 * the result page a visitor without JavaScript gets (`contract::endpoints::SEARCH_PAGE_PATH`).
 */
export function noscriptCard(lang: string, id: string): string {
  return `/data/cards/${lang}/${id}.html`;
}

/**
 * The page of a listing no longer published (sold, rented, a draft): why, its title and
 * similar available listings. Its API record and detail file are gone with it.
 */
export function gone(id: string): JsonFile<GoneData> {
  return `/data/gone/${id}.json` as JsonFile<GoneData>;
}

/**
 * A community's area guide: its text, newest listings and market figures; `id` is the
 * community's key.
 */
export function areaGuide(id: string): JsonFile<AreaGuide> {
  return `/data/guides/${id}.json` as JsonFile<AreaGuide>;
}

/**
 * A team member's page (`/agents/{id}`): their record and the listings naming them;
 * `id` is their file's name in `content/team/`.
 */
export function agentPage(id: string): JsonFile<AgentPage> {
  return `/data/agents/${id}.json` as JsonFile<AgentPage>;
}

/**
 * A developer's page (`/developers/{id}`): its record, projects and listings; `id` is its
 * file's name in `content/developers/`.
 */
export function developerPage(id: string): JsonFile<DeveloperPage> {
  return `/data/developers/${id}.json` as JsonFile<DeveloperPage>;
}

/** The communities the 'What is my home worth?' tool can estimate in. */
export const VALUATIONS = '/data/valuation.json' as JsonFile<Array<ValuationPlace>>;

/** A community's figures for the 'What is my home worth?' tool; `key` is its key. */
export function valuation(key: string): JsonFile<ValuationData> {
  return `/data/valuation/${key}.json` as JsonFile<ValuationData>;
}

/**
 * The QR code of a listing's permit link, named by a hash of the link
 * (`generator::publish::qr::qr_key`).
 */
export function qrCode(key: string): string {
  return `/data/qr/${key}.svg`;
}

/**
 * The pages of the published listings, posts, area guides, team members and developers,
 * which the prerender renders besides the fixed routes.
 */
export const ROUTES = '/data/routes.json' as JsonFile<Routes>;

/** The image stage's record of every photo it processed (the generator's own). */
export const IMAGES = '/data/images.json';

/** The newest listings, Atom. */
export const LISTINGS_FEED = '/feeds/listings.xml';

/** The newest posts, Atom. */
export const BLOG_FEED = '/feeds/blog.xml';

/** Every published listing in the Property Finder XML feed, which the portals fetch. */
export const PORTAL_FEED = '/feeds/portals/propertyfinder.xml';

/** The sitemap, or the index of its parts when it is split. */
export const SITEMAP = '/sitemap.xml';

/** A part of a split sitemap, numbered from 1. */
export function sitemapPart(number: number): string {
  return `/sitemap-${number}.xml`;
}

/** What crawlers may visit, and where the sitemap is. */
export const ROBOTS = '/robots.txt';

/** The site's languages; the first is the default, served without a prefix, the others under `/{lang}/`. */
export const LANGUAGES = ['en', 'ar', 'ru'] as const;

/**
 * A fixed page of the site: its path in the default language and, for another name of a
 * listing page (an alias such as /Rental), the page it is another name of (its canonical link
 * names that page, the sitemap only that one).
 */
export type FixedRoute = { path: string; aliasOf: string | null };

/** Every fixed route, in the order of the front end's route table. */
export const FIXED_ROUTES = [
  { path: '/', aliasOf: null },
  { path: '/residential-properties', aliasOf: '/buy-property' },
  { path: '/buy-property', aliasOf: null },
  { path: '/rent-property', aliasOf: null },
  { path: '/rent-properties', aliasOf: '/rent-property' },
  { path: '/Properties-For-Rent-in-Dubai', aliasOf: '/rent-property' },
  { path: '/Rental', aliasOf: '/rent-property' },
  { path: '/off-plan', aliasOf: null },
  { path: '/commercial', aliasOf: null },
  { path: '/Properties-For-Sale-in-Dubai', aliasOf: '/commercial' },
  { path: '/allproperties', aliasOf: null },
  { path: '/pro', aliasOf: null },
  { path: '/developers', aliasOf: null },
  { path: '/meet-the-team', aliasOf: null },
  { path: '/about-us', aliasOf: null },
  { path: '/contact-us', aliasOf: null },
  { path: '/blogpage', aliasOf: null },
  { path: '/search-result', aliasOf: null },
  { path: '/search-residential', aliasOf: null },
  { path: '/search-commercial', aliasOf: null },
  { path: '/search-off-plan', aliasOf: null },
  { path: '/search-rent', aliasOf: null },
  { path: '/privacy-policy', aliasOf: null },
  { path: '/termandcondition', aliasOf: null },
  { path: '/admin', aliasOf: null },
  { path: '/partners', aliasOf: null },
  { path: '/req', aliasOf: null },
  { path: '/blogform', aliasOf: null },
  { path: '/feed', aliasOf: null },
  { path: '/area-guides-in-dubai', aliasOf: null },
  { path: '/golden-visa', aliasOf: null },
  { path: '/thank-you', aliasOf: null },
  { path: '/shortlist', aliasOf: null },
  { path: '/compare', aliasOf: null },
] as const satisfies readonly FixedRoute[];

/** The path of a fixed route. */
export type FixedPath = (typeof FIXED_ROUTES)[number]['path'];

/** The path of a fixed route that is no other page's alias. */
export type MainPath = Extract<(typeof FIXED_ROUTES)[number], { aliasOf: null }>['path'];
