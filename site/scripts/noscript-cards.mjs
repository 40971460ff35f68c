// The cards of the no-script result page (site/src/search/noscriptCards.tsx): every published
// listing's card in every language, drawn by the SSR bundle's `noscriptCards` from the API's
// records and the site's data, each written to its file (`noscriptCardFile(lang, id)`,
// data/cards/{lang}/{id}.html) when its bytes changed, and the cards of a listing no longer
// published removed. A build draws them all from `api/properties.json` (about 0.3 ms a card).
// Under `estate serve` the warm prerender keeps `memo` from one rebuild to the next and is told
// which data files changed: an edit that changed no listing's own record
// (`api/properties/{id}.json`, the same record as its entry in the list) and not the site's data
// reads nothing here, and one that did reads and draws just those listings, never the whole list
// (some 27 MB at 10,000 listings). The files written or removed are reported with the pages, so
// that `estate serve`'s other copy of the site catches up with them.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * @typedef {{ site: string, ids: Set<string> }} CardMemo  what the last run drew from: one for the
 *   process, whichever output folder it wrote (`estate serve` keeps its two copies the same).
 */
const LAST = 'last';

/** Where a published path is in `dist`. */
const inDist = (dist, path) => join(dist, path.replace(/^\/+/, ''));

/** The listing whose own record `path` (a published path) is, or null. */
function recordId(server, path) {
  const [before, after] = server.propertyFile('\u0000').split('\u0000');
  if (!path.startsWith(before) || !path.endsWith(after)) return null;
  const id = path.slice(before.length, path.length - after.length);
  return id && !id.includes('/') ? id : null;
}

/** The file's text, or null when it is not there. */
function readOrNull(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Draws and writes the cards that changed, and removes those of listings no longer published.
 * `changed`: the published paths that changed since the last run with this `memo` (null:
 * unknown, everything is looked at). Returns the counts and `files`, the cards written or
 * removed (relative to `dist`).
 * @param {string} dist
 * @param {any} server the SSR bundle
 * @param {Map<string, CardMemo>} memo
 * @param {string[] | null} changed
 */
export async function writeNoscriptCards(dist, server, memo, changed = null) {
  const last = memo.get(LAST);
  const result = { drawn: 0, written: 0, removed: 0, files: /** @type {string[]} */ ([]) };
  const siteChanged = !changed || changed.includes(server.siteFile);
  const siteText = readFileSync(inDist(dist, server.siteFile), 'utf8');
  /** @type {{ id: string }[]} the records to draw */
  let records;
  /** @type {Set<string>} every published listing now */
  let ids;
  /** @type {string[]} the listings whose cards are to go */
  let gone;
  if (last && changed && !(siteChanged && last.site !== siteText)) {
    const touched = changed.map((path) => recordId(server, path)).filter((id) => id !== null);
    if (!touched.length) return result;
    ids = new Set(last.ids);
    records = [];
    gone = [];
    for (const id of touched) {
      const text = readOrNull(inDist(dist, server.propertyFile(id)));
      if (text === null) {
        ids.delete(id);
        gone.push(id);
      } else {
        ids.add(id);
        records.push(JSON.parse(text));
      }
    }
  } else {
    records = JSON.parse(readFileSync(inDist(dist, server.propertiesFile), 'utf8'));
    ids = new Set(records.map((record) => record.id));
    // Without a last run to go by, whatever the folders hold that is not published now.
    const before = last ? [...last.ids] : server.languages.flatMap((lang) => namesIn(cardFolder(dist, server, lang)));
    gone = [...new Set(before)].filter((id) => !ids.has(id));
  }
  const site = JSON.parse(siteText);
  const folders = new Set();
  for (const lang of server.languages) {
    const page = server.localePath(lang, '/search-result');
    for (const [id, html] of await server.noscriptCards(records, site, lang, page)) {
      result.drawn += 1;
      const path = server.noscriptCardFile(lang, id);
      const file = inDist(dist, path);
      if (readOrNull(file) === html) continue;
      const folder = dirname(file);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      // A new file renamed into place: the output's pages may be hard links into a cache.
      writeFileSync(`${file}.tmp`, html);
      renameSync(`${file}.tmp`, file);
      result.written += 1;
      result.files.push(path.replace(/^\/+/, ''));
    }
    for (const id of gone) {
      const path = server.noscriptCardFile(lang, id);
      if (readOrNull(inDist(dist, path)) === null) continue;
      rmSync(inDist(dist, path), { force: true });
      result.removed += 1;
      result.files.push(path.replace(/^\/+/, ''));
    }
  }
  memo.set(LAST, { site: siteText, ids });
  return result;
}

/** The folder of the cards in `lang`. */
const cardFolder = (dist, server, lang) => dirname(inDist(dist, server.noscriptCardFile(lang, 'x')));

/** The listings whose cards `folder` holds (none when it is not there). */
function namesIn(folder) {
  try {
    return readdirSync(folder).filter((name) => name.endsWith('.html')).map((name) => name.slice(0, -'.html'.length));
  } catch {
    return [];
  }
}
