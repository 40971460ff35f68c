// The search panels of the home and listing pages. Each page has its own options and result
// page. The rules: each page's fixed type options, the bedroom and area
// placeholders have no value, an empty search raises the browser alert and goes nowhere, and
// only the filled parameters go into the URL. Departures: the type dropdown shows the
// placeholder 'Property type', which cannot be chosen, until a type is picked, rather than a
// first type that looks chosen but is not; it lists the panel's own types, then every other type
// the panel's listings have, each with its count as the type chips count it (an option with no
// listing says so); on a listing page it shares the chips' filter.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '../nav';
import { typeLabel, useT, type MessageKey } from '../i18n';
import { useLang } from '../shell';
import { formatNumber } from '../format';
import { Icon } from './Icon';
import { optionOf, typeOptions } from '../search/rules';
import { SEARCH_PAGE_PATH } from '../endpoints';

export type PanelKind = 'home' | 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all';

interface PanelConfig {
  /** The result page it goes to. */
  target: string;
  placeholder: MessageKey;
  /** Type options; the label is also the value sent. */
  types: string[];
  bedrooms: boolean;
  /** 'sizes': the fixed minimum areas (500 to 3,000 sqft); 'communities': those in content. */
  area: 'sizes' | 'communities' | null;
}

export const AREA_SIZES = [500, 1000, 1500, 2000, 3000];
/**
 * The bedroom choices: 'Studio' (0, as the address and the function write it), then
 * '1 Bedroom', '2 Bedrooms' ... '6 Bedrooms', '7+ Bedrooms'. The studio is one of the filters a
 * buyer uses (studio, 1 ... 7+); without it a result page searching studios (`bedrooms=0`, from
 * 'More filters' on a listing page) showed the placeholder over a filter that applied.
 */
export const BEDROOMS = [0, 1, 2, 3, 4, 5, 6, 7];
const HOME_TYPES = ['Apartment', 'Bungalow', 'Studio', 'Shop', 'Palace', 'Plot'];

export const PANELS: Record<PanelKind, PanelConfig> = {
  // With Buy or Rent, communities and a price range (Home's `extras`, components/HeroFields.tsx).
  home: { target: '/search-result', placeholder: 'searchPanel.placeholder.home', types: HOME_TYPES, bedrooms: true, area: null },
  all: { target: '/search-result', placeholder: 'searchPanel.placeholder.all', types: HOME_TYPES, bedrooms: false, area: null },
  residential: {
    target: '/search-residential',
    placeholder: 'searchPanel.placeholder.residential',
    types: ['Apartments', 'Bungalow'],
    bedrooms: true,
    area: 'communities',
  },
  rental: {
    target: '/search-rent',
    placeholder: 'searchPanel.placeholder.rental',
    types: ['Apartments', 'Bungalow', 'Office', 'Shop', 'Villa', 'Townhouse', 'Penthouse', 'Warehouse'],
    bedrooms: true,
    area: 'communities',
  },
  offPlan: { target: '/search-off-plan', placeholder: 'searchPanel.placeholder.offPlan', types: ['Palace', 'Plot'], bedrooms: false, area: 'sizes' },
  commercial: {
    target: '/search-commercial',
    placeholder: 'searchPanel.placeholder.commercial',
    types: ['Shop', 'Studio'],
    bedrooms: false,
    area: 'sizes',
  },
};

export interface PanelValues {
  query: string;
  type: string;
  bedrooms: string;
  area: string;
  community: string;
}

const EMPTY: PanelValues = { query: '', type: '', bedrooms: '', area: '', community: '' };
const FIELDS = Object.keys(EMPTY) as (keyof PanelValues)[];

/**
 * The result page's URL for the values, or null when nothing is filled in (then the
 * browser alert is due). Only filled parameters are added, in a fixed order.
 */
export function searchUrl(target: string, values: PanelValues): string | null {
  const query = values.query.trim();
  if (!query && !values.type && !values.bedrooms && !values.area && !values.community) return null;
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  if (values.bedrooms) params.set('bedrooms', values.bedrooms);
  if (values.area) params.set('area', values.area);
  if (values.community) params.set('community', values.community);
  if (values.type) params.set('type', values.type);
  return `${target}?${params.toString()}`;
}

/**
 * A page's own fields in its panel (before the text box, after it, after the bedroom menu), and
 * the result page's URL of the whole form they make (null: nothing filled in).
 */
export interface PanelExtras {
  first: ReactNode;
  afterText: ReactNode;
  afterBedrooms: ReactNode;
  url: (form: HTMLFormElement) => string | null;
}

/** A community of the 'Area' dropdown: its English name is sent (search reads any language), `name` shown. */
export interface CommunityOption {
  value: string;
  name: string;
  en?: true;
}

/** The panel's values of a result page's address (the parameters it sends). */
export function panelValuesFrom(params: URLSearchParams): PanelValues {
  const value = (name: keyof PanelValues) => (params.get(name) ?? '').trim();
  return { query: value('query'), type: value('type'), bedrooms: value('bedrooms'), area: value('area'), community: value('community') };
}

/**
 * `types`: the listings' types with their counts (the build's summary), for the options to say
 * which have none; without it the options are the plain type names.
 * `refine`: the panel of a result page, showing the page's search (`initial`) and changing it in
 * place: a dropdown's change searches at once, the address replaced and the page not scrolled.
 * A new `initial` (the address read once the page has hydrated, a refined search) is shown in
 * the same form, so a field the visitor is in keeps its focus; a field they changed from what
 * the last one showed (typed into before the page hydrated) keeps what they put in.
 * `extra`: parameters of the page kept through a search (a result page's sort and price range).
 * `type` and `onType`: the page's type filter, when the page has one (a listing page's chips):
 * the dropdown shows it and sets it, one filter for both controls.
 */
export function SearchPanel({
  kind,
  communities = [],
  types,
  initial = EMPTY,
  refine = false,
  extra,
  type,
  onType,
  extras,
}: {
  kind: PanelKind;
  communities?: CommunityOption[];
  types?: ReadonlyArray<readonly [string, number]>;
  initial?: PanelValues;
  refine?: boolean;
  extra?: URLSearchParams;
  type?: string;
  onType?: (type: string) => void;
  /** The page's own fields (the home search's). */
  extras?: PanelExtras;
}) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const config = PANELS[kind];
  const [own, setValues] = useState<PanelValues>(initial);
  const [shown, setShown] = useState<PanelValues>(initial);
  if (FIELDS.some((field) => initial[field] !== shown[field])) {
    setShown(initial);
    const next = { ...initial };
    for (const field of FIELDS) if (own[field] !== shown[field]) next[field] = own[field];
    setValues(next);
  }
  const options = typeOptions(config.types, types);
  // The page's type filter where it has one, shown as the dropdown's option of that type.
  const values = { ...own, type: optionOf(options, type ?? own.type) };
  const id = `search-${kind}`;

  const go = (next: PanelValues, url = searchUrl(config.target, next)) => {
    if (url === null) {
      window.alert(t('searchPanel.empty'));
      return;
    }
    if (!refine) {
      navigate(url);
      return;
    }
    const params = new URL(url, 'http://x').searchParams;
    extra?.forEach((value, name) => params.set(name, value));
    navigate(`${config.target}?${params.toString()}`, { replace: true, preventScrollReset: true });
  };
  const set = (field: keyof PanelValues) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (field === 'type') onType?.(next.type);
    // On a result page a dropdown refines at once (the text waits for 'Search' or Enter).
    if (refine && field !== 'query' && searchUrl(config.target, next) !== null) go(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(values, extras?.url(event.currentTarget));
  };

  return (
    // A plain GET form too, so a search sent without script (or before it runs) still arrives:
    // to the search function's result page in the page's language (SEARCH_PAGE_PATH), which
    // answers the site's own result page with the matching cards drawn in it, and sends a
    // browser that runs script on to this result page's address with the same query.
    <form
      className={`search-panel search-panel--${kind}`}
      role="search"
      aria-label={t('searchPanel.label')}
      method="get"
      action={`${SEARCH_PAGE_PATH}/${lang}${config.target}`}
      onSubmit={submit}
      noValidate
    >
      {extras?.first}
      <div className="search-panel__field search-panel__field--text">
        <label className="visually-hidden" htmlFor={`${id}-query`}>
          {t('searchPanel.query')}
        </label>
        <Icon name="search" size={18} />
        <input
          id={`${id}-query`}
          type="search"
          name="query"
          placeholder={t(config.placeholder)}
          value={values.query}
          onChange={set('query')}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {extras?.afterText}
      <div className="search-panel__field">
        <label className="visually-hidden" htmlFor={`${id}-type`}>
          {t('searchPanel.type')}
        </label>
        <select id={`${id}-type`} name="type" value={values.type} onChange={set('type')}>
          <option value="" disabled>
            {t('searchPanel.type')}
          </option>
          {options.map(([option, n]) => (
            <option key={option} value={option}>
              {n === null
                ? typeLabel(lang, option)
                : n === 0
                  ? t('searchPanel.typeNone', { type: typeLabel(lang, option) })
                  : t('searchPanel.typeCount', { type: typeLabel(lang, option), n: formatNumber(lang, n) })}
            </option>
          ))}
        </select>
      </div>
      {config.bedrooms ? (
        <div className="search-panel__field">
          <label className="visually-hidden" htmlFor={`${id}-bedrooms`}>
            {t('searchPanel.bedrooms')}
          </label>
          <select id={`${id}-bedrooms`} name="bedrooms" value={values.bedrooms} onChange={set('bedrooms')}>
            <option value="">{t('searchPanel.bedroom')}</option>
            {BEDROOMS.map((n) => (
              <option key={n} value={String(n)}>
                {n === 0
                  ? t('card.studio')
                  : n === 1
                    ? t('searchPanel.bedrooms.one')
                    : n === 7
                      ? t('searchPanel.bedrooms.more')
                      : t('searchPanel.bedrooms.n', { n })}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {extras?.afterBedrooms}
      {config.area === 'communities' ? (
        <div className="search-panel__field">
          <label className="visually-hidden" htmlFor={`${id}-community`}>
            {t('searchPanel.community')}
          </label>
          <select id={`${id}-community`} name="community" value={values.community} onChange={set('community')}>
            <option value="">{t('searchPanel.area')}</option>
            {communities.map((community) => (
              <option key={community.value} value={community.value} lang={community.en ? 'en' : undefined}>
                {community.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {config.area === 'sizes' ? (
        <div className="search-panel__field">
          <label className="visually-hidden" htmlFor={`${id}-area`}>
            {t('searchPanel.minArea')}
          </label>
          <select id={`${id}-area`} name="area" value={values.area} onChange={set('area')}>
            <option value="">{t('searchPanel.area')}</option>
            {AREA_SIZES.map((size) => (
              <option key={size} value={String(size)}>
                {formatNumber(lang, size)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="search-panel__actions">
        {kind !== 'home' ? (
          <button
            type="button"
            className="button button--ghost-dark"
            onClick={() => {
              setValues(EMPTY);
              onType?.('');
            }}
            hidden={refine}
          >
            <Icon name="reset" size={18} />
            <span>{t('searchPanel.reset')}</span>
          </button>
        ) : null}
        <button type="submit" className="button button--gold">
          <Icon name="search" size={18} />
          <span>{t('searchPanel.submit')}</span>
        </button>
      </div>
    </form>
  );
}
