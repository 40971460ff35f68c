// What 'More filters' (components/FilterControls.tsx) and its lazily loaded fields
// (components/MoreFiltersFields.tsx) both use: the field of a numeric bound, the choices the
// category offers and the fields' props. Its own module so neither imports the other back.
import { formatNumber } from '../format';
import { useLang } from '../shell';
import type { Filters } from '../search/filters';
import type { ListingSummary } from '../types';

/** What the category's listings state, from the build's summary: the choices 'More filters' offers. */
export type Facets = Pick<ListingSummary, 'bedrooms' | 'bathrooms' | 'areaRange' | 'handoverMonths' | 'furnishing' | 'cheques'>;


/** 'More filters' and its fields: the page's filters, and the choices the category offers. */
export interface MoreFiltersProps {
  filters: Filters;
  update: (change: Partial<Filters>) => void;
  facets: Facets;
  /** Whether to offer bedrooms (not where the search panel beside it does). */
  bedrooms: boolean;
  /** Rentals: a move-in day is offered, and cheques where the listings say. */
  rental: boolean;
  disabled: boolean;
}

/** A bound typed in a field (a price, a size): its digits, separators and units ignored. */
function wholeNumberIn(value: string): number | null {
  const digits = value.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}

/** A numeric bound's field, the category's extreme as its placeholder. */
export function BoundField({
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
