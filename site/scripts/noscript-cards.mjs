// The cards of the no-script result page (site/src/search/noscriptCards.tsx): every published
// listing's card in every language, drawn by the SSR bundle's `noscriptCards` from the API's
// records (`api/properties.json`, what the search function answers) and the site's data, each
// written to its file (`noscriptCardFile(lang, id)`, data/cards/{lang}/{id}.html) when its
// bytes changed, and the card of a listing no longer published removed. Under `estate serve` the
// warm prerender keeps `memo` from one rebuild to the next and is told which data files changed:
// an edit that changed neither the catalogue nor the site's data reads nothing here, and one that
// did draws again only the listings whose record changed (a build draws them all: about 0.3 ms a
// card), after the rebuild's answer.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** @typedef {{ site: string, records: Map<string, string> }} CardMemo  what the last run drew from (each record's text by id), per output folder */

/** Where a published path is in `dist`. */
const inDist = (dist, path) => join(dist, path.replace(/^\/+/, ''));

/**
 * Draws and writes the cards that changed; returns how many were drawn, written and removed.
 * `changed`: the published paths that changed since the last run with this `memo` (null: unknown).
 * @param {string} dist
 * @param {any} server the SSR bundle
 * @param {Map<string, CardMemo>} memo
 * @param {string[] | null} changed
 */
export async function writeNoscriptCards(dist, server, memo, changed = null) {
  const last = memo.get(dist);
  const counts = { drawn: 0, written: 0, removed: 0 };
  const known = last && changed ? new Set(changed) : null;
  if (known && !known.has(server.propertiesFile) && !known.has(server.siteFile)) return counts;
  const siteText = readFileSync(inDist(dist, server.siteFile), 'utf8');
  /** @type {{ id: string }[]} */
  const records = JSON.parse(readFileSync(inDist(dist, server.propertiesFile), 'utf8'));
  const site = JSON.parse(siteText);
  const texts = new Map(records.map((record) => [record.id, JSON.stringify(record)]));
  const same = last && last.site === siteText ? last.records : new Map();
  const changedRecords = records.filter((record) => same.get(record.id) !== texts.get(record.id));
  const folders = new Set();
  for (const lang of server.languages) {
    const page = server.localePath(lang, '/search-result');
    for (const [id, html] of await server.noscriptCards(changedRecords, site, lang, page)) {
      counts.drawn += 1;
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
      counts.written += 1;
    }
    // The cards of listings no longer published: those the last run drew, or, without one, any
    // file of the folder (an output written by an earlier build).
    const folder = dirname(inDist(dist, server.noscriptCardFile(lang, 'x')));
    const before = last ? [...last.records.keys()].map((id) => `${id}.html`) : filesIn(folder);
    for (const name of before) {
      if (!name.endsWith('.html') || texts.has(name.slice(0, -'.html'.length))) continue;
      rmSync(join(folder, name), { force: true });
      counts.removed += 1;
    }
  }
  memo.set(dist, { site: siteText, records: texts });
  return counts;
}

/** The names of the files in `folder` (none when it is not there). */
function filesIn(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}
