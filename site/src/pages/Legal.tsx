// Privacy Policy, Terms and Conditions, and the Golden Visa's property route (which the
// property pages' 'May qualify for a UAE Golden Visa' line links to): a banner with the title and
// the date of the last update, then the page's HTML from content/pages/<id>.md.
import { useLoaderData, type LoaderFunctionArgs } from '../nav';
import { getJson } from '../data';
import { legalPage } from '../paths';
import { useT } from '../i18n';
import { formatDate } from '../dates';
import type { Page } from '../types';
import { useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ArticleBody } from '../components/ArticleBody';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';

export type LegalPage = 'privacy-policy' | 'terms-and-conditions' | 'golden-visa';

function LegalView({ id }: { id: LegalPage }) {
  const t = useT();
  const lang = useLang();
  const page = useLoaderData() as Localized<Page>;
  return (
    <>
      <Seo title={page.title} description={page.description ?? page.title} />
      <PageHeader
        eyebrow={t(id === 'golden-visa' ? 'legal.eyebrow.buying' : 'legal.eyebrow')}
        title={page.title}
        lead={page.updated ? t('legal.updated', { date: formatDate(lang, page.updated) }) : undefined}
      />
      <div className="container section">
        <ArticleBody
          className="prose prose--legal"
          html={page.content}
          english={!!enAttrs(page, 'content').lang}
          notice={t('legal.inEnglish')}
        />
      </div>
    </>
  );
}

export function forPage(id: LegalPage) {
  function Component() {
    return <LegalView id={id} />;
  }
  Component.displayName = `Legal(${id})`;
  const loader = async ({ request }: LoaderFunctionArgs) =>
    localize(await getJson(legalPage(id)), langOfRequest(request), ['title', 'description', 'content']);
  return { Component, loader };
}
