// Generated from `contract::endpoints` (contract/src/endpoints.rs) by
// `cargo run -p contract --features ts --example typescript`: do not edit.
// The lead function's paths, the honeypot field's name and the most listings one enquiry names.

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
