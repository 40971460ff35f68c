// The mortgage calculator's place on a home's property page: its heading and lead are in the
// page; the calculator itself (./MortgageCalculator.tsx, its rules, styles and messages) is
// loaded when the section comes within a screen of the viewport, so it is not part of the
// page's first view (the browser tests hold every first view under 120 KB of JavaScript).
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { loadMessages, useT, type Lang } from '../i18n';
import { useLang } from '../shell';
import type { PaymentPlan } from './MortgageCalculator';

const calculators = new Map<Lang, ReturnType<typeof lazyCalculator>>();
function lazyCalculator(lang: Lang) {
  return lazy(async () => {
    const [module] = await Promise.all([import('./MortgageCalculator'), loadMessages(lang, 'Mortgage')]);
    return { default: module.MortgageCalculator };
  });
}

/** `plan`: an off-plan listing's payment plan, which the calculator follows stage by stage. */
export function MortgageSection({ price, offPlan, plan }: { price: number; offPlan: boolean; plan?: PaymentPlan }) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = section.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  let Calculator = calculators.get(lang);
  if (!Calculator) {
    Calculator = lazyCalculator(lang);
    calculators.set(lang, Calculator);
  }
  return (
    <section ref={section} className="property__section mortgage" aria-labelledby={titleId}>
      <h2 id={titleId} className="property__heading">
        {t('mortgage.title')}
      </h2>
      <p className="mortgage__lead">{t('mortgage.lead')}</p>
      {near ? (
        <Suspense fallback={null}>
          <Calculator price={price} offPlan={offPlan} plan={plan} titleId={titleId} />
        </Suspense>
      ) : null}
    </section>
  );
}
