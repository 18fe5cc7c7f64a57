// The guided tour in Chromium: it starts from the picture (What am I looking at?) and ends
// on the run; on a prepared link it keeps the data, settings, step and checksum (and its
// last step offers to start from step 0, saying so); each step shows core's guidance
// line for its panel and marks the number it reads; at 1366 x 768, 720 x 600 (the page and
// an embed) and 390 x 844 the card never intersects the panel it points at, and that
// number is in view; the keyboard alone runs it, pressing buttons only when asked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { Finding } from 'clslab-wasm';
import { createMessages } from '../../web/src/messages.ts';

const messages = createMessages(
  readFileSync(new URL('../../catalog/en.ftl', import.meta.url), 'utf8'),
  'en',
);
import { PANEL_SPECS } from '../../web/src/ui/panels.ts';
import { metrics, openPage, screenshot, useLab } from './harness.ts';

/** Core's guidance line each panel's tour step reads (the registry's). */
const GUIDANCE_LINES: Record<string, string> = Object.fromEntries(
  PANEL_SPECS.flatMap((panel) =>
    panel.tour !== undefined && panel.guidance !== undefined ? [[panel.key, panel.guidance]] : [],
  ),
);
/** The chart panels the tour walks through, in its order. */
const TOUR_CHARTS: string[] = PANEL_SPECS.filter(
  (p) => p.tour !== undefined && p.charts !== undefined,
).map((p) => p.key);

const lab = useLab();
/** A teacher's prepared run: 31 steps of the paper protocol on the built-in reviews. */
const PREPARED = '#run=31';

interface Placed {
  counter: string;
  title: string;
  /** The card's kind of text: a guidance line's kind, or "This run". */
  kind: string;
  text: string;
  panel: string;
  /** Card and panel overlap (their bounding boxes intersect). */
  overlap: boolean;
  /** The marked number lies wholly inside the viewport, above a stuck control bar. */
  numberInView: boolean;
  /** Core's guidance line for the step's panel as the catalog words it; null when the
   *  registry gives the panel none, or core's state has no line of the registry's name. */
  guidance: string | null;
}

/** Where the open tour step stands: its card, its panel, its number and core's line. */
async function placed(page: Page): Promise<Placed> {
  const step = await page.evaluate((lines) => {
    const card = document.getElementById('tour')?.getBoundingClientRect();
    const target = document.querySelector<HTMLElement>('.tour-target');
    const panel = target?.getBoundingClientRect();
    const number = document.querySelector('.tour-number')?.getBoundingClientRect();
    const overlap =
      card !== undefined &&
      panel !== undefined &&
      card.left < panel.right &&
      panel.left < card.right &&
      card.top < panel.bottom &&
      panel.top < card.bottom;

    const bar = document.querySelector('[data-panel="controls"]');
    // A stuck control bar hides what lies under it: at the screen's foot (one column) or,
    // in an embed, at the frame's top; on a laptop it sticks beside the results.
    const b =
      bar !== null && getComputedStyle(bar).position === 'sticky'
        ? bar.getBoundingClientRect()
        : null;
    const atFoot = b !== null && b.top > innerHeight / 2;
    const beside =
      b === null || number === undefined || b.right <= number.left || b.left >= number.right;
    const foot = atFoot ? b.top : innerHeight;
    const head = b !== null && !atFoot && !beside ? b.bottom : 0;
    const numberInView =
      number !== undefined && number.top >= head && number.bottom <= foot && number.height > 0;
    const name = target?.dataset['panel'] ?? '';
    const state = window.__clslab?.state() as unknown as {
      guidance: { panels: Finding[] } | null;
    };
    const line = state.guidance?.panels.find((l) => l.panel === lines[name]);
    return {
      counter: document.getElementById('tour-counter')?.textContent ?? '',
      title: document.getElementById('tour-title')?.textContent ?? '',
      kind: document.getElementById('tour-kind')?.textContent ?? '',
      text: document.getElementById('tour-text')?.textContent ?? '',
      panel: name,
      overlap,
      numberInView,
      guidance: line ?? null,
    };
  }, GUIDANCE_LINES);
  // The card writes core's finding in the catalog's words, as the CLI does.
  return { ...step, guidance: step.guidance === null ? null : messages.render(step.guidance) };
}

/** Opens `hash` with the tour at a size, reduced motion (scrolls land at once). */
async function openTour(hash: string, width: number, height: number, step: number) {
  const opened = await openPage(lab, { width, height, hash, step });
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  await opened.page.waitForSelector('#tour:not([hidden])');
  return opened;
}

test('the tour on a prepared link keeps its step and checksum, and says how to start over', async () => {
  const reference = await openPage(lab, { hash: PREPARED, step: 31 });
  const prepared = await metrics(reference.page);
  await reference.page.close();

  const { page, problems } = await openTour(`${PREPARED}&tour=1`, 1366, 768, 31);
  // The tour starts from the picture and ends on the run it follows.
  const first = await placed(page);
  assert.equal(first.counter, 'Step 1 of 4');
  assert.equal(first.title, 'What am I looking at?');
  assert.equal(first.panel, 'alignment');
  for (let i = 1; i < 4; i++) await page.click('#tour-next');
  const last = await placed(page);
  assert.equal(last.counter, 'Step 4 of 4');
  assert.match(last.text, /step 31 · checksum [0-9a-f]{16}/);
  assert.match(last.text, /“Start from step 0” presses Reset/);
  assert.equal(await page.textContent('#tour-act'), 'Start from step 0');
  await page.click('#tour-next'); // Finish
  assert.ok(await page.locator('#tour').isHidden());
  const kept = await metrics(page);
  assert.equal(kept?.step, 31, 'the tour kept the step');
  assert.equal(kept?.checksum, prepared?.checksum, 'and the weights');
  assert.match(await page.inputValue('#share-url'), /run=31/);

  // Starting over is the person's choice, and does what the card said: Reset, step 0.
  await page.click('#tour-start');
  for (let i = 1; i < 4; i++) await page.click('#tour-next');
  await page.click('#tour-act');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 0);
  await page.waitForFunction(() => document.getElementById('tour-act')?.hidden === true);
  assert.deepEqual(problems.console, []);
  await page.close();
});

/** Every panel the tour visits on the whole page: the charts, then the run's numbers. */
const ALL_STEPS = [...TOUR_CHARTS, 'metrics'];

/** Each size, and the panels its tour visits (an embed's tour walks the panels it shows). */
const SIZES = [
  { name: '1366x768', width: 1366, height: 768, hash: '', steps: ALL_STEPS },
  { name: '720x600', width: 720, height: 600, hash: '', steps: ALL_STEPS },
  {
    name: '720x600-embed',
    width: 720,
    height: 600,
    hash: '&panels=alignment,ushape,result2&embed=1',
    steps: ['alignment', 'ushape', 'result2'],
  },
  { name: '390x844', width: 390, height: 844, hash: '', steps: ALL_STEPS },
];

for (const size of SIZES) {
  test(`at ${size.name} the card never covers its panel, the number is in view, and it reads core's guidance`, async () => {
    const { page, problems } = await openTour(
      `${PREPARED}${size.hash}&tour=1`,
      size.width,
      size.height,
      31,
    );
    const seen: string[] = [];
    for (let i = 0; ; i++) {
      const step = await placed(page);
      seen.push(step.panel);
      assert.ok(!step.overlap, `${step.counter} (${step.panel}): the card covers its panel`);
      assert.ok(step.numberInView, `${step.counter} (${step.panel}): its number is out of view`);
      // A chart's step shows core's line for its panel (a line missing from core's state, or
      // named otherwise, fails here); the last, on the run's numbers, shows this run's facts.
      const onChart = TOUR_CHARTS.includes(step.panel);
      assert.equal(step.guidance !== null, onChart, `${step.counter}: core's line for the panel`);
      assert.equal(step.text, step.guidance ?? step.text, `${step.counter}: the card shows it`);
      assert.equal(
        step.kind === messages.format('tour-this-run'),
        !onChart,
        `${step.counter}: "${step.kind}"`,
      );
      await screenshot(page, `tour-${size.name}-step${i + 1}.png`, false);
      if ((await page.textContent('#tour-next')) === 'Finish') break;
      await page.click('#tour-next');
    }
    assert.deepEqual(seen, size.steps, 'every tour step marks its panel');
    assert.equal((await metrics(page))?.step, 31, 'the tour pressed nothing');
    assert.deepEqual(problems.console, []);
    await page.close();
  });
}

test('the tour runs with the keyboard alone and presses a button only when asked', async () => {
  const { page, problems } = await openTour('#run=0&tour=1', 1366, 768, 0);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tour-title');
  // Step 1 is the picture, Result 1 at step 0: core says what to look for, and the card
  // offers the step on E (Back is disabled on step 1: Tab reaches the offer).
  assert.match((await page.textContent('#tour-counter')) ?? '', /Step 1 of 4/);
  assert.equal(await page.textContent('#tour-title'), 'What am I looking at?');
  assert.ok(await page.locator('[data-panel="alignment"].tour-target').isVisible());
  assert.equal((await metrics(page))?.step, 0, 'opening a step presses nothing');
  assert.equal(await page.textContent('#tour-act'), 'Take the step on E');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'tour-act');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1);
  // The line follows the measured values: after the step, Result 1 is on screen.
  await page.waitForFunction(() =>
    /predicted line/.test(document.getElementById('tour-text')?.textContent ?? ''),
  );
  assert.equal(await page.textContent('#tour-kind'), 'On screen now');
  await screenshot(page, 'tour-keyboard-result1.png', false);

  await page.focus('#tour-next');
  await page.keyboard.press('Enter');
  assert.equal(await page.textContent('#tour-act'), 'Play');
  await page.focus('#tour-act');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 5, null, {
    timeout: 30000,
  });
  await page.keyboard.press('Escape');
  assert.ok(await page.locator('#tour').isHidden(), 'Escape ends the tour');
  assert.equal(await page.locator('.tour-target, .tour-number').count(), 0);
  // Reachable again from the page, by keyboard; Skip ends it.
  await page.focus('#tour-start');
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('#tour').isVisible());
  await page.focus('#tour-skip');
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('#tour').isHidden(), 'Skip ends the tour');
  assert.deepEqual(problems.console, []);
  await page.close();
});
