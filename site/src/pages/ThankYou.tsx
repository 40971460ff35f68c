// /thank-you: where a lead sent by a plain HTML form (no JavaScript yet, or none) lands once the
// function took it (lead-fn's form_post.rs redirects here in the visitor's language). The
// success message, the reply promise, and the ways on. Kept out of search engines.
import { Link } from '../nav';
import { useT } from '../i18n';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';

export function Component() {
  const t = useT();
  const site = useSite();
  return (
    <>
      <Seo title={t('thanks.meta')} description={t('thanks.promise')} noindex />
      <PageHeader eyebrow={site.name} title={t('thanks.title')} lead={t('thanks.promise')} />
      <div className="container section">
        <div className="cta-banner__actions">
          <Link to="/" className="button button--gold">
            <span>{t('thanks.home')}</span>
          </Link>
          <Link to="/allproperties" className="button button--outline">
            <Icon name="search" size={18} />
            <span>{t('thanks.browse')}</span>
          </Link>
        </div>
      </div>
    </>
  );
}
