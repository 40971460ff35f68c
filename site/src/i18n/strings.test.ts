// No visible string may live in a component: JSX text and user-facing attributes must come
// from the translation files. This walks every .tsx file's syntax tree to find any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import en from './en.json';
import { translate } from './index';

const SRC = join(import.meta.dirname, '..');
const VISIBLE_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'aria-label', 'label']);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

function literals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) {
      found.push(node.text.trim());
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText()) && node.initializer && ts.isStringLiteral(node.initializer) && /\p{L}/u.test(node.initializer.text)) {
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.map((text) => `${relative(SRC, file)}: ${text}`);
}

describe('translations', () => {
  test('no component holds a visible string', () => {
    expect(tsxFiles(SRC).flatMap(literals)).toEqual([]);
  });

  test('placeholders are filled and the English texts are the published ones', () => {
    expect(translate('en', 'notFound.title')).toBe("Sorry, we couldn't find this page.");
    expect(translate('en', 'error.title')).toBe('Unexpected Application Error!');
    const key = Object.keys(en).find((k) => en[k as keyof typeof en].includes('{n}')) as keyof typeof en | undefined;
    if (key) expect(translate('en', key, { n: 7 })).not.toContain('{n}');
  });
});
