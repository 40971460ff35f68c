// @vitest-environment jsdom
// Islands as they ship: a page drawn by drawInIslands (the prerender's way), its islands hydrated
// each as a root of its own with IslandRoot (islands/hydrate.tsx's way), from the records the
// page's JSON block carries.
import { act, useId, useSyncExternalStore, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { drawInIslands, Island, IslandRoot, islandPrefix, ISLAND_TAG, type IslandRecord } from './Island';
import { fixedAddress, useLoaderData, type PageState, type SiteRoute } from '../nav';
import { RoutesView } from '../routesView';
import { hydrateIslands } from './hydrate';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A store two islands share, as the shortlist's count and its hearts do.
let count = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const add = () => {
  count += 1;
  listeners.forEach((listener) => listener());
};
const useCount = () => useSyncExternalStore(subscribe, () => count, () => 0);

function Adder({ label }: { label: string }) {
  const id = useId();
  const n = useCount();
  return (
    <button type="button" id={id} onClick={add}>
      {label} ({n})
    </button>
  );
}

function Title() {
  const { title } = useLoaderData() as { title: string };
  const id = useId();
  return (
    <p id={id}>
      {title}: {useCount()}
    </p>
  );
}

let drawnInBrowser = Title;

function Screen() {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>Drawn once</h1>
      <Island name="header" component={Adder} props={{ label: 'Save' }} />
      <Island name="readMore" component={Title} props={{}} />
    </section>
  );
}

const route: SiteRoute = { id: 'en:/', index: true, Component: Screen };
const page: PageState = { matches: [{ route, params: {}, pathname: '/' }], loaderData: { 'en:/': { title: 'Marina' } }, errors: null };

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
  vi.restoreAllMocks();
  count = 0;
  drawnInBrowser = Title;
});

/** The page as the prerender writes it, and its islands' records as the page's JSON carries them. */
function prerender() {
  const { html, islands } = drawInIslands(<RoutesView address={fixedAddress('/')} page={page} />, (node, identifierPrefix) =>
    renderToString(node, { identifierPrefix }),
  );
  document.body.innerHTML = `<div id="root">${html}</div>`;
  return JSON.parse(JSON.stringify(islands)) as IslandRecord[];
}

/** Hydrates each island as the browser does; answers what React could not hydrate as drawn. */
async function hydrate(records: IslandRecord[]): Promise<unknown[]> {
  const failed: unknown[] = [];
  // The browser knows a route by its id and handle only (the page's JSON block).
  const browserPage: PageState = { ...page, matches: page.matches.map((match) => ({ ...match, route: { id: match.route.id } })) };
  const components = { header: Adder, readMore: drawnInBrowser } as unknown as Record<string, ComponentType<Record<string, unknown>>>;
  await act(async () => {
    for (const element of document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island]`)) {
      const index = Number(element.dataset.island);
      const record = records[index]!;
      hydrateRoot(
        element,
        <IslandRoot frame={{ address: fixedAddress('/'), page: browserPage, route: record.route, lang: 'en' }} component={components[record.name]!} props={record.props} />,
        { identifierPrefix: islandPrefix(index), onRecoverableError: (error) => failed.push(error) },
      );
    }
  });
  return failed;
}

/** The page's HTML, the islands' `data-live` (set as each hydrates) aside. */
const drawn = () => document.body.innerHTML.replaceAll(' data-live=""', '');
/** Which islands have hydrated: answer taps, their script-only controls shown (styles/base.css). */
const live = () => [...document.querySelectorAll(ISLAND_TAG)].map((element) => element.hasAttribute('data-live'));

test('the page is drawn once, each island in its own element with its own ids, and its records carry its props and route', () => {
  const records = prerender();
  expect(records).toEqual([
    { name: 'header', props: { label: 'Save' }, route: 'en:/' },
    { name: 'readMore', props: {}, route: 'en:/' },
  ]);
  const islands = [...document.querySelectorAll(ISLAND_TAG)];
  expect(islands.map((element) => element.textContent)).toEqual(['Save (0)', 'Marina: 0']);
  expect(document.querySelectorAll('h1')).toHaveLength(1);
  // Each island's useId is its own root's, prefixed: the same in the prerender and in the browser.
  expect(islands[0]!.querySelector('button')!.id).toMatch(new RegExp(`^_${islandPrefix(0)}`));
  expect(islands[1]!.querySelector('p')!.id).toMatch(new RegExp(`^_${islandPrefix(1)}`));
});

test('each island hydrates as drawn, and islands share state through a store', async () => {
  const records = prerender();
  const before = drawn();
  expect(await hydrate(records)).toEqual([]);
  expect(drawn()).toBe(before);
  await act(async () => document.querySelector('button')!.click());
  expect([...document.querySelectorAll(ISLAND_TAG)].map((element) => element.textContent)).toEqual(['Save (1)', 'Marina: 1']);
});

test('an island drawn otherwise in the browser than in the prerender is caught', async () => {
  const records = prerender();
  drawnInBrowser = function Other() {
    return <p>Something else</p>;
  };
  const failed = await hydrate(records);
  expect(failed.length).toBeGreaterThan(0);
});

test('without a collector (a page hydrated whole) an island is its component, in place', () => {
  document.body.innerHTML = renderToString(<RoutesView address={fixedAddress('/')} page={page} />);
  expect(document.querySelector(ISLAND_TAG)).toBeNull();
  expect(document.querySelector('button')!.textContent).toBe('Save (0)');
  expect(document.querySelector('p')!.textContent).toBe('Marina: 0');
});

test('an island whose code does not come stays as drawn and is logged; the others hydrate and the page is marked hydrated', async () => {
  const records = prerender();
  const before = drawn();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const lost = new TypeError('Failed to fetch dynamically imported module: /assets/Title-x1.js');
  const load = (record: IslandRecord) =>
    record.name === 'readMore' ? Promise.reject(lost) : Promise.resolve(Adder as unknown as ComponentType<Record<string, unknown>>);
  const embedded = { matches: [{ id: route.id, params: {}, pathname: '/' }], loaderData: page.loaderData, errors: null };
  // jsdom lays nothing out: every island off the screen.
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  // Resolves once every island has begun; act then commits them.
  await act(() => hydrateIslands(embedded, records, fixedAddress('/'), load));
  expect(document.documentElement.dataset.hydrated).toBe('');
  expect(drawn()).toBe(before);
  // The lost island's script-only controls stay unseen: nothing would answer them.
  expect(live()).toEqual([true, false]);
  expect(logged).toHaveBeenCalledWith('island readMore: its code did not load; it stays as drawn', lost);
  await act(async () => document.querySelector('button')!.click());
  // The header answers; the lost island is its prerendered HTML, which no store reaches.
  expect([...document.querySelectorAll(ISLAND_TAG)].map((element) => element.textContent)).toEqual(['Save (1)', 'Marina: 0']);
});

test('a deferred island loads after the others; a click on it before it has hydrated is held, and done once when it has', async () => {
  const records = prerender();
  const before = drawn();
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  const components = { header: Adder, readMore: Title } as unknown as Record<string, ComponentType<Record<string, unknown>>>;
  const load = async (record: IslandRecord) => {
    requested.push(record.name);
    if (record.name === 'header') await gate;
    return components[record.name]!;
  };
  const embedded = { matches: [{ id: route.id, params: {}, pathname: '/' }], loaderData: page.loaderData, errors: null };
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  // The header's island is deferred here: its code is asked for once the other has hydrated.
  const hydrating = hydrateIslands(embedded, records, fixedAddress('/'), load, ({ name }) => name === 'header');
  await act(async () => {
    await vi.waitFor(() => expect(requested).toEqual(['readMore']));
  });
  await hydrating;
  expect(requested).toEqual(['readMore', 'header']);
  expect(drawn()).toBe(before);
  expect(live()).toEqual([false, true]);
  expect(document.documentElement.dataset.hydrated).toBeUndefined();
  const button = document.querySelector('button')!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  button.dispatchEvent(click);
  // Held: nothing happens yet, and nothing else hears it.
  expect(click.defaultPrevented).toBe(true);
  expect(button.textContent).toBe('Save (0)');
  await act(async () => {
    release();
    await gate;
  });
  // Hydrated as drawn, then the held click done once: both islands hear the store.
  expect(live()).toEqual([true, true]);
  expect([...document.querySelectorAll(ISLAND_TAG)].map((element) => element.textContent)).toEqual(['Save (1)', 'Marina: 1']);
  expect(document.documentElement.dataset.hydrated).toBe('');
  // Hydrated, it holds nothing more.
  await act(async () => document.querySelector('button')!.click());
  expect(document.querySelector('button')!.textContent).toBe('Save (2)');
});

test("a deferred island whose code does not come stays as drawn and is logged, the page is marked hydrated, and a click on it is no longer held", async () => {
  const records = prerender();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const lost = new TypeError('Failed to fetch dynamically imported module: /assets/Adder-x1.js');
  const requested: string[] = [];
  const load = (record: IslandRecord) => {
    requested.push(record.name);
    return record.name === 'header' ? Promise.reject(lost) : Promise.resolve(Title as unknown as ComponentType<Record<string, unknown>>);
  };
  const embedded = { matches: [{ id: route.id, params: {}, pathname: '/' }], loaderData: page.loaderData, errors: null };
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
  const hydrating = hydrateIslands(embedded, records, fixedAddress('/'), load, ({ name }) => name === 'header');
  await act(async () => {
    await vi.waitFor(() => expect(requested).toEqual(['readMore']));
  });
  await hydrating;
  await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe(''));
  expect(logged).toHaveBeenCalledWith('island header: its code did not load; it stays as drawn', lost);
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.querySelector('button')!.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(false);
});
