// /feed: the newest listings and posts together, newest first, as the generator lists them in
// data/feed.json (a few kilobytes, not the whole catalogue), and the Atom feeds to subscribe to.
import { useLoaderData, Link } from '../nav';
import { getJson } from '../data';
import { BLOG_FEED, FEED, LISTINGS_FEED } from '../paths';
import { typeLabel, useT } from '../i18n';
import { formatDate } from '../dates';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { priceText } from '../price';
import { enAttrs, localize } from '../i18n/content';
import type { FeedItem } from '../types';
import { Picture } from '../components/Picture';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/feed.css';

type Item = FeedItem;

export async function loader(): Promise<Item[]> {
  try {
    return await getJson(FEED);
  } catch (error) {
    console.error('Failed to fetch the feed', error);
    return [];
  }
}

function Subscribe() {
  const t = useT();
  return (
    <section className="feed-subscribe" aria-labelledby="feed-subscribe-title">
      <h2 id="feed-subscribe-title" className="feed-subscribe__title">
        <Icon name="rss" size={20} />
        <span>{t('feed.subscribe.title')}</span>
      </h2>
      <p className="feed-subscribe__lead">{t('feed.subscribe.lead')}</p>
      <ul className="feed-subscribe__links" role="list">
        <li>
          <a className="button button--outline" href={LISTINGS_FEED} type="application/atom+xml">
            {t('feed.subscribe.listings')}
          </a>
        </li>
        <li>
          <a className="button button--outline" href={BLOG_FEED} type="application/atom+xml">
            {t('feed.subscribe.blog')}
          </a>
        </li>
      </ul>
    </section>
  );
}

function FeedItem({ item }: { item: Item }) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  if (item.kind === 'property') {
    const property = localize(item.property, lang, ['title', 'location']);
    const forRent = property.mainCategory === 'Rental';
    return (
      <article className="feed-item">
        <Picture picture={property.image ?? site.defaultImage} sizes="feed" alt="" fallbackWidth={240} fallbackHeight={160} />
        <div className="feed-item__body">
          <p className="feed-item__meta">
            <span className={forRent ? 'badge badge--teal' : 'badge'}>{t('feed.listing')}</span>
            <time dateTime={item.date}>{formatDate(lang, item.date)}</time>
          </p>
          <h2 className="feed-item__title">
            <Link to={property.url} {...enAttrs(property, 'title')}>
              {property.title}
            </Link>
          </h2>
          <p className="feed-item__text dot-list">
            <span {...enAttrs(property, 'location')}>{property.location || t('card.notSpecified')}</span>
            <span>{typeLabel(lang, property.subCategory)}</span>
            <span>{priceText(t, lang, property.price, property.pricePeriod)}</span>
          </p>
        </div>
      </article>
    );
  }
  const post = localize(item.post, lang, ['title', 'excerpt']);
  return (
    <article className="feed-item">
      <Picture picture={post.image ?? site.defaultImage} sizes="feed" alt="" fallbackWidth={240} fallbackHeight={160} />
      <div className="feed-item__body">
        <p className="feed-item__meta">
          <span className="badge badge--gold">{t('feed.post')}</span>
          <time dateTime={item.date}>{formatDate(lang, item.date)}</time>
        </p>
        <h2 className="feed-item__title">
          <Link to={post.url} {...enAttrs(post, 'title')}>
            {post.title}
          </Link>
        </h2>
        <p className="feed-item__text" {...enAttrs(post, 'excerpt')}>
          {post.excerpt}
        </p>
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
        <Subscribe />
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
