import { describe, expect, test } from 'vitest';
import en from '../i18n/en.json';
import { MESSAGES, messageId, type MessageId } from './validate';
import { CONTACT_PATH } from '../endpoints';
import { postLead } from './submit';
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_DATA, DEFAULT_MASK, phoneValue } from './phoneParts';
import { COUNTRIES } from './PhoneFieldFull';

describe('messages', () => {
  test('every rule message is a translation key with the same English text', () => {
    for (const id of Object.keys(MESSAGES) as MessageId[]) {
      expect(en[`forms.rule.${id}`], id).toBe(MESSAGES[id]);
      expect(messageId(MESSAGES[id])).toBe(id);
    }
    expect(messageId('Some other text.')).toBeUndefined();
  });

  test('the outcomes are the published messages, letter for letter', () => {
    expect(en['forms.status.success']).toBe('User data submitted successfully!');
    expect(en['forms.status.failed']).toBe('Failed to submit user data.');
    expect(en['forms.status.failedRetry']).toBe('Failed to submit user data. Please try again.');
    expect(en['forms.status.error']).toBe('Something went wrong.');
    expect(en['forms.status.errorRetry']).toBe('Something went wrong. Please try again.');
    expect(en['forms.status.errorLater']).toBe('Something went wrong. Please try again later.');
    expect(en['forms.status.alert']).toBe('Form submitted successfully!');
  });
});

describe('postLead', () => {
  const answer = (status: number, body: unknown = {}) =>
    (async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })) as typeof fetch;

  test('posts JSON to the lead path; any 2xx is success', async () => {
    let seen: { url: string; init?: RequestInit } | undefined;
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      seen = { url, init };
      return new Response(null, { status: 204 });
    }) as typeof fetch;
    expect(await postLead({ name: 'Aisha' }, { fetchImpl })).toEqual({ kind: 'ok' });
    expect(seen?.url).toBe(CONTACT_PATH);
    expect(seen?.init?.method).toBe('POST');
    expect(new Headers(seen?.init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(seen?.init?.body))).toEqual({ name: 'Aisha' });
    expect(await postLead({}, { fetchImpl: answer(299) })).toEqual({ kind: 'ok' });
  });

  test('a non-2xx is a failure, with the fields of a 422', async () => {
    expect(await postLead({}, { fetchImpl: answer(500) })).toEqual({ kind: 'failed', status: 500, fields: {} });
    expect(await postLead({}, { fetchImpl: answer(300) })).toMatchObject({ kind: 'failed', status: 300 });
    expect(await postLead({}, { fetchImpl: answer(422, { fields: { email: 'Email is required.', x: 1 } }) })).toEqual({
      kind: 'failed',
      status: 422,
      fields: { email: 'Email is required.' },
    });
  });

  test('an exception or the time-out is an error', async () => {
    const throws = (async () => {
      throw new TypeError('network down');
    }) as typeof fetch;
    expect(await postLead({}, { fetchImpl: throws })).toEqual({ kind: 'error' });
    const hangs = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    expect(await postLead({}, { fetchImpl: hangs, timeoutMs: 20 })).toEqual({ kind: 'error' });
  });
});

describe('phone selector', () => {
  test('the default country and mask; every country has its code, dial code and mask', () => {
    expect(DEFAULT_COUNTRY).toBe('ae');
    expect(DEFAULT_MASK).toBe('... ... ... ... ..');
    expect(COUNTRIES.length).toBeGreaterThan(200);
    for (const country of COUNTRIES) {
      expect(country.name).toBeTruthy();
      expect(country.iso2).toMatch(/^[a-z]{2}$/);
      expect(country.dialCode).toMatch(/^\d{1,4}$/);
    }
    const ae = COUNTRIES.find((country) => country.iso2 === 'ae');
    expect(ae).toMatchObject({ name: 'United Arab Emirates', dialCode: '971' });
    expect(ae?.format).toBeTruthy();
  });

  test('the light field’s copy of the default country is the library’s', () => {
    expect(COUNTRIES.find((country) => country.iso2 === DEFAULT_COUNTRY)).toMatchObject(DEFAULT_COUNTRY_DATA);
  });
});

describe('phone value', () => {
  test('only the dial code is empty; "+" first and at most 15 digits', () => {
    expect(phoneValue('+971', '971')).toBe('');
    expect(phoneValue('', '971')).toBe('');
    expect(phoneValue('+971501234567', '971')).toBe('+971501234567');
    expect(phoneValue('+9715012345678901234', '971')).toBe('+971501234567890');
  });
});
