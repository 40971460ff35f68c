// The browser editor in a test browser (e2e/cms*.test.mjs and bench/cms_10k.mjs): its local
// repository, and the form's fields as an editor reaches them. Sveltia CMS's "Work with Local
// Repository" asks for a folder through the browser's directory picker, which headless Chromium
// does not have: the picker answers with a folder of the origin's private file system (OPFS),
// seeded with the content's text files.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `dir`. */
export function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The text files of the content folder `content` (not its schemas), as ['content/...', text]. */
export function contentFiles(content) {
  return files(content)
    .filter((path) => /\.(ya?ml|md)$/.test(path) && !path.includes('/schema/'))
    .map((path) => [join('content', relative(content, path)), readFileSync(path, 'utf8')]);
}

/** Makes every page of `context` answer the directory picker with the seeded folder. */
export async function answerThePicker(context) {
  await context.addInitScript(() => {
    window.showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('repo', { create: true });
  });
}

/**
 * Empties the seeded folder of `page`'s origin and writes `seed` into it (with a `.git` folder,
 * which the CMS looks for), in batches: a 10,000-listing seed is too large for one call.
 */
export async function seedRepository(page, seed, batch = 500) {
  await page.evaluate(async () => {
    const storage = await navigator.storage.getDirectory();
    await storage.removeEntry('repo', { recursive: true }).catch(() => {});
    await (await storage.getDirectoryHandle('repo', { create: true })).getDirectoryHandle('.git', { create: true });
  });
  for (let i = 0; i < seed.length; i += batch) {
    await page.evaluate(async (written) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
      for (const [path, text] of written) {
        const parts = path.split('/');
        let dir = root;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1), { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    }, seed.slice(i, i + batch));
  }
}

/**
 * Where the mouse wheel scrolls the form: over the editor's first pane (a wide screen has the
 * preview beside it), unless the site's status panel covers that point (each new outcome opens the
 * panel again, over the form's lower end, and the wheel then scrolls the panel); then the middle of
 * the larger part the panel leaves free, beside or above it.
 */
const overTheForm = (page) =>
  page.evaluate(() => {
    const [x, y] = [500, 400];
    const panel = document.getElementById('estate-status');
    const box = panel?.checkVisibility() ? panel.getBoundingClientRect() : null;
    if (!box || x < box.left || x > box.right || y < box.top || y > box.bottom) return { x, y };
    return box.left * innerHeight >= box.top * innerWidth ? { x: box.left / 2, y } : { x, y: box.top / 2 };
  });

/** `locator`, once the editor has drawn it: it draws only the fields scrolled into view, so the
 * form is scrolled down and then (for a field above where it stands) up until it appears. */
export async function reveal(page, locator) {
  for (let i = 0; i < 60; i++) {
    if ((await locator.count()) > 0) return locator.first();
    const { x, y } = await overTheForm(page);
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, i < 30 ? 400 : -400);
    await page.waitForTimeout(100);
  }
  if ((await locator.count()) > 0) return locator.first();
  throw new Error(`the editor never drew ${locator} while its form was scrolled down and up (at ${new URL(page.url()).hash})`);
}

/** What a select shows as chosen: its text, or its input's value. */
const shown = (field) => field.evaluate((el) => `${el.textContent ?? ''} ${el.value ?? ''} ${el.querySelector('input')?.value ?? ''}`);

/**
 * Picks `option` in the select or relation labelled `label`: a dropdown, or radio buttons when it
 * has a few options. The dropdown draws its list again while it opens, so an option can be
 * replaced under the click: the pick is tried again until the field shows it.
 */
export async function choose(page, label, option) {
  const field = await reveal(page, page.getByRole('combobox', { name: label }).or(page.getByRole('radiogroup', { name: label })));
  if ((await field.getAttribute('role')) === 'radiogroup') {
    await field.getByRole('radio', { name: option, exact: true }).click();
    return;
  }
  for (let attempt = 1; ; attempt++) {
    if ((await field.getAttribute('aria-expanded')) !== 'true') await field.click();
    try {
      await page.getByRole('option', { name: option, exact: true }).first().click({ timeout: 5_000 });
      for (let i = 0; i < 20 && !(await shown(field)).includes(option); i++) await page.waitForTimeout(100);
      if ((await shown(field)).includes(option)) return;
      if (attempt >= 5) throw new Error(`the ${label} field shows "${(await shown(field)).trim()}", not ${option}`);
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Types `value` into the text field `locator` and waits until the form holds it: the editor can
 * still be filling its defaults in as it opens and replace what was typed, so it is typed again.
 * It holds it once the field has kept it over five frames drawn (the editor's updates land in the
 * frame after the change that caused them).
 */
export async function fillIn(locator, value) {
  for (let attempt = 1; ; attempt++) {
    await locator.fill(value);
    const kept = await locator.evaluate(
      (field, typed) =>
        new Promise((resolve) => {
          let frames = 0;
          const look = () => {
            if (field.value !== typed || !field.isConnected) return resolve(false);
            if (++frames >= 5) return resolve(true);
            requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
      value,
    );
    if (kept && (await locator.inputValue()) === value) return;
    if (attempt >= 5) throw new Error(`the field keeps "${await locator.inputValue()}", not "${value}"`);
  }
}

/** The form's messages that refuse a save (a required field left empty, a wrong value), if any. */
export const formErrors = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-invalid="true"]')]
      .map((field) => {
        const text = (attribute) => document.getElementById(field.getAttribute(attribute) ?? '')?.textContent?.trim() ?? '';
        return `${text('aria-labelledby') || field.getAttribute('aria-label')}: ${text('aria-errormessage')}`;
      })
      .join('; '),
  );
