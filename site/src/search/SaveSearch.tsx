// 'Save this search' on the result and listing pages: the button, in the page's first view. The
// dialog (SaveSearchDialog.tsx: its code, styles and messages) is fetched when the button is
// pointed at or pressed (saveSearchLoad.ts), not with the page; a press before it is here opens
// it once it comes. When it cannot come (offline), the status beside the button says so until a
// press brings it. Without JavaScript there is no button (styles/listing-toolbar.css): a page
// without script cannot read its address's criteria.
import { useRef, useState } from 'react';
import { useT } from '../i18n';
import { Icon } from '../components/Icon';
import type { SaveSearchDialog, SaveSearchProps } from './SaveSearchDialog';

const load = () => import('./saveSearchLoad');

export function SaveSearch(props: SaveSearchProps) {
  const t = useT();
  const button = useRef<HTMLButtonElement>(null);
  // The dialog once here, open or not; false when it could not be fetched.
  const [dialog, setDialog] = useState<{ Dialog: typeof SaveSearchDialog; open: boolean } | false>();
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--outline save-search"
        aria-haspopup="dialog"
        onClick={() =>
          load()
            .then((module) => module.ready())
            .then(
              (Dialog) => setDialog({ Dialog, open: true }),
              () => setDialog(false),
            )
        }
      >
        <Icon name="bell" size={18} />
        <span>{t('search.save')}</span>
      </button>
      <span role="status">
        {dialog === false ? t('search.saveFailed') : null}
      </span>
      {dialog ? <dialog.Dialog {...props} open={dialog.open} onClose={() => setDialog({ ...dialog, open: false })} returnFocus={button} /> : null}
    </>
  );
}
