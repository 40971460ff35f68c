// Home: the headline, three tiles, the why-us text, and the 3 newest properties of each main
// category (Residential without a heading, then Off-Plan, Commercial, Rental).
// Interim version: the typewriter, search panel, newsletter, call-back form and popup follow.
import { Link, useLoaderData } from 'react-router';
import { getJson } from '../data';
import { useT, type MessageKey } from '../i18n';
import { byNewest, toCard, type CardProperty } from '../format';
import type { MainCategory, Property, Site } from '../types';
import { Seo } from '../components/Seo';
import { Icon, type IconName } from '../components/Icon';
import { ReadMore } from '../components/ReadMore';
import { PropertyGrid } from '../components/PropertyCard';

/** How many of the newest properties each block shows. */
export const NEWEST_PER_CATEGORY = 3;

interface HomeData {
  heroImage: string;
  whyUs: string;
  blocks: Record<MainCategory, CardProperty[]>;
}

export async function loader(): Promise<HomeData> {
  const [site, properties] = await Promise.all([
    getJson<Site>('/data/site.json'),
    getJson<Property[]>('/api/properties.json'),
  ]);
  const newest = (category: MainCategory) =>
    properties
      .filter((property) => property.mainCategory === category)
      .sort(byNewest((property) => property.createdAt))
      .slice(0, NEWEST_PER_CATEGORY)
      .map(toCard);
  return {
    heroImage: site.hero.all.poster,
    whyUs: site.whyUs,
    blocks: {
      Residential: newest('Residential'),
      OffPlan: newest('OffPlan'),
      Commercial: newest('Commercial'),
      Rental: newest('Rental'),
    },
  };
}

const TILES: { to: string; icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { to: '/pro', icon: 'key', title: 'home.tile.list.title', text: 'home.tile.list.text' },
  { to: '/developers', icon: 'building', title: 'home.tile.developers.title', text: 'home.tile.developers.text' },
  { to: '/buy-property', icon: 'home', title: 'home.tile.buy.title', text: 'home.tile.buy.text' },
];

const BLOCKS: { category: MainCategory; heading: MessageKey | null; more?: { to: string; label: MessageKey } }[] = [
  { category: 'Residential', heading: null },
  { category: 'OffPlan', heading: 'home.offPlan' },
  { category: 'Commercial', heading: 'home.commercial', more: { to: '/Properties-For-Sale-in-Dubai', label: 'home.more' } },
  { category: 'Rental', heading: 'home.rental', more: { to: '/Properties-For-Rent-in-Dubai', label: 'home.more' } },
];

export function Component() {
  const t = useT();
  const { heroImage, whyUs, blocks } = useLoaderData() as HomeData;
  return (
    <>
      <Seo title={t('home.meta.title')} description={t('home.meta.description')} nameFirst />

      <section className="home-hero">
        <img className="home-hero__bg" src={heroImage} alt="" width={1600} height={700} fetchPriority="high" />
        <div className="container home-hero__inner">
          <p className="eyebrow eyebrow--light">{t('home.eyebrow')}</p>
          <h1 className="home-hero__title">{t('home.headline')}</h1>
          <p className="home-hero__subtitle">{t('home.headline2')}</p>
          <div className="home-hero__actions">
            <Link to="/buy-property" className="button button--gold">
              {t('home.cta.buy')}
            </Link>
            <Link to="/rent-property" className="button button--ghost">
              {t('home.cta.rent')}
            </Link>
          </div>
        </div>
      </section>

      <section className="container tiles" aria-label={t('home.tiles.label')}>
        {TILES.map((tile) => (
          <Link key={tile.to} to={tile.to} className="tile">
            <span className="tile__icon">
              <Icon name={tile.icon} size={28} />
            </span>
            <span className="tile__title">{t(tile.title)}</span>
            <span className="tile__text">{t(tile.text)}</span>
            <span className="tile__more">
              <Icon name="arrowRight" size={18} className="flip-rtl" />
            </span>
          </Link>
        ))}
      </section>

      <section className="section section--sand" aria-labelledby="why-us">
        <div className="container why-us">
          <div className="why-us__intro">
            <p className="eyebrow">{t('home.whyUs.eyebrow')}</p>
            <h2 id="why-us" className="section__title">
              {t('home.whyUs.title')}
            </h2>
            <ul className="why-us__points">
              <li>
                <Icon name="shield" size={20} />
                <span>{t('home.whyUs.point1')}</span>
              </li>
              <li>
                <Icon name="pin" size={20} />
                <span>{t('home.whyUs.point2')}</span>
              </li>
              <li>
                <Icon name="user" size={20} />
                <span>{t('home.whyUs.point3')}</span>
              </li>
            </ul>
          </div>
          <ReadMore id="why-us-text" html={whyUs} />
        </div>
      </section>

      {BLOCKS.map(({ category, heading, more }) => (
        <section key={category} className="section" aria-labelledby={`home-${category}`}>
          <div className="container">
            {heading ? (
              <div className="section__head">
                <h2 id={`home-${category}`} className="section__title">
                  {t(heading)}
                </h2>
              </div>
            ) : (
              // The spec's residential block has no visible heading; assistive technology gets one.
              <h2 id={`home-${category}`} className="visually-hidden">
                {t('home.residential.label')}
              </h2>
            )}
            <PropertyGrid properties={blocks[category]} />
            {more ? (
              <p className="section__more">
                <Link to={more.to} className="button button--outline">
                  <span>{t(more.label)}</span>
                  <Icon name="arrowRight" size={18} className="flip-rtl" />
                </Link>
              </p>
            ) : null}
          </div>
        </section>
      ))}
    </>
  );
}
