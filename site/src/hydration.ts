// Where the page's hydration stands, for both renderers. React 19 hydrates concurrently,
// yielding every few milliseconds; Preact hydrates a tree synchronously, so with Preact the page
// is hydrated in parts (components/HydrationPart.tsx), one task each, and a phone's main thread
// is never held long (Total Blocking Time counts every task's time over 50 ms). This module
// counts what is still to hydrate: useSyncExternalStore gives the server's snapshot until then
// (browser-react.ts), and <html data-hydrated> is set once all of it is done (entry-client.tsx).
// No import of 'react': browser-react.ts imports it.

let root = false;
let rootDone = false;
let parts = 0;
let markDone: () => void = () => {};
const done = new Promise<void>((resolve) => (markDone = resolve));

/** True while the page is being hydrated: the root's render, until every part has hydrated. */
export function hydrating(): boolean {
  return root || parts > 0;
}

/** Runs the root's hydration (Preact's, synchronous): the parts it leaves go on after it. */
export function hydratingRoot<T>(render: () => T): T {
  root = true;
  try {
    return render();
  } finally {
    root = false;
  }
}

function settle(): void {
  if (rootDone && parts === 0) markDone();
}

/** The root's first render is committed (its effects are running). */
export function rootHydrated(): void {
  rootDone = true;
  settle();
}

/** A part waits to hydrate in a later task. */
export function partWaits(): void {
  parts += 1;
}

/** A part has hydrated (its effects are running). */
export function partHydrated(): void {
  parts -= 1;
  settle();
}

/** Settles once the whole page has hydrated, its effects run. */
export function whenHydrated(): Promise<void> {
  return done;
}

/**
 * Runs `run` in a task of its own, after this one and its microtasks. A message, not a timer: a
 * test's fake clock (Playwright's `page.clock`) holds timers.
 */
export function inNextTask(run: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => run();
  channel.port2.postMessage(null);
}

/** Settles in a task of its own: what comes after it leaves the main thread free in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}
