// Classroom use in Chromium: hide= and embed= flags hide what they name, the embedded page
// fits a 720 px frame, and the Embed dialog gives an iframe snippet that works (the
// dialog's every option: embed.test.ts; the tour: tour.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, screenshot, useLab } from './harness.ts';

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

test('the Embed dialog gives an iframe snippet whose page shows the ticked panels', async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#embed-open');
  assert.ok(await page.locator('#embed-dialog').isVisible());
  await page.check('#embed-show-metrics');
  const snippet = await page.inputValue('#embed-snippet');
  assert.match(snippet, /^<iframe src="[^"]+" width="720" height="\d+"/);
  assert.match(snippet, /embed=1/);
  assert.match(snippet, /panels=ushape,metrics/);
  await screenshot(page, 'classroom-embed-dialog.png', false);
  await page.keyboard.press('Escape');
  // Escape closes the modal dialog (its cancel event is dispatched as a task, not at once).
  await page.locator('#embed-dialog').waitFor({ state: 'hidden', timeout: 5000 });

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
  await frame.locator('[data-panel="metrics"]').waitFor({ state: 'visible', timeout: 60000 });
  // The ticked panels: the default's Figure 1 and the metrics just ticked; no other chart.
  assert.ok(await frame.locator('[data-panel="ushape"]').isVisible());
  assert.equal(await frame.locator('[data-panel="alignment"]:visible').count(), 0);
  assert.equal(await frame.locator('[data-panel="loss"]:visible').count(), 0);
  assert.equal(await frame.locator('[data-panel="settings"]:visible').count(), 0);
  await host.close();
  assert.deepEqual(problems.console, []);
  await page.close();
});
