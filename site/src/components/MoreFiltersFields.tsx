// The fields of 'More filters' (components/FilterControls.tsx): bedrooms (studio, 1 ... 7+),
// bathrooms, handover (off-plan: ready or a year), furnishing and size, each only where the
// category's listings state it, with their counts. Loaded when the disclosure is first opened.
import { formatNumber } from '../format';
import { useT, type Translate } from '../i18n';
import { useHydrated, useLang } from '../shell';
import { furnishingLabel, ROOMS_OR_MORE, thisMonth, type Filters } from '../search/filters';
import type { Furnishing } from '../types';
import { BoundField, type Facets } from './FilterControls';

/** The 'Handover' choices: 'Ready' (months that have come) and each later year, with their counts. */
export function handoverChoices(months: ReadonlyArray<readonly [string, number]>, today: string): [string, number][] {
  const choices = new Map<string, number>();
  for (const [month, n] of months) {
    const choice = month <= today ? 'ready' : month.slice(0, 4);
    choices.set(choice, (choices.get(choice) ?? 0) + n);
  }
  return [...choices.entries()].sort(([a], [b]) => (a === 'ready' ? -1 : b === 'ready' ? 1 : a.localeCompare(b)));
}

function bedroomsLabel(t: Translate, n: number): string {
  if (n === 0) return t('card.studio');
  if (n === 1) return t('searchPanel.bedrooms.one');
  return n >= ROOMS_OR_MORE ? t('searchPanel.bedrooms.more') : t('searchPanel.bedrooms.n', { n });
}

export default function MoreFiltersFields({
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
  const offerBedrooms = bedrooms;
  const offerBathrooms = facets.bathrooms.length > 0;
  // Ready or not is today's question: the prerender and the first render show the years alone.
  const hydrated = useHydrated();
  const handover = handoverChoices(facets.handoverMonths, hydrated ? thisMonth() : '');
  const rooms = (value: string) => (value === '' ? null : Number(value));
  return (
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
        {handover.length > 0 ? (
          <label className="field field--inline">
            <span>{t('listing.handover')}</span>
            <select value={filters.completion ?? ''} onChange={(event) => update({ completion: event.target.value || null })} disabled={disabled}>
              <option value="">{t('listing.rooms.any')}</option>
              {handover.map(([choice, count]) => (
                <option key={choice} value={choice}>
                  {t('listing.rooms.count', { label: choice === 'ready' ? t('listing.handover.ready') : choice, n: formatNumber(lang, count) })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {facets.furnishing.length > 0 ? (
          <label className="field field--inline">
            <span>{t('listing.furnishing')}</span>
            <select
              value={filters.furnishing ?? ''}
              onChange={(event) => update({ furnishing: (event.target.value || null) as Furnishing | null })}
              disabled={disabled}
            >
              <option value="">{t('listing.rooms.any')}</option>
              {facets.furnishing.map(([choice, count]) => (
                <option key={choice} value={choice}>
                  {t('listing.rooms.count', { label: t(furnishingLabel(choice)), n: formatNumber(lang, count) })}
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
  );
}
