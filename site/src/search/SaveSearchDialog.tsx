// The 'Save this search' dialog of the result and listing pages: the page's criteria in the words
// its chips use, an email address, the consent in plain words (what is sent, how often, in which
// language, how to stop: the very words the lead function records with the search), and the
// save. States: sending (the button busy, a second press ignored); saved ('Check your inbox':
// only the confirmation email is sent until its link is opened), with the function's notice when
// nothing matches today; each field's message beside it (the browser's check, or the function's
// 422 in the page's language); too many saves, the function unavailable, or no network, each
// with a retry and what was typed kept. Its code and messages come when the button is first
// pressed or pointed at (search/SaveSearch.tsx, saveSearchLoad.ts); the modal is
// components/Modal.tsx.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation, useSearchParams } from '../nav';
import { useT, type MessageKey } from '../i18n';
import { useLang } from '../shell';
import { Modal } from '../components/Modal';
import { messageId, validate } from '../forms/validate';
import { HONEYPOT } from '../endpoints';
import { chips } from './chips';
import { postSavedSearch, savedCriteria, type SaveOutcome, type SavedCategory } from './savedSearch';
import type { CommunityOption } from '../components/SearchPanel';
import { useCommunityNamer } from './options';
import './save-search.css';

/** The kinds of listings a page shows (its listing summary's). */
export type Kind = 'residential' | 'rental' | 'offPlan' | 'commercial' | 'all';

export interface SaveSearchProps {
  kind: Kind;
  /** The communities named in the page's language (its 'Area' options), for their chips. */
  communities?: CommunityOption[];
}

/** The search each kind of page saves: the lead function's category of its listings. */
const CATEGORIES: Record<Kind, SavedCategory> = { residential: 'residential', rental: 'rent', offPlan: 'off-plan', commercial: 'commercial', all: 'all' };

type Field = 'email' | 'consent';
/** Why the last attempt was not saved, when no field is to blame: the status line's message. */
type Problem = 'limited' | 'unavailable' | 'offline';

const PROBLEMS: Record<Problem, MessageKey> = {
  limited: 'saveSearch.limited',
  unavailable: 'saveSearch.unavailable',
  offline: 'saveSearch.offline',
};

export interface DialogProps extends SaveSearchProps {
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}

export function SaveSearchDialog({ open, onClose, returnFocus, kind, communities = [] }: DialogProps) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [trap, setTrap] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field | 'search', string>>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState<{ email: string; notice?: string } | null>(null);
  const busy = useRef(false);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const savedTitle = useRef<HTMLHeadingElement>(null);

  // Once saved, the heading saying so is where the keyboard and a screen reader are.
  useEffect(() => {
    if (saved) savedTitle.current?.focus();
  }, [saved]);

  const criteria = savedCriteria(params);
  // As the page's chips say them: a rent's price is a year's, a community in the page's language.
  const yearly = kind === 'rental' || params.get('purpose') === 'rent';
  const community = useCommunityNamer(communities);
  const words = chips(t, lang, criteria, yearly, community);

  const close = () => {
    // A search saved is done with: the dialog opens on a fresh form next time (the address kept).
    if (saved) {
      setSaved(null);
      setConsent(false);
    }
    onClose();
  };

  // Each message beside its field (none in the status line, as the function gives none), and the
  // keyboard on the first field to fix.
  const show = (next: typeof errors) => {
    setErrors(next);
    setProblem(null);
    const first = (['email', 'consent'] as const).find((name) => next[name]);
    if (first) fields.current[first]?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    // The browser's check, by the function's rules: the messages are the forms' own.
    const checked: typeof errors = {};
    const said = validate('saved-search', { email: email.trim() }).fields.email;
    const known = said ? messageId(said) : undefined;
    if (said) checked.email = known ? t(`forms.rule.${known}`) : said;
    if (!consent) checked.consent = t('saveSearch.consentRequired');
    if (Object.keys(checked).length > 0) return show(checked);
    busy.current = true;
    setSending(true);
    setErrors({});
    setProblem(null);
    const request = { email: email.trim(), search: criteria.toString(), category: CATEGORIES[kind], lang, page: pathname, consent, trap };
    void postSavedSearch(request).then((outcome: SaveOutcome) => {
      busy.current = false;
      setSending(false);
      if (outcome.kind === 'saved') {
        setSaved({ email: request.email, notice: outcome.notice });
        return;
      }
      if (outcome.kind === 'invalid') {
        const { email, consent, search } = outcome.fields;
        // A search the function cannot read is the page's, not a field's: said in the status line.
        show({ email, consent, search });
        return;
      }
      setProblem(outcome.kind);
    });
  };

  const titleId = `${id}-title`;
  const describedBy = (name: Field) => (errors[name] ? `${id}-${name}-error` : undefined);
  const status = errors.search ?? (problem ? t(PROBLEMS[problem]) : undefined);

  return (
    <Modal open={open} onClose={close} returnFocus={returnFocus} className="dialog--sheet save-search-dialog" labelledBy={titleId} closeLabel={t('saveSearch.close')}>
      {saved ? (
        <div className="save-search-dialog__saved">
          <h2 id={titleId} ref={savedTitle} className="dialog__title" tabIndex={-1}>
            {t('saveSearch.savedTitle')}
          </h2>
          <p>{t('saveSearch.saved', { email: saved.email })}</p>
          <p>{t('saveSearch.nothingElse')}</p>
          {saved.notice ? <p className="save-search-dialog__notice">{saved.notice}</p> : null}
          <div className="dialog__actions">
            <button type="button" className="button button--primary" onClick={close}>
              {t('saveSearch.done')}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="eyebrow">{t('saveSearch.eyebrow')}</p>
          <h2 id={titleId} className="dialog__title" tabIndex={-1}>
            {t('saveSearch.title')}
          </h2>
          <div className="save-search-dialog__criteria">
            <h3 id={`${id}-criteria`}>{t('search.criteria')}</h3>
            <ul className="save-search-dialog__chips" aria-labelledby={`${id}-criteria`}>
              <li>{t(`listing.${kind}.meta`)}</li>
              {words.map((word, index) => (
                <li key={index}>{word}</li>
              ))}
            </ul>
            {words.length === 0 ? <p className="field__hint">{t('saveSearch.everything')}</p> : null}
          </div>
          <form className="save-search-dialog__form" name="saved-search" noValidate onSubmit={submit}>
            <div className={`field${errors.email ? ' field--invalid' : ''}`} data-field="email">
              <label className="field__label" htmlFor={`${id}-email`}>
                {t('saveSearch.email')}
              </label>
              <input
                ref={(element) => void (fields.current.email = element)}
                id={`${id}-email`}
                className="field__control"
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                aria-required
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy('email')}
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
                }}
              />
              {errors.email ? (
                <p className="field__error" id={`${id}-email-error`}>
                  {errors.email}
                </p>
              ) : null}
            </div>
            <div className={`field save-search-dialog__consent${errors.consent ? ' field--invalid' : ''}`}>
              <input
                ref={(element) => void (fields.current.consent = element)}
                id={`${id}-consent`}
                type="checkbox"
                name="consent"
                aria-required
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={describedBy('consent')}
                checked={consent}
                onChange={(event) => {
                  setConsent(event.target.checked);
                  if (errors.consent) setErrors((current) => ({ ...current, consent: undefined }));
                }}
              />
              <label htmlFor={`${id}-consent`}>{t('saveSearch.consent')}</label>
              {errors.consent ? (
                <p className="field__error" id={`${id}-consent-error`}>
                  {errors.consent}
                </p>
              ) : null}
            </div>
            <div className="honeypot" aria-hidden="true">
              <label>
                {t('forms.honeypot')}
                <input type="text" name={HONEYPOT} tabIndex={-1} autoComplete="off" value={trap} onChange={(event) => setTrap(event.target.value)} />
              </label>
            </div>
            <p className={`form-status form-status--${status ? 'error' : 'idle'}`} role="status" aria-live="polite" data-status={sending ? 'submitting' : (problem ?? 'idle')}>
              {status}
            </p>
            <button type="submit" className="button button--primary form__submit" disabled={sending} aria-disabled={sending || undefined}>
              {sending ? <span className="spinner" aria-hidden="true" /> : null}
              <span>{sending ? t('forms.sending') : problem ? t('saveSearch.retry') : t('saveSearch.submit')}</span>
            </button>
            <p className="field__hint">{t('saveSearch.confirmFirst')}</p>
          </form>
        </>
      )}
    </Modal>
  );
}
