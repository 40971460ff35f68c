// /blogform, 'Add New Blog'. Posts are content files; the editor that writes them runs locally
// with `estate serve`. Interim version: the local editor follows with the admin issue.
import { Link } from '../i18n/link';
import { useT } from '../i18n';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';

export function Component() {
  const t = useT();
  return (
    <>
      <Seo title={t('blogForm.title')} description={t('blogForm.lead')} />
      <PageHeader eyebrow={t('blogForm.eyebrow')} title={t('blogForm.title')} lead={t('blogForm.lead')} />
      <div className="container container--narrow section">
        <div className="notice">
          <Icon name="document" size={24} />
          <div>
            <p>
              {t('blogForm.local')} <code>{t('editor.command')}</code>
            </p>
            <p>{t('blogForm.files')}</p>
          </div>
        </div>
        <p>
          <Link to="/blogpage" className="button button--outline">
            <Icon name="arrowLeft" size={18} className="flip-rtl" />
            <span>{t('blog.back')}</span>
          </Link>
        </p>
      </div>
    </>
  );
}
