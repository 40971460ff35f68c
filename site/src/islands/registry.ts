// Every island a page may hold, by name: the module its component is in (relative to src/, without
// its extension: the prerender names its chunk in the page's boot block, so the browser fetches it
// with the entry), the name the module exports it under, the message set it needs beyond the
// shell's and its page's, and whether it is deferred: its code and messages are not part of the
// page's first view but come once the page is idle or the island is touched (islands/hydrate.tsx),
// its prerendered HTML standing until then. A deferred island's module holds no island that is
// not (the page's module may: its chunk is then not named), so the first screen's islands of such
// a page live in a small module of their own. A screen (screens.ts) is drawn by the prerender and runs no code in the
// browser: what a visitor can touch in it is marked as islands, all of it where its parts share
// what the visitor chooses (the listing pages, /pro, /compare...).
//
// One import per module (each dynamic import costs the entry its loader and the list of what its
// chunk needs), shared by the module's islands.
import type { ComponentType } from 'react';
import type { MessageSet } from '../i18n';
// On every page (the header, the compare tray): part of the entry, not chunks of their own that
// every first view would fetch beside it.
import * as Header from '../components/Header';
import * as controls from '../shortlist/controls';

const MODULES = {
  'components/Header': () => Promise.resolve(Header),
  'components/ReadMore': () => import('../components/ReadMore'),
  'shortlist/controls': () => Promise.resolve(controls),
  'property/islands': () => import('../property/islands'),
  'property/later': () => import('../property/later'),
  'pages/Home': () => import('../pages/Home'),
  'pages/homeFirst': () => import('../pages/homeFirst'),
  'people/Listings': () => import('../people/Listings'),
  'pages/Admin': () => import('../pages/Admin'),
  'pages/AreaGuides': () => import('../pages/AreaGuides'),
  'pages/BlogForm': () => import('../pages/BlogForm'),
  'pages/Compare': () => import('../pages/Compare'),
  'pages/Contact': () => import('../pages/Contact'),
  'pages/Developers': () => import('../pages/Developers'),
  'pages/Listing': () => import('../pages/Listing'),
  'pages/Requirements': () => import('../pages/Requirements'),
  'pages/SearchResults': () => import('../pages/SearchResults'),
  'search/resultsFirst': () => import('../search/resultsFirst'),
  'pages/Seller': () => import('../pages/Seller'),
  'pages/Shortlist': () => import('../pages/Shortlist'),
};

type Modules = typeof MODULES;
type ModuleName = keyof Modules;

interface Entry {
  module: ModuleName;
  exported: string;
  messages?: MessageSet;
  deferred?: boolean;
}

/** The modules in the entry's chunk (imported above, not lazily): the prerender names no chunk for them. */
export const IN_ENTRY: ReadonlySet<string> = new Set<ModuleName>(['components/Header', 'shortlist/controls']);

/** An island's entry, its export checked against its module's. */
const island = <M extends ModuleName>(module: M, exported: keyof Awaited<ReturnType<Modules[M]>> & string, messages?: MessageSet): Entry => ({
  module,
  exported,
  messages,
});

/** A deferred island's entry (see above). */
const later = <M extends ModuleName>(module: M, exported: keyof Awaited<ReturnType<Modules[M]>> & string, messages?: MessageSet): Entry => ({
  ...island(module, exported, messages),
  deferred: true,
});

export const ISLANDS = {
  header: island('components/Header', 'Header'),
  compareTray: island('shortlist/controls', 'CompareTrayPlace'),
  readMore: island('components/ReadMore', 'ReadMore'),
  propertyGallery: island('property/islands', 'PropertyGallery'),
  propertyBack: island('property/islands', 'PropertyBack'),
  propertyGetInTouch: island('property/islands', 'PropertyGetInTouch'),
  propertyActions: island('property/islands', 'PropertyActions'),
  propertyMortgage: later('property/later', 'PropertyMortgage'),
  propertyMap: later('property/later', 'PropertyMap'),
  propertySimilar: later('property/later', 'PropertySimilar'),
  propertyEnquiry: island('property/islands', 'PropertyEnquiry'),
  homeTypewriter: island('pages/homeFirst', 'HomeTypewriter'),
  homeSearch: island('pages/homeFirst', 'HomeSearch'),
  homeWhyUs: later('pages/Home', 'HomeWhyUs', 'HomeLater'),
  homeGrid: later('pages/Home', 'HomeGrid', 'HomeLater'),
  homeForms: later('pages/Home', 'HomeForms', 'HomeLater'),
  homePopup: later('pages/Home', 'DetailsPopup', 'HomeLater'),
  seller: island('pages/Seller', 'SellerScreen'),
  contact: island('pages/Contact', 'ContactScreen'),
  developers: island('pages/Developers', 'DevelopersScreen'),
  areaGuides: later('pages/AreaGuides', 'AreaGuidesScreen'),
  shortlist: island('pages/Shortlist', 'ShortlistScreen'),
  compare: island('pages/Compare', 'CompareScreen'),
  admin: island('pages/Admin', 'AdminScreen'),
  requirements: island('pages/Requirements', 'RequirementsScreen'),
  blogForm: island('pages/BlogForm', 'BlogFormScreen'),
  listing: later('pages/Listing', 'ListingPage'),
  searchCount: island('search/resultsFirst', 'SearchCount'),
  searchCards: island('search/resultsFirst', 'SearchCards'),
  searchChips: later('pages/SearchResults', 'SearchChips', 'SearchLater'),
  searchRefine: later('pages/SearchResults', 'SearchRefine', 'SearchLater'),
  searchControls: later('pages/SearchResults', 'SearchControls', 'SearchLater'),
  peopleListings: island('people/Listings', 'PeopleListings', 'People'),
};

export type IslandName = keyof typeof ISLANDS;

/** Whether `name` is an island of the registry. */
export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLANDS, name);
}

/** The component of island `name`, its module loaded. */
export async function loadIsland(name: IslandName): Promise<ComponentType<Record<string, unknown>>> {
  const { module, exported } = ISLANDS[name];
  const loaded = (await MODULES[module]()) as Record<string, unknown>;
  return loaded[exported] as ComponentType<Record<string, unknown>>;
}

/** The message set island `name` needs beyond the shell's and its page's, if any. */
export function islandMessages(name: IslandName): MessageSet | undefined {
  return ISLANDS[name].messages;
}

/** Whether island `name` is deferred: its code and messages come once the page is idle or it is touched. */
export function isDeferred(name: string): boolean {
  return isIslandName(name) && ISLANDS[name].deferred === true;
}

/** Whether island `name`'s code is in the entry (the header, the compare tray): it needs no page's messages. */
export function isInEntry(name: string): boolean {
  return isIslandName(name) && IN_ENTRY.has(ISLANDS[name].module);
}

/**
 * Whether a page's own message set comes with its first view: when an island not in the entry is
 * hydrated with it. Where all such islands are deferred, the set comes with the first of them.
 */
export function pageMessagesFirst(names: readonly string[]): boolean {
  return names.some((name) => !isInEntry(name) && !isDeferred(name));
}
