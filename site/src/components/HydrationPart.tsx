// A part of the page hydrated in a task of its own (hydration.ts says why). With Preact, a part
// met while the page hydrates suspends until a later task; Preact keeps the server's markup of
// a component that suspends while hydrating, and hydrates it when the component renders again.
// It keeps ONE element (the first) per suspended component: the children must be exactly one
// element, always (never null, never a list). What the visitor does meanwhile is kept: the
// element stays in the page (focus, a selection, typed text stay with it), and a click on a
// part still waiting hydrates that part at once and is then dispatched again, so its handler
// gets it. React DOM (ESTATE_BROWSER_RENDERER=react) hydrates concurrently on its own, and the
// prerender renders with React: both render the children as they are, so the HTML is unchanged.
import { Component, Suspense, use, useEffect, useLayoutEffect, useReducer, type ReactNode } from 'react';
import { hydrating, inNextTask, partHydrated, partResumes, partWaits } from '../hydration';

/** Set by vite.config.ts: the browser's build renders with Preact. */
const IN_PARTS = import.meta.env.ESTATE_HYDRATE_IN_PARTS === true;

interface Gate {
  promise: Promise<void>;
  open: () => void;
  /** Hydrated (or gone before it was): counted once. */
  finish: () => void;
  element?: Element;
  opened?: boolean;
  rendered?: boolean;
  /** Counted as waiting (once mounted: a render thrown away leaves nothing to wait for). */
  counted?: boolean;
  finished?: boolean;
  /** The children as the part was met, while it waits. */
  served?: ReactNode;
}

/** The parts waiting for their task, in the order they were met (the page's order). */
const queue: Gate[] = [];
let channel: MessageChannel | null = null;
/** The waiting parts' elements, for a click on one. */
const waiting = new Map<Element, Gate>();

/** What a click tells, to dispatch it again once its part has hydrated. */
function clickInit(event: MouseEvent): MouseEventInit {
  const { screenX, screenY, clientX, clientY, button, buttons, detail, ctrlKey, shiftKey, altKey, metaKey } = event;
  return { bubbles: true, cancelable: true, composed: true, screenX, screenY, clientX, clientY, button, buttons, detail, ctrlKey, shiftKey, altKey, metaKey };
}

/**
 * A click in a part still waiting: that part hydrates now, and its handlers get the click after.
 * The click dispatched again may land in a part within it, waiting in turn: the same again.
 */
function clickBeforeHydration(event: MouseEvent): void {
  // A link opened elsewhere (a new tab, a download) is the browser's: left as it is.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const target = event.target;
  for (let node = target as Node | null; node; node = node.parentNode) {
    const gate = waiting.get(node as Element);
    if (!gate) continue;
    // Nor a link's own navigation: the app's, once hydrated, takes it.
    event.preventDefault();
    event.stopImmediatePropagation();
    gate.open();
    const init = clickInit(event);
    inNextTask(() => target?.dispatchEvent(new MouseEvent('click', init)));
    return;
  }
}

function newGate(): Gate {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  const made: Gate = {
    promise,
    open: () => {
      made.opened = true;
      if (made.element) waiting.delete(made.element);
      resolve();
    },
    finish: () => {
      if (made.finished) return;
      made.finished = true;
      made.open();
      if (made.counted) partHydrated();
    },
  };
  queue.push(made);
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => queue.shift()?.open();
    window.addEventListener('click', clickBeforeHydration, true);
  }
  channel.port2.postMessage(null);
  return made;
}

/**
 * Suspends until its gate opens, then renders (hydrates) the children. Hydration leaves the
 * served attributes as they are, so it renders the children of the render that met the part
 * (the server's: that render hydrated too), and the ones its parent gave it since (a page whose
 * filters were read from the address meanwhile) in a render right after, as an update.
 */
function Held({ gate, children }: { gate: Gate; children: ReactNode }) {
  if (!gate.rendered && gate.served === undefined) gate.served = children;
  use(gate.promise);
  const hydrates = !gate.rendered;
  if (hydrates) {
    gate.rendered = true;
    partResumes();
  }
  const [, update] = useReducer((n: number) => n + 1, 0);
  const served = hydrates ? gate.served : undefined;
  if (hydrates) gate.served = undefined;
  useLayoutEffect(() => {
    // After what the hydration queued (browser-react-dom.ts: the edits made before it).
    if (served !== undefined && served !== children) queueMicrotask(update);
  }, [served, children]);
  useEffect(() => gate.finish(), [gate]);
  return hydrates ? served : children;
}

class SplitPart extends Component<{ children: ReactNode }> {
  /** Only a part hydrating waits: one the browser renders itself renders at once. */
  gate = hydrating() ? newGate() : null;

  componentDidMount() {
    if (!this.gate || this.gate.finished) return;
    this.gate.counted = true;
    partWaits();
    // Preact's `base`: the part's element, which the server drew (kept while it waits).
    const element = (this as unknown as { base?: Element | null }).base;
    if (!this.gate.opened && element instanceof Element) {
      this.gate.element = element;
      waiting.set(element, this.gate);
    }
  }

  componentWillUnmount() {
    this.gate?.finish();
  }

  render() {
    if (!this.gate) return this.props.children;
    return (
      <Suspense fallback={null}>
        <Held gate={this.gate}>{this.props.children}</Held>
      </Suspense>
    );
  }
}

function Whole({ children }: { children: ReactNode }) {
  return children;
}

/** `children`, hydrated in a task of their own: exactly one element. */
export const HydrationPart = IN_PARTS ? SplitPart : Whole;
