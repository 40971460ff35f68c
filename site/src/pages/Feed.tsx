// /feed: the newest listings and posts together, newest first (the first 30).
import { Link, useLoaderData } from 'react-router';
import { getJson } from '../data';
import { useT } from '../i18n';
import { byNewest, formatDate, toCard, type CardProperty } from '../format';
import type { Blog, Property } from '../types';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { priceText } from '../components/PropertyCard';
import { toBlogCard, type BlogCard } from './BlogList';

export const FEED_SIZE = 30;

type Item = { kind: 'property'; date: string; property: CardProperty } | { kind: 'post'; date: string; post: BlogCard };

export async function loader(): Promise<Item[]> {
  const [properties, blogs] = await Promise.all([
    getJson<Property[]>('/api/properties.json').catch(() => [] as Property[]),
    getJson<Blog[]>('/api/blogs.json').catch(() => [] as Blog[]),
  ]);
  const items: Item[] = [
    ...properties.map((property): Item => ({ kind: 'property', date: property.createdAt, property: toCard(property) })),
    ...blogs.map((blog): Item => ({ kind: 'post', date: blog.date, post: toBlogCard(blog) })),
  ];
  return items.sort(byNewest((item) => item.date)).slice(0, FEED_SIZE);
}

function FeedItem({ item }: { item: Item }) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  if (item.kind === 'property') {
    const { property } = item;
    const forRent = property.mainCategory === 'Rental';
    return (
      <article className="feed-item">
        <img src={property.image ?? site.defaultImage} alt="" width={240} height={160} loading="lazy" />
        <div className="feed-item__body">
          <p className="feed-item__meta">
            <span className={forRent ? 'badge badge--teal' : 'badge'}>{t('feed.listing')}</span>
            <time dateTime={item.date}>{formatDate(lang, item.date)}</time>
          </p>
          <h2 className="feed-item__title">
            <Link to={`/property/${property.id}`}>{property.title}</Link>
          </h2>
          <p className="feed-item__text dot-list">
            <span>{property.location || t('card.notSpecified')}</span>
            <span>{property.subCategory}</span>
            <span>{priceText(t, lang, property.price, property.pricePeriod)}</span>
          </p>
        </div>
      </article>
    );
  }
  const { post } = item;
  return (
    <article className="feed-item">
      <img src={post.image ?? site.defaultImage} alt="" width={240} height={160} loading="lazy" />
      <div className="feed-item__body">
        <p className="feed-item__meta">
          <span className="badge badge--gold">{t('feed.post')}</span>
          <time dateTime={item.date}>{formatDate(lang, item.date)}</time>
        </p>
        <h2 className="feed-item__title">
          <Link to={post.url}>{post.title}</Link>
        </h2>
        <p className="feed-item__text">{post.excerpt}</p>
      </div>
    </article>
  );
}

export function Component() {
  const t = useT();
  const items = useLoaderData() as Item[];
  return (
    <>
      <Seo title={t('feed.title')} description={t('feed.description')} />
      <PageHeader eyebrow={t('feed.eyebrow')} title={t('feed.title')} lead={t('feed.lead')} />
      <div className="container container--narrow section">
        {items.length === 0 ? (
          <p className="empty-state">
            <Icon name="rss" size={28} />
            <span>{t('feed.empty')}</span>
          </p>
        ) : (
          <ol className="feed" role="list">
            {items.map((item) => (
              <li key={`${item.kind}-${item.kind === 'property' ? item.property.id : item.post.id}`}>
                <FeedItem item={item} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
