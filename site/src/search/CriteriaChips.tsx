// A result page's criteria as chips, each removable ('Dubai Marina ×', '2 Bedrooms ×', 'Up to
// 3,000,000 AED ×': the search again without it, in place of the page's address), and the reading
// of a typed query: what its words name (a community, a type, bedrooms, a price, sale or rent,
// furnishing, off-plan; search/readQuery.ts, the lead function's rules) goes into the address as
// those filters, the rest stays the text query, and a name found by its spelling's edits is said
// ('Showing results for Dubai Marina'). Its own chunk with the reader, loaded after the page's
// first view (its words are the page's, `search.query.*`).
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from '../nav';
import { getJson } from '../data';
import { typeLabel, useT } from '../i18n';
import { useLang } from '../shell';
import { chipsNamed, without, type ChipParam, type CommunityName } from './chips';
import { readQuery, TERMS_FILE, type Given, type Reading } from './readQuery';
import { inNextTask } from '../tasks';

/** The history entry's note of a corrected reading: what was searched for. */
export interface Searched {
  searchedFor?: { community?: string; type?: string; query?: string };
  /** The words the visitor typed, which the search box keeps once they are read into filters. */
  typed?: string;
}

/** The filters an address already has, which a reading leaves to it. */
function givenBy(params: URLSearchParams): Given[] {
  const has = (name: string) => (params.get(name)?.trim() ?? '') !== '';
  const given: Given[] = [];
  if (has('community')) given.push('community');
  if (has('type')) given.push('type');
  if (has('bedrooms')) given.push('bedrooms');
  if (has('min') || has('max')) given.push('price');
  if (has('purpose')) given.push('purpose');
  if (has('furnishing')) given.push('furnishing');
  if (params.get('offPlan') === 'true') given.push('offPlan');
  return given;
}

/** The address with a reading's filters in it and its rest as the text query. */
export function withReading(params: URLSearchParams, reading: Reading): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) next.set(name, String(value));
  };
  set('community', reading.community);
  set('type', reading.type);
  set('bedrooms', reading.bedrooms);
  set('min', reading.min);
  set('max', reading.max);
  set('purpose', reading.purpose);
  set('furnishing', reading.furnishing);
  if (reading.offPlan) next.set('offPlan', 'true');
  if (reading.query) next.set('query', reading.query);
  else next.delete('query');
  return next;
}

export default function CriteriaChips({
  yearly,
  community,
  onRead,
}: {
  yearly: boolean;
  community: CommunityName;
  /** Called with the address a reading goes to, just before it goes there. */
  onRead: (next: URLSearchParams) => void;
}) {
  const lang = useLang();
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const search = params.toString();
  const query = params.get('query')?.trim() ?? '';
  // The address whose words have been read (or could not be): until then the words are not a
  // chip, so the chips do not change under the visitor's eyes once read into filters.
  const [read, setRead] = useState<string | null>(null);

  useEffect(() => {
    if (!query) return;
    let live = true;
    getJson(TERMS_FILE)
      .then((terms) => {
        const current = new URLSearchParams(search);
        const reading = readQuery(query, terms, givenBy(current));
        const next = withReading(current, reading);
        if (!live) return;
        if (next.toString() === search) return setRead(search);
        const state: Searched = {
          typed: query,
          ...(reading.corrected ? { searchedFor: { community: reading.community, type: reading.type, query: reading.query } } : {}),
        };
        // The page drawn again for the new address in a task of its own, not the reading's.
        inNextTask(() => {
          if (!live) return;
          onRead(next);
          setRead(next.toString());
          navigate({ search: `?${next.toString()}` }, { replace: true, preventScrollReset: true, state });
        });
      })
      .catch((error) => {
        console.error('Failed to read the search', error);
        if (live) setRead(search);
      });
    return () => {
      live = false;
    };
  }, [search, query, navigate, onRead]);

  // A chip removed is a step of its own: Back puts it back.
  const remove = (name: ChipParam, value?: string) => {
    const next = without(params, name, value).toString();
    navigate({ search: next ? `?${next}` : '' }, { preventScrollReset: true });
  };
  const reading = query !== '' && read !== search;
  const chips = chipsNamed(t, lang, params, yearly, community).filter(({ name }) => !(reading && name === 'query'));
  const searched = (location.state as Searched | null)?.searchedFor;
  const searchedFor = searched
    ? [searched.community && community(searched.community), searched.type && typeLabel(lang, searched.type), searched.query && `“${searched.query}”`]
        .filter(Boolean)
        .join(lang === 'ar' ? '، ' : ', ')
    : '';
  return (
    <>
      {searchedFor ? (
        <p className="criteria__searched" role="status">
          {t('search.query.showingFor', { value: searchedFor })}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul className="criteria" aria-label={t('search.criteria')}>
          {chips.map(({ name, label, value }) => (
            <li key={`${name} ${value ?? ''}`}>
              <button type="button" className="criteria__chip criteria__chip--remove" aria-label={t('search.query.remove', { value: label })} onClick={() => remove(name, value)}>
                <span>{label}</span>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
