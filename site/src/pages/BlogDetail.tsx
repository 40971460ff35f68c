// One post: title, date, author, images and the HTML content. A missing post shows
// 'Blog not found.' with status 404.
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../i18n/link';
import { getJson } from '../data';
import { apiBlog, POST_PICTURES } from '../paths';
import { useT } from '../i18n';
import { isSafeId } from '../ids';
import { formatDate } from '../dates';
import type { Blog, Picture as PictureData } from '../types';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { NotFoundContent } from '../components/NotFoundContent';
import { Icon } from '../components/Icon';
import { Picture } from '../components/Picture';
import { ArticleBody } from '../components/ArticleBody';
import { excerptOf, postPictures, type PostPictures } from './BlogList';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';

type Post = Localized<Blog>;
type BlogData = { missing: true } | { missing: false; post: Post; pictures: PictureData[] };

export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!isSafeId(params.id)) return data<BlogData>({ missing: true }, { status: 404 });
  try {
    const [blog, known] = await Promise.all([
      getJson(apiBlog(params.id)),
      getJson<PostPictures>(POST_PICTURES).catch(() => ({}) as PostPictures),
    ]);
    const post = localize(blog, langOfRequest(request), ['title', 'excerpt', 'content']);
    return { missing: false, post, pictures: postPictures(blog, known) } satisfies BlogData;
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

function PostView({ post, pictures }: { post: Post; pictures: PictureData[] }) {
  const t = useT();
  const lang = useLang();
  const [cover, ...more] = pictures;
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
        {cover ? (
          <Picture className="post__cover" picture={cover} sizes="cover" alt={post.title} {...enAttrs(post, 'title')} fallbackWidth={1200} fallbackHeight={675} priority />
        ) : null}
        <ArticleBody
          className="prose prose--article"
          html={post.content}
          english={!!enAttrs(post, 'content').lang}
          notice={t('blog.inEnglish')}
        />
        {more.length > 0 ? (
          <ul className="post__images" role="list">
            {more.map((image, index) => (
              <li key={`${image.src}-${index}`}>
                <Picture
                  picture={image}
                  sizes="cover"
                  alt={t('blog.image', { title: post.title, n: index + 2 })}
                  fallbackWidth={1200}
                  fallbackHeight={675}
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
  return <PostView key={result.post.id} post={result.post} pictures={result.pictures} />;
}
