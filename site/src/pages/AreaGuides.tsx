// /area-guides-in-dubai: one card per community found in the listings, with how many listings
// it has per category and their price range (built by generator/src/publish/listings.rs), linking to
// the community's own guide (/area-guides-in-dubai/{key}) where it has one, else to the search for
// that community.
import { useLoaderData, useParams, type LoaderFunctionArgs, Link } from '../nav';
import { langOfRequest, termIn, type TermText } from '../i18n/content';
import { getJson } from '../data';
import { COMMUNITIES, SITE } from '../paths';
import { useT } from '../i18n';
import { priceText } from '../price';
import type { Community, Picture as PictureData } from '../types';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';import { guide } from '../guide/AreaGuidePage';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/areas.css';
import { Island } from '../islands/Island';

type Range = [number, number];

interface AreaData {
  image: PictureData;
  /** Each with its name in the page's language (`name` stays English: the search link's value). */
  communities: (Community & { label: TermText })[];
}

async function listLoader({ request }: LoaderFunctionArgs): Promise<AreaData> {
  const [site, communities] = await Promise.all([
    getJson(SITE),
    getJson(COMMUNITIES).catch((error: unknown) => {
      console.error('Failed to fetch communities', error);
      return [] as Community[];
    }),
  ]);
  const lang = langOfRequest(request);
  return {
    image: site.hero.all.poster,
    communities: communities.map((c) => ({ ...c, label: termIn(site.vocabulary.communities, lang, c.name) })),
  };
}

function RangeText({ range: [min, max], term }: { range: Range; term: 'areas.sale' | 'areas.rent' }) {
  const t = useT();
  const lang = useLang();
  const text = min === max ? priceText(t, lang, min) : t('areas.range', { low: priceText(t, lang, min), high: priceText(t, lang, max) });
  return (
    <div>
      <dt>{t(term)}</dt>
      <dd>{text}</dd>
    </div>
  );
}

function List() {
  const t = useT();
  const site = useSite();
  const { image, communities } = useLoaderData() as AreaData;
  return (
    <>
      <Seo title={t('areas.title')} description={t('areas.description')} />
      <PageHeader image={image} eyebrow={t('areas.eyebrow')} title={t('areas.title')} lead={t('areas.lead')} />
      <div className="container section">
        {communities.length === 0 ? (
          <p className="empty-state">{t('listing.empty')}</p>
        ) : (
          <ul className="card-grid" role="list">
            {communities.map((community) => (
              <li key={community.name}>
                <article className="area-card">
                  <Picture picture={community.image ?? site.defaultImage} sizes="card" alt="" fallbackWidth={600} fallbackHeight={400} />
                  <div className="area-card__body">
                    <h2 className="area-card__name" lang={community.label.en ? 'en' : undefined}>
                      {community.label.name}
                    </h2>
                    <p className="area-card__count">
                      <Icon name="home" size={16} />
                      <span>
                        {t('areas.count', { n: community.total })}
                      </span>
                    </p>
                    {community.salePrice || community.yearlyRent ? (
                      <dl className="area-card__prices">
                        {community.salePrice ? <RangeText range={community.salePrice} term="areas.sale" /> : null}
                        {community.yearlyRent ? <RangeText range={community.yearlyRent} term="areas.rent" /> : null}
                      </dl>
                    ) : null}
                    <Link
                      className="area-card__link"
                      to={community.guide ?? `/search-result?${new URLSearchParams({ community: community.name }).toString()}`}
                    >
                      <span>{t(community.guide ? 'areas.guide' : 'areas.view', { name: community.label.name })}</span>
                      <Icon name="arrowRight" size={16} className="flip-rtl" />
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

// This module is also a community's own guide, /area-guides-in-dubai/{key} (guide/AreaGuidePage.tsx):
// one chunk and one message set for both routes, so the route table every first view carries names
// no more files for it.
export function loader(args: LoaderFunctionArgs) {
  return args.params.id === undefined ? listLoader(args) : guide.loader(args);
}

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="areaGuides" component={AreaGuidesScreen} props={{}} />;
}

export function AreaGuidesScreen() {
  return useParams().id === undefined ? <List /> : <guide.Component />;
}
