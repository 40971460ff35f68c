// The inline scripts' hashes in netlify.toml's script-src are the hashes of the bytes the pages
// inline (document.ts, the early scripts minified by vite.config.ts): a script changed, or its
// minifier, changes its hash, and the browser would refuse it until the policy is updated.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { INLINE_SCRIPTS, documentWriter, type RenderedPage } from './document';
import { HEADER_END } from './meta';

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

test("a page whose first screen waits for an element names it in its head; a page without one or the header's mark has no 'blocking' link", () => {
  const template = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');
  const write = documentWriter(template, null);
  const page = (firstScreen?: string): RenderedPage => ({
    html: firstScreen ? `<section><span id="${firstScreen}" hidden></span></section>` : '<main></main>',
    data: '{}',
    meta: { title: 'Home', description: 'The home page', ...(firstScreen ? { firstScreen } : {}) },
    pages: [],
    islands: null,
    images: [],
    early: null,
  });
  const place = { base: 'https://example.com', path: '/', lang: 'en' as const, links: true };
  const head = (document: string[]) => document[0]!;
  const waiting = head(write(page('hero-end'), place));
  expect(waiting).toContain('<link rel="expect" href="#hero-end" blocking="render" />');
  expect(waiting.indexOf('rel="expect"')).toBeLessThan(waiting.indexOf('</head>'));
  // Only the expect link blocks: the Nu checker's one filtered message is about `blocking` (e2e/a11y.test.mjs).
  expect(waiting.match(/blocking=/g)).toHaveLength(1);
  expect(head(write(page(), place))).not.toContain('blocking=');
  // Without a mark of its own, a page with the site's header waits for the header's end.
  const withHeader = { ...page(), html: `<header></header><span id="${HEADER_END}" hidden></span><main></main>` };
  expect(head(write(withHeader, place))).toContain(`<link rel="expect" href="#${HEADER_END}" blocking="render" />`);
  expect(head(write({ ...withHeader, meta: null }, place))).toContain(`<link rel="expect" href="#${HEADER_END}" blocking="render" />`);
  // An id is written as an attribute's text.
  expect(head(write(page('a"b'), place))).toContain('href="#a&quot;b"');
});
