// Component tests render pages in every language without the layout's loader: load all the
// messages first, as the prerender does.
import { loadAllMessages } from './i18n';

await loadAllMessages();

// A findBy… or waitFor waits for the event it names (a lazy part's code, an answer). On a loaded
// machine the first import of a lazy module, transformed on demand, took more than
// testing-library's default second; the deadlines are generous instead (a passing test is no
// slower for them), and a test's own (vite.config.ts) above them.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}
