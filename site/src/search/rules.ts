// The search rules the browser applies the way the lead function does (lead-fn/src/search.rs,
// lead-fn/src/catalogue.rs); lead-fn/tests/search-vectors.json holds the cases both sides run.

/**
 * A property type as search compares it: case, accents and a plural 's' ignored, so the panel's
 * 'Apartments' is the content's 'Apartment' (lead-fn's `normalise_type`).
 */
export function typeKey(text: string): string {
  const folded = text.trim().normalize('NFKD').replace(/[\p{M}\u0640]/gu, '').toLowerCase();
  return folded.endsWith('s') ? folded.slice(0, -1) : folded;
}

/** How many listings of `counts` (type, count pairs as the build publishes them) are of `type`. */
export function countOfType(counts: ReadonlyArray<readonly [string, number]>, type: string): number {
  const key = typeKey(type);
  return counts.reduce((sum, [name, n]) => (typeKey(name) === key ? sum + n : sum), 0);
}
