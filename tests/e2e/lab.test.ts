// The built page (dist/) in Debian's Chromium: the worker starts, the cold page takes the
// step on E, Play trains, the charts receive points, and hostile dataset text stays text.
// Needs `npm run build` first. Screenshots go to test-results/ for a human look.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { metrics, openPage, results, screenshot, series, useLab, waitStopped } from './harness.ts';

const lab = useLab();

test('the cold page steps E, Play trains, the loss falls and the charts fill', async () => {
  const { page, problems } = await openPage(lab);
  const initial = await series(page);
  assert.ok(
    (initial['alignment']?.['chart-series-tokens']?.length ?? 0) > 20,
    'the alignment scatter has points',
  );
  const prompt = await page.textContent('#prompt');
  assert.match(prompt ?? '', /Play/);
  await screenshot(page, 'lab-cold.png');

  // A long run budget, so that Pause (not the budget) ends the run; it keeps the weights.
  await page.fill('#setting-steps', '100000');
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => location.hash.includes('steps='));
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
  assert.equal((await metrics(page))?.step, 1, 'still after the step on E');
  await page.click('#play');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 40, null, {
    timeout: 60000,
  });
  await page.click('#play'); // Pause
  await waitStopped(page);
  const paused = (await metrics(page))?.step ?? 0;
  assert.ok(paused < 100000, `paused at step ${paused}`);
  const after = await series(page);
  const loss = after['loss']?.['trainLoss'] ?? [];
  assert.ok(loss.length >= 3, `the loss chart received points (${loss.length})`);
  const first = loss[0]?.y ?? NaN;
  const last = loss.at(-1)?.y ?? NaN;
  assert.ok(last < first, `the loss fell: ${first} -> ${last}`);
  assert.ok(
    (after['uShape']?.['chart-series-leans-positive']?.length ?? 0) > 0,
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
  await screenshot(page, 'lab-played.png');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the page reads well narrow and in dark mode, without console errors', async () => {
  const { page, problems } = await openPage(lab, { width: 720, dark: true });
  await screenshot(page, 'lab-narrow-dark.png');
  await page.locator('.charts').screenshot({ path: join(results, 'lab-narrow-dark-charts.png') });
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a share link with bad values opens with defaults and says why', async () => {
  const { page, problems } = await openPage(lab, { hash: '#v=1&width=banana&sigma=0.05' });
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
  // Every word kept: these 60 reviews share their words, which the default cut (words in more
  // than 20% of reviews) would remove.
  const { page, problems } = await openPage(lab, {
    hash: '#v=3&max_doc_share=1&drop_unknown=false',
  });
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
  // (The review panel draws once it is on screen.)
  await page.locator('#review-original').scrollIntoViewIfNeeded();
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
  await screenshot(page, 'lab-hostile-text.png');
  assert.deepEqual(problems.dialogs, [], 'no alert() ran');
  assert.deepEqual(problems.console, []);
  await page.close();
});
