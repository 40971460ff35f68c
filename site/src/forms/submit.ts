// The one place that sends a lead to the function: POST /api/contact-user with
// a JSON body and a 5000 ms time-out. Any 2xx is success and its body is not read; a
// non-2xx is a failure (with the per-field messages of a 422, when the function gave them); an
// exception or the time-out is an error. Each form shows the fixed message for its kind.
import { API_TIMEOUT_MS } from '../data';
import { CONTACT_PATH } from '../endpoints';
import type { FieldErrors, Refusal } from '../types';

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'failed'; status: number; fields: FieldErrors['fields'] }
  | { kind: 'error' };

/** Sends `body`; never throws. */
export async function postLead(
  body: Record<string, unknown>,
  { timeoutMs = API_TIMEOUT_MS, fetchImpl = fetch }: { timeoutMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<Outcome> {
  let response: Response;
  // A timer rather than AbortSignal.timeout(): the browser tests' clock can run it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    response = await fetchImpl(CONTACT_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    return { kind: 'error' };
  } finally {
    clearTimeout(timer);
  }
  if (response.status >= 200 && response.status <= 299) return { kind: 'ok' };
  let fields: FieldErrors['fields'] = {};
  if (response.status === 422) {
    try {
      // The function's refusal (contract::endpoints::Refusal), its fields a lead's.
      const answer = (await response.json()) as Partial<Refusal>;
      if (answer.fields && typeof answer.fields === 'object') {
        fields = Object.fromEntries(
          Object.entries(answer.fields as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
      }
    } catch {
      // A 422 without a readable body is still a failure; the form shows its message.
    }
  }
  return { kind: 'failed', status: response.status, fields };
}
