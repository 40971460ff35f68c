// What 'Save this search' fetches first when pointed at, focused or pressed (search/SaveSearch.tsx):
// this small module, which fetches the dialog's code and styles as it runs, and its messages in the
// page's language when asked. The page's own chunk names only this module, not the dialog's five
// files (its code, the modal, the chips' words, the forms' rules, its styles): their names would
// be a third of what the button may add to the page's first view.
import { langOfPath, loadMessages } from '../i18n';

let dialog: Promise<typeof import('./SaveSearchDialog')> | undefined;
const code = () => (dialog ??= import('./SaveSearchDialog').catch((error: unknown) => ((dialog = undefined), Promise.reject(error))));
void code().catch(() => undefined);

/** The dialog, once its code and its messages in the page's language are here. */
export const ready = () =>
  Promise.all([code(), loadMessages(langOfPath(window.location.pathname), 'SaveSearch')]).then(([module]) => module.SaveSearchDialog);
