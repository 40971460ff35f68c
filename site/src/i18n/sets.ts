// Message sets: the keys of the translation files the shell and each page need
// (message-sets.json), so a first view downloads the shell's and its page's messages in its
// language, not every message of the site. en.json, ar.json and ru.json stay the one source; the
// Vite plugin below cuts them into one small module per set and language at build time.
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
// Named so that each set's chunk is called messages-{lang}-{set} in the build.
const SET = /^virtual:messages-(en|ar|ru)-(\w+)$/;

/**
 * `virtual:messages` exports a loader per language and set (none for an empty set, nor for a
 * set only included by others, named with a leading '_', nor for `_prerender`: what only the
 * prerender draws, the content of <noscript>, which it has from the whole files);
 * `virtual:messages-{lang}-{set}` is one set's messages, each its own chunk.
 */
export function messageSets(readFile: (lang: string) => Dictionary, sets: Record<string, readonly string[]>): Plugin {
  // Each file read once per build, not once per set module (63 of them).
  let files = new Map<string, Dictionary>();
  const read = (lang: string): Dictionary => {
    let dictionary = files.get(lang);
    if (!dictionary) {
      dictionary = readFile(lang);
      files.set(lang, dictionary);
    }
    return dictionary;
  };
  return {
    name: 'message-sets',
    buildStart() {
      // A rebuild (estate serve, vitest) sees edited translation files.
      files = new Map();
      // Throws on an include of an unknown set or a cycle.
      Object.keys(sets).forEach((set) => expand(sets, set));
      const unknown = unknownPrefixes(sets, read('en'));
      if (unknown.length) this.error(`src/i18n/message-sets.json names keys en.json lacks:\n  ${unknown.join('\n  ')}`);
    },
    resolveId(id) {
      return id === INDEX || SET.test(id) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith('\0')) return null;
      const name = id.slice(1);
      if (name === INDEX) {
        const loaders = ['en', 'ar', 'ru'].map(
          (lang) =>
            `${lang}: {${Object.keys(sets)
              .filter((set) => !set.startsWith('_') && expand(sets, set).length > 0)
              .map((set) => `${set}: () => import(${JSON.stringify(`${INDEX}-${lang}-${set}`)})`)
              .join(', ')}}`,
        );
        return `export const loaders = {${loaders.join(',\n')}};\n`;
      }
      const match = SET.exec(name);
      if (!match) return null;
      const [, lang, set] = match as unknown as [string, string, string];
      if (!sets[set]) this.error(`unknown message set ${set} (src/i18n/message-sets.json)`);
      return `export default ${JSON.stringify(pick(read(lang), expand(sets, set)))};\n`;
    },
  };
}
