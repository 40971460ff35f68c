// /admin. The published site has no admin and no write path: the editor (counts, leads,
// content forms) runs on the editor's own computer with `estate serve`.
import { Link } from '../i18n/link';
import { useT } from '../i18n';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';

export function Component() {
  const t = useT();
  return (
    <>
      <Seo title={t('admin.title')} description={t('admin.lead')} />
      <PageHeader eyebrow={t('admin.eyebrow')} title={t('admin.title')} lead={t('admin.lead')} />
      <div className="container container--narrow section">
        <div className="notice">
          <Icon name="shield" size={24} />
          <div>
            <p>
              {t('admin.local')} <code>{t('editor.command')}</code>
            </p>
            <p>{t('admin.files')}</p>
          </div>
        </div>
        <p>
          <Link to="/" className="button button--outline">
            <Icon name="home" size={18} />
            <span>{t('notFound.back')}</span>
          </Link>
        </p>
      </div>
    </>
  );
}
