import { describe, expect, test } from 'vitest';
import vectors from '../../../lead-fn/tests/form-vectors.json';
import { validate, type Form, type LeadFields } from './validate';

interface Vector {
  name: string;
  form: Form | null;
  input: LeadFields;
  errors: Record<string, string>;
  form_error?: string;
}

describe('form rules agree with the lead function', () => {
  test.each(vectors as Vector[])('$name', (vector) => {
    const got = validate(vector.form, vector.input);
    expect(got.fields).toEqual(vector.errors);
    expect(got.form).toEqual(vector.form_error);
  });
});
