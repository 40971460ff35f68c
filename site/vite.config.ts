import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client build writes into the repository's dist/ next to the JSON the generator wrote
// (so it must not empty it); the SSR build of src/entry-server.tsx goes to site/.ssr for the
// prerender script.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2020',
    assetsDir: 'assets',
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
} as import('vite').UserConfig);
