import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { checkTranslations } from './src/i18n/check.ts';
import { messageSets } from './src/i18n/sets.ts';
import sets from './src/i18n/message-sets.json' with { type: 'json' };

/**
 * Fails every build (and so `estate build`) when a language lacks a key of en.json, naming
 * each missing key per language: add them to src/i18n/ar.json and src/i18n/ru.json.
 */
const readMessages = (lang: string) =>
  JSON.parse(readFileSync(new URL(`./src/i18n/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;

function translationsComplete(): Plugin {
  return {
    name: 'translations-complete',
    buildStart() {
      const problems = checkTranslations(readMessages('en'), { ar: readMessages('ar'), ru: readMessages('ru') });
      if (problems.length) this.error(`translations incomplete:\n  ${problems.join('\n  ')}`);
    },
  };
}

// react-router's package exports only its development build (extra checks and warnings on
// every <Link>); builds use its production build, which it ships beside it. Measured on the
// prerender: 2.7 -> see bench/site_build.py.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The client's first view in one file, as Rollup made it: every module the entry imports
 * statically goes into the entry's chunk. Rolldown otherwise cuts the modules the entry shares
 * with lazy pages (React Router, i18n, the JSX runtime) into 5 more chunks, each fetched on the
 * first view: 3.1 KB more gzipped, which put 18 of 33 first views over the 120 KB budget. The
 * boot script, and early.ts which only it imports (the app imports its types alone), stay their
 * own small classic script.
 */
const BOOT_ONLY = ['/src/boot.ts', '/src/early.ts'];
const ENTRY_CHUNK = {
  groups: [{ name: 'index', tags: ['$initial' as const], test: (id: string) => !BOOT_ONLY.some((file) => id.endsWith(file)) }],
};

/**
 * The browser's build renders with Preact (src/browser-react.ts: preact/compat, its hydrateRoot
 * and what it lacks of React 19; src/browser-react-dom.ts: where its rendering is made to agree
 * with React DOM's) instead of React DOM: the entry is 50 KB gzipped instead of 106, every
 * page's first view at most 64 KB instead of ~120. The prerender (the SSR build) keeps React, so
 * the pages' HTML is unchanged. ESTATE_BROWSER_RENDERER=react builds the browser's code with
 * React DOM as before (the way back, and to compare); `estate build`'s front-end cache keys on
 * the variable, so switching never restores the other's build.
 */
const RENDERER = process.env.ESTATE_BROWSER_RENDERER || 'preact';
if (RENDERER !== 'preact' && RENDERER !== 'react') {
  throw new Error(`ESTATE_BROWSER_RENDERER is '${RENDERER}': 'preact' (the default) or 'react'`);
}
const PREACT = RENDERER === 'preact';
const browserReact = fileURLToPath(new URL('./src/browser-react.ts', import.meta.url));
const PREACT_IN_THE_BROWSER = [
  { find: /^react$/, replacement: browserReact },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: browserReact },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
];

// The client build writes into the repository's dist/ next to the JSON the generator wrote
// (so it must not empty it); the SSR build of src/entry-server.tsx goes to site/.ssr for the
// prerender script.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), translationsComplete(), messageSets(readMessages, sets)],
  // Preact hydrates the page in parts (src/components/HydrationPart.tsx); React DOM and the
  // prerender render them whole.
  define: { 'import.meta.env.ESTATE_HYDRATE_IN_PARTS': JSON.stringify(command === 'build' && PREACT && !isSsrBuild) },
  resolve: {
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }, ...(PREACT && !isSsrBuild ? PREACT_IN_THE_BROWSER : [])]
        : [],
  },
  // Bundled into the SSR build so the alias above applies there too.
  ssr: { noExternal: ['react-router'] },
  build: {
    target: 'es2020',
    assetsDir: 'assets',
    manifest: true,
    // Every browser of the es2020 target but Safari < 17 preloads modules natively; without
    // the polyfill those load the same chunks, a little later. Saves 0.4 KB gzipped on every page.
    modulePreload: { polyfill: false },
    // The client's JavaScript is minified by Oxc (Vite's own minifier), its CSS by esbuild; the SSR
    // bundle, which only the prerender runs, is not minified at all.
    minify: isSsrBuild ? false : 'oxc',
    cssMinify: isSsrBuild ? false : 'esbuild',
    // The client build has a second entry, src/boot.ts: the small classic script prerendered
    // pages load, which starts index.html's entry after the first paint (see that file). Hashed
    // like every asset; scripts/prerender.mjs finds it in the manifest.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            input: { index: 'index.html', boot: 'src/boot.ts' },
            output: { codeSplitting: ENTRY_CHUNK },
          },
        }),
  },
  test: {
    // Most tests are pure logic; the few that need a DOM say so in their first line
    // (`// @vitest-environment jsdom`), which saves setting one up for every file.
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}) as import('vite').UserConfig);
