// The first look (issue 19): on a fresh page a chart of the paper's results is in the first
// screen at 1366 x 768 (at least half of it) and on a 390 x 844 phone (its top above the
// stuck control bar), each chart led by its plain sentence; on the phone Play stays on
// screen beside the Result 2 chart; a chart's PNG caption carries the numbers the page shows;
// the tour starts from the picture. Screenshots at both sizes, light and dark.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import type { Finding } from 'clslab-wasm';
import { formatNumber, formatPercent } from '../../web/src/format.ts';
import { createMessages } from '../../web/src/messages.ts';
import type { Metrics } from '../../web/src/protocol.ts';
import { canvasId, CHARTS, PANEL_SPECS } from '../../web/src/ui/panels.ts';
import { openPage, screenshot, useLab } from './harness.ts';

const lab = useLab();
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
/** The charts of the paper's results, any of which may be the first picture. */
const PICTURES = [canvasId('alignment'), canvasId('uShape')];
/** The catalog's English, as the page words it: the registry holds message ids. */
const english = createMessages(
  readFileSync(new URL('../../catalog/en.ftl', import.meta.url), 'utf8'),
  'en',
);

interface Box {
  id: string;
  top: number;
  bottom: number;
}

/** The picture charts' canvases in viewport px, the first on the page first, and the top
 *  of the control bar when it sticks to the foot of the screen (else the screen's foot). */
function layout(page: Page, ids: string[]) {
  return page.evaluate((canvases) => {
    const boxes = canvases.map((id) => {
      const box = document.getElementById(id)!.getBoundingClientRect();
      return { id, top: box.top, bottom: box.bottom };
    });
    boxes.sort((a, b) => a.top - b.top);
    // The control bar hides what lies under it only where it sticks to the screen's foot
    // (one column); on a laptop it sticks to the top of its own column, beside the results.
    const bar = document.querySelector('[data-panel="controls"]')!.getBoundingClientRect();
    const atFoot = bar.top > innerHeight / 2 && bar.bottom >= innerHeight - 1;
    return {
      boxes,
      foot: atFoot ? bar.top : innerHeight,
      screen: innerHeight,
      scrollY,
    };
  }, ids);
}

/** Share of `box` between the top of the screen and `foot`. */
function shareInView(box: Box, foot: number): number {
  const shown = Math.min(box.bottom, foot) - Math.max(box.top, 0);
  return Math.max(0, shown) / (box.bottom - box.top);
}

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light';

  test(`at 1366 x 768 (${theme}) a chart of the results is at least half in the first screen`, async () => {
    const { page, problems } = await openPage(lab, { ...DESKTOP, dark });
    const { boxes, foot, scrollY } = await layout(page, PICTURES);
    assert.equal(scrollY, 0, 'a fresh page, not scrolled');
    const first = boxes[0]!;
    const share = shareInView(first, foot);
    console.log(
      `1366x768: ${first.id} at y ${first.top.toFixed(0)}, ${(100 * share).toFixed(0)}% shown`,
    );
    assert.ok(share >= 0.5, `${first.id} starts at ${first.top} px: ${share} of it shown`);
    // Its lead sentence, the registry's, sits above it and describes the canvas.
    for (const id of ['alignment', 'uShape'] as const) {
      const lead = await page.evaluate((canvas) => {
        const node = document.getElementById(canvas)!;
        const described = document.getElementById(node.getAttribute('aria-describedby') ?? '');
        const above =
          described !== null &&
          described.getBoundingClientRect().bottom <= node.getBoundingClientRect().top;
        return { text: described?.textContent ?? '', above };
      }, canvasId(id));
      assert.equal(lead.text, english.format(CHARTS[id].lead));
      assert.ok(lead.above, `${id}'s lead is above its chart`);
    }
    // The recipes stay one click away, folded above the charts.
    assert.equal(await page.getAttribute('#recipes-toggle', 'aria-expanded'), 'false');
    await page.click('#recipes-toggle');
    assert.ok(await page.locator('#recipes-list button[data-recipe]').first().isVisible());
    await page.click('#recipes-toggle');
    await screenshot(page, `picture-1366-${theme}.png`, false);
    assert.deepEqual(problems.console, []);
    await page.close();
  });

  test(`on a 390 x 844 phone (${theme}) a chart starts in the first screen, above the control bar`, async () => {
    const { page, problems } = await openPage(lab, { ...PHONE, dark });
    const { boxes, foot } = await layout(page, PICTURES);
    const first = boxes[0]!;
    console.log(`390x844: ${first.id} at y ${first.top.toFixed(0)}, bar top ${foot.toFixed(0)}`);
    assert.ok(first.top < foot, `${first.id} starts at ${first.top} px, the bar at ${foot}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `no sideways scrolling (${width} px)`);
    await screenshot(page, `picture-390-${theme}.png`, false);
    assert.deepEqual(problems.console, []);
    await page.close();
  });
}

test('on a phone Play, Step and the step count stay on screen beside the Result 2 chart', async () => {
  const { page, problems } = await openPage(lab, PHONE);
  for (const id of ['selection', 'norm', 'loss'] as const) {
    await page.locator(`#${canvasId(id)}`).scrollIntoViewIfNeeded();
    const seen = await page.evaluate((canvas) => {
      const chart = document.getElementById(canvas)!.getBoundingClientRect();
      // Each control wholly on screen and the element hit at its centre (no named helper:
      // tsx would wrap it in a __name call the page does not have).
      const [play, step, text, line] = ['play', 'step', 'progress-text', 'progress'].map((id) => {
        const node = document.getElementById(id)!;
        const box = node.getBoundingClientRect();
        const inside = box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return inside && hit !== null && node.contains(hit);
      });
      // The step: the status line's words, or where the bar sticks to the foot (one row, at
      // most a sixth of a chart: control-bar.test.ts) the progress line along its top edge,
      // whose value is the step the run reached.
      const progress = document.getElementById('progress') as HTMLProgressElement;
      const reached =
        progress.value === Math.min(window.__clslab?.metrics()?.step ?? -1, progress.max);
      return {
        chartInView: chart.top < innerHeight && chart.bottom > 0,
        play,
        step,
        count: text || (line && reached),
        scrollY,
      };
    }, canvasId(id));
    assert.ok(seen.scrollY > 844, `${id}: scrolled down the page (${seen.scrollY})`);
    assert.ok(seen.chartInView, `${id} is in view`);
    assert.ok(seen.play && seen.step && seen.count, `${id}: ${JSON.stringify(seen)}`);
  }
  // And the bar works from there: Play trains while the Result 2 chart is in view.
  await page.locator(`#${canvasId('selection')}`).scrollIntoViewIfNeeded();
  await screenshot(page, 'picture-390-result2-bar.png', false);
  await page.click('#play');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 3);
  await page.click('#play'); // Pause
  assert.deepEqual(problems.console, []);
  await page.close();
});

/** The caption a chart's PNG carries (its tools keep it as data-caption). */
async function pngCaption(page: Page, chart: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.click(`.chart-tools[data-chart="${chart}"] [data-action="png"]`);
  await download;
  return (await page.getAttribute(`.chart-tools[data-chart="${chart}"]`, 'data-caption')) ?? '';
}

test("a chart's PNG caption carries the key numbers the page shows, from the same metrics", async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#step-attention');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 11);
  await page.waitForFunction(() => window.__clslab?.state().task === null);
  // The flow's own att-SVM solved at a run's end is a task whose progress the Result 2
  // readout names too (a new sweep every 250 ms): the readout is compared with the caption
  // once no such solve runs, so that both are read from the same text.
  await page.waitForFunction(
    () => !/Solving p_local/.test(document.getElementById('result2-readout')?.textContent ?? ''),
    null,
    { timeout: 60000 },
  );
  const m = (await page.evaluate(() => window.__clslab?.metrics())) as unknown as Metrics;
  assert.ok(m.hasMaxMargin, 'p_mm was solved after the step on E');

  const alignment = await pngCaption(page, 'alignment');
  assert.ok(m.hasPredictedSlope, 'the paper protocol predicts the slope');
  for (const part of [
    `slope ${formatNumber(m.alignmentSlope)}`,
    `predicted (η/2)‖v‖² ${formatNumber(m.predictedSlope)}`,
    `R² ${formatNumber(m.alignmentR2)}`,
  ])
    assert.ok(alignment.includes(part), `Result 1's caption has "${part}": ${alignment}`);

  const u = await pngCaption(page, 'uShape');
  for (const part of [
    `U-score ${formatNumber(m.uScore, 3)}`,
    `signed Spearman ${formatNumber(m.signedScore, 3)}`,
  ])
    assert.ok(u.includes(part), `the U's caption has "${part}": ${u}`);

  const selection = await pngCaption(page, 'selection');
  for (const part of [
    `cos(p, p_mm) ${formatNumber(m.cosineToMaxMargin, 3)}`,
    `selection ${formatPercent(m.selectionAccuracy)}`,
  ])
    assert.ok(selection.includes(part), `Result 2's caption has "${part}": ${selection}`);

  // Each is the readout under the chart, word for word, then the run's facts.
  for (const [chart, caption] of [
    ['alignment', alignment],
    ['uShape', u],
    ['selection', selection],
  ] as const) {
    const readout = await page.evaluate(
      (canvas) =>
        document
          .getElementById(canvas)!
          .closest('.chart-card')!
          .querySelector('.readout-line')!
          .textContent!.trim(),
      canvasId(chart),
    );
    assert.ok(caption.startsWith(`${readout}. `), `${chart}: ${caption}`);
    assert.ok(caption.endsWith(`· step ${m.step} · checksum ${m.checksum}`), caption);
  }
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the tour starts from the picture: what the first chart shows, then its numbers', async () => {
  const { page, problems } = await openPage(lab, { ...DESKTOP, hash: '#tour=1' });
  await page.waitForSelector('#tour:not([hidden])');
  const first = PANEL_SPECS.find((panel) => panel.tour !== undefined)!;
  assert.ok(first.charts !== undefined, `the first tour step (${first.key}) shows a chart`);
  const lead = english.format(CHARTS[first.charts[0]!].lead);
  const card = await page.evaluate(() => ({
    counter: document.getElementById('tour-counter')?.textContent ?? '',
    title: document.getElementById('tour-title')?.textContent ?? '',
    lead: document.getElementById('tour-lead')?.textContent ?? '',
    text: document.getElementById('tour-text')?.textContent ?? '',
    target: document.querySelector<HTMLElement>('.tour-target')?.dataset['panel'] ?? '',
  }));
  assert.match(card.counter, /^Step 1 of /);
  assert.equal(card.title, 'What am I looking at?');
  assert.equal(card.target, first.key, 'it points at the chart');
  assert.ok(card.lead.endsWith(lead), `the chart's plain sentence: ${card.lead}`);
  // Then the numbers on screen, in core's words for that panel.
  const line = await page.evaluate(
    (name) =>
      (
        window.__clslab?.state() as unknown as {
          guidance: { panels: Finding[] } | null;
        }
      ).guidance?.panels.find((l) => l.panel === name) ?? null,
    first.guidance ?? '',
  );
  assert.ok(line !== null, 'core has a verdict for the panel');
  // The card shows core's finding in the catalog's words, as the CLI renders it.
  assert.equal(card.text, english.render(line));
  await screenshot(page, 'picture-tour-first.png', false);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('after a recipe the Attention-SVM panel shows no numbers of the previous weights', async () => {
  const { page, problems } = await openPage(lab);
  const values = () => page.locator('#max-margin-readout dd').allTextContents();
  assert.ok(
    (await values()).some((v) => v !== 'n/a'),
    'the cold page solved p_mm',
  );
  await page.click('#recipes-toggle');
  await page.click('#recipes-list button[data-recipe="figure1"]');
  await page.waitForFunction(() =>
    /^Not solved for the current weights/.test(
      document.getElementById('max-margin-status')?.textContent ?? '',
    ),
  );
  assert.deepEqual([...new Set(await values())], ['n/a']);
  assert.deepEqual(problems.console, []);
  await page.close();
});

/** WCAG contrast ratio of two #rgb or #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (short: string) => {
    const hex = short.length === 4 ? short.replace(/[0-9a-f]/g, '$&$&') : short;
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

test('in both themes axis text reads at 4.5:1 on the card and gridlines stay quiet', async () => {
  for (const dark of [false, true]) {
    const { page } = await openPage(lab, { dark });
    // The colours charts/setup.ts applyTheme hands Chart.js (ticks, titles, legends: --muted
    // and --text; grid: --grid), on the card the charts sit on.
    const css = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      const [card = '', muted = '', text = '', grid = ''] = [
        '--card',
        '--muted',
        '--text',
        '--grid',
      ].map((name) => style.getPropertyValue(name).trim().toLowerCase());
      return { card, muted, text, grid };
    });
    const theme = dark ? 'dark' : 'light';
    for (const key of ['muted', 'text'] as const)
      assert.ok(contrast(css[key], css.card) >= 4.5, `${theme} ${key} ${css[key]} on ${css.card}`);
    const grid = contrast(css.grid, css.card);
    assert.ok(grid > 1.1 && grid < 1.6, `${theme} grid ${css.grid}: ${grid.toFixed(2)}:1`);
    await page.close();
  }
});
