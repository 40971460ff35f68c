// The site's route table (contract/src/routes.rs), aliases included, in React Router's shape: its
// static handler picks each page's routes and data in the prerender (entry-server.tsx), and the
// browser finds the routes a page was drawn with by their ids (entry-client.tsx, match.ts).
// Each page is its own chunk (lazy), so a first page view loads only its own code.
import { Layout, layoutLoader } from './components/Layout';
import { ErrorPage } from './components/ErrorPage';
import { DEFAULT_LANG, LANGS } from './i18n';
import type { SiteRoute } from './nav';
import { screenRoutes } from './screens';

export { ALIASES, fixedRoutes, LISTING_SETS, type PageHandle } from './screens';

/**
 * English at the site's own paths, Arabic under /ar and Russian under /ru: the same pages under
 * each prefix. The Layout reads the language from the path (i18n langOfPath).
 */
export const routes: SiteRoute[] = [
  {
    id: 'root',
    path: '/',
    element: <Layout />,
    loader: layoutLoader,
    errorElement: <ErrorPage />,
    children: [
      { id: `pages:${DEFAULT_LANG}`, errorElement: <ErrorPage />, children: screenRoutes(DEFAULT_LANG) },
      ...LANGS.filter((lang) => lang !== DEFAULT_LANG).map((lang) => ({
        id: lang,
        path: lang,
        children: [{ id: `pages:${lang}`, errorElement: <ErrorPage />, children: screenRoutes(lang) }],
      })),
    ],
  },
];
