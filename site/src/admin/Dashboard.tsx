// The admin dashboard of the local editor: a sidebar titled Admin (Home, Users, Properties,
// Blogs, LogOut) and the chosen view, starting at Home.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLang } from '../shell';
import { useT, type MessageKey } from '../i18n';
import { formatNumber, LOCALES, TIME_ZONE } from '../format';
import { Icon, type IconName } from '../components/Icon';
import { Refusal, editorApi, type Lead, type LeadPage, type LeadRow, type Summary } from './api';
import { PieChart } from './PieChart';
import { BlogForm, PropertyForm } from './forms';
import './admin.css';

export type View = 'home' | 'users' | 'properties' | 'blogs';

const VIEWS: { view: View; label: MessageKey; icon: IconName }[] = [
  { view: 'home', label: 'admin.nav.home', icon: 'home' },
  { view: 'users', label: 'admin.nav.users', icon: 'user' },
  { view: 'properties', label: 'admin.nav.properties', icon: 'building' },
  { view: 'blogs', label: 'admin.nav.blogs', icon: 'document' },
];

const COLORS = { Residential: '#173b54', Commercial: '#0e7c7b', OffPlan: '#c9a45c', Rental: '#8a6a2f' };

function useDateTime() {
  const lang = useLang();
  return (iso: string) =>
    new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

function initial(name: string): string {
  return (name.trim()[0] ?? '?').toLocaleUpperCase();
}

function Avatar({ name }: { name: string }) {
  return (
    <span className="admin-avatar" aria-hidden="true">
      {initial(name)}
    </span>
  );
}

/** Loads with the token; a 401 means estate serve restarted with a new token. */
function useLoad<T>(load: () => Promise<T>, onExpired: () => void, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const run = useCallback(() => {
    setFailed(false);
    load()
      .then(setData)
      .catch((error: unknown) => {
        if (error instanceof Refusal && error.status === 401) onExpired();
        else setFailed(true);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's `deps` say when to load again (load and onExpired are new functions each render)
  }, deps);
  useEffect(run, [run]);
  return { data, failed, reload: run };
}

function Failed() {
  const t = useT();
  return (
    <p className="admin-status admin-status--error" role="alert">
      <Icon name="shield" size={20} />
      <span>{t('admin.error.offline')}</span>
    </p>
  );
}

function HomeView({ token, onExpired, onOpenLead, go }: { token: string; onExpired: () => void; onOpenLead: (id: string) => void; go: (view: View) => void }) {
  const t = useT();
  const lang = useLang();
  const when = useDateTime();
  const { data, failed, reload } = useLoad<Summary>(() => editorApi.summary(token), onExpired, [token]);
  // Counts follow the content: refresh after each rebuild estate serve announces.
  useEffect(() => {
    window.addEventListener('estate:rebuilt', reload);
    return () => window.removeEventListener('estate:rebuilt', reload);
  }, [reload]);
  if (failed) return <Failed />;
  if (!data) return <div className="skeleton skeleton--card" aria-busy="true" />;
  const c = data.categories;
  const stats: { label: MessageKey; value: number; icon: IconName }[] = [
    { label: 'admin.category.Residential', value: c.Residential, icon: 'home' },
    { label: 'admin.category.Rental', value: c.Rental, icon: 'key' },
    { label: 'admin.category.OffPlan', value: c.OffPlan, icon: 'calendar' },
    { label: 'admin.category.Commercial', value: c.Commercial, icon: 'building' },
    { label: 'admin.stat.posts', value: data.posts, icon: 'document' },
    { label: 'admin.stat.leads', value: data.leads, icon: 'mail' },
  ];
  return (
    <>
      <ul className="admin-stats" role="list">
        {stats.map((stat) => (
          <li key={stat.label} className="card admin-stat" data-stat={stat.label}>
            <span className="admin-stat__icon">
              <Icon name={stat.icon} size={20} />
            </span>
            <span className="admin-stat__value">{formatNumber(lang, stat.value)}</span>
            <span className="admin-stat__label">{t(stat.label)}</span>
          </li>
        ))}
      </ul>
      {data.unpublished > 0 ? <p className="admin-note">{t('admin.stat.unpublished', { n: data.unpublished })}</p> : null}
      <div className="admin-grid">
        <section className="card admin-card" data-testid="pie">
          <PieChart
            title={t('admin.pie.title')}
            emptyText={t('admin.pie.empty')}
            format={(value, percent) => t('admin.pie.value', { count: formatNumber(lang, value), percent })}
            slices={[
              { label: t('admin.category.Residential'), value: c.Residential, color: COLORS.Residential },
              { label: t('admin.category.Commercial'), value: c.Commercial, color: COLORS.Commercial },
              { label: t('admin.category.OffPlan'), value: c.OffPlan, color: COLORS.OffPlan },
            ]}
          />
          <p className="admin-card__foot">{t('admin.pie.note', { n: c.Rental })}</p>
        </section>
        <section className="card admin-card" aria-labelledby="admin-newest">
          <div className="admin-card__head">
            <h3 id="admin-newest" className="admin-card__title">
              {t('admin.newest.title')}
            </h3>
            <button type="button" className="text-link admin-link-button" onClick={() => go('users')}>
              {t('admin.newest.all')}
            </button>
          </div>
          {data.newestLeads.length === 0 ? (
            <p className="admin-empty">{t('admin.users.empty')}</p>
          ) : (
            <ul className="admin-people" role="list">
              {data.newestLeads.map((lead) => (
                <li key={lead.id}>
                  <button type="button" className="admin-person" onClick={() => onOpenLead(lead.id)}>
                    <Avatar name={lead.name} />
                    <span className="admin-person__text">
                      <span className="admin-person__name">{lead.name}</span>
                      <span className="admin-person__meta">{lead.email}</span>
                    </span>
                    <time className="admin-person__time" dateTime={lead.receivedAt}>
                      {when(lead.receivedAt)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function LeadDetail({ token, id, onExpired, onBack }: { token: string; id: string; onExpired: () => void; onBack: () => void }) {
  const t = useT();
  const when = useDateTime();
  const { data, failed } = useLoad<{ lead: Lead }>(() => editorApi.lead(token, id), onExpired, [token, id]);
  const card = useRef<HTMLElement>(null);
  // The list it was opened from is gone: bring the reader (and the keyboard) to the lead.
  useEffect(() => {
    if (data) card.current?.focus();
  }, [data]);
  if (failed) return <Failed />;
  if (!data) return <div className="skeleton skeleton--card" aria-busy="true" />;
  const lead = data.lead;
  const rows: [MessageKey, string | undefined][] = [
    ['admin.lead.received', when(lead.receivedAt)],
    ['admin.users.email', lead.email],
    ['admin.users.phone', lead.contactNumber],
    ['admin.lead.form', lead.form ?? undefined],
    ['admin.lead.lang', lead.lang.toUpperCase()],
    ['admin.lead.propertyType', lead.propertyType],
    ['admin.lead.propertyArea', lead.propertyArea],
    ['admin.lead.page', lead.page],
    ['admin.lead.id', lead.id],
  ];
  return (
    <article ref={card} tabIndex={-1} className="card admin-card admin-lead" aria-labelledby="admin-lead-name" data-testid="lead-detail">
      <button type="button" className="button button--outline admin-back" onClick={onBack}>
        <Icon name="arrowLeft" size={18} className="flip-rtl" />
        <span>{t('admin.lead.back')}</span>
      </button>
      <header className="admin-lead__head">
        <Avatar name={lead.name} />
        <div>
          <p className="admin-lead__number">{t('admin.lead.title', { n: lead.number })}</p>
          <h3 id="admin-lead-name" className="admin-lead__name">
            {lead.name}
          </h3>
        </div>
      </header>
      <dl className="admin-lead__facts">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {lead.property ? (
          <div>
            <dt>{t('admin.lead.property')}</dt>
            <dd>
              <a href={new URL(lead.property.url, window.location.href).pathname} className="text-link">
                {lead.property.title}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
      <h4 className="admin-lead__label">{t('admin.lead.message')}</h4>
      <p className="admin-lead__message">{lead.message || t('admin.lead.noMessage')}</p>
      <p className="admin-lead__actions">
        <a className="button button--primary" href={`mailto:${lead.email}`}>
          <Icon name="mail" size={18} />
          <span>{t('admin.lead.reply')}</span>
        </a>
        <a className="button button--outline" href={`tel:${lead.contactNumber.replace(/[^\d+]/g, '')}`}>
          <Icon name="phone" size={18} />
          <span>{t('admin.lead.call')}</span>
        </a>
      </p>
    </article>
  );
}

function UsersView({ token, onExpired, open, setOpen }: { token: string; onExpired: () => void; open: string | null; setOpen: (id: string | null) => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const { data, failed } = useLoad<LeadPage>(() => editorApi.leads(token, page), onExpired, [token, page]);
  if (open) return <LeadDetail token={token} id={open} onExpired={onExpired} onBack={() => setOpen(null)} />;
  if (failed) return <Failed />;
  if (!data) return <div className="skeleton skeleton--card" aria-busy="true" />;
  if (data.total === 0) {
    return (
      <div className="card admin-card">
        <p className="admin-empty">{t('admin.users.empty')}</p>
      </div>
    );
  }
  return (
    <section className="card admin-card" aria-labelledby="admin-users-count">
      <div className="admin-card__head">
        <h3 id="admin-users-count" className="admin-card__title">
          {t('admin.users.count', { n: data.total })}
        </h3>
        <p className="admin-card__meta">{t('admin.users.pageOf', { page: data.page, pages: data.pages })}</p>
      </div>
      <div className="admin-table" role="table" aria-labelledby="admin-users-count">
        <div className="admin-table__row admin-table__row--head" role="row">
          <span role="columnheader">{t('admin.users.id')}</span>
          <span role="columnheader">{t('admin.users.name')}</span>
          <span role="columnheader">{t('admin.users.email')}</span>
          <span role="columnheader">{t('admin.users.phone')}</span>
        </div>
        {data.leads.map((lead: LeadRow) => (
          <div key={lead.id} className="admin-table__row" role="row" data-testid="user-row">
            <span role="cell" className="admin-table__id">
              {t('admin.users.number', { n: lead.number })}
            </span>
            <span role="cell" className="admin-table__name">
              <Avatar name={lead.name} />
              <button type="button" className="admin-link-button" onClick={() => setOpen(lead.id)} aria-label={t('admin.users.open', { name: lead.name })}>
                {lead.name}
              </button>
            </span>
            <span role="cell" className="admin-table__email">
              {lead.email}
            </span>
            <span role="cell" className="admin-table__phone">
              {lead.contactNumber}
            </span>
          </div>
        ))}
      </div>
      <nav className="admin-pages" aria-label={t('admin.users.pages')}>
        {Array.from({ length: data.pages }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className={n === data.page ? 'admin-page is-current' : 'admin-page'}
            aria-current={n === data.page ? 'page' : undefined}
            aria-label={t('admin.users.page', { n })}
            onClick={() => setPage(n)}
          >
            {n}
          </button>
        ))}
      </nav>
    </section>
  );
}

function PropertiesView({ token, onExpired }: { token: string; onExpired: () => void }) {
  const t = useT();
  const [showForm, setShowForm] = useState(false);
  return (
    <section className="card admin-card" aria-labelledby="admin-add-property">
      <div className="admin-card__head">
        <h3 id="admin-add-property" className="admin-card__title">
          {t('admin.properties.new')}
        </h3>
        <button type="button" className={showForm ? 'button button--outline' : 'button button--gold'} aria-expanded={showForm} aria-controls="admin-property-form" onClick={() => setShowForm((v) => !v)}>
          <Icon name={showForm ? 'close' : 'plus'} size={18} />
          <span>{showForm ? t('admin.properties.hide') : t('admin.properties.add')}</span>
        </button>
      </div>
      <p className="admin-card__text">{t('admin.properties.text')}</p>
      <div id="admin-property-form" hidden={!showForm}>
        <PropertyForm token={token} onExpired={onExpired} onSaved={() => undefined} />
      </div>
    </section>
  );
}

function BlogsView({ token, onExpired }: { token: string; onExpired: () => void }) {
  const t = useT();
  return (
    <section className="card admin-card" aria-labelledby="admin-add-blog">
      <h3 id="admin-add-blog" className="admin-card__title">
        {t('blogForm.title')}
      </h3>
      <p className="admin-card__text">{t('admin.blogs.text')}</p>
      <BlogForm token={token} onExpired={onExpired} />
    </section>
  );
}

const HEADINGS: Record<View, { title: MessageKey; lead: MessageKey }> = {
  home: { title: 'admin.home.title', lead: 'admin.home.lead' },
  users: { title: 'admin.users.title', lead: 'admin.users.lead' },
  properties: { title: 'admin.properties.title', lead: 'admin.properties.lead' },
  blogs: { title: 'admin.blogs.title', lead: 'admin.blogs.lead' },
};

export function Dashboard({ token, onLogOut, onExpired }: { token: string; onLogOut: () => void; onExpired: () => void }) {
  const t = useT();
  const [view, setView] = useState<View>('home');
  const [openLead, setOpenLead] = useState<string | null>(null);
  const go = (next: View) => {
    setOpenLead(null);
    setView(next);
  };
  const heading = HEADINGS[view];
  return (
    <div className="admin" data-view={view}>
      <aside className="admin-sidebar" aria-labelledby="admin-sidebar-title">
        <div className="admin-sidebar__brand">
          <span className="admin-sidebar__mark" aria-hidden="true">
            <Icon name="shield" size={20} />
          </span>
          <div>
            <h1 id="admin-sidebar-title" className="admin-sidebar__title">
              {t('admin.title')}
            </h1>
            <p className="admin-sidebar__sub">{t('admin.sidebar.local')}</p>
          </div>
        </div>
        <nav className="admin-nav" aria-label={t('admin.nav.label')}>
          <ul role="list">
            {VIEWS.map((item) => (
              <li key={item.view}>
                <button type="button" className={view === item.view ? 'admin-nav__item is-current' : 'admin-nav__item'} aria-current={view === item.view ? 'page' : undefined} onClick={() => go(item.view)}>
                  <Icon name={item.icon} size={20} />
                  <span>{t(item.label)}</span>
                </button>
              </li>
            ))}
            <li className="admin-nav__end">
              <button type="button" className="admin-nav__item admin-nav__item--logout" onClick={onLogOut}>
                <Icon name="logout" size={20} />
                <span>{t('admin.nav.logout')}</span>
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="admin-main">
        <header className="admin-main__head">
          <h2 className="admin-main__title">{t(heading.title)}</h2>
          <p className="admin-main__lead">{t(heading.lead)}</p>
        </header>
        {view === 'home' ? (
          <HomeView
            token={token}
            onExpired={onExpired}
            go={go}
            onOpenLead={(id) => {
              setView('users');
              setOpenLead(id);
            }}
          />
        ) : view === 'users' ? (
          <UsersView token={token} onExpired={onExpired} open={openLead} setOpen={setOpenLead} />
        ) : view === 'properties' ? (
          <PropertiesView token={token} onExpired={onExpired} />
        ) : (
          <BlogsView token={token} onExpired={onExpired} />
        )}
      </div>
    </div>
  );
}
