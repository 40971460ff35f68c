// Component tests render pages in every language without the layout's loader: load all the
// messages first, as the prerender does.
import { loadAllMessages } from './i18n';

await loadAllMessages();
