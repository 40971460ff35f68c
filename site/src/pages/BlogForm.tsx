// /blogform, 'Add New Blog': the Add Blog form of the admin on a page of its own. Like /admin it
// works only in the local editor (`estate serve`, with its token); the published site says so.
import { useEffect } from 'react';
import { Link } from '../i18n/link';
import { useT } from '../i18n';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { useEditor } from '../admin/useEditor';
import { BlogForm } from '../admin/forms';
import { Locked, PublicNotice, keepAcrossRebuilds } from '../admin/Screens';

export function Component() {
  const t = useT();
  const editor = useEditor();
  useEffect(() => {
    keepAcrossRebuilds(true);
    return () => keepAcrossRebuilds(false);
  }, []);
  return (
    <>
      <Seo title={t('blogForm.title')} description={t('blogForm.lead')} noindex />
      {editor.state === 'open' ? (
        <>
          <PageHeader eyebrow={t('blogForm.eyebrow')} title={t('blogForm.title')} lead={t('admin.blogs.text')} />
          <div className="container container--narrow section">
            <div className="card admin-card">
              <BlogForm token={editor.token} onExpired={editor.expired} />
            </div>
            <p className="admin-below">
              <Link to="/admin" className="button button--outline">
                <Icon name="arrowLeft" size={18} className="flip-rtl" />
                <span>{t('admin.backToAdmin')}</span>
              </Link>
            </p>
          </div>
        </>
      ) : editor.state === 'locked' ? (
        <Locked editor={editor} heading="blogForm.title" />
      ) : (
        <PublicNotice eyebrow="blogForm.eyebrow" heading="blogForm.title" lead="blogForm.lead" local="blogForm.local" files="blogForm.files" back="blog.back" backTo="/blogpage" />
      )}
    </>
  );
}
