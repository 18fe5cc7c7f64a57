// Sharing and files in Chromium: a share link carries the settings and the steps run, so
// a fresh page replays the run to the same weights checksum; bad page keys are reported;
// charts, tables and the metrics history download; a run file exported from one page
// loads in a fresh page with the same checksum.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { metrics, openPage, useLab, waitStopped } from './harness.ts';

const lab = useLab();

/** Trains a non-default run: sigma changed, Step p ×10 twice, then a short Play. */
async function trainSomething(page: Page): Promise<void> {
  await page.fill('#setting-sigma', '0.2');
  await page.press('#setting-sigma', 'Tab');
  await page.waitForFunction(() => !document.querySelector('#setting-sigma.pending'));
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 0);
  await page.click('#step-embeddings');
  await page.click('#step-attention');
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 21);
  await page.fill('#setting-steps', '37');
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
  await page.click('#play');
  await waitStopped(page);
  // Under load the last snapshot can land just after the Play button flips back: wait for
  // it, or the test would compare against a checksum from a step before the end.
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 37);
}

test('a share link replays the run: a fresh page shows the same step and checksum', async () => {
  const { page, problems } = await openPage(lab);
  await trainSomething(page);
  const trained = await metrics(page);
  assert.equal(trained?.step, 37);
  const link = await page.inputValue('#share-url');
  assert.match(link, /sigma=0\.2/);
  assert.match(link, /run=37/);
  // The address bar follows the field after the next frame (share-link.ts).
  await page.waitForFunction((l) => location.href === l, link, { timeout: 2000 });
  await page.close();

  const hash = link.slice(link.indexOf('#'));
  const fresh = await openPage(lab, { hash, step: 37 });
  const replayed = await metrics(fresh.page);
  assert.equal(replayed?.step, 37);
  assert.equal(replayed?.checksum, trained?.checksum, 'same weights after the replay');
  assert.match(
    (await fresh.page.textContent('#metrics')) ?? '',
    new RegExp(trained?.checksum ?? '-'),
  );
  assert.equal(await fresh.page.inputValue('#setting-sigma'), '0.2');
  assert.deepEqual([...problems.console, ...fresh.problems.console], []);
  await fresh.page.close();
});

test('bad page keys in a link are reported and ignored', async () => {
  const { page, problems } = await openPage(lab, {
    hash: '#v=1&run=banana&hide=settings,nonsense&width=0',
  });
  await page.waitForSelector('#banner:not([hidden])');
  const banner = (await page.textContent('#banner-messages')) ?? '';
  assert.match(banner, /run/);
  assert.match(banner, /nonsense/);
  assert.match(banner, /width/);
  assert.equal(await page.inputValue('#setting-width'), '1024', 'bad value fell back to default');
  assert.ok(!(await page.locator('[data-panel="settings"]').isVisible()), 'settings hidden');
  assert.equal((await metrics(page))?.step, 1, 'no run to replay: the cold page steps E');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('charts, tables and the metrics history download; a run file loads back', async () => {
  const { page, problems } = await openPage(lab);
  await trainSomething(page);
  const trained = await metrics(page);

  const png = page.waitForEvent('download');
  await page.click('.chart-tools[data-chart="uShape"] [data-action="png"]');
  const pngFile = await (await png).path();
  const bytes = readFileSync(pngFile);
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
  assert.ok(bytes.length > 5000, `PNG of ${bytes.length} bytes`);

  const tokens = page.waitForEvent('download');
  await page.click('#token-csv');
  const tokenCsv = readFileSync(await (await tokens).path(), 'utf8');
  assert.match(tokenCsv.split('\r\n')[0] ?? '', /^token,count,alpha,delta,v_dot_E,p_dot_E$/);
  assert.ok(tokenCsv.split('\r\n').length > 100);

  const history = page.waitForEvent('download');
  await page.click('#export-metrics');
  const metricsCsv = readFileSync(await (await history).path(), 'utf8')
    .trim()
    .split('\r\n');
  assert.match(metricsCsv[0] ?? '', /^step,phase,train_loss,train_accuracy,has_test,test_loss/);
  // The last row is step 37 and carries the run's checksum in its column (core's Describe
  // order puts it among the last columns).
  assert.match(metricsCsv.at(-1) ?? '', new RegExp(`^37,.*,${trained?.checksum}(,|$)`));
  assert.ok((metricsCsv[0] ?? '').split(',').includes('checksum'), 'a checksum column');

  const run = page.waitForEvent('download');
  await page.click('#export-run');
  const download = await run;
  assert.equal(download.suggestedFilename(), 'clslab-run-step37.json');
  const runJson = readFileSync(await download.path(), 'utf8');
  assert.ok(runJson.includes(trained?.checksum ?? '-'), 'the file carries the checksum');
  await page.close();

  // A fresh page with default settings loads the file: same settings, step and weights.
  const fresh = await openPage(lab);
  await fresh.page.setInputFiles('#run-file', {
    name: 'run.json',
    mimeType: 'application/json',
    buffer: Buffer.from(runJson),
  });
  await fresh.page.waitForFunction(() => window.__clslab?.metrics()?.step === 37);
  await fresh.page.waitForFunction(() =>
    (document.getElementById('export-status')?.textContent ?? '').includes('Loaded a run'),
  );
  assert.equal((await metrics(fresh.page))?.checksum, trained?.checksum);
  assert.equal(await fresh.page.inputValue('#setting-sigma'), '0.2');
  assert.deepEqual([...problems.console, ...fresh.problems.console], []);
  await fresh.page.close();
});
