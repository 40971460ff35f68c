// The shortlist's controls on every page: the header's link with its count, and the heart on
// cards and the property page. One module, in the entry with the header: the hearts are on most
// pages, and as a module of their own, shared by the card and the property page, rollup split the
// pages' code around it into more, smaller chunks (1.9 KB more of the search page, gzipped).
import { useT } from '../i18n';
import { Icon } from '../components/Icon';
import { ShellLink } from '../components/ShellLink';
import { toggleSaved, useShortlist } from './store';

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
