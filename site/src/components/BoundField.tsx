// What 'More filters' (components/FilterControls.tsx) and its lazily loaded fields
// (components/MoreFiltersFields.tsx) both use: the field of a numeric bound, the choices the
// category offers and the fields' props. Its own module so neither imports the other back.
import { useLayoutEffect, useRef } from 'react';
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

/**
 * A numeric bound's field, the category's extreme as its placeholder. The number is shown with
 * its thousands grouped as the site writes numbers in the page's language ('3,000,000',
 * Russian '3 000 000') while the visitor types; the value it gives (and the address keeps) is
 * the plain number, its separators, spaces and units ignored, at most 15 digits. The caret
 * stays after the digit it was after, and Backspace (or Delete) beside a separator takes the
 * digit beyond it, since a separator alone is not the number's.
 */
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
  /** The field and how many digits were before its caret after the last change, placed once it shows the change. */
  const caret = useRef<[HTMLInputElement, number] | null>(null);
  useLayoutEffect(() => {
    const [input, digits] = caret.current ?? [];
    caret.current = null;
    if (!input || digits === undefined || document.activeElement !== input) return;
    // Past that many digits of what is shown (the browser stops a caret at the end).
    let at = 0;
    for (let seen = 0; seen < digits && at < input.value.length; at += 1) if (/\d/.test(input.value[at]!)) seen += 1;
    input.setSelectionRange(at, at);
  });
  return (
    <label className="field field--inline">
      <span>{label}</span>
      <input
        inputMode="numeric"
        placeholder={placeholder === undefined ? '' : formatNumber(lang, placeholder)}
        value={value === null ? '' : formatNumber(lang, value)}
        onChange={(event) => {
          const input = event.target;
          const digitsOf = (text: string) => text.replace(/\D/g, '');
          let digits = digitsOf(input.value);
          let before = digitsOf(input.value.slice(0, input.selectionStart ?? undefined)).length;
          const deleted = (event.nativeEvent as InputEvent).inputType;
          if (digits === String(value ?? '') && deleted?.startsWith('delete')) {
            // A separator went alone: the digit beyond it goes instead.
            if (deleted.endsWith('Backward')) before -= 1;
            digits = digits.slice(0, Math.max(before, 0)) + digits.slice(before + 1);
          }
          caret.current = [input, before];
          onChange(digits ? Number(digits.slice(0, 15)) : null);
        }}
        disabled={disabled}
      />
    </label>
  );
}
