// The 404 content: the fixed not-found text and a link home. Used by the 404 route and by the error
// screen when a route answers 404.
import { Link } from '../nav';
import { useT } from '../i18n';
import { Seo } from './Seo';
import { Icon } from './Icon';
import type { RouteHandle } from './Header';

/** The 404 content, shared with the error screen of a 404 route error. */
export function NotFoundContent() {
  const t = useT();
  return (
    <section className="container status-page">
      <Seo title={t('notFound.meta')} description={t('notFound.title')} />
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="status-page__title">{t('notFound.title')}</h1>
      <p className="status-page__text">{t('notFound.text')}</p>
      <Link to="/" className="button button--primary">
        <Icon name="home" size={18} />
        <span>{t('notFound.back')}</span>
      </Link>
    </section>
  );
}

/**
 * For the routes of a post or property, whose page may be drawn before its data is there (the
 * property shell, dist/property-shell.html, which the browser fills with the listing in its
 * address): until hydrated, its header links home as the 404 page's do. Pages re-export it.
 */
export const handle: RouteHandle = { notFoundWhileLoading: true };
