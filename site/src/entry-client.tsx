// Browser entry: loads the code of the prerendered page's routes, then hydrates the HTML with
// the data the prerender embedded (window.__staticRouterHydrationData).
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { langOfPath, loadMessages } from './i18n';
import { preferredHome } from './i18n/preference';
import { routes } from './routes';
import './styles.css';

async function start(): Promise<void> {
  // A visitor who chose Arabic or Russian before and comes back to the English home page.
  const home = preferredHome(window.location.pathname, document.referrer, window.location.origin);
  if (home) {
    window.location.replace(`${home}${window.location.search}${window.location.hash}`);
    return;
  }
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  // The shell's messages too (the page's come with its route): hydration renders with the
  // loaders' embedded data, not by running them.
  await Promise.all([
    loadMessages(langOfPath(window.location.pathname), 'shell'),
    ...lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  ]);
  const router = createBrowserRouter(routes);
  const root = document.getElementById('root');
  if (root) hydrateRoot(root, <RouterProvider router={router} />);
}

void start();
