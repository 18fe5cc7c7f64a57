// Loading real review data in Debian's Chromium: an uploaded CSV is previewed and a column
// chosen before it loads, a non-UTF-8 file is offered Latin-1, a one-class file is refused
// keeping the old dataset, Hugging Face presets load from routed fixtures with progress and
// Cancel, and a URL is fetched only after its host is confirmed. No request leaves the
// machine: page.route serves tests/fixtures. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { reviewsCsv } from '../web/support.ts';
import { openPage, results, useLab } from './harness.ts';

const lab = useLab();

const fixtures = fileURLToPath(new URL('../fixtures/hf', import.meta.url));

/** Blocks every request that leaves the test server: tests never touch the network. */
// Every word kept: the uploads below have a few words each, which the default cut (words in
// more than 20% of reviews) would remove.
const keepEveryWord = { hash: '#v=3&max_doc_share=1&drop_unknown=false' };

async function offline(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(lab.baseUrl),
    (route) => {
      blocked.push(route.request().url());
      return route.abort();
    },
  );
  return blocked;
}

test('an uploaded CSV is previewed, a column chosen, confirmed, and trains', async () => {
  const { page, problems } = await openPage(lab, keepEveryWord);
  await offline(page);
  await page.setInputFiles('#dataset-file', {
    name: 'reviews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(reviewsCsv(120)),
  });
  await page.waitForSelector('#dataset-preview[open] #preview-rows');
  assert.match(
    (await page.textContent('#preview-facts')) ?? '',
    /120 reviews: 60 positive, 60 negative/,
  );
  assert.equal(await page.locator('#preview-rows tbody tr').count(), 8);
  assert.match((await page.textContent('#dataset-summary')) ?? '', /twins/, 'nothing loaded yet');
  await page.selectOption('#preview-text-column', 'title');
  await page.waitForFunction(() =>
    (document.querySelector('#preview-rows tbody td:nth-child(2)')?.textContent ?? '').startsWith(
      'Good title',
    ),
  );
  await page.screenshot({ path: join(results, 'datasets-preview.png') });
  await page.click('#preview-confirm');
  await page.waitForFunction(() =>
    (document.getElementById('dataset-summary')?.textContent ?? '').includes('reviews.csv'),
  );
  assert.equal(await page.locator('#dataset-preview[open]').count(), 0);
  const before = await page.evaluate(() => window.__clslab?.metrics()?.step ?? 0);
  await page.click('#step');
  await page.waitForFunction((b) => (window.__clslab?.metrics()?.step ?? 0) > b, before);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a file that is not UTF-8 offers Latin-1 and loads after decoding', async () => {
  const { page, problems } = await openPage(lab, keepEveryWord);
  const lines = ['text,label'];
  for (let i = 0; i < 40; i++)
    lines.push(`caf\u00e9 ${i % 2 ? 'superb cr\u00e8me' : 'dull na\u00efve'} ${i},${i % 2}`);
  await page.setInputFiles('#dataset-file', {
    name: 'latin.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n') + '\n', 'latin1'),
  });
  await page.waitForSelector('#preview-latin1');
  assert.match((await page.textContent('#preview-error')) ?? '', /not valid UTF-8/);
  assert.ok(await page.locator('#preview-confirm').isDisabled());
  await page.screenshot({ path: join(results, 'datasets-latin1-offer.png') });
  await page.click('#preview-latin1');
  await page.waitForSelector('#preview-rows');
  assert.match((await page.textContent('#preview-rows')) ?? '', /café dull naïve 0/);
  await page.click('#preview-confirm');
  await page.waitForFunction(() =>
    (document.getElementById('dataset-summary')?.textContent ?? '').includes('latin.csv'),
  );
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a one-class file shows an error and the previous dataset stays', async () => {
  const { page } = await openPage(lab, keepEveryWord);
  const summary = (await page.textContent('#dataset-summary')) ?? '';
  await page.setInputFiles('#dataset-file', {
    name: 'positive.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from('1\tgood film\n1\tgreat film\n1\tfine film\n'),
  });
  await page.waitForSelector('#dataset-preview .preview-warning');
  assert.match(
    (await page.textContent('#dataset-preview .preview-warning')) ?? '',
    /only one class/,
  );
  await page.click('#preview-confirm');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match((await page.textContent('#banner-messages')) ?? '', /one class/);
  assert.equal((await page.textContent('#dataset-summary')) ?? '', summary);
  await page.screenshot({ path: join(results, 'datasets-one-class.png') });
  await page.close();
});

// Issue 43, item 1: with restaurants.tsv held by a server that never answered, the page
// stayed at "Step 1 of 300." with no task, no Cancel and the selector on "restaurants".
test('a built-in download that never answers shows its task and Cancel, which keeps the run', async () => {
  const { page, problems } = await openPage(lab);
  await page.route('**/datasets/restaurants.tsv', () => undefined); // never answered
  await page.selectOption('#setting-dataset', 'restaurants');
  await page.waitForFunction(
    () =>
      /^Downloading restaurants\.tsv/.test(
        document.getElementById('progress-text')?.textContent ?? '',
      ) && document.getElementById('play')?.textContent === 'Cancel',
  );
  assert.ok(await page.isDisabled('#step'), 'no step while the data is coming');
  await page.click('#play'); // Cancel
  await page.waitForFunction(() =>
    /You cancelled the download/.test(document.getElementById('banner')?.textContent ?? ''),
  );
  assert.equal(
    await page.textContent('#banner-messages'),
    'You cancelled the download of restaurants.tsv: the lab keeps twins.tsv and its run.',
  );
  assert.equal(await page.inputValue('#setting-dataset'), 'twins', 'the selector names the data');
  await page.waitForFunction(() => document.getElementById('play')?.textContent === 'Play');
  await page.click('#step');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 2);
  assert.match((await page.textContent('#dataset-summary')) ?? '', /^twins\.tsv/);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the IMDB preset loads routed fixtures with progress, and a slow one can be cancelled', async () => {
  const { page, problems } = await openPage(lab, keepEveryWord);
  const negative = readFileSync(join(fixtures, 'imdb-train-neg.json'), 'utf8');
  const positive = readFileSync(join(fixtures, 'imdb-train-pos.json'), 'utf8');
  const requested: string[] = [];
  let slow = false;
  await page.route('https://datasets-server.huggingface.co/rows?**', async (route) => {
    const url = new URL(route.request().url());
    requested.push(url.href);
    if (slow) return; // never answered: the Cancel button must end it
    await new Promise((resolve) => setTimeout(resolve, 150)); // let progress show
    const body = Number(url.searchParams.get('offset')) < 12500 ? negative : positive;
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body,
    });
  });
  await page.fill('#dataset-sample', '300');
  await page.click('button[data-preset="imdb"]');
  await page.waitForSelector('#dataset-progress:not([hidden])');
  await page.waitForFunction(() =>
    /Sampling IMDB movie reviews: \d+ of 300 reviews/.test(
      document.getElementById('dataset-progress-text')?.textContent ?? '',
    ),
  );
  await page.screenshot({ path: join(results, 'datasets-preset-progress.png') });
  await page.waitForSelector('#dataset-preview[open] #preview-rows', { timeout: 20000 });
  assert.match(
    (await page.textContent('#preview-facts')) ?? '',
    /300 reviews: \d+ positive, \d+ negative/,
  );
  assert.ok(
    requested.every((href) => new URL(href).searchParams.get('dataset') === 'stanfordnlp/imdb'),
  );
  await page.click('#preview-confirm');
  await page.waitForFunction(() =>
    (document.getElementById('dataset-summary')?.textContent ?? '').includes('stanfordnlp/imdb'),
  );

  slow = true;
  const summary = (await page.textContent('#dataset-summary')) ?? '';
  await page.click('button[data-preset="sst2"]');
  await page.waitForSelector('#dataset-progress:not([hidden])');
  await page.click('#dataset-cancel');
  await page.waitForSelector('#dataset-progress', { state: 'hidden' });
  assert.equal(await page.locator('#dataset-preview[open]').count(), 0);
  assert.equal((await page.textContent('#dataset-summary')) ?? '', summary);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a URL is fetched only after its host is confirmed', async () => {
  const { page } = await openPage(lab, keepEveryWord);
  let fetched = 0;
  await page.route('https://reviews.example.org/**', (route) => {
    fetched++;
    return route.fulfill({
      status: 200,
      contentType: 'text/csv',
      headers: { 'access-control-allow-origin': '*' },
      body: reviewsCsv(40),
    });
  });
  await page.fill('#dataset-url', 'https://reviews.example.org/data/reviews.csv');
  await page.click('#dataset-url-check');
  await page.waitForSelector('#dataset-url-host');
  assert.equal(await page.textContent('#dataset-url-host'), 'reviews.example.org');
  assert.equal(fetched, 0, 'nothing fetched before the confirmation');
  await page.click('#dataset-url-go');
  await page.waitForSelector('#dataset-preview[open] #preview-rows');
  assert.equal(fetched, 1);
  await page.click('#preview-cancel');
  await page.close();
});
