// The search function's result page for a search sent without script
// (/api/search-page/{lang}/{page}?…, lead-fn's search/html.rs), reached by a browser that runs
// script (a search sent before the page's own script ran): on to the site's scripted result page
// of that language with the same query, which draws what the visitor chooses next.
const sent = /^\/api\/search-page\/(en|ar|ru)(\/search-[a-z-]+)$/.exec(location.pathname);
if (sent) location.replace(`${sent[1] === 'en' ? '' : `/${sent[1]}`}${sent[2]}${location.search}`);
