// The browser's matching of an address to the route table (match.ts) answers what React Router's
// matchRoutes answers, which the prerender's static handler uses: the same routes, in the same
// order, with the same parameters, for every fixed path and alias in every language, every
// kind of content page, and what has no page (the 404 route).
import { describe, expect, test } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';
import type { SiteRoute } from './nav';
import { matchAddress } from './match';
import { FIXED_ROUTES } from './paths';
import { LANGS, localePath } from './i18n';

const CONTENT = [
  '/property/creek-harbour-waterfront-one-bedroom',
  '/property/__shell__',
  '/blog/12/the-marina-in-winter',
  '/blog/12',
  '/area-guides-in-dubai/dubai-marina',
  '/agents/sara-al-mansouri',
  '/developers/emaar',
];
const ODD = [
  '/buy-property/',
  '/BUY-PROPERTY',
  '/rental',
  '/__not-found__',
  '/no/such/page',
  '/property/a/b',
  '/blog',
  '/developers/',
  '/property/caf%C3%A9',
  '/property/%E0%A4%A',
];
const PATHS = [...FIXED_ROUTES.map(({ path }) => path), ...CONTENT, ...ODD];
const ADDRESSES = LANGS.flatMap((lang) => PATHS.map((path) => localePath(lang, path)));

describe('an address names the routes React Router names', () => {
  test.each(ADDRESSES)('%s', (address) => {
    const theirs = matchRoutes(routes as RouteObject[], address);
    const ours = matchAddress(routes, address);
    expect(ours?.map(({ route }) => route.id)).toEqual(theirs?.map(({ route }) => route.id));
    expect(ours?.at(-1)?.params).toEqual(theirs?.at(-1)?.params);
  });
});

test('every route has an id of its own', () => {
  const ids = (list: SiteRoute[]): string[] => list.flatMap((route) => [route.id, ...ids(route.children ?? [])]);
  const all = ids(routes);
  expect(new Set(all).size).toBe(all.length);
});
