// /partners: the agency's partners from site.json, each with its logo, name, text and link; the
// text in the page's language (a partner's `ar:` / `ru:` block), else in English, marked so.
import { useLoaderData, type LoaderFunctionArgs } from '../nav';
import { getJson } from '../data';
import { SITE } from '../paths';
import { useT } from '../i18n';
import type { Partner } from '../types';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/partners.css';

export async function loader({ request }: LoaderFunctionArgs): Promise<Localized<Partner>[]> {
  const lang = langOfRequest(request);
  return (await getJson(SITE)).partners.map((partner) => localize(partner, lang, ['text']));
}

export function Component() {
  const t = useT();
  const site = useSite();
  const partners = useLoaderData() as Localized<Partner>[];
  return (
    <>
      <Seo title={t('partners.title')} description={t('partners.description', { name: site.name })} />
      <PageHeader eyebrow={site.name} title={t('partners.title')} lead={t('partners.lead')} />
      <div className="container section">
        {partners.length === 0 ? (
          <p className="empty-state">{t('partners.empty')}</p>
        ) : (
          <ul className="partner-grid" role="list">
            {partners.map((partner) => (
              <li key={partner.name} className="partner-card">
                <span className="partner-card__logo">
                  <img src={partner.logo} alt="" width={220} height={60} loading="lazy" />
                </span>
                <h2 className="partner-card__name">{partner.name}</h2>
                {partner.text ? (
                  <p className="partner-card__text" {...enAttrs(partner, 'text')}>
                    {partner.text}
                  </p>
                ) : null}
                {partner.url ? (
                  <a className="text-link" href={partner.url} target="_blank" rel="noopener">
                    <span>{t('partners.visit')}</span>
                    <Icon name="external" size={16} />
                    <span className="visually-hidden">{partner.name}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
