// The best value of a compare row, named in words on the compare page (src/pages/Compare.tsx).

/** The index of the best listing by `value` (the lowest or the highest), when at least two have one. */
export function bestOf(values: (number | null)[], best: 'lowest' | 'highest'): number | null {
  const known = values.flatMap((value, index) => (value == null ? [] : [{ value, index }]));
  if (known.length < 2) return null;
  const [first, second] = [...known].sort((a, b) => (best === 'lowest' ? a.value - b.value : b.value - a.value));
  // A tie names none.
  return first && second && first.value !== second.value ? first.index : null;
}
