// The check that every language has every key of en.json, run by the Vite build (vite.config.ts,
// which fails naming the missing keys) and by the tests (keys.test.ts). A language may add the
// plural forms of a key (`key.few` ...), and may use only the placeholders English uses.
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

type Dictionary = Record<string, string>;

function placeholders(text: string | undefined): Set<string> {
  return new Set([...(text ?? '').matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''));
}

/** The key a plural form belongs to ('listing.count.few' -> 'listing.count'), or null. */
function pluralBase(key: string, english: Dictionary): string | null {
  const dot = key.lastIndexOf('.');
  if (dot < 0) return null;
  const base = key.slice(0, dot);
  const category = key.slice(dot + 1);
  return (PLURAL_CATEGORIES as readonly string[]).includes(category) && base in english ? base : null;
}

/** What is wrong with one language's file against English, one line per problem (empty when all is well). */
export function translationProblems(lang: string, english: Dictionary, other: Dictionary): string[] {
  const problems: string[] = [];
  const missing = Object.keys(english).filter((key) => typeof other[key] !== 'string' || other[key].trim() === '');
  if (missing.length) {
    problems.push(`src/i18n/${lang}.json is missing ${missing.length} key(s) of en.json: ${missing.join(', ')}`);
  }
  for (const [key, text] of Object.entries(other)) {
    const base = pluralBase(key, english);
    if (!(key in english) && base === null) {
      problems.push(`src/i18n/${lang}.json: "${key}" is not a key of en.json (nor a plural form of one)`);
      continue;
    }
    // A plural form may also use its key's placeholders ({n} of '{n} properties').
    const allowed = new Set([...placeholders(english[key]), ...placeholders(base === null ? undefined : english[base])]);
    const unknown = [...placeholders(text)].filter((name) => !allowed.has(name));
    if (unknown.length) {
      problems.push(`src/i18n/${lang}.json: "${key}" uses {${unknown.join('}, {')}}, which English does not fill`);
    }
  }
  return problems;
}

/** Problems of every language against English. */
export function checkTranslations(english: Dictionary, others: Record<string, Dictionary>): string[] {
  return Object.entries(others).flatMap(([lang, dictionary]) => translationProblems(lang, english, dictionary));
}
