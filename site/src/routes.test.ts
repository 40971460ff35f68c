// The aliases of the front end's route table (their canonical link names the main page) are the
// ones generator/src/routes.rs leaves out of the sitemap as "an alias of" that page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALIASES, fixedRoutes } from './routes';

describe('route aliases', () => {
  it('match the generator table, and name a page that is not itself an alias', () => {
    const rust = readFileSync(join(import.meta.dirname, '..', '..', 'generator', 'src', 'routes.rs'), 'utf8');
    const reasons = new Map([...rust.matchAll(/const (\w+): &str = "an alias of (\/[^"]*)";/g)].map((m) => [m[1], m[2]]));
    const fromRust: Record<string, string> = {};
    for (const [, path = '', reason = ''] of rust.matchAll(/left\("([^"]+)", (\w+|"an alias of [^"]+")\)/g)) {
      const main = reason.startsWith('"') ? /an alias of ([^"]+)/.exec(reason)?.[1] : reasons.get(reason);
      if (main) fromRust[path] = main;
    }
    expect(ALIASES).toEqual(fromRust);
    const paths = new Set(fixedRoutes.map((route) => route.path));
    for (const [alias, main] of Object.entries(ALIASES)) {
      expect(paths.has(alias) && paths.has(main), `${alias} -> ${main}`).toBe(true);
      expect(ALIASES[main]).toBeUndefined();
    }
  });
});
