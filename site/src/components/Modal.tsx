// The site's modal dialog (the property page's 'Get in Touch', the result pages' 'Save this
// search'): a native modal <dialog>, so the rest of the page is inert while it is open and Tab
// goes round inside it; Escape, the close button and a click on the backdrop close it; focus goes
// to its title as it opens (read first, and Tab goes on to the first control) and back to what
// opened it as it closes. Its content is drawn only while it is open. On a phone a dialog with
// the `dialog--sheet` class is a sheet at the screen's foot (styles/dialogs.css).
import type { ReactNode, RefObject } from 'react';
import { useEffect, useRef } from 'react';
import { Icon } from './Icon';

/** What Tab stops at. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

export function Modal({
  open,
  onClose,
  returnFocus,
  className,
  labelledBy,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Focused again once the dialog closes. */
  returnFocus: RefObject<HTMLElement | null>;
  /** The dialog's classes besides `dialog`. */
  className: string;
  /** The id of its title, which has the class `dialog__title` and `tabIndex={-1}`. */
  labelledBy: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>('.dialog__title')?.focus();
      wasOpen.current = true;
    } else if (!open && element.open) {
      element.close();
    }
    if (!open && wasOpen.current) {
      wasOpen.current = false;
      returnFocus.current?.focus();
    }
  }, [open, returnFocus]);

  return (
    <dialog
      ref={dialog}
      className={`dialog ${className}`}
      aria-labelledby={labelledBy}
      // Escape (the cancel event) and close() both end in `close`.
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        // Tab goes round inside the dialog rather than out to the browser's own controls.
        if (event.key !== 'Tab') return;
        const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
        const first = stops[0];
        const last = stops[stops.length - 1];
        if (!first || !last) return;
        const active = document.activeElement;
        if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      {open ? (
        <div className="dialog__box">
          <button type="button" className="dialog__corner" aria-label={closeLabel} onClick={onClose}>
            <Icon name="close" size={22} />
          </button>
          <div className="dialog__content">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
