// /area-guides-in-dubai: one card per community found in the listings, with how many listings
// it has and their price range, linking to the search for that community.
import { Link, useLoaderData } from 'react-router';
import { getJson } from '../data';
import { useT } from '../i18n';
import { formatAed } from '../format';
import type { Property, Site } from '../types';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';

interface Range {
  min: number;
  max: number;
}

interface Community {
  name: string;
  count: number;
  image: string | null;
  sale: Range | null;
  rent: Range | null;
}

interface AreaData {
  image: string;
  communities: Community[];
}

const widen = (range: Range | null, price: number): Range =>
  range ? { min: Math.min(range.min, price), max: Math.max(range.max, price) } : { min: price, max: price };

export async function loader(): Promise<AreaData> {
  const [site, properties] = await Promise.all([
    getJson<Site>('/data/site.json'),
    getJson<Property[]>('/api/properties.json').catch(() => [] as Property[]),
  ]);
  const byName = new Map<string, Community>();
  for (const property of properties) {
    const name = property.location?.trim();
    if (!name) continue;
    const community = byName.get(name) ?? { name, count: 0, image: null, sale: null, rent: null };
    community.count += 1;
    community.image ??= property.Images[0] ?? null;
    if (property.price != null) {
      // Rents are yearly or monthly amounts: a range of their own, never mixed with prices.
      if (property.mainCategory === 'Rental') community.rent = widen(community.rent, property.price);
      else community.sale = widen(community.sale, property.price);
    }
    byName.set(name, community);
  }
  const communities = [...byName.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { image: site.hero.all.poster, communities };
}

function RangeText({ range, term }: { range: Range; term: 'areas.sale' | 'areas.rent' }) {
  const t = useT();
  const lang = useLang();
  const text =
    range.min === range.max
      ? formatAed(lang, range.min)
      : t('areas.range', { min: formatAed(lang, range.min), max: formatAed(lang, range.max) });
  return (
    <div>
      <dt>{t(term)}</dt>
      <dd>{text}</dd>
    </div>
  );
}

export function Component() {
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
                  <img src={community.image ?? site.defaultImage} alt="" width={600} height={400} loading="lazy" />
                  <div className="area-card__body">
                    <h2 className="area-card__name">{community.name}</h2>
                    <p className="area-card__count">
                      <Icon name="home" size={16} />
                      <span>
                        {community.count === 1 ? t('areas.count.one') : t('areas.count', { n: community.count })}
                      </span>
                    </p>
                    {community.sale || community.rent ? (
                      <dl className="area-card__prices">
                        {community.sale ? <RangeText range={community.sale} term="areas.sale" /> : null}
                        {community.rent ? <RangeText range={community.rent} term="areas.rent" /> : null}
                      </dl>
                    ) : null}
                    <Link
                      className="area-card__link"
                      to={`/search-result?${new URLSearchParams({ query: community.name }).toString()}`}
                    >
                      <span>{t('areas.view', { name: community.name })}</span>
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
