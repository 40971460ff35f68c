// A member's or a developer's listings on their page (people/People.tsx): the cards in the order
// the address asks for (?sort=price-asc), with the sort menu and the count. An island of its own
// (islands/registry.ts), apart from the page's module, which the browser does not load.
import { useLoaderData, useSearchParams } from '../nav';
import { useT } from '../i18n';
import { comparablePrice } from '../price';
import type { CardProperty } from '../types';
import { useHydrated } from '../shell';
import { PropertyCard } from '../components/PropertyCard';

export type Listed = { total: number; listings: CardProperty[] };
/** What the listings read of the page's data (people/People.tsx's loader). */
type ListedPage = { kind: 'missing' } | ({ kind: 'agent' | 'developer' } & Listed);

const SORT_LABELS = { newest: 'listing.sort.newest', 'price-asc': 'listing.sort.priceUp', 'price-desc': 'listing.sort.priceDown' } as const;
type Sort = keyof typeof SORT_LABELS;

/**
 * The cards in the listing pages' orders (search/filters.ts, `applyFilters`: rents as yearly
 * amounts, cards without a price last), kept apart from that module so these pages do not split
 * the listing pages' chunks.
 */
function sorted(cards: CardProperty[], sort: Sort): CardProperty[] {
  if (sort === 'newest') return cards;
  const direction = sort === 'price-asc' ? 1 : -1;
  const priced = cards.map((card) => ({ card, price: comparablePrice(card.price, card.pricePeriod) }));
  priced.sort((a, b) => {
    if (a.price === null || b.price === null) return a.price === null ? (b.price === null ? 0 : 1) : -1;
    return (a.price - b.price) * direction;
  });
  return priced.map(({ card }) => card);
}

/** The cards, in the order the address asks for (?sort=), with the sort menu and the count. */
function Listings({ id, title, total, listings }: { id: string; title: string } & Listed) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  // Before hydration a choice would be lost: the menu waits for the page's script, and the
  // prerendered page (which knows no query) is in its first order until then.
  const hydrated = useHydrated();
  const asked = hydrated ? params.get('sort') : null;
  const sort: Sort = asked && asked in SORT_LABELS ? (asked as Sort) : 'newest';
  const shown = sorted(listings, sort);
  const choose = (next: Sort) =>
    setParams(next === 'newest' ? {} : { sort: next }, { replace: true, preventScrollReset: true });
  return (
    <section className="people__section" aria-labelledby={id}>
      <div className="people__bar">
        <h2 id={id} className="people__heading">
          {title}
        </h2>
        {listings.length > 1 ? (
          <label className="field field--inline">
            <span>{t('listing.sort')}</span>
            <select value={sort} onChange={(event) => choose(event.target.value as Sort)} disabled={!hydrated}>
              {(Object.keys(SORT_LABELS) as Sort[]).map((sort) => (
                <option key={sort} value={sort}>
                  {t(SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {listings.length ? (
        <>
          <p className="people__count">
            {total > listings.length ? t('people.newest', { shown: listings.length, n: total }) : t('people.count', { n: total })}
          </p>
          <ul className="card-grid" role="list">
            {shown.map((card) => (
              <li key={card.id}>
                <PropertyCard property={card} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="empty-state">{t('people.none')}</p>
      )}
    </section>
  );
}

/** The page's listings with their sort menu: an island (islands/registry.ts), reading the page's data. */
export function PeopleListings({ id, title }: { id: string; title: string }) {
  const page = useLoaderData() as ListedPage;
  return page.kind === 'missing' ? null : <Listings id={id} title={title} total={page.total} listings={page.listings} />;
}

