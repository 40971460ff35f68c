// The shortlist's and compare's controls on every page: the header's link with its count, the
// heart on cards and the property page, the cards' 'Compare' and the place of the compare tray.
// One module, in the entry with the header: the hearts are on most pages, and as a module of their
// own, shared by the card and the property page, rollup split the pages' code around it into more,
// smaller chunks (1.9 KB more of the search page, gzipped). The tray itself, its texts and styles
// are fetched once a listing is chosen to compare, so no page's first view carries them.
import { lazy, Suspense } from 'react';
import { stripLang, useT } from '../i18n';
import { Icon } from '../components/Icon';
import { ShellLink } from '../components/ShellLink';
import { usePathname } from '../shell';
import { toggleCompared, toggleSaved, useCompared, useShortlist } from './store';

/** The shortlist, with how many listings are saved (none in the HTML: the server has no list). */
export function ShortlistLink() {
  const t = useT();
  const count = useShortlist().length;
  // Named by its words and the count it shows ('Shortlist 3'), so the name holds what is seen.
  return (
    <ShellLink to="/shortlist" className="shortlist-link">
      <Icon name="heart" size={22} />
      <span className="visually-hidden">{t('header.shortlist')}</span>
      {count > 0 ? <span className="shortlist-link__count">{count}</span> : null}
    </ShellLink>
  );
}

/**
 * The heart: saves the listing to the shortlist, or removes it. A toggle button (aria-pressed): on
 * a card named with the listing's title, on the property page with its visible words.
 */
export function SaveButton({ id, title, labelled = false }: { id: string; title: string; labelled?: boolean }) {
  const t = useT();
  const saved = useShortlist().includes(id);
  return (
    <button
      type="button"
      className={labelled ? 'button button--ghost button--block save-toggle--labelled' : 'save-toggle'}
      aria-pressed={saved}
      aria-label={labelled ? undefined : t('card.save', { title })}
      onClick={() => toggleSaved(id)}
    >
      <Icon name="heart" size={labelled ? 18 : 20} />
      {labelled ? <span>{t('card.saveHere')}</span> : null}
    </button>
  );
}

/**
 * A card's 'Compare': chooses the listing for the compare tray, or lets it go. A toggle button
 * named with its word and the listing's title ('Compare Marina Gate'); a fifth choice is refused
 * and the tray says why.
 */
export function CompareToggle({ id, title }: { id: string; title: string }) {
  const t = useT();
  const chosen = useCompared().includes(id);
  return (
    <button
      type="button"
      className="compare-toggle"
      aria-pressed={chosen}
      aria-label={t('card.compareLabel', { title })}
      onClick={() => toggleCompared(id)}
    >
      <Icon name={chosen ? 'check' : 'compare'} size={16} />
      <span>{t('card.compare')}</span>
    </button>
  );
}

const CompareTray = lazy(() => import('./CompareTray'));

/** The compare tray, on every page once a listing is chosen, but the compare page itself. */
export function CompareTrayPlace() {
  const ids = useCompared();
  // A hook runs on every render, whether or not a listing is chosen.
  const pathname = usePathname();
  return ids.length > 0 && stripLang(pathname) !== '/compare' ? (
    <Suspense>
      <CompareTray ids={ids} />
    </Suspense>
  ) : null;
}
