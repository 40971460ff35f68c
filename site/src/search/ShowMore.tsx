import { useT } from '../i18n';
import { Icon } from '../components/Icon';

/**
 * 'Showing N of M' and 'Show more' under a card grid, while cards remain unshown (useShownCount
 * adds the next ones). `failed`: the next cards could not be fetched (the search result pages
 * fetch them a page at a time); the message, in the page's words, says so and that pressing the
 * button again retries. It is an alert, so a screen reader says it as it appears, and it goes
 * once a press fetches them.
 */
export function ShowMore({
  shown,
  total,
  onMore,
  disabled,
  failed,
}: {
  shown: number;
  total: number;
  onMore: () => void;
  disabled?: boolean;
  failed?: string;
}) {
  const t = useT();
  if (shown >= total) return null;
  return (
    <div className="listing-more">
      <p className="listing-more__status">{t('listing.showing', { shown, total })}</p>
      {failed ? (
        <p className="listing-more__failed" role="alert">
          {failed}
        </p>
      ) : null}
      <button type="button" className="button button--outline" onClick={onMore} disabled={disabled}>
        <span>{t('listing.more')}</span>
        <Icon name="chevronDown" size={18} />
      </button>
    </div>
  );
}
