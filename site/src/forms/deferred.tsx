// Forms that hydrate when they are wanted, not with their page: their code (the fields, the
// checks, the phone field: 5 KB gzipped) is not part of the page's first view. Home's (call back,
// newsletter, the 'Submit Your Details' popup), /contact-us's two and /pro's seller form.
//
// The prerender loads the forms' code before it renders (`loadAllForms`), so the page's HTML holds
// the forms in full. In the browser each form sits in a Suspense boundary (`DeferredForm`) whose
// lazy component waits for its group to be wanted: React leaves a boundary it cannot hydrate yet as
// the server drew it, and hydrates it when the code arrives. A group is wanted when the visitor
// points at, focuses or clicks one of its forms, and when its page says so (Home: as the forms
// come near the viewport and before the popup opens; /contact-us and /pro, whose forms are on
// their first screen: once the page is idle after its hydration, `wantWhenIdle`). What a visitor
// typed before that is kept (useLeadForm takes the fields' values when it hydrates).
//
// A boundary that is still waiting must be given no new props (React would then draw it again
// without the server's HTML): the pages render these forms with none that change before the form
// has hydrated (/pro's estimate waits for `loadSellerForm`).
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { langOfPath, loadMessages, useT, type MessageSet } from '../i18n';

/** A promise released by a call: the signal that a group's forms are wanted. */
function signal(): { promise: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** What wants each deferred form's group, by the `name` of its <form> element. */
const wanters = new Map<string, () => void>();
/** The forms that have hydrated (their handlers are attached), by their <form> name. */
const hydrated = new Set<string>();
/** What waits for a form to have hydrated, by its <form> name. */
const waiting = new Map<string, (() => void)[]>();
/** What the visitor did to a form before it hydrated: done again once it has. */
const replays = new Map<string, () => void>();
/** Every group's loader (the prerender loads them all). */
const loaders: (() => Promise<unknown>)[] = [];

/**
 * Forms whose code is in one module (`importer`) and whose messages are the set `messages` (not in
 * their page's: the page draws its forms' headings, the forms draw the rest): `form(component,
 * name)` is the deferred component of its export `component`, whose <form> element is named
 * `name`. The prerender has every message already.
 */
function deferredGroup<M extends object>(importer: () => Promise<M>, messages: MessageSet) {
  let module: M | null = null;
  let loading: Promise<M> | null = null;
  /** Loads the forms' code (once; again after a failed download). */
  const load = (): Promise<M> => {
    loading ??= Promise.all([importer(), typeof window === 'undefined' ? null : loadMessages(langOfPath(window.location.pathname), messages)]).then(
      ([loaded]) => (module = loaded),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  loaders.push(load);
  let wanted = signal();
  /** The forms are wanted: start loading their code (idempotent). */
  const want = () => wanted.release();
  /** The forms' code once wanted; after a failed download (offline), the next sign of interest tries again. */
  const whenWanted = async (): Promise<M> => {
    for (;;) {
      await wanted.promise;
      try {
        return await load();
      } catch {
        wanted = signal();
      }
    }
  };
  /** The form, marked hydrated (and its held-back action done) once it has mounted. */
  function form<P extends object>(component: keyof M & string, formName: string): ComponentType<P> {
    wanters.set(formName, want);
    const withReplay = (Form: ComponentType<P>): ComponentType<P> =>
      function Hydrating(props: P) {
        useEffect(() => {
          hydrated.add(formName);
          for (const done of waiting.get(formName) ?? []) done();
          waiting.delete(formName);
          const replay = replays.get(formName);
          replays.delete(formName);
          replay?.();
        }, []);
        return <Form {...props} />;
      };
    const pick = (loaded: M) => withReplay(loaded[component] as ComponentType<P>);
    return lazy<ComponentType<P>>(() => {
      // Already loaded (the prerender, or a later page of this visit): a settled thenable, which
      // React's lazy reads at once, so the form renders without suspending.
      if (module) {
        const settled = { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: pick(module!) }) };
        return settled as unknown as Promise<{ default: ComponentType<P> }>;
      }
      return whenWanted().then((loaded) => ({ default: pick(loaded) }));
    });
  }
  return { load, want, form };
}

/** Loads every deferred form's code (the prerender, before it renders). */
export function loadAllForms(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}

/**
 * A click or a submission that reaches one of these forms before React has hydrated it would be
 * lost (React attaches no handler to a part it has not hydrated) or, for a submission, would post
 * the page natively. Held back here and done again when the form hydrates; any sign of interest
 * starts loading the code. Held back whole (not passed on): between the form's hydration, which
 * attaches its handlers, and its effect above, which marks it hydrated, the handler would take
 * the event too and the replay would do it a second time (the country button's picker opened,
 * then closed again; a form sent twice).
 */
function holdUntilHydrated(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const form = target?.closest('form');
  const name = form?.getAttribute('name');
  const want = name ? wanters.get(name) : undefined;
  if (!form || !name || !want || hydrated.has(name)) return;
  want();
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

/**
 * Calls `want` once the page is idle after its hydration (a form on the first screen: its code
 * comes after the page's, not with it), or at once where the browser has no idle callbacks.
 */
export function useWantWhenIdle(want: () => void): void {
  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') return want();
    const id = requestIdleCallback(want, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }, [want]);
}

/**
 * A deferred form's place: a page opened in the browser (not prerendered) shows a short note until
 * its code comes (a prerendered one keeps the server's form).
 */
export function DeferredForm({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <p className="form-loading" role="status">
          {t('forms.loading')}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

const home = deferredGroup(() => import('./LeadForms'), 'HomeForms');
/** Home's forms are wanted: start loading their code (idempotent). */
export const wantForms = home.want;
export const CallbackForm = home.form('CallbackForm', 'callback');
export const NewsletterForm = home.form('NewsletterForm', 'newsletter');
export const PopupForm = home.form('PopupForm', 'popup');

const contact = deferredGroup(() => import('./ContactForms'), 'ContactForms');
/** /contact-us's forms are wanted. */
export const wantContactForms = contact.want;
export const ContactForm = contact.form('ContactForm', 'contact');
export const ContactLeadForm = contact.form('ContactLeadForm', 'contact-lead');

const seller = deferredGroup(() => import('./SellerForm'), 'SellerForm');
/** /pro's seller form is wanted. */
export const wantSellerForm = seller.want;
/** /pro's seller form, wanted, once it has hydrated (it may then be given new props). */
export function sellerFormHydrated(): Promise<void> {
  seller.want();
  if (hydrated.has('seller')) return Promise.resolve();
  return new Promise((resolve) => waiting.set('seller', [...(waiting.get('seller') ?? []), resolve]));
}
export const SellerForm = seller.form<{ valuation?: import('../valuation/estimate').SentValuation | null }>('SellerForm', 'seller');
