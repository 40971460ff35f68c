// /blogform, 'Add New Blog': the Add Blog form of the admin on a page of its own. Like /admin it
// works only in the local editor (`estate serve`, with its token); the published site says so.
import { Link } from '../nav';
import { useT } from '../i18n';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { BlogForm } from '../admin/forms';
import { EditorGate } from '../admin/Screens';
import { Island } from '../islands/Island';

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="blogForm" component={BlogFormScreen} props={{}} />;
}

export function BlogFormScreen() {
  const t = useT();
  return (
    <>
      <Seo title={t('blogForm.title')} description={t('blogForm.lead')} noindex />
      <EditorGate
        heading="blogForm.title"
        notice={{ eyebrow: 'blogForm.eyebrow', lead: 'blogForm.lead', local: 'blogForm.local', files: 'blogForm.files', back: 'blog.back', backTo: '/blogpage' }}
      >
        {(editor) => (
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
        )}
      </EditorGate>
    </>
  );
}
