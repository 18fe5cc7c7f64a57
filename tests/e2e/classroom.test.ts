// Classroom use in Chromium: hide= and embed= flags hide what they name, the embedded page
// fits a 720 px frame, the Embed dialog gives an iframe snippet that works, and the guided
// tour runs with the keyboard alone, driving the lab through its three steps.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { metrics, openPage, screenshot, useLab } from './harness.ts';

const lab = useLab();

test('hide= hides the panels it names, and embed=1 fits a 720 px frame', async () => {
  const { page, problems } = await openPage(lab, {
    width: 720,
    height: 1100,
    hash: '#hide=settings,reviews,table,dataset&embed=1',
  });
  for (const hidden of ['settings', 'reviews', 'table', 'dataset', 'header'])
    assert.equal(
      await page.locator(`[data-panel="${hidden}"]:visible`).count(),
      0,
      `${hidden} is hidden`,
    );
  for (const shown of ['controls', 'metrics', 'loss', 'alignment', 'ushape', 'result2'])
    assert.ok(await page.locator(`[data-panel="${shown}"]`).first().isVisible(), `${shown} shows`);
  assert.ok(await page.locator('#open-full').isVisible(), 'the frame links to the full lab');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 720, `no horizontal scrolling in a 720 px frame (${width} px)`);
  // The flags stay in the link the page shows (a reload keeps the classroom view).
  await page.waitForFunction(() => location.hash.includes('hide=settings,reviews,table,dataset'));
  await screenshot(page, 'classroom-embed-720.png');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the Embed dialog gives an iframe snippet whose page hides the ticked panels', async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#embed-open');
  assert.ok(await page.locator('#embed-dialog').isVisible());
  await page.check('#embed-hide-metrics');
  const snippet = await page.inputValue('#embed-snippet');
  assert.match(snippet, /^<iframe src="[^"]+" width="720"/);
  assert.match(snippet, /embed=1/);
  assert.match(snippet, /hide=[^"]*metrics/);
  await screenshot(page, 'classroom-embed-dialog.png', false);
  await page.keyboard.press('Escape');
  assert.ok(!(await page.locator('#embed-dialog').isVisible()), 'Escape closes the dialog');

  // The snippet works in a real iframe 720 px wide.
  const src = (/src="([^"]+)"/.exec(snippet)?.[1] ?? '').replaceAll('&amp;', '&');
  const host = await lab.browser.newPage({ viewport: { width: 800, height: 1200 } });
  await host.goto(lab.baseUrl + 'index.html'); // same origin, then swap in the frame
  await host.evaluate((url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.width = '720';
    frame.height = '1100';
    frame.id = 'embedded';
    document.body.replaceChildren(frame);
  }, src);
  const frame = host.frameLocator('#embedded');
  await frame.locator('[data-panel="loss"]').waitFor({ state: 'visible', timeout: 60000 });
  assert.equal(await frame.locator('[data-panel="metrics"]:visible').count(), 0);
  assert.equal(await frame.locator('[data-panel="settings"]:visible').count(), 0);
  await host.close();
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the guided tour runs with the keyboard alone and drives the lab', async () => {
  const { page, problems } = await openPage(lab, { hash: '#tour=1' });
  await page.waitForSelector('#tour:not([hidden])');
  // Step 1 pressed Reset and Step E for the user, and points at the Result 1 chart.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tour-title');
  assert.match((await page.textContent('#tour-counter')) ?? '', /Step 1 of 3/);
  assert.ok(await page.locator('[data-panel="alignment"].tour-target').isVisible());
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1);
  await screenshot(page, 'tour-step1.png', false);

  await page.keyboard.press('Tab'); // Back is disabled on step 1: Tab reaches Next
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tour-next');
  await page.keyboard.press('Enter');
  assert.match((await page.textContent('#tour-counter')) ?? '', /Step 2 of 3/);
  assert.ok(await page.locator('[data-panel="ushape"].tour-target').isVisible());
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 5, null, {
    timeout: 30000,
  });
  await screenshot(page, 'tour-step2.png', false);

  await page.keyboard.press('Tab'); // Back
  await page.keyboard.press('Tab'); // Next
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tour-next');
  await page.keyboard.press('Enter');
  assert.match((await page.textContent('#tour-counter')) ?? '', /Step 3 of 3/);
  await page.waitForFunction(
    () =>
      document.getElementById('play')?.textContent === 'Play' &&
      /margin/.test(document.getElementById('max-margin-status')?.textContent ?? '') &&
      !(document.getElementById('solve-max-margin') as HTMLButtonElement).disabled,
    null,
    { timeout: 60000 },
  );
  assert.ok(((await metrics(page))?.step ?? 0) > 5, 'the tour trained p');
  await screenshot(page, 'tour-step3.png', false);
  await page.keyboard.press('Escape');
  assert.ok(await page.locator('#tour').isHidden(), 'Escape ends the tour');
  assert.equal(await page.locator('.tour-target').count(), 0);
  // Reachable again from the page, by keyboard.
  await page.focus('#tour-start');
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('#tour').isVisible());
  await page.keyboard.press('Tab'); // Next (Back is disabled)
  await page.keyboard.press('Tab'); // Skip
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tour-skip');
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('#tour').isHidden(), 'Skip ends the tour');
  assert.deepEqual(problems.console, []);
  await page.close();
});
