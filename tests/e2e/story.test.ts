// The paper's story on the loaded data, in Chromium: the recipes card lists the three
// recipes core computed, applying one is a settings change in the link; each chart's line
// is core's sentence for the measured values; Figure 1 draws the theory's p_mm layer once
// p_mm is solved (and hides it on request); the Why card lists the selected tokens; the
// theory and the results open inside the page (offline, in a frame).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, screenshot, series, useLab, waitStopped } from './harness.ts';

const lab = useLab();

test('recipes, guidance, the theory layer and the Why card read the run', async () => {
  const { page, problems } = await openPage(lab);
  // The cold page stepped E and solved p_mm: Result 1 is shown, in core's words.
  await page.waitForFunction(() =>
    /^Shown:/.test(document.querySelector('[data-guidance="result1"]')?.textContent?.trim() ?? ''),
  );
  assert.match(
    (await page.textContent('[data-guidance="result1"]')) ?? '',
    /slope [\d.]+ against \(η\/2\)‖v‖² = 200/, // the default eta 400, a unit v
  );
  await page.click('#recipes-toggle'); // folded above the charts
  const recipes = await page
    .locator('#recipes-list button[data-recipe]')
    .evaluateAll((b) => b.map((x) => x.getAttribute('data-recipe')));
  assert.deepEqual(recipes, ['result1', 'figure1', 'result2']);
  // Each says what it will do and its cost before it is applied, in view beside its button;
  // result2 names the reviews p trains on (with their number when a subset).
  for (const name of recipes) {
    const said = page.locator(`[data-recipe-item="${name}"] > span.small`);
    assert.ok(await said.isVisible(), name);
    assert.match((await said.textContent()) ?? '', /Cost: /, name);
  }
  assert.match(
    (await page.textContent('[data-recipe-item="result2"] > span.small')) ?? '',
    /^ Trains p on (all [\d,]+ training reviews|[\d,]+ of the [\d,]+ training reviews \([\d.]+%\))/,
  );

  // The theory layer, by its id (its legend names the reviews it was solved on).
  const theory = () => series(page).then((s) => s['uShape']?.['chart-series-theory']?.length ?? 0);
  assert.ok((await theory()) > 0, 'the theory layer is drawn after the solve');
  await page.uncheck('#u-theory');
  await page.waitForFunction(
    () => window.__clslab?.series()['uShape']?.['chart-series-theory']?.length === 0,
  );
  await page.check('#u-theory');
  assert.ok((await theory()) > 0, 'and back on request');

  assert.match(
    (await page.textContent('#why-selection-summary')) ?? '',
    /distinct tokens are some review's s\*/,
  );
  assert.ok((await page.locator('#why-selection-rows tr').count()) > 0);
  assert.ok((await page.locator('#why-diagnostics li').count()) >= 3);

  // The figure1 recipe: joint training, in the link; the Result 1 line says why no fit
  // is predicted under that protocol.
  await page.click('#recipes-list button[data-recipe="figure1"]');
  await page.waitForFunction(() => location.hash.includes('protocol=joint'));
  await page.click('#play');
  await waitStopped(page, 120000);
  await page.waitForFunction(() =>
    /^Not predicted here:/.test(
      document.querySelector('[data-guidance="result1"]')?.textContent?.trim() ?? '',
    ),
  );
  await screenshot(page, 'story-figure1.png');

  await page.click('#docs-theory');
  assert.match((await page.textContent('#docs-body h2')) ?? '', /The science clslab demonstrates/);
  assert.ok((await page.locator('#docs-body pre').count()) > 0, 'the formulas as code blocks');
  await page.click('#docs-close');
  await page.click('#docs-results');
  assert.ok((await page.locator('#docs-body table').count()) > 0, 'the results tables');
  await page.click('#docs-close');
  assert.deepEqual(problems.console, []);
  await page.close();
});
