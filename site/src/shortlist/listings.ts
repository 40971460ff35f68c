// The saved or shared listings, read from the API one record each (`api/properties/{id}.json`):
// a listing that left the site answers 404 and is shown as no longer available, not as a
// broken card.
import { useEffect, useState } from 'react';
import { getJson } from '../data';
import { apiProperty, gone } from '../paths';
import type { GoneData, Property } from '../types';

/** `was`: a listing no longer published, as its page names it (`data/gone/{id}.json`), when asked for and found. */
export type Saved = { id: string; property: Property } | { id: string; gone: true; was?: GoneData } | { id: string; failed: true };

/** `names`: a listing no longer published comes with its title, from the file its page reads. */
export async function loadSaved(ids: readonly string[], names = false): Promise<Saved[]> {
  return Promise.all(
    ids.map(async (id): Promise<Saved> => {
      try {
        return { id, property: await getJson(apiProperty(id)) };
      } catch (error) {
        if (error instanceof Response && error.status === 404) {
          // Never published, or removed since: named by its id.
          const was = names ? await getJson(gone(id)).catch(() => undefined) : undefined;
          return was ? { id, gone: true, was } : { id, gone: true };
        }
        console.error(`Failed to fetch the saved listing ${id}`, error);
        return { id, failed: true };
      }
    }),
  );
}

/**
 * The records of `ids`, in their order; null while they load. A new `attempt` asks again (a
 * failed request is not kept, so a retry can succeed), null until the new answers.
 */
export function useSaved(ids: readonly string[], attempt = 0, names = false): Saved[] | null {
  const key = `${attempt}:${ids.join(',')}`;
  const [loaded, setLoaded] = useState<{ key: string; saved: Saved[] } | null>(null);
  useEffect(() => {
    let live = true;
    const asked = key.slice(key.indexOf(':') + 1);
    void loadSaved(asked ? asked.split(',') : [], names).then((saved) => {
      if (live) setLoaded({ key, saved });
    });
    return () => {
      live = false;
    };
  }, [key, names]);
  return loaded?.key === key ? loaded.saved : null;
}

/** Ids from a link's `?ids=a,b,c`. */
export function idsParam(value: string | null): string[] {
  return (value ?? '').split(',').filter(Boolean);
}
