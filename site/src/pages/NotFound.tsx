// Any unknown path: the fixed not-found text and a link home. The loader answers status 404 (the
// prerender writes this page as dist/404.html) while still rendering this page.
import { data } from '../nav';
import { NotFoundContent } from '../components/NotFoundContent';
import type { RouteHandle } from '../components/Header';

/** Marks the 404 route, e.g. for the language links (the page has no path of its own). */
export const handle: RouteHandle = { notFound: true };

export async function loader() {
  return data(null, { status: 404 });
}

export function Component() {
  return <NotFoundContent />;
}
