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

/**
 * A type dropdown's options: the panel's own (`fixed`, in their order, each kept with no
 * listing), then every other type that has listings in `counts` (in its order: the type chips'),
 * each with its count as the chips count it (null: counts unknown).
 */
export function typeOptions(fixed: readonly string[], counts?: ReadonlyArray<readonly [string, number]>): [string, number | null][] {
  if (!counts) return fixed.map((type) => [type, null]);
  const options: [string, number | null][] = fixed.map((type) => [type, countOfType(counts, type)]);
  const seen = new Set(fixed.map(typeKey));
  for (const [name] of counts) {
    const key = typeKey(name);
    const n = countOfType(counts, name);
    if (seen.has(key) || n === 0) continue;
    seen.add(key);
    options.push([name, n]);
  }
  return options;
}

/** The option of `options` that is `type` as search compares types ('Apartment' is 'Apartments'), or `type`. */
export function optionOf(options: ReadonlyArray<readonly [string, number | null]>, type: string): string {
  if (!type) return '';
  const key = typeKey(type);
  return options.find(([name]) => typeKey(name) === key)?.[0] ?? type;
}
