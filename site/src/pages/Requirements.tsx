// /req: tell the agency what you are looking for. Interim version: the requirements form
// follows with the forms issue; until then, the ways to reach a consultant.
import { Link } from '../i18n/link';
import { useT } from '../i18n';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';

export function Component() {
  const t = useT();
  const site = useSite();
  return (
    <>
      <Seo title={t('req.title')} description={t('req.description', { name: site.name })} />
      <PageHeader eyebrow={t('req.eyebrow')} title={t('req.title')} lead={t('req.lead')} />
      <div className="container section two-column">
        <section aria-labelledby="req-what">
          <h2 id="req-what" className="section__title">
            {t('req.what')}
          </h2>
          <ul className="checklist">
            <li>
              <Icon name="check" size={20} />
              <span>{t('req.point1')}</span>
            </li>
            <li>
              <Icon name="check" size={20} />
              <span>{t('req.point2')}</span>
            </li>
            <li>
              <Icon name="check" size={20} />
              <span>{t('req.point3')}</span>
            </li>
            <li>
              <Icon name="check" size={20} />
              <span>{t('req.point4')}</span>
            </li>
          </ul>
          <p>
            <Link to="/allproperties" className="button button--outline">
              {t('search.browseAll')}
            </Link>
          </p>
        </section>
        <aside className="side-card" aria-labelledby="req-contact">
          <h2 id="req-contact" className="side-card__title">
            {t('req.contact')}
          </h2>
          <ContactDetails />
        </aside>
      </div>
    </>
  );
}
