// The forms' validation messages in the page's language. The rules (src/forms/validate.ts and
// lead-fn/src/validate.rs) give the spec's English messages; the translations are the
// `validation.*` keys of the translation files, the same words the lead function answers with
// (validation.test.ts compares them with lead-fn's table).
import type { FieldErrors } from '../forms/validate';
import en from './en.json';
import { translate, type Lang, type MessageKey } from './index';

const KEYS = new Map<string, MessageKey>(
  (Object.keys(en) as MessageKey[]).filter((key) => key.startsWith('validation.')).map((key) => [en[key], key]),
);

/** An English validation message in `lang`; one the files do not know stays as it is. */
export function translateMessage(lang: Lang, message: string): string {
  const key = KEYS.get(message);
  return key ? translate(lang, key) : message;
}

/** `errors` in `lang`: each field's message and the form-level one. */
export function localizeErrors(errors: FieldErrors, lang: Lang): FieldErrors {
  const fields = Object.fromEntries(Object.entries(errors.fields).map(([field, message]) => [field, translateMessage(lang, message)]));
  return errors.form === undefined ? { fields } : { fields, form: translateMessage(lang, errors.form) };
}
