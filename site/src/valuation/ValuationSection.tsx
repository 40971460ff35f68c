// 'What is my home worth?' on /pro and on each area guide: the heading and a line in the page;
// the tool itself (ValuationTool.tsx, its styles and messages) loads when the section comes within
// a screen of the viewport, so it is no part of the page's first view.
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
