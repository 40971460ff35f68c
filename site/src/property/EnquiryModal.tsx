// The 'Get in Touch' modal of the property page (closed or open; 'Get in
// Touch' opens it, the close button closes it). A native modal <dialog>: the rest of the page is
// inert while it is open, and Tab goes round inside it; Escape closes it; focus returns to the
// button that opened it.
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { useT } from '../i18n';
import { Icon } from '../components/Icon';

/** What Tab stops at. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

export function EnquiryModal({
  open,
  onClose,
  returnFocus,
  subtitle,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Focused again once the dialog closes. */
  returnFocus: RefObject<HTMLElement | null>;
  subtitle: string;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Start at the top: the title is read first, and Tab goes on to the first control.
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
      className="dialog enquiry-dialog"
      aria-labelledby={titleId}
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
          <button type="button" className="dialog__corner" aria-label={t('property.enquiry.close')} onClick={onClose}>
            <Icon name="close" size={22} />
          </button>
          <div className="dialog__content">
            <p className="eyebrow">{t('property.enquiry.eyebrow')}</p>
            <h2 id={titleId} className="dialog__title" tabIndex={-1}>
              {t('property.getInTouch')}
            </h2>
            <p className="enquiry-dialog__subtitle">{subtitle}</p>
            {children}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
