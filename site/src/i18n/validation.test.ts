// The forms show their messages in the visitor's language (the `forms.rule.*` keys, which
// useLeadForm looks up by the rule's message id) with the very words the lead function answers
// with: the Arabic and Russian texts equal lead-fn/src/validate.rs's table, for every message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MESSAGES, messageId, validate, type Form, type LeadFields } from '../forms/validate';
import { translate } from './index';
import { numberCheck } from '../forms/PhoneFieldFull';

const root = join(import.meta.dirname, '..', '..', '..');
const vectors = JSON.parse(readFileSync(join(root, 'lead-fn', 'tests', 'form-vectors.json'), 'utf8')) as {
  form: Form | null;
  input: LeadFields;
}[];

describe('validation messages per language', () => {
  test('every message of the shared vectors is a known rule with an Arabic and a Russian text', () => {
    for (const vector of vectors) {
      const errors = validate(vector.form ?? null, vector.input, numberCheck);
      for (const message of [...Object.values(errors.fields), errors.form].filter((m): m is string => !!m)) {
        const id = messageId(message);
        expect(id, message).toBeDefined();
        if (!id) continue;
        expect(translate('en', `forms.rule.${id}`)).toBe(message);
        expect(translate('ar', `forms.rule.${id}`), message).not.toBe(message);
        expect(translate('ru', `forms.rule.${id}`), message).not.toBe(message);
      }
    }
  });

  test('the same words as the lead function', () => {
    const rust = readFileSync(join(root, 'lead-fn', 'src', 'validate.rs'), 'utf8');
    const consts = new Map([...rust.matchAll(/const (\w+): &str = "((?:[^"\\]|\\.)*)";/g)].map((m) => [m[1], m[2]]));
    const rows = [...rust.matchAll(/\(\s*(\w+),\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)",?\s*\)/g)];
    expect(rows.length).toBe(Object.keys(MESSAGES).length);
    for (const [, name, arabic, russian] of rows) {
      const english = consts.get(name ?? '') ?? '';
      const id = messageId(english);
      expect(id, `${name}: ${english}`).toBeDefined();
      if (!id) continue;
      expect(translate('ar', `forms.rule.${id}`)).toBe(arabic);
      expect(translate('ru', `forms.rule.${id}`)).toBe(russian);
    }
  });
});
