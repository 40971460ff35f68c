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
import { useRef, useState } from 'react';
import { useLoaderData, Link } from '../nav';
import { localePath, typeLabel, useT } from '../i18n';
import { useHydrated, useLang, useSite } from '../shell';
import { Seo } from '../components/Seo';
import { NotFoundContent } from '../components/NotFoundContent';
import { Icon } from '../components/Icon';
// The order of these imports is the order in which the page's HTML preloads the shared chunks
// they reach: dates, facts, rooms and price (through property/parts), the picture (through the
// gallery), sharing, the map.
import { AmenitiesSection, DescriptionSection, DetailsSection, PaymentPlanSection, PropertyFacts } from '../property/parts';
import { perSqftLineText, priceText } from '../price';
import { galleryImages } from '../property/gallery';
import { Gallery } from '../property/Gallery';
import { ShareButton } from '../property/ShareButton';
import { MapSection } from '../property/MapSection';
import { NoScriptEnquiry } from '../property/NoScriptEnquiry';
import { MarketFigures } from '../property/MarketFigures';
import { MortgageSection } from '../property/MortgageSection';
import { SaveButton } from '../shortlist/controls';
import { AgentCard, contactLinks } from '../property/contact';
import { PropertyIntro } from '../property/PropertyIntro';
import { ComplianceSection } from '../property/Compliance';
import { ContactBar, EnquiryDialog, GetInTouchButton } from '../property/GetInTouch';
import { SimilarSection } from '../property/SimilarCard';
import { BackToListings } from '../property/BackToListings';
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
 * it was published after the build (entry-client.tsx: the address names other parameters than
 * the shell's; the property then replaces it).
 */
function PendingView() {
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

  const pictures = galleryImages(property.Images, gallery, site.defaultImage);
  const images = pictures.map((picture) => picture.src);
  const forRent = property.mainCategory === 'Rental';
  const deal = forRent ? t('card.forRent') : t('card.forSale');
  const url = absoluteUrl(baseUrl, localePath(lang, property.url));
  const price = priceText(t, lang, property.price, property.pricePeriod);
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
        <PropertyIntro property={property} areaGuide={areaGuide} deal={deal} price={price} perSqftLine={perSqftLine} place={place}>
          <Gallery
            images={pictures}
            title={property.title}
            more={{ images: property.Images, known: gallery, plans: floorPlans, videoTour }}
          />
        </PropertyIntro>

        <div className="property__layout">
          <div className="property__main">
            <PropertyFacts property={property} />

            <DescriptionSection property={property} />
            <DetailsSection property={property} deal={deal} price={price} market={market} developer={developer} />
            <MarketFigures texts={market} />
            <AmenitiesSection amenities={amenities} />
            <PaymentPlanSection property={property} stages={stages} />

            {/* Homes only: the Central Bank's caps are for residential mortgages. */}
            {(property.mainCategory === 'Residential' || offPlan) && property.price != null ? (
              <MortgageSection price={property.price} offPlan={offPlan} plan={offPlan && property.paymentPlan?.length ? { stages: property.paymentPlan, names: stages } : undefined} />
            ) : null}

            <MapSection property={property} place={place} />
            <ComplianceSection property={property} qr={qr} agent={agent} />
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
            <AgentCard agent={agent} links={links} />
            <BackToListings category={property.mainCategory} className="button button--outline button--block" />
          </aside>
        </div>
      </div>

      {similar.length > 0 ? (
        <SimilarSection id="property-similar" heading={t('property.similar')} cards={similar} />
      ) : null}

      {hydrated ? <ContactBar links={links} onOpen={() => setEnquiring(true)} /> : null}

      {enquired ? (
        <EnquiryDialog
          open={enquiring}
          onClose={() => setEnquiring(false)}
          returnFocus={getInTouch}
          property={property}
          agent={agent}
          links={links}
          message={enquiry}
        />
      ) : null}
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
