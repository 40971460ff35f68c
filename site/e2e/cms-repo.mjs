// The browser editor's local repository in a test browser (e2e/cms.test.mjs and
// bench/cms_10k.mjs). Sveltia CMS's "Work with Local Repository" asks for a folder through the
// browser's directory picker, which headless Chromium does not have: the picker answers with a
// folder of the origin's private file system (OPFS), seeded with the content's text files.
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
