// One post: title, date, author, images and the HTML content. A missing post shows
// 'Blog not found.' with status 404.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../i18n/link';
import { getJson } from '../data';
import { useT } from '../i18n';
import { formatDate, isSafeId } from '../format';
import type { Blog } from '../types';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { NotFoundContent } from '../components/NotFoundContent';
import { Icon } from '../components/Icon';
import { ArticleBody } from '../components/ArticleBody';
import { excerptOf } from './BlogList';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';

type Post = Localized<Blog>;
type BlogData = { missing: true } | { missing: false; post: Post };

export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!isSafeId(params.id)) return data<BlogData>({ missing: true }, { status: 404 });
  try {
    const blog = await getJson<Blog>(`/api/blogs/${params.id}.json`);
    const post = localize(blog, langOfRequest(request), ['title', 'excerpt', 'content']);
    return { missing: false, post } satisfies BlogData;
  } catch (error) {
    if (error instanceof Response && error.status === 404) return data<BlogData>({ missing: true }, { status: 404 });
    throw error;
  }
}

function Missing() {
  const t = useT();
  // An unknown post is answered with the 404 page: hydrate that, then say which page is missing.
  if (!useHydrated()) return <NotFoundContent />;
  return (
    <section className="container status-page">
      <Seo title={t('blog.notFound')} description={t('blog.notFound')} />
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="status-page__title">{t('blog.notFound')}</h1>
      <Link to="/blogpage" className="button button--primary">
        <Icon name="arrowLeft" size={18} className="flip-rtl" />
        <span>{t('blog.back')}</span>
      </Link>
    </section>
  );
}

const SLOT = '\u0000';

/** 'By {author}' in the page's language; the author's name as the content writes it (English). */
function Byline({ template, author }: { template: string; author: string }) {
  const lang = useLang();
  const [before, after = ''] = template.split(SLOT);
  return (
    <span>
      {before}
      <span lang={lang === 'en' ? undefined : 'en'}>{author}</span>
      {after}
    </span>
  );
}

function PostView({ post }: { post: Post }) {
  const t = useT();
  const lang = useLang();
  const [cover, ...more] = post.images;
  return (
    <article className="post">
      <Seo title={post.title} description={excerptOf(post, 160)} />
      <header className="post__header">
        <div className="container container--narrow">
          <p className="post__back">
            <Link to="/blogpage" className="text-link text-link--light">
              <Icon name="arrowLeft" size={18} className="flip-rtl" />
              <span>{t('blog.back')}</span>
            </Link>
          </p>
          <h1 className="post__title" {...enAttrs(post, 'title')}>
            {post.title}
          </h1>
          <p className="post__meta">
            <span>
              <Icon name="calendar" size={16} />
              <time dateTime={post.date}>{formatDate(lang, post.date)}</time>
            </span>
            {post.author ? (
              <span>
                <Icon name="user" size={16} />
                <Byline template={t('blog.by', { author: SLOT })} author={post.author} />
              </span>
            ) : null}
          </p>
        </div>
      </header>
      <div className="container container--narrow post__body">
        {cover ? <img className="post__cover" src={cover} alt={post.title} {...enAttrs(post, 'title')} width={1200} height={675} fetchPriority="high" /> : null}
        <ArticleBody
          className="prose prose--article"
          html={post.content}
          english={!!enAttrs(post, 'content').lang}
          notice={t('blog.inEnglish')}
        />
        {more.length > 0 ? (
          <ul className="post__images" role="list">
            {more.map((image, index) => (
              <li key={`${image}-${index}`}>
                <img
                  src={image}
                  alt={t('blog.image', { title: post.title, n: index + 2 })}
                  width={1200}
                  height={675}
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <p className="post__footer">
          <Link to="/blogpage" className="button button--outline">
            <Icon name="arrowLeft" size={18} className="flip-rtl" />
            <span>{t('blog.back')}</span>
          </Link>
        </p>
      </div>
    </article>
  );
}

export { handle, HydrateFallback } from '../components/NotFoundContent';

export function Component() {
  const result = useLoaderData() as BlogData;
  if (result.missing) return <Missing />;
  return <PostView key={result.post.id} post={result.post} />;
}
