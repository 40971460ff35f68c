// What 'More filters' (components/FilterControls.tsx) and its lazily loaded fields
// (components/MoreFiltersFields.tsx) both use: the field of a numeric bound, the choices the
// category offers and the fields' props. Its own module so neither imports the other back.
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
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

/** The most digits a bound keeps: past a trillion is no price or size, and stays an exact number. */
const MOST_DIGITS = 13;

/** The digits of a field's text: its separators, spaces and units are not part of the number. */
const digitsIn = (text: string) => text.replace(/\D/g, '');

/** Where the caret goes in `shown` (the number as written, with its separators): just after its `digits`-th digit. */
function caretAfter(shown: string, digits: number): number {
  let at = 0;
  for (let seen = 0; at < shown.length && seen < digits; at += 1) if (/\d/.test(shown[at]!)) seen += 1;
  return at;
}

/**
 * A numeric bound's field, the category's extreme as its placeholder. The number is shown with
 * its thousands grouped as the site writes numbers in the page's language ('3,000,000',
 * Russian '3 000 000') while the visitor types; the value it gives (and the address keeps) is
 * the plain number. The caret stays after the digit it was after, and Backspace (or Delete)
 * next to a separator takes the digit beyond it, since a separator alone is not the number's.
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
  const field = useRef<HTMLInputElement>(null);
  /** The digits before the caret after the last change, placed once the field shows it. */
  const caret = useRef<number | null>(null);
  const shown = value === null ? '' : formatNumber(lang, value);
  useLayoutEffect(() => {
    const input = field.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    const at = caretAfter(input.value, caret.current);
    caret.current = null;
    input.setSelectionRange(at, at);
  });
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const at = event.target.selectionStart ?? typed.length;
    let before = digitsIn(typed.slice(0, at)).length;
    let digits = digitsIn(typed);
    const deleting = (event.nativeEvent as InputEvent).inputType;
    if (digits === digitsIn(shown) && typed.length < shown.length) {
      if (deleting === 'deleteContentBackward' && before > 0) {
        digits = digits.slice(0, before - 1) + digits.slice(before);
        before -= 1;
      } else if (deleting === 'deleteContentForward') {
        digits = digits.slice(0, before) + digits.slice(before + 1);
      }
    }
    // Leading zeros are no digits of the number: the caret keeps its place among the others.
    const zeros = digits.length - digits.replace(/^0+/, '').length;
    before = Math.max(0, before - zeros);
    digits = digits.slice(zeros, zeros + MOST_DIGITS);
    caret.current = Math.min(before, digits.length);
    onChange(digits ? Number(digits) : zeros > 0 ? 0 : null);
  };
  return (
    <label className="field field--inline">
      <span>{label}</span>
      <input ref={field} inputMode="numeric" placeholder={placeholder === undefined ? '' : formatNumber(lang, placeholder)} value={shown} onChange={change} disabled={disabled} />
    </label>
  );
}
