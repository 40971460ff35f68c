// The property page's data (pages/PropertyDetail.tsx): the listing from the API, its detail file
// (agent, developer, similar listings, photos, QR code, market figures), the site's vocabulary
// for its amenities and payment plan stages, all in the page's language; or, for a listing no
// longer published, its 'gone' page; or not found.
import { data, type LoaderFunctionArgs } from '../nav';
import { getJson } from '../data';
import { apiProperty, detail, gone as goneFile, SITE } from '../paths';
import { localePath, type Lang } from '../i18n';
import { langOfRequest, localize, termsIn, type Localized, type TermText } from '../i18n/content';
import { isSafeId } from '../ids';
import type { CardProperty, DetailAgent, DetailData, DetailDeveloper, Picture, Property, TypeKind } from '../types';
import type { MarketTexts } from './market';
import { absoluteUrl } from './seo';
import { PROPERTY_SHELL_ID } from './shell';
import { loadGone, type GoneListing } from './LazyGone';

export type Agent = Localized<DetailAgent>;
export type Detail = Localized<Property>;

/** A published listing with all its page shows. */
export interface Loaded {
  missing: false;
  property: Detail;
  agent: Agent | null;
  developer: Localized<DetailDeveloper> | null;
  similar: CardProperty[];
  /** The listing's photos with their sizes and variants. */
  gallery: Picture[];
  /** The listing's floor plans, with their sizes and variants. */
  floorPlans?: Picture[];
  /** The listing's video tour (YouTube or Vimeo), when it has one. */
  videoTour?: string;
  /** The amenities in the page's language. */
  amenities: TermText[];
  /** The payment plan's stages in the page's language, in the plan's order. */
  stages: TermText[];
  qr: string | null;
  /** The community's DLD figures for the listing's kind in words, when there are any. */
  market: MarketTexts | null;
  /** The guide of the listing's community, `/area-guides-in-dubai/{key}`, when it has one. */
  areaGuide: string | null;
  /** The site's public address ('' when unknown): canonical, sharing and structured-data links. */
  baseUrl: string;
  /** The kind of the listing's type in the vocabulary, for its structured data. */
  kind: TypeKind | null;
}

/** Not found; or, in the prerendered property shell, not loaded yet (`pending`). */
export type PropertyData = { missing: true; pending?: true } | Loaded | GoneListing;

/** The page of the listing `id` if it is no longer published, else null. */
async function goneListing(id: string, lang: Lang): Promise<GoneListing | null> {
  const [page, site] = await Promise.all([getJson(goneFile(id)).catch(() => null), getJson(SITE).catch(() => null)]);
  if (!page) return null;
  const url = absoluteUrl((site?.baseUrl ?? '').replace(/\/+$/, ''), localePath(lang, `/property/${id}`));
  return { missing: false, gone: localize(page, lang, ['title']), url };
}

const NO_EXTRAS: DetailData = { gallery: [], similar: [], qr: null };

export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = langOfRequest(request);
  // The shell is prerendered without a property; the browser loads the one in its address.
  if (import.meta.env.SSR && params.id === PROPERTY_SHELL_ID) return { missing: true, pending: true } satisfies PropertyData;
  if (!isSafeId(params.id)) return data<PropertyData>({ missing: true }, { status: 404 });
  const id = params.id;
  let full: Property;
  try {
    full = await getJson(apiProperty(id));
  } catch (error) {
    const status = error instanceof Response ? error.status : 500;
    if (status !== 404) console.error('Failed to fetch the property', error);
    // Sold, rented or withdrawn: its address still answers, saying so.
    const gone = status === 404 ? await goneListing(id, lang) : null;
    if (gone) {
      await loadGone(lang);
      return gone satisfies PropertyData;
    }
    return data<PropertyData>({ missing: true }, { status: status === 404 ? 404 : 500 });
  }
  // The detail file the generator wrote beside the property holds its agent and developer, so
  // the page never downloads the whole team and developer lists.
  const [extras, site] = await Promise.all([
    // A property published after the build has no extras yet: no similar listings, no QR code,
    // the agency's contacts.
    getJson(detail(id)).catch(() => NO_EXTRAS),
    getJson(SITE).catch(() => null),
  ]);
  const property = localize(full, lang, ['title', 'description', 'location']);
  // Made here, so a prerendered page carries the words in its data and its first view loads
  // neither the module nor its messages (property/market.ts).
  const market =
    extras.market || full.price != null
      ? await (await import('./market')).marketTexts(lang, extras.market ?? null, property.location || '', full)
      : null;
  return {
    missing: false,
    property,
    agent: extras.agent ? localize(extras.agent, lang, ['name', 'role']) : null,
    developer: extras.developer ? localize(extras.developer, lang, ['name']) : null,
    similar: extras.similar,
    gallery: extras.gallery,
    floorPlans: extras.floorPlans,
    videoTour: extras.videoTour,
    amenities: termsIn(site?.vocabulary.amenities, lang, full.amenities ?? []),
    stages: termsIn(site?.vocabulary.stages, lang, (full.paymentPlan ?? []).map((step) => step.milestone)),
    qr: extras.qr,
    market,
    areaGuide: extras.areaGuide ?? null,
    baseUrl: (site?.baseUrl ?? '').replace(/\/+$/, ''),
    // Only the prerender writes the structured data that reads it.
    kind: import.meta.env.SSR ? (site?.vocabulary.types[full.subCategory]?.kind ?? null) : null,
  } satisfies PropertyData;
}
