// Home's forms (call back, newsletter, the 'Submit Your Details' popup) hydrate when they are
// wanted, not with the page: the forms' code is not part of the home page's first view.
//
// The prerender loads the forms' code before it renders, so the page's HTML holds the forms in
// full. In the browser each form sits in a Suspense boundary whose lazy component waits for
// `wantForms()`: React leaves a boundary it cannot hydrate yet as the server drew it, and
// hydrates it when the code arrives. Home calls `wantForms()` when the forms come near the
// viewport, when the visitor points at or focuses them, and before the popup opens. What a visitor
// typed before that is kept (useLeadForm takes the fields' values when it hydrates).
import { lazy, useEffect, type ComponentType } from 'react';

type Forms = typeof import('./LeadForms');
type Deferred = 'CallbackForm' | 'NewsletterForm' | 'PopupForm';

let forms: Forms | null = null;
let loading: Promise<Forms> | null = null;

/** Loads the forms' code (once; again after a failed download). */
export function loadForms(): Promise<Forms> {
  loading ??= import('./LeadForms').then(
    (module) => (forms = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A promise released by a call: the signal that the forms are wanted. */
function signal(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

let wanted = signal();

/** The forms are wanted: start loading their code (idempotent). */
export function wantForms(): void {
  wanted.release();
}

/** The forms' code once wanted; after a failed download (offline), the next sign of interest tries again. */
async function whenWanted(): Promise<Forms> {
  for (;;) {
    await wanted.promise;
    try {
      return await loadForms();
    } catch {
      wanted = signal();
    }
  }
}

/** The `name` of each deferred form's <form> element, by component. */
const FORM_NAMES: Record<Deferred, string> = { CallbackForm: 'callback', NewsletterForm: 'newsletter', PopupForm: 'popup' };

/** The forms that have hydrated (their handlers are attached), by their <form> name. */
const hydrated = new Set<string>();
/** What the visitor did to a form before it hydrated: done again once it has. */
const replays = new Map<string, () => void>();

/**
 * A click or a submission that reaches one of these forms before React has hydrated it would be
 * lost (React attaches no handler to a part it has not hydrated) or, for a submission, would post
 * the page natively. Held back here and done again when the form hydrates; any sign of interest
 * starts loading the code. Held back whole (not passed on): between the form's hydration, which
 * attaches its handlers, and its effect below, which marks it hydrated, the handler would take
 * the event too and the replay would do it a second time (the country button's picker opened,
 * then closed again; a form sent twice).
 */
function holdUntilHydrated(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const form = target?.closest('form');
  const name = form?.getAttribute('name');
  if (!form || !name || !Object.values(FORM_NAMES).includes(name) || hydrated.has(name)) return;
  wantForms();
  if (event.type === 'click' && target instanceof HTMLElement) {
    event.preventDefault();
    event.stopPropagation();
    replays.set(name, () => target.click());
  } else if (event.type === 'submit') {
    event.preventDefault();
    event.stopPropagation();
    replays.set(name, () => form.requestSubmit());
  }
}

if (typeof document !== 'undefined') {
  for (const type of ['click', 'submit', 'pointerdown', 'focusin']) document.addEventListener(type, holdUntilHydrated, true);
}

/** Home's forms take no props. The form, marked hydrated (and its held-back action done) once it has mounted. */
function deferred<K extends Deferred>(name: K): ComponentType {
  const formName = FORM_NAMES[name];
  const withReplay = (Form: ComponentType): ComponentType =>
    function Hydrating() {
      useEffect(() => {
        hydrated.add(formName);
        const replay = replays.get(formName);
        replays.delete(formName);
        replay?.();
      }, []);
      return <Form />;
    };
  return lazy<ComponentType>(() => {
    // Already loaded (the prerender, or a later page of this visit): a settled thenable, which
    // React's lazy reads at once, so the form renders without suspending.
    if (forms) {
      const module = withReplay(forms[name]);
      const settled = { then: (resolve: (value: { default: ComponentType }) => void) => resolve({ default: module }) };
      return settled as unknown as Promise<{ default: ComponentType }>;
    }
    return whenWanted().then((module) => ({ default: withReplay(module[name]) }));
  });
}

export const CallbackForm = deferred('CallbackForm');
export const NewsletterForm = deferred('NewsletterForm');
export const PopupForm = deferred('PopupForm');
