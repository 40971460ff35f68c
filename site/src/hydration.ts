// Where the page's hydration stands, for both renderers. React 19 hydrates concurrently,
// yielding every few milliseconds; Preact hydrates a tree synchronously, so with Preact the page
// is hydrated in parts (components/HydrationPart.tsx), one task each, and a phone's main thread
// is never held long (Total Blocking Time counts every task's time over 50 ms). This module
// says which render hydrates (useSyncExternalStore gives the server's snapshot in it:
// browser-react.ts) and counts what is still to hydrate (<html data-hydrated> is set once all of
// it is done: entry-client.tsx). No import of 'react': browser-react.ts imports it.

let root = false;
let rootDone = false;
let resuming = false;
let parts = 0;
let markDone: () => void = () => {};
const done = new Promise<void>((resolve) => (markDone = resolve));

/**
 * True while a render hydrates: the root's, or a part's in its later task. Not a render the
 * browser makes meanwhile (a page reached by a link before every part has hydrated).
 */
export function hydrating(): boolean {
  return root || resuming;
}

/**
 * A part's first render after its wait, which hydrates it: the rest of that render (Preact's, one
 * synchronous pass) hydrates too.
 */
export function partResumes(): void {
  if (resuming) return;
  resuming = true;
  queueMicrotask(() => (resuming = false));
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

/** A part (mounted) waits to hydrate in a later task. */
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
