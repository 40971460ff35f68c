// The validation rules of every enquiry form, with their fixed messages letter for letter.
// The same rules run in the lead function (lead-fn/src/validate.rs); both run the shared cases
// in lead-fn/tests/form-vectors.json, so the browser and the server can never disagree.
// The popup's and the property form's phone takes any country's number (ARCHITECTURE.md), not
// only the 10 digits of a UAE number.

import type { SELLER_TYPES } from '../endpoints';
import type { FieldErrors, Form, LeadField, LeadFields } from '../types';

/**
 * The form a lead names, its fields and the messages answered per field: generated from the
 * contract (`contract::endpoints::Form`, `contract::leads`).
 */
export type { FieldErrors, Form, LeadField, LeadFields };

/**
 * The seller form's types, the only ones its lead may name: `contract::endpoints::SELLER_TYPES`,
 * which the type checker holds this list to (the same names in the same order). Written out
 * rather than imported, so the five names stay in the forms' chunk and out of every page's entry.
 */
export const PROPERTY_TYPES = ['Apartment', 'Townhouse', 'Villa', 'Plot', 'Full Floor'] as const satisfies typeof SELLER_TYPES;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PLUS_9_TO_15 = /^\+\d{9,15}$/;
const DIGITS_10 = /^\d{10}$/;
/** A UAE number after its dial code: 9 digits, or 10 with the trunk 0 of its local form. */
const UAE_INTERNATIONAL = /^\+9710?\d{9}$/;
/** '+', a country code (no leading 0) and the rest: 7 to 15 digits in all (E.164). */
const INTERNATIONAL = /^\+[1-9]\d{6,14}$/;
const LOOSE_PHONE = /^\+?\d{9,15}$/;

/** Every message the rules give, by id; the translation files hold each as `forms.rule.{id}`. */
export const MESSAGES = {
  nameRequired: 'Name is required.',
  nameShort: 'Name must be at least 3 characters long.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  emailFormat: 'Invalid email format.',
  mobileRequired: 'Mobile number is required.',
  mobilePlus: "Mobile number must start with '+' followed by 9-15 digits.",
  mobileDigits: 'Mobile number must be between 9 and 15 digits.',
  phoneRequired: 'Phone number is required.',
  phoneTen: 'Phone number must be 10 digits.',
  messageEmpty: 'Message cannot be empty.',
  messageRequired: 'Message is required.',
  fixAbove: 'Please fix the errors above.',
  propertyType: 'Please choose a property type from the list.',
  phoneCountry: 'Phone number has the wrong number of digits for its country.',
} as const;

const M = MESSAGES;

export type MessageId = keyof typeof MESSAGES;

/** The id of a message the rules gave, or undefined for any other text. */
export function messageId(text: string): MessageId | undefined {
  return (Object.keys(MESSAGES) as MessageId[]).find((id) => MESSAGES[id] === text);
}

/** Spaces, dashes, dots and brackets people type in phone numbers are not part of the number. */
const compactPhone = (phone: string) => phone.replace(/[\s\-().]/g, '');

/**
 * The phone library's checks, which come with the phone field's country selector (the only way
 * to enter another country's number). Without them the browser lets a number through and the
 * lead function, which checks the same from the same data, answers for that field.
 */
export interface NumberCheck {
  /** Whether an international number ('+' and digits) has a length its country's numbers have. */
  possible: (international: string) => boolean;
  /**
   * Whether a number with the UAE's dial code ('+971', a trunk 0 after it allowed) is a UAE
   * number an agent can dial: not '123456789', nor another country's national number read as the
   * UAE's ('07911 123456' autofilled into a field showing +971).
   */
  uaeDialable: (international: string) => boolean;
  /**
   * The dial code of the country whose national number a refused '+971' number is, when its
   * digits are more than a UAE number has and it does not start as a UAE mobile ('+971 7911
   * 123456' is the British 07911 123456): what
   * the form tells the visitor to do instead of the UAE rule's message (useLeadForm.ts).
   */
  elsewhere: (international: string) => string | null;
}

export function validate(form: Form | null, lead: LeadFields, check?: NumberCheck): FieldErrors {
  const fields: FieldErrors['fields'] = {};
  const add = (field: LeadField, message: string) => {
    fields[field] ??= message;
  };
  const nameMin3 = () => {
    const name = (lead.name ?? '').trim();
    if (!name) add('name', M.nameRequired);
    else if ([...name].length < 3) add('name', M.nameShort);
  };
  const nameRequired = () => {
    if (!(lead.name ?? '').trim()) add('name', M.nameRequired);
  };
  const email = (invalid: string) => {
    const value = (lead.email ?? '').trim();
    if (!value) add('email', M.emailRequired);
    else if (!EMAIL.test(value)) add('email', invalid);
  };
  const phone = (required: string, pattern: RegExp, invalid: string) => {
    const value = compactPhone((lead.contactNumber ?? '').trim());
    if (!value) add('contactNumber', required);
    else if (!pattern.test(value)) add('contactNumber', invalid);
    else if (value.startsWith('+971') && check && !check.uaeDialable(value)) add('contactNumber', M.phoneTen);
  };
  // The popup's and the property form's phone: the UAE rule (10 digits), or another country's
  // number
  // of a length that country's numbers have.
  const phoneAnyCountry = () => {
    const value = compactPhone((lead.contactNumber ?? '').trim());
    if (!value) add('contactNumber', M.phoneRequired);
    else if (DIGITS_10.test(value)) return;
    else if (value.startsWith('+971')) {
      if (!UAE_INTERNATIONAL.test(value) || (check && !check.uaeDialable(value))) add('contactNumber', M.phoneTen);
    } else if (!INTERNATIONAL.test(value)) add('contactNumber', M.phoneTen);
    else if (check && !check.possible(value)) add('contactNumber', M.phoneCountry);
  };
  let formError: string | undefined;
  switch (form) {
    case 'seller': {
      nameMin3();
      phone(M.mobileRequired, PLUS_9_TO_15, M.mobilePlus);
      email(M.emailInvalid);
      const kind = (lead.propertyType ?? '').trim();
      if (kind && !(PROPERTY_TYPES as readonly string[]).includes(kind)) add('propertyType', M.propertyType);
      break;
    }
    case 'contact':
      nameMin3();
      phone(M.phoneRequired, PLUS_9_TO_15, M.mobilePlus);
      email(M.emailInvalid);
      if (!(lead.message ?? '').trim()) add('message', M.messageEmpty);
      if (Object.keys(fields).length) formError = M.fixAbove;
      break;
    case 'contact-lead':
      nameMin3();
      email(M.emailInvalid);
      // The country selector's '+' before the country code is no digit: 9 to 15 digits after it.
      phone(M.mobileRequired, LOOSE_PHONE, M.mobileDigits);
      break;
    case 'popup':
      nameRequired();
      email(M.emailFormat);
      phoneAnyCountry();
      break;
    case 'detail':
    case 'shortlist':
      nameRequired();
      email(M.emailFormat);
      phoneAnyCountry();
      if (!(lead.message ?? '').trim()) add('message', M.messageRequired);
      break;
    case 'newsletter':
    case 'saved-search':
      email(M.emailInvalid);
      break;
    case 'callback':
      nameMin3();
      phone(M.mobileRequired, PLUS_9_TO_15, M.mobilePlus);
      break;
    case 'requirements':
      nameMin3();
      email(M.emailInvalid);
      phone(M.mobileRequired, PLUS_9_TO_15, M.mobilePlus);
      break;
    case null:
      nameRequired();
      email(M.emailInvalid);
      phone(M.phoneRequired, LOOSE_PHONE, M.mobileDigits);
      break;
  }
  return formError ? { fields, form: formError } : { fields };
}
