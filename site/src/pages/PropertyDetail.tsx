// One property ('Property detail'): the gallery, title, location, facts, price
// followed by AED, the description, 'Back to Listings' (to the property's category) and 'Get in
// Touch' (a modal). Besides those: bathrooms, price per sqft, rent period, amenities, the
// off-plan developer, completion and payment plan, the agent card with call, WhatsApp and email,
// a map, sharing, similar properties, Dubai's advertising particulars (permit number and its QR
// code; an off-plan project's name, RERA project number and escrow account; reference, the
// agency's ORN, the agent's BRN), and structured data for search engines.
// A missing property shows 'Property Not Found' with 'Go Back' to /; an id with no page of its
// own is served the property shell, which loads it here in the browser (see property/shell.ts).
// This module lays the page out; its data comes from property/loader.ts, and its sections are
// in property/: PropertyIntro (header and gallery), parts (facts, description, details,
// amenities, payment plan), MapSection, Compliance, contact (the agent card) and GetInTouch (the
// enquiry modal and the phone's contact bar).
import { useLoaderData, Link } from '../nav';
import { useT } from '../i18n';
import { useHydrated, useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { NotFoundContent } from '../components/NotFoundContent';
import { Icon } from '../components/Icon';
import { Island } from '../islands/Island';
import { AmenitiesSection, DescriptionSection, DetailsSection, PaymentPlanSection, PropertyFacts } from '../property/parts';
import { NoScriptEnquiry } from '../property/NoScriptEnquiry';
import { MarketFigures } from '../property/MarketFigures';
import { AgentCard } from '../property/contact';
import { PropertyIntro } from '../property/PropertyIntro';
import { ComplianceSection } from '../property/Compliance';
import { PropertyActions, PropertyBack, PropertyEnquiry, PropertyGallery, PropertyGetInTouch } from '../property/islands';
import { PropertyMap, PropertyMortgage, PropertySimilar } from '../property/later';
import { usePropertyView } from '../property/view';
import { absoluteUrl, listingJsonLd, plainText, scriptJson, truncate } from '../property/seo';
import { GoneListingView } from '../property/LazyGone';
import type { Loaded, PropertyData } from '../property/loader';
// This page's own styles (the cascade after the shared sheet, see styles.css).
import '../styles/property.css';

export { loader } from '../property/loader';

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
 * it was published after the build (whole.tsx: the address names other parameters than
 * the shell's; the property then replaces it).
 */
function PendingView() {
  return <PropertyNotFound />;
}

/**
 * The listing's page. In the prerender's islands (islands/Island.tsx), what a visitor can touch
 * is hydrated on its own (property/islands.tsx: the gallery, 'Back to Listings', 'Get in Touch' and
 * the modal, the heart and sharing; property/later.tsx, deferred: the mortgage calculator, the
 * map, the similar listings); the rest is the page's HTML.
 */
function PropertyView(data: Loaded) {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const view = usePropertyView(data);
  const { property, agent, developer, amenities, stages, qr, market, areaGuide, baseUrl, kind, pictures, deal, url, price, perSqftLine, place, summary, enquiry, links } = view;
  const images = pictures.map((picture) => picture.src);
  const text = plainText(property.description);
  const description = truncate(`${summary} ${text}`, 160);
  // Structured data is for crawlers, which read the prerendered page: built only there, so
  // its code stays out of the browser's bundle.
  const jsonLd = import.meta.env.SSR
    ? scriptJson(listingJsonLd({ property, site, baseUrl, description: truncate(text, 500), images, lang, kind }))
    : undefined;

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
          <Island name="propertyBack" component={PropertyBack} props={{ className: 'text-link' }} />
          {property.reference ? <p className="property__ref">{t('property.refShort', { reference: property.reference })}</p> : null}
        </div>
        <PropertyIntro property={property} areaGuide={areaGuide} deal={deal} price={price} perSqftLine={perSqftLine} place={place}>
          <Island name="propertyGallery" component={PropertyGallery} props={{}} />
        </PropertyIntro>

        <div className="property__layout">
          <div className="property__main">
            <PropertyFacts property={property} />

            <DescriptionSection property={property} />
            <DetailsSection property={property} deal={deal} price={price} market={market} developer={developer} />
            <MarketFigures texts={market} />
            <AmenitiesSection amenities={amenities} />
            <PaymentPlanSection property={property} stages={stages} />
            <Island name="propertyMortgage" component={PropertyMortgage} props={{}} />
            <Island name="propertyMap" component={PropertyMap} props={{}} />
            <ComplianceSection property={property} qr={qr} agent={agent} />
          </div>

          <aside className="property__aside" aria-label={t('property.summary')}>
            <div className="price-card">
              <p className="price-card__label">{deal}</p>
              <p className="price-card__price">{price}</p>
              {perSqftLine ? <p className="price-card__sub">{perSqftLine}</p> : null}
              <Island name="propertyGetInTouch" component={PropertyGetInTouch} props={{}} />
              {/* Drawn by the prerender only: the browser neither shows nor renders <noscript> content. */}
              <noscript>{import.meta.env.SSR ? <NoScriptEnquiry propertyId={property.id} message={enquiry} /> : null}</noscript>
              <Island name="propertyActions" component={PropertyActions} props={{}} />
            </div>
            <AgentCard agent={agent} links={links} />
            <Island name="propertyBack" component={PropertyBack} props={{ className: 'button button--outline button--block' }} />
          </aside>
        </div>
      </div>

      <Island name="propertySimilar" component={PropertySimilar} props={{}} />
      <Island name="propertyEnquiry" component={PropertyEnquiry} props={{}} />
    </article>
  );
}

export { handle } from '../components/NotFoundContent';


export function Component() {
  const result = useLoaderData() as PropertyData;
  if (result.missing) return result.pending ? <PendingView /> : <NotFoundView />;
  if ('gone' in result) return <GoneListingView {...result} />;
  return <PropertyView key={result.property.id} {...result} />;
}
