// Which routes of the table (routes.tsx) an address names, outermost first, with the address's
// parameters: what React Router's matchRoutes answers, for the browser, which has no router. The
// same rules (match.test.ts compares the two on every route): a route's path is its ancestors'
// joined with its own, an optional segment (':slug?') stands for the path with and without it,
// segments match whatever their case, a trailing slash is ignored, and where several paths
// match the most specific wins (each segment scores: a static one 10, a parameter 3, an empty
// one 1; an index route 2 more, a splat 2 less; ties in the table's order).
import type { Params, SiteRoute } from './nav';

export interface Matched {
  route: SiteRoute;
  params: Params;
  /** The part of the address this route matched. */
  pathname: string;
}

interface Branch {
  path: string;
  score: number;
  /** The routes from the root to the one the branch ends in. */
  routes: SiteRoute[];
  /** Each route's path joined with its ancestors'. */
  paths: string[];
  order: number[];
}

const PARAM = /^:[\w-]+$/;

function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

const join = (...parts: string[]) => parts.join('/').replace(/\/\/+/g, '/');

/** 'blog/:id/:slug?' -> 'blog/:id/:slug', 'blog/:id': each optional segment there and not. */
function explode(path: string): string[] {
  const segments = path.split('/');
  const [first, ...rest] = segments;
  if (first === undefined) return [];
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const tails = explode(rest.join('/'));
  const out: string[] = [];
  for (const tail of tails) {
    out.push(tail === '' ? required : join(required, tail));
    if (optional) out.push(tail);
  }
  return out.map((one) => (path.startsWith('/') && !one.startsWith('/') ? `/${one}` : one));
}

function flatten(routes: SiteRoute[], parents: SiteRoute[] = [], parentPaths: string[] = [], parentPath = '', order: number[] = [], out: Branch[] = []): Branch[] {
  routes.forEach((route, index) => {
    for (const own of explode(route.path ?? '')) {
      const path = join(parentPath, own);
      const here = { routes: [...parents, route], paths: [...parentPaths, path], order: [...order, index] };
      if (route.children?.length) {
        flatten(route.children, here.routes, here.paths, path, here.order, out);
      }
      // A route without a path matches only as a part of its children's branches.
      if (route.path === undefined && !route.index) continue;
      out.push({ path, score: score(path, route.index === true), ...here });
    }
  });
  return out;
}

function compareOrder(a: number[], b: number[]): number {
  // Siblings: the earlier first; otherwise no preference.
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

const branchesOf = new WeakMap<SiteRoute[], Branch[]>();

function ranked(routes: SiteRoute[]): Branch[] {
  let branches = branchesOf.get(routes);
  if (!branches) {
    branches = flatten(routes).sort((a, b) => (a.score !== b.score ? b.score - a.score : compareOrder(a.order, b.order)));
    branchesOf.set(routes, branches);
  }
  return branches;
}

/** `pattern` against the start (or, with `end`, the whole) of `pathname`: its params and the part matched. */
function matchPath(pattern: string, pathname: string, end: boolean): { params: Params; matched: string } | null {
  const names: string[] = [];
  let source = '^' + pattern.replace(/\/*\*?$/, '').replace(/^\/*/, '/').replace(/[\\.*+^${}|()[\]]/g, '\\$&');
  source = source.replace(/\/:([\w-]+)/g, (_, name: string) => {
    names.push(name);
    return '/([^\\/]+)';
  });
  const splat = pattern.endsWith('*');
  if (splat) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (pattern !== '' && pattern !== '/') {
    source += '(?:(?=\\/|$))';
  }
  const found = new RegExp(source, 'i').exec(pathname);
  if (!found) return null;
  const params: Params = {};
  names.forEach((name, i) => {
    const value = found[i + 1];
    params[name] = value === undefined ? undefined : safeDecode(value);
  });
  let matched = found[0];
  if (splat) matched = pathname.slice(0, pathname.length - (found[names.length] ?? '').length).replace(/(.)\/+$/, '$1');
  return { params, matched: matched.replace(/(.)\/+$/, '$1') || '/' };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The routes `pathname` names, outermost first, or null when none does. */
export function matchAddress(routes: SiteRoute[], pathname: string): Matched[] | null {
  const decoded = safeDecodePath(pathname);
  for (const branch of ranked(routes)) {
    const whole = matchPath(branch.path, decoded, true);
    if (!whole) continue;
    return branch.routes.map((route, i) => {
      const last = i === branch.routes.length - 1;
      const own = last ? whole : matchPath(branch.paths[i]!, decoded, false);
      return { route, params: whole.params, pathname: own?.matched ?? '/' };
    });
  }
  return null;
}

/** The path with its escapes decoded, each segment's own kept when it is not one. */
function safeDecodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => safeDecode(segment).replace(/\//g, '%2F'))
    .join('/');
}
