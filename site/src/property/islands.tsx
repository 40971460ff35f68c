// The property page's islands (islands/registry.ts): what a visitor can touch on it. Each reads the
// page's data itself (its route's, through usePropertyView), so nothing of the listing travels
// twice in the page. The rest of the page (facts, description, details, compliance) is its HTML.
// Those below its first screen (the mortgage calculator, the map, similar listings) are deferred
// islands, in property/later.tsx.
import { useRef } from 'react';
import { useHydrated } from '../shell';
import { Gallery } from './Gallery';
import { ShareButton } from './ShareButton';
import { BackToListings } from './BackToListings';
import { ContactBar, EnquiryDialog, GetInTouchButton } from './GetInTouch';
import { closeEnquiry, openEnquiry, useEnquiry } from './enquiry';
import { SaveButton } from '../shortlist/controls';
import { usePropertyView } from './view';

export function PropertyGallery() {
  const { property, pictures, gallery, floorPlans, videoTour } = usePropertyView();
  return <Gallery images={pictures} title={property.title} more={{ images: property.Images, known: gallery, plans: floorPlans, videoTour }} />;
}

/** 'Back to Listings', in the top bar (`text-link`) and under the agent card (a button). */
export function PropertyBack({ className }: { className: string }) {
  const { property } = usePropertyView();
  return <BackToListings category={property.mainCategory} className={className} />;
}

/** The price card's 'Get in Touch'. */
export function PropertyGetInTouch() {
  return <GetInTouchButton className="button button--gold button--block price-card__cta" onOpen={(from) => openEnquiry(from)} />;
}

/** The price card's heart and sharing. */
export function PropertyActions() {
  const { property, summary, url } = usePropertyView();
  return (
    <>
      <SaveButton id={property.id} title={property.title} labelled />
      <ShareButton title={property.title} text={summary} url={url} />
    </>
  );
}

/**
 * The phone's contact bar (it only works with the page's script, so it is drawn once hydrated) and
 * the enquiry modal, mounted from the first 'Get in Touch' on.
 */
export function PropertyEnquiry() {
  const { property, agent, links, enquiry } = usePropertyView();
  const { open, opened, from } = useEnquiry();
  const returnFocus = useRef<HTMLElement | null>(null);
  returnFocus.current = from;
  const hydrated = useHydrated();
  return (
    <>
      {hydrated ? <ContactBar links={links} onOpen={(button) => openEnquiry(button)} /> : null}
      {opened ? (
        <EnquiryDialog open={open} onClose={closeEnquiry} returnFocus={returnFocus} property={property} agent={agent} links={links} message={enquiry} />
      ) : null}
    </>
  );
}
