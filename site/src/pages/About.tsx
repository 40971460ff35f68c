// About Us: the agency's text from site.json with Read More / Read Less, and its credentials.
import { useLoaderData, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { SITE } from '../paths';
import { useT } from '../i18n';
import { useSite } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { ReadMore } from '../components/ReadMore';
import { Island } from '../islands/Island';
import { ContactDetails } from '../components/ContactDetails';
import { Icon } from '../components/Icon';
import { enAttrs, langOfRequest, localize } from '../i18n/content';

interface AboutData {
  about: string;
  untranslated?: string[];
}

export async function loader({ request }: LoaderFunctionArgs): Promise<AboutData> {
  const site = localize(await getJson(SITE), langOfRequest(request), ['about']);
  return { about: site.about, untranslated: site.untranslated };
}

export function Component() {
  const t = useT();
  const site = useSite();
  const { about, untranslated } = useLoaderData() as AboutData;
  return (
    <>
      <Seo title={t('about.title')} description={site.description} />
      <PageHeader eyebrow={site.name} title={t('about.title')} lead={site.description} />
      <div className="container section two-column">
        <section aria-labelledby="about-story">
          <h2 id="about-story" className="section__title">
            {t('about.story')}
          </h2>
          <div className="lang-scope" {...enAttrs({ untranslated }, 'about')}>
            <Island name="readMore" component={ReadMore} props={{ id: 'about-text', html: about }} />
          </div>
        </section>
        <aside className="side-card" aria-labelledby="about-facts">
          <h2 id="about-facts" className="side-card__title">
            {t('about.licensed')}
          </h2>
          <p className="side-card__orn">
            <Icon name="shield" size={22} />
            <span>{t('footer.orn', { orn: site.orn })}</span>
          </p>
          <ContactDetails />
          <div className="side-card__actions">
            <Link to="/meet-the-team" className="button button--primary">
              {t('header.team')}
            </Link>
            <Link to="/contact-us" className="button button--outline">
              {t('header.contact')}
            </Link>
          </div>
        </aside>
      </div>
    </>
  );
}
