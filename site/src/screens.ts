// Each page's screen: its module, its message set and its code, by route path (contract/src/routes.rs
// through src/paths.ts). The route table (routes.tsx) puts them under the shell; the browser loads
// a page's screen from here by its route's id when the screen is an island of its own
// (islands/hydrate.tsx), without the shell's code.
import { isLang, loadMessages, type Lang, type MessageSet } from './i18n';
import type { SiteRoute } from './nav';
import { FIXED_ROUTES, type MainPath } from './paths';
import type { ListingKind } from './pages/Listing';

type Lazy = NonNullable<SiteRoute['lazy']>;

/**
 * A page's module (src/pages/{module}.tsx), its message set and its code. The set is named after
 * the module, unless one module draws pages that need different texts: a listing page's set is
 * its kind's, with the other kinds' titles and descriptions left out.
 */
type Screen = { module?: string; messages: MessageSet; lazy: Lazy };

/** What each page's route carries in its handle: the prerender names the module's and the set's chunks. */
export type PageHandle = {
  module: string;
  messages: MessageSet;
};

export const LISTING_SETS = {
  residential: 'ListingResidential',
  rental: 'ListingRental',
  offPlan: 'ListingOffPlan',
  commercial: 'ListingCommercial',
  all: 'ListingAll',
} as const satisfies Record<ListingKind, MessageSet>;

const listing = (kind: ListingKind): Screen => ({
  module: 'Listing',
  messages: LISTING_SETS[kind],
  lazy: async () => (await import('./pages/Listing')).forKind(kind),
});
const search = (kind: 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent'): Screen => ({
  messages: 'SearchResults',
  lazy: async () => (await import('./pages/SearchResults')).forKind(kind),
});
const legal = (page: 'privacy-policy' | 'terms-and-conditions' | 'golden-visa'): Screen => ({
  messages: 'Legal',
  lazy: async () => (await import('./pages/Legal')).forPage(page),
});

/**
 * The screen of each fixed route that is no other page's alias. The routes are the contract's
 * (src/paths.ts, generated from contract::routes, which the generator's sitemap follows too):
 * the compiler checks that each has a screen here. An alias shows its main page's.
 */
const SCREENS: Record<MainPath, Screen> = {
  '/': { messages: 'Home', lazy: () => import('./pages/Home') },
  '/buy-property': listing('residential'),
  '/rent-property': listing('rental'),
  '/off-plan': listing('offPlan'),
  '/commercial': listing('commercial'),
  '/allproperties': listing('all'),
  '/pro': { messages: 'Seller', lazy: () => import('./pages/Seller') },
  '/developers': { messages: 'Developers', lazy: () => import('./pages/Developers') },
  '/meet-the-team': { messages: 'Team', lazy: () => import('./pages/Team') },
  '/about-us': { messages: 'About', lazy: () => import('./pages/About') },
  '/contact-us': { messages: 'Contact', lazy: () => import('./pages/Contact') },
  '/blogpage': { messages: 'BlogList', lazy: () => import('./pages/BlogList') },
  '/search-result': search('general'),
  '/search-residential': search('residential'),
  '/search-commercial': search('commercial'),
  '/search-off-plan': search('offPlan'),
  '/search-rent': search('rent'),
  '/privacy-policy': legal('privacy-policy'),
  '/termandcondition': legal('terms-and-conditions'),
  '/admin': { messages: 'Admin', lazy: () => import('./pages/Admin') },
  '/partners': { messages: 'Partners', lazy: () => import('./pages/Partners') },
  '/req': { messages: 'Requirements', lazy: () => import('./pages/Requirements') },
  '/blogform': { messages: 'BlogForm', lazy: () => import('./pages/BlogForm') },
  '/feed': { messages: 'Feed', lazy: () => import('./pages/Feed') },
  '/area-guides-in-dubai': { messages: 'AreaGuides', lazy: () => import('./pages/AreaGuides') },
  '/golden-visa': legal('golden-visa'),
  '/thank-you': { messages: 'ThankYou', lazy: () => import('./pages/ThankYou') },
  '/shortlist': { messages: 'Shortlist', lazy: () => import('./pages/Shortlist') },
  '/compare': { messages: 'Compare', lazy: () => import('./pages/Compare') },
};

/**
 * The other names of a listing page (/Rental for /rent-property, say), and the page each is
 * another name of: their
 * canonical link points there, so search engines index one page (the sitemap leaves them out).
 */
export const ALIASES: Record<string, string> = Object.fromEntries(
  FIXED_ROUTES.flatMap((route) => (route.aliasOf === null ? [] : [[route.path, route.aliasOf]])),
);

/** Fixed paths and their screens, in the contract's order; every one is prerendered. */
export const fixedRoutes: ({ path: string } & Screen)[] = FIXED_ROUTES.map((route) => ({
  path: route.path,
  ...(route.aliasOf === null ? SCREENS[route.path] : SCREENS[route.aliasOf]),
}));

/**
 * A page's route: its code and its messages in `lang`, both loaded before the page renders. The
 * prerender reads its handle to let the browser fetch the page's chunks with the entry (its boot
 * block).
 */
function page(lang: Lang, path: string, { module, messages, lazy }: Screen): SiteRoute {
  const handle: PageHandle = { module: module ?? messages, messages };
  return {
    // The key of its data in the page ('en:/', 'ar:property/:id'): the same in the prerender and the browser.
    id: `${lang}:${path}`,
    ...(path === '/' ? { index: true } : { path }),
    lazy: async () => {
      const [route] = await Promise.all([lazy(), loadMessages(lang, messages)]);
      // Beside what the page's module declares in its own handle (components/Header.tsx).
      return { ...route, handle: { ...(route.handle as object | undefined), ...handle } };
    },
  };
}

/** The pages of one language: the fixed routes, listings, posts, area guides, members, developers and the 404 page. */
export function screenRoutes(lang: Lang): SiteRoute[] {
  return [
    ...fixedRoutes.map(({ path, ...screen }) => page(lang, path === '/' ? '/' : path.slice(1), screen)),
    page(lang, 'property/:id', { messages: 'PropertyDetail', lazy: () => import('./pages/PropertyDetail') }),
    page(lang, 'blog/:id/:slug?', { messages: 'BlogDetail', lazy: () => import('./pages/BlogDetail') }),
    // A community's guide: the area guides' module draws it too (pages/AreaGuides.tsx); a team
    // member's page and a developer's: the team's (pages/Team.tsx, people/People.tsx). The same
    // screens: no import more in the route table every first view carries.
    page(lang, 'area-guides-in-dubai/:id', SCREENS['/area-guides-in-dubai']),
    page(lang, 'agents/:id', SCREENS['/meet-the-team']),
    page(lang, 'developers/:id', SCREENS['/meet-the-team']),
    page(lang, '*', { messages: 'NotFound', lazy: () => import('./pages/NotFound') }),
  ];
}

/** The page route `id` ('en:/', 'ar:property/:id'), its code not loaded yet; undefined for another id. */
export function screenRoute(id: string): SiteRoute | undefined {
  const lang = id.slice(0, id.indexOf(':'));
  return isLang(lang) ? screenRoutes(lang).find((route) => route.id === id) : undefined;
}

