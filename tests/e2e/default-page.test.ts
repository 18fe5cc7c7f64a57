// The lab as it opens (issue 18): the default page, played to the end of its run, shows
// Result 2 over all training reviews of the built-in twins, and its Result 2 line offers the
// real movie reviews, which one click loads. Needs `npm run build` first; run under the
// shared Chromium lock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Finding } from 'clslab-wasm';
import { metrics, openPage, screenshot, useLab, waitStopped } from './harness.ts';

const lab = useLab();

test('the default page played to its end shows Result 2 over all reviews, then opens real reviews', async () => {
  const { page, problems } = await openPage(lab, { step: 1 });
  assert.match((await page.textContent('#dataset-summary')) ?? '', /^twins\.tsv/);
  await page.click('#play');
  // The default run is 300 steps (the Steps setting); Play stops there by itself.
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 300, null, {
    timeout: 600000,
  });
  await waitStopped(page, 600000);
  assert.equal((await metrics(page))?.step, 300);
  // The verdicts of the three results, as the panels show them.
  const verdict = async (panel: string) =>
    page.$eval(`[data-guidance="${panel}"]`, (el) => ({
      kind: (el as HTMLElement).dataset['kind'] ?? '',
      verdict: (el as HTMLElement).dataset['verdict'] ?? '',
      text: el.textContent ?? '',
    }));
  const result2 = await verdict('result2');
  assert.equal(result2.kind, 'shown', result2.text);
  assert.equal(result2.verdict, 'shown', "data-verdict names core's kind");
  // The verdict's numbers are core's arguments: over ALL the training reviews (the whole
  // train split, not a subset), cos(p, p_mm) >= 0.9 and selection >= 95%.
  const finding = await page.evaluate(
    () =>
      (
        window.__clslab?.state() as unknown as {
          guidance: { panels: Finding[] } | null;
        }
      ).guidance?.panels.find((l) => l.panel === 'result2') ?? null,
  );
  assert.ok(finding !== null);
  const arg = (name: string) => finding.args.find((a) => a.name === name)?.number ?? NaN;
  const trainReviews = (await metrics(page))?.trainReviews ?? 0;
  assert.equal(arg('reviews'), trainReviews);
  assert.ok(arg('cos') >= 0.9, `cos ${arg('cos')}`);
  assert.ok(arg('selection') >= 0.95, `selection ${arg('selection')}`);
  assert.ok(
    finding.details.some((d) => d.code === 'result2-feasible'),
    'no constraint on a cycle',
  );
  assert.equal((await verdict('result1')).kind, 'shown', (await verdict('result1')).text);
  assert.equal((await verdict('figure1')).kind, 'shown', (await verdict('figure1')).text);
  await screenshot(page, 'default-page-played.png');

  // One click to real reviews: the built-in movies load under the same settings.
  // Beside the Result 2 line, visible without unfolding its notes.
  await page.click('button[data-open-dataset="movies"]');
  await page.waitForFunction(
    () => /^movies\.tsv/.test(document.getElementById('dataset-summary')?.textContent ?? ''),
    null,
    { timeout: 60000 },
  );
  await page.waitForFunction(() => location.hash.includes('dataset=movies'));
  assert.deepEqual(problems.console, []);
  await page.close();
});
