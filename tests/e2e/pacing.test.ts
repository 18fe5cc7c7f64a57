// Pacing in Chromium: Play starts at a speed a person can watch (60 steps per second, the
// default 300-step run lasting 5 s), Space toggles Play and Pause, and a Space that lands
// after the step budget ran out says so instead of starting a new run; a second Space
// starts it. Space in a field types a space. Needs `npm run build`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { metrics, openPage, useLab, waitStopped } from './harness.ts';

const lab = useLab();

async function setSteps(page: Page, steps: number): Promise<void> {
  await page.fill('#setting-steps', String(steps));
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
}

function progress(page: Page): Promise<string> {
  return page.textContent('#progress-text').then((text) => text ?? '');
}

test('Play starts at 60 steps per second, on the slider and in the link of an embed', async () => {
  const { page } = await openPage(lab);
  assert.equal(await page.getAttribute('#speed', 'aria-valuetext'), '60 steps/s');
  await page.click('#embed-open');
  assert.equal(await page.inputValue('#embed-speed'), '60');
  await page.keyboard.press('Escape');
  await page.close();
});

test('Space toggles Play and Pause when the focus is on the page or on Play', async () => {
  const { page, problems } = await openPage(lab);
  await setSteps(page, 100000);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__clslab?.state().playing === true);
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 3);
  await page.keyboard.press('Space');
  await waitStopped(page);
  const step = (await metrics(page))?.step ?? 0;
  assert.equal(await progress(page), `Paused at step ${step}.`);
  // On the Play button Space acts once (not once on keydown and again as a click).
  await page.focus('#play');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__clslab?.state().playing === true);
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__clslab?.state().playing), true);
  await page.keyboard.press('Space');
  await waitStopped(page);
  // In a text field Space types.
  await page.focus('#review-text');
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__clslab?.state().playing), false);
  assert.equal(await page.inputValue('#review-text'), ' ');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('Space after the step budget ran out says so and starts nothing; a second Space plays', async () => {
  const { page, problems } = await openPage(lab);
  await setSteps(page, 12);
  await page.focus('#play');
  await page.keyboard.press('Space');
  await page.waitForFunction(
    () => window.__clslab?.metrics()?.step === 12 && window.__clslab?.state().playing === false,
  );
  await waitStopped(page);
  assert.match(await progress(page), /^Step budget reached: 12 steps\. Play runs 12 more\.$/);
  // The press meant as Pause lands after the end.
  await page.keyboard.press('Space');
  assert.match(await progress(page), /Space did not start a new run\. Press Space again or Play/);
  await page.waitForTimeout(500);
  assert.equal((await metrics(page))?.step, 12, 'no new run');
  assert.equal(await page.textContent('#play'), 'Play');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 24, null, {
    timeout: 30000,
  });
  assert.deepEqual(problems.console, []);
  await page.close();
});
