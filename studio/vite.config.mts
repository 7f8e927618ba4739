import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The studio bundle: two entries, hashed file names and a manifest, built into dist/studio, which the
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
    // Two entries, one editor: the dashboard's studio and the embed (§23), which mounts the same Editor or its form.
    rollupOptions: { input: { main: here('src/main.tsx'), embed: here('src/embed.tsx') } },
  },
});
