// The served build on a course site, in Chromium: dist/ under a sub-folder
// (/courses/ml101/clslab/) loads with every file from that folder, trains, its share link
// opened in a fresh browser context replays to the same checksum, the Embed dialog's
// snippet pasted into a page of another origin (another port) runs that same run, and a
// Hugging Face preset or a built-in dataset not yet downloaded says the network is
// unreachable when it is. Needs `npm run build`.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { metrics, openPage, screenshot, useLab } from './harness.ts';

const FOLDER = '/courses/ml101/clslab/';
const lab = useLab(FOLDER);

/** A course page served from another port (so another origin), with `body` pasted in. */
async function coursePage(body: string): Promise<{ url: string; close: () => void }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ML 101</title></head>' +
    `<body><h1>Week 3: attention selects tokens</h1>${body}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/week3.html`, close: () => server.close() };
}

/** Step p ×10 after the cold page's step on E: step 11. */
async function trainToStep11(page: Page): Promise<void> {
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
}

test('under a sub-folder the lab loads from that folder, trains, and its share link replays in a fresh context', async () => {
  const { page, problems } = await openPage(lab);
  await trainToStep11(page);
  const trained = await metrics(page);
  const files = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  assert.ok(files.length >= 3, `the script, stylesheet and worker: ${files.join(', ')}`);
  for (const name of files)
    assert.ok(name.startsWith(lab.baseUrl) || name.startsWith('data:'), `${name} is outside`);
  const link = await page.inputValue('#share-url');
  assert.ok(link.startsWith(lab.baseUrl), `the link keeps the sub-folder: ${link}`);
  assert.match(link, /run=11/);
  await screenshot(page, 'course-site-subfolder.png', false);
  await page.close();

  const fresh = await openPage(lab, { hash: link.slice(lab.baseUrl.length), step: 11 });
  assert.equal((await metrics(fresh.page))?.checksum, trained?.checksum, 'same weights');
  assert.deepEqual([...problems.console, ...fresh.problems.console], []);
  await fresh.page.close();
});

test('the Embed snippet pasted into a page on another port runs the same run', async () => {
  const { page, problems } = await openPage(lab);
  await trainToStep11(page);
  const trained = await metrics(page);
  await page.click('#embed-open');
  const snippet = await page.inputValue('#embed-snippet');
  await page.close();
  const src = (/src="([^"]+)"/.exec(snippet)?.[1] ?? '').replaceAll('&amp;', '&');
  assert.ok(src.startsWith(lab.baseUrl), `the frame opens the sub-folder: ${src}`);

  const course = await coursePage(snippet);
  const host = await lab.browser.newPage({ viewport: { width: 800, height: 1300 } });
  const hostErrors: string[] = [];
  host.on('console', (message) => {
    if (message.type() === 'error') hostErrors.push(message.text());
  });
  await host.goto(course.url);
  const frame = host.frameLocator('iframe');
  await frame.locator('[data-panel="ushape"]').waitFor({ state: 'visible', timeout: 60000 });
  const embedded = host.frames().find((f) => f.url().startsWith(lab.baseUrl));
  assert.ok(embedded, 'the iframe opened the lab');
  await embedded.waitForFunction(() => window.__clslab?.metrics()?.step === 11, null, {
    timeout: 60000,
  });
  const replayed = await embedded.evaluate(() => window.__clslab?.metrics() ?? null);
  assert.equal(replayed?.checksum, trained?.checksum, 'the frame replays the run');
  assert.equal(await frame.locator('[data-panel="settings"]:visible').count(), 0);
  await screenshot(host, 'course-site-embedded.png');
  assert.deepEqual([...problems.console, ...hostErrors], []);
  await host.close();
  course.close();
});

test('without the network a preset and an undownloaded built-in dataset say it is unreachable', async () => {
  const { page, problems } = await openPage(lab, { offline: true });
  await page.click('[data-preset="imdb"]');
  await page.waitForSelector('#banner:not([hidden])');
  const banner = (await page.textContent('#banner-messages')) ?? '';
  assert.match(banner, /network is unreachable/);
  assert.match(banner, /datasets-server\.huggingface\.co/);
  assert.match(banner, /Load a file from your computer/);
  assert.doesNotMatch(banner, /Failed to fetch/);
  assert.ok(problems.blocked.some((url) => url.includes('datasets-server.huggingface.co')));
  await screenshot(page, 'course-site-offline-preset.png', false);
  await trainToStep11(page);

  // The other built-in dataset comes from the page's own server: gone too, it says so.
  await page.route('**/datasets/restaurants.tsv', (route) => route.abort('internetdisconnected'));
  await page.click('#banner-close');
  await page.selectOption('#setting-dataset', 'restaurants');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(
    (await page.textContent('#banner-messages')) ?? '',
    /[“"]restaurants[”"].*: the network is unreachable \(this page's server did not answer\)/,
  );
  assert.match((await page.textContent('#dataset-summary')) ?? '', /^twins\.tsv/, 'kept');
  await screenshot(page, 'course-site-offline-dataset.png', false);
  await page.close();
});
