// The card's and the property page's facts as text: in a module of their own, so the property
// page does not download the listing pages' card component to get them.
import type { Lang, Translate } from '../i18n';
import { formatNumber } from '../format';

export function bedroomsText(t: Translate, bedrooms: number | null): string {
  if (bedrooms == null) return t('card.na');
  return bedrooms === 0 ? t('card.studio') : String(bedrooms);
}

export function areaText(t: Translate, lang: Lang, area: number | null): string {
  return area == null ? t('card.na') : t('card.areaValue', { area: formatNumber(lang, area) });
}
