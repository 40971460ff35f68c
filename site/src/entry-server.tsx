// Server entry for the prerender: renders one URL to HTML. React Router's static handler picks
// the routes the URL names and runs their loaders; the page is rendered from them by nav.tsx's
// RoutesView, as the browser hydrates it (entry-client.tsx). The routes and their data are
// returned apart (`data`): the prerender embeds them as a non-executable JSON block, so the pages
// run no inline script and a strict CSP holds.
import { renderToString } from 'react-dom/server';
import { ImagePreloadContext, type ImagePreload } from './components/Picture';
import { CardsDrawn, GRID_SLOT, GRID_START } from './components/PropertyCard';
import { CardDrawingContext, closing, type KeptCards } from './components/keptCards';
import {
  createStaticHandler,
  isRouteErrorResponse,
  type DataRouteObject,
  type RouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { fixedAddress, type SiteRoute } from './nav';
import { RoutesView } from './routesView';
import { drawInIslands, type IslandRecord } from './islands/Island';
import { IN_ENTRY, ISLANDS, isDeferred, isIslandName, islandMessages, pageMessagesFirst, type IslandName } from './islands/registry';
import type { MessageSet } from './i18n';
import type { ReactNode } from 'react';
import { ALIASES, fixedRoutes, routes, type PageHandle } from './routes';
import { MetaContext, type Meta } from './meta';
import { DEFAULT_LANG, langOfPath, loadAllMessages, localePath, stripLang, type Lang } from './i18n';
import { loadAllForms } from './forms/deferred';
import type { EarlyPlan } from './early';
import { drawCards } from './search/noscriptCards';
import type { Property, Site } from './types';

export { observeReads, setDataSource } from './data';
export { KeptCards } from './components/keptCards';
export { LANGS as languages, DEFAULT_LANG as defaultLanguage, localePath, stripLang } from './i18n';
/** The HTML document of each page, from the client build's template and manifest. */
export { documentWriter } from './document';
export { SHELL_PAGES as shellPages } from './property/shell';
/** The published files' paths (contract::files): the prerender reads the routes and the site from dist/. */
export { ROUTES as routesFile, SITE as siteFile } from './paths';

/** The other names of the listing pages, each with its main page's path (no language prefix). */
export const aliases: Record<string, string> = ALIASES;

/** Every fixed path of the route table; content paths come from the generator's `routesFile`. */
export const fixedPaths: string[] = fixedRoutes.map((route) => route.path);

export type Rendered =
  /** `pages`: the modules and message sets of the matched pages (screens.ts). */
  /** `early`: the requests the page's boot script starts ahead of its code (early.ts), from its route's handle. */
  /** `islands`: the modules (relative to src/) of the islands hydrated with the page and of its deferred ones, and the message sets its first view needs besides the shell's, or null for a page hydrated whole. */
  | { kind: 'page'; status: number; html: string; data: string; meta: Meta | null; pages: PageHandle[]; islands: { modules: string[]; later: string[]; messages: MessageSet[] } | null; images: ImagePreload[]; early: EarlyPlan | null }
  | { kind: 'redirect'; status: number; location: string };

/**
 * A static handler per language, each given the routes of its language only (ids unchanged: they
 * are the whole table's): React Router ranks every route it has on every page it renders, three
 * languages' worth before (a third of its page handling). A path of one language can only match
 * that language's routes, so the matches are the same.
 */
const { dataRoutes } = createStaticHandler(routes as RouteObject[]);
const handlers = new Map<Lang, StaticHandler>();
function handlerFor(lang: Lang): StaticHandler {
  let handler = handlers.get(lang);
  if (!handler) {
    // The root's children: the default language's pathless group, and one group per prefix.
    const ofLang = (route: DataRouteObject) => (lang === DEFAULT_LANG ? route.path === undefined : route.path === lang);
    const ofThisLang: DataRouteObject[] = dataRoutes.map((root) => (root.children ? { ...root, children: root.children.filter(ofLang) } : root));
    handler = createStaticHandler(ofThisLang);
    handlers.set(lang, handler);
  }
  return handler;
}

// Every language's messages, loaded once for all pages: the 404 and error pages render without
// the layout's loader having run. And the forms and fields the browser hydrates late
// (forms/deferred.tsx), so the pages' HTML holds them in full.
const messagesLoaded = Promise.all([loadAllMessages(), loadAllForms()]);

/**
 * Each record's card in `lang`, for the result page of a search sent without JavaScript
 * (search/noscriptCards.tsx): `[id, html]`, drawn as on the result page `page`.
 */
export async function noscriptCards(records: Property[], site: Site, lang: Lang, page: string): Promise<[string, string][]> {
  await messagesLoaded;
  return drawCards(records, site, lang, page);
}
export { noscriptCard as noscriptCardFile, API_PROPERTIES as propertiesFile, apiProperty as propertyFile } from './paths';

/** The main pages that have aliases (/rent-property for /Rental...). */
const ALIASED = new Set(Object.values(ALIASES));

/**
 * The card grids of the main pages rendered so far, by path (with its language prefix): an
 * alias's page draws its main page's cards, in its language, from the same data. Kept by the
 * caller for pages rendered from the same data files, its aliases after a main page.
 */
export type DrawnGrids = Map<string, string>;

/**
 * Renders `url`. With `grids`, an alias's page whose main page in its language is there takes
 * that page's cards (all but what the path decides: its canonical link, the active link of the
 * menu, the tabs and the language switch is rendered as ever), and a main page leaves its cards
 * there. With `cards`, the cards it keeps are put back, not drawn, and those drawn are kept.
 */
export async function render(url: string, grids?: DrawnGrids, cards?: KeptCards): Promise<Rendered> {
  await messagesLoaded;
  const address = new URL(url, 'http://localhost');
  const lang = langOfPath(address.pathname);
  const handler = handlerFor(lang);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const bare = stripLang(address.pathname);
  const main = ALIASES[bare];
  const grid = main === undefined ? undefined : grids?.get(localePath(lang, main));
  let meta: Meta | null = null;
  const images: ImagePreload[] = [];
  const drawing = cards?.drawing() ?? null;
  const page = pageOf(context);
  // What every render of the page is given (the page's and each island's).
  const provided = (node: ReactNode) => (
    <MetaContext.Provider value={(collected) => (meta = collected)}>
      <ImagePreloadContext.Provider value={(image) => images.push(image)}>
        <CardsDrawn.Provider value={grid !== undefined}>
          <CardDrawingContext.Provider value={drawing}>{node}</CardDrawingContext.Provider>
        </CardsDrawn.Provider>
      </ImagePreloadContext.Provider>
    </MetaContext.Provider>
  );
  const routesView = <RoutesView address={fixedAddress(address.pathname)} page={page} />;
  const drawn = inIslands(context)
    ? drawInIslands(routesView, (node, identifierPrefix) => renderToString(provided(node), { identifierPrefix }))
    : { html: renderToString(provided(routesView)), islands: null };
  let html = drawn.html;
  if (drawing) html = drawing.finish(html);
  if (grid !== undefined) {
    const at = html.indexOf(GRID_SLOT);
    if (at >= 0) html = html.slice(0, at) + grid + html.slice(at + GRID_SLOT.length);
  } else if (grids && ALIASED.has(bare)) {
    const drawn = gridOf(html);
    if (drawn !== null) grids.set(address.pathname, drawn);
  }
  const pages = context.matches.flatMap((match) => {
    const handle = match.route.handle as Partial<PageHandle> | undefined;
    return handle?.module && handle.messages ? [{ module: handle.module, messages: handle.messages }] : [];
  });
  const early = context.matches.map((match) => (match.route.handle as { early?: EarlyPlan } | undefined)?.early).find(Boolean) ?? null;
  const records = drawn.islands;
  // The page's screen comes with the table of screens it is found in (screens.ts).
  for (const { name } of records ?? []) if (!isIslandName(name)) throw new Error(`${url}: no island ${name} in islands/registry.ts`);
  // The first view names the code and messages of the islands hydrated with the page, and the
  // page's messages where one of those needs them; a deferred island's come later
  // (islands/hydrate.tsx), its stylesheets with the page.
  const now = records?.filter(({ name }) => !isDeferred(name)) ?? [];
  const modulesOf = (list: IslandRecord[]) => [...new Set(list.map(({ name }) => ISLANDS[name as IslandName].module))].filter((module) => !IN_ENTRY.has(module));
  const chunks = records && {
    modules: modulesOf(now),
    later: modulesOf(records.filter(({ name }) => isDeferred(name))),
    messages: [
      ...new Set([
        ...now.flatMap(({ name }) => islandMessages(name as IslandName) ?? []),
        ...(pageMessagesFirst(now.map(({ name }) => name)) ? pages.map(({ messages }) => messages) : []),
      ]),
    ],
  };
  return { kind: 'page', status: context.statusCode, html, data: hydrationJson(context, records), meta, pages, islands: chunks, images, early };
}

/**
 * Whether the page is drawn in islands: every page but those the browser draws again from what
 * it finds (the 404 page, an unknown post's or property's page and the property shell, which
 * load what the address names) and those that met an error. Those are hydrated whole.
 */
function inIslands(context: StaticHandlerContext): boolean {
  if (context.statusCode !== 200 || context.errors) return false;
  return !context.matches.some(({ route }) => {
    const handle = route.handle as { notFound?: boolean } | undefined;
    const data = context.loaderData[route.id] as { missing?: boolean } | undefined;
    return handle?.notFound === true || data?.missing === true;
  });
}

/** The page's one card grid (the list element PropertyGrid draws, to its closing tag), or null when it has none or several. */
function gridOf(html: string): string | null {
  const start = html.indexOf(GRID_START);
  if (start < 0 || html.indexOf(GRID_START, start + 1) >= 0) return null;
  const end = closing(html, start, 'ul');
  return end < 0 ? null : html.slice(start, end);
}

/** The routes the static handler matched (their code loaded), with their data. */
function pageOf(context: StaticHandlerContext) {
  return {
    matches: context.matches.map(({ route, params, pathname }) => ({ route: route as unknown as SiteRoute, params, pathname })),
    loaderData: context.loaderData,
    errors: context.errors,
  };
}

/**
 * What the browser hydrates with (read by entry-client.tsx): the ids of the routes the page is
 * drawn with, their parameters, their data and the errors they met (marked with `__type`, as
 * React Router embeds them), and on a page drawn in islands the islands and each route's handle,
 * as JSON safe inside a <script> element: `<` is escaped, so no text can close it.
 */
function hydrationJson(context: StaticHandlerContext, islands: IslandRecord[] | null): string {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : error instanceof Error
              ? { message: error.message, __type: 'Error' }
              : error,
        ]),
      )
    : null;
  const matches = context.matches.map(({ route, params, pathname }) =>
    islands && route.handle ? { id: route.id, params, pathname, handle: route.handle } : { id: route.id, params, pathname },
  );
  // On a page in islands, only the data an island reads (a static screen's is in its HTML alone).
  const read = new Set(islands?.map(({ route }) => route));
  const loaderData = islands ? Object.fromEntries(Object.entries(context.loaderData).filter(([id]) => read.has(id))) : context.loaderData;
  const json = JSON.stringify(islands ? { matches, loaderData, errors, islands } : { matches, loaderData, errors });
  // Most pages' data has no `<`: then no second pass and copy (an agent's page holds 100 KB).
  return json.includes('<') ? json.replace(/</g, '\\u003c') : json;
}
