// The page of a listing that is no longer published (sold, rented, or taken back as a draft):
// its address keeps answering, as the portals' do, with a page that says so in the page's
// language, shows similar available listings and the agency's contact, and is kept out of search
// engines. Its data is `data/gone/{id}.json`, written by the generator beside no API record.
import { useT } from '../i18n';
import { enAttrs, type Localized } from '../i18n/content';
import { telHref, whatsappHref } from '../format';
import type { GoneData } from '../types';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { Icon } from '../components/Icon';
import { SimilarSection } from './SimilarCard';
import { BackToListings } from './BackToListings';

export type GonePage = Localized<GoneData>;

const STATUS_TEXT = {
  sold: 'gone.sold',
  rented: 'gone.rented',
  withdrawn: 'gone.withdrawn',
} as const;

export function GoneView({ page, url }: { page: GonePage; url: string }) {
  const t = useT();
  const site = useSite();
  const message = t('gone.message', { url });
  const phone = site.phones[0] ?? null;
  return (
    <article className="property-gone">
      <Seo title={t('gone.title')} description={t('gone.meta')} noindex />
      <section className="container status-page property-gone__intro">
        <h1 className="status-page__title">{t('gone.title')}</h1>
        {page.title ? (
          <p className="property-gone__name" {...enAttrs(page, 'title')}>
            {page.title}
          </p>
        ) : null}
        <p className="status-page__text">
          {t(STATUS_TEXT[page.status])} {t(page.similar.length > 0 ? 'gone.lead' : 'gone.leadNoSimilar')}
        </p>
        <div className="property-gone__contact" role="group" aria-label={t('gone.contact')}>
          {phone ? (
            <a className="button button--primary" href={telHref(phone)}>
              <Icon name="phone" size={18} />
              <span>{t('property.call')}</span>
            </a>
          ) : null}
          <a className="button button--whatsapp" href={whatsappHref(site.whatsapp, message)} target="_blank" rel="noopener">
            <Icon name="whatsapp" size={18} />
            <span>{t('property.whatsapp')}</span>
          </a>
          <a className="button button--outline" href={`mailto:${site.email}?body=${encodeURIComponent(message)}`}>
            <Icon name="mail" size={18} />
            <span>{t('property.email')}</span>
          </a>
        </div>
        <BackToListings category={page.mainCategory} className="text-link" />
      </section>
      <SimilarSection id="gone-similar" heading={t('gone.similar')} cards={page.similar} />
    </article>
  );
}
