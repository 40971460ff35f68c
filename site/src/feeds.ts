// The Atom feeds the generator writes (generator/src/feeds.rs) and the page data of /feed.
// site/index.html links both feeds from every page's head.
import type { BlogCard } from './pages/BlogList';
import type { CardProperty } from './format';

export const FEEDS = {
  listings: '/feeds/listings.xml',
  blog: '/feeds/blog.xml',
} as const;

/** One entry of data/feed.json: the newest listings and posts as one timeline, newest first. */
export type FeedItem =
  | { kind: 'property'; date: string; property: CardProperty }
  | { kind: 'post'; date: string; post: BlogCard };
