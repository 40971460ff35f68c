// /req: a buyer's or tenant's requirements (what, where, budget, bedrooms, contact details),
// sent to the agency as a lead; beside it, what helps a consultant and how to reach one.
import { Link } from '../nav';
import { useT } from '../i18n';
import { useSite } from '../shell';
import { FormCard } from '../forms/FormCard';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';
import { RequirementsForm } from '../forms/RequirementsForm';
import { Island } from '../islands/Island';

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="requirements" component={RequirementsScreen} props={{}} />;
}

export function RequirementsScreen() {
  const t = useT();
  const site = useSite();
  return (
    <>
      <Seo title={t('req.title')} description={t('req.description', { name: site.name })} />
      <PageHeader eyebrow={t('req.eyebrow')} title={t('req.title')} lead={t('req.lead')} />
      <div className="container section two-column">
        <FormCard id="req-form" title={t('forms.req.title')} note={t('forms.required')}>
          <RequirementsForm />
        </FormCard>
        <aside className="side-card" aria-labelledby="req-what">
          <h2 id="req-what" className="side-card__title">
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
          <h3 className="side-card__subtitle">{t('req.contact')}</h3>
          <ContactDetails />
          <p>
            <Link to="/allproperties" className="button button--outline">
              {t('search.browseAll')}
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
