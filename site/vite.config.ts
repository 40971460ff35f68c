import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// react-router's package exports only its development build (extra checks and warnings on
// every <Link>); builds use its production build, which it ships beside it. Measured on the
// prerender: 2.7 -> see bench/site_build.py.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The client build writes into the repository's dist/ next to the JSON the generator wrote
// (so it must not empty it); the SSR build of src/entry-server.tsx goes to site/.ssr for the
// prerender script.
export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // Bundled into the SSR build so the alias above applies there too.
  ssr: { noExternal: ['react-router'] },
  build: {
    target: 'es2020',
    assetsDir: 'assets',
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
}) as import('vite').UserConfig);
