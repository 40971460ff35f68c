// ESLint (`npm run lint`, run by scripts/test.sh with the type check). Type errors are tsc's job;
// ESLint checks what tsc cannot see: the rules of hooks and import cycles.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default defineConfig(
  // Build output, caches and installed packages are not our source.
  { ignores: ['node_modules/', '.ssr/', 'dist/', 'e2e/screenshots/'] },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
  },
  {
    // The components and hooks: only src/ has React.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // Only the two classic rules, not the plugin's v7 `recommended`: its React Compiler rules
    // (refs, set-state-in-effect, static-components, immutability, ...) judge code for a
    // compiler this site does not use, and the code fails 29 of them.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A module may not import, directly or through others, a module that imports it: type-only
    // imports excepted (erased in the build). The TypeScript resolver follows the extensionless
    // imports as tsc does.
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts', 'scripts/**/*.mjs', 'e2e/**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      // The files import-x opens to follow imports further: without the TypeScript ones it
      // stops at the first .ts module and sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The test and build scripts are plain JavaScript, which tsc does not check: a name imported
    // or declared and never used (a helper left behind by a refactor) is an error there too.
    files: ['scripts/**/*.mjs', 'e2e/**/*.mjs'],
    rules: { 'no-unused-vars': 'error' },
  },
  {
    // Components, hooks and pages import links, the page's data and its address from the site's
    // own module (src/nav.tsx), never from 'react-router': no router is sent to the browser. Only
    // the prerender's entry uses it (its static handler picks each page's routes and data), and
    // the test that the browser's matching of an address agrees with it.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/entry-server.tsx', 'src/match.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^react-router(?:/|$)',
              message: "Import links, the page's data and its address from src/nav.tsx (no router is sent to the browser).",
            },
          ],
        },
      ],
    },
  },
  {
    // A rule turned off by a comment must be one that still fires there.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
);
