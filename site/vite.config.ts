import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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
  plugins: [react(), translationsComplete(), messageSets(readMessages, sets)],
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
    // Terser's output is smaller than esbuild's (the entry with the boot script: 108.9 -> 106.4 KB
    // gzipped), which keeps every first view under the 120 KB budget with the boot script. Slower
    // to build, but Vite's output is cached between builds whose front end did not change.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    // The client build has a second entry, src/boot.ts: the small classic script prerendered
    // pages load, which starts index.html's entry after the first paint (see that file). Hashed
    // like every asset; scripts/prerender.mjs finds it in the manifest.
    ...(isSsrBuild ? {} : { rollupOptions: { input: { index: 'index.html', boot: 'src/boot.ts' } } }),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}) as import('vite').UserConfig);
