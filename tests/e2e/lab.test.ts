// The built page (dist/) in Debian's Chromium: the worker starts, the cold page takes the
// step on E, Play trains, the charts receive points, and hostile dataset text stays text.
// Needs `npm run build` first. Screenshots go to test-results/ for a human look.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'dist');
const results = join(root, 'test-results');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.tsv': 'text/tab-separated-values; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
};

/** Serves dist/ read-only; anything outside it is a 404. */
function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(dist, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(dist + sep) || !existsSync(file)) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Problems {
  console: string[];
  dialogs: string[];
}

let server: Server;
let browser: Browser;
let baseUrl: string;

before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is missing: run `npm run build` first');
  mkdirSync(results, { recursive: true });
  server = await serve();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A page that records console errors, CSP violations and dialogs (alert() = injection). */
async function openLab(
  options: { width?: number; dark?: boolean; hash?: string } = {},
): Promise<{ page: Page; problems: Problems }> {
  const page = await browser.newPage({
    viewport: { width: options.width ?? 1440, height: 1000 },
    colorScheme: options.dark === true ? 'dark' : 'light',
  });
  const problems: Problems = { console: [], dialogs: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.console.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(baseUrl + (options.hash ?? ''));
  // Ready: the worker loaded the module and the movies, and took the step on E.
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 1, null, {
    timeout: 30000,
  });
  await page.waitForFunction(
    () => !(document.getElementById('play') as HTMLButtonElement).disabled,
  );
  return { page, problems };
}

function series(page: Page) {
  return page.evaluate(() => window.__clslab?.series() ?? {});
}

test('the cold page steps E, Play trains, the loss falls and the charts fill', async () => {
  const { page, problems } = await openLab();
  const initial = await series(page);
  assert.ok(
    (initial['alignment']?.['tokens']?.length ?? 0) > 20,
    'the alignment scatter has points',
  );
  const prompt = await page.textContent('#prompt');
  assert.match(prompt ?? '', /Play/);
  await page.waitForTimeout(300); // a frame for the charts to draw
  await page.screenshot({ path: join(results, 'lab-cold.png'), fullPage: true });

  // A long run budget, so that Pause (not the budget) ends the run; it keeps the weights.
  await page.fill('#setting-steps', '100000');
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => location.hash.includes('steps='));
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
  assert.equal(
    await page.evaluate(() => window.__clslab?.metrics()?.step),
    1,
    'still after the step on E',
  );
  await page.click('#play');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 40, null, {
    timeout: 60000,
  });
  await page.click('#play'); // Pause
  await page.waitForFunction(() => document.getElementById('play')?.textContent === 'Play');
  const paused = (await page.evaluate(() => window.__clslab?.metrics()?.step)) ?? 0;
  assert.ok(paused < 100000, `paused at step ${paused}`);
  const after = await series(page);
  const loss = after['loss']?.['train loss'] ?? [];
  assert.ok(loss.length >= 3, `the loss chart received points (${loss.length})`);
  const first = loss[0]?.y ?? NaN;
  const last = loss.at(-1)?.y ?? NaN;
  assert.ok(last < first, `the loss fell: ${first} -> ${last}`);
  assert.ok(
    (after['uShape']?.['Δ > 0 (leans positive)']?.length ?? 0) > 0,
    'the U-shape scatter has points',
  );
  const panel = (await page.textContent('#metrics')) ?? '';
  assert.doesNotMatch(panel, /NaN|Infinity/);

  await page.click('#solve-max-margin');
  await page.waitForFunction(
    () =>
      (document.getElementById('max-margin-status')?.textContent ?? '').length > 0 &&
      !(document.getElementById('solve-max-margin') as HTMLButtonElement).disabled,
    null,
    { timeout: 60000 },
  );
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(results, 'lab-played.png'), fullPage: true });
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the page reads well narrow and in dark mode, without console errors', async () => {
  const { page, problems } = await openLab({ width: 720, dark: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(results, 'lab-narrow-dark.png'), fullPage: true });
  await page.locator('.charts').screenshot({ path: join(results, 'lab-narrow-dark-charts.png') });
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a share link with bad values opens with defaults and says why', async () => {
  const { page, problems } = await openLab({ hash: '#v=1&width=banana&sigma=0.05' });
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.getAttribute('#banner', 'data-kind'), 'warning');
  assert.match((await page.textContent('#banner-messages')) ?? '', /width/);
  assert.equal(await page.inputValue('#setting-sigma'), '0.05', 'the good value was kept');
  assert.equal(
    await page.inputValue('#setting-width'),
    '1024',
    'the bad one fell back to its default (RunConfig::width)',
  );
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('markup in a dataset shows as text and never runs', async () => {
  const { page, problems } = await openLab();
  const hostile = '<img src=x onerror=alert(1)>';
  const lines: string[] = [];
  for (let i = 0; i < 60; i++) {
    const positive = i % 2 === 1;
    lines.push(
      `${positive ? 1 : 0}\t${hostile} the film was ${positive ? 'great fun' : 'a dull mess'} <b>bold</b> ${i}`,
    );
  }
  await page.setInputFiles('#dataset-file', {
    name: '<b>evil</b>.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(lines.join('\n') + '\n'),
  });
  // The preview shows the hostile rows as text too; confirming loads them.
  await page.waitForSelector('#preview-confirm:enabled');
  assert.equal(await page.locator('#dataset-preview img, #dataset-preview b').count(), 0);
  await page.click('#preview-confirm');
  await page.waitForFunction(() =>
    (document.getElementById('dataset-summary')?.textContent ?? '').includes('evil'),
  );
  assert.match((await page.textContent('#dataset-summary')) ?? '', /<b>evil<\/b>\.tsv/);
  // The tokenizer drops markup from the words; the review as written keeps it, as text.
  await page.waitForFunction(() =>
    (document.getElementById('review-original')?.textContent ?? '').includes('onerror'),
  );
  const original = (await page.textContent('#review-original')) ?? '';
  assert.ok(original.includes(hostile), `the review shows the markup as text: ${original}`);
  assert.equal(
    await page
      .locator('#review-original img, #review-words img, #review-original b, #dataset-summary b')
      .count(),
    0,
  );
  await page.fill('#review-text', hostile);
  await page.click('#review-score');
  await page.waitForFunction(() =>
    (document.getElementById('review-caption')?.textContent ?? '').includes('your text'),
  );
  assert.equal(await page.locator('#review-words img').count(), 0);
  await page.screenshot({ path: join(results, 'lab-hostile-text.png'), fullPage: true });
  assert.deepEqual(problems.dialogs, [], 'no alert() ran');
  assert.deepEqual(problems.console, []);
  await page.close();
});

declare global {
  interface Window {
    __clslab?: {
      series: () => Record<string, Record<string, Array<{ x: number; y: number }>>>;
      metrics: () => { step: number } | null;
    };
  }
}
