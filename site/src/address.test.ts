// @vitest-environment jsdom
// The browser's address (address.ts): a change that stays on the page is a history entry of the
// document, seen by what reads the address; a link to another page hands its state to the page
// it loads, which finds it in its own entry (and only that page, once).
import { afterEach, describe, expect, test } from 'vitest';
import { browserAddress } from './address';

/** A new document at `path`, as a page load leaves it: no history state of its own yet. */
function loadPage(path: string) {
  window.history.replaceState(null, '', path);
  return browserAddress();
}

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('a page opened by its address', () => {
  test("has the key 'default', no state, and its index in the tab's history", () => {
    const address = loadPage('/buy-property');
    expect(address.location()).toMatchObject({ pathname: '/buy-property', search: '', state: null, key: 'default' });
    expect((window.history.state as { idx: number }).idx).toBe(window.history.length - 1);
  });
});

describe('a change of the query on the page', () => {
  test('replaces or adds an entry of the document, with its state, and tells what reads the address', () => {
    const address = loadPage('/buy-property');
    const idx = (window.history.state as { idx: number }).idx;
    let told = 0;
    const stop = address.subscribe(() => (told += 1));
    expect(address.follow('/buy-property?type=Villa', { replace: true, state: { shown: 48 } })).toBe(true);
    expect(address.location()).toMatchObject({ pathname: '/buy-property', search: '?type=Villa', state: { shown: 48 } });
    expect((window.history.state as { idx: number }).idx).toBe(idx);
    expect(address.follow('/buy-property/?sort=price-asc', {})).toBe(true);
    // The page's own path kept (a trailing slash is the same page).
    expect(window.location.pathname).toBe('/buy-property');
    expect((window.history.state as { idx: number }).idx).toBe(idx + 1);
    expect(address.location().key).not.toBe('default');
    expect(told).toBe(2);
    stop();
  });

  test('gives the same location object until the address or its entry changes', () => {
    const address = loadPage('/search-result?query=marina');
    expect(address.location()).toBe(address.location());
    address.follow('/search-result?query=palm', { replace: true });
    expect(address.location().search).toBe('?query=palm');
  });
});

describe('a link to another page', () => {
  test("is the browser's to follow, its state handed to the page it loads, once", () => {
    const list = loadPage('/allproperties?type=Villa');
    const origin = { listings: { path: '/allproperties?type=Villa', idx: 3 } };
    expect(list.follow('/property/marina-gate', { state: origin })).toBe(false);
    const property = loadPage('/property/marina-gate');
    expect(property.location().state).toEqual(origin);
    expect(property.location().key).not.toBe('default');
    // A reload keeps the entry's state; another page opened by its address gets none.
    expect(browserAddress().location().state).toEqual(origin);
    expect(loadPage('/property/other').location()).toMatchObject({ state: null, key: 'default' });
  });

  test('hands nothing to a page at another address than the link named', () => {
    loadPage('/shortlist').follow('/compare?ids=a,b', { state: { from: 'shortlist' } });
    expect(loadPage('/compare?ids=c,d').location()).toMatchObject({ state: null, key: 'default' });
  });
});
