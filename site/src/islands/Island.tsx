// Islands: the parts of a page a visitor can touch, each hydrated in the browser as a React root of
// its own (islands/hydrate.tsx); the rest of the page is its prerendered HTML and runs no code.
//
// In the prerender (entry-server.tsx) an <Island> meets the page's collector: it is listed with its
// props and the frame it sits in (the page's address, routes and data, its route, its language),
// and renders an empty <estate-island data-island="N"> in its place. Each island is then rendered
// on its own, as the browser will hydrate it (`IslandRoot`, with its own prefix for `useId`), and
// its HTML put in that element. So what the browser hydrates is what the prerender drew, by
// construction, and no island's code runs for the rest of the page.
//
// Without a collector (a page the browser hydrates whole: the 404 page, the property shell, an
// error screen; vitest), an <Island> is its component, in place.
import { createContext, useContext, useEffect, type ComponentType, type ReactNode } from 'react';
import { FrameView, useFrame, type Frame } from '../nav';

/** An island of a page, as the prerender lists it and the browser finds it (the page's JSON block). */
export interface IslandRecord {
  /** Its entry in islands/registry.ts; the prerender refuses a name not there. */
  name: string;
  props: Record<string, unknown>;
  /** The route whose data it reads (`useLoaderData`). */
  route: string | null;
}

/** Lists the islands met while a page is rendered; answers each one's index. */
export interface IslandCollector {
  add(record: IslandRecord, frame: Frame, component: ComponentType<never>): number;
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

/** The element each island's HTML is in (styles/base.css: `display: contents`, so it lays out nothing). */
export const ISLAND_TAG = 'estate-island';

/** The `useId` prefix of island `index`: its ids are its own, the same in the prerender and the browser. */
export const islandPrefix = (index: number) => `i${index}-`;

/** The element of island `index` with its HTML, as the prerender writes it (the collected element, filled). */
export function islandSlot(index: number): string {
  return `<${ISLAND_TAG} data-island="${index}"></${ISLAND_TAG}>`;
}

/**
 * `component` with `props` (JSON: they travel in the page), an island of its own when the page is
 * drawn in islands. `name` is its entry in the registry (islands/registry.ts), where the browser
 * loads it from.
 */
export function Island<P extends object>({ name, component: Component, props }: { name: string; component: ComponentType<P>; props: P }) {
  const collector = useContext(IslandCollectorContext);
  const frame = useFrame();
  if (!collector) return <Component {...props} />;
  const index = collector.add({ name, props: props as Record<string, unknown>, route: frame.route }, frame, Component as ComponentType<never>);
  // Filled with the island's HTML by the prerender (islandSlot).
  return <estate-island data-island={String(index)} />;
}

/**
 * An island's root: its component in its frame, and no collector, so an island inside it is part
 * of it. `committed` runs once it is on the screen (hydrated, in the browser).
 */
export function IslandRoot({ frame, component: Component, props, committed }: { frame: Frame; component: ComponentType<Record<string, unknown>>; props: Record<string, unknown>; committed?: () => void }) {
  return (
    <IslandCollectorContext.Provider value={null}>
      <FrameView frame={frame}>
        <Component {...props} />
        {committed ? <Committed committed={committed} /> : null}
      </FrameView>
    </IslandCollectorContext.Provider>
  );
}

/**
 * Draws `page` in islands (the prerender's: entry-server.tsx): `draw` renders a tree to HTML (with
 * the page's providers; `identifierPrefix`, the `useId` prefix of an island's own render). The
 * page is drawn with each island's element empty, then each island on its own, as the browser
 * hydrates it, into its element. Answers the HTML and the islands in the page's order.
 */
export function drawInIslands(page: ReactNode, draw: (node: ReactNode, identifierPrefix?: string) => string): { html: string; islands: IslandRecord[] } {
  const met: { record: IslandRecord; frame: Frame; component: ComponentType<never> }[] = [];
  const collector: IslandCollector = { add: (record, frame, component) => met.push({ record, frame, component }) - 1 };
  let html = draw(<IslandCollectorContext.Provider value={collector}>{page}</IslandCollectorContext.Provider>);
  const end = `</${ISLAND_TAG}>`;
  met.forEach(({ record, frame, component }, index) => {
    const inner = draw(<IslandRoot frame={frame} component={component as ComponentType<Record<string, unknown>>} props={record.props} />, islandPrefix(index));
    const slot = islandSlot(index);
    const at = html.indexOf(slot);
    if (at < 0) throw new Error(`island ${index} (${record.name}) is not in the page's HTML`);
    html = html.slice(0, at + slot.length - end.length) + inner + html.slice(at + slot.length - end.length);
  });
  return { html, islands: met.map(({ record }) => record) };
}

/** Runs `committed` after the island's first commit (the last child's effect runs after its siblings'). */
function Committed({ committed }: { committed: () => void }) {
  useEffect(committed, [committed]);
  return null;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'estate-island': { 'data-island': string; children?: never };
    }
  }
}
