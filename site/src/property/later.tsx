// The property page's deferred islands (islands/registry.ts): below its first screen, their code
// comes once the page is idle or one of them is touched. Each reads the page's data itself
// (usePropertyView), as the page's other islands (property/islands.tsx) do.
import { MapSection } from './MapSection';
import { MortgageSection } from './MortgageSection';
import { SimilarSection } from './SimilarCard';
import { useT } from '../i18n';
import { usePropertyView } from './view';

/** The homes' mortgage calculator (the Central Bank's caps are for residential mortgages). */
export function PropertyMortgage() {
  const { property, offPlan, stages } = usePropertyView();
  if ((property.mainCategory !== 'Residential' && !offPlan) || property.price == null) return null;
  return <MortgageSection price={property.price} offPlan={offPlan} plan={offPlan && property.paymentPlan?.length ? { stages: property.paymentPlan, names: stages } : undefined} />;
}

export function PropertyMap() {
  const { property, place } = usePropertyView();
  return <MapSection property={property} place={place} />;
}

export function PropertySimilar() {
  const t = useT();
  const { similar } = usePropertyView();
  return similar.length > 0 ? <SimilarSection id="property-similar" heading={t('property.similar')} cards={similar} /> : null;
}
