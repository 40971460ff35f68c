// The inline scripts' hashes in netlify.toml's script-src are the hashes of the bytes the pages
// inline (document.ts, the early scripts minified by vite.config.ts): a script changed, or its
// minifier, changes its hash, and the browser would refuse it until the policy is updated.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { INLINE_SCRIPTS } from './document';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

test("netlify.toml's script-src allows each inline script by the hash of its bytes as inlined, and nothing else inline", () => {
  const toml = readFileSync(join(import.meta.dirname, '../../netlify.toml'), 'utf8');
  const policies = [...toml.matchAll(/^\s*Content-Security-Policy = "([^"]*)"/gm)].map(([, policy]) => policy!);
  const scriptSources = policies.map((policy) => policy.split(';').map((directive) => directive.trim()).find((directive) => directive.startsWith('script-src')));
  const hashed = scriptSources.filter((directive) => directive?.includes("'sha256-"));
  expect(hashed.length, 'a page policy with the inline scripts\' hashes').toBeGreaterThan(0);
  const wanted = `script-src 'self' ${INLINE_SCRIPTS.map(hash).join(' ')}`;
  for (const directive of hashed) expect(directive, `netlify.toml's pages' script-src must be: ${wanted}`).toBe(wanted);
});

test('the early scripts are inlined minified: no comment and no indentation reaches a page', () => {
  for (const text of INLINE_SCRIPTS.slice(0, 3)) {
    expect(text).not.toMatch(/\n\s+|\/\/ |\/\*/);
  }
});
