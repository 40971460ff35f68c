// The sort and price-range controls of the listing pages and the search result pages, and their
// 'More filters' (bedrooms, bathrooms, size), each only where the category's listings state it:
// the page's filters, read from and written to its address (search/useFilters.ts).
import { formatNumber } from '../format';
import { useT, type Translate } from '../i18n';
import { useHydrated, useLang } from '../shell';
import { ROOMS_OR_MORE, type Filters, type Sort } from '../search/filters';
import type { ListingSummary } from '../types';

/** What the category's listings state, from the build's summary: the choices 'More filters' offers. */
export type Facets = Pick<ListingSummary, 'bedrooms' | 'bathrooms' | 'areaRange'>;

/** A bound typed in a field (a price, a size): its digits, separators and units ignored. */
function wholeNumberIn(value: string): number | null {
  const digits = value.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}

/** A numeric bound's field, the category's extreme as its placeholder. */
function BoundField({
  label,
  value,
  placeholder,
  onChange,
  disabled,
}: {
  label: string;
  value: number | null;
  placeholder: number | undefined;
  onChange: (value: number | null) => void;
  disabled: boolean;
}) {
  const lang = useLang();
  return (
    <label className="field field--inline">
      <span>{label}</span>
      <input
        inputMode="numeric"
        placeholder={placeholder === undefined ? '' : formatNumber(lang, placeholder)}
        value={value ?? ''}
        onChange={(event) => onChange(wholeNumberIn(event.target.value))}
        disabled={disabled}
      />
    </label>
  );
}

const SORT_LABELS = { newest: 'listing.sort.newest', 'price-asc': 'listing.sort.priceUp', 'price-desc': 'listing.sort.priceDown' } as const;

/**
 * `priceRange`: the category's lowest and highest price, shown as the fields' placeholders.
 * `yearly`: rents, compared as yearly amounts, and the fields say so.
 */
export function FilterControls({
  filters,
  update,
  priceRange,
  yearly,
  facets,
  bedrooms = true,
}: {
  filters: Filters;
  update: (change: Partial<Filters>) => void;
  priceRange: [number, number] | null;
  yearly: boolean;
  facets?: Facets;
  /** Whether 'More filters' offers bedrooms (not where the search panel beside it does). */
  bedrooms?: boolean;
}) {
  const t = useT();
  // Before hydration a change would be lost: the controls wait for the page's script.
  const hydrated = useHydrated();
  return (
    <div className="listing-toolbar__controls">
      <label className="field field--inline">
        <span>{t('listing.sort')}</span>
        <select value={filters.sort} onChange={(event) => update({ sort: event.target.value as Sort })} disabled={!hydrated}>
          {(Object.keys(SORT_LABELS) as Sort[]).map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </label>
      <BoundField
        label={t(yearly ? 'listing.price.min.year' : 'listing.price.min')}
        value={filters.min}
        placeholder={priceRange?.[0]}
        onChange={(min) => update({ min })}
        disabled={!hydrated}
      />
      <BoundField
        label={t(yearly ? 'listing.price.max.year' : 'listing.price.max')}
        value={filters.max}
        placeholder={priceRange?.[1]}
        onChange={(max) => update({ max })}
        disabled={!hydrated}
      />
      {facets ? <MoreFilters filters={filters} update={update} facets={facets} bedrooms={bedrooms} disabled={!hydrated} /> : null}
    </div>
  );
}

function bedroomsLabel(t: Translate, n: number): string {
  if (n === 0) return t('card.studio');
  if (n === 1) return t('searchPanel.bedrooms.one');
  return n >= ROOMS_OR_MORE ? t('searchPanel.bedrooms.more') : t('searchPanel.bedrooms.n', { n });
}

/** A disclosure, so a phone's first screen keeps its first card: closed, it says how many of its filters are on. */
function MoreFilters({
  filters,
  update,
  facets,
  bedrooms,
  disabled,
}: {
  filters: Filters;
  update: (change: Partial<Filters>) => void;
  facets: Facets;
  bedrooms: boolean;
  disabled: boolean;
}) {
  const t = useT();
  const lang = useLang();
  const offerBedrooms = bedrooms && facets.bedrooms.length > 0;
  const offerBathrooms = facets.bathrooms.length > 0;
  if (!offerBedrooms && !offerBathrooms && !facets.areaRange) return null;
  const active = [offerBedrooms ? filters.bedrooms : null, filters.bathrooms, filters.area, filters.areaMax].filter((value) => value !== null).length;
  const rooms = (value: string) => (value === '' ? null : Number(value));
  return (
    <details className="more-filters">
      <summary className="more-filters__toggle">{active > 0 ? t('listing.more.filtersActive', { n: active }) : t('listing.more.filters')}</summary>
      <div className="more-filters__body">
        {offerBedrooms ? (
          <label className="field field--inline">
            <span>{t('card.bedrooms')}</span>
            <select value={filters.bedrooms ?? ''} onChange={(event) => update({ bedrooms: rooms(event.target.value) })} disabled={disabled}>
              <option value="">{t('listing.rooms.any')}</option>
              {facets.bedrooms.map(([n, count]) => (
                <option key={n} value={n}>
                  {t('listing.rooms.count', { label: bedroomsLabel(t, n), n: formatNumber(lang, count) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {offerBathrooms ? (
          <label className="field field--inline">
            <span>{t('card.bathrooms')}</span>
            <select value={filters.bathrooms ?? ''} onChange={(event) => update({ bathrooms: rooms(event.target.value) })} disabled={disabled}>
              <option value="">{t('listing.rooms.any')}</option>
              {facets.bathrooms.map(([n, count]) => (
                <option key={n} value={n}>
                  {t('listing.rooms.count', { label: n >= ROOMS_OR_MORE ? `${ROOMS_OR_MORE}+` : formatNumber(lang, n), n: formatNumber(lang, count) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {facets.areaRange ? (
          <>
            <BoundField
              label={t('listing.size.min')}
              value={filters.area}
              placeholder={facets.areaRange[0]}
              onChange={(area) => update({ area })}
              disabled={disabled}
            />
            <BoundField
              label={t('listing.size.max')}
              value={filters.areaMax}
              placeholder={facets.areaRange[1]}
              onChange={(areaMax) => update({ areaMax })}
              disabled={disabled}
            />
          </>
        ) : null}
      </div>
    </details>
  );
}
