// Generated from `contract::endpoints` (contract/src/endpoints.rs) by
// `cargo run -p contract --features ts --example typescript`: do not edit.
// The lead function's paths, the honeypot field's name, the most listings one enquiry names, and a
// search request's fields, limits and orders.

/** Where every enquiry form posts its lead (JSON, or a plain HTML form without script). */
export const CONTACT_PATH = '/api/contact-user';

/** The search of every listing (the search page). */
export const SEARCH_PROPERTIES = '/api/search-properties';

/** The search of residential listings for sale. */
export const SEARCH_RESIDENTIAL = '/api/properties/residential/search';

/** The search of commercial listings. */
export const SEARCH_COMMERCIAL = '/api/properties/commercial/search';

/** The search of off-plan projects. */
export const SEARCH_OFF_PLAN = '/api/properties/off-plan/search';

/** The search of listings to rent. */
export const SEARCH_RENT = '/api/properties/rent/search';

/**
 * The result page of a search sent without JavaScript: a plain GET form's address,
 * `{SEARCH_PAGE_PATH}/{lang}{result page}` (`/api/search-page/ar/search-rent?bedrooms=2`),
 * answered by the search function with the site's own result page in that language, the
 * matching cards drawn in it (HTML; the CDN proxies every path under it).
 */
export const SEARCH_PAGE_PATH = '/api/search-page';

/**
 * Every POST endpoint the function answers: what the CDN must send to it (the generator
 * writes one proxy rule per entry into `dist/_redirects`).
 */
export const POST_ENDPOINTS = [
  '/api/contact-user',
  '/api/search-properties',
  '/api/properties/residential/search',
  '/api/properties/commercial/search',
  '/api/properties/off-plan/search',
  '/api/properties/rent/search',
] as const;

/**
 * Saves a search with an email address for new-listing alerts (JSON, or a plain HTML form
 * answered with a page): the criteria are the result page's query string, read by the
 * search endpoints' rules. Nothing but the confirmation email is sent until the visitor
 * confirms.
 */
export const SAVED_SEARCH_PATH = '/api/saved-searches';

/** The confirmation link's target (`GET ?token=`): a page in the subscriber's language. */
export const SAVED_SEARCH_CONFIRM_PATH = '/api/saved-searches/confirm';

/**
 * Unsubscribing: `GET ?token=` is a page with the button, `POST` (RFC 8058 one-click,
 * body `List-Unsubscribe=One-Click`, the token in the query string or the form) ends the
 * saved search at once.
 */
export const SAVED_SEARCH_UNSUBSCRIBE_PATH = '/api/saved-searches/unsubscribe';

/** `GET ?token=`: the address's saved searches, each with a button that deletes it. */
export const SAVED_SEARCH_MANAGE_PATH = '/api/saved-searches/manage';

/** The most saved searches one email address may keep (a further one is refused). */
export const SAVED_SEARCH_MAX_PER_ADDRESS = 10;

/**
 * Netlify's 'Deploy succeeded' notification (`POST`, signed in `X-Webhook-Signature` with
 * the shared secret `LEAD_HOOKS_SECRET`): the saved searches' digest runs on what the deploy
 * published. Called by Netlify on the lead function's own address, never by the site.
 */
export const SAVED_SEARCH_DEPLOYED_PATH = '/api/saved-searches/deployed';

/**
 * The mail provider's bounce and complaint webhook (`POST ?token=LEAD_HOOKS_SECRET`,
 * Postmark's JSON): an address that bounced hard or complained has its saved searches
 * removed. Called by the provider on the lead function's own address.
 */
export const SAVED_SEARCH_BOUNCE_PATH = '/api/saved-searches/bounce';

/**
 * The honeypot: a field the forms render hidden from people (and from assistive
 * technology), so only a bot fills it. A lead with it filled is answered as accepted and
 * never delivered.
 */
export const HONEYPOT = 'website';

/**
 * The most listings one enquiry names (`propertyIds`); the visitor's shortlist holds at
 * most as many.
 */
export const MAX_PROPERTY_IDS = 50;

/**
 * The property types the seller form's dropdown offers, the only ones its lead may name
 * (`propertyType`).
 */
export const SELLER_TYPES = [
  'Apartment',
  'Townhouse',
  'Villa',
  'Plot',
  'Full Floor',
] as const;

/**
 * The fields of a search request, in its JSON body or its query string (the body wins):
 * the criteria, then which page of the answer (`page`, from 1), how many listings a page
 * holds (`limit`) and their order (`sort`).
 */
export const SEARCH_FIELDS = [
  'query',
  'type',
  'bedrooms',
  'area',
  'bathrooms',
  'areaMax',
  'min',
  'max',
  'completion',
  'furnishing',
  'purpose',
  'offPlan',
  'cheques',
  'availableFrom',
  'community',
  'page',
  'limit',
  'sort',
] as const;

/**
 * A search's orders: the most relevant then the newest, or by price (a rent as its year's
 * amount; listings without a price last).
 */
export const SEARCH_SORTS = [
  'newest',
  'price-asc',
  'price-desc',
] as const;

/** The listings a page of a search's answer holds when the request names no `limit`. */
export const SEARCH_DEFAULT_LIMIT = 24;

/** The most listings a page holds, whatever `limit` asks (a larger one is read as this). */
export const SEARCH_MAX_LIMIT = 100;

/**
 * The most bytes a search's answer is: a page holds fewer listings than `limit` when the
 * catalogue's largest listing would take it over (`X-Per-Page` says how many).
 */
export const SEARCH_MAX_ANSWER_BYTES = 1048576;

/** The answer's header with the number of listings the search found, on every page. */
export const SEARCH_TOTAL_HEADER = 'X-Total-Count';

/** The answer's header with the page it is (from 1). */
export const SEARCH_PAGE_HEADER = 'X-Page';

/** The answer's header with how many listings each page of the search holds. */
export const SEARCH_PER_PAGE_HEADER = 'X-Per-Page';

/** A search's text is cut to this many characters before it is read. */
export const SEARCH_MAX_QUERY_CHARS = 200;

/** Every other value of a search is cut to this many characters before it is read. */
export const SEARCH_MAX_VALUE_CHARS = 100;

/** The most communities one search names; those after are ignored unread. */
export const SEARCH_MAX_COMMUNITIES = 20;

/**
 * The rooms filters' last choice, which means "this many or more" (the search panels' '7+
 * Bedrooms').
 */
export const ROOMS_OR_MORE = 7;
