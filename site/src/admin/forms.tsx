// The admin's two forms: Add Property (the admin's property form) and Add Blog
// (the Add New Blog form, also at /blogform). Both send to the local editor, which writes the
// content file after `estate check`'s validator passed it; its messages show by the fields.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n';
import { Icon } from '../components/Icon';
import { Refusal, editorApi, readAsDataUrl, waitForPage, type Created } from './api';
import './admin.css';

type Fields = Record<string, string>;

/** What became of the last submission. */
type Outcome =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; created: Created; live: 'waiting' | 'live' | 'slow' }
  | { kind: 'refused'; message: MessageKey };

function refusalMessage(error: unknown): MessageKey {
  if (!(error instanceof Refusal)) return 'admin.error.failed';
  switch (error.code) {
    case 'invalid':
    case 'exists':
      return 'admin.form.invalid';
    case 'forbidden_origin':
    case 'forbidden_host':
      return 'admin.error.forbidden';
    case 'too_large':
      return 'admin.error.tooLarge';
    case 'link_in_content':
      // Which link is in the server's message for the form, shown below the fields.
      return 'admin.error.link';
    case 'offline':
      return 'admin.error.offline';
    default:
      return 'admin.error.failed';
  }
}

/** Submits, then waits for the rebuilt page. Returns the field messages of a refusal. */
function useSubmit(token: string, onExpired: () => void) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [fields, setFields] = useState<Fields>({});
  const submit = async (kind: 'properties' | 'posts', body: Record<string, unknown>): Promise<boolean> => {
    setOutcome({ kind: 'saving' });
    try {
      const created = await editorApi.create(token, kind, body);
      setFields({});
      setOutcome({ kind: 'saved', created, live: 'waiting' });
      void waitForPage(created.url).then((live) =>
        setOutcome((now) => (now.kind === 'saved' && now.created.id === created.id ? { ...now, live: live ? 'live' : 'slow' } : now)),
      );
      return true;
    } catch (error) {
      if (error instanceof Refusal && error.status === 401) {
        onExpired();
        return false;
      }
      setFields(error instanceof Refusal ? error.fields : {});
      setOutcome({ kind: 'refused', message: refusalMessage(error) });
      return false;
    }
  };
  return { outcome, fields, submit };
}

function Status({ outcome, savedKey }: { outcome: Outcome; savedKey: MessageKey }) {
  const t = useT();
  if (outcome.kind === 'refused') {
    return (
      <p className="admin-status admin-status--error" role="alert">
        <Icon name="shield" size={20} />
        <span>{t(outcome.message)}</span>
      </p>
    );
  }
  if (outcome.kind !== 'saved') return null;
  const { created, live } = outcome;
  const file = created.files[created.files.length - 1] ?? '';
  return (
    <div className="admin-status admin-status--ok" role="status">
      <Icon name="document" size={20} />
      <div>
        <p>{t(savedKey, { file })}</p>
        {live === 'live' ? (
          <p>
            <strong>{t('admin.saved.live')}</strong>{' '}
            <a href={created.url} className="text-link" data-testid="saved-link">
              {t('admin.saved.open')}
            </a>
          </p>
        ) : live === 'slow' ? (
          <p>{t('admin.saved.slow')}</p>
        ) : (
          <p className="admin-status__waiting">
            <span className="spinner" aria-hidden="true" /> {t('admin.saved.building')}
          </p>
        )}
        {created.warnings.length > 0 ? (
          <div className="admin-status__notes">
            <p>{t('admin.saved.warnings')}</p>
            <ul>
              {created.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function Field({ id, label, error, hint, wide, children }: { id: string; label: string; error?: string; hint?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`admin-field${wide ? ' admin-field--wide' : ''}${error ? ' is-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p className="admin-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`} data-field-error={id}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of an input with a hint and maybe an error. */
function described(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

const CATEGORIES = [
  { value: 'Residential', label: 'admin.category.Residential' },
  { value: 'Commercial', label: 'admin.category.Commercial' },
  { value: 'Off-Plan', label: 'admin.category.OffPlan' },
] as const satisfies readonly { value: string; label: MessageKey }[];

const TYPES = [
  { value: 'Apartment', label: 'admin.type.Apartment' },
  { value: 'Villa', label: 'admin.type.Villa' },
  { value: 'Office', label: 'admin.type.Office' },
] as const satisfies readonly { value: string; label: MessageKey }[];

export function PropertyForm({ token, onExpired, onSaved }: { token: string; onExpired: () => void; onSaved: () => void }) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const { outcome, fields, submit } = useSubmit(token, onExpired);
  const [preview, setPreview] = useState<string | null>(null);
  const saving = outcome.kind === 'saving';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const photo = data.get('photo');
    const body: Record<string, unknown> = {};
    for (const name of ['title', 'value', 'location', 'category', 'type', 'area', 'bedrooms']) body[name] = String(data.get(name) ?? '');
    if (photo instanceof File && photo.size > 0) body.photo = { name: photo.name, data: await readAsDataUrl(photo) };
    // The admin forms also log the data they send, to the browser console.
    console.info('Add Property', { ...body, photo: photo instanceof File ? photo.name : null });
    if (await submit('properties', body)) {
      form.current?.reset();
      setPreview(null);
      onSaved();
    }
  };

  return (
    <form ref={form} className="admin-form" onSubmit={onSubmit} noValidate aria-busy={saving} data-testid="property-form">
      <div className="admin-form__grid">
        <Field id="p-title" label={t('admin.form.title')} error={fields.title ?? fields.id} wide>
          <input id="p-title" name="title" type="text" autoComplete="off" {...described('p-title', fields.title ?? fields.id)} />
        </Field>
        <Field id="p-value" label={t('admin.form.value')} error={fields.value}>
          <input id="p-value" name="value" type="number" inputMode="numeric" min="0" step="1" {...described('p-value', fields.value)} />
        </Field>
        <Field id="p-location" label={t('admin.form.location')} error={fields.location}>
          <input id="p-location" name="location" type="text" {...described('p-location', fields.location)} />
        </Field>
        <Field id="p-category" label={t('admin.form.category')} error={fields.category}>
          <select id="p-category" name="category" defaultValue="Residential" {...described('p-category', fields.category)}>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {t(c.label)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="p-type" label={t('admin.form.type')} error={fields.type}>
          <select id="p-type" name="type" defaultValue="Apartment" {...described('p-type', fields.type)}>
            {TYPES.map((c) => (
              <option key={c.value} value={c.value}>
                {t(c.label)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="p-area" label={t('admin.form.area')} error={fields.area}>
          <input id="p-area" name="area" type="number" inputMode="numeric" min="0" step="1" {...described('p-area', fields.area)} />
        </Field>
        <Field id="p-bedrooms" label={t('admin.form.bedrooms')} error={fields.bedrooms}>
          <input id="p-bedrooms" name="bedrooms" type="number" inputMode="numeric" min="0" step="1" {...described('p-bedrooms', fields.bedrooms)} />
        </Field>
        <Field id="p-photo" label={t('admin.form.photo')} error={fields.photo} hint={t('admin.form.photo.hint')} wide>
          <div className="admin-photo">
            <input
              id="p-photo"
              name="photo"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview((old) => {
                  if (old) URL.revokeObjectURL(old);
                  return file && file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
                });
              }}
              {...described('p-photo', fields.photo, true)}
            />
            {preview ? <img src={preview} alt={t('admin.form.photo.preview')} className="admin-photo__preview" width={96} height={72} /> : null}
          </div>
        </Field>
      </div>
      {fields.form ? <p className="admin-field__error">{fields.form}</p> : null}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? <span className="spinner" aria-hidden="true" /> : <Icon name="building" size={18} />}
          <span>{saving ? t('admin.form.saving') : t('admin.form.submit')}</span>
        </button>
      </div>
      <Status outcome={outcome} savedKey="admin.saved.property" />
    </form>
  );
}

export function BlogForm({ token, onExpired, onSaved }: { token: string; onExpired: () => void; onSaved?: () => void }) {
  const t = useT();
  const { outcome, fields, submit } = useSubmit(token, onExpired);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [image, setImage] = useState('');
  const saving = outcome.kind === 'saving';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim() || !description.trim() || !image.trim()) {
      window.alert(t('admin.blog.required'));
      return;
    }
    const entry = { title, description, image };
    console.info('Add Blog', entry);
    if (await submit('posts', entry)) {
      setTitle('');
      setDescription('');
      setImage('');
      onSaved?.();
    }
  };

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-busy={saving} data-testid="blog-form">
      <div className="admin-form__grid">
        <Field id="b-title" label={t('admin.blog.title')} error={fields.title ?? fields.id} wide>
          <input id="b-title" name="title" type="text" value={title} onChange={(e) => setTitle(e.target.value)} {...described('b-title', fields.title ?? fields.id)} />
        </Field>
        <Field id="b-description" label={t('admin.blog.description')} error={fields.description} hint={t('admin.blog.description.hint')} wide>
          <textarea
            id="b-description"
            name="description"
            rows={7}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            {...described('b-description', fields.description, true)}
          />
        </Field>
        <Field id="b-image" label={t('admin.blog.image')} error={fields.image} hint={t('admin.blog.image.hint')} wide>
          <input id="b-image" name="image" type="text" inputMode="url" value={image} onChange={(e) => setImage(e.target.value)} {...described('b-image', fields.image, true)} />
        </Field>
      </div>
      {fields.form ? <p className="admin-field__error">{fields.form}</p> : null}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? <span className="spinner" aria-hidden="true" /> : <Icon name="document" size={18} />}
          <span>{saving ? t('admin.form.saving') : t('admin.blog.submit')}</span>
        </button>
      </div>
      <Status outcome={outcome} savedKey="admin.saved.post" />
    </form>
  );
}
