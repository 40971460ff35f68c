// The browser shows the forms' messages in the visitor's language with the very words the lead
// function answers with: every message the rules produce has a translation, and the Arabic and
// Russian texts equal lead-fn/src/validate.rs's MESSAGES table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate, type Form, type LeadFields } from '../forms/validate';
import ar from './ar.json';
import en from './en.json';
import ru from './ru.json';
import { localizeErrors, translateMessage } from './validation';

const root = join(import.meta.dirname, '..', '..', '..');
const vectors = JSON.parse(readFileSync(join(root, 'lead-fn', 'tests', 'form-vectors.json'), 'utf8')) as {
  form: Form | null;
  input: LeadFields;
}[];

describe('validation messages per language', () => {
  test('every message of the shared vectors has an Arabic and a Russian text', () => {
    for (const vector of vectors) {
      const errors = validate(vector.form ?? null, vector.input);
      for (const message of [...Object.values(errors.fields), errors.form].filter((m): m is string => !!m)) {
        expect(translateMessage('ar', message), message).not.toBe(message);
        expect(translateMessage('ru', message), message).not.toBe(message);
        expect(translateMessage('en', message)).toBe(message);
      }
    }
  });

  test('the same words as the lead function', () => {
    const rust = readFileSync(join(root, 'lead-fn', 'src', 'validate.rs'), 'utf8');
    const consts = new Map([...rust.matchAll(/const (\w+): &str = "((?:[^"\\]|\\.)*)";/g)].map((m) => [m[1], m[2]]));
    const rows = [...rust.matchAll(/\(\s*(\w+),\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)",?\s*\)/g)];
    expect(rows.length).toBeGreaterThanOrEqual(14);
    const keys = Object.keys(en).filter((key) => key.startsWith('validation.')) as (keyof typeof en)[];
    expect(keys.length).toBe(rows.length);
    for (const [, name, arabic, russian] of rows) {
      const english = consts.get(name ?? '');
      const key = keys.find((k) => en[k] === english);
      expect(key, `${name}: ${english}`).toBeDefined();
      if (!key) continue;
      expect(ar[key as keyof typeof ar]).toBe(arabic);
      expect(ru[key as keyof typeof ru]).toBe(russian);
    }
  });

  test('localizeErrors translates fields and the form message', () => {
    const errors = validate('contact', { name: 'Al', email: 'x', contactNumber: '', message: '' });
    const arabic = localizeErrors(errors, 'ar');
    expect(arabic.fields.name).toBe('يجب ألا يقل الاسم عن 3 أحرف.');
    expect(arabic.form).toBe('يُرجى تصحيح الأخطاء أعلاه.');
    expect(localizeErrors(errors, 'en')).toEqual(errors);
    expect(localizeErrors({ fields: {} }, 'ru')).toEqual({ fields: {} });
  });
});
