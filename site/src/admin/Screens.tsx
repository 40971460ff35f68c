// The admin's screens around the dashboard: the published site's notice (no editor there), the
// locked screen of the local editor (no token yet, or a token from an earlier start), and the gate
// every editor's page goes through to choose between them and its own content.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../nav';
import { useT, type MessageKey } from '../i18n';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { useEditor, type Editor } from './useEditor';
import './admin.css';

/**
 * What the published site shows: the editor runs on the editors' own computers. The page is
 * prerendered, so `estate serve` shows it too until the browser has found the editor (and for
 * good without JavaScript): it says how to open the editor as well as how to start it.
 */
export function PublicNotice({ eyebrow, heading, lead, local, files, back, backTo }: { eyebrow: MessageKey; heading: MessageKey; lead: MessageKey; local: MessageKey; files: MessageKey; back: MessageKey; backTo: string }) {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t(eyebrow)} title={t(heading)} lead={t(lead)} />
      <div className="container container--narrow section">
        <div className="notice">
          <Icon name="shield" size={24} />
          <div>
            <p>
              {t(local)} <code>{t('editor.command')}</code> {t('editor.link')}
            </p>
            <p>{t(files)}</p>
          </div>
        </div>
        <p>
          <Link to={backTo} className="button button--outline">
            <Icon name="home" size={18} />
            <span>{t(back)}</span>
          </Link>
        </p>
      </div>
    </>
  );
}

/** The local editor without a (good) token. */
export function Locked({ editor, heading }: { editor: Editor; heading: MessageKey }) {
  const t = useT();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await editor.unlock(token);
    setBusy(false);
  };
  return (
    <>
      <PageHeader eyebrow={t('admin.sidebar.local')} title={t(heading)} lead={t('admin.locked.lead')} />
      <div className="container container--narrow section">
        <form className="card admin-card admin-lock" onSubmit={onSubmit} data-testid="locked">
          <span className="admin-lock__icon" aria-hidden="true">
            <Icon name="key" size={28} />
          </span>
          <h2 className="admin-card__title">{t('admin.locked.title')}</h2>
          <p className="admin-card__text">
            {t('admin.locked.text')} <code>{t('admin.locked.example')}</code>
          </p>
          {editor.refused ? (
            <p className="admin-status admin-status--error" role="alert">
              <Icon name="shield" size={20} />
              <span>{t('admin.locked.refused')}</span>
            </p>
          ) : null}
          <div className="admin-field">
            <label htmlFor="admin-token">{t('admin.locked.token')}</label>
            <input id="admin-token" name="token" type="password" autoComplete="off" spellCheck={false} value={token} onChange={(e) => setToken(e.target.value)} />
          </div>
          <button type="submit" className="button button--primary" disabled={busy || token.trim() === ''}>
            <Icon name="key" size={18} />
            <span>{t('admin.locked.unlock')}</span>
          </button>
        </form>
      </div>
    </>
  );
}

/** Keeps this page open across the rebuilds its own writes cause (estate serve's reload script). */
export function keepAcrossRebuilds(keep: boolean): void {
  (window as Window & { __estateKeep?: boolean }).__estateKeep = keep;
}

type NoticeKeys = Omit<Parameters<typeof PublicNotice>[0], 'heading'>;

/**
 * An editor's page (/admin, /blogform): its content once the local editor has the token
 * (`children`, given the open editor), the token's form while it is locked, and the published
 * site's notice where there is no editor. Kept across `estate serve`'s rebuilds while shown.
 */
export function EditorGate({ heading, notice, children }: { heading: MessageKey; notice: NoticeKeys; children: (editor: Editor) => ReactNode }) {
  const editor = useEditor();
  useEffect(() => {
    keepAcrossRebuilds(true);
    return () => keepAcrossRebuilds(false);
  }, []);
  if (editor.state === 'open') return children(editor);
  if (editor.state === 'locked') return <Locked editor={editor} heading={heading} />;
  return <PublicNotice heading={heading} {...notice} />;
}
