// One community's area guide, /area-guides-in-dubai/{key}, drawn by
// pages/AreaGuides.tsx (its chunk and its 'AreaGuides' messages: a page of its own cost every first
// view's route table a chunk and three message files more): the editor's text
// (content/communities/{key}.yaml), its newest listings, and its figures in the Dubai Land
// Department's open data: per kind a chart of the monthly median AED per sqft over the summary's
// 36 months (an inline SVG drawn here, so the prerender writes it; no chart library) with the
// same numbers as a table, then the last 12 months' sales, rents and gross yield per kind and
// bedrooms. A month or figure with under 10 sales says 'too few' (the generator leaves its
// median out: publish::market::ENOUGH). That market section is about half of the page's elements
// (409 in Dubai Marina's) with nothing to click: hydration adopts the prerender's markup of it as
// it is (components/Static.tsx), and the browser formats none of its months and numbers.
import { useLoaderData, data, type LoaderFunctionArgs, Link } from '../nav';
import { getJson } from '../data';
import { areaGuide } from '../paths';
import { loadMessages, useT, type Lang, type MessageKey, type Translate } from '../i18n';
import { enAttrs, langOfRequest, localize, type Localized } from '../i18n/content';
import { formatMonth } from '../dates';
import { formatNumber, formatPercent } from '../format';
import { isSafeId } from '../ids';
import type { AreaGuide as AreaGuideData, MarketFigure, MarketKind, MarketTrend } from '../types';
import { useHydrated, useLang } from '../shell';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { PropertyCard } from '../components/PropertyCard';
import { searchUrl } from '../components/SearchPanel';
import { NotFoundContent } from '../components/NotFoundContent';
import { TrendChart } from './TrendChart';
import { ScrollBox, watchScrollBoxes } from './ScrollBox';
import { Static } from '../components/Static';
import { lazy, Suspense } from 'react';

/**
 * 'What is my home worth?' at the foot of the guide: loaded after the page (below its fold), so
 * the guide's first view does not carry it; it loads its tool when it nears the viewport.
 */
const ValuationSection = lazy(() =>
  Promise.all([import('../valuation/ValuationSection'), loadMessages(document.documentElement.lang as Lang, 'Valuation')]).then(([module]) => ({
    default: module.ValuationSection,
  })),
);

type Guide = Localized<AreaGuideData>;
type GuideData = { missing: true } | { missing: false; guide: Guide };

const TEXTS = ['introduction', 'lifestyle', 'schools', 'transport'] as const;

/** A gross yield (yearly rent over price) with one decimal, as the property page writes it. */
function yieldText(lang: Lang, ratio: number): string {
  return formatPercent(lang, ratio * 100, 1);
}

async function loader({ params, request }: LoaderFunctionArgs) {
  if (!isSafeId(params.id)) return data<GuideData>({ missing: true }, { status: 404 });
  const lang = langOfRequest(request);
  try {
    const guide = await getJson(areaGuide(params.id));
    // The texts are their own object in the file: localized like a record's fields.
    const texts = localize({ ...guide.texts, name: guide.name, translations: guide.translations }, lang, ['name', ...TEXTS]);
    const { untranslated, name, ...localized } = texts;
    return { missing: false, guide: { ...guide, name, texts: localized, untranslated } } satisfies GuideData;
  } catch (error) {
    const status = error instanceof Response ? error.status : 500;
    if (status !== 404) console.error('Failed to fetch the area guide', error);
    return data<GuideData>({ missing: true }, { status: status === 404 ? 404 : 500 });
  }
}

const KINDS = {
  apartment: 'guide.kind.apartment',
  villa: 'guide.kind.villa',
  'office-shop': 'guide.kind.officeShop',
  land: 'guide.kind.land',
} as const satisfies Record<MarketKind, MessageKey>;

/** 'Apartments', '2 bedrooms', 'Studios': a figures table's row heading. */
function rowName(t: Translate, figure: MarketFigure): string {
  if (figure.bedrooms == null) return t(KINDS[figure.kind]);
  if (figure.bedrooms === 0) return t('guide.studios');
  return t('guide.bedrooms', { n: figure.bedrooms });
}

function Trend({ trend, community, id }: { trend: MarketTrend; community: string; id: string }) {
  const t = useT();
  const lang = useLang();
  const kind = t(KINDS[trend.kind]);
  const sales = trend.months.reduce((sum, m) => sum + m.sales, 0);
  const charted = trend.months.some((m) => m.median != null);
  const first = trend.months[0]?.month ?? '';
  const last = trend.months[trend.months.length - 1]?.month ?? '';
  const span = { from: formatMonth(lang, first), to: formatMonth(lang, last) };
  return (
    <figure className="guide-trend" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="guide-trend__caption">
        <strong>{t('guide.trend', { kind })}</strong> <span>{t('guide.trendSpan', span)}</span>
      </figcaption>
      {charted ? (
        <>
          <TrendChart trend={trend} label={t('guide.chartLabel', { kind, community, ...span })} />
          <p className="guide-trend__legend" aria-hidden="true">
            <span className="guide-key guide-key--line" />
            <span>{t('guide.medianCol')}</span>
            <span className="guide-key guide-key--bars" />
            <span>{t('guide.salesCol')}</span>
          </p>
        </>
      ) : (
        <p className="guide-trend__few">{t('guide.tooFewMonthly', { sales: t('market.sales', { n: sales }) })}</p>
      )}
      <details className="guide-trend__data">
        <summary>{t('guide.table')}</summary>
        <ScrollBox labelledBy={`${id}-table`}>
          <table className="guide-table">
            <caption id={`${id}-table`} className="visually-hidden">
              {t('guide.trend', { kind })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('guide.month')}</th>
                <th scope="col">{t('guide.salesCol')}</th>
                <th scope="col" className="guide-table__long">
                  {t('guide.medianCol')}
                </th>
              </tr>
            </thead>
            <tbody>
              {trend.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{formatMonth(lang, m.month)}</th>
                  <td>{formatNumber(lang, m.sales)}</td>
                  <td>{m.median != null ? formatNumber(lang, m.median) : <span className="guide-few">{t('guide.tooFew')}</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </details>
    </figure>
  );
}

function Figures({ figures }: { figures: MarketFigure[] }) {
  const t = useT();
  const lang = useLang();
  const few = <span className="guide-few">{t('guide.tooFew')}</span>;
  return (
    <>
      {/* The caption outside the table's box, which scrolls sideways on a phone: it stays put. */}
      <p id="guide-figures-caption" className="guide-table__caption">
        {t('guide.figuresCaption')}
      </p>
      <ScrollBox labelledBy="guide-figures-caption" className="guide-table-scroll--figures">
        <table className="guide-table guide-table--figures" aria-labelledby="guide-figures-caption">
          <thead>
            <tr>
              <th scope="col">{t('guide.property')}</th>
              <th scope="col">{t('guide.salesCol')}</th>
              <th scope="col" className="guide-table__long">
                {t('guide.medianCol')}
              </th>
              <th scope="col">{t('guide.rentsCol')}</th>
              <th scope="col" className="guide-table__long">
                {t('guide.rentCol')}
              </th>
              <th scope="col">{t('guide.yieldCol')}</th>
            </tr>
          </thead>
          <tbody>
            {figures.map((f) => (
              <tr key={`${f.kind}-${f.bedrooms ?? 'all'}`} className={f.bedrooms == null ? 'guide-table__kind' : undefined}>
                <th scope="row">{rowName(t, f)}</th>
                <td>{formatNumber(lang, f.sales)}</td>
                <td>{f.median != null ? formatNumber(lang, f.median) : few}</td>
                <td>{formatNumber(lang, f.rents)}</td>
                <td>{f.rentMedian != null ? formatNumber(lang, f.rentMedian) : few}</td>
                <td>{f.median != null && f.rentMedian != null ? yieldText(lang, f.rentMedian / f.median) : few}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </>
  );
}

function GuideView({ guide }: { guide: Guide }) {
  const t = useT();
  const lang = useLang();
  const name = guide.name;
  const hydrated = useHydrated();
  const sections = TEXTS.filter((field) => guide.texts[field]);
  const market = guide.market;
  // The search panels' own link to a community's results (and so the card and the panel stay one
  // chunk, as the search pages' first view needs: see the budget in bench/site_build.py).
  const search = searchUrl('/search-result', { query: '', type: '', bedrooms: '', area: '', community: guide.name }) ?? '/search-result';
  return (
    <>
      <Seo title={t('guide.title', { name })} description={t('guide.description', { name })} image={guide.image?.src} />
      <PageHeader image={guide.image ?? undefined} eyebrow={t('areas.eyebrow')} title={name}>
        <nav aria-label={t('guide.breadcrumb')} className="guide-crumbs">
          <Link to="/area-guides-in-dubai">{t('areas.title')}</Link>
        </nav>
      </PageHeader>
      <div className="container section guide">
        {sections.length ? (
          <div className="guide__texts">
            {sections.map((field) => (
              <section key={field} className="guide__text" aria-labelledby={`guide-${field}`}>
                <h2 id={`guide-${field}`} className="guide__heading">
                  {field === 'introduction' ? t('guide.about', { name }) : t(`guide.${field}`)}
                </h2>
                <div className="prose" {...enAttrs(guide, field)} dangerouslySetInnerHTML={{ __html: guide.texts[field] ?? '' }} />
              </section>
            ))}
          </div>
        ) : null}

        <section className="guide__section" aria-labelledby="guide-listings">
          <h2 id="guide-listings" className="guide__heading">
            {t('guide.listings', { name })}
          </h2>
          {guide.listings.length ? (
            <>
              <ul className="card-grid" role="list">
                {/* A card is a part of the page's hydration, in a task of its own. */}
                {guide.listings.map((card) => (
                  <li key={card.id}>
                    <PropertyCard property={card} />
                  </li>
                ))}
              </ul>
              {guide.total > guide.listings.length ? (
                <p className="guide__more">
                  <Link to={search}>{t('guide.all', { n: guide.total })}</Link>
                </p>
              ) : null}
            </>
          ) : (
            <p className="empty-state">{t('guide.noListings')}</p>
          )}
        </section>

        {market ? (
          // Prerendered, and left alone by hydration (a chart's SVG and tables, most of the page's
          // elements, with nothing to hydrate): only its tables' scrolling is watched. Keyed by the
          // guide, so that another guide drawn in its place renders its own.
          <Static key={guide.id} as="section" className="guide__section guide-market" aria-labelledby="guide-market" enhance={watchScrollBoxes}>
            {() => (
              <>
                <h2 id="guide-market" className="guide__heading">
                  {t('guide.market', { name })}
                </h2>
                <p className="guide-market__lead">{t('guide.marketLead')}</p>
                {market.trends.map((trend) => (
                  <Trend key={trend.kind} trend={trend} community={name} id={`trend-${trend.kind}`} />
                ))}
                {market.figures.length ? <Figures figures={market.figures} /> : null}
                <p className="guide-market__source">{t('market.source', { month: formatMonth(lang, market.to) })}</p>
              </>
            )}
          </Static>
        ) : null}
        <p className="guide__visa">
          <Link to="/golden-visa">{t('guide.goldenVisa')}</Link>
        </p>
      </div>
      {/* Drawn once the page has hydrated: not in the prerendered page, nor in its hydration. */}
      {hydrated && guide.market?.figures.length ? (
        <Suspense fallback={null}>
          <ValuationSection community={guide.id} />
        </Suspense>
      ) : null}
    </>
  );
}

function Component() {
  const loaded = useLoaderData() as GuideData;
  if (loaded.missing) return <NotFoundContent />;
  return <GuideView guide={loaded.guide} />;
}

/** The guide's route: its loader and screen. */
export const guide = { loader, Component };
