// The home search's portal fields (HeroFields.tsx) as the home page places them in its search
// panel. They are part of the home page's first view (1.9 KB gzipped), so the panel hydrates
// whole with the page; only the community suggestions (heroPicker.ts) load later, on the box's
// first focus.
import { HeroCommunity, HeroPrice, HeroPurpose } from './HeroFields';
import type { PanelExtras } from './SearchPanel';

/**
 * The result page's URL of the fields' values (a form's entries): only the filled ones, each
 * value once, in the form's order; null when nothing is filled in (then the browser alert is due).
 */
export function filledUrl(target: string, entries: Iterable<[string, FormDataEntryValue]>): string | null {
  const params = new URLSearchParams();
  for (const [name, entry] of entries) {
    const value = String(entry).trim();
    if (value && !params.getAll(name).includes(value)) params.append(name, value);
  }
  return params.size ? `${target}?${params.toString()}` : null;
}

/** The fields around the panel's own (SearchPanel's `extras`); `id`: the panel's. */
export function heroExtras(id: string): PanelExtras {
  return {
    // The panel's own fields are in the form too, as the visitor sees them.
    url: (form) => filledUrl('/search-result', new FormData(form)),
    first: <HeroPurpose />,
    afterText: <HeroCommunity id={id} />,
    afterBedrooms: <HeroPrice id={id} />,
  };
}
