// The agency's ways to be reached, from site.json: phones, WhatsApp, email, address, hours.
import { useT } from '../i18n';
import { telHref, whatsappHref } from '../format';
import { useSite } from '../shell';
import { Icon } from './Icon';

export function ContactDetails({ showMap = false }: { showMap?: boolean }) {
  const t = useT();
  const site = useSite();
  const mapHref = `https://www.google.com/maps/search/?api=1&query=${site.coordinates.lat},${site.coordinates.lng}`;
  return (
    <ul className="contact-list">
      {site.phones.map((phone) => (
        <li key={phone}>
          <Icon name="phone" />
          <span>
            <span className="contact-list__label">{t('contact.phone')}</span>
            <a href={telHref(phone)} dir="ltr">
              {phone}
            </a>
          </span>
        </li>
      ))}
      <li>
        <Icon name="whatsapp" />
        <span>
          <span className="contact-list__label">{t('contact.whatsapp')}</span>
          <a href={whatsappHref(site.whatsapp)} target="_blank" rel="noopener" dir="ltr">
            {site.whatsapp}
          </a>
        </span>
      </li>
      <li>
        <Icon name="mail" />
        <span>
          <span className="contact-list__label">{t('contact.email')}</span>
          <a href={`mailto:${site.email}`} dir="ltr">
            {site.email}
          </a>
        </span>
      </li>
      <li>
        <Icon name="pin" />
        <span>
          <span className="contact-list__label">{t('contact.address')}</span>
          <span>{site.address}</span>
          {showMap ? (
            <a className="contact-list__extra" href={mapHref} target="_blank" rel="noopener">
              {t('contact.map')}
            </a>
          ) : null}
        </span>
      </li>
      <li>
        <Icon name="clock" />
        <span>
          <span className="contact-list__label">{t('contact.hours')}</span>
          <span>{site.workingHours}</span>
        </span>
      </li>
    </ul>
  );
}
