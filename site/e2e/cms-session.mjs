// The browser editor at /cms/ as an agent at the agency opens it, on `estate serve` with its
// watcher (e2e/cms-editor.test.mjs, e2e/cms-cost.test.mjs): the CMS works on the browser's private
// file system (a headless browser has no folder picker, see cms-repo.mjs), and every file it
// writes or deletes there is written or deleted at once in the content folder the server watches,
// as in the real picker's folder. `env` holds the test's browser, server, content folder and the
// repository folder around it.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { repo } from './server.mjs';
import { answerThePicker, contentFiles, formErrors, seedRepository } from './cms-repo.mjs';
import { DEADLINE_MS } from './browser.mjs';

/** /cms/ on the local repository, each file the CMS writes copied into the served content. */
export async function openCms(env) {
  const { browser, server, content, repository } = env;
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  await answerThePicker(context);
  await context.exposeBinding('__estateMirror', (_source, path, base64) => {
    const relative = normalize(path);
    if (!relative.startsWith('content/') || relative.includes('..')) throw new Error(`not under content/: ${path}`);
    mkdirSync(join(repository, relative, '..'), { recursive: true });
    writeFileSync(join(repository, relative), Buffer.from(base64, 'base64'));
  });
  await context.exposeBinding('__estateUnmirror', (_source, path) => {
    const relative = normalize(path);
    if (!relative.startsWith('content/') || relative.includes('..')) throw new Error(`not under content/: ${path}`);
    rmSync(join(repository, relative), { force: true });
  });
  // The CMS writes a file as a hidden temporary one and then moves it to its name: each file
  // written or moved to a name that is not hidden is copied.
  await context.addInitScript(() => {
    const mirror = async (handle) => {
      if (!location.pathname.startsWith('/cms') || handle.name.startsWith('.')) return;
      const repoDir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
      const parts = await repoDir.resolve(handle);
      if (!parts) return;
      const bytes = new Uint8Array(await (await handle.getFile()).arrayBuffer());
      let text = '';
      for (const byte of bytes) text += String.fromCharCode(byte);
      await window.__estateMirror(parts.join('/'), btoa(text));
    };
    const create = FileSystemFileHandle.prototype.createWritable;
    FileSystemFileHandle.prototype.createWritable = async function (...args) {
      const writable = await create.apply(this, args);
      const close = writable.close.bind(writable);
      writable.close = async () => {
        await close();
        await mirror(this);
      };
      return writable;
    };
    // A file the CMS deletes (an entry, with the references to it rewritten in the same save) is
    // deleted from the served content too.
    const remove = FileSystemDirectoryHandle.prototype.removeEntry;
    FileSystemDirectoryHandle.prototype.removeEntry = async function (name, ...args) {
      await remove.call(this, name, ...args);
      if (!location.pathname.startsWith('/cms') || name.startsWith('.')) return;
      const repoDir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
      const parts = await repoDir.resolve(this);
      if (parts) await window.__estateUnmirror([...parts, name].join('/'));
    };
    const move = FileSystemFileHandle.prototype.move;
    FileSystemFileHandle.prototype.move = async function (...args) {
      await move.apply(this, args);
      await mirror(this);
    };
  });
  const page = await context.newPage();
  if (process.env.DEBUG_MIRROR) page.on('console', (m) => console.log('console:', m.text()));
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/robots.txt`);
  await seedRepository(page, contentFiles(content));
  await page.goto(`${server.url}/cms/`);
  await page.getByRole('button', { name: 'Work with Local Repository' }).waitFor();
  return { context, page, errors };
}

export async function signIn(page) {
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await page.getByRole('button', { name: 'Create New Entry' }).waitFor({ timeout: 30_000 });
}

/** The status panel once it shows an outcome newer than `since` (its text), within 90 s (while
 * it says a save is being published, there is no outcome yet). */
export async function outcome(page, since, { server }) {
  const panel = page.locator('#estate-status');
  for (const started = Date.now(); Date.now() - started < 90_000; await page.waitForTimeout(100)) {
    if ((await panel.isVisible()) && (await panel.getAttribute('data-published')) !== 'publishing') {
      const text = await panel.innerText();
      if (text !== since) return { panel, text, published: (await panel.getAttribute('data-published')) === 'true' };
    }
  }
  // Taken whether or not screenshots are wanted: it is the failure's picture.
  await page.screenshot({ path: join(repo, 'site', 'e2e', 'screenshots', 'cms-no-outcome.png') }).catch(() => {});
  // Where the editor was, and whether the save could be made (a disabled Save: nothing changed).
  const save = await page
    .getByRole('button', { name: 'Save' })
    .first()
    .evaluate((button) => (button.disabled || button.getAttribute('aria-disabled') === 'true' ? 'disabled' : 'enabled'), null, { timeout: 1000 })
    .catch(() => 'not shown');
  assert.fail(
    `no new outcome in the status panel in 90 s; it shows: ${(await panel.innerText().catch(() => '')).slice(0, 300) || '(closed)'}; the editor at ${new URL(page.url()).hash}, Save ${save}; the form's errors: ${(await formErrors(page)) || 'none'}; the server said:\n${server.output().slice(-3000)}`,
  );
}

/** Opens the entry `title` from its collection's list (the status panel, which may name it too,
 * closed first), and waits until its editor's address is shown and its form holds the entry (a
 * field whose value is `title`): a change made before the CMS has filled the form in is not
 * counted as one, and its Save button stays disabled (seen on a loaded machine). */
export async function openEntry(page, title) {
  const panel = page.locator('#estate-status');
  // The entry's line in the list, not the panel's (an outcome names listings by their titles).
  const outsidePanel = page.locator('xpath=//*[not(ancestor-or-self::*[@id="estate-status"])]');
  const entry = page.getByText(title).and(outsidePanel).locator('visible=true').first();
  // A new outcome opens the panel again (the watcher may build changes made together in two
  // rounds) and can take the click: hidden again, and the click tried again until the entry's
  // editor opens (its address, #/collections/…/entries/…).
  for (let tries = 1; ; tries += 1) {
    if (await panel.isVisible()) await panel.getByRole('button', { name: 'Hide', exact: true }).click();
    try {
      await entry.click({ timeout: 5_000 });
      await page.waitForURL(/\/entries\//, { timeout: 5_000 });
      break;
    } catch (error) {
      if (tries === 4) throw error;
    }
  }
  await page.waitForFunction((title) => [...document.querySelectorAll('input, textarea')].some((field) => field.value === title), title, {
    timeout: DEADLINE_MS,
    polling: 50,
  });
}


/** The panel's text now (empty while it is closed). */
export const panelText = async (page) => {
  const panel = page.locator('#estate-status');
  return (await panel.isVisible()) ? panel.innerText() : '';
};

