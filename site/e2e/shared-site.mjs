// The set-up most browser-test files share: the run's sample site served (server.mjs) and a
// browser (browser.mjs), started before the file's tests and stopped after them. `server` and
// `browser` are live bindings: a file imports them with `withSiteAndBrowser`, calls it once at its
// top, and reads them inside its tests (each test file runs in a process of its own).
import { after, before } from 'node:test';
import { launch } from './browser.mjs';
import { startServer } from './server.mjs';

/** The running `estate serve` (see `startServer`), once the file's `before` hook has run. */
export let server;
/** The file's Chromium (see `launch`), once the file's `before` hook has run. */
export let browser;

/** Registers the hooks that start the site and the browser before the file's tests and stop them after. */
export function withSiteAndBrowser() {
  before(async () => {
    server = await startServer();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}
