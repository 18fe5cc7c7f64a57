// The lab on a phone (390 x 844 CSS px): a chart in the first screen, the results first with Dataset, Save and load
// and Settings folded below them, every tap target is at least 24 x 24 px (WCAG 2.2 target
// size), the token table scrolls inside its card, and the info markers name their term.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { openPage, screenshot, useLab } from './harness.ts';

const lab = useLab();
const PHONE = { width: 390, height: 844 };

/** Document-space top of the first element matching `selector`. */
function top(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (s) => (document.querySelector(s)?.getBoundingClientRect().top ?? NaN) + scrollY,
    selector,
  );
}

/** Every visible control a finger can tap, with its size in CSS px. */
function tapTargets(page: Page) {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, ' +
      '[tabindex]:not([tabindex="-1"])';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((node) => node.checkVisibility())
      .map((node) => {
        const box = node.getBoundingClientRect();
        const name = node.id || node.textContent?.trim().slice(0, 30) || node.className;
        return {
          name: `${node.tagName.toLowerCase()} ${name}`,
          width: box.width,
          height: box.height,
        };
      });
  });
}

test('on a phone the first chart lies within the first screen, below the prompt, above the metrics', async () => {
  for (const dark of [false, true]) {
    const { page, problems } = await openPage(lab, { ...PHONE, dark });
    const prompt = await top(page, '#prompt');
    const metrics = await top(page, '[data-panel="metrics"]');
    const chart = await top(page, '.chart-card canvas');
    const dataset = await top(page, '[data-panel="dataset"]');
    assert.ok(
      prompt < chart && chart < metrics,
      `prompt ${prompt}, chart ${chart}, metrics ${metrics}`,
    );
    assert.ok(chart < PHONE.height, `the first chart starts ${chart} px down`);
    assert.ok(dataset > chart, 'the sidebar sections come after the results');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scrolling (${width} px)`);
    await screenshot(page, `phone-${dark ? 'dark' : 'light'}.png`);
    assert.deepEqual(problems.console, []);
    await page.close();
  }
});

test('on a phone Dataset, Save and load and Settings are folded until tapped', async () => {
  const { page } = await openPage(lab, PHONE);
  for (const id of ['dataset', 'export', 'settings']) {
    const toggle = page.locator(`#${id}-toggle`);
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', `${id} starts folded`);
    assert.ok(await page.locator(`#${id}-body`).isHidden());
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await page.locator(`#${id}-body`).isVisible(), `${id} opens`);
  }
  assert.ok(await page.locator('#setting-sigma').isVisible(), 'the settings form is reachable');
  await page.close();

  const wide = await openPage(lab);
  for (const id of ['dataset', 'export', 'settings'])
    assert.equal(await wide.page.getAttribute(`#${id}-toggle`, 'aria-expanded'), 'true');
  await wide.page.close();
});

test('on a phone no tap target is under 24 x 24 px, folded sections opened', async () => {
  const { page } = await openPage(lab, PHONE);
  for (const id of ['dataset', 'export', 'settings']) await page.click(`#${id}-toggle`);
  const targets = await tapTargets(page);
  assert.ok(targets.length > 100, `${targets.length} targets found`);
  const small = targets
    .filter(({ width, height }) => width < 24 || height < 24)
    .map(({ name, width, height }) => `${name}: ${width.toFixed(1)} x ${height.toFixed(1)}`);
  assert.deepEqual(small, []);
  await page.close();
});

test('on a phone the token table scrolls inside its card to the v·E and p·E columns', async () => {
  const { page } = await openPage(lab, PHONE);
  const columns = page.locator('#token-head th');
  for (const label of ['v·E_s', 'p·E_s']) {
    const header = columns.filter({ hasText: label });
    await header.evaluate((node) => node.scrollIntoView({ block: 'nearest', inline: 'end' }));
    const box = await header.boundingBox();
    assert.ok(box !== null && box.x >= 0 && box.x + box.width <= PHONE.width, `${label} in view`);
  }
  const scrolled = await page.evaluate(
    () => document.querySelector('[data-panel="table"] .token-scroll')?.scrollLeft,
  );
  assert.ok((scrolled ?? 0) > 0, 'the card scrolled, not the page');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page itself stays ${PHONE.width} px wide (${width})`);
  // The token stays in view beside the scrolled columns.
  const token = await page.locator('#token-rows th').first().boundingBox();
  assert.ok(token !== null && token.x >= 0, 'the token column sticks');
  await page.close();
});

test('each info marker names its term in visible text', async () => {
  const { page } = await openPage(lab, PHONE);
  const markers = await page.locator('.info:visible').allInnerTexts();
  assert.ok(markers.length > 10);
  for (const text of markers) assert.match(text.trim(), /^What is .+\?$/);
  assert.ok(markers.some((text) => text.includes('What is U-score?')));
  await page.close();
});
