// A route's id, before it names a file of the API. A module of its own: only the property and
// post pages load it.

/** Content ids are slugs; anything else cannot name a file of the API. */
export function isSafeId(id: string | undefined): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id);
}
