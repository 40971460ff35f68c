// The fields of 'More filters' (components/FilterControls.tsx): bedrooms (studio, 1 ... 7+),
// bathrooms, handover (off-plan: ready or a year), furnishing and size, each only where the
// category's listings state it, with their counts; on the rent pages a rental's terms, the
// number of cheques and the day the tenant moves in by. Loaded when the disclosure is first
// opened (the rental terms' words with them, their own message set).
import { use } from 'react';
import { formatNumber } from '../format';
import { loadMessages, useT, type Translate } from '../i18n';
import { useHydrated, useLang } from '../shell';
import { ROOMS_OR_MORE, thisMonth } from '../search/filters';
import { furnishingLabel } from '../search/filterAddress';
import type { Furnishing } from '../types';
import { BoundField, type MoreFiltersProps } from './BoundField';

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

/** A choice among the category's values, each with its number of listings; 'Any' chooses none. */
function ChoiceField<T extends string | number>({
  label,
  value,
  choices,
  onChange,
  disabled,
}: {
  label: string;
  value: T | null;
  /** Each value with its words and count. */
  choices: [T, string, number][];
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const t = useT();
  const lang = useLang();
  return (
    <label className="field field--inline">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
        <option value="">{t('listing.rooms.any')}</option>
        {choices.map(([choice, words, count]) => (
          <option key={choice} value={choice}>
            {t('listing.rooms.count', { label: words, n: formatNumber(lang, count) })}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The number of cheques the tenant pays in, each choice counting the listings whose landlord
 * takes that many or more (one who takes twelve takes four), and the day they move in by: the
 * listings free on or before it, and those free now (no day given).
 */
function RentalFields({ filters, update, facets, disabled }: Omit<MoreFiltersProps, 'bedrooms' | 'rental'>) {
  const lang = useLang();
  use(loadMessages(lang, 'RentalFilters'));
  const t = useT();
  const atLeast = (n: number) => facets.cheques.reduce((sum, [cheques, count]) => (cheques >= n ? sum + count : sum), 0);
  return (
    <>
      {facets.cheques.length > 0 ? (
        <ChoiceField
          label={t('rental.cheques')}
          value={filters.cheques}
          choices={facets.cheques.map(([n]) => [n, t('rental.cheques.value', { n }), atLeast(n)])}
          onChange={(value) => update({ cheques: value === '' ? null : Number(value) })}
          disabled={disabled}
        />
      ) : null}
      <label className="field field--inline">
        <span>{t('rental.moveIn')}</span>
        <input type="date" value={filters.availableFrom ?? ''} onChange={(event) => update({ availableFrom: event.target.value || null })} disabled={disabled} />
      </label>
    </>
  );
}

export default function MoreFiltersFields({ filters, update, facets, bedrooms, rental, disabled }: MoreFiltersProps) {
  const t = useT();
  const lang = useLang();
  // Ready or not is today's question: the prerender and the first render show the years alone.
  const hydrated = useHydrated();
  const handover = handoverChoices(facets.handoverMonths, hydrated ? thisMonth() : '');
  const rooms = (value: string) => (value === '' ? null : Number(value));
  return (
    <div className="more-filters__body">
      {bedrooms ? (
        <ChoiceField
          label={t('card.bedrooms')}
          value={filters.bedrooms}
          choices={facets.bedrooms.map(([n, count]) => [n, bedroomsLabel(t, n), count])}
          onChange={(value) => update({ bedrooms: rooms(value) })}
          disabled={disabled}
        />
      ) : null}
      {facets.bathrooms.length > 0 ? (
        <ChoiceField
          label={t('card.bathrooms')}
          value={filters.bathrooms}
          choices={facets.bathrooms.map(([n, count]) => [n, n >= ROOMS_OR_MORE ? `${ROOMS_OR_MORE}+` : formatNumber(lang, n), count])}
          onChange={(value) => update({ bathrooms: rooms(value) })}
          disabled={disabled}
        />
      ) : null}
      {handover.length > 0 ? (
        <ChoiceField
          label={t('listing.handover')}
          value={filters.completion}
          choices={handover.map(([choice, count]) => [choice, choice === 'ready' ? t('listing.handover.ready') : choice, count])}
          onChange={(value) => update({ completion: value || null })}
          disabled={disabled}
        />
      ) : null}
      {facets.furnishing.length > 0 ? (
        <ChoiceField
          label={t('listing.furnishing')}
          value={filters.furnishing}
          choices={facets.furnishing.map(([choice, count]) => [choice, t(furnishingLabel(choice)), count])}
          onChange={(value) => update({ furnishing: (value || null) as Furnishing | null })}
          disabled={disabled}
        />
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
      {rental ? <RentalFields filters={filters} update={update} facets={facets} disabled={disabled} /> : null}
    </div>
  );
}
