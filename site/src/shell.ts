// The agency data every page's shell (header, footer, banners) needs, and hooks to read it.
// The root route's loader (layoutLoader) returns a ShellData; pages read it with useSite().
import { useContext, useSyncExternalStore } from 'react';
import { useLocation, useRouteLoaderData } from './nav';
import { LangContext, type Lang } from './i18n';
import { localize, type Localized } from './i18n/content';
import type { MapSettings, Partner, Site } from './types';

export type ShellData = Pick<
  Site,
  | 'name'
  | 'legalName'
  | 'logo'
  | 'defaultImage'
  | 'description'
  | 'phones'
  | 'email'
  | 'address'
  | 'coordinates'
  | 'workingHours'
  | 'whatsapp'
  | 'orn'
  | 'social'
  | 'agents'
  | 'baseUrl'
> & {
  /** The map's settings, its credit in the page's language where the content gives one. */
  map: Localized<MapSettings> | null;
  partners: Pick<Partner, 'name' | 'logo'>[];
  untranslated?: string[];
  /** The property types' names in the page's language by English name (none on English pages). */
  types?: Record<string, string>;
};

/** The property types' names in `lang`, from the vocabulary; English pages show the English names. */
function typeNamesIn(full: Site, lang: Lang): Record<string, string> | undefined {
  if (lang === 'en') return undefined;
  const names = Object.entries(full.vocabulary.types).flatMap(([english, term]) => (term[lang] ? [[english, term[lang]]] : []));
  return Object.fromEntries(names);
}

/** Only what the shell shows: long texts (about, why-us) stay out of every page's HTML. */
export function shellFromSite(full: Site, lang: Lang = 'en'): ShellData {
  const site = localize(full, lang, ['name', 'description', 'address', 'workingHours']);
  return {
    untranslated: site.untranslated,
    name: site.name,
    legalName: site.legalName,
    logo: site.logo,
    defaultImage: site.defaultImage,
    description: site.description,
    phones: site.phones,
    email: site.email,
    address: site.address,
    coordinates: site.coordinates,
    workingHours: site.workingHours,
    whatsapp: site.whatsapp,
    orn: site.orn,
    social: site.social,
    agents: site.agents,
    baseUrl: site.baseUrl,
    map: site.map && localize(site.map, lang, ['attribution']),
    partners: site.partners.map(({ name, logo }) => ({ name, logo })),
    types: typeNamesIn(full, lang),
  };
}

/** The shell data, or undefined where the root loader failed (the root error screen). */
export function useSiteOptional(): ShellData | undefined {
  return useRouteLoaderData('root') as ShellData | undefined;
}

/** The shell data; pages render inside the root route, so it is always there. */
export function useSite(): ShellData {
  const site = useSiteOptional();
  if (!site) throw new Error('useSite() outside the root route');
  return site;
}

export function useLang(): Lang {
  return useContext(LangContext);
}

const noSubscription = () => () => {};

/**
 * False during the prerender and during hydration, true afterwards. Markup that depends on the
 * browser (the URL's query, collapsed texts) switches on it, so the first client render is
 * identical to the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The current path without a trailing slash ('/buy-property/' -> '/buy-property'). Static hosts
 * may serve a page under either form; the prerender always sees the bare one, so anything
 * rendered from the path uses this to hydrate identically.
 */
export function usePathname(): string {
  const { pathname } = useLocation();
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}
