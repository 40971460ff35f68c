// What the property page derives from its data (property/loader.ts) in the page's language: the
// page's layout (pages/PropertyDetail.tsx) and its islands (property/islands.tsx) read the same.
import { useLoaderData } from '../nav';
import { localePath, typeLabel, useT } from '../i18n';
import { useLang, useSite } from '../shell';
import { perSqftLineText, priceText } from '../price';
import { galleryImages } from './gallery';
import { contactLinks } from './contact';
import { absoluteUrl } from './seo';
import type { Loaded } from './loader';

/** The property of the page being drawn, with what its parts show of it. */
export function usePropertyView(data?: Loaded) {
  const loaded = useLoaderData() as Loaded;
  const given = data ?? loaded;
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const { property, agent, baseUrl } = given;
  const forRent = property.mainCategory === 'Rental';
  const url = absoluteUrl(baseUrl, localePath(lang, property.url));
  const price = priceText(t, lang, property.price, property.pricePeriod);
  const place = property.location || t('card.notSpecified');
  return {
    ...given,
    pictures: galleryImages(property.Images, given.gallery, site.defaultImage),
    deal: forRent ? t('card.forRent') : t('card.forSale'),
    url,
    price,
    perSqftLine: perSqftLineText(t, lang, property.price, property.area, property.pricePeriod),
    place,
    summary: t(forRent ? 'property.meta.rent' : 'property.meta.sale', { type: typeLabel(lang, property.subCategory), location: place, price }),
    // 'Get in Touch' starts with the listing named, editable: the message is never an empty hurdle.
    enquiry: property.reference
      ? t('forms.detail.message', { title: property.title, reference: property.reference })
      : t('forms.detail.messageNoRef', { title: property.title }),
    links: contactLinks(site, agent, property, url, t),
    offPlan: property.mainCategory === 'OffPlan',
  };
}
