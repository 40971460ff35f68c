// Message sets: the keys of the translation files the shell and each page need
// (message-sets.json), so a first view downloads the shell's and its page's messages in its
// language, not every message of the site. en.json, ar.json and ru.json stay the one source; the
// Vite plugin below cuts them into one small module per set and language at build time.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

export type Dictionary = Record<string, string>;

/** Whether `key` is `prefix` itself or under it ('forms' holds 'forms.name', not 'formsX'). */
function under(key: string, prefix: string): boolean {
  return key === prefix || key.startsWith(`${prefix}.`);
}

/** The prefixes of `set`, with those of the sets it includes ('@name') in their place. */
export function expand(sets: Record<string, readonly string[]>, set: string, seen: string[] = []): string[] {
  if (seen.includes(set)) throw new Error(`message set ${set} includes itself (${[...seen, set].join(' -> ')})`);
  const prefixes = sets[set];
  if (!prefixes) throw new Error(`unknown message set ${set}${seen.length ? ` (included by ${seen.at(-1)})` : ''}`);
  return prefixes.flatMap((p) => (p.startsWith('@') ? expand(sets, p.slice(1), [...seen, set]) : [p]));
}

/** The messages of `dictionary` under any of `prefixes` (plural forms go with their key). */
export function pick(dictionary: Dictionary, prefixes: readonly string[]): Dictionary {
  return Object.fromEntries(Object.entries(dictionary).filter(([key]) => prefixes.some((p) => under(key, p))));
}

/** Prefixes of `sets` that name no key of `english`: a typo there would leave a page's text out. */
export function unknownPrefixes(sets: Record<string, readonly string[]>, english: Dictionary): string[] {
  return Object.entries(sets).flatMap(([set, prefixes]) =>
    prefixes
      .filter((p) => !p.startsWith('@') && !Object.keys(english).some((key) => under(key, p)))
      .map((p) => `${set}: "${p}"`),
  );
}

const INDEX = 'virtual:messages';
// One set's messages in one language, as a module (but in the client build, see messageSets).
const SET = /^virtual:messages-(en|ar|ru)-(\w+)$/;
const LANGS = ['en', 'ar', 'ru'] as const;

/** The sets a page can load: not an empty one, nor one only included by others ('_name'). */
function loadable(sets: Record<string, readonly string[]>): string[] {
  return Object.keys(sets).filter((set) => !set.startsWith('_') && expand(sets, set).length > 0);
}

/**
 * `virtual:messages` exports a loader per language and set (none for an empty set, nor for a
 * set only included by others, named with a leading '_', nor for `_prerender`: what only the
 * prerender draws, the content of <noscript> and the home page's text outside its islands, which
 * it has from the whole files).
 *
 * In the client build each set's messages are a file the plugin writes itself,
 * `assets/m-{lang}-{set}-{hash}.js`, with one hash per language over all its sets, and the loaders
 * build the name from the language's hash. With a chunk per set, the entry named each set's own
 * hash: 75 of them were 0.8 KB of every first view, gzipped (a translation edit now renders every
 * set of that language anew, which is a few KB). The manifest lists each file under
 * `virtual:messages-{lang}-{set}`, as it listed the chunks. Elsewhere (the SSR build, the dev
 * server, the tests) `virtual:messages-{lang}-{set}` is one set's messages, each its own module.
 */
export function messageSets(readFile: (lang: string) => Dictionary, sets: Record<string, readonly string[]>): Plugin {
  // Each file read once per build, not once per set.
  let files = new Map<string, Dictionary>();
  const read = (lang: string): Dictionary => {
    let dictionary = files.get(lang);
    if (!dictionary) {
      dictionary = readFile(lang);
      files.set(lang, dictionary);
    }
    return dictionary;
  };
  const source = (lang: string, set: string) => `export default ${JSON.stringify(pick(read(lang), expand(sets, set)))};\n`;
  let clientBuild = false;
  let assetsDir = 'assets';
  // The client build's set files, and each language's hash over its own.
  let written: { lang: string; set: string; source: string }[] = [];
  let hashes: Record<string, string> = {};
  return {
    name: 'message-sets',
    configResolved(config) {
      clientBuild = config.command === 'build' && !config.build.ssr;
      assetsDir = config.build.assetsDir;
    },
    buildStart() {
      // A rebuild (estate serve, vitest) sees edited translation files.
      files = new Map();
      // Throws on an include of an unknown set or a cycle.
      Object.keys(sets).forEach((set) => expand(sets, set));
      const unknown = unknownPrefixes(sets, read('en'));
      if (unknown.length) this.error(`src/i18n/message-sets.json names keys en.json lacks:\n  ${unknown.join('\n  ')}`);
      if (!clientBuild) return;
      written = LANGS.flatMap((lang) => loadable(sets).map((set) => ({ lang, set, source: source(lang, set) })));
      hashes = Object.fromEntries(
        LANGS.map((lang) => {
          const hash = createHash('sha256');
          for (const file of written.filter((w) => w.lang === lang)) hash.update(`${file.set}\0${file.source}\0`);
          return [lang, hash.digest('base64url').slice(0, 8)];
        }),
      );
    },
    resolveId(id) {
      return id === INDEX || SET.test(id) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0')) return null;
      const name = id.slice(1);
      if (name === INDEX && clientBuild) {
        // Relative to the entry's chunk, which is in the assets folder with the set files.
        return [
          `const hashes = ${JSON.stringify(hashes)};`,
          `const sets = ${JSON.stringify(loadable(sets))};`,
          'export const loaders = Object.fromEntries(Object.entries(hashes).map(([lang, hash]) => [lang,',
          '  Object.fromEntries(sets.map((set) => [set, () => import(/* @vite-ignore */ `./m-${lang}-${set}-${hash}.js`)]))]));',
          '',
        ].join('\n');
      }
      if (name === INDEX) {
        const loaders = LANGS.map(
          (lang) =>
            `${lang}: {${loadable(sets)
              .map((set) => `${set}: () => import(${JSON.stringify(`${INDEX}-${lang}-${set}`)})`)
              .join(', ')}}`,
        );
        return `export const loaders = {${loaders.join(',\n')}};\n`;
      }
      const match = SET.exec(name);
      if (!match) return null;
      const [, lang, set] = match as unknown as [string, string, string];
      if (!sets[set]) this.error(`unknown message set ${set} (src/i18n/message-sets.json)`);
      return source(lang, set);
    },
    generateBundle() {
      for (const { lang, set, source } of written) {
        this.emitFile({
          type: 'asset',
          fileName: `${assetsDir}/m-${lang}-${set}-${hashes[lang]}.js`,
          // Both, for the manifest to list the file under this key (scripts/prerender.mjs and
          // bench/site_build.py look it up there, estate build keeps the files it lists).
          name: `m-${lang}-${set}.js`,
          originalFileName: `${INDEX}-${lang}-${set}`,
          source,
        });
      }
    },
  };
}
