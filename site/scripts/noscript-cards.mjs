// The cards of the no-script result page (site/src/search/noscriptCards.tsx): every published
// listing's card in every language, drawn by the SSR bundle's `noscriptCards` from the API's
// records (`api/properties.json`, what the search function answers) and the site's data, each
// written to its file (`noscriptCardFile(lang, id)`, data/cards/{lang}/{id}.html) when its
// bytes changed. A card is drawn again only when its record or the site's data changed since
// the last run of this process (`memo`: estate serve's warm prerender keeps it from one rebuild
// to the next; a build draws them all: about 0.3 ms a card).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** @typedef {{ site: string, records: Map<string, string> }} CardMemo  what the last run drew from, per output folder and language */

/** Where a published path is in `dist`. */
const inDist = (dist, path) => join(dist, path.replace(/^\/+/, ''));

/**
 * Draws and writes the cards that changed; returns how many were drawn and written.
 * @param {string} dist
 * @param {any} server the SSR bundle
 * @param {Map<string, CardMemo>} memo
 */
export async function writeNoscriptCards(dist, server, memo) {
  const recordsText = readFileSync(inDist(dist, server.propertiesFile), 'utf8');
  const siteText = readFileSync(inDist(dist, server.siteFile), 'utf8');
  /** @type {{ id: string }[]} */
  const records = JSON.parse(recordsText);
  const site = JSON.parse(siteText);
  let drawn = 0;
  let written = 0;
  const folders = new Set();
  for (const lang of server.languages) {
    const key = `${dist}\n${lang}`;
    const last = memo.get(key);
    const same = last?.site === siteText ? last.records : new Map();
    const texts = new Map(records.map((record) => [record.id, JSON.stringify(record)]));
    const changed = records.filter((record) => same.get(record.id) !== texts.get(record.id));
    const page = server.localePath(lang, '/search-result');
    for (const [id, html] of await server.noscriptCards(changed, site, lang, page)) {
      drawn += 1;
      const file = inDist(dist, server.noscriptCardFile(lang, id));
      let before = null;
      try {
        before = readFileSync(file, 'utf8');
      } catch {
        // A new card.
      }
      if (before === html) continue;
      const folder = dirname(file);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      // A new file renamed into place: the output's pages may be hard links into a cache.
      writeFileSync(`${file}.tmp`, html);
      renameSync(`${file}.tmp`, file);
      written += 1;
    }
    memo.set(key, { site: siteText, records: texts });
  }
  return { drawn, written };
}
