import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, minifySync, type Plugin } from 'vite';
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
 * first view: 3.1 KB more gzipped, which put 18 of 33 first views over the 120 KB budget.
 */
const ENTRY_CHUNK = { groups: [{ name: 'index', tags: ['$initial' as const] }] };
/** The entry chunk's file (ENTRY_CHUNK's group). */
const ENTRY_FILE = /^assets\/index-[^/]*\.js$/;

/**
 * The boot scripts (src/boot.ts): the classic script every prerendered page names, built apart
 * from the app, twice, each whole in one hashed file (an IIFE): `src/boot.ts` for every page, and
 * `src/boot.ts?early` with early.ts's requests for a page whose boot block plans requests its HTML
 * does not send (/compare; the search results' are sent by their HTML, early-search.js). Two
 * entries of the app's build sharing boot.ts would share a chunk, loaded by `import`, which a
 * classic script cannot run. Listed in the manifest under those names (document.ts `bootScript`,
 * bench/site_build.py).
 */
const BOOTS = { 'src/boot.ts': false, 'src/boot.ts?early': true };

function bootScripts(): Plugin {
  return {
    name: 'boot-scripts',
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    async buildStart() {
      for (const [name, early] of Object.entries(BOOTS)) {
        const built = await build({
          configFile: false,
          publicDir: false,
          logLevel: 'warn',
          define: { 'import.meta.env.ESTATE_BOOT_EARLY': JSON.stringify(early) },
          build: {
            write: false,
            target: 'es2020',
            minify: 'oxc',
            rolldownOptions: { input: fileURLToPath(new URL('./src/boot.ts', import.meta.url)), output: { format: 'iife' } },
          },
        });
        const [chunk] = ([built].flat() as { output: { code: string }[] }[])[0]!.output;
        this.emitFile({ type: 'asset', name: early ? 'boot-early.js' : 'boot.js', originalFileName: name, source: chunk!.code });
      }
    },
  };
}

/**
 * `import TEXT from './file.js?minified'`: the file's script as text, minified (Vite's own
 * minifier, rolldown's, which Vite exports), for a script a page inlines (document.ts): its bytes are in every page
 * that has it, counted in its first view's JavaScript, and its hash in netlify.toml's script-src
 * is the hash of these bytes (document.test.ts checks it). In every build and in vitest alike.
 */
const MINIFIED = '?minified';

function minifiedScripts(): Plugin {
  return {
    name: 'minified-scripts',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(MINIFIED)) return null;
      const file = id.slice(0, -MINIFIED.length);
      this.addWatchFile(file);
      const { code, errors } = minifySync(file, readFileSync(file, 'utf8'), { compress: true, mangle: { toplevel: false } });
      if (errors.length) this.error(`${file}: ${errors.map((error) => error.message).join('; ')}`);
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}

// The client build writes into the repository's dist/ next to the JSON the generator wrote
// (so it must not empty it); the SSR build of src/entry-server.tsx goes to site/.ssr for the
// prerender script.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [minifiedScripts(), react(), translationsComplete(), messageSets(readMessages, sets), bootScripts()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // Bundled into the SSR build so the alias above applies there too.
  ssr: { noExternal: ['react-router'] },
  build: {
    target: 'es2020',
    assetsDir: 'assets',
    manifest: true,
    // Every browser of the es2020 target but Safari < 17 preloads modules natively; without
    // the polyfill those load the same chunks, a little later. Saves 0.4 KB gzipped on every page.
    modulePreload: {
      polyfill: false,
      // The entry's lazy imports (the islands' modules) carry no list of the chunks each imports:
      // the page's boot block names them, those of the islands hydrated with the page to fetch with
      // the entry, a deferred island's to fetch once it is wanted (document.ts, islands/hydrate.tsx).
      // Their stylesheets stay listed (the page links those it draws; the loader adds no other).
      // 0.4-0.6 KB less of every first view, gzipped. Another chunk's lazy imports do not name the
      // entry: it has run before any chunk does.
      resolveDependencies: (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: string }) =>
        hostType !== 'js' ? deps : ENTRY_FILE.test(hostId) ? deps.filter((dep) => dep.endsWith('.css')) : deps.filter((dep) => !ENTRY_FILE.test(dep)),
    },
    // The client's JavaScript is minified by Oxc (Vite's own minifier), its CSS by esbuild; the SSR
    // bundle, which only the prerender runs, is not minified at all.
    minify: isSsrBuild ? false : 'oxc',
    cssMinify: isSsrBuild ? false : 'esbuild',
    // The boot scripts are built apart (bootScripts above).
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
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
    // A deadline for a test that hangs, not a timing: a loaded machine (the Rust tests beside these)
    // made a test of 13 lazy renders pass Vitest's default 5 s.
    testTimeout: 30_000,
  },
}) as import('vite').UserConfig);
