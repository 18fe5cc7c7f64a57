// Links that carry the run's identity, in Chromium: a link to uploaded data asks for that
// file, refuses another one naming both hashes, and reproduces the run with the right one;
// malformed links open a working page with one warning; pausing a replay keeps the step it
// reached in the link; while the worker solves for p_mm its panel cancels the solve and Play
// waits for it; editing a confirmed URL withdraws the confirmation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { corpus } from '../web/support.ts';
import {
  bannerLine,
  bannerLines,
  loadDatasetFile,
  metrics,
  openPage,
  screenshot,
  useLab,
  waitStopped,
} from './harness.ts';

const lab = useLab();

const tsv = (text: string) => ({
  name: 'reviews.tsv',
  mimeType: 'text/tab-separated-values',
  buffer: Buffer.from(text),
});

async function bannerText(page: Page): Promise<string> {
  return (await page.textContent('#banner-messages')) ?? '';
}

test('a link to uploaded data asks for the file, refuses another one and reproduces with it', async () => {
  const { page, problems } = await openPage(lab);
  await loadDatasetFile(page, tsv(corpus(200)));
  assert.match(
    (await page.textContent('#dataset-summary')) ?? '',
    /^custom \(file\): reviews\.tsv/,
  );
  assert.match(await page.inputValue('#setting-dataset'), /^file$/);
  assert.match(
    (await page.textContent('#setting-dataset option:checked')) ?? '',
    /custom: reviews\.tsv, 200 rows/,
  );
  await page.click('#step-embeddings');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1);
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  const trained = await metrics(page);
  const link = await page.inputValue('#share-url');
  assert.match(
    link,
    /dataset=file&source_name=reviews.tsv&source_rows=200&source_hash=[0-9a-f]{16}/,
  );
  assert.match(link, /run=11/);
  await page.close();

  // A fresh page on the link: nothing is loaded in place of the file; it is asked for.
  const fresh = await openPage(lab, {
    hash: link.slice(link.indexOf('#')),
    step: -1,
    ready: false,
  });
  const card = fresh.page.locator('#dataset-need');
  await card.waitFor();
  assert.match(
    (await card.textContent()) ?? '',
    /This link was made with reviews\.tsv \(200 rows, content hash [0-9a-f]{16}\)/,
  );
  assert.equal(await fresh.page.evaluate(() => window.__clslab?.state().dataset), null);
  assert.ok(await fresh.page.isDisabled('#play'));
  await screenshot(fresh.page, 'link-needs-file.png', false);

  await fresh.page.setInputFiles('#dataset-need-file', tsv(corpus(201)));
  await fresh.page.waitForFunction(() =>
    /its content hash is/.test(document.getElementById('banner-messages')?.textContent ?? ''),
  );
  assert.match(
    await bannerText(fresh.page),
    /reviews\.tsv is not the data this run was made with: its content hash is [0-9a-f]{16}, the run's is [0-9a-f]{16}/,
  );
  assert.equal(
    await fresh.page.evaluate(() => window.__clslab?.state().dataset),
    null,
    'still nothing loaded',
  );

  await fresh.page.setInputFiles('#dataset-need-file', tsv(corpus(200)));
  await fresh.page.waitForFunction(() => window.__clslab?.metrics()?.step === 11, null, {
    timeout: 30000,
  });
  await waitStopped(fresh.page);
  assert.equal((await metrics(fresh.page))?.checksum, trained?.checksum, 'the same weights');
  assert.equal(await bannerText(fresh.page), '', 'the refusal is gone once the right file loaded');
  assert.deepEqual([...problems.console, ...fresh.problems.console], []);
  await fresh.page.close();
});

test('malformed links open a working page on defaults, with one warning each', async () => {
  for (const [hash, warning] of [
    ['#%', /malformed %-escape/],
    ['#v=1&dataset=custom', /"custom" is not one of/],
    ['#%E0%A4%A&run=%zz', /malformed %-escape/],
  ] as const) {
    const { page, problems } = await openPage(lab, { hash });
    await page.waitForSelector('#banner:not([hidden])');
    assert.match(await bannerText(page), warning, `${hash}: its warning`);
    assert.equal((await metrics(page))?.step, 1, `${hash}: the cold page trained`);
    assert.deepEqual(problems.console, [], hash);
    await page.close();
  }
});

test('pausing a replay keeps the step it reached in the link', async () => {
  const { page } = await openPage(lab, {
    hash: '#v=1&seed=5&steps=100000&run=100000',
    step: 2,
    ready: false,
  });
  await page.waitForFunction(() => window.__clslab?.state().playing === true);
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 20);
  await page.click('#play'); // Pause
  await waitStopped(page);
  const step = (await metrics(page))?.step ?? -1;
  assert.ok(step > 20 && step < 100000);
  await page.waitForFunction((s) => location.hash.includes(`run=${s}`), step);
  assert.match(await page.inputValue('#share-url'), new RegExp(`run=${step}$`));
  assert.equal(await page.textContent('#progress-text'), `Paused at step ${step}.`);
  await page.close();
});

test('while the worker solves for p_mm, the panel cancels it and Play waits for it', async () => {
  // 50,000 synthetic reviews with cycles and a stiff soft margin (C = 100): the solve after
  // the step on E runs its 1,000 sweeps for seconds (about 4 s in Node on the 2-core box).
  const { page } = await openPage(lab, {
    hash:
      '#v=1&dataset=synthetic&synthetic_reviews=50000&synthetic_feasible=false&width=1024' +
      '&svm_c=100&run=0',
    step: 0,
  });
  const solving = () =>
    page.waitForFunction(() => window.__clslab?.state().task?.kind === 'solving', null, {
      timeout: 30000,
    });
  const idle = () =>
    page.waitForFunction(() => window.__clslab?.state().task === null, null, { timeout: 120000 });
  await page.click('#step-embeddings');
  await solving();
  // The solve runs in slices that report their stage and an estimate.
  await page.waitForFunction(
    () =>
      /Solving for p_mm \(all reviews, (hard|soft) margin, sweep \d+\): \d+%/.test(
        document.getElementById('progress-text')?.textContent ?? '',
      ),
    null,
    { timeout: 30000 },
  );
  assert.equal(await page.textContent('#play'), 'Play', 'no run is playing');
  assert.equal(await page.textContent('#solve-max-margin'), 'Cancel the solve');
  await page.click('#solve-max-margin');
  await idle();
  assert.equal(await page.evaluate(() => window.__clslab?.state().maxMargin), null);
  assert.match((await page.textContent('#max-margin-status')) ?? '', /cancelled/);
  assert.equal(await page.evaluate(() => window.__clslab?.state().playing), false);
  assert.equal((await metrics(page))?.step, 1);
  // Solving again, Play pressed meanwhile starts once the solve is done: nothing is lost.
  await page.click('#solve-max-margin');
  await solving();
  await page.click('#play');
  await page.waitForFunction(() => window.__clslab?.state().playing === true, null, {
    timeout: 120000,
  });
  assert.notEqual(await page.evaluate(() => window.__clslab?.state().maxMargin), null);
  await page.click('#play'); // Pause
  await waitStopped(page);
  assert.ok(((await metrics(page))?.step ?? 0) > 1);
  await page.close();
});

test('editing a URL after confirming its host withdraws the confirmation', async () => {
  const { page } = await openPage(lab);
  await page.fill('#dataset-url', 'https://reviews.example.org/data/reviews.csv');
  await page.click('#dataset-url-check');
  await page.waitForSelector('#dataset-url-go');
  await page.fill('#dataset-url', 'not a url');
  assert.equal(await page.locator('#dataset-url-go').count(), 0, 'no stale Download button');
  assert.ok(await page.locator('#dataset-url-confirm').isHidden());
  await page.close();
});

// Issue 43, item 7: #v=2&min_count=1000 left "Loading the dataset…" for ever, Play and Reset
// disabled. The link opens as one with another bad value does: on defaults, with a banner.
test('a link whose data settings the data refuses opens on their defaults, with a warning', async () => {
  const { page, problems } = await openPage(lab, { hash: '#v=2&min_count=1000&seed=3' });
  assert.match(
    await bannerLine(page, /^twins\.tsv:/),
    /^twins\.tsv: the vocabulary would hold no word, only <unk> \(min_count 1,000, .*went back to their defaults \(it had min_count 1000\)$/,
  );
  assert.equal(await page.inputValue('#setting-min_count'), '2');
  assert.equal(await page.inputValue('#setting-seed'), '3', "the link's other settings stay");
  assert.doesNotMatch(await page.inputValue('#share-url'), /min_count/);
  assert.deepEqual(problems.console, []);
  await page.close();
});

// Issue 37: the flow's arithmetic changed with settings version 3, so a version 2 link
// replays with it, and once a review's softmax saturates (about step 150 on the twins) its
// weights are not those it was made with. The page says so, never silently; the link it shares
// then is a version 3 one, which opens without the note and to the same weights.
test('a version 2 link replays with the new arithmetic and says its checksum can differ', async () => {
  const { page, problems } = await openPage(lab, { hash: '#v=2&seed=3&run=200', step: 200 });
  const note = await bannerLine(page, /made with settings version 2/);
  assert.match(note, /replays with today's arithmetic/);
  assert.match(note, /weights and their checksum differ from those the link was made with/);
  assert.equal(await page.getAttribute('#banner', 'data-kind'), 'warning');
  const replayed = await metrics(page);
  assert.equal(replayed?.step, 200);
  const shared = await page.inputValue('#share-url');
  assert.match(shared, /#v=3&seed=3&run=200$/);
  await page.close();
  const fresh = await openPage(lab, { hash: '#v=3&seed=3&run=200', step: 200 });
  assert.deepEqual(await bannerLines(fresh.page), [], 'a version 3 link: no note');
  assert.equal((await metrics(fresh.page))?.checksum, replayed?.checksum);
  assert.deepEqual([...problems.console, ...fresh.problems.console], []);
  await fresh.page.close();
});

// Issue 43, item 6: while Play ran, the address bar said run=0: a reload lost the steps.
test('while Play runs the link follows its step, and a reload resumes there', async () => {
  const { page, problems } = await openPage(lab);
  await page.evaluate(() => {
    const speed = document.getElementById('speed') as HTMLInputElement;
    speed.value = '1'; // 10 steps/s: Play lasts half a minute
    speed.dispatchEvent(new Event('input'));
  });
  await page.click('#play');
  const linked = await page.waitForFunction(
    () => {
      const run = Number(/[#&]run=(\d+)/.exec(location.hash)?.[1] ?? 0);
      return window.__clslab?.state().playing === true && run >= 5 ? run : false;
    },
    null,
    { timeout: 60000 },
  );
  const run = (await linked.jsonValue()) as number;
  assert.match(await page.inputValue('#share-url'), new RegExp(`run=${run}(&|$)`));
  await page.reload();
  await page.waitForFunction((step) => window.__clslab?.metrics()?.step === step, run, {
    timeout: 60000,
  });
  await waitStopped(page);
  assert.equal((await metrics(page))?.step, run, 'the reload replayed to the linked step');
  assert.deepEqual(problems.console, []);
  await page.close();
});

// Issue 43, item 8: after an upload, #run=5 typed into the address bar was ignored without a
// word (its settings kept the data, so no load came to replay it after); a link's warnings
// outlived the next link.
test('a link opened over the loaded data replays its run; the next link drops its warnings', async () => {
  const { page, problems } = await openPage(lab);
  await loadDatasetFile(page, tsv(corpus(200)));
  await page.click('#step-embeddings');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1);
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  await waitStopped(page);
  const link = await page.inputValue('#share-url');
  const at5 = link.slice(link.indexOf('#')).replace(/run=\d+/, 'run=5');
  await page.evaluate((hash) => (location.hash = hash), at5);
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 5);
  await waitStopped(page);
  assert.equal((await metrics(page))?.step, 5);
  assert.equal(await bannerText(page), '');
  // A bad value warns; the next link, good, leaves no warning behind.
  await page.evaluate((hash) => (location.hash = hash), `${at5}&panels=nosuch`);
  await page.waitForFunction(() =>
    /nosuch/.test(document.getElementById('banner')?.textContent ?? ''),
  );
  await page.evaluate((hash) => (location.hash = hash), at5.replace('run=5', 'run=6'));
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 6);
  await waitStopped(page);
  assert.equal(await bannerText(page), '');
  assert.deepEqual(problems.console, []);
  await page.close();
});
