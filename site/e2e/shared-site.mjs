// The set-up most browser-test files share: the run's sample site served (server.mjs) and a
// browser (browser.mjs), started before the file's tests and stopped after them; or, for a file
// whose tests change the content, a copy of it served and rebuilt on each change. `server`,
// `browser`, `content` and `repository` are live bindings: a file imports them with
// `withSiteAndBrowser` or `withWatchedCopy`, calls it once at its top, and reads them inside its
// tests (each test file runs in a process of its own).
import { rmSync } from 'node:fs';
import { after, before } from 'node:test';
import { launch } from './browser.mjs';
import { copyOfContent, startServer } from './server.mjs';

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

/** The copy's content folder (`withWatchedCopy`), once the file's `before` hook has run. */
export let content;
/** The folder that holds the copy's content/, named as `withWatchedCopy` was told. */
export let repository;

/**
 * Registers the hooks of a file whose tests change the content: a copy of the repository's
 * content (see `copyOfContent`: `prefix` for its temporary folder, `name` for the folder that
 * holds it), `prepare(content)` run on the copy, then `estate serve` rebuilding it on each change
 * and a browser; after the file's tests both are stopped and the copy removed.
 */
export function withWatchedCopy(prefix, { name, prepare } = {}) {
  let root;
  before(async () => {
    ({ root, repository, content } = copyOfContent(prefix, name));
    prepare?.(content);
    server = await startServer({ content, watch: true });
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });
}
