// /compare?ids=a,b,c: two to four listings side by side, a row per fact (price, AED per sqft,
// type, rooms, area, community, handover and payment plan for off-plan, permit, agent). The best
// value of a row is named in words (lowest AED per sqft, largest area), not by colour alone. On a
// phone the table scrolls sideways under its fixed column of labels; in Arabic it reads right to
// left. Kept out of search engines. A listing no longer published is named as no longer
// available; a request that fails (offline, a server error) says so with a button to ask again;
// without JavaScript the page says comparing needs it, with a link to the shortlist.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams, Link } from '../nav';
import { localize, termIn } from '../i18n/content';
import { localePath, typeLabel, useT, type Lang } from '../i18n';
import { useHydrated, useLang, useSite } from '../shell';
import { getJson } from '../data';
import { apiProperty, detail, SITE, TEAM } from '../paths';
import { Seo } from '../components/Seo';
import { PageHeader } from '../components/PageHeader';
import { Icon } from '../components/Icon';
import { Picture, SIZES, type PictureSizes } from '../components/Picture';
import { perSqftLineText, priceText, comparablePrice } from '../price';
import { areaText, bedroomsText } from '../property/facts';
import { formatMonth } from '../dates';
import { formatPercent } from '../format';
import { cleanIds, COMPARE_FROM_SHORTLIST, COMPARE_MAX } from '../shortlist/store';
import { idsParam, useSaved } from '../shortlist/listings';
import { bestOf } from '../shortlist/best';
import type { Picture as PictureData, Property, TermNames } from '../types';
import type { EarlyPlan } from '../early';
import '../shortlist/shortlist.css';
import { Island } from '../islands/Island';

/** Price per square foot as a yearly figure for rents (src/price.ts), or null. */
function perSqft(property: Property): number | null {
  const price = comparablePrice(property.price, property.pricePeriod);
  return price == null || !property.area ? null : price / property.area;
}

/** The address's listings, at most COMPARE_MAX, as the page reads them. */
const idsOf = (value: string | null) => cleanIds(idsParam(value)).slice(0, COMPARE_MAX);

// Opened at /compare (not its code loaded on the way elsewhere): the listings, the team and the
// stages' names are asked for as the page's code loads, before hydration (the page cannot draw
// its table before they come, and their requests waited for hydration); getJson keeps each answer
// for the hooks below. A failure is the hooks' to report: they ask again.
if (!import.meta.env.SSR && /\/compare\/?$/.test(window.location.pathname)) {
  for (const id of idsOf(new URLSearchParams(window.location.search).get('ids'))) {
    getJson(apiProperty(id)).catch(() => undefined);
    getJson(detail(id)).catch(() => undefined);
  }
  getJson(TEAM).catch(() => undefined);
  getJson(SITE).catch(() => undefined);
}

/** The heads' photos' `sizes`, by how many listings are compared (components/Picture.tsx). */
const HEAD_SIZES: Record<number, PictureSizes> = { 2: 'compare2', 3: 'compare3', 4: 'compare4' };

/** What stands for a listing's id in the paths of `handle`'s plan. */
const ID = '{id}';

/**
 * The same requests, started by the boot script as soon as the HTML is parsed (early.ts), and the
 * first listing's head photo, fetched beside this code.
 */
export const handle = {
  early: {
    compare: {
      param: 'ids',
      max: COMPARE_MAX,
      id: ID,
      record: apiProperty(ID),
      detail: detail(ID),
      files: [TEAM, SITE],
      sizes: Object.fromEntries(Object.entries(HEAD_SIZES).map(([count, sizes]) => [count, SIZES[sizes]])),
    },
  } satisfies EarlyPlan,
};

/** The photo boxes' content: the boot script's (early.ts draws the heads' photos there before this code has come); inner HTML, so the hydration keeps it. */
const EARLY_PHOTO = { __html: '' };

/**
 * While the listings load: the table's outline, as the table will draw it but for the listings'
 * facts: the rows' labels, and a column per listing with its photo's box and a line for its
 * title. Its columns are the table's (the labels' column as wide as their longest word, the
 * listings' sharing the rest), so the heads' photos can be shown where the table will show them
 * before the table comes (early.ts). The off-plan rows are there only once the boot script has
 * found an off-plan listing among the records (`data-off-plan`, shortlist.css), as in the table.
 * It has a column for the most listings compared, and shows as many as the address names: the
 * page's inline script says how many on <html> (`data-compare-count`, early-compare.js) before
 * the page is drawn, so the prerendered outline (two when the address names fewer) has its final
 * columns at the first paint; once hydrated, the page says it itself (`count`, `data-columns`).
 * Drawn with every column whatever the count, the element hydrates as it was served: nothing on
 * the screen moves as the count becomes known.
 */
function Pending({ count, rows, loading }: { count?: number; rows: { label: string; offPlan?: boolean }[]; loading: string }) {
  const columns = Array.from({ length: COMPARE_MAX }, (_, index) => index);
  return (
    // Hidden without JavaScript (shortlist.css): nothing would ever come.
    <div className="compare__waiting">
      <div className="compare__scroll compare__pending">
        <table className="compare__outline" aria-hidden="true" data-columns={count}>
          <thead>
            <tr>
              <td />
              {columns.map((index) => (
                <th key={index}>
                  <div className="compare__photo" dangerouslySetInnerHTML={EARLY_PHOTO} />
                  <span className="placeholder-line" />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(({ label, offPlan }) => (
              <tr key={label} data-off-plan={offPlan ? '' : undefined}>
                <th scope="row">{label}</th>
                {columns.map((index) => (
                  <td key={index} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="shortlist__status" role="status">
        <span className="spinner" aria-hidden="true" /> {loading}
      </p>
    </div>
  );
}

type Names = { agents: Record<string, string>; stages: Record<string, TermNames> };

/**
 * The agents' names (the team page's, in the page's language) and the payment-plan stages' names
 * in the page's language; null until they have come (or failed to, then none: the agency's name
 * stands in for an agent, and a stage keeps its English name), so the table is drawn once, whole.
 */
function useNames(lang: Lang): Names | null {
  const [names, setNames] = useState<{ lang: Lang; names: Names } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([getJson(TEAM), getJson(SITE).catch(() => null)])
      .then(([team, site]) => {
        const agents = Object.fromEntries(team.map((member) => [member.id, localize(member, lang, ['name']).name]));
        return { agents, stages: site?.vocabulary.stages ?? {} };
      })
      .catch((error) => {
        console.error('Failed to fetch the team', error);
        return { agents: {}, stages: {} };
      })
      .then((names) => {
        if (live) setNames({ lang, names });
      });
    return () => {
      live = false;
    };
  }, [lang]);
  return names?.lang === lang ? names.names : null;
}

/**
 * The pictures the image stage recorded for each listing's photos (its detail file's gallery, with
 * the smaller widths to choose from), by listing; null until they have come. A listing whose file
 * fails has none: its head shows the photo's own address.
 */
function usePictures(ids: readonly string[], attempt: number): Record<string, PictureData[]> | null {
  const key = `${attempt}:${ids.join(',')}`;
  const [loaded, setLoaded] = useState<{ key: string; pictures: Record<string, PictureData[]> } | null>(null);
  useEffect(() => {
    let live = true;
    const asked = key.slice(key.indexOf(':') + 1);
    void Promise.all(
      (asked ? asked.split(',') : []).map((id) =>
        getJson(detail(id)).then(
          (data) => [id, data.gallery] as const,
          () => [id, []] as const,
        ),
      ),
    ).then((entries) => {
      if (live) setLoaded({ key, pictures: Object.fromEntries(entries) });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return loaded?.key === key ? loaded.pictures : null;
}

/** The page: one island, all of it (its parts share what the visitor chooses). */
export function Component() {
  return <Island name="compare" component={CompareScreen} props={{}} />;
}

export function CompareScreen() {
  const t = useT();
  const lang = useLang();
  const site = useSite();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromShortlist = (location.state as { from?: string } | null)?.from === COMPARE_FROM_SHORTLIST.from;
  // The prerender has no query: the page hydrates as it drew it, then reads it.
  const hydrated = useHydrated();
  const chosen = hydrated ? cleanIds(idsParam(params.get('ids'))) : [];
  // A link naming more than COMPARE_MAX listings (written by hand or cut short): the first ones
  // are compared (as idsOf reads them), and the page says so rather than dropping the others silently.
  const ids = chosen.slice(0, COMPARE_MAX);
  // Each press of 'Try again' asks for the listings anew.
  const [attempt, setAttempt] = useState(0);
  const saved = useSaved(ids, attempt, true);
  const pictures = usePictures(ids, attempt);
  const names = useNames(lang);
  const { agents, stages } = names ?? { agents: {}, stages: {} };
  // The prerender, the hydration and the wait for the listings all show the placeholder: the
  // prerender cannot know the address's ids, and most visits to the page name some.
  const pending = !hydrated || (ids.length >= 2 && (saved === null || names === null || pictures === null));
  // A listing that could not be read (offline, a server error), unlike one no longer published.
  const failed = (saved ?? []).some((entry) => 'failed' in entry);
  // Each listing no longer published by its title in the page's language, as its own page names
  // it; by its id when it has none (a draft, or an id never published).
  const gone = (saved ?? []).flatMap((entry) =>
    'gone' in entry ? [{ id: entry.id, name: (entry.was && localize(entry.was, lang, ['title']).title) || entry.id }] : [],
  );
  const properties = (saved ?? []).flatMap((entry) => ('property' in entry ? [localize(entry.property, lang, ['title', 'location'])] : []));
  const headSizes = HEAD_SIZES[properties.length] ?? 'compare4';
  // A yearly rent per sqft and a sale price per sqft are not one scale: the best is named only
  // among listings of one kind.
  const oneKind = new Set(properties.map((p) => p.mainCategory === 'Rental')).size === 1;
  const cheapest = oneKind ? bestOf(properties.map(perSqft), 'lowest') : null;
  const largest = bestOf(properties.map((p) => p.area ?? null), 'highest');
  const offPlan = properties.some((p) => p.mainCategory === 'OffPlan');

  // Every row the table may have; `offPlan`: only when an off-plan listing is compared.
  const allRows: { label: string; cell: (p: Property, i: number) => ReactNode; offPlan?: boolean }[] = [
    {
      // Like with like: a rent says its period and, due monthly, what it comes to in a year (as
      // the yearly rents beside it say); a sale's price says it is one when rents are beside it.
      label: t('compare.price'),
      cell: (p) => (
        <>
          {priceText(t, lang, p.price, p.pricePeriod)}
          {p.price != null && p.pricePeriod === 'month' ? (
            <span className="compare__note">{t('compare.yearly', { price: priceText(t, lang, p.price * 12, 'year') })}</span>
          ) : null}
          {p.price != null && !oneKind && p.mainCategory !== 'Rental' ? <span className="compare__note">{t('compare.salePrice')}</span> : null}
        </>
      ),
    },
    {
      label: t('compare.perSqft'),
      cell: (p, i) => (
        <>
          {perSqftLineText(t, lang, p.price, p.area, p.pricePeriod) ?? t('card.na')}
          {i === cheapest ? <strong className="compare__best">{t('compare.lowestPerSqft')}</strong> : null}
        </>
      ),
    },
    { label: t('compare.type'), cell: (p) => typeLabel(lang, p.subCategory) },
    { label: t('card.bedrooms'), cell: (p) => bedroomsText(t, p.bedrooms) },
    { label: t('card.bathrooms'), cell: (p) => p.bathrooms ?? t('card.na') },
    {
      label: t('card.area'),
      cell: (p, i) => (
        <>
          {areaText(t, lang, p.area)}
          {i === largest ? <strong className="compare__best">{t('compare.largest')}</strong> : null}
        </>
      ),
    },
    { label: t('compare.community'), cell: (p) => p.location || t('card.notSpecified') },
    {
      label: t('compare.completion'),
      cell: (p: Property) => (p.completionDate ? formatMonth(lang, p.completionDate.slice(0, 7)) : t('card.na')),
      offPlan: true,
    },
    {
      label: t('compare.paymentPlan'),
      // A step a line, its share first: in one line, an English milestone ('On booking') in
      // an Arabic page reordered the shares around it. Stages in the page's language
      // (vocabulary/stages.yaml); one it lacks stays English, marked so.
      cell: (p: Property) =>
        p.paymentPlan && p.paymentPlan.length > 0 ? (
          <ol className="compare__plan">
            {p.paymentPlan.map((step) => {
              const stage = termIn(stages, lang, step.milestone);
              return (
                <li key={step.milestone}>
                  <strong>{formatPercent(lang, step.percent)}</strong>{' '}
                  <span lang={stage.en ? 'en' : undefined}>{stage.name}</span>
                </li>
              );
            })}
          </ol>
        ) : (
          t('card.na')
        ),
      offPlan: true,
    },
    { label: t('compare.permit'), cell: (p) => p.permitNumber ?? t('card.na') },
    // An agent removed from the team since: the agency, as the property page shows.
    { label: t('compare.agent'), cell: (p) => (p.agent ? (agents[p.agent] ?? site.name) : site.name) },
  ];
  const rows = allRows.filter((row) => offPlan || !row.offPlan);

  return (
    <>
      <Seo title={t('compare.meta')} description={t('compare.lead')} noindex />
      <PageHeader eyebrow={site.name} title={t('compare.title')} lead={t('compare.lead')} />
      <div className="container section compare">
        <p>
          {/* Back where the visitor came from: the shortlist, else the list whose cards' Compare
              buttons chose the listings (the browser's Back), else the listings. */}
          {fromShortlist ? (
            <Link to="/shortlist" className="text-link">
              <Icon name="arrowLeft" size={16} className="flip-rtl" />
              <span>{t('compare.back')}</span>
            </Link>
          ) : (
            <Link
              to="/allproperties"
              className="text-link"
              onClick={(event) => {
                if (location.key === 'default') return;
                event.preventDefault();
                navigate(-1);
              }}
            >
              <Icon name="arrowLeft" size={16} className="flip-rtl" />
              <span>{t('compare.backToListings')}</span>
            </Link>
          )}
        </p>
        {/* At least a screen high from the first paint (shortlist.css): the footer is below the
            fold while the listings load, so the table, however tall, moves nothing on the screen
            when it comes. */}
        <div className="compare__body">
          {/* Drawn by the prerender only: the browser neither shows nor renders <noscript> content. */}
          <noscript>
            {import.meta.env.SSR ? (
              <p className="empty-state">
                <Icon name="compare" size={28} />
                <span>
                  {t('noscript.compare')} <a href={localePath(lang, '/shortlist')}>{t('compare.openShortlist')}</a>
                </span>
              </p>
            ) : null}
          </noscript>
          {pending ? (
            <Pending count={hydrated ? Math.max(2, ids.length) : undefined} rows={allRows} loading={t('shortlist.loading')} />
          ) : failed ? (
            <div className="empty-state compare__failed" role="alert">
              <Icon name="compare" size={28} />
              <span>{t('compare.failed')}</span>
              <button type="button" className="button button--gold" onClick={() => setAttempt((n) => n + 1)}>
                {t('compare.retry')}
              </button>
            </div>
          ) : properties.length < 2 ? (
            // Fewer than two left to compare (none asked, one, or the others no longer published):
            // no table of one column or of labels alone.
            <p className="empty-state" role="status">
              <Icon name="compare" size={28} />
              <span>
                {t('compare.tooFew')}{' '}
                <Link to="/shortlist" className="text-link">
                  {t('compare.openShortlist')}
                </Link>
              </span>
            </p>
          ) : (
            <div className="compare__scroll" role="region" aria-label={t('compare.title')} tabIndex={0}>
              <table className="compare__table">
                <thead>
                  <tr>
                    <td />
                    {properties.map((p) => (
                      <th key={p.id} scope="col">
                        {/* In the first screen and the page's largest paint: fetched first, at
                            the width of the column. */}
                        {p.Images[0] ? (
                          <Picture
                            picture={pictures?.[p.id]?.find((picture) => picture.src === p.Images[0]) ?? { src: p.Images[0] }}
                            sizes={headSizes}
                            alt=""
                            fallbackWidth={240}
                            fallbackHeight={160}
                            priority
                          />
                        ) : null}
                        <Link to={p.url} className="compare__title">
                          {p.title}
                        </Link>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      {properties.map((p, i) => (
                        <td key={p.id}>{row.cell(p, i)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {!pending && chosen.length > ids.length && properties.length >= 2 ? (
            <p className="compare__first" role="status">
              {t('compare.firstOnly', { max: COMPARE_MAX, n: chosen.length })}
            </p>
          ) : null}
          {/* Each listing no longer published, by its title. */}
          {!pending && gone.length > 0 ? (
            <ul className="shortlist__gone" role="list">
              {gone.map((entry) => (
                <li key={entry.id}>{t('compare.gone', { listing: entry.name })}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </>
  );
}
