// Starts `estate serve` on a free port for the browser tests and stops it afterwards.
// The binary is built by the test command (scripts/test.sh) before the tests run.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..', '..');

/**
 * A copy of the repository's content in a new temporary folder, for a test whose server writes
 * into it or that edits it: `{ root, repository, content }` (`content` is `repository`/content,
 * and `repository` is `root`, or `root`/`name` when a name is given; remove `root` after).
 */
export function copyOfContent(prefix, name) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  // The folder that holds content/, named `name` when given (the browser editor names it).
  const repository = name ? join(root, name) : root;
  const content = join(repository, 'content');
  cpSync(join(repo, 'content'), content, { recursive: true });
  return { root, repository, content };
}

/**
 * The sample site built once for the whole run: scripts/test.sh builds it before the browser
 * tests and names it in ESTATE_E2E_SITE, with the page and Vite caches of the run in
 * ESTATE_E2E_CACHE. Without it (a test file run by hand) each server builds its own.
 */
const SHARED_SITE = process.env.ESTATE_E2E_SITE;
const SHARED_CACHE = process.env.ESTATE_E2E_CACHE;

/**
 * Starts the server; resolves to { url, dist, token, output, stop } once it prints its address.
 * Options: `content` (a content folder instead of the repository's; the admin tests give a
 * temporary copy, since the admin writes into it), `watch` (rebuild on changes), `outbox` (where
 * leads go), `env` (variables for the lead function, e.g. LEAD_RATE_LIMIT_PER_MINUTE), `ownCopy`
 * (a test that changes the built files gets a copy of the shared site). `token` is the admin
 * token from the link estate serve prints.
 *
 * The repository's content, unwatched, is the run's shared build, served as it is
 * (`estate serve --no-build`); other content is built, from a copy of the run's shared caches.
 */
export async function startServer({ timeoutMs = 240_000, content, watch = false, outbox, env = {}, ownCopy = false } = {}) {
  const binary = process.env.ESTATE_BIN ?? join(repo, 'target', 'debug', 'estate');
  if (!existsSync(binary)) throw new Error(`${binary} not found: run cargo build first`);
  const prebuilt = !content && !watch && SHARED_SITE && existsSync(join(SHARED_SITE, 'index.html'));
  let dist;
  if (prebuilt && ownCopy) {
    dist = mkdtempSync(join(tmpdir(), 'estate-e2e-copy-'));
    cpSync(SHARED_SITE, dist, { recursive: true });
  } else {
    dist = prebuilt ? SHARED_SITE : (process.env.ESTATE_DIST ?? mkdtempSync(join(tmpdir(), 'estate-e2e-')));
  }
  // A folder made here is removed at stop, with the one estate serve keeps beside it.
  const made = dist !== SHARED_SITE && dist !== process.env.ESTATE_DIST;
  const args = ['serve', '--port', '0', '--out', dist];
  // A build of its own starts from a copy of the run's warm caches (the page cache and, beside
  // it, Vite's): test files run three at a time, and two builds must not write one cache.
  let cacheCopy;
  if (prebuilt) args.push('--no-build');
  else if (SHARED_CACHE && existsSync(SHARED_CACHE)) {
    cacheCopy = mkdtempSync(join(tmpdir(), 'estate-e2e-cache-'));
    cpSync(dirname(SHARED_CACHE), cacheCopy, { recursive: true });
    args.push('--cache', join(cacheCopy, basename(SHARED_CACHE)));
  }
  if (!watch) args.push('--no-watch');
  if (content) args.push('--content', content);
  if (outbox) args.push('--outbox', outbox);
  const child = spawn(binary, args, {
    cwd: repo,
    // One image cache for every browser test (the Rust tests share it too): photos are
    // processed once per run, not once per server.
    env: { ESTATE_IMAGE_CACHE: join(repo, 'target', 'test-image-cache'), ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`estate serve did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const match = /estate serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      // The admin link is printed right after the address.
      if (match && /#token=[0-9a-f]+\n/.test(output)) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`estate serve exited with ${code}:\n${output}`)));
  });
  const token = /#token=([0-9a-f]+)/.exec(output)?.[1];
  return {
    url,
    dist,
    token,
    /** Everything it printed so far. */
    output: () => output,
    stop: async () => {
      await new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.on('exit', () => resolveStop());
        child.kill('SIGTERM');
      });
      // Retried: a rebuild's prerender (the server's child) may still be writing as it ends.
      const remove = (folder) => rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      if (made) for (const folder of [dist, join(dirname(dist), `.${basename(dist)}-serve`)]) remove(folder);
      if (cacheCopy) remove(cacheCopy);
    },
  };
}
