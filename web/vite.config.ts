// Builds the page and its module worker into dist/. base './' keeps every URL relative,
// so dist/ works from a subfolder or inside an iframe.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The dev server injects CSS as <style> elements and an inline HMR client, which the
// page's strict Content-Security-Policy forbids: drop the meta tag in `vite dev` only.
// The built page (npm run build:web, the e2e test) keeps it.
const relaxCspInDev: Plugin = {
  name: 'clslab-relax-csp-in-dev',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>\s*/, ''),
};

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [relaxCspInDev],
  resolve: {
    alias: { 'clslab-wasm': here('src/wasm-build/clslab.js') },
  },
  worker: { format: 'es' },
  build: {
    outDir: here('../dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
