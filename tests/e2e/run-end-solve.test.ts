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
