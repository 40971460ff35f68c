// The HTML document of a prerendered page: the client build's index.html (the template) with the
// page's head (title, description, canonical and hreflang links, social tags, the largest image's
// preload), its stylesheets, the boot block that starts its code, its markup and its routes'
// data. Server only: scripts/prerender.mjs gets it through entry-server.tsx.
import type { ImagePreload } from './components/Picture';
import type { EarlyPlan } from './early';
import EARLY_PHOTO from './early-photo.js?minified';
import EARLY_SEARCH from './early-search.js?minified';
import EARLY_COMPARE from './early-compare.js?minified';
import SPECULATION_RULES from './speculation-rules.json?raw';
import { DIRS, LANGS, LOCALES, localePath, stripLang, type Lang, type MessageSet } from './i18n';
import { HEADER_END, type Meta } from './meta';
import { ALIASES, type PageHandle } from './screens';

/** What the prerender renders of a page (entry-server.tsx's `render`). */
export interface RenderedPage {
  html: string;
  /** The page's routes and their data (entry-server.tsx `hydrationJson`), as JSON safe inside a script element. */
  data: string;
  meta: Meta | null;
  /** The modules and message sets of the matched pages (screens.ts). */
  pages: PageHandle[];
  /**
   * On a page drawn in islands: the modules (relative to src/) of those hydrated with the page, of
   * the deferred ones (their stylesheets are the page's, their code comes later) and the message
   * sets the first view needs besides the shell's (its islands', the page's where they need it);
   * null for a page hydrated whole.
   */
  islands: { modules: string[]; later: string[]; messages: MessageSet[] } | null;
  images: ImagePreload[];
  /** The requests sent ahead of its code, if any (early.ts): by its HTML (the search's) or its boot script. */
  early: EarlyPlan | null;
}

/** A chunk of Vite's manifest (dist/.vite/manifest.json), by its source's name. */
export type Manifest = Record<string, { file: string; name?: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }>;

/** Where a page is, for its document. */
export interface PagePlace {
  /** The site's address ('' when unknown): canonical and hreflang links are absolute with it. */
  base: string;
  /** The page's path, with its language prefix. */
  path: string;
  lang: Lang;
  /** Canonical and hreflang links: not for the 404 page or a shell, which answer other paths. */
  links: boolean;
}

/** The path a page's canonical link names: an alias's main page, else the page itself (no language prefix). */
export function canonicalPath(bare: string): string {
  return ALIASES[bare] ?? bare;
}

/**
 * The writer of every page's document from the client build's template and manifest (null
 * without a manifest: the template's own entry script then stays, and no chunk is announced).
 * The document comes in its parts, in order: the prerender writes them one after the other, where
 * joined into one string a page's half a megabyte of markup was copied once more.
 */
export function documentWriter(template: string, manifest: Manifest | null): (rendered: RenderedPage, place: PagePlace) => string[] {
  const boot = bootScript(template, manifest);
  const pieces = cutTemplate(boot ? boot.template : template);
  return (rendered, place) => {
    const { base, path, lang, links } = place;
    const chunks = manifest ? pageChunks(manifest, rendered.pages, rendered.islands, lang) : { files: [], css: [], later: [] };
    // The page's largest image: the browser fetches it first, with the stylesheet.
    const preloads = rendered.images.map(imagePreload);
    // After the entry's stylesheet, which Vite puts last in the head: the order the browser's
    // loader of a lazy chunk would add them in (it sees these links and does not add them again).
    const sheets = chunks.css.map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n  `).join('');
    // The entry's own imports first, then the page's chunks (JSON in a JSON block: `<` escaped,
    // so no text in it can close the element). Before the stylesheets, with the early scripts:
    // an inline script after a stylesheet not yet loaded waits for it.
    const bootBlock = boot
      ? `<script type="application/json" id="boot">${scriptJson({
          entry: boot.entry,
          preload: [...new Set([...boot.preload, ...chunks.files.map((file) => `/${file}`)])],
          ...(chunks.later.length ? { later: chunks.later.map((file) => `/${file}`) } : {}),
          ...(rendered.early ? { early: rendered.early } : {}),
        })}</script>`
      : '';
    const starters = boot ? [bootBlock, ...earlyScripts(rendered.early), speculationRules()] : [];
    // The boot script that starts /compare's early requests, the plain one for every other page.
    const bootTags = boot ? `  <script defer src="${rendered.early && 'compare' in rendered.early ? boot.early : boot.src}"></script>\n  ` : '';
    // What the first paint waits for: the page's own mark, else the header's end when the page has it.
    const waitFor = rendered.meta?.firstScreen ?? (rendered.html.includes(`id="${HEADER_END}"`) ? HEADER_END : null);
    const firstScreen = waitFor ? [`<link rel="expect" href="#${escapeHtml(waitFor)}" blocking="render" />`] : [];
    const canonical = localePath(lang, canonicalPath(stripLang(path)));
    const meta = rendered.meta && links ? { ...rendered.meta, canonical: `${base}${canonical}` } : rendered.meta;
    const head = meta
      ? [
          `<title>${escapeHtml(meta.title)}</title>`,
          `<meta name="description" content="${escapeHtml(meta.description)}" />`,
          ...(meta.noindex ? ['<meta name="robots" content="noindex, nofollow" data-noindex />'] : []),
          ...(links ? languageLinks(base, path, lang) : []),
          ...socialTags(meta),
          ...firstScreen,
          ...preloads,
          ...starters,
        ].join('\n    ')
      : [...firstScreen, ...preloads, ...starters].join('\n    ');
    return [
      pieces[0] + `<html lang="${lang}" dir="${DIRS[lang]}">` + pieces[1] + head + pieces[2] + `${sheets}${bootTags}</head>` + pieces[3],
      rendered.html,
      // The page's routes and data as a non-executable block (read by entry-client.tsx): no inline script.
      `${pieces[4]}<script type="application/json" id="page-data">`,
      rendered.data,
      `</script>\n  </body>${pieces[5]}`,
    ];
  };
}

/**
 * The inline scripts of a page with early requests, each the text of its file minified
 * (`?minified`, vite.config.ts), whose hashes netlify.toml's script-src names (document.test.ts
 * hashes what this module inlines). Kept short: they are in every such page and counted in its
 * first view's JavaScript. early-photo.js defines the early photos' drawing and preload (`window.estatePhotos`,
 * early.ts `EarlyPhotos`), for the script after it and for /compare's boot script (deferred: it
 * runs after every inline one). early-search.js, on the search results, sends the page's search as
 * soon as its HTML is parsed, not once the boot script has run after the stylesheets, preloads the
 * first card's photo as soon as the answer names it and draws the cards' photos in the placeholder
 * cards once the page is parsed (not when the address sorts or filters more: the cards may be
 * reordered). early-compare.js, on /compare, puts how many listings its address names on <html>
 * before the page is drawn, so the table's outline has their columns at the first paint.
 */
export function earlyScripts(plan: EarlyPlan | null): string[] {
  const texts = !plan ? [] : 'search' in plan ? [EARLY_PHOTO, EARLY_SEARCH] : [EARLY_PHOTO, EARLY_COMPARE];
  return texts.map((text) => `<script>${text}</script>`);
}

/**
 * Every page's speculation rules, the text of their file as it is (its hash is in netlify.toml's
 * script-src, as the early scripts' are): a link to another page of the site is fetched ahead as
 * the pointer rests on it or presses it (Chromium's 'moderate'), so the page it loads is there
 * sooner. Links load their pages (no router in the browser: nav.tsx). Browsers without speculation
 * rules ignore the element.
 */
function speculationRules(): string {
  return `<script type="speculationrules">${SPECULATION_RULES}</script>`;
}

/** The text of every inline script a page may have, in the order of their hashes in netlify.toml's script-src. */
export const INLINE_SCRIPTS: readonly string[] = [EARLY_PHOTO, EARLY_SEARCH, EARLY_COMPARE, SPECULATION_RULES];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON for a JSON block in the HTML: `<` escaped, so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The template cut once at the places each page fills: the `<html>` tag, `<!--app-head-->`,
 * `</head>`, `<!--app-html-->` and `</body>`, in that order (six pieces around five places). A
 * page's parts are joined in, never searched for or taken for a pattern (a `$&` stays as it is).
 */
function cutTemplate(template: string): string[] {
  const marks: (string | RegExp)[] = [/<html[^>]*>/, '<!--app-head-->', '</head>', '<!--app-html-->', '</body>'];
  const pieces: string[] = [];
  let rest = template;
  for (const mark of marks) {
    const found = find(rest, mark);
    if (!found) throw new Error(`the page template has no ${mark} after the ones before it`);
    pieces.push(rest.slice(0, found.index));
    rest = rest.slice(found.index + found.text.length);
  }
  pieces.push(rest);
  return pieces;
}

/** Where `mark` first is in `text`, and the text it matched. */
function find(text: string, mark: string | RegExp): { index: number; text: string } | null {
  if (typeof mark === 'string') {
    const index = text.indexOf(mark);
    return index < 0 ? null : { index, text: mark };
  }
  const match = mark.exec(text);
  return match ? { index: match.index, text: match[0] } : null;
}

/**
 * The canonical link, Open Graph and Twitter card tags and the JSON-LD of a page that gives a
 * canonical URL or an image (see meta.tsx). Marked data-page-meta: the browser drops them once
 * the visitor moves to another page.
 */
function socialTags(meta: Meta): string[] {
  if (!meta.canonical && !meta.image) return [];
  const tag = (name: string, value: string, attribute = 'property') =>
    `<meta ${attribute}="${name}" content="${escapeHtml(value)}" data-page-meta />`;
  const tags = [tag('og:type', 'website'), tag('og:title', meta.title), tag('og:description', meta.description)];
  if (meta.siteName) tags.push(tag('og:site_name', meta.siteName));
  if (meta.canonical) tags.push(tag('og:url', meta.canonical));
  if (meta.image) tags.push(tag('og:image', meta.image));
  tags.push(
    tag('twitter:card', meta.image ? 'summary_large_image' : 'summary', 'name'),
    tag('twitter:title', meta.title, 'name'),
    tag('twitter:description', meta.description, 'name'),
  );
  if (meta.image) tags.push(tag('twitter:image', meta.image, 'name'));
  if (meta.jsonLd) tags.push(`<script type="application/ld+json" data-page-meta>${meta.jsonLd}</script>`);
  return tags;
}

/** The canonical link of a page and the hreflang links of its languages (x-default: English). */
function languageLinks(base: string, path: string, lang: Lang): string[] {
  // An alias (/Rental) names its main page (/rent-property) as canonical, in every language.
  const bare = canonicalPath(stripLang(path));
  const url = (p: string) => escapeHtml(`${base}${p}`);
  const tags = [`<link rel="canonical" href="${url(localePath(lang, bare))}" data-path="${escapeHtml(path)}" data-page-meta />`];
  for (const code of LANGS) {
    tags.push(`<link rel="alternate" hreflang="${code}" href="${url(localePath(code, bare))}" data-page-meta />`);
  }
  tags.push(`<link rel="alternate" hreflang="x-default" href="${url(bare)}" data-page-meta />`);
  // Open Graph names the page's locale and its other languages' (en_GB, ar_AE, ru_RU).
  const ogLocale = (code: Lang) => LOCALES[code].replace(/-u-.*$/, '').replace('-', '_');
  tags.push(`<meta property="og:locale" content="${ogLocale(lang)}" data-page-meta />`);
  for (const code of LANGS.filter((other) => other !== lang)) {
    tags.push(`<meta property="og:locale:alternate" content="${ogLocale(code)}" data-page-meta />`);
  }
  return tags;
}

/**
 * The chunks a page's first view needs besides the entry: its islands' modules (or, for a page
 * hydrated whole, each matched page's module and the route table's chunk) with their static
 * imports, and the shell's and the page's messages in `lang` (i18n/message-sets.json). Named in the page's boot
 * block (see bootScript), the browser fetches them with the entry instead of after it has run.
 * `css`: the stylesheets of those chunks and, on a page in islands, of its screen's (a page's own
 * CSS, such as the admin's, is not in the entry's): linked in the HTML, so the page is styled at
 * first paint.
 */
function pageChunks(manifest: Manifest, pages: PageHandle[], islands: RenderedPage['islands'], lang: Lang): { files: string[]; css: string[]; later: string[] } {
  const files = new Set<string>();
  const css = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const child of chunk.imports ?? []) add(child);
  };
  const need = (key: string, why: string) => {
    if (!manifest[key]) throw new Error(`no ${key} in the build (${why})`);
    add(key);
  };
  // A screen's stylesheets, its code left out (a page in islands runs none of it).
  const seen = new Set<string>();
  const styles = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || seen.has(key)) return;
    seen.add(key);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const child of chunk.imports ?? []) styles(child);
  };
  if (islands) {
    for (const module of islands.modules) add(islandChunk(manifest, module));
    for (const module of islands.later) styles(islandChunk(manifest, module));
    for (const set of islands.messages) add(`virtual:messages-${lang}-${set}`);
    for (const page of pages) styles(`src/pages/${page.module}.tsx`);
  }
  else need('src/whole.tsx', 'the entry loads it for a page hydrated whole');
  for (const page of pages) {
    const module = `src/pages/${page.module}.tsx`;
    if (!islands) need(module, "a route's handle names it, screens.ts");
    // On a page in islands, named by the islands that need it (entry-server.tsx).
    if (!islands) add(`virtual:messages-${lang}-${page.messages}`);
  }
  add(`virtual:messages-${lang}-shell`);
  // The footer's, the banner's... (drawn by the prerender alone on a page in islands).
  if (!islands) add(`virtual:messages-${lang}-shellPage`);
  // The deferred islands' chunks with their imports, those not in the first view: fetched together
  // once the first of them is wanted (the entry's lazy imports name none, vite.config.ts).
  const later = new Set<string>();
  const after = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || files.has(chunk.file) || later.has(chunk.file)) return;
    later.add(chunk.file);
    for (const child of chunk.imports ?? []) after(child);
  };
  for (const module of islands?.later ?? []) after(islandChunk(manifest, module));
  return { files: [...files], css: [...css], later: [...later] };
}

/**
 * The manifest's key of the chunk an island's module (relative to src/) is in: its own, or, when
 * the route table also imports it (whole.tsx), the shared chunk Rollup named after it, one of
 * those the entry imports lazily.
 */
function islandChunk(manifest: Manifest, module: string): string {
  const own = [`src/${module}.tsx`, `src/${module}.ts`].find((key) => manifest[key]);
  if (own) return own;
  const name = module.slice(module.lastIndexOf('/') + 1);
  const named = (manifest['index.html']?.dynamicImports ?? []).filter((key) => key.startsWith('_') && manifest[key]?.name === name);
  if (named.length !== 1) throw new Error(`no one chunk of src/${module} in the build (${named.length} named ${name}; an island of the page names it, islands/registry.ts)`);
  return named[0]!;
}

/** `<link rel="preload" as="image">` for an image the page marked as its largest (components/Picture.tsx). */
function imagePreload({ href, srcset, sizes, type }: ImagePreload): string {
  const attributes = [
    `href="${escapeHtml(href)}"`,
    srcset ? `imagesrcset="${escapeHtml(srcset)}"` : '',
    sizes ? `imagesizes="${escapeHtml(sizes)}"` : '',
    type ? `type="${escapeHtml(type)}"` : '',
  ].filter(Boolean);
  return `<link rel="preload" as="image" ${attributes.join(' ')} fetchpriority="high" />`;
}

/**
 * How a page starts its code. No module script or modulepreload link in the HTML: the head names
 * one small deferred classic script (boot.ts, built apart by vite.config.ts `bootScripts`: `src`
 * for most pages, `early` with the early requests a page's HTML does not send) and a JSON block
 * with the entry and the page's chunks; the boot script adds them once the page has been painted.
 * Lighthouse (simulated slow 4G) counted the 107 KB entry and its chunks, requested before the
 * first paint even at low priority, against it: LCP 2.0-2.3 s, 1.0 s without them. The page is
 * whole in its HTML, so the stylesheet, first paint and largest image go first, hydration right
 * after. A JSON block and an external script, since the CSP allows no inline script but the
 * early ones (earlyScripts, by their hashes).
 * Null without a manifest naming src/boot.ts: the template's entry script then stays as it is.
 */
function bootScript(template: string, manifest: Manifest | null) {
  const boot = manifest?.['src/boot.ts']?.file;
  if (!boot) return null;
  const early = manifest['src/boot.ts?early']?.file;
  if (!early) throw new Error('the manifest names src/boot.ts but not src/boot.ts?early (vite.config.ts `bootScripts`)');
  return { ...takeEntryTags(template), src: `/${boot}`, early: `/${early}` };
}

/**
 * The tags Vite wrote into the template that start the app: its entry `<script type="module">`
 * and any `<link rel="modulepreload">` of the entry's imports. Returns the template without them.
 */
function takeEntryTags(template: string): { template: string; entry: string; preload: string[] } {
  let entry: string | null = null;
  const preload: string[] = [];
  const rest = template
    .replace(/[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g, (_, href: string) => {
      preload.push(href);
      return '';
    });
  if (!entry) throw new Error('no <script type="module" crossorigin src=...> in the page template (vite build)');
  return { template: rest, entry, preload };
}
