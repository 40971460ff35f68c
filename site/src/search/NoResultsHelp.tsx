// 'No properties found.', then what helps: the same search without its narrowest criterion (the
// one whose removal finds most), with that search's count, and the requirements form filled in
// with the search. Its own chunk, which a result page with results never loads (with its words:
// search/resultsFirst.tsx).
import { useEffect, useState } from 'react';
import { Link } from '../nav';
import { useT } from '../i18n';
import { useLang } from '../shell';
import { API_TIMEOUT_MS } from '../data';
import { relaxations } from './chips';
import { useCommunityName } from './options';
import { readPage, searchFields, searchRequest, type SearchKind } from './searches';
import { isYearly } from './searchPages';

/** A search the page may offer: the address without one of its criteria, and that criterion's words. */
export interface Relaxation {
  label: string;
  params: URLSearchParams;
}

interface Relaxed extends Relaxation {
  count: number;
}

/**
 * The relaxations found in this visit, by their options' key (null: none finds anything): Back to
 * a search that found nothing draws its help whole at once. Counted again, its line came a moment
 * after the requirements button and pushed it down, under a finger on its way to it.
 */
const found = new Map<string, Relaxed | null>();
/** How many searches' relaxations are kept (the oldest forgotten first). */
const FOUND_KEPT = 50;

/**
 * The relaxation that finds most (at least one), counted with `count` (the search `kind`'s); searched
 * once per set of options.
 */
function useRelaxed(kind: SearchKind, options: Relaxation[], count: (params: URLSearchParams, signal: AbortSignal) => Promise<number>): Relaxed | null {
  const key = `${kind} ${options.map((option) => option.params.toString()).join('|')}`;
  const [relaxed, setRelaxed] = useState<Relaxed | null>(() => found.get(key) ?? null);
  useEffect(() => {
    if (found.has(key)) {
      setRelaxed(found.get(key) ?? null);
      return;
    }
    setRelaxed(null);
    const controller = new AbortController();
    Promise.all(options.map((option) => count(option.params, controller.signal).catch(() => -1))).then((counts) => {
      let best = -1;
      counts.forEach((n, index) => {
        if (n > 0 && (best < 0 || n > (counts[best] ?? 0))) best = index;
      });
      if (controller.signal.aborted) return;
      const option = options[best];
      const result = option ? { ...option, count: counts[best] ?? 0 } : null;
      // Not kept when a count failed (-1): the next visit asks again.
      if (!counts.includes(-1)) {
        found.set(key, result);
        if (found.size > FOUND_KEPT) found.delete(found.keys().next().value!);
      }
      setRelaxed(result);
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `kind`, `options` (rebuilt on every render of the page) and `count` (a new function each time)
  }, [key]);
  return relaxed;
}

/** The number of listings a search finds, as the page would show them (the function's total, every filter applied). */
export async function countFound(kind: SearchKind, params: URLSearchParams, signal: AbortSignal): Promise<number> {
  const { url, init } = searchRequest(kind, { ...searchFields(kind, params), limit: '1' });
  // The 5,000 ms API time-out, or the caller's abort, whichever comes first.
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    return (await readPage(await fetch(url, { ...init, signal: controller.signal }))).total;
  } finally {
    clearTimeout(timeout);
  }
}

/** The requirements form's address, filled in with the search: what the visitor looks for. */
export function requirementsLink(purpose: 'buy' | 'rent', params: URLSearchParams): string {
  const req = new URLSearchParams();
  req.set('purpose', purpose);
  const type = params.get('type')?.trim();
  if (type) req.set('propertyType', type);
  const bedrooms = params.get('bedrooms')?.trim();
  if (bedrooms) req.set('bedrooms', bedrooms === '0' ? 'studio' : bedrooms);
  const where = params.get('community')?.trim() || params.get('query')?.trim();
  if (where) req.set('propertyArea', where);
  const budget = params.get('max') ?? params.get('min');
  if (budget) req.set('budget', budget);
  return `/req?${req.toString()}`;
}

/**
 * `target`: the result page's path; `kind`: its search, whose function counts each offer's
 * listings (the rent search's prices are a year's rent, and so are a search of rentals').
 */
export default function NoResultsHelp({ target, params, kind }: { target: string; params: URLSearchParams; kind: SearchKind }) {
  const lang = useLang();
  const t = useT();
  const purpose = kind === 'rent' ? 'rent' : 'buy';
  const yearly = isYearly(kind, params, true);
  // A community's name in the page's language, for its offer.
  const community = useCommunityName();
  const relaxed = useRelaxed(kind, relaxations(t, lang, params, yearly, community), (next, signal) => countFound(kind, next, signal));
  return (
    <div className="search-help">
      {relaxed ? (
        <p>
          <Link to={`${target}?${relaxed.params.toString()}`} className="text-link">
            {t('search.relax', { filter: relaxed.label })}
          </Link>{' '}
          <span className="search-help__count">{t('search.count', { n: relaxed.count })}</span>
        </p>
      ) : null}
      <p>
        <Link to={requirementsLink(purpose, params)} className="button button--gold">
          {t('search.tellUs')}
        </Link>
      </p>
    </div>
  );
}
