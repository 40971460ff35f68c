// Browser entry: hydrates the prerendered page from the routes it was drawn with and their data,
// which the prerender embedded as a JSON block (<script type="application/json" id="page-data">,
// not an inline script, for the CSP). No router: links load pages (nav.tsx), and the page's
// address is the window's (address.ts).
//
// Most pages are drawn in islands (islands/Island.tsx): only what a visitor can touch is hydrated,
// each part as a root of its own (islands/hydrate.tsx), and the rest of the page runs no code. The
// pages the browser draws again from what it finds (the 404 page, the property shell) are hydrated
// whole (whole.tsx, a chunk of its own with the route table, which no other page loads).
import { preferredHome, rememberLanguageChange } from './i18n/preference';
import { browserAddress } from './address';
import { hydrateIslands } from './islands/hydrate';
import type { Embedded } from './pageData';
import { nextTask } from './tasks';
import './styles.css';
// Small modules most pages' islands use (the data's fetch, numbers and prices, dates, a picture,
// the page's title and header, a card's facts and address): in the entry's chunk rather than a
// dozen chunks of 0.2-0.8 KB, each fetched beside it with its own request and its own gzip
// dictionary. A page that needs none of them (a post, the team) carries 2.5 KB more; a listing,
// search or area guide page 1-2 KB less (bench/site_build.py).
import './data';
import './format';
import './price';
import './dates';
import './endpoints';
import './property/facts';
import './property/seo';
import './property/rooms';
import './components/Picture';
import './components/Seo';
import './components/PageHeader';
import './search/rules';
import './search/toCard';
import './search/origin';

/** The id of the prerender's JSON block (document.ts). */
const HYDRATION_DATA_ID = 'page-data';

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
  const json = document.getElementById(HYDRATION_DATA_ID)?.textContent;
  const root = document.getElementById('root');
  if (!json || !root) return;
  const embedded = JSON.parse(json) as Embedded;
  const address = browserAddress();
  if (embedded.islands) await hydrateIslands(embedded, embedded.islands, address);
  else await (await import('./whole')).hydrateWhole(root, embedded, address);
}

void start();
