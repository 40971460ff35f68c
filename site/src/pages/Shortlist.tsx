// /shortlist: the listings the visitor saved with the heart, kept in this browser (no login),
// as cards: remove one, clear all, compare, and share the list as a link (`?ids=a,b,c`) or on
// WhatsApp. A shared link shows its listings read-only until saved here. Kept out of search
// engines; the HTML holds the empty state (the server has no shortlist).
import { lazy, Suspense, useState } from 'react';
import { useSearchParams, Link } from '../nav';
import { localePath, useT } from '../i18n';
import { localize } from '../i18n/content';
import { useHydrated, useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { PropertyGrid } from '../components/PropertyCard';
import { Icon } from '../components/Icon';
import { ShareButton } from '../property/ShareButton';
import { absoluteUrl } from '../property/seo';
import { toCard } from '../search/toCard';
import { clearSaved, cleanIds, COMPARE_FROM_SHORTLIST, COMPARE_MAX, removeSaved, saveAll, useShortlist } from '../shortlist/store';
import { idsParam, useSaved, type Saved } from '../shortlist/listings';
import '../shortlist/shortlist.css';
import { Island } from '../islands/Island';

const ShortlistForm = lazy(async () => ({ default: (await import('../forms/LeadForms')).ShortlistForm }));

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="shortlist" component={ShortlistScreen} props={{}} />;
}

export function ShortlistScreen() {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const [params, setParams] = useSearchParams();
  const mine = useShortlist();
  // The prerender has no query: the page hydrates as it drew it, then reads it.
  const hydrated = useHydrated();
  const shared = hydrated && params.has('ids') ? cleanIds(idsParam(params.get('ids'))) : null;
  const ids = shared ?? mine;
  // A listing no longer published comes with its title (its page's file), so it is named, not shown by its id.
  const saved = useSaved(ids, 0, true);
  const found = (saved ?? []).filter((entry): entry is Extract<Saved, { property: unknown }> => 'property' in entry);
  const gone = (saved ?? []).filter((entry) => !('property' in entry));
  const link = absoluteUrl(site.baseUrl, localePath(lang, `/shortlist?ids=${found.map((entry) => entry.id).join(',')}`));
  const compared = found.slice(0, COMPARE_MAX).map((entry) => entry.id);
  const [enquiring, setEnquiring] = useState(false);
  // The enquiry's first words: each listing by its title and reference, in the page's language.
  const enquiry = [
    t('shortlist.enquiryMessage'),
    ...found.map(({ property }) => {
      const { title } = localize(property, lang, ['title']);
      return `- ${title}${property.reference ? ` (${property.reference})` : ''}`;
    }),
  ].join('\n');

  return (
    <>
      <Seo title={t('shortlist.meta')} description={t('shortlist.lead')} noindex />
      <PageHeader eyebrow={site.name} title={shared ? t('shortlist.sharedTitle') : t('shortlist.title')} lead={t('shortlist.lead')} />
      <div className="container section shortlist">
        {ids.length === 0 ? (
          <div className="empty-state shortlist__empty" role="status">
            <Icon name="heart" size={28} />
            <p>{t('shortlist.empty')}</p>
            <Link to="/allproperties" className="button button--gold">
              <Icon name="search" size={18} />
              <span>{t('shortlist.browse')}</span>
            </Link>
          </div>
        ) : saved === null ? (
          <p className="shortlist__status" role="status">
            <span className="spinner" aria-hidden="true" /> {t('shortlist.loading')}
          </p>
        ) : (
          <>
            <div className="shortlist__toolbar">
              <p className="shortlist__count" role="status">
                {t('shortlist.count', { n: found.length })}
              </p>
              {shared ? (
                <button
                  type="button"
                  className="button button--gold"
                  onClick={() => {
                    saveAll(shared);
                    setParams({}, { replace: true });
                  }}
                >
                  <Icon name="heart" size={18} />
                  <span>{t('shortlist.saveShared')}</span>
                </button>
              ) : null}
              {compared.length >= 2 ? (
                <Link to={`/compare?ids=${compared.join(',')}`} state={COMPARE_FROM_SHORTLIST} className="button button--outline">
                  <Icon name="compare" size={18} />
                  <span>{t('shortlist.compare', { n: compared.length })}</span>
                </Link>
              ) : (
                <p className="shortlist__hint">{t('shortlist.compareHint')}</p>
              )}
              {!shared && found.length > 0 ? (
                <>
                  <div className="shortlist__share">
                    <ShareButton title={t('shortlist.title')} text={t('shortlist.shareText')} url={link} buttonClass="button button--outline" />
                  </div>
                  <a
                    className="button button--outline shortlist__whatsapp"
                    href={`https://wa.me/?text=${encodeURIComponent(`${t('shortlist.shareText')} ${link}`)}`}
                    target="_blank"
                    rel="noopener"
                  >
                    <Icon name="whatsapp" size={18} />
                    <span>{t('shortlist.whatsapp')}</span>
                  </a>
                  <button
                    type="button"
                    className="button button--outline shortlist__clear"
                    onClick={() => {
                      if (window.confirm(t('shortlist.clearConfirm', { n: mine.length }))) clearSaved();
                    }}
                  >
                    <Icon name="close" size={18} />
                    <span>{t('shortlist.clear')}</span>
                  </button>
                </>
              ) : null}
            </div>
            {found.length > 0 ? (
              <section className="shortlist__enquiry" aria-labelledby="shortlist-enquire">
                <h2 id="shortlist-enquire" className="shortlist__enquiry-title">
                  {t('shortlist.enquire')}
                </h2>
                {enquiring ? (
                  <Suspense fallback={<p role="status">{t('shortlist.loading')}</p>}>
                    <ShortlistForm propertyIds={found.map((entry) => entry.id)} message={enquiry} />
                  </Suspense>
                ) : (
                  <>
                    <p className="shortlist__hint">{t('shortlist.enquireLead', { n: found.length })}</p>
                    <button type="button" className="button button--gold" onClick={() => setEnquiring(true)}>
                      <Icon name="mail" size={18} />
                      <span>{t('shortlist.enquire')}</span>
                    </button>
                  </>
                )}
              </section>
            ) : null}
            {found.length > 0 ? <PropertyGrid properties={found.map((entry) => toCard(entry.property))} /> : null}
            {gone.length > 0 ? (
              <ul className="shortlist__gone" role="list">
                {gone.map((entry) => (
                  <li key={entry.id}>
                    <span>{'gone' in entry
                        ? t('shortlist.gone', { listing: (entry.was && localize(entry.was, lang, ['title']).title) || entry.id })
                        : t('shortlist.failed', { id: entry.id })}</span>
                    {shared ? null : (
                      <button type="button" className="text-link" onClick={() => removeSaved(entry.id)}>
                        {t('shortlist.remove')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
    </>
  );
}
