// What the page's main thread does while a run plays (issue 22): a chart on a hidden
// panel is not updated (its work waits until it shows, then it catches up), and Pause
// shows the stop at once, on the Play button and in the step counter together, before
// the worker has sent the metrics of the step it stopped at. Needs `npm run build`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { metrics, openPage, series, useLab, waitStopped } from './harness.ts';

const lab = useLab();

async function setSteps(page: Page, steps: number): Promise<void> {
  await page.fill('#setting-steps', String(steps));
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
}

const updates = (page: Page) => page.evaluate(() => window.__clslab?.chartUpdates() ?? {});

test('a chart on a hidden panel is not updated while Play runs, and catches up once shown', async () => {
  const { page, problems } = await openPage(lab, { hash: '#protocol=joint&hide=ushape', step: 0 });
  await setSteps(page, 100000);
  // The loss chart follows the results' charts: in view, it is the one that must update
  // (Play pressed in place: a click would scroll back up to it).
  await page.locator('[data-panel="loss"]').scrollIntoViewIfNeeded();
  const before = await updates(page);
  const play = () => page.evaluate(() => document.getElementById('play')?.click());
  await play();
  // Long enough for many snapshots with token columns (every 250 ms at most).
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 150, null, {
    timeout: 60000,
  });
  await play();
  await waitStopped(page);
  await page.waitForTimeout(300); // frames for whatever is still due
  const during = await updates(page);
  assert.ok((during['loss'] ?? 0) > (before['loss'] ?? 0), 'the visible loss chart was updated');
  assert.equal(during['uShape'], before['uShape'], 'the hidden U-shape chart was not updated');
  // Shown again (as a view without hide= shows it) and scrolled to, it draws the run as it
  // stands.
  await page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>('[data-panel="ushape"]');
    panel?.classList.remove('flag-hidden');
    panel?.scrollIntoView();
  });
  await page.waitForFunction(
    (count) => (window.__clslab?.chartUpdates()['uShape'] ?? 0) > count,
    during['uShape'] ?? 0,
  );
  const points = Object.values((await series(page))['uShape'] ?? {}).flat();
  assert.ok(points.length > 0, 'the U-shape chart has its points');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('Play shows Pause from the press on, before the worker has started the run', async () => {
  // The cold page: the step on E, then its solve; a press may wait in the worker's queue.
  const { page, problems } = await openPage(lab, { ready: false });
  await setSteps(page, 40);
  const label = await page.evaluate(() => {
    const play = document.getElementById('play') as HTMLButtonElement;
    play.click();
    return play.textContent; // read in the click's own task: no worker event yet
  });
  assert.equal(label, 'Pause');
  await waitStopped(page);
  assert.equal((await metrics(page))?.step, 40, 'the run went to its budget');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('Pause shows the stop at once: the Play button and the step counter flip together', async () => {
  const { page, problems } = await openPage(lab, { hash: '#protocol=joint', step: 0 });
  await setSteps(page, 100000);
  await page.click('#play');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 5);
  await page.click('#play');
  // Read in the same task as the button's flip: both come from the one 'stopped' event.
  const shown = await page.waitForFunction(() => {
    if (document.getElementById('play')?.textContent !== 'Play') return null;
    return {
      text: document.getElementById('progress-text')?.textContent ?? '',
      stopped: window.__clslab?.state().lastStop?.step ?? -1,
    };
  });
  const { text, stopped } = (await shown.jsonValue()) as { text: string; stopped: number };
  assert.ok(stopped > 5, `stopped at step ${stopped}`);
  assert.equal(text, `Paused at step ${stopped.toLocaleString('en-US')}.`);
  // The metrics of that step follow, and the run stays stopped there.
  await waitStopped(page);
  assert.equal((await metrics(page))?.step, stopped);
  await page.waitForTimeout(300);
  assert.equal((await metrics(page))?.step, stopped, 'no step after the pause');
  assert.deepEqual(problems.console, []);
  await page.close();
});
