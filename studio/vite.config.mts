import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The studio bundle: one entry, hashed file names and a manifest, built into dist/studio, which the
 * server serves itself at /app/assets/ (no CDN; the dashboard's CSP allows only same-origin scripts).
 */
export default defineConfig({
  root: here('.'),
  base: '/app/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: here('../dist/studio'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: { input: here('src/main.tsx') },
  },
});
