// The error screen of the routes. A 404 route error shows the 404 page; anything else the
// router's own wording, 'Unexpected Application Error!', and the message.
import { isRouteErrorResponse, useLocation, useRouteError } from '../nav';
import { LangContext, langOfPath, localePath, useT } from '../i18n';
import { NotFoundContent } from './NotFoundContent';
import { Seo } from './Seo';

function message(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const body = typeof error.data === 'string' ? error.data : '';
    return `${error.status} ${error.statusText || body}`.trim();
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The root's error screen has no Layout around it, so it finds its language itself. */
export function ErrorPage() {
  const lang = langOfPath(useLocation().pathname);
  return (
    <LangContext.Provider value={lang}>
      <ErrorScreen home={localePath(lang, '/')} />
    </LangContext.Provider>
  );
}

function ErrorScreen({ home }: { home: string }) {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="container status-page" role="alert">
      <Seo title={t('error.title')} description={t('error.title')} />
      <h1 className="status-page__title">{t('error.title')}</h1>
      <pre className="status-page__message">{message(error)}</pre>
      {/* A full page load: whatever broke, the home page starts afresh. */}
      <a href={home} className="button button--primary">
        {t('notFound.back')}
      </a>
    </section>
  );
}

