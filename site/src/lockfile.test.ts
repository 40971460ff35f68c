// @vitest-environment node
// The lock file must name every package any platform installs: `npm ci` refuses a lock file
// that lacks an optional dependency (rolldown's, rollup's and esbuild's native packages, one per platform),
// even one this machine would skip, so a lock written where the registry lacked some of them
// broke every fresh clone. A new lock file must pass this before it is committed.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';

type Entry = {
  version?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, Entry>;
};

/** The entry `name` resolves to from the package at `from`, as Node looks it up: nearest first. */
function resolve(from: string, name: string): Entry | undefined {
  let dir = from;
  for (;;) {
    const entry = lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`];
    if (entry) return entry;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('node_modules/');
    dir = at <= 0 ? '' : dir.slice(0, at - 1);
  }
}

describe('package-lock.json', () => {
  test('is a lock file npm ci reads', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  test('every dependency, dev dependency and optional dependency of every package has an entry', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const wanted = { ...entry.dependencies, ...entry.devDependencies, ...entry.optionalDependencies };
      for (const name of Object.keys(wanted)) {
        if (!resolve(path, name)) missing.push(`${path || '(root)'} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // Rolldown builds the site (Vite 8); Rollup is still installed for Vitest's own Vite.
  test.each([
    ['rolldown', '@rolldown/binding-', 14],
    ['rollup', '@rollup/', 20],
  ])("%s's native packages are locked at its own version, for every platform", (bundler, prefix, atLeast) => {
    const entry = lock.packages[`node_modules/${bundler}`];
    const natives = Object.entries(entry?.optionalDependencies ?? {}).filter(([name]) => name.startsWith(prefix));
    expect(natives.length).toBeGreaterThanOrEqual(atLeast);
    for (const [name, version] of natives) {
      expect(resolve(`node_modules/${bundler}`, name)?.version, name).toBe(version);
    }
  });
});
