// Starts `estate serve` on a free port for the browser tests and stops it afterwards.
// The binary is built by the test command (scripts/test.sh) before the tests run.
import { spawn } from 'node:child_process';
import { mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..', '..');

/**
 * Starts the server; resolves to { url, dist, stop } once it prints its address. `outbox` is the
 * folder leads are written to (the default is the repository's own .estate/outbox); `env` adds
 * variables for the lead function (e.g. LEAD_RATE_LIMIT_PER_MINUTE).
 */
export async function startServer({ timeoutMs = 240_000, outbox, env = {} } = {}) {
  const binary = process.env.ESTATE_BIN ?? join(repo, 'target', 'debug', 'estate');
  if (!existsSync(binary)) throw new Error(`${binary} not found: run cargo build first`);
  const dist = process.env.ESTATE_DIST ?? mkdtempSync(join(tmpdir(), 'estate-e2e-'));
  const args = ['serve', '--no-watch', '--port', '0', '--out', dist, ...(outbox ? ['--outbox', outbox] : [])];
  const child = spawn(binary, args, {
    cwd: repo,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`estate serve did not start in time:\n${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      const match = /estate serve: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`estate serve exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dist,
    stop: () =>
      new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        child.on('exit', () => resolveStop());
        child.kill('SIGTERM');
      }),
  };
}
