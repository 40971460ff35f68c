// Hydrates a page drawn in islands (islands/Island.tsx): each <estate-island> element as a React
// root of its own, with the props and frame the prerender drew it with (the page's JSON block).
// The rest of the page is its HTML: no code of it is loaded or run.
//
// Order: the islands on the screen first, then the others in the page's order, each begun in a
// task of its own, so the header's menu or the first form answers before a long list below is
// hydrated. An island touched before its turn (a tap, a key, a focus) is begun at once: React
// then hydrates what was touched first and replays the event.
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { langOfPath, loadMessages, setTypeNames, type MessageSet } from '../i18n';
import type { Address, Frame, PageState } from '../nav';
import type { ShellData } from '../shell';
import { keepTyped } from '../typedBeforeHydration';
import { nextTask } from '../tasks';
import { markHydrated, type Embedded } from '../pageData';
import { isIslandName, islandMessages, loadIsland } from './registry';
import { IslandRoot, ISLAND_TAG, islandPrefix, type IslandRecord } from './Island';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** An island's component, from the registry. */
async function componentOf({ name }: IslandRecord): Promise<AnyComponent> {
  if (!isIslandName(name)) throw new Error(`no island ${name} in islands/registry.ts`);
  return loadIsland(name);
}

/** The events that begin an island's hydration before its turn. */
const TOUCHES = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Hydrates the page's islands. `load` gives an island's component (the registry's; a test's own).
 * An island whose code does not come (a chunk lost to a deploy or a dropped connection) stays the
 * prerendered HTML and is logged; the others hydrate.
 */
export async function hydrateIslands(
  { matches, loaderData }: Embedded,
  records: IslandRecord[],
  address: Address,
  load: (record: IslandRecord) => Promise<AnyComponent> = componentOf,
): Promise<void> {
  const lang = langOfPath(window.location.pathname);
  const page: PageState = {
    matches: matches.map(({ id, params, pathname, handle }) => ({ route: { id, handle }, params, pathname })),
    loaderData,
    errors: null,
  };
  // The property types' names in the page's language, before any island draws one (the layout
  // does this where the page is rendered whole).
  setTypeNames(lang, (loaderData.root as ShellData | undefined)?.types);
  const sets = new Set([
    ...matches.flatMap(({ handle }) => (handle?.messages ? [handle.messages as MessageSet] : [])),
    ...records.flatMap(({ name }) => (isIslandName(name) ? (islandMessages(name) ?? []) : [])),
  ]);
  const [loaded] = await Promise.all([Promise.allSettled(records.map(load)), loadMessages(lang, 'shell'), ...[...sets].map((set) => loadMessages(lang, set))]);
  const components = loaded.map((outcome, index) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    console.error(`island ${records[index]!.name}: its code did not load; it stays as drawn`, outcome.reason);
    return null;
  });

  const elements = new Map<number, HTMLElement>();
  for (const element of document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island]`)) elements.set(Number(element.dataset.island), element);
  let left = records.length;
  const started = new Set<number>();
  /** The islands on the screen when the page's code came: hydrated first. */
  const firstScreen = new Set<number>();
  const done = () => {
    left -= 1;
    if (left === 0) {
      for (const type of TOUCHES) document.removeEventListener(type, touched, true);
      markHydrated();
    }
  };
  const begin = (index: number) => {
    const element = elements.get(index);
    if (started.has(index) || !element) return;
    started.add(index);
    const record = records[index]!;
    const component = components[index];
    if (!component) return done();
    const typed = keepTyped(element);
    const frame: Frame = { address, page, route: record.route, lang };
    const committed = () => {
      typed();
      // When each island answers taps (bench/long_tasks.mjs reads these).
      performance.mark('island-hydrated', { detail: { index, name: record.name, onScreen: firstScreen.has(index) } });
      done();
    };
    hydrateRoot(element, <IslandRoot frame={frame} component={component} props={record.props} committed={committed} />, {
      identifierPrefix: islandPrefix(index),
    });
  };
  const touched = (event: Event) => {
    const island = event.target instanceof Element ? event.target.closest<HTMLElement>(`${ISLAND_TAG}[data-island]`) : null;
    if (island) begin(Number(island.dataset.island));
  };
  for (const type of TOUCHES) document.addEventListener(type, touched, true);

  // Islands the prerender listed but the page does not hold count as done.
  left -= records.filter((_, index) => !elements.has(index)).length;
  document.documentElement.dataset.hydrating = '';
  if (left <= 0) return markHydrated();
  const onScreen = (element: HTMLElement) => {
    // The element lays out nothing of its own (`display: contents`): its contents' box.
    const contents = document.createRange();
    contents.selectNodeContents(element);
    const box = contents.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const indexes = [...elements.keys()].sort((a, b) => a - b);
  for (const index of indexes) if (onScreen(elements.get(index)!)) firstScreen.add(index);
  const order = [...indexes.filter((index) => firstScreen.has(index)), ...indexes.filter((index) => !firstScreen.has(index))];
  for (const index of order) {
    // The main thread free between islands (a phone's long tasks are what Total Blocking Time counts).
    await nextTask();
    begin(index);
  }
}
