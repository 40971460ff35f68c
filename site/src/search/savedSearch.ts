// Saving a result or listing page's search for new-listing alerts: what is sent to the lead
// function (POST /api/saved-searches, JSON) and how its answer is read. The search is the page's
// address, its criteria only (the search endpoints' fields, not which page of the answer nor its
// order, nor the map's view or area), read by the function with the search endpoints' rules.
// Loaded with the dialog (SaveSearchDialog.tsx), after a visitor asks for it.
import { API_TIMEOUT_MS } from '../data';
import { HONEYPOT, type SAVED_SEARCH_PATH, type SEARCH_FIELDS } from '../endpoints';
import type { Lang } from '../i18n';

/** The searches one may save: the function's categories (lead-fn's alerts/subscribe.rs). */
export type SavedCategory = 'all' | 'residential' | 'commercial' | 'off-plan' | 'rent';

/** Where a search is saved: `SAVED_SEARCH_PATH`, which the type check holds this to. */
const PATH: typeof SAVED_SEARCH_PATH = '/api/saved-searches';

/**
 * The criteria of a search request: the contract's `SEARCH_FIELDS` but those saying which page of
 * the answer and in which order (`page`, `limit`, `sort`). Written out rather than imported, as
 * with the path, so they stay in this chunk and out of every page's entry; the type check holds
 * the list to the contract's, both ways (`ALL_CRITERIA`).
 */
const CRITERIA = [
  'query',
  'type',
  'bedrooms',
  'area',
  'bathrooms',
  'areaMax',
  'min',
  'max',
  'completion',
  'furnishing',
  'purpose',
  'offPlan',
  'cheques',
  'availableFrom',
  'community',
] as const satisfies readonly Criterion[];
type Criterion = Exclude<(typeof SEARCH_FIELDS)[number], 'page' | 'limit' | 'sort'>;
type Left = Exclude<Criterion, (typeof CRITERIA)[number]>;
/** A compile error naming a field of the contract's the list above lacks. */
export const ALL_CRITERIA: [Left] extends [never] ? true : Left = true;

/** The page's address with its criteria only, in their order ('type=Villa&bedrooms=3'). */
export function savedCriteria(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if ((CRITERIA as readonly string[]).includes(name) && value.trim() !== '') kept.append(name, value);
  }
  return kept;
}

export interface SavedSearchRequest {
  email: string;
  search: string;
  category: SavedCategory;
  lang: Lang;
  /** The page's path, where the alerts' 'see the results' link goes back to. */
  page: string;
  consent: boolean;
  /** The honeypot's value: only bots fill it. */
  trap: string;
}

/** What came of a save. */
export type SaveOutcome =
  /** Saved, unconfirmed: the confirmation email is sent; `notice` when nothing matches today. */
  | { kind: 'saved'; notice?: string }
  /** 422: a message per field (`email`, `consent`, `search`), in the visitor's language. */
  | { kind: 'invalid'; fields: Record<string, string> }
  /** 429: too many from this connection; `retryAfter` seconds. */
  | { kind: 'limited'; retryAfter: number }
  /** 503, any other refusal, or no answer in time. */
  | { kind: 'unavailable' }
  /** The request never reached the function (no network). */
  | { kind: 'offline' };

/** Sends the save; never throws. */
export async function postSavedSearch(
  request: SavedSearchRequest,
  { timeoutMs = API_TIMEOUT_MS, fetchImpl = fetch }: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<SaveOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'offline' };
  const { trap, ...fields } = request;
  const body = { ...fields, [HONEYPOT]: trap };
  // A timer rather than AbortSignal.timeout(): the browser tests' clock can run it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    // No answer in time is the function's; a request that failed outright is the network's.
    return controller.signal.aborted ? { kind: 'unavailable' } : { kind: 'offline' };
  } finally {
    clearTimeout(timer);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.ok && answer.ok === true) {
    return typeof answer.notice === 'string' && answer.notice ? { kind: 'saved', notice: answer.notice } : { kind: 'saved' };
  }
  if (response.status === 422 && answer.fields && typeof answer.fields === 'object') {
    const fields = Object.fromEntries(Object.entries(answer.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    if (Object.keys(fields).length > 0) return { kind: 'invalid', fields };
  }
  if (response.status === 429) {
    const seconds = Number(answer.retryAfter ?? response.headers.get('Retry-After'));
    return { kind: 'limited', retryAfter: Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60 };
  }
  return { kind: 'unavailable' };
}
