// /admin. On the published site there is no editor and no write path: the page says the editor
// runs locally (and is kept out of search engines). Under `estate serve` the same page finds the
// local editor's API and, with the token estate serve printed, becomes the admin dashboard.
import { useT } from '../i18n';
import { Seo } from '../components/Seo';
import { Dashboard } from '../admin/Dashboard';
import { EditorGate } from '../admin/Screens';
import { Island } from '../islands/Island';

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="admin" component={AdminScreen} props={{}} />;
}

export function AdminScreen() {
  const t = useT();
  return (
    <>
      <Seo title={t('admin.title')} description={t('admin.lead')} noindex />
      <EditorGate
        heading="admin.title"
        notice={{ eyebrow: 'admin.eyebrow', lead: 'admin.lead', local: 'admin.local', files: 'admin.files', back: 'notFound.back', backTo: '/' }}
      >
        {(editor) => (
          <div className="container admin-wrap">
            <Dashboard token={editor.token} onLogOut={editor.logOut} onExpired={editor.expired} />
          </div>
        )}
      </EditorGate>
    </>
  );
}
