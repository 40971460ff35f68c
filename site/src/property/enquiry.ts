// Whether the property page's enquiry modal is open, shared by the parts that open it (the price
// card's 'Get in Touch' and the phone's contact bar), which are islands of their own, and the
// modal: a small store each subscribes to.
import { useSyncExternalStore } from 'react';

interface Enquiry {
  open: boolean;
  /** Opened once: the lazy modal stays mounted from then on, to hand focus back. */
  opened: boolean;
  /** What opened it last, where focus goes back when it closes. */
  from: HTMLElement | null;
}

let state: Enquiry = { open: false, opened: false, from: null };
const listeners = new Set<() => void>();
const set = (next: Enquiry) => {
  state = next;
  listeners.forEach((listener) => listener());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** As the prerender draws it, and as hydration starts. */
const CLOSED: Enquiry = { open: false, opened: false, from: null };

export function openEnquiry(from: HTMLElement | null): void {
  set({ open: true, opened: true, from });
}

export function closeEnquiry(): void {
  set({ ...state, open: false });
}

export function useEnquiry(): Enquiry {
  return useSyncExternalStore(subscribe, () => state, () => CLOSED);
}
