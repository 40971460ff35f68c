// 'What is my home worth?' at the foot of an area guide (loaded after the guide, see
// guide/AreaGuidePage.tsx): the heading and a line; the tool itself (ValuationTool.tsx, its styles
// and messages) loads when the section comes within a screen of the viewport. /pro draws the same
// heading in its page and loads the tool at once (pages/Seller.tsx).
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { loadMessages, useT } from '../i18n';
import { useLang } from '../shell';
import type { ValuationToolProps } from './ValuationTool';

export function ValuationSection({ community, onSend }: Pick<ValuationToolProps, 'community' | 'onSend'>) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  const [Tool, setTool] = useState<ComponentType<ValuationToolProps> | null>(null);
  useEffect(() => {
    const element = section.current;
    if (!element || Tool) return;
    const start = () =>
      void Promise.all([import('./ValuationTool'), loadMessages(lang, 'Valuation')]).then(([module]) => setTool(() => module.ValuationTool));
    if (typeof IntersectionObserver === 'undefined') return start();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start(), { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [Tool, lang]);
  return (
    <section ref={section} id="valuation" className="section valuation" aria-labelledby={titleId}>
      <div className="container">
        <h2 id={titleId} className="section__title">
          {t('valuation.section.title')}
        </h2>
        <p className="valuation__lead">{t('valuation.section.lead')}</p>
        {Tool ? <Tool t={t} lang={lang} community={community} onSend={onSend} /> : null}
      </div>
    </section>
  );
}
