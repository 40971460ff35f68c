// @vitest-environment jsdom
// 'Save this search' as a listing page draws it: the button, its dialog fetched on the press and
// drawn with the page,
// the page's criteria in the chips' words, and every state of a save against the function's
// answers (lead-fn's alerts/subscribe.rs): sending, saved (check your inbox), saved with nothing
// matching today, each field's message from the browser's check or the function's 422, too many
// saves, the function unavailable, no network; each failure keeps what was typed and offers a
// retry. Closing puts the keyboard back on the button. The browser tests
// (e2e/saved-search.test.mjs) save through the real function in Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AddressContext, fixedAddress, type Address } from '../nav';
import { LangContext, translate, type Lang } from '../i18n';
import { SAVED_SEARCH_PATH } from '../endpoints';
import { SaveSearch } from './SaveSearch';
import type { SaveSearchProps } from './SaveSearchDialog';
import { savedCriteria } from './savedSearch';
import { TERMS_FILE } from './readQuery';

// jsdom has no modal dialogs: open and closed by their attribute, as the browser's are.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  if (!this.hasAttribute('open')) return;
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const RESIDENTIAL: SaveSearchProps = { kind: 'residential' };

/** The button on `path` with `search` in the address, in `lang`. */
function draw(search: string, lang: Lang = 'en', props: SaveSearchProps = RESIDENTIAL, path = '/buy-property') {
  const pathname = lang === 'en' ? path : `/${lang}${path}`;
  const fixed = fixedAddress(pathname);
  const location = { ...fixed.location(), search };
  const address: Address = { ...fixed, location: () => location };
  render(
    <LangContext.Provider value={lang}>
      <AddressContext.Provider value={address}>
        <SaveSearch {...props} />
      </AddressContext.Provider>
    </LangContext.Provider>,
  );
  return screen.getByRole('button', { name: translate(lang, 'search.save') });
}

/** Presses the button and waits for its dialog (its code fetched on the press). */
async function open(button: HTMLElement, lang: Lang = 'en') {
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: translate(lang, 'saveSearch.title') });
  return dialog;
}

/** An answer of the function. */
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** Fills the email and (unless told not to) gives consent, then submits. */
function fill(dialog: HTMLElement, email: string, consent = true, lang: Lang = 'en') {
  fireEvent.change(within(dialog).getByLabelText(translate(lang, 'saveSearch.email')), { target: { value: email } });
  if (consent) fireEvent.click(within(dialog).getByRole('checkbox'));
  fireEvent.click(within(dialog).getByRole('button', { name: translate(lang, 'saveSearch.submit') }));
}

const status = (dialog: HTMLElement) => dialog.querySelector('.form-status');

describe('save this search', () => {
  test("the dialog names the page's criteria in its chips' words and sends them, with the page's language and path", async () => {
    let resolve: (response: Response) => void = () => undefined;
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>((done) => (resolve = done)));
    vi.stubGlobal('fetch', fetch);
    const button = draw('?type=Villa&bedrooms=3&max=5000000&sort=price-asc&view=map&bounds=1,2,3,4');
    const dialog = await open(button);
    const chips = [...dialog.querySelectorAll('.save-search-dialog__chips li')].map((li) => li.textContent);
    expect(chips).toEqual(['Residential Properties for Sale in Dubai', 'Type: Villa', '3 Bedrooms', 'Up to 5,000,000 AED']);
    // The title has the keyboard as it opens, and the consent is the words the function records.
    expect(document.activeElement?.textContent).toBe('Save this search');
    expect(within(dialog).getByRole('checkbox', { name: translate('en', 'saveSearch.consent') })).toHaveProperty('checked', false);

    fill(dialog, ' visitor@example.com ');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(SAVED_SEARCH_PATH);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'visitor@example.com',
      search: 'type=Villa&bedrooms=3&max=5000000',
      category: 'residential',
      lang: 'en',
      page: '/buy-property',
      consent: true,
      website: '',
    });
    // Sending: the button busy, a second press sends nothing more.
    const submit = within(dialog).getByRole('button', { name: 'Sending...' });
    expect(submit).toHaveProperty('disabled', true);
    expect(status(dialog)?.getAttribute('data-status')).toBe('submitting');
    fireEvent.submit(dialog.querySelector('form')!);
    expect(fetch).toHaveBeenCalledTimes(1);

    await act(async () => resolve(answer(200, { ok: true, id: 'x', matches: 4, message: 'Check your inbox' })));
    const title = within(dialog).getByRole('heading', { name: 'Check your inbox' });
    expect(document.activeElement).toBe(title);
    expect(dialog.textContent).toContain('We sent a link to visitor@example.com. Open it within 48 hours to start the alerts.');
    expect(dialog.textContent).toContain('Until you open it we send you nothing else.');
    expect(dialog.querySelector('.save-search-dialog__notice')).toBeNull();

    // Done: the dialog closes and the keyboard is back on the button; it opens again on a new form.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    expect(within(dialog).getByLabelText('Your email address')).toHaveProperty('value', 'visitor@example.com');
    expect(within(dialog).getByRole('checkbox')).toHaveProperty('checked', false);
  });

  test("a community with no listing in the page's category is named in the page's language, from the vocabulary's search terms", async () => {
    const terms = { communities: [{ name: 'Dubai Marina', names: [], translated: { ar: 'دبي مارينا', ru: 'Дубай Марина' } }], types: [] };
    const fetch = vi.fn((url: RequestInfo | URL) => Promise.resolve(String(url).endsWith(TERMS_FILE) ? answer(200, terms) : answer(500, {})));
    vi.stubGlobal('fetch', fetch);
    // No options: the page's category has no listing in Dubai Marina.
    const dialog = await open(draw('?community=Dubai+Marina', 'ar', { ...RESIDENTIAL, communities: [] }), 'ar');
    await waitFor(() => expect(dialog.querySelector('.save-search-dialog__chips')?.textContent).toContain('دبي مارينا'));
    expect(dialog.querySelector('.save-search-dialog__chips')?.textContent).not.toContain('Dubai Marina');
  });

  test("a search nothing matches today is saved, and the function's notice says so", async () => {
    const notice = 'No listings match this search today. It is saved anyway: we will email you when one does.';
    vi.stubGlobal('fetch', vi.fn(async () => answer(200, { ok: true, id: 'x', matches: 0, message: '…', notice })));
    const dialog = await open(draw('?type=Castle'));
    fill(dialog, 'visitor@example.com');
    await within(dialog).findByRole('heading', { name: 'Check your inbox' });
    expect(dialog.querySelector('.save-search-dialog__notice')?.textContent).toBe(notice);
  });

  test('the browser refuses a wrong address and no consent beside their fields, and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const dialog = await open(draw(''));
    // Nothing filtered: every new listing of the page's kind.
    expect(dialog.textContent).toContain('Every new listing on this page');
    fill(dialog, 'alerts@', false);
    const email = within(dialog).getByLabelText('Your email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please enter a valid email address.');
    const consent = within(dialog).getByRole('checkbox');
    expect(document.getElementById(consent.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please agree to receive these emails.');
    expect(document.activeElement).toBe(email);
    expect(fetch).not.toHaveBeenCalled();
    // Fixing the address leaves the consent to give: the keyboard goes there.
    fill(dialog, 'alerts@example.com', false);
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(consent);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("the function's 422 shows beside each field, in the page's language, and a search it cannot read in the status line", async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      answer(422, { ok: false, code: 'invalid', error: 'some fields need fixing', fields: { email: 'لهذا العنوان 10 عمليات بحث محفوظة بالفعل.' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const button = draw('?bedrooms=2', 'ar');
    const dialog = await open(button, 'ar');
    expect([...dialog.querySelectorAll('.save-search-dialog__chips li')].map((li) => li.textContent)).toEqual(['عقارات سكنية للبيع في دبي', 'غرفتا نوم']);
    fill(dialog, 'busy@example.com', true, 'ar');
    await waitFor(() => expect(within(dialog).getByLabelText('بريدك الإلكتروني').getAttribute('aria-invalid')).toBe('true'));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toMatchObject({ lang: 'ar', page: '/ar/buy-property', search: 'bedrooms=2' });
    expect(dialog.querySelector('[data-field="email"] .field__error')?.textContent).toBe('لهذا العنوان 10 عمليات بحث محفوظة بالفعل.');
    expect(within(dialog).getByLabelText('بريدك الإلكتروني')).toHaveProperty('value', 'busy@example.com');

    fetch.mockImplementation(async () => answer(422, { ok: false, code: 'invalid', fields: { search: 'تعذّرت قراءة هذا البحث.' } }));
    fireEvent.click(within(dialog).getByRole('button', { name: translate('ar', 'saveSearch.submit') }));
    await waitFor(() => expect(status(dialog)?.textContent).toBe('تعذّرت قراءة هذا البحث.'));
  });

  test.each([
    ['too many saves', async () => answer(429, { ok: false, code: 'rate_limited', retryAfter: 42 }, { 'Retry-After': '42' }), 'limited', 'saveSearch.limited'],
    ['the function unavailable', async () => answer(503, { ok: false, code: 'delivery_failed' }), 'unavailable', 'saveSearch.unavailable'],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch')), 'offline', 'saveSearch.offline'],
  ] as const)('%s: said, what was typed kept, and a retry that saves', async (_name, fails, state, message) => {
    const fetch = vi.fn<() => Promise<Response>>(fails);
    vi.stubGlobal('fetch', fetch);
    const dialog = await open(draw('?type=Villa', 'ru'), 'ru');
    fill(dialog, 'visitor@example.com', true, 'ru');
    await waitFor(() => expect(status(dialog)?.getAttribute('data-status')).toBe(state));
    expect(status(dialog)?.textContent).toBe(translate('ru', message));
    expect(within(dialog).getByLabelText(translate('ru', 'saveSearch.email'))).toHaveProperty('value', 'visitor@example.com');
    expect(within(dialog).getByRole('checkbox')).toHaveProperty('checked', true);
    fetch.mockImplementation(async () => answer(200, { ok: true, id: 'x', matches: 2, message: '…' }));
    fireEvent.click(within(dialog).getByRole('button', { name: translate('ru', 'saveSearch.retry') }));
    await within(dialog).findByRole('heading', { name: translate('ru', 'saveSearch.savedTitle') });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  test('closing with Escape or the corner button puts the keyboard back on the button, the form as it was', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const button = draw('?type=Villa');
    const dialog = await open(button);
    fireEvent.change(within(dialog).getByLabelText('Your email address'), { target: { value: 'half@typed' } });
    // Escape: the browser closes a modal dialog and fires `close`.
    act(() => (dialog as HTMLDialogElement).close());
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
    expect(within(dialog).getByLabelText('Your email address')).toHaveProperty('value', 'half@typed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(button);
  });
});

describe('what is sent', () => {
  test("the search is the address's criteria only: not its page, order, map view or area", () => {
    const params = new URLSearchParams('query=sea+view&type=Villa&community=Dubai+Marina&community=JVC&page=2&limit=10&sort=price-asc&view=map&bounds=1,2,3,4&min=&utm_source=x');
    expect(savedCriteria(params).toString()).toBe('query=sea+view&type=Villa&community=Dubai+Marina&community=JVC');
  });

  test.each(['en', 'ar', 'ru'] as const)('%s: the consent shown is word for word the one the function records', (lang) => {
    const strings = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'lead-fn', 'templates', 'strings', `${lang}.json`), 'utf8')) as {
      alerts: { consent: string; messages: { consent: string } };
    };
    expect(translate(lang, 'saveSearch.consent')).toBe(strings.alerts.consent);
    expect(translate(lang, 'saveSearch.consentRequired')).toBe(strings.alerts.messages.consent);
  });
});
