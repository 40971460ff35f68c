// Server entry for the prerender: renders one URL to HTML with React Router's static handler.
// The loaders' data is embedded by StaticRouterProvider for hydration.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ALIASES, fixedRoutes, routes } from './routes';
import { MetaContext, type Meta } from './meta';
import { loadAllMessages } from './i18n';
import { loadForms } from './forms/deferred';

export { setDataSource } from './data';
export { LANGS as languages, DEFAULT_LANG as defaultLanguage, DIRS as directions, LOCALES as locales, localePath, stripLang } from './i18n';
export { SHELL_PAGES as shellPages } from './property/shell';

/** Every fixed path of the route table; content paths come from the generator's routes.json. */
export const fixedPaths: string[] = fixedRoutes.map((route) => route.path);

/** The path a page's canonical link names: an alias's main page, else the page itself (no language prefix). */
export function canonicalPath(bare: string): string {
  return ALIASES[bare] ?? bare;
}

export type Rendered =
  /** `pages`: the message sets of the matched pages, named after their modules (routes.tsx). */
  | { kind: 'page'; status: number; html: string; meta: Meta | null; pages: string[] }
  | { kind: 'redirect'; status: number; location: string };

const handler = createStaticHandler(routes);

// Every language's messages, loaded once for all pages: the 404 and error pages render without
// the layout's loader having run. And the forms the browser hydrates late (forms/deferred.tsx),
// so the pages' HTML holds them in full.
const messagesLoaded = Promise.all([loadAllMessages(), loadForms()]);

export async function render(url: string): Promise<Rendered> {
  await messagesLoaded;
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  let meta: Meta | null = null;
  const html = renderToString(
    <MetaContext.Provider value={(collected) => (meta = collected)}>
      <StaticRouterProvider router={router} context={context} />
    </MetaContext.Provider>,
  );
  const pages = context.matches.flatMap((match) => {
    const messages = (match.route.handle as { messages?: string } | undefined)?.messages;
    return messages ? [messages] : [];
  });
  return { kind: 'page', status: context.statusCode, html, meta, pages };
}
