// @vitest-environment jsdom
// Every invalid case of the shared test vectors (lead-fn/tests/form-vectors.json) put through
// the form that ships it, as the pages render it: the fields filled as a visitor fills them (the
// phone's country picked in its selector, then the number typed key by key), the form submitted
// by its button. Each field shows its exact message, tied to it (aria-invalid, aria-describedby),
// the form's own status line says what it should, focus is on the first invalid field, and
// nothing is sent. Where the controls make something else of a vector's value
// (vectors-as-typed.json, which the browser tests read too), what they make of it is refused by
// another rule, or sent. The browser tests (site/e2e/forms.test.mjs) submit one case of each kind
// of rule in Chromium.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import vectors from '../../../lead-fn/tests/form-vectors.json';
import asTyped from './vectors-as-typed.json';
import { CONTACT_PATH } from '../endpoints';
import type { Form, LeadFields } from './validate';
import { preloadPhoneField } from './PhoneField';
import { SellerForm } from './SellerForm';
import { ContactForm, ContactLeadForm } from './ContactForms';
import { CallbackForm, DetailForm, NewsletterForm, PopupForm, ShortlistForm } from './LeadForms';
import { RequirementsForm } from './RequirementsForm';
import { SaveSearchDialog } from '../search/SaveSearchDialog';

// jsdom has no layout: the country picker scrolls its active option into view.
Element.prototype.scrollIntoView ??= () => undefined;
// Nor modal dialogs: open and closed by their attribute.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};

interface Vector {
  name: string;
  form: Form | null;
  input: LeadFields;
  errors: Record<string, string>;
  form_error?: string;
}

interface Reshaped {
  field: string;
  why: string;
  /** The message the form shows for the value as the controls reshaped it; absent: it is sent. */
  shows?: string;
}

const RESHAPED: Record<string, Reshaped | undefined> = asTyped.reshaped;
const COUNTRY_BY_DIAL: [string, string][] = asTyped.countryByDial.map(([dial, country]) => [dial ?? '', country ?? '']);

/**
 * Each form as its page renders it (the page's own wrapper only loads it): a test fails when the
 * vectors name a form that is not here, and the type checker when the contract has one.
 */
const RENDERERS: Record<Form, () => ReactElement> = {
  seller: () => <SellerForm />,
  contact: () => <ContactForm />,
  'contact-lead': () => <ContactLeadForm />,
  popup: () => <PopupForm />,
  // The property page starts the message with the listing it is about; the shortlist with its listings.
  detail: () => <DetailForm propertyId="p-1" message="I am interested in Marina Gate, ref. ES-1." />,
  shortlist: () => <ShortlistForm propertyIds={['p-1', 'p-2']} message="I am interested in these listings." />,
  newsletter: () => <NewsletterForm />,
  callback: () => <CallbackForm />,
  requirements: () => <RequirementsForm />,
  // The result pages' 'Save this search', open (its consent box, no field of a lead, is
  // search/SaveSearchDialog.test.tsx's).
  'saved-search': () => (
    <SaveSearchDialog
      open
      onClose={() => undefined}
      returnFocus={{ current: null }}
      kind="all"
    />
  ),
};

/** The cases with a message; those of no form are the function's alone (its plain clients). */
const INVALID = (vectors as Vector[]).filter((vector) => vector.form !== null && Object.keys(vector.errors).length > 0);

const sent = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response('{"ok":true}', { status: 200 }));

beforeAll(async () => {
  // The full phone field (its selector and the phone library's checks), as a visitor's first
  // move on the form brings it: from here on every form renders it.
  preloadPhoneField();
  await import('./PhoneFieldFull');
  await new Promise((resolve) => setTimeout(resolve, 0));
});

afterEach(() => {
  cleanup();
  sent.mockClear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The form's control of the field `name`: its `[data-field]` box's input, select or textarea. */
function control(box: HTMLElement): HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  const name = box.dataset.field ?? '';
  const found = box.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="${name}"]`);
  if (!found) throw new Error(`no control named ${name}`);
  return found;
}

/** Enters `number` as a visitor does: its country picked in the selector by dial code, then the rest typed key by key. */
function enterPhone(box: HTMLElement, input: HTMLInputElement, number: string) {
  let rest = number.replace(/\s/g, '');
  let country = 'United Arab Emirates';
  if (rest.startsWith('+')) {
    // A number no country's code starts ('+0...') is typed after the default one.
    const [dial, name] = COUNTRY_BY_DIAL.find(([code]) => rest.slice(1).startsWith(code)) ?? ['', country];
    country = name;
    rest = rest.slice(1 + dial.length);
  }
  const button = within(box).getByRole('button', { name: /^Country code: / });
  if (!button.getAttribute('aria-label')?.includes(`, ${country}, +`)) {
    fireEvent.click(button);
    const search = within(box).getByRole('combobox', { name: 'Search countries' });
    fireEvent.change(search, { target: { value: country } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(button.getAttribute('aria-label')).toMatch(new RegExp(`^Country code: [A-Z]{2}, ${country}, \\+\\d+$`));
  }
  // Everything selected and deleted, then each key: the field shows the chosen dial code again.
  fireEvent.input(input, { target: { value: '' }, inputType: 'deleteContentBackward' });
  for (const char of rest) fireEvent.input(input, { target: { value: input.value + char }, inputType: 'insertText', data: char });
}

/** Fills every field of the form with `values` (missing ones emptied); a select takes only a value it offers. */
function fill(form: HTMLFormElement, values: LeadFields) {
  for (const box of form.querySelectorAll<HTMLElement>('[data-field]')) {
    const name = box.dataset.field ?? '';
    const value = (values as Record<string, string | undefined>)[name] ?? '';
    const element = control(box);
    if (element instanceof HTMLInputElement && element.type === 'tel') enterPhone(box, element, value);
    else if (element instanceof HTMLSelectElement) {
      const offered = [...element.options].map((option) => option.value);
      fireEvent.change(element, { target: { value: offered.includes(value) ? value : '' } });
    } else fireEvent.change(element, { target: { value } });
  }
}

/** What the visitor sees: each field's message (fields without one left out), and the form's status line. */
function shown(form: HTMLFormElement) {
  const errors: Record<string, string> = {};
  for (const box of form.querySelectorAll<HTMLElement>('[data-field]')) {
    const message = box.querySelector('.field__error');
    if (message) errors[box.dataset.field ?? ''] = message.textContent?.trim() ?? '';
  }
  const status = form.querySelector('.form-status')?.textContent?.trim() ?? '';
  return { errors, status };
}

/** The message for each field once the controls have had the vector's values. */
function expectedErrors(vector: Vector): Record<string, string> {
  const expected = { ...vector.errors };
  const reshaped = RESHAPED[vector.name];
  if (reshaped?.shows) expected[reshaped.field] = reshaped.shows;
  else if (reshaped) delete expected[reshaped.field];
  return expected;
}

describe('every invalid case of the shared vectors, in the form that ships it', () => {
  test('the cases cover every form the vectors name, and each case the controls reshape is one of them', () => {
    expect(INVALID.length).toBeGreaterThan(40);
    const forms = new Set(INVALID.map((vector) => vector.form));
    expect([...forms].filter((form) => !(form && form in RENDERERS))).toEqual([]);
    const names = new Set(INVALID.map((vector) => vector.name));
    expect(Object.keys(RESHAPED).filter((name) => !names.has(name))).toEqual([]);
  });

  test.each(INVALID)('$name', async (vector) => {
    const renderer = vector.form ? RENDERERS[vector.form] : undefined;
    if (!renderer) throw new Error(`${vector.name}: no form renders '${vector.form}'; add it to RENDERERS`);
    vi.stubGlobal('fetch', sent);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { container } = render(renderer());
    const form = container.querySelector<HTMLFormElement>(`form[name="${vector.form}"]`);
    if (!form) throw new Error(`${vector.name}: no form named ${vector.form}`);
    fill(form, vector.input);
    const reshaped = RESHAPED[vector.name];
    const phone = form.querySelector<HTMLInputElement>('input[name="contactNumber"]');
    if (reshaped?.field === 'contactNumber' && phone) {
      expect(phone.value, `${vector.name}: ${reshaped.why}`).toMatch(/^\+/);
      expect(phone.value.replace(/\D/g, '').length, `${vector.name}: at most 15 digits`).toBeLessThanOrEqual(15);
    }
    const expected = expectedErrors(vector);
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!submit) throw new Error(`${vector.name}: no submit button`);
    await act(async () => {
      fireEvent.click(submit);
    });

    if (Object.keys(expected).length === 0) {
      // Nothing left to refuse: the form sends what the controls made of the value.
      await waitFor(() => expect(form.querySelector('.form-status')?.getAttribute('data-status')).toBe('success'));
      expect(sent).toHaveBeenCalledTimes(1);
      const [url, init] = sent.mock.calls[0] ?? [];
      expect(url).toBe(CONTACT_PATH);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      expect(body.form).toBe(vector.form);
      if (reshaped?.field === 'contactNumber') expect(body.contactNumber, reshaped.why).toMatch(/^\+\d{9,15}$/);
      if (reshaped?.field === 'propertyType') expect(body.propertyType, reshaped.why).toBe('');
      return;
    }

    const seen = shown(form);
    expect(seen.errors, vector.name).toEqual(expected);
    expect(seen.status, `${vector.name}: the form's own message`).toBe(vector.form_error ?? '');
    // Each message is tied to its field.
    for (const name of Object.keys(expected)) {
      const box = form.querySelector<HTMLElement>(`[data-field="${name}"]`);
      if (!box) throw new Error(`${vector.name}: no field ${name}`);
      const input = control(box);
      expect(input.getAttribute('aria-invalid'), `${vector.name}: ${name} aria-invalid`).toBe('true');
      const errorId = box.querySelector('.field__error')?.id;
      expect(errorId, `${vector.name}: ${name} has an id`).toBeTruthy();
      expect(input.getAttribute('aria-describedby')?.split(' '), `${vector.name}: ${name} aria-describedby`).toContain(errorId);
    }
    // The fields without a message are not marked invalid.
    for (const box of form.querySelectorAll<HTMLElement>('[data-field]')) {
      if (!expected[box.dataset.field ?? '']) expect(control(box).getAttribute('aria-invalid'), `${vector.name}: ${box.dataset.field}`).toBeNull();
    }
    // Focus on the first invalid field, in the order the form shows them.
    const first = [...form.querySelectorAll<HTMLElement>('[data-field]')].map((box) => box.dataset.field).find((name) => name && expected[name]);
    expect(document.activeElement?.getAttribute('name'), `${vector.name}: focus on the first invalid field`).toBe(first);
    // An invalid form sends nothing, and says nothing of success.
    expect(sent).not.toHaveBeenCalled();
    expect(alert).not.toHaveBeenCalled();
    expect(form.querySelector('.form-status')?.getAttribute('data-status')).toBe('idle');
  });
});
