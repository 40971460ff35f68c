// Small line icons (24x24, currentColor), drawn from the sprite src/components/icons.svg: one
// cached file instead of every drawing in the first view's JavaScript (about 1.5 KB gzipped of
// every page). Decorative: the text or aria-label beside them names the control, so every icon is
// aria-hidden.
import sprite from './icons.svg?no-inline';

/** The symbols of icons.svg (a test checks the two agree). */
export const ICON_NAMES = (
  'phone mail pin clock bed bath area home building key tag calendar user globe shield check menu close plus ' +
  'logout reset sort chevronDown arrowLeft arrowRight external share camera map qr search rss document ' +
  'instagram facebook linkedin youtube x tiktok whatsapp heart compare bell'
).split(' ') as readonly IconName[];

export type IconName =
  | 'phone' | 'mail' | 'pin' | 'clock' | 'bed' | 'bath' | 'area' | 'home' | 'building' | 'key' | 'tag'
  | 'calendar' | 'user' | 'globe' | 'shield' | 'check' | 'menu' | 'close' | 'plus' | 'logout' | 'reset'
  | 'sort' | 'chevronDown' | 'arrowLeft' | 'arrowRight' | 'external' | 'share' | 'camera' | 'map' | 'qr'
  | 'search' | 'rss' | 'document' | 'instagram' | 'facebook' | 'linkedin' | 'youtube' | 'x' | 'tiktok'
  | 'whatsapp' | 'heart' | 'compare' | 'bell';

export function hasIcon(name: string): name is IconName {
  return (ICON_NAMES as readonly string[]).includes(name);
}

/**
 * The stroke (currentColor, 1.7, round) is the stylesheet's `.icon` rule (styles/base.css), which
 * the drawing inherits: as attributes on every icon it was 110 bytes each, a fifth of a listing
 * page's HTML at 30 cards of 10 icons.
 */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width={size} height={size} aria-hidden="true">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
