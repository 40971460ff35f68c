// The rule "no English left on an Arabic or Russian page": what is wrong in a page's content area
// (<main>). Used by the audit walk (e2e/audit.mjs) over every kind of page in /ar/ and /ru/, and by
// e2e/languages.test.mjs over the pages of a post without its Arabic translation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = { ar: 'rtl', ru: 'ltr' };

// Latin text allowed on an Arabic or Russian page without lang="en", and why.
const ALLOWED = [
  // The agency's name: a registered trade name, written the same in every language.
  'Palm Crest Real Estate LLC', 'Palm Crest Real Estate', 'Palm Crest',
  // Developers' brands, as they market themselves in every language.
  'Emaar', 'Nakheel', 'Sobha',
  // Brands and products named as their makers write them.
  'WhatsApp', 'Google', 'OpenStreetMap', 'Instagram', 'Facebook', 'LinkedIn', 'YouTube', 'TikTok',
  // Dubai government systems and apps, named in Latin letters by Russian-language Dubai sites and
  // in the Dubai Land Department's own Arabic pages for the app.
  'Dubai REST', 'Ejari', 'Oqood', 'Mollak', 'Trakheesi', 'Emirates ID', 'Smart Rental Index',
  // Places' own names that Russian usage keeps in Latin letters (malls, business parks).
  'Ranches Souk', 'Dubai Hills Mall', 'Emirates Living', 'Dubai Internet City', 'Mirdif City Centre', 'Creek Marina',
  // The Dubai Land Department's contract forms, by their official names.
  'Form A', 'Form F',
  // A command the editor types, and a feed format's name.
  'estate serve', 'Atom',
];
// Also allowed, read from the built data: the names of partner companies and developers (trade
// names, as the companies register them) and of buildings and projects.
// Buildings and projects, named as their developers market them in every language.
const BUILDINGS = ['Marina Gate', 'Marina Walk', 'Sidra', 'Garden Home', 'Bay Square', 'Sobha Hartland II'];
// Patterns allowed: e-mail and web addresses, reference and permit numbers (letters and digits,
// e.g. PC-0042), and abbreviations in capitals (AED, DLD, RERA, BRN, ORN), which Dubai's Arabic and
// Russian property texts write in Latin letters.
const ALLOWED_PATTERNS = [/\S+@\S+\.\S+/g, /\bhttps?:\/\/\S+|\bwww\.\S+/g, /\b[A-Z]{1,4}-?\d[\w-]*/g, /\b[A-Z]{2,6}s?\b/g];

/** The Latin names allowed on the pages of the build in `dist`: the fixed ones and its partners and developers. */
export function allowedNames(dist) {
  const json = (...path) => JSON.parse(readFileSync(join(dist, ...path), 'utf8'));
  return [
    ...ALLOWED,
    ...json('data', 'site.json').partners.map((partner) => partner.name),
    ...json('data', 'developers.json').map((developer) => developer.name),
    ...BUILDINGS,
  ];
}

/** Pages that load their cards after hydration: waits for them. */
export function cardsLoaded(page) {
  return page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/**
 * What is wrong in <main>: visible Latin words outside elements marked lang="en" (after the
 * `allowed` names and patterns are taken out), and tables and lists laid out in the wrong
 * direction. Answers { english, direction }, lists of readable lines.
 */
export function englishInMain(page, lang, allowed) {
  return page.evaluate(
    ({ lang, dir, allowed, patterns }) => {
      const main = document.querySelector('main');
      const english = [];
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || element.closest('script, style, template, noscript')) continue;
        if ((element.closest('[lang]')?.getAttribute('lang') ?? lang) !== lang) continue;
        if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') continue;
        let text = (node.textContent ?? '').replace(/\s+/g, ' ');
        for (const name of allowed) text = text.split(name).join(' ');
        for (const [source, flags] of patterns) text = text.replace(new RegExp(source, flags), ' ');
        const words = text.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g);
        if (words) english.push(`${words.join(' ')}  (in <${element.tagName.toLowerCase()}> "${node.textContent.trim().slice(0, 60)}")`);
      }
      const direction = [];
      for (const element of main.querySelectorAll('table, ul, ol, dl')) {
        if (element.getClientRects().length === 0) continue;
        const expected = element.closest('[lang]')?.getAttribute('lang') === 'en' ? 'ltr' : dir;
        const actual = getComputedStyle(element).direction;
        if (actual !== expected) direction.push(`<${element.tagName.toLowerCase()} class="${element.className}"> is ${actual}, not ${expected}`);
      }
      return { english, direction };
    },
    { lang, dir: DIR[lang], allowed: [...allowed].sort((a, b) => b.length - a.length), patterns: ALLOWED_PATTERNS.map((p) => [p.source, p.flags]) },
  );
}
