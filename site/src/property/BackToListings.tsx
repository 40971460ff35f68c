// 'Back to Listings': to the list the property was opened from (a listing page or a search's
// results, with its filters), else to the listing page of the property's category. When that
// list is the previous history entry, the link goes Back, so the list comes back as it was left:
// the same cards shown and the same scroll position.
import type { MouseEvent } from 'react';
import { useLocation, Link, useNavigate } from '../nav';
import { useT } from '../i18n';
import { CATEGORY_PATH } from '../format';
import type { MainCategory } from '../types';
import { useHydrated } from '../shell';
import { isPreviousEntry, originOf } from '../search/origin';
import { Icon } from '../components/Icon';

export function BackToListings({ category, className }: { category: MainCategory; className: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  // The prerendered link is the category's: the origin, kept in the history entry, comes after hydration.
  const origin = useHydrated() ? originOf(location.state) : undefined;
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!origin || !isPreviousEntry(origin) || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Link to={origin?.path ?? CATEGORY_PATH[category]} className={className} onClick={back}>
      <Icon name="arrowLeft" size={18} className="flip-rtl" />
      <span>{t('property.back')}</span>
    </Link>
  );
}
