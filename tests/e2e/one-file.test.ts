// The one-file edition (dist-single/clslab.html): its CSP is the served page's plus the
// hashes of its inline script and style. Opened from disk in Chromium with the network
// off, it loads with no request leaving the file and trains; its share link opened in the
// served build replays to the same weights checksum; the other built-in dataset comes from
// its inlined bytes, and a preset says the network is unreachable. Uploaded as one file to
// a web server (a learning-management system), it asks that server for nothing else and
// reaches the served build's checksum after the same clicks. Needs `npm run build` and
// `npm run build:single` first.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { metrics, openPage, screenshot, useLab, type Lab } from './harness.ts';

const lab = useLab(); // the served build, the checksum's reference
const singleUrl = new URL('../../dist-single/clslab.html', import.meta.url);

/** The file's bytes; fails saying how to build it when it is missing. */
function singleFile(): Buffer {
  const path = fileURLToPath(singleUrl);
  assert.ok(existsSync(path), 'dist-single/clslab.html is missing: run `npm run build:single`');
  return readFileSync(path);
}

/** The one file as a "lab": opened by its file:// URL, no server. */
function oneFile(): Lab {
  singleFile();
  return { browser: lab.browser, baseUrl: singleUrl.href, close: async () => {} };
}

/** The page's Content-Security-Policy, directive name to its sources. */
function policy(html: string): Map<string, string[]> {
  const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
  const directives = csp.split(';').map((d) => d.trim().split(/\s+/));
  return new Map(directives.map(([name = '', ...sources]) => [name, sources]));
}

/** Step p ×10 after the cold page's step on E: step 11. */
async function trainToStep11(page: Page): Promise<void> {
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
}

test('the one file keeps the served CSP, adding only the hashes of its inline script and style', () => {
  const html = singleFile().toString('utf8');
  const served = policy(readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8'));
  const single = policy(html);
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  assert.ok(script !== undefined && style !== undefined, 'one inline script and one style');
  assert.deepEqual([...single.keys()], [...served.keys()]);
  for (const [name, sources] of served) {
    const added: string[] =
      name === 'script-src' ? [hash(script)] : name === 'style-src' ? [hash(style)] : [];
    assert.deepEqual(single.get(name), [...sources, ...added], name);
  }
  assert.doesNotMatch(html, /<script[^>]*\bsrc=|<link[^>]*rel="stylesheet"/, 'nothing by URL');
});

test('opened from file:// with the network off, it trains, and its link replays in the served build', async () => {
  const { page, problems } = await openPage(oneFile(), { offline: true });
  assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');
  await trainToStep11(page);
  const offline = await metrics(page);
  const link = await page.inputValue('#share-url');
  assert.ok(link.startsWith(oneFile().baseUrl), link);
  await screenshot(page, 'one-file-offline.png', false);

  // The link's part after '#' names no host: the served build replays it to the same weights.
  const served = await openPage(lab, { hash: link.slice(link.indexOf('#')), step: 11 });
  assert.equal(offline?.checksum, (await metrics(served.page))?.checksum, 'same weights');
  assert.deepEqual(problems.blocked, [], 'nothing asked for the network');
  assert.deepEqual([...problems.console, ...served.problems.console], []);
  await page.close();
  await served.page.close();
});

test('offline, the other built-in dataset loads from the file and a preset says why it cannot', async () => {
  const { page, problems } = await openPage(oneFile(), { offline: true });
  await page.selectOption('#setting-dataset', 'restaurants');
  await page.waitForFunction(() =>
    (document.getElementById('dataset-summary')?.textContent ?? '').startsWith('restaurants'),
  );
  await page.click('#step');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 1);
  assert.deepEqual(problems.blocked, [], 'the built-in dataset came from the file');

  await page.click('[data-preset="sst2"]');
  await page.waitForSelector('#banner:not([hidden])');
  const banner = (await page.textContent('#banner-messages')) ?? '';
  assert.match(banner, /The network is unreachable: this computer is offline/);
  assert.match(banner, /Load a file from your computer/);
  await screenshot(page, 'one-file-offline-preset.png', false);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('uploaded as one file to a web server, it asks for nothing else and trains the same', async () => {
  const html = singleFile();
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (request.url !== '/lms/files/4711/clslab.html') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const uploaded: Lab = {
    browser: lab.browser,
    baseUrl: `http://127.0.0.1:${port}/lms/files/4711/clslab.html`,
    close: async () => {},
  };
  const { page, problems } = await openPage(uploaded, { offline: true });
  await trainToStep11(page);
  const checksum = (await metrics(page))?.checksum;
  const served = await openPage(lab);
  await trainToStep11(served.page);
  assert.equal(checksum, (await metrics(served.page))?.checksum, 'same weights');
  assert.deepEqual(asked, ['/lms/files/4711/clslab.html'], 'one request: the file');
  assert.deepEqual([...problems.blocked, ...problems.console, ...served.problems.console], []);
  await page.close();
  await served.page.close();
  server.close();
});
