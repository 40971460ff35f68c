// One property ('Property detail'): the gallery, title, location, facts, price
// followed by AED, the description, 'Back to Listings' (to the property's category) and 'Get in
// Touch' (a modal). Besides those: bathrooms, price per sqft, rent period, amenities, the
// off-plan developer, completion and payment plan, the agent card with call, WhatsApp and email,
// a map, sharing, similar properties, Dubai's advertising particulars (permit number and its QR
// code; an off-plan project's name, RERA project number and escrow account; reference, the
// agency's ORN, the agent's BRN), and structured data for search engines.
// A missing property shows 'Property Not Found' with 'Go Back' to /; an id with no page of its
// own is served the property shell, which loads it here in the browser (see property/shell.ts).
import { lazy, Suspense, useEffect, useRef, useState, type LazyExoticComponent, type Ref } from 'react';
import { data, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../i18n/link';
import { getJson } from '../data';
import { apiProperty, detail, gone as goneFile, SITE } from '../paths';
import { loadMessages, localePath, typeLabel, useT, type Lang } from '../i18n';
import type { DetailForm as DetailFormComponent } from '../forms/LeadForms';
import { enAttrs, langOfRequest, localize, termsIn, type Localized, type TermText } from '../i18n/content';
import { formatPercent } from '../format';
import { formatDate, formatMonth } from '../dates';
import { isSafeId } from '../ids';
import type { CardProperty, DetailAgent, DetailData, DetailDeveloper, Picture as PictureData, Property, TypeKind } from '../types';
import { useHydrated, useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { NotFoundContent } from '../components/NotFoundContent';
import { Icon } from '../components/Icon';
import { areaText, bedroomsText } from '../property/facts';
import { hasRooms } from '../property/rooms';
import { perSqftLineText, perSqftText, priceText } from '../price';
import { galleryImages } from '../property/gallery';
import { Gallery } from '../property/Gallery';
import { Picture } from '../components/Picture';
import { NoScriptEnquiry } from '../property/NoScriptEnquiry';
import { MarketFigures } from '../property/MarketFigures';
import type { MarketTexts } from '../property/market';
import { MortgageSection } from '../property/MortgageSection';
import { ShareButton } from '../property/ShareButton';
import { SaveButton } from '../shortlist/controls';
import { MapCard } from '../property/MapCard';
import { ContactButtons, contactLinks } from '../property/contact';
import { Fact, projectParticulars, Row } from '../property/parts';
import { SimilarSection } from '../property/SimilarCard';
import { BackToListings } from '../property/BackToListings';
import { absoluteUrl, listingJsonLd, plainText, scriptJson, truncate } from '../property/seo';
import { PROPERTY_SHELL_ID } from '../property/shell';
import type { GonePage, GoneView as GoneViewType } from '../property/Gone';

/**
 * The enquiry form's code (the forms module, with the phone field and its country list, ~15 KB
 * gzipped) and its messages load when the modal opens, or as soon as the visitor points at or
 * focuses 'Get in Touch': property pages are most of the site's views, and most visitors never
 * open the form.
 */
const loadDetailForm = async (lang: Lang) => {
  const [forms] = await Promise.all([import('../forms/LeadForms'), loadMessages(lang, 'DetailForm'), loadEnquiryModal()]);
  return { default: forms.DetailForm };
};
/** The modal itself is behind the same tap: not part of the page's first-view JavaScript. */
const loadEnquiryModal = () => import('../property/EnquiryModal').then((module) => ({ default: module.EnquiryModal }));
const EnquiryModal = lazy(loadEnquiryModal);
const detailForms = new Map<Lang, LazyExoticComponent<typeof DetailFormComponent>>();
/** The lazy enquiry form of `lang` (one per language: its messages differ). */
function detailForm(lang: Lang): LazyExoticComponent<typeof DetailFormComponent> {
  let form = detailForms.get(lang);
  if (!form) {
    form = lazy(() => loadDetailForm(lang));
    detailForms.set(lang, form);
  }
  return form;
}

/** 'Get in Touch': opens the enquiry modal (the price card's and the phone's sticky bar's). */
function GetInTouchButton({ className, onOpen, ref }: { className: string; onOpen: () => void; ref?: Ref<HTMLButtonElement> }) {
  const t = useT();
  const lang = useLang();
  const prefetchDetailForm = () => void loadDetailForm(lang);
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={prefetchDetailForm}
      onFocus={prefetchDetailForm}
      onTouchStart={prefetchDetailForm}
    >
      <Icon name="mail" size={18} />
      <span>{t('property.getInTouch')}</span>
    </button>
  );
}

type Agent = Localized<DetailAgent>;
type Detail = Localized<Property>;

interface Loaded {
  missing: false;
  property: Detail;
  agent: Agent | null;
  developer: Localized<DetailDeveloper> | null;
  similar: CardProperty[];
  /** The listing's photos with their sizes and variants. */
  gallery: PictureData[];
  /** The listing's floor plans, with their sizes and variants. */
  floorPlans?: PictureData[];
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

/** A listing no longer published: its page says so (property/Gone.tsx). */
interface Gone {
  missing: false;
  gone: GonePage;
  /** The page's public address, for the agency's WhatsApp and e-mail message. */
  url: string;
}

/** Not found; or, in the prerendered property shell, not loaded yet (`pending`). */
type PropertyData = { missing: true; pending?: true } | Loaded | Gone;

/** The page of the listing `id` if it is no longer published, else null. */
async function goneListing(id: string, lang: Lang): Promise<Gone | null> {
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
      ? await (await import('../property/market')).marketTexts(lang, extras.market ?? null, property.location || '', full)
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

/** 'Property Not Found' with 'Go Back' to /. */
function PropertyNotFound() {
  const t = useT();
  return (
    <section className="container status-page">
      <Seo title={t('property.notFound')} description={t('property.notFound.text')} />
      <p className="status-page__code" aria-hidden="true">
        {t('notFound.code')}
      </p>
      <h1 className="status-page__title">{t('property.notFound')}</h1>
      <p className="status-page__text">{t('property.notFound.text')}</p>
      <Link to="/" className="button button--primary">
        <Icon name="arrowLeft" size={18} className="flip-rtl" />
        <span>{t('property.goBack')}</span>
      </Link>
    </section>
  );
}

function NotFoundView() {
  // An unknown property may be answered with the 404 page: hydrate that, then say what is missing.
  if (!useHydrated()) return <NotFoundContent />;
  return <PropertyNotFound />;
}

/**
 * The property shell, answering an address with no page of its own: an unknown id, almost
 * always, so it says 'Property Not Found' from its first paint (no placeholder that the answer
 * would move: no layout shift), while the browser asks for the listing in its address in case
 * it was published after the build (then the property replaces it).
 */
function PendingView() {
  const revalidator = useRevalidator();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [revalidator]);
  return <PropertyNotFound />;
}

function PropertyView({ property, agent, developer, similar, gallery, floorPlans, videoTour, amenities, stages, qr, market, areaGuide, baseUrl, kind }: Loaded) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const [enquiring, setEnquiring] = useState(false);
  // The lazy modal is mounted from the first 'Get in Touch' on (and stays, to hand focus back).
  const [enquired, setEnquired] = useState(false);
  if (enquiring && !enquired) setEnquired(true);
  const getInTouch = useRef<HTMLButtonElement>(null);
  const DetailForm = detailForm(lang);

  const pictures = galleryImages(property.Images, gallery, site.defaultImage);
  const images = pictures.map((picture) => picture.src);
  const forRent = property.mainCategory === 'Rental';
  const rooms = hasRooms(property.subCategory);
  const deal = forRent ? t('card.forRent') : t('card.forSale');
  const url = absoluteUrl(baseUrl, localePath(lang, property.url));
  const price = priceText(t, lang, property.price, property.pricePeriod);
  const perSqft = perSqftText(t, lang, property.price, property.area, property.pricePeriod);
  const perSqftLine = perSqftLineText(t, lang, property.price, property.area, property.pricePeriod);
  const place = property.location || t('card.notSpecified');
  const summary = t(forRent ? 'property.meta.rent' : 'property.meta.sale', {
    type: typeLabel(lang, property.subCategory),
    location: place,
    price,
  });
  // 'Get in Touch' starts with the listing named, editable: the message is never an empty hurdle.
  const enquiry = property.reference
    ? t('forms.detail.message', { title: property.title, reference: property.reference })
    : t('forms.detail.messageNoRef', { title: property.title });
  const text = plainText(property.description);
  const description = truncate(`${summary} ${text}`, 160);
  const links = contactLinks(site, agent, property, url, t);
  // Structured data is for crawlers, which read the prerendered page: built only there, so
  // its code stays out of the browser's bundle.
  const jsonLd = import.meta.env.SSR
    ? scriptJson(listingJsonLd({ property, site, baseUrl, description: truncate(text, 500), images, lang, kind }))
    : undefined;
  // The phone's contact bar only works with the page's script (its 'Get in Touch' opens the
  // modal), so it is not in the prerendered HTML: less to render, nothing dead without it.
  const hydrated = useHydrated();
  const offPlan = property.mainCategory === 'OffPlan';

  return (
    <article className="property">
      <Seo
        title={property.title}
        description={description}
        canonical={url}
        image={absoluteUrl(baseUrl, images[0] ?? site.defaultImage.src)}
        jsonLd={jsonLd}
      />
      <div className="container">
        <div className="property__topbar">
          <BackToListings category={property.mainCategory} className="text-link" />
          {property.reference ? <p className="property__ref">{t('property.refShort', { reference: property.reference })}</p> : null}
        </div>
        <div className="property__intro">
          <header className="property__header">
            <div>
              <p className="property__badges">
                {property.featured ? <span className="badge badge--gold">{t('card.featured')}</span> : null}
                <span className={forRent ? 'badge badge--teal' : 'badge'}>{deal}</span>
                <span className="badge badge--soft">{typeLabel(lang, property.subCategory)}</span>
              </p>
              <h1 className="property__title" {...enAttrs(property, 'title')}>
                {property.title}
              </h1>
              <p className="property__location">
                <Icon name="pin" size={18} />
                {areaGuide && property.location ? (
                  <Link to={areaGuide} {...enAttrs(property, 'location')}>
                    {place}
                  </Link>
                ) : (
                  <span {...enAttrs(property, 'location')}>{place}</span>
                )}
              </p>
            </div>
            <div className="property__price">
              <p className="property__price-value">{price}</p>
              {perSqftLine ? <p className="property__price-sub">{perSqftLine}</p> : null}
            </div>
          </header>
          <Gallery
            images={pictures}
            title={property.title}
            more={{ images: property.Images, known: gallery, plans: floorPlans, videoTour }}
          />
        </div>

        <div className="property__layout">
          <div className="property__main">
            <dl className="property__facts">
              {/* Bedrooms and bathrooms of a plot or an office are left out, not 'N/A' (as on cards). */}
              {rooms ? (
                <>
                  <Fact icon="bed" label={t('property.bedrooms')} value={bedroomsText(t, property.bedrooms)} />
                  <Fact
                    icon="bath"
                    label={t('property.bathrooms')}
                    value={property.bathrooms == null ? t('card.na') : String(property.bathrooms)}
                  />
                </>
              ) : null}
              <Fact icon="area" label={t('property.area')} value={areaText(t, lang, property.area)} />
              <Fact icon="tag" label={t('property.perSqft')} value={perSqft ?? t('card.na')} />
            </dl>

            <section className="property__section" aria-labelledby="property-description">
              <h2 id="property-description" className="property__heading">
                {t('property.description')}
              </h2>
              <div className="prose" {...enAttrs(property, 'description')} dangerouslySetInnerHTML={{ __html: property.description }} />
            </section>

            <section className="property__section" aria-labelledby="property-details">
              <h2 id="property-details" className="property__heading">
                {t('property.details')}
              </h2>
              <dl className="details-list">
                <Row label={t('property.type')}>{typeLabel(lang, property.subCategory)}</Row>
                <Row label={t('property.purpose')}>{deal}</Row>
                <Row label={t('property.price')}>{price}</Row>
                {forRent && property.pricePeriod ? (
                  <Row label={t('property.period')}>{t(property.pricePeriod === 'year' ? 'property.period.year' : 'property.period.month')}</Row>
                ) : null}
                {market?.terms.map(([label, value]) => (
                  <Row key={label} label={label}>
                    {value}
                  </Row>
                ))}
                {property.completionDate ? (
                  <Row label={t('property.completion')}>{formatMonth(lang, property.completionDate.slice(0, 7))}</Row>
                ) : null}
                {developer ? (
                  <Row label={t('property.developer')}>
                    <Link to={`/developers/${developer.id}`} className="text-link">
                      {developer.name}
                    </Link>
                  </Row>
                ) : null}
                <Row label={t('property.listed')}>{formatDate(lang, property.createdAt)}</Row>
              </dl>
            </section>

            <MarketFigures texts={market} />

            {amenities.length > 0 ? (
              <section className="property__section" aria-labelledby="property-amenities">
                <h2 id="property-amenities" className="property__heading">
                  {t('property.amenities')}
                </h2>
                <ul className="amenities">
                  {amenities.map((amenity) => (
                    <li key={amenity.name}>
                      <Icon name="check" size={18} />
                      <span lang={amenity.en ? 'en' : undefined}>{amenity.name}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}

            {offPlan && property.paymentPlan && property.paymentPlan.length > 0 ? (
              <section className="property__section" aria-labelledby="property-plan">
                <h2 id="property-plan" className="property__heading">
                  {t('property.paymentPlan')}
                </h2>
                <ol className="payment-plan">
                  {property.paymentPlan.map((step, i) => (
                    <li key={step.milestone}>
                      <span className="payment-plan__percent">{formatPercent(lang, step.percent)}</span>
                      {/* The stage named by vocabulary/stages.yaml; one it lacks stays English, marked so. */}
                      <span lang={stages[i]?.en ? 'en' : undefined}>{stages[i]?.name ?? step.milestone}</span>
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            {/* Homes only: the Central Bank's caps are for residential mortgages. */}
            {(property.mainCategory === 'Residential' || offPlan) && property.price != null ? (
              <MortgageSection price={property.price} offPlan={offPlan} plan={offPlan && property.paymentPlan?.length ? { stages: property.paymentPlan, names: stages } : undefined} />
            ) : null}

            {property.coordinates ? (
              <section className="property__section" aria-labelledby="property-map">
                <h2 id="property-map" className="property__heading">
                  {t('property.map')}
                </h2>
                <MapCard lat={property.coordinates.lat} lng={property.coordinates.lng} place={place} />
              </section>
            ) : null}

            <section className="property__section" aria-labelledby="property-compliance">
              <h2 id="property-compliance" className="property__heading">
                {t('property.compliance')}
              </h2>
              <div className="compliance">
                {qr && property.permitUrl ? (
                  <a className="compliance__qr" href={property.permitUrl} target="_blank" rel="noopener">
                    <img src={qr} alt={t('property.qr.alt', { permit: property.permitNumber ?? '' })} width={132} height={132} loading="lazy" />
                    <span>{t('property.qr.hint')}</span>
                  </a>
                ) : null}
                <dl className="details-list compliance__list">
                  <Row label={t('property.permit')}>
                    {property.permitNumber ? (
                      property.permitUrl ? (
                        <a href={property.permitUrl} target="_blank" rel="noopener" className="text-link">
                          {property.permitNumber}
                        </a>
                      ) : (
                        property.permitNumber
                      )
                    ) : (
                      t('card.na')
                    )}
                  </Row>
                  {/* Off-plan ads name the project as registered with RERA (N/A where the listing
                      lacks a particular, as for the permit); other listings only where given. */}
                  {projectParticulars(property).map(([key, value, english]) =>
                    offPlan || value ? (
                      <Row key={key} label={t(key)}>
                        {value && english && lang !== 'en' ? <span lang="en">{value}</span> : (value ?? t('card.na'))}
                      </Row>
                    ) : null,
                  )}
                  {property.reference ? <Row label={t('property.reference')}>{property.reference}</Row> : null}
                  <Row label={t('property.orn')}>{site.orn}</Row>
                  {agent?.brn ? <Row label={t('property.brn')}>{agent.brn}</Row> : null}
                </dl>
              </div>
            </section>
          </div>

          <aside className="property__aside" aria-label={t('property.summary')}>
            <div className="price-card">
              <p className="price-card__label">{deal}</p>
              <p className="price-card__price">{price}</p>
              {perSqftLine ? <p className="price-card__sub">{perSqftLine}</p> : null}
              <GetInTouchButton
                ref={getInTouch}
                className="button button--gold button--block price-card__cta"
                onOpen={() => setEnquiring(true)}
              />
              {/* Drawn by the prerender only: the browser neither shows nor renders <noscript> content. */}
              <noscript>{import.meta.env.SSR ? <NoScriptEnquiry propertyId={property.id} message={enquiry} /> : null}</noscript>
              <SaveButton id={property.id} title={property.title} labelled />
              <ShareButton title={property.title} text={summary} url={url} />
            </div>

            <div className="agent-card">
              {agent ? (
                <div className="agent-card__person">
                  <Picture picture={agent.image} sizes="avatar" alt={agent.name} {...enAttrs(agent, 'name')} fallbackWidth={64} fallbackHeight={64} />
                  <div>
                    <p className="agent-card__label">{t('property.agent')}</p>
                    <Link to={`/agents/${agent.id}`} className="agent-card__name" {...enAttrs(agent, 'name')}>
                      {agent.name}
                    </Link>
                    <p className="agent-card__role" {...enAttrs(agent, 'role')}>
                      {agent.role}
                    </p>
                    {agent.brn ? <p className="agent-card__brn">{t('team.brn', { brn: agent.brn })}</p> : null}
                  </div>
                </div>
              ) : (
                <div>
                  <p className="agent-card__label">{t('property.contactUs')}</p>
                  <p className="agent-card__name">{site.name}</p>
                </div>
              )}
              <ContactButtons links={links} className="agent-card__actions" />
            </div>

            <BackToListings category={property.mainCategory} className="button button--outline button--block" />
          </aside>
        </div>
      </div>

      <SimilarSection id="property-similar" heading={t('property.similar')} cards={similar} />

      {hydrated ? (
        <div className="property-cta" role="group" aria-label={t('property.contactBar')}>
          {links.tel ? (
            <a className="button button--primary property-cta__icon" href={links.tel}>
              <Icon name="phone" size={20} />
              <span className="visually-hidden">{t('property.call')}</span>
            </a>
          ) : null}
          <a className="button button--whatsapp property-cta__icon" href={links.whatsapp} target="_blank" rel="noopener">
            <Icon name="whatsapp" size={20} />
            <span className="visually-hidden">{t('property.whatsapp')}</span>
          </a>
          <GetInTouchButton className="button button--gold property-cta__main" onOpen={() => setEnquiring(true)} />
        </div>
      ) : null}

      {enquired ? (
        <Suspense fallback={null}>
          <EnquiryModal
            open={enquiring}
            onClose={() => setEnquiring(false)}
            returnFocus={getInTouch}
            subtitle={property.reference ? t('property.enquiry.subtitle', { title: property.title, reference: property.reference }) : property.title}
          >
            <Suspense
              fallback={
                <p className="form-loading" role="status">
                  {t('forms.loading')}
                </p>
              }
            >
              <DetailForm propertyId={property.id} message={enquiry} />
            </Suspense>
            <div className="enquiry-dialog__contact">
              {agent ? (
                <div className="agent-card__person">
                  <Picture picture={agent.image} sizes="avatar" alt={agent.name} {...enAttrs(agent, 'name')} fallbackWidth={64} fallbackHeight={64} />
                  <div>
                    <p className="agent-card__name">{agent.name}</p>
                    <p className="agent-card__role">{agent.role}</p>
                    {agent.brn ? <p className="agent-card__brn">{t('team.brn', { brn: agent.brn })}</p> : null}
                  </div>
                </div>
              ) : null}
              <p>{t('forms.detail.or')}</p>
              <ContactButtons links={links} className="enquiry-dialog__actions" />
            </div>
          </EnquiryModal>
        </Suspense>
      ) : null}
    </article>
  );
}

export { handle, HydrateFallback } from '../components/NotFoundContent';

/**
 * The page of a listing no longer published (property/Gone.tsx) and its messages load only when
 * such a page is shown, so the property pages' first view carries neither: the loader loads them
 * before the page renders (the prerender, a navigation), and a prerendered page hydrates once
 * they are there.
 */
let goneModule: typeof import('../property/Gone') | undefined;
async function loadGone(lang: Lang) {
  const [module] = await Promise.all([import('../property/Gone'), loadMessages(lang, 'Gone')]);
  goneModule = module;
  return { default: module.GoneView };
}
// Loaded already: a thenable that answers at once, so the page renders without suspending
// (renderToString, in the prerender, cannot wait); else loaded in the page's language.
const GoneView = lazy(() =>
  goneModule
    ? ({ then: (done: (module: { default: typeof GoneViewType }) => void) => done({ default: goneModule!.GoneView }) } as unknown as Promise<{ default: typeof GoneViewType }>)
    : loadGone(document.documentElement.lang as Lang),
);

function GonePageView({ gone, url }: Gone) {
  return (
    <Suspense fallback={null}>
      <GoneView page={gone} url={url} />
    </Suspense>
  );
}

export function Component() {
  const result = useLoaderData() as PropertyData;
  if (result.missing) return result.pending ? <PendingView /> : <NotFoundView />;
  if ('gone' in result) return <GonePageView {...result} />;
  return <PropertyView key={result.property.id} {...result} />;
}
