// The phone library's checks of a number (forms/validate.ts `NumberCheck`), once the full phone
// field has loaded (it comes with the country selector, the only way to enter such a number); until then, none. Set by the
// field's loader (PhoneField.tsx), read by the form's checks (useLeadForm.ts): its own module so
// the form's hook does not import the phone field, which imports the form's fields.
import type { NumberCheck } from './validate';

let check: NumberCheck | undefined;

export const loadedNumberCheck = (): NumberCheck | undefined => check;

export function setNumberCheck(next: NumberCheck): void {
  check = next;
}
