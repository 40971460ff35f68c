// Browser entry: loads the code of the prerendered page's routes, then hydrates the HTML with
// the data the prerender embedded as a JSON block (<script type="application/json"
// id="router-data">, not an inline script, for the CSP), handed to React Router where its
// browser router looks for it (window.__staticRouterHydrationData).
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { langOfPath, loadMessages } from './i18n';
import { preferredHome, rememberLanguageChange } from './i18n/preference';
import { routes } from './routes';
import { nextTask } from './tasks';
import { keepTyped } from './typedBeforeHydration';
import './styles.css';

/** The id of the prerender's JSON block (scripts/prerender.mjs). */
const HYDRATION_DATA_ID = 'router-data';

/**
 * Marks <html> `data-hydrated` once the page's first render in the browser is committed (a
 * parent's effects run after all of its children's). The browser tests wait for it
 * (e2e/browser.mjs `settle`); an attribute, unlike a User Timing mark, is seen by a test that
 * installed a fake clock. <html> is outside the hydrated root, so the attribute changes nothing
 * React compares.
 */
function Hydrated({ children, committed }: { children: ReactNode; committed: () => void }) {
  useEffect(() => {
    committed();
    delete document.documentElement.dataset.hydrating;
    document.documentElement.dataset.hydrated = '';
  }, [committed]);
  return children;
}

async function start(): Promise<void> {
  // Not in the task that evaluated the app's code.
  await nextTask();
  // A visitor who chose Arabic or Russian before and comes back to the English home page.
  const home = preferredHome(window.location.pathname, document.referrer, window.location.origin);
  if (home) {
    window.location.replace(`${home}${window.location.search}${window.location.hash}`);
    return;
  }
  rememberLanguageChange(window.location.pathname, document.referrer, window.location.origin);
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
  // Each step its own task, the main thread free in between (a phone's long tasks are what
  // Total Blocking Time counts): the router, then the page.
  await nextTask();
  const embedded = document.getElementById(HYDRATION_DATA_ID)?.textContent;
  if (embedded) {
    (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = JSON.parse(embedded);
  }
  const router = createBrowserRouter(routes);
  await nextTask();
  const root = document.getElementById('root');
  if (root) {
    // Hydration starts: React renders the page in slices, each a task, until `data-hydrated`.
    document.documentElement.dataset.hydrating = '';
    hydrateRoot(
      root,
      <Hydrated committed={keepTyped(root)}>
        <RouterProvider router={router} />
      </Hydrated>,
    );
  }
}

void start();
