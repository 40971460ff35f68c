// The property page's enquiry form for a browser without JavaScript, where 'Get in Touch' cannot
// open its modal: the same fields as a plain form, POSTed form-encoded to the lead function,
// which checks them by the detail form's rules and answers with the thank-you page or a page
// of messages (lead-fn's form_post.rs). Rendered inside <noscript>: browsers with JavaScript
// never show it, and React does not render it in the browser, so it costs the page nothing.
import { useLocation } from '../nav';
import { useT } from '../i18n';
import { useLang } from '../shell';
import { CONTACT_PATH, HONEYPOT } from '../endpoints';

export function NoScriptEnquiry({ propertyId, message }: { propertyId: string; message: string }) {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  const id = (name: string) => `noscript-enquiry-${name}`;
  return (
    <form method="post" action={CONTACT_PATH} className="lead-form noscript-enquiry" aria-label={t('property.getInTouch')}>
      <input type="hidden" name="form" value="detail" />
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name="page" value={pathname} />
      <input type="hidden" name="propertyId" value={propertyId} />
      <div className="field">
        <label className="field__label" htmlFor={id('name')}>
          {t('forms.name')}
        </label>
        <input className="field__control" id={id('name')} name="name" type="text" autoComplete="name" required />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id('email')}>
          {t('forms.email')}
        </label>
        <input className="field__control" id={id('email')} name="email" type="email" autoComplete="email" required />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id('contactNumber')}>
          {t('forms.phoneNumber')}
        </label>
        <input className="field__control" id={id('contactNumber')} name="contactNumber" type="tel" autoComplete="tel" dir="ltr" required aria-describedby={id('hint')} />
        <p className="field__hint" id={id('hint')}>
          {t('forms.phoneAnyHint')}
        </p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id('message')}>
          {t('forms.message')}
        </label>
        <textarea className="field__control field__control--area" id={id('message')} name="message" rows={3} required defaultValue={message} />
      </div>
      <div className="honeypot" aria-hidden="true">
        <label>
          {t('forms.honeypot')}
          <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <button type="submit" className="button button--gold button--block">
        {t('forms.detail.submit')}
      </button>
    </form>
  );
}
