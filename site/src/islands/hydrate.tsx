// Hydrates a page drawn in islands (islands/Island.tsx): each <estate-island> element as a React
// root of its own, with the props and frame the prerender drew it with (the page's JSON block).
// The rest of the page is its HTML: no code of it is loaded or run.
//
// Order: the islands on the screen first, then the others in the page's order, each begun in a
// task of its own, so the header's menu or the first form answers before a long list below is
// hydrated. An island touched before its turn (a tap, a key, a focus) is begun at once: React
// then hydrates what was touched first and replays the event.
//
// A deferred island (islands/registry.ts) is not part of the page's first view: its code and
// messages are loaded once the others are hydrated and the page is idle, or at once when it is
// touched. Until it is hydrated it is its prerendered HTML: a link or a disclosure (<summary>) in
// it works as it does without script; any other click, and a form's submission, is held (React has
// no handler there yet) and done again once it has hydrated, so no tap is lost and none is done
// twice.
import { hydrateRoot } from 'react-dom/client';
import type { ComponentType } from 'react';
import { langOfPath, loadMessages, setTypeNames, type MessageSet } from '../i18n';
import type { Address, Frame, PageState } from '../nav';
import type { ShellData } from '../shell';
import { keepTyped } from '../typedBeforeHydration';
import { nextTask } from '../tasks';
import { markHydrated, type Embedded } from '../pageData';
import { isDeferred as deferredInRegistry, isIslandName, islandMessages, loadIsland, pageMessagesFirst } from './registry';
import { IslandRoot, ISLAND_TAG, islandPrefix, type IslandRecord } from './Island';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** An island's component, from the registry. */
async function componentOf({ name }: IslandRecord): Promise<AnyComponent> {
  if (!isIslandName(name)) throw new Error(`no island ${name} in islands/registry.ts`);
  return loadIsland(name);
}

/** The events that begin an island's hydration before its turn. */
const TOUCHES = ['pointerdown', 'keydown', 'focusin'] as const;
/** The events a deferred island not hydrated yet holds, to do again once it is. */
const HELD = ['click', 'submit'] as const;

/**
 * Asks for the deferred islands' chunks (the boot block's `later`: their modules and what those
 * import, document.ts) all at once, so a deferred island's code comes in one round trip, not one
 * per level of imports. Once.
 */
let hinted = false;
function fetchLaterChunks(): void {
  if (hinted) return;
  hinted = true;
  const later = (JSON.parse(document.getElementById('boot')?.textContent || '{}') as { later?: string[] }).later ?? [];
  for (const href of later) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // As the boot script names the first view's (boot.ts): the same request the import makes.
    link.setAttribute('crossorigin', '');
    link.href = href;
    document.head.append(link);
  }
}

/** Settles once the page is idle (at most 2 s on), or in a task of its own where the browser has no idle callbacks. */
function idle(): Promise<void> {
  if (typeof requestIdleCallback === 'undefined') return nextTask();
  return new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }));
}

/**
 * Hydrates the page's islands. `load` gives an island's component (the registry's; a test's own),
 * `deferred` whether an island waits for idle or a touch (the registry's). An island whose code
 * does not come (a chunk lost to a deploy or a dropped connection) stays the prerendered HTML and
 * is logged; the others hydrate (a deferred one tries again when it is touched next).
 */
export async function hydrateIslands(
  { matches, loaderData }: Embedded,
  records: IslandRecord[],
  address: Address,
  load: (record: IslandRecord) => Promise<AnyComponent> = componentOf,
  deferred: (record: IslandRecord) => boolean = ({ name }) => deferredInRegistry(name),
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
  const setsOf = (list: IslandRecord[]) => list.flatMap(({ name }) => (isIslandName(name) ? (islandMessages(name) ?? []) : []));
  const pageSets = matches.flatMap(({ handle }) => (handle?.messages ? [handle.messages as MessageSet] : []));
  const now = records.filter((record) => !deferred(record));
  // The page's messages come with its first view where an island of it hydrates with the page
  // (registry.ts `pageMessagesFirst`), else with its deferred islands.
  const firstSets = new Set([...setsOf(now), ...(pageMessagesFirst(now.map(({ name }) => name)) ? pageSets : [])]);
  const [loaded] = await Promise.all([
    Promise.allSettled(records.map((record) => (deferred(record) ? Promise.resolve(null) : load(record)))),
    loadMessages(lang, 'shell'),
    ...[...firstSets].map((set) => loadMessages(lang, set)),
  ]);
  const components = loaded.map((outcome, index) => {
    if (outcome.status === 'fulfilled') return outcome.value;
    console.error(`island ${records[index]!.name}: its code did not load; it stays as drawn`, outcome.reason);
    return null;
  });
  /** A deferred island's code and messages, with the page's. */
  const loadLater = async (record: IslandRecord): Promise<AnyComponent> => {
    fetchLaterChunks();
    const [component] = await Promise.all([load(record), ...[...new Set([...setsOf([record]), ...pageSets])].map((set) => loadMessages(lang, set))]);
    return component;
  };

  const elements = new Map<number, HTMLElement>();
  for (const element of document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island]`)) elements.set(Number(element.dataset.island), element);
  let left = records.length;
  const started = new Set<number>();
  /** The islands that count as done: hydrated, or their code lost. */
  const counted = new Set<number>();
  /** The deferred islands hydrated (their handlers attached). */
  const hydrated = new Set<number>();
  /** What a visitor did to a deferred island before it hydrated, by its index: done again once it has. */
  const held = new Map<number, () => void>();
  /** The deferred islands whose code did not come: their events go on as without script. */
  const lost = new Set<number>();
  /** The islands on the screen when the page's code came: hydrated first. */
  const firstScreen = new Set<number>();
  /** The islands hydrated with the page not done yet; `firstView` settles once none is. */
  let eagerLeft = records.filter((record) => !deferred(record)).length;
  let firstViewDone: () => void = () => undefined;
  const firstView = new Promise<void>((resolve) => (firstViewDone = resolve));
  if (eagerLeft === 0) firstViewDone();
  const done = (index: number) => {
    if (counted.has(index)) return;
    counted.add(index);
    if (!deferred(records[index]!) && --eagerLeft === 0) firstViewDone();
    left -= 1;
    if (left === 0) {
      for (const type of TOUCHES) document.removeEventListener(type, touched, true);
      markHydrated();
    }
  };
  const hydrate = (index: number, element: HTMLElement, component: AnyComponent) => {
    const record = records[index]!;
    const typed = keepTyped(element);
    const frame: Frame = { address, page, route: record.route, lang };
    const committed = () => {
      typed();
      // Its controls that need script show from now (styles/base.css).
      element.setAttribute('data-live', '');
      // When each island answers taps (bench/long_tasks.mjs reads these).
      performance.mark('island-hydrated', { detail: { index, name: record.name, onScreen: firstScreen.has(index), deferred: deferred(record) } });
      hydrated.add(index);
      const replay = held.get(index);
      held.delete(index);
      done(index);
      replay?.();
    };
    hydrateRoot(element, <IslandRoot frame={frame} component={component} props={record.props} committed={committed} />, {
      identifierPrefix: islandPrefix(index),
    });
  };
  const begin = (index: number) => {
    const element = elements.get(index);
    if (started.has(index) || !element) return;
    started.add(index);
    const record = records[index]!;
    if (!deferred(record)) {
      const component = components[index];
      if (!component) return done(index);
      return hydrate(index, element, component);
    }
    loadLater(record).then(
      (component) => hydrate(index, element, component),
      (error: unknown) => {
        console.error(`island ${record.name}: its code did not load; it stays as drawn`, error);
        // What was held is dropped; the visitor's next touch tries again, and their taps and
        // submissions meanwhile do what they do without script (a form is sent by the browser).
        held.delete(index);
        lost.add(index);
        started.delete(index);
        done(index);
      },
    );
  };
  const islandOf = (event: Event): number | null => {
    const island = event.target instanceof Element ? event.target.closest<HTMLElement>(`${ISLAND_TAG}[data-island]`) : null;
    return island ? Number(island.dataset.island) : null;
  };
  const touched = (event: Event) => {
    const index = islandOf(event);
    if (index !== null) begin(index);
  };
  const hold = (event: Event) => {
    const index = islandOf(event);
    if (index === null || !records[index] || !deferred(records[index]) || hydrated.has(index)) return;
    begin(index);
    if (lost.has(index)) return;
    const target = event.target as Element;
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      held.set(index, () => target.isConnected && target.requestSubmit());
    } else if (event.type === 'click' && !target.closest('a[href], summary')) {
      // The same target (an icon's <svg> in a button too), so the click reaches what it reached.
      held.set(index, () => target.isConnected && target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })));
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };
  for (const type of TOUCHES) document.addEventListener(type, touched, true);
  if (records.some(deferred)) for (const type of HELD) document.addEventListener(type, hold, true);

  // Islands the prerender listed but the page does not hold count as done.
  document.documentElement.dataset.hydrating = '';
  records.forEach((_, index) => elements.has(index) || done(index));
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
  for (const index of order.filter((index) => !deferred(records[index]!))) {
    // The main thread free between islands (a phone's long tasks are what Total Blocking Time counts).
    await nextTask();
    begin(index);
  }
  const later = order.filter((index) => deferred(records[index]!));
  // Once the islands hydrated with the page have committed, and the page is idle.
  if (later.length) await firstView.then(idle);
  for (const index of later) {
    await nextTask();
    begin(index);
  }
}
