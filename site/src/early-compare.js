// /compare: how many listings its address names (as early.ts `compareIds` reads them: ids of
// letters, digits, '-' and '_', each once, at most 4), on <html> before the page is drawn, so the
// table's outline has their columns at the first paint (shortlist.css) and nothing moves after.
{
  const ids = (new URLSearchParams(location.search).get('ids') || '').split(',').filter((id) => /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id));
  const count = Math.min(new Set(ids).size, 4);
  if (count >= 2) document.documentElement.setAttribute('data-compare-count', String(count));
}
