// The sort and price-range controls of the listing pages and the search result pages, and their
// 'More filters' (bedrooms, bathrooms, size), each only where the category's listings state it:
// the page's filters, read from and written to its address (search/useFilters.ts).
import { lazy, Suspense, useState } from 'react';
import { useT } from '../i18n';
import { useHydrated } from '../shell';
import type { Filters, Sort } from '../search/filters';
import { BoundField, type Facets, type MoreFiltersProps } from './BoundField';

const MoreFiltersFields = lazy(() => import('./MoreFiltersFields'));

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
      {facets ? <MoreFilters filters={filters} update={update} facets={facets} bedrooms={bedrooms} rental={yearly} disabled={!hydrated} /> : null}
    </div>
  );
}

/**
 * A disclosure, so a phone's first screen keeps its first card: closed, it says how many of its
 * filters are on. Its fields are their own chunk, fetched when it is first opened (the first view
 * of every listing and result page stays within its JavaScript budget).
 */
function MoreFilters({ filters, update, facets, bedrooms, rental, disabled }: MoreFiltersProps) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const offerBedrooms = bedrooms && facets.bedrooms.length > 0;
  if (!offerBedrooms && !rental && facets.bathrooms.length === 0 && !facets.areaRange && facets.handoverMonths.length === 0 && facets.furnishing.length === 0) return null;
  const active = [offerBedrooms ? filters.bedrooms : null, filters.bathrooms, filters.area, filters.areaMax, filters.completion, filters.furnishing, filters.cheques, filters.availableFrom].filter((value) => value !== null).length;
  return (
    <details className="more-filters" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="more-filters__toggle">{active > 0 ? t('listing.more.filtersActive', { n: active }) : t('listing.more.filters')}</summary>
      {opened ? (
        <Suspense fallback={<span className="spinner" role="status" aria-label={t('listing.loading')} />}>
          <MoreFiltersFields filters={filters} update={update} facets={facets} bedrooms={offerBedrooms} rental={rental} disabled={disabled} />
        </Suspense>
      ) : null}
    </details>
  );
}
