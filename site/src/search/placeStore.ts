// The places kept for Back and a reload (search/place.ts), per history entry, in the tab's
// session storage: read by the page as it draws its cards, written as the visitor scrolls
// (search/placeKeeper.ts).

/** The session storage's key. */
export const STORE = 'estate.resultPlaces';

/** Where the window was: its offset, and the card at its top (its link) with that card's top. */
export interface Place {
  y: number;
  card?: string;
  top?: number;
}

export type Places = Record<string, Place & { at: number }>;

/** The places kept, by history entry and address. */
export function read(): Places {
  try {
    return (JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Places) ?? {};
  } catch {
    return {};
  }
}
