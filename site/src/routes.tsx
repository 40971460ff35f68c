// The route table of spec section 2, aliases included, as a React Router data router.
// Each page is its own chunk (lazy), so a first page view loads only its own code.
import type { RouteObject } from 'react-router';
import { Layout, layoutLoader } from './components/Layout';
import { ErrorPage } from './components/ErrorPage';
import { DEFAULT_LANG, LANGS, langOfPath } from './i18n';

type Lazy = RouteObject['lazy'];

const listing = (kind: 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all'): Lazy =>
  async () => (await import('./pages/Listing')).forKind(kind);
const search = (kind: 'general' | 'residential' | 'commercial' | 'offPlan' | 'rent'): Lazy =>
  async () => (await import('./pages/SearchResults')).forKind(kind);
const legal = (page: 'privacy-policy' | 'terms-and-conditions'): Lazy =>
  async () => (await import('./pages/Legal')).forPage(page);

/** Fixed paths and their screens; every one is prerendered. */
export const fixedRoutes: { path: string; lazy: Lazy }[] = [
  { path: '/', lazy: () => import('./pages/Home') },
  { path: '/residential-properties', lazy: listing('residential') },
  { path: '/buy-property', lazy: listing('residential') },
  { path: '/rent-property', lazy: listing('rental') },
  { path: '/rent-properties', lazy: listing('rental') },
  { path: '/Properties-For-Rent-in-Dubai', lazy: listing('rental') },
  { path: '/Rental', lazy: listing('rental') },
  { path: '/off-plan', lazy: listing('offPlan') },
  { path: '/commercial', lazy: listing('commercial') },
  { path: '/Properties-For-Sale-in-Dubai', lazy: listing('commercial') },
  { path: '/allproperties', lazy: listing('all') },
  { path: '/pro', lazy: () => import('./pages/Seller') },
  { path: '/developers', lazy: () => import('./pages/Developers') },
  { path: '/meet-the-team', lazy: () => import('./pages/Team') },
  { path: '/about-us', lazy: () => import('./pages/About') },
  { path: '/contact-us', lazy: () => import('./pages/Contact') },
  { path: '/blogpage', lazy: () => import('./pages/BlogList') },
  { path: '/search-result', lazy: search('general') },
  { path: '/search-residential', lazy: search('residential') },
  { path: '/search-commercial', lazy: search('commercial') },
  { path: '/search-off-plan', lazy: search('offPlan') },
  { path: '/search-rent', lazy: search('rent') },
  { path: '/privacy-policy', lazy: legal('privacy-policy') },
  { path: '/termandcondition', lazy: legal('terms-and-conditions') },
  { path: '/admin', lazy: () => import('./pages/Admin') },
  { path: '/partners', lazy: () => import('./pages/Partners') },
  { path: '/req', lazy: () => import('./pages/Requirements') },
  { path: '/blogform', lazy: () => import('./pages/BlogForm') },
  { path: '/feed', lazy: () => import('./pages/Feed') },
  { path: '/area-guides-in-dubai', lazy: () => import('./pages/AreaGuides') },
];

/** The pages of one language: the fixed routes, listings, posts and the 404 page. */
function pageRoutes(): RouteObject[] {
  return [
    {
      errorElement: <ErrorPage />,
      children: [
        ...fixedRoutes.map(({ path, lazy }) => (path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy })),
        { path: 'property/:id', lazy: () => import('./pages/PropertyDetail') },
        { path: 'blog/:id/:slug?', lazy: () => import('./pages/BlogDetail') },
        { path: '*', lazy: () => import('./pages/NotFound') },
      ],
    },
  ];
}

/**
 * English at the spec's paths, Arabic under /ar and Russian under /ru: the same pages under
 * each prefix. The Layout reads the language from the path (i18n langOfPath).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <Layout />,
    loader: layoutLoader,
    // The shell's texts (agency name, address, hours) are per language: load them again when
    // the visitor switches language in the browser.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      langOfPath(currentUrl.pathname) !== langOfPath(nextUrl.pathname) || defaultShouldRevalidate,
    errorElement: <ErrorPage />,
    children: [
      ...pageRoutes(),
      ...LANGS.filter((lang) => lang !== DEFAULT_LANG).map((lang) => ({ path: lang, children: pageRoutes() })),
    ],
  },
];
