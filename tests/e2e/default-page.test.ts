// The lab as it opens (issue 18): the default page, played to the end of its run, shows
// Result 2 over all training reviews of the built-in twins, and its Result 2 line offers the
// real movie reviews, which one click loads. Needs `npm run build` first; run under the
// shared Chromium lock.
import assert from 'node:assert/strict';
import { test } from 'node:test';
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
      text: el.textContent ?? '',
    }));
  const result2 = await verdict('result2');
  assert.equal(result2.kind, 'shown', result2.text);
  const numbers = /over all ([\d,]+) reviews cos\(p, p_mm\) ([\d.]+) and selection ([\d.]+)/.exec(
    result2.text,
  );
  assert.ok(numbers !== null, result2.text);
  assert.ok(Number(numbers[2]) > 0.9, `cos ${numbers[2]}`);
  assert.ok(Number(numbers[3]) > 0.95, `selection ${numbers[3]}`);
  // Over ALL the training reviews: the count is the whole train split, not a subset.
  const trainReviews = (await metrics(page))?.trainReviews ?? 0;
  assert.equal(Number(numbers[1].replaceAll(',', '')), trainReviews);
  assert.match(result2.text, /none of the [\d,]+ constraints lies on a cycle/);
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
