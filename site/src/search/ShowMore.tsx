import { useT } from '../i18n';
import { Icon } from '../components/Icon';

/** 'Showing N of M' and 'Show more' under a card grid, while cards remain unshown (useShownCount adds the next ones). */
export function ShowMore({ shown, total, onMore, disabled }: { shown: number; total: number; onMore: () => void; disabled?: boolean }) {
  const t = useT();
  if (shown >= total) return null;
  return (
    <div className="listing-more">
      <p className="listing-more__status">{t('listing.showing', { shown, total })}</p>
      <button type="button" className="button button--outline" onClick={onMore} disabled={disabled}>
        <span>{t('listing.more')}</span>
        <Icon name="chevronDown" size={18} />
      </button>
    </div>
  );
}
