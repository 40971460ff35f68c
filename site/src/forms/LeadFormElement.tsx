// What every enquiry form shares besides useLeadForm and the fields: the <form> element and the
// property type options. Each form is a module of its own (SellerForm, ContactForms,
// RequirementsForm, LeadForms for the lazily loaded ones), so a page downloads only its forms.
import type { ReactNode } from 'react';
import { typeLabel, useT, type MessageKey } from '../i18n';
import { useLang, usePathname } from '../shell';
import { PROPERTY_TYPES, type Form } from './validate';
import { CONTACT_PATH } from '../endpoints';
import { Honeypot } from './fields';
import type { LeadForm } from './useLeadForm';

export function PropertyTypeOptions({ none }: { none: MessageKey }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      <option value="">{t(none)}</option>
      {PROPERTY_TYPES.map((type) => (
        <option key={type} value={type}>
          {typeLabel(lang, type)}
        </option>
      ))}
    </>
  );
}

export /**
 * The form element every enquiry form uses: no browser bubbles, our messages instead. Without
 * JavaScript (or before the page's script runs) it is a plain form: POSTed form-encoded to the
 * lead function with the hidden fields the script would add (which form, the language, the
 * page), answered by a redirect to the thank-you page or a page of messages (lead-fn's
 * form_post.rs). POST, so what was typed never goes into an address.
 */
function LeadFormElement({ form, name, label, className, hidden, children }: { form: LeadForm; name: Form; label: string; className?: string; hidden?: Record<string, string>; children: ReactNode }) {
  const lang = useLang();
  // The path as the prerender saw it ('/ar', where the browser may be at '/ar/'): the same field
  // whether the form was hydrated or drawn in the browser.
  const pathname = usePathname();
  const fields: Record<string, string> = { form: name, lang, page: pathname, ...hidden };
  return (
    <form name={name} method="post" action={CONTACT_PATH} className={`lead-form${className ? ` ${className}` : ''}`} noValidate aria-label={label} aria-busy={form.submitting || undefined} onSubmit={form.onSubmit}>
      {Object.entries(fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {children}
      <Honeypot form={form} />
    </form>
  );
}
