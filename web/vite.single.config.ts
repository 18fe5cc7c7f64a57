// The one-file edition (npm run build:single): dist-single/clslab.html carries the page's
// JS and CSS, the worker, the wasm binary and the built-in datasets, so it opens from disk
// (file://) or as one uploaded file. The served build (vite.config.ts) is the base; this
// swaps edition.ts for edition-inlined.ts and inlines what Vite would emit as files.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { defineConfig, mergeConfig, type Plugin } from 'vite';
import served from './vite.config.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** gzip then base64: the wasm binary shrinks from 446 kB to ~235 kB of text (raw would be
 *  594 kB), which keeps the file under its 1 MB target. The worker inflates it with the
 *  browser's DecompressionStream. */
const pack = (path: string) => gzipSync(readFileSync(path), { level: 9 }).toString('base64');

function inlinedBytes(): { wasm: string; datasets: Record<string, string> } {
  const folder = here('public/datasets/');
  const datasets: Record<string, string> = {};
  const files = readdirSync(folder).filter((name) => name.endsWith('.tsv'));
  for (const file of files.sort()) datasets[file.slice(0, -'.tsv'.length)] = pack(folder + file);
  return { wasm: pack(here('src/wasm-build/clslab.wasm')), datasets };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Adds `source` to one directive of the Content-Security-Policy meta tag. */
function allow(html: string, directive: string, source: string): string {
  const csp = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)"/;
  if (!csp.test(html)) throw new Error('index.html has no Content-Security-Policy meta tag');
  return html.replace(csp, (_, head: string, policy: string) => {
    const next = policy.replace(new RegExp(`(^|;\\s*)(${directive}\\s[^;]*)`), `$1$2 ${source}`);
    if (next === policy) throw new Error(`the CSP has no ${directive} directive`);
    return `${head}${next}"`;
  });
}

/** Puts the entry script and stylesheet into index.html (allowed by their hashes in the
 *  same CSP, so no 'unsafe-inline'), drops the wasm files the glue's fallback URL made
 *  (the worker gets the bytes instead), and fails on anything else left outside. */
const singleFile: Plugin = {
  name: 'clslab-single-file',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') throw new Error('the build made no index.html');
      let html = String(page.source);
      for (const [name, output] of Object.entries(bundle)) {
        if (name === 'index.html') continue;
        const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (output.type === 'chunk' && output.isEntry) {
          // Inline module scripts run deferred, as the external one did.
          const code = output.code.replaceAll('</script', '<\\/script');
          if (code.includes('<!--')) throw new Error(`${name} holds "<!--", unsafe inline`);
          const tag = new RegExp(
            `<script type="module" crossorigin src="\\./${escaped}"></script>`,
          );
          html = allow(
            html.replace(tag, () => `<script type="module">${code}</script>`),
            'script-src',
            sha256(code),
          );
        } else if (output.type === 'asset' && name.endsWith('.css')) {
          const css = String(output.source);
          const tag = new RegExp(`<link rel="stylesheet" crossorigin href="\\./${escaped}">`);
          html = allow(
            html.replace(tag, () => `<style>${css}</style>`),
            'style-src',
            sha256(css),
          );
        } else if (!(output.type === 'asset' && name.endsWith('.wasm'))) {
          throw new Error(`${name} would be a second file; the one-file edition cannot load it`);
        }
        delete bundle[name];
      }
      if (/<script[^>]*\ssrc=|<link[^>]*rel="(stylesheet|modulepreload)"/.test(html))
        throw new Error('clslab.html still loads a script or stylesheet by URL');
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: 'clslab.html', source: html });
    },
  },
};

export default mergeConfig(
  served,
  defineConfig({
    resolve: {
      alias: [{ find: /^(\.\.?\/)+edition\.ts$/, replacement: here('src/edition-inlined.ts') }],
    },
    define: { __CLSLAB_INLINED__: JSON.stringify(inlinedBytes()) },
    plugins: [singleFile],
    // Chromium refuses a module worker from a blob: URL when the page is a file:// one
    // (its origin is opaque); a classic worker from the same blob runs.
    worker: { format: 'iife' },
    publicDir: false,
    build: { outDir: here('../dist-single'), modulePreload: false, chunkSizeWarningLimit: 1024 },
  }),
);
