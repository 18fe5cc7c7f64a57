// What the page benchmarks share (page-bench.mjs, page-profile.mjs, solve-trace.mjs): the
// 25,000-review file they upload, a read-only server of a built page, and the steps of an
// upload through the Dataset card as a user makes them. No top-level effects.
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { imdbText } from './imdb-text.mjs';

export const root = fileURLToPath(new URL('../../', import.meta.url));

export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** `file`, or the seeded IMDB-shaped set of 25,000 reviews (written once under build/). */
export function benchData(file) {
  if (file !== undefined) return file;
  const generated = join(root, 'build/bench/imdb-25k.tsv');
  if (!existsSync(generated)) {
    mkdirSync(dirname(generated), { recursive: true });
    writeFileSync(generated, imdbText({ reviews: 25000, seed: 7 }));
  }
  return generated;
}

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.tsv': 'text/plain',
};

/** Serves the built page in `dir` on a free port of 127.0.0.1; resolves to the server. */
export function serve(dir) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** Resolves once the page is idle: Play says "Play" and can be pressed. */
export const waitIdle = (page, timeout = 600000) =>
  page.waitForFunction(
    () =>
      document.getElementById('play')?.textContent === 'Play' &&
      !document.getElementById('play').disabled,
    null,
    { timeout },
  );

/** Uploads `dataFile` through the Dataset card (pick, confirm the preview) and resolves
 *  once the summary shows its 25,000 rows and the page is idle. */
export async function upload(page, dataFile) {
  const before = await page.textContent('#dataset-summary');
  await page.setInputFiles('#dataset-file', dataFile);
  await page.waitForSelector('#preview-confirm:not([disabled])', { timeout: 600000 });
  await page.click('#preview-confirm');
  await page.waitForFunction(
    (old) =>
      document.getElementById('dataset-summary')?.textContent !== old &&
      /25,000 rows/.test(document.getElementById('dataset-summary')?.textContent ?? ''),
    before,
    { timeout: 600000 },
  );
  await waitIdle(page);
}

/** Remembers the page's current att-SVM report, so that waitSolved sees a new one. */
export const markSolve = (page) =>
  page.evaluate(() => {
    window.__reportBefore = window.__clslab.state().maxMargin;
  });

/** Resolves once the page holds an att-SVM report other than the one markSolve saw. */
export const waitSolved = (page) =>
  page.waitForFunction(
    () => {
      const report = window.__clslab.state().maxMargin;
      return report !== null && report !== window.__reportBefore;
    },
    null,
    { timeout: 600000 },
  );
