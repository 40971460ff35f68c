// The 'Get in Touch' modal of the property page (closed or open; 'Get in
// Touch' opens it, the close button closes it). A native modal <dialog>: the rest of the page is
// inert while it is open, and Tab goes round inside it; Escape closes it; focus returns to the
// button that opened it (components/Modal.tsx).
import { useId, type ReactNode, type RefObject } from 'react';
import { useT } from '../i18n';
import { Modal } from '../components/Modal';

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
  return (
    <Modal open={open} onClose={onClose} returnFocus={returnFocus} className="enquiry-dialog" labelledBy={titleId} closeLabel={t('property.enquiry.close')}>
      <p className="eyebrow">{t('property.enquiry.eyebrow')}</p>
      <h2 id={titleId} className="dialog__title" tabIndex={-1}>
        {t('property.getInTouch')}
      </h2>
      <p className="enquiry-dialog__subtitle">{subtitle}</p>
      {children}
    </Modal>
  );
}
