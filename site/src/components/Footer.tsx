// The site footer: the agency, quick links (so every page is reachable without JavaScript),
// contact details, working hours, social and legal links, and the ORN. All from site.json.
import { useT, type MessageKey } from '../i18n';
import { telHref } from '../format';
import { useSite } from '../shell';
import { hasIcon, Icon } from './Icon';
import { MAIN_LINKS, MORE_LINKS } from './Header';
import { ShellLink } from './ShellLink';

type FooterLink = { to: string; label: MessageKey };

const EXPLORE: FooterLink[] = [
  ...MAIN_LINKS,
  { to: '/area-guides-in-dubai', label: 'header.areas' },
  { to: '/allproperties', label: 'footer.allProperties' },
];

const COMPANY: FooterLink[] = [
  ...MORE_LINKS,
  { to: '/partners', label: 'footer.partners' },
  { to: '/pro', label: 'header.list' },
  { to: '/req', label: 'footer.requirements' },
  { to: '/feed', label: 'footer.feed' },
];

/** A titled column of footer links. */
function LinkColumn({ id, title, items }: { id: string; title: string; items: FooterLink[] }) {
  const t = useT();
  return (
    <nav className="site-footer__col" aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <ShellLink to={item.to}>{t(item.label)}</ShellLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const SOCIAL_NAMES: Record<string, MessageKey> = {
  instagram: 'social.instagram',
  facebook: 'social.facebook',
  linkedin: 'social.linkedin',
  youtube: 'social.youtube',
  x: 'social.x',
  twitter: 'social.x',
  tiktok: 'social.tiktok',
  whatsapp: 'social.whatsapp',
};

export function Footer() {
  const t = useT();
  const site = useSite();
  const socialName = (network: string) => {
    const key = SOCIAL_NAMES[network.toLowerCase()];
    return key ? t(key) : network;
  };
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__brand" aria-labelledby="footer-brand">
          <h2 id="footer-brand" className="site-footer__name">
            {site.name}
          </h2>
          <p className="site-footer__about">{site.description}</p>
          <p className="site-footer__orn">
            <Icon name="shield" size={18} />
            <span>{t('footer.orn', { orn: site.orn })}</span>
          </p>
          <ul className="social-links" aria-label={t('footer.follow')}>
            {site.social.map(({ network, url }) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener" aria-label={t('social.label', { network: socialName(network) })}>
                  <Icon name={hasIcon(network) ? network : 'globe'} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </section>

        <LinkColumn id="footer-explore" title={t('footer.explore')} items={EXPLORE} />
        <LinkColumn id="footer-company" title={t('footer.company')} items={COMPANY} />

        <section className="site-footer__col" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {t('footer.contact')}
          </h2>
          <ul className="site-footer__contact">
            {site.phones.map((phone) => (
              <li key={phone}>
                <Icon name="phone" size={18} />
                <a href={telHref(phone)} dir="ltr">
                  {phone}
                </a>
              </li>
            ))}
            <li>
              <Icon name="mail" size={18} />
              <a href={`mailto:${site.email}`} dir="ltr">
            {site.email}
          </a>
            </li>
            <li>
              <Icon name="pin" size={18} />
              <address>{site.address}</address>
            </li>
            <li>
              <Icon name="clock" size={18} />
              <span>
                <span className="visually-hidden">{t('footer.hours')}</span>
                {site.workingHours}
              </span>
            </li>
          </ul>
        </section>
      </div>

      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>{t('footer.rights', { name: site.legalName ?? site.name })}</p>
          <nav aria-label={t('footer.legal')}>
            <ul className="site-footer__legal">
              <li>
                <ShellLink to="/privacy-policy">{t('footer.privacy')}</ShellLink>
              </li>
              <li>
                <ShellLink to="/termandcondition">{t('footer.terms')}</ShellLink>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
