// 'Real Estate Blogs': a card per post with its image, title, date, excerpt and 'Read More'.
import { useId } from 'react';
import { useLoaderData, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { API_BLOGS, POST_PICTURES } from '../paths';
import { useT } from '../i18n';
import { byNewest, formatDate } from '../dates';
import type { Blog, Picture as PictureData, PostCard } from '../types';
import { useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/blog.css';

/** Each post's images as pictures (`POST_PICTURES`), in its own order, by post id. */
export type PostPictures = Record<string, PictureData[] | undefined>;

/** A post's images: as the build recorded them, else (a post published since) by address alone. */
export function postPictures(blog: Blog, known: PostPictures): PictureData[] {
  return known[blog.id] ?? blog.images.map((src) => ({ src }));
}

/** A post's card: as data/feed.json writes it, or made from the post here (`toBlogCard`). */
export type BlogCard = PostCard & { untranslated?: string[] };

/** A plain-text excerpt: the post's own, else the start of its content. */
export function excerptOf(blog: Blog, length = 180): string {
  if (blog.excerpt) return blog.excerpt;
  const text = blog.content.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length).replace(/\s+\S*$/, '')}…` : text;
}

export function toBlogCard(blog: Localized<Blog>, pictures: PostPictures): BlogCard {
  return {
    id: blog.id,
    title: blog.title,
    image: postPictures(blog, pictures)[0] ?? null,
    date: blog.date,
    author: blog.author,
    excerpt: excerptOf(blog),
    url: blog.url,
    ...(blog.untranslated ? { untranslated: blog.untranslated } : {}),
  };
}

export async function loader({ request }: LoaderFunctionArgs): Promise<BlogCard[]> {
  const lang = langOfRequest(request);
  try {
    const [blogs, pictures] = await Promise.all([
      getJson(API_BLOGS),
      getJson<PostPictures>(POST_PICTURES).catch(() => ({}) as PostPictures),
    ]);
    return [...blogs]
      .sort(byNewest((blog) => blog.date))
      .map((blog) => toBlogCard(localize(blog, lang, ['title', 'excerpt', 'content']), pictures));
  } catch (error) {
    // A failed fetch is logged only; the page shows 'No blogs found.'
    console.error('Failed to fetch blogs', error);
    return [];
  }
}

export function BlogCardView({ post }: { post: BlogCard }) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const titleId = useId();
  return (
    <article className="blog-card">
      <Picture
        className="blog-card__image"
        picture={post.image ?? site.defaultImage}
        sizes="card"
        alt={post.title}
        {...enAttrs(post, 'title')}
        fallbackWidth={600}
        fallbackHeight={338}
      />
      <div className="blog-card__body">
        <p className="blog-card__meta">
          <Icon name="calendar" size={16} />
          <time dateTime={post.date}>{formatDate(lang, post.date)}</time>
        </p>
        <h2 className="blog-card__title" id={titleId} {...enAttrs(post, 'title')}>
          {post.title}
        </h2>
        <p className="blog-card__excerpt" {...enAttrs(post, post.untranslated?.includes('excerpt') || post.untranslated?.includes('content') ? 'excerpt' : '')}>
          {post.excerpt}
        </p>
        <Link to={post.url} className="blog-card__link" aria-describedby={titleId}>
          <span>{t('blog.readMore')}</span>
          <Icon name="arrowRight" size={18} className="flip-rtl" />
        </Link>
      </div>
    </article>
  );
}

export function Component() {
  const t = useT();
  const posts = useLoaderData() as BlogCard[];
  return (
    <>
      <Seo title={t('blog.title')} description={t('blog.description')} />
      <PageHeader eyebrow={t('blog.eyebrow')} title={t('blog.title')} lead={t('blog.lead')} />
      <div className="container section">
        {posts.length === 0 ? (
          <p className="empty-state" role="status">
            <Icon name="document" size={28} />
            <span>{t('blog.empty')}</span>
          </p>
        ) : (
          <ul className="card-grid" role="list">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogCardView post={post} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
