import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/form-vectors.json';
import { validate, type Form, type LeadFields } from './validate';
import { numberCheck } from './PhoneFieldFull';

interface Vector {
  name: string;
  form: Form | null;
  input: LeadFields;
  errors: Record<string, string>;
  form_error?: string;
}

describe('form rules agree with the lead function', () => {
  // With the phone library's check, as once the phone field's country selector has loaded.
  test.each(vectors as Vector[])('$name', (vector) => {
    const got = validate(vector.form, vector.input, numberCheck);
    expect(got.fields).toEqual(vector.errors);
    expect(got.form).toEqual(vector.form_error);
  });

  test("before the library has loaded, a foreign number of '+' and 7 to 15 digits is left to the lead function", () => {
    const lead = { name: 'Ivan', email: 'ivan@example.com', contactNumber: '+7 916 123 45 6' };
    expect(validate('popup', lead).fields).toEqual({});
    expect(validate('popup', lead, numberCheck).fields).toEqual({ contactNumber: 'Phone number has the wrong number of digits for its country.' });
  });
});
