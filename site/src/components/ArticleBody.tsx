// A post's or legal page's HTML body. Where the page's language has no translation of it, the
// English text is shown as English: lang="en" dir="ltr" (which also isolates it from the
// right-to-left page, so a table keeps its column order), after a short notice in the page's
// language.
export function ArticleBody({ html, className, english, notice }: { html: string; className: string; english: boolean; notice: string }) {
  if (!english) return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  return (
    <>
      <p className="in-english-notice" role="note">
        {notice}
      </p>
      <div className={className} lang="en" dir="ltr" dangerouslySetInnerHTML={{ __html: html }} />
    </>
  );
}
