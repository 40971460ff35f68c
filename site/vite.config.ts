import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { createRequire } from 'node:module';
import { minify } from 'oxc-minify';
import react from '@vitejs/plugin-react';
import { checkTranslations } from './src/i18n/check';
import { messageSets } from './src/i18n/sets';
import sets from './src/i18n/message-sets.json';

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

/**
 * Minifies the client build's chunks with oxc-minify (the minifier Vite 8 ships with): smaller
 * than Terser's output (the entry with the boot script: 106.4 -> 105.6 KB gzipped; esbuild's is
 * 108.9 KB, which puts some first views over the 120 KB budget) in 0.2 s instead of Terser's 5 s.
 *
 * It runs in `generateBundle`, after Vite's own (`order: 'post'`), not in `renderChunk`: Vite fills
 * in each dynamic import's dependencies (the chunk's CSS and the modules to preload) in its
 * generateBundle, and finds the imported file only where the import's specifier is a quoted
 * string. oxc writes `import(\`./x.js\`)`, so minifying first left every lazy chunk without its
 * stylesheet (the mortgage calculator rendered unstyled) and without its preloads. Names keep the
 * hash of the code before minifying; `augmentChunkHash` adds the minifier's version and options,
 * so a new minifier still changes every name.
 */
const oxcVersion = (createRequire(import.meta.url)('oxc-minify/package.json') as { version: string }).version;
const OXC_OPTIONS = { compress: { target: 'es2020' }, mangle: { toplevel: true } } as const;

function oxcMinify(): Plugin {
  return {
    name: 'oxc-minify',
    augmentChunkHash() {
      return `oxc-minify@${oxcVersion} ${JSON.stringify(OXC_OPTIONS)}`;
    },
    generateBundle: {
      order: 'post',
      async handler(options, bundle) {
        const module = options.format === 'es';
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const result = await minify(chunk.fileName, chunk.code, {
            module,
            compress: OXC_OPTIONS.compress,
            mangle: { toplevel: module && OXC_OPTIONS.mangle.toplevel },
            sourcemap: Boolean(options.sourcemap),
          });
          if (result.errors.length) this.error(`oxc-minify: ${chunk.fileName}: ${result.errors.map((e) => e.message).join('; ')}`);
          chunk.code = result.code;
          if (result.map) chunk.map = result.map as typeof chunk.map;
        }
      },
    },
  };
}

// react-router's package exports only its development build (extra checks and warnings on
// every <Link>); builds use its production build, which it ships beside it. Measured on the
// prerender: 2.7 -> see bench/site_build.py.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The client build writes into the repository's dist/ next to the JSON the generator wrote
// (so it must not empty it); the SSR build of src/entry-server.tsx goes to site/.ssr for the
// prerender script.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), translationsComplete(), messageSets(readMessages, sets), isSsrBuild ? null : oxcMinify()],
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
    modulePreload: { polyfill: false },
    // The client's JavaScript is minified by oxcMinify() above, its CSS by esbuild; the SSR bundle,
    // which only the prerender runs, is not minified at all (1.7 s less to build).
    minify: false,
    cssMinify: isSsrBuild ? false : 'esbuild',
    // The client build has a second entry, src/boot.ts: the small classic script prerendered
    // pages load, which starts index.html's entry after the first paint (see that file). Hashed
    // like every asset; scripts/prerender.mjs finds it in the manifest.
    ...(isSsrBuild
      ? {}
      : {
          rollupOptions: {
            input: { index: 'index.html', boot: 'src/boot.ts' },
            // The message sets' chunks as `m-{lang}-{set}-{hash}.js` rather than rollup's
            // `_virtual_messages-...`: the entry names each of them (3 languages x 25 sets), and the
            // shorter names are about 60 bytes less of every first view, gzipped.
            output: {
              chunkFileNames: ({ name }) => `assets/${name.replace(/^_virtual_messages-/, 'm-')}-[hash].js`,
            },
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
