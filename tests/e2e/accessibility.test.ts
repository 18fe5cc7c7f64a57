// axe-core on the lab as people open it: the default page at 1440 x 1000, the phone layout
// at 390 x 844 (folded, then with its sections open), a chart-first embed at 720 x 600 and
// the guided tour (with its card beside a chart), in the light and the dark theme. No
// serious or critical violation, WCAG 2.2 target size included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accessibilityViolations, openPage, useLab } from './harness.ts';

const lab = useLab();

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light';

  test(`the default page has no serious accessibility violation (${theme})`, async () => {
    const { page } = await openPage(lab, { dark });
    assert.deepEqual(await accessibilityViolations(page), []);
    await page.close();
  });

  test(`the phone layout has no serious accessibility violation (${theme})`, async () => {
    const { page } = await openPage(lab, { width: 390, height: 844, dark });
    assert.deepEqual(await accessibilityViolations(page), [], 'folded');
    for (const id of ['dataset', 'export', 'settings']) await page.click(`#${id}-toggle`);
    assert.deepEqual(await accessibilityViolations(page), [], 'sections open');
    await page.close();
  });

  test(`a chart-first embed has no serious accessibility violation (${theme})`, async () => {
    const { page } = await openPage(lab, {
      width: 720,
      height: 600,
      dark,
      hash: '#panels=ushape,result2&embed=1&run=20',
      step: 20,
    });
    assert.deepEqual(await accessibilityViolations(page), []);
    await page.close();
  });

  test(`the guided tour has no serious accessibility violation (${theme})`, async () => {
    const { page } = await openPage(lab, {
      width: 1366,
      height: 768,
      dark,
      hash: '#run=20&tour=1',
      step: 20,
    });
    await page.waitForSelector('#tour:not([hidden])');
    assert.deepEqual(await accessibilityViolations(page), [], 'the first step');
    for (let i = 0; i < 3; i++) await page.click('#tour-next');
    assert.deepEqual(await accessibilityViolations(page), [], 'the Result 2 step');
    await page.close();
  });
}
