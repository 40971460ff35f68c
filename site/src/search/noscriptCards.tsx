// The cards of the result page a visitor without JavaScript gets. The search function answers
// such a search (a plain GET form, contract::endpoints::SEARCH_PAGE_PATH) with the site's own
// result page, the matching cards drawn where the scripted page draws its own; it cannot run
// React, so the prerender draws each listing's card once per language, with the same component
// and data the scripted result page draws it from (PropertyCard, a record of the search's answer
// made a card by toCard), and publishes it (contract::files::noscript_card). The markup has one
// place: the card component.
import { renderToString } from 'react-dom/server';
import { PropertyCard } from '../components/PropertyCard';
import { LangContext, setTypeNames, type Lang } from '../i18n';
import { AddressContext, PageContext, fixedAddress } from '../nav';
import { shellFromSite } from '../shell';
import { toCard } from './toCard';
import type { Property, Site } from '../types';

/**
 * Each record's card in `lang`, as `[id, html]`: drawn as on the result page `page` (its address
 * decides where the card's link says it was opened from) with the shell's data of that language.
 * Each card's ids are its own (`identifierPrefix`), so a page of them repeats none.
 */
export function drawCards(records: readonly Property[], site: Site, lang: Lang, page: string): [string, string][] {
  const shell = shellFromSite(site, lang);
  // The type names of the language, as the layout hands them to every card of a page.
  setTypeNames(lang, shell.types);
  const address = fixedAddress(page);
  const data = { matches: [], loaderData: { root: shell }, errors: null };
  return records.map((record) => [
    record.id,
    renderToString(
      <LangContext.Provider value={lang}>
        <AddressContext.Provider value={address}>
          <PageContext.Provider value={data}>
            <PropertyCard property={toCard(record)} />
          </PageContext.Provider>
        </AddressContext.Provider>
      </LangContext.Provider>,
      { identifierPrefix: `card-${record.id}-` },
    ),
  ]);
}
