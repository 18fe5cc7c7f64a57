// The flow's own att-SVM solved at a run's end (p_local of the final selection), in
// Chromium: on real-length reviews it takes seconds to minutes, so the page shows it as a
// task with the solver's progress (sweep, active constraints, duality gap against the gap it
// stops at), Play reads Cancel, and Cancel keeps the run: the weights and p_mm stay, the
// verdict says the comparison was cancelled, and the page goes on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { imdbText } from '../../bench/page/imdb-text.mjs';
import { loadDatasetFile, metrics, openPage, screenshot, useLab } from './harness.ts';

const lab = useLab();

test("the run end's att-SVM shows its progress, and Cancel keeps the run with a verdict that names it", async () => {
  // 800 IMDB-shaped reviews (about 230 words each) at the default width: the run's 20 steps
  // take seconds, its p_local (some 36,000 constraints) thousands of sweeps.
  const { page, problems } = await openPage(lab, { hash: '#speed=0&steps=20' });
  await loadDatasetFile(page, {
    name: 'reviews.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(imdbText({ reviews: 800 })),
  });
  await page.click('#play');
  await page.waitForFunction(() => window.__clslab?.state().task?.kind === 'localSvm', null, {
    timeout: 120000,
  });
  // The progress line says what is computed, for which step, and how far it is. A hard
  // margin has no finite duality gap until a certificate finds every constraint met, late in
  // the solve: the test presses Cancel at the first progress line, either form, so that the
  // solve is still under way when the Cancel arrives (waiting for a finite gap, the solve
  // could end first, and Cancel then has nothing to decline).
  const progress =
    /^Solving p_local, the att-SVM of the flow's selection at step 20: sweep [\d,]+, [\d,]+ of [\d,]+ constraints active, (duality gap [\d.]+|no finite duality gap yet) \(done at 0\.001\): \d+%$/;
  await page.waitForFunction(
    (source) =>
      new RegExp(source).test(document.getElementById('progress-text')?.textContent ?? ''),
    progress.source,
    { timeout: 60000 },
  );
  assert.equal(await page.textContent('#play'), 'Cancel');
  assert.match((await page.getAttribute('#play', 'aria-label')) ?? '', /^Cancel: Solving p_local/);
  // The bar shows the solve's own share done, not the run's steps, and says what it is.
  const bar = await page.evaluate(() => {
    const bar = document.getElementById('progress') as HTMLProgressElement;
    const text = document.getElementById('progress-text')?.textContent ?? '';
    return {
      max: bar.max,
      value: bar.value,
      said: Number(/(\d+)%$/.exec(text)?.[1]),
      valueText: bar.getAttribute('aria-valuetext') ?? '',
    };
  });
  assert.equal(bar.max, 100, 'the bar counts the solve in percent');
  assert.ok(
    Math.abs(bar.value - bar.said) <= 0.5,
    `the bar (${bar.value}) is the line's ${bar.said}%`,
  );
  assert.match(bar.valueText, /^Solving p_local, the att-SVM of the flow's selection at step 20/);
  assert.match((await page.textContent('#result2-readout')) ?? '', / · Solving p_local/);
  const before = await metrics(page);
  assert.equal(before?.step, 20);
  await screenshot(page, 'run-end-solve-task.png', false);

  await page.click('#play'); // Cancel
  await page.waitForFunction(
    () => window.__clslab?.state().task === null && window.__clslab?.metrics()?.localSvmCancelled,
    null,
    { timeout: 30000 },
  );
  const after = await metrics(page);
  assert.equal(after?.step, 20);
  assert.equal(after?.checksum, before?.checksum, 'the weights stay');
  assert.equal(after?.hasMaxMargin, true, 'p_mm stays');
  // The verdict names the cancellation and claims nothing about p_local.
  const verdict = page.locator('[data-guidance="result2"]');
  await page.waitForFunction(
    () =>
      /p_local, the att-SVM of the flow's own selection at step 20, was cancelled/.test(
        document.querySelector('[data-guidance="result2"]')?.textContent ?? '',
      ),
    null,
    { timeout: 30000 },
  );
  assert.doesNotMatch((await verdict.textContent()) ?? '', /Instead, p follows/);
  assert.match((await page.textContent('#result2-readout')) ?? '', /p_local of step 20: cancelled/);
  assert.equal(await page.textContent('#play'), 'Play');
  await verdict.scrollIntoViewIfNeeded();
  await screenshot(page, 'run-end-solve-cancelled.png', false);
  // Nothing froze: a step is taken and shown.
  await page.click('#step');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 21, null, {
    timeout: 60000,
  });
  assert.deepEqual(problems.console, []);
  await page.close();
});

test("on a phone the floating bar says how far the run end's att-SVM is, and a setting changed meanwhile leaves it a task", async () => {
  const { page, problems } = await openPage(lab, {
    hash: '#speed=0&steps=20',
    width: 390,
    height: 844,
  });
  await loadDatasetFile(page, {
    name: 'reviews.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(imdbText({ reviews: 800 })),
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('#play');
  const underWay =
    /^\d+(\.\d)?% · Solving p_local, the att-SVM of the flow's selection at step 20$/;
  const shortLine = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      (source) => {
        const line = document.getElementById('progress-short');
        return (
          document.querySelector('.controls.stuck') !== null &&
          line !== null &&
          new RegExp(source).test(line.textContent ?? '') &&
          window.__clslab?.state().task?.total === 100
        );
      },
      underWay.source,
      { timeout: 120000 },
    );
    // Shown on the bar, one line high, inside the phone's width, beside Cancel.
    const box = await page.locator('#progress-short').boundingBox();
    assert.ok(box !== null && box.height > 0 && box.height < 30, JSON.stringify(box));
    assert.ok(box.x >= 0 && box.x + box.width <= 390, JSON.stringify(box));
    assert.equal(await page.textContent('#play'), 'Cancel');
  };
  await shortLine();
  await screenshot(page, 'run-end-solve-phone.png', false);

  // A setting that changes the att-SVM (C) while it runs: core forgets the solutions, the
  // run end owes its p_local anew, and the page shows that solve as a task again.
  if ((await page.getAttribute('#settings-toggle', 'aria-expanded')) !== 'true')
    await page.click('#settings-toggle');
  await page.evaluate(() => {
    for (const d of document.querySelectorAll('.settings details')) d.setAttribute('open', '');
  });
  const c = await page.inputValue('#setting-svm_c');
  await page.fill('#setting-svm_c', c === '50' ? '60' : '50');
  await page.press('#setting-svm_c', 'Tab');
  await page.waitForFunction((old) => String(window.__clslab?.state().config['svm_c']) !== old, c, {
    timeout: 60000,
  });
  // The settings arrive after the old task ended: a task now is the solve driven again.
  await page.waitForFunction(() => window.__clslab?.state().task?.kind === 'localSvm', null, {
    timeout: 60000,
  });
  await shortLine();
  await screenshot(page, 'run-end-solve-phone-after-setting.png', false);
  await page.click('#play'); // Cancel
  await page.waitForFunction(
    () => window.__clslab?.state().task === null && window.__clslab?.metrics()?.localSvmCancelled,
    null,
    { timeout: 30000 },
  );
  assert.equal((await metrics(page))?.step, 20);
  assert.equal(await page.textContent('#progress-short'), '', 'no task: no line');
  assert.deepEqual(problems.console, []);
  await page.close();
});
