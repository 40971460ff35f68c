// The compare tray: a bar at the bottom of the window once a listing is chosen with a card's
// 'Compare', saying how many are chosen (two to four; a fifth is refused, and it says why), with
// 'Compare N' to /compare?ids=... and 'Clear'. Fetched with its styles and texts (the compare
// page's message set, which the compare page then has at once) when the first listing is chosen,
// so no page's first view carries it (controls.tsx places it).
import { use, useLayoutEffect, useRef } from 'react';
import { loadMessages, useT } from '../i18n';
import { Link } from '../nav';
import { useLang } from '../shell';
import { Icon } from '../components/Icon';
import { clearCompared, COMPARE_MAX, useCompareRefused } from './store';
import './compare-tray.css';

export default function CompareTray({ ids }: { ids: readonly string[] }) {
  // The same promise for every render (loadMessages keeps it), as `use` wants.
  use(loadMessages(useLang(), 'Compare'));
  const t = useT();
  const refused = useCompareRefused();
  const n = ids.length;
  const tray = useRef<HTMLElement>(null);
  // The tray's height, as it wraps in each language and state: the page keeps that much room at
  // its end, and the floating WhatsApp button rises above it (compare-tray.css).
  useLayoutEffect(() => {
    const element = tray.current;
    if (!element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty('--compare-tray-block', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--compare-tray-block');
    };
  }, []);
  return (
    <aside ref={tray} className="compare-tray" aria-label={t('compare.tray.label')}>
      <div className="container compare-tray__inner">
        {/* One live region: a choice, a refusal or a clear is announced where it is shown. */}
        <p className={refused ? 'compare-tray__status compare-tray__status--refused' : 'compare-tray__status'} role="status">
          <span className="compare-tray__count">{t('compare.tray.count', { n, max: COMPARE_MAX })}</span>
          {refused ? (
            <span className="compare-tray__note">{t('compare.tray.full', { max: COMPARE_MAX })}</span>
          ) : n < 2 ? (
            <span className="compare-tray__note">{t('compare.tray.more')}</span>
          ) : null}
        </p>
        {n >= 2 ? (
          <Link to={`/compare?ids=${ids.join(',')}`} className="button button--gold compare-tray__go">
            <Icon name="compare" size={18} />
            <span>{t('compare.tray.go', { n })}</span>
          </Link>
        ) : null}
        <button type="button" className="button button--ghost compare-tray__clear" aria-label={t('compare.tray.clearLabel')} onClick={clearCompared}>
          <Icon name="close" size={18} />
          <span className="compare-tray__clear-text">{t('compare.tray.clear')}</span>
        </button>
      </div>
    </aside>
  );
}
