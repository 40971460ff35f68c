// /admin. On the published site there is no editor and no write path: the page says the editor
// runs locally (and is kept out of search engines). Under `estate serve` the same page finds the
// local editor's API and, with the token estate serve printed, becomes the admin dashboard.
import { useEffect } from 'react';
import { useT } from '../i18n';
import { Seo } from '../components/Seo';
import { useEditor } from '../admin/useEditor';
import { Dashboard } from '../admin/Dashboard';
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
      <Seo title={t('admin.title')} description={t('admin.lead')} noindex />
      {editor.state === 'open' ? (
        <div className="container admin-wrap">
          <Dashboard token={editor.token} onLogOut={editor.logOut} onExpired={editor.expired} />
        </div>
      ) : editor.state === 'locked' ? (
        <Locked editor={editor} heading="admin.title" />
      ) : (
        <PublicNotice eyebrow="admin.eyebrow" heading="admin.title" lead="admin.lead" local="admin.local" files="admin.files" back="notFound.back" backTo="/" />
      )}
    </>
  );
}
