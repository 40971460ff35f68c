// One post: title, date, author, images and the HTML content. A missing post shows
// 'Blog not found.' with status 404.
import { data, useLoaderData, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { apiBlog, POST_PICTURES, TEAM } from '../paths';
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
import { authorIn, enAttrs, langOfRequest, localize, type Localized, type TermText } from '../i18n/content';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/blog.css';

type Post = Localized<Blog>;
type BlogData = { missing: true } | { missing: false; post: Post; pictures: PictureData[]; author: TermText | null };

export async function loader({ params, request }: LoaderFunctionArgs) {
  if (!isSafeId(params.id)) return data<BlogData>({ missing: true }, { status: 404 });
  try {
    const lang = langOfRequest(request);
    const [blog, known, team] = await Promise.all([
      getJson(apiBlog(params.id)),
      getJson<PostPictures>(POST_PICTURES).catch(() => ({}) as PostPictures),
      // The author as the team page names them in the page's language.
      lang === 'en' ? [] : getJson(TEAM).catch(() => []),
    ]);
    const post = localize(blog, lang, ['title', 'excerpt', 'content']);
    const author = blog.author ? authorIn(team, lang, blog.author) : null;
    return { missing: false, post, pictures: postPictures(blog, known), author } satisfies BlogData;
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

/** 'By {author}' in the page's language; an author not on the team is named in English, marked so. */
function Byline({ template, author }: { template: string; author: TermText }) {
  const [before, after = ''] = template.split(SLOT);
  return (
    <span>
      {before}
      <span lang={author.en ? 'en' : undefined}>{author.name}</span>
      {after}
    </span>
  );
}

function PostView({ post, pictures, author }: { post: Post; pictures: PictureData[]; author: TermText | null }) {
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
            {author ? (
              <span>
                <Icon name="user" size={16} />
                <Byline template={t('blog.by', { author: SLOT })} author={author} />
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

export { handle } from '../components/NotFoundContent';

export function Component() {
  const result = useLoaderData() as BlogData;
  if (result.missing) return <Missing />;
  return <PostView key={result.post.id} post={result.post} pictures={result.pictures} author={result.author} />;
}
