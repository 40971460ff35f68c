// The Atom feeds the generator writes (generator/src/publish/feeds.rs); the /feed page's data
// is `FeedItem`s (./types). site/index.html links both feeds from every page's head.

export const FEEDS = {
  listings: '/feeds/listings.xml',
  blog: '/feeds/blog.xml',
} as const;
