// Where Preact's rendering of the page (preact/compat, browser-react.ts) differs from React
// DOM's in a way the pages notice, made to agree through Preact's option hooks, installed by
// `behaveAsReactDom`. Each is a behaviour of React DOM that some part of the site relies on:
// - a function component gets its `ref` as a prop (React 19);
// - a controlled field keeps its rendered value when a handler refuses an edit;
// - no focus events while the page is being changed;
// - effects (useEffect) run right after their render, not a frame later;
// - a controlled field changed before it was hydrated gives its handler what it holds;
// - the id attributes React's useId wrote into the prerendered HTML give way to Preact's.
// Preact's internal names used here (`__b`, `__e`) are its mangled, stable ones of Preact 10.
import { options, type VNode } from 'preact';

type Handler = (event: Event) => unknown;

/**
 * React 19 hands a function component its `ref` as a prop (PropertyDetail's 'Get in Touch', the
 * phone field's country button); Preact 10 keeps it on the element and points it at the
 * component. Moved into the props here, as preact/compat's own forwardRef does. Class
 * components keep theirs: a ref to a class component is its instance, in React too.
 */
function refAsProp(vnode: VNode): void {
  const type = vnode.type as unknown;
  if (typeof type === 'function' && !(type.prototype as { render?: unknown } | undefined)?.render && vnode.ref) {
    (vnode.props as { ref?: unknown }).ref = vnode.ref;
    vnode.ref = null as never;
  }
}

/**
 * No focus events while Preact changes the page, as React dispatches no events during its
 * commit. Chromium blurs a focused field as it is removed, synchronously, inside the render:
 * the phone field's light input, removed as the full one takes its place on the visitor's first
 * click, would report a blur and show its "required" message before anything was typed.
 * `diffing` counts the elements being diffed (Preact's `options.__b`, its `_diff`, before each;
 * `options.diffed` after); refs and layout effects come after the root's, with events heard
 * again (their focus() calls reach their handlers, as React's do). A microtask puts it back to 0
 * should a render end in an error.
 */
let diffing = 0;
let diffingReset = false;
const FOCUS_HANDLER = /^on(focus|blur|focusin|focusout)(capture)?$/i;

function diffStarts(): void {
  diffing += 1;
  if (!diffingReset) {
    diffingReset = true;
    queueMicrotask(() => {
      diffing = 0;
      diffingReset = false;
    });
  }
}

/** `handler`, not called while Preact renders. */
function notWhileRendering(handler: Handler): Handler {
  return function (this: unknown, event: Event) {
    if (diffing > 0) return undefined;
    return handler.call(this, event);
  };
}

/**
 * Controlled fields, as React keeps them: a field rendered with `value` (or `checked`) shows that
 * value whatever is typed, so a handler that refuses an edit (the phone number's 15 digits) or
 * takes it but leaves the state as it was puts the field back. Preact writes a field's value
 * only when it renders it, and a refused edit renders nothing, so the typed text stayed. Here
 * the value (and checked) each field was last rendered with is kept, and after each of its
 * change handlers (onChange, onInput; onClick of a checkbox or radio) the field is put back to
 * it, in a microtask: after the render the handler's state change queued (Preact renders in a
 * microtask, queued before this one), so an edit that was taken is left alone.
 */
const rendered = new WeakMap<Element, { value?: unknown; checked?: unknown }>();
const FIELDS = new Set(['input', 'textarea', 'select']);
const CHANGE_HANDLERS = ['onChange', 'onInput', 'onChangeCapture', 'onInputCapture'];
const CLICK_HANDLERS = ['onClick', 'onClickCapture'];

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** Puts `field` (and, for a radio button, the others of its group) back to its rendered state. */
function putBack(field: Field): void {
  const fields =
    field instanceof HTMLInputElement && field.type === 'radio' && field.name
      ? [...(field.form ?? document).querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(field.name)}"]`)]
      : [field];
  for (const one of fields) {
    const state = rendered.get(one);
    if (!state) continue;
    if (state.value != null && one.value !== String(state.value)) one.value = String(state.value);
    if (one instanceof HTMLInputElement && typeof state.checked === 'boolean' && one.checked !== state.checked) {
      one.checked = state.checked;
    }
  }
}

/** `handler`, then (once its render is done) the field it is on put back to its rendered state. */
function keepingControlled(handler: Handler): Handler {
  return function (this: unknown, event: Event) {
    try {
      return handler.call(this, event);
    } finally {
      const field = event.currentTarget;
      if (isField(field)) queueMicrotask(() => putBack(field));
    }
  };
}

/** Wraps the focus handlers of an element's vnode, and a controlled field's change handlers. */
function wrapHandlers(vnode: VNode): void {
  if (typeof vnode.type !== 'string') return;
  const props = vnode.props as Record<string, unknown>;
  for (const name in props) {
    const handler = props[name];
    if (typeof handler === 'function' && FOCUS_HANDLER.test(name)) props[name] = notWhileRendering(handler as Handler);
  }
  if (!FIELDS.has(vnode.type)) return;
  const checkable = props.type === 'checkbox' || props.type === 'radio';
  if (props.value == null && !(checkable && props.checked != null)) return;
  // React's names: preact/compat renames them (onChange to oninput) after this hook.
  for (const name of checkable ? [...CHANGE_HANDLERS, ...CLICK_HANDLERS] : CHANGE_HANDLERS) {
    const handler = props[name];
    if (typeof handler === 'function') props[name] = keepingControlled(handler as Handler);
  }
}

/**
 * useId's values differ between the renderers (React's `_R_…_`, Preact's `P0-0`), and Preact's
 * hydration leaves the server's attributes as they are: a part mounted later (the phone field's
 * full version, the mortgage calculator) would name Preact's id while its label kept React's.
 * So the attributes that hold or name an id take the browser's value as each element is diffed,
 * hydrated or not: label and field change together, and everything after agrees with them.
 */
const ID_ATTRIBUTES = [
  ['id', 'id'],
  ['htmlFor', 'for'],
  ['for', 'for'],
  ['aria-labelledby', 'aria-labelledby'],
  ['aria-describedby', 'aria-describedby'],
  ['aria-controls', 'aria-controls'],
  ['aria-activedescendant', 'aria-activedescendant'],
  ['aria-errormessage', 'aria-errormessage'],
  ['aria-owns', 'aria-owns'],
  ['list', 'list'],
] as const;

/**
 * Whether the visitor (or the browser, restoring a form) changed the field from what the
 * server's HTML says it holds (its default value, checked state or selected option).
 */
function changedFromServer(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * A controlled field the visitor changed before it was hydrated (typed into, a choice picked)
 * shows what they put in, which its state does not hold: Preact's hydration leaves the field as
 * it is, and the next render would put the state's value back. Its change event, dispatched
 * again once hydrated, gives its handler what the field holds, as if typed now.
 */
function replayEarlyEdit(field: Field, props: Record<string, unknown>): void {
  const checkable = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
  const differs = checkable ? props.checked != null && (field as HTMLInputElement).checked !== props.checked : props.value != null && field.value !== String(props.value);
  if (!differs || !changedFromServer(field)) return;
  // preact/compat listens for `input` on text fields (React's onChange), `change` on the others.
  const type = field instanceof HTMLSelectElement || checkable ? 'change' : 'input';
  queueMicrotask(() => field.dispatchEvent(new Event(type, { bubbles: true })));
}

/** After an element is diffed: its id attributes, and a field's rendered value noted. */
function elementDiffed(vnode: VNode): void {
  // `__e` is Preact 10's name of a vnode's DOM node.
  const dom = (vnode as unknown as { __e?: unknown }).__e;
  if (typeof vnode.type !== 'string' || !(dom instanceof Element)) return;
  const props = vnode.props as Record<string, unknown>;
  if (FIELDS.has(vnode.type)) {
    if (props.value != null || props.checked != null) {
      // Its first render: hydrated (or just made, then it holds what was rendered).
      if (!rendered.has(dom) && isField(dom)) replayEarlyEdit(dom, props);
      rendered.set(dom, { value: props.value, checked: props.checked });
    } else rendered.delete(dom);
  }
  for (const [prop, attribute] of ID_ATTRIBUTES) {
    const value = props[prop];
    if (typeof value === 'string' && dom.getAttribute(attribute) !== value) dom.setAttribute(attribute, value);
  }
}

/**
 * Effects (useEffect) run in a task of their own right after the render's, as React runs them,
 * not after the next frame (requestAnimationFrame, or 35 ms: Preact's default): an effect a
 * click set off is done before the next keystroke comes. The phone field's country list sets
 * the option it opens on in an effect; run a frame late, it came after the search's first
 * keystrokes and put back the country shown, so Enter picked no match. A message, not a timer:
 * a test's fake clock (Playwright's `page.clock`) holds timers.
 */
const effects: (() => void)[] = [];
let effectChannel: MessageChannel | null = null;
const runEffects = () => {
  for (const next of effects.splice(0)) next();
};
function runEffectsNext(run: () => void): void {
  effects.push(run);
  if (effects.length > 1) return;
  if (inDiscreteEvent) {
    queueMicrotask(runEffects);
    return;
  }
  if (!effectChannel) {
    effectChannel = new MessageChannel();
    effectChannel.port1.onmessage = runEffects;
  }
  effectChannel.port2.postMessage(null);
}

/**
 * A render a visitor's discrete event (a keystroke, a click) set off runs its effects before
 * the next event, as React flushes them at the end of such a render: in a microtask, not a task,
 * since Chromium runs queued input before other tasks. Typed fast, the phone library's effect
 * (the form's value read back) otherwise came after the next keystroke and undid it. Set as
 * Preact dispatches such an event (`options.event`), cleared in the next task.
 */
const DISCRETE_EVENTS = new Set([
  'beforeinput', 'input', 'change', 'keydown', 'keyup', 'keypress', 'click', 'dblclick', 'contextmenu', 'mousedown',
  'mouseup', 'pointerdown', 'pointerup', 'touchstart', 'touchend', 'focusin', 'focusout', 'submit', 'reset', 'paste',
  'cut', 'copy', 'compositionend',
]);
let inDiscreteEvent = false;
let discreteChannel: MessageChannel | null = null;
function eventDispatched(event: Event): void {
  if (inDiscreteEvent || !DISCRETE_EVENTS.has(event.type)) return;
  inDiscreteEvent = true;
  if (!discreteChannel) {
    discreteChannel = new MessageChannel();
    discreteChannel.port1.onmessage = () => {
      inDiscreteEvent = false;
    };
  }
  discreteChannel.port2.postMessage(null);
}

type Internal = typeof options & { __b?: (vnode: VNode) => void };
let installed = false;

/**
 * Installs the hooks above into Preact's options, once. Called by browser-react.ts as it loads
 * (a call rather than an import for its side effects, which the build would drop: the site's
 * package.json declares only its CSS to have any).
 */
export function behaveAsReactDom(): void {
  if (installed) return;
  installed = true;
  const internal = options as Internal;
  options.requestAnimationFrame = runEffectsNext;
  const previousEvent = options.event;
  options.event = (event: Event) => {
    eventDispatched(event);
    return previousEvent ? previousEvent(event) : event;
  };
  const previousVnode = options.vnode;
  options.vnode = (vnode: VNode) => {
    refAsProp(vnode);
    wrapHandlers(vnode);
    previousVnode?.(vnode);
  };
  const previousDiff = internal.__b;
  internal.__b = (vnode: VNode) => {
    diffStarts();
    previousDiff?.(vnode);
  };
  const previousDiffed = options.diffed;
  options.diffed = (vnode: VNode) => {
    diffing = Math.max(0, diffing - 1);
    elementDiffed(vnode);
    previousDiffed?.(vnode);
  };
}
