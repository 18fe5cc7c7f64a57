// Builds the page and its module worker into dist/. base './' keeps every URL relative,
// so dist/ works from a subfolder or inside an iframe.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FluentBundle, FluentResource } from '@fluent/bundle';
import { defineConfig, type Plugin } from 'vite';
import { LOCALES } from './src/locale.ts';

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

// The words a page shows when its script never ran cannot come from the script: the build
// writes the catalogs' boot-fallback message into index.html, one paragraph per language
// (each marked with its lang, so a screen reader speaks it in that language).
const bootFallback: Plugin = {
  name: 'clslab-boot-fallback',
  transformIndexHtml: (html) => {
    const paragraphs = LOCALES.map((locale) => {
      const bundle = new FluentBundle(locale, { useIsolating: false });
      bundle.addResource(
        new FluentResource(readFileSync(here(`../catalog/${locale}.ftl`), 'utf8')),
      );
      const pattern = bundle.getMessage('boot-fallback')?.value;
      if (!pattern) throw new Error(`catalog/${locale}.ftl has no boot-fallback message`);
      const text = bundle
        .formatPattern(pattern)
        .replaceAll('&', '&amp;')
        .replaceAll('<', '&lt;')
        .replaceAll('>', '&gt;');
      return `<p lang="${locale}">${text}</p>`;
    });
    const block = `<div class="boot-fallback" role="alert">${paragraphs.join('')}</div>`;
    return html.replace('<!--clslab:boot-fallback-->', block);
  },
};

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [relaxCspInDev, bootFallback],
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
