// The admin editor's API, answered only by `estate serve` on the editor's own computer
// (generator/src/admin.rs). Every call carries the token `estate serve` printed; the browser
// adds the Origin header the server checks. The published site has no such API: its /_admin/
// paths are not found, and the admin page then says the editor runs locally.
import type { Created, LeadPage, OneLead, Refusal as Envelope, Session, Summary } from '../types';

export const API = '/_admin/api';
const TOKEN_KEY = 'estate.admin.token';

/** The token for this tab: from the link's `#token=...` (then removed from the address bar), else remembered. */
export function takeToken(): string | null {
  const match = /(?:^#|&)token=([0-9a-fA-F]{16,128})(?:&|$)/.exec(window.location.hash);
  const token = match?.[1];
  if (token) {
    sessionStorage.setItem(TOKEN_KEY, token);
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return token;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

export function rememberToken(token: string): void {
  sessionStorage.setItem(TOKEN_KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

/** The API's answers: generated from the contract (`contract::admin`), as its handlers write them. */
export type { Created, LeadPage, LeadRow, Summary } from '../types';
/** One lead, whole, with its place in the outbox. */
export type Lead = OneLead['lead'];

/** A refusal: the status, the server's code, and its messages per form field. */
export class Refusal extends Error {
  // Declared and set in the constructor, not class fields: the build writes a field with a helper
  // that would be part of every page's entry (it is shared by several chunks).
  declare readonly status: number;
  declare readonly code: string;
  declare readonly fields: Record<string, string>;
  constructor(status: number, code: string, fields: Record<string, string>, message: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

async function call<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(API + path, {
      ...init,
      headers: { ...(init.headers ?? {}), Authorization: `Bearer ${token}`, Accept: 'application/json' },
      cache: 'no-store',
    });
  } catch {
    throw new Refusal(0, 'offline', {}, 'offline');
  }
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('application/json') ? await response.json().catch(() => null) : null;
  const object = (body ?? {}) as Partial<Envelope>;
  if (!response.ok || body === null) {
    // No JSON at all: not the editor (the published site's 404 page, say).
    throw new Refusal(response.status, object.code ?? (body === null ? 'no_editor' : 'failed'), object.fields ?? {}, object.error ?? '');
  }
  return body as T;
}

export const editorApi = {
  session: (token: string) => call<Session>(token, '/session'),
  summary: (token: string) => call<Summary>(token, '/summary'),
  leads: (token: string, page: number) => call<LeadPage>(token, `/leads?page=${page}`),
  lead: (token: string, id: string) => call<OneLead>(token, `/leads/${encodeURIComponent(id)}`),
  create: (token: string, kind: 'properties' | 'posts', form: Record<string, unknown>) =>
    call<Created>(token, `/${kind}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(form),
    }),
};

/** A file as a data: URL, for the JSON body (the server reads the type from the bytes). */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * Resolves true once `path` (a page of the site) is served, i.e. after the rebuild that adds it:
 * estate serve's reload script announces each good rebuild with an `estate:rebuilt` event, and
 * the page is also asked for every few seconds, since an event sent while the browser's event
 * stream was reconnecting is lost. False when none made it appear in time (estate serve runs
 * with --no-watch, say).
 */
export function waitForPage(path: string, timeoutMs = 180_000, everyMs = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (live: boolean) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('estate:rebuilt', check);
      clearTimeout(timer);
      clearInterval(poll);
      resolve(live);
    };
    const check = () => {
      fetch(path, { method: 'HEAD', cache: 'no-store' })
        .then((response) => {
          if (response.ok) done(true);
        })
        .catch(() => undefined);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    const poll = setInterval(check, everyMs);
    window.addEventListener('estate:rebuilt', check);
  });
}

/** Whether this page is served from this computer (where the editor can run at all). */
export function onThisComputer(): boolean {
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(window.location.hostname);
}
