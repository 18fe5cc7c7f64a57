// The lab's views in Chromium: every panel renders, Play updates every chart and its
// table, the token table sorts, searches and rings a token in the charts, the review list
// filters and a stop restyles it in place, typed text scores as you type, the speed slider slows Play, and markup in a
// dataset stays text in the token table and the review list.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canvasId, CHART_IDS, PANEL_KEYS, PANEL_SPECS } from '../../web/src/ui/panels.ts';
import {
  loadDatasetFile,
  metrics,
  openPage,
  screenshot,
  series,
  useLab,
  waitStopped,
} from './harness.ts';

const lab = useLab();

test('the cold page shows every panel and the step on E without a click', async () => {
  const { page, problems, readyMilliseconds } = await openPage(lab);
  // Not asserted (shared CI machines vary); printed so a slowdown is visible in the log.
  console.log(
    `cold page: first meaningful picture (step on E plotted) after ${readyMilliseconds} ms`,
  );
  for (const panel of PANEL_KEYS) {
    assert.ok(
      await page.locator(`[data-panel="${panel}"]`).first().isVisible(),
      `panel ${panel} is visible`,
    );
  }
  // index.html's cards carry the registry's names: no card the registry lacks, and each
  // panel's canvases, guidance line and tour number inside its card.
  const cards = await page.$$eval('[data-panel]', (nodes) =>
    nodes.map((node) => (node as HTMLElement).dataset['panel'] ?? ''),
  );
  assert.deepEqual([...new Set(cards)].sort(), [...PANEL_KEYS].sort(), 'data-panel names');
  for (const spec of PANEL_SPECS) {
    const inside = [
      ...(spec.charts ?? []).map((id) => `canvas#${canvasId(id)}`),
      ...(spec.guidance === undefined ? [] : [`[data-guidance="${spec.guidance}"]`]),
      ...(spec.tour === undefined ? [] : [spec.tour.number]),
    ];
    for (const selector of inside)
      assert.equal(
        await page.locator(`[data-panel="${spec.key}"] ${selector}`).count(),
        1,
        `${selector} in panel ${spec.key}`,
      );
  }
  assert.equal(await page.locator('canvas[id^="chart-"]').count(), CHART_IDS.length);
  const points = (await series(page))['alignment']?.['chart-series-tokens']?.length ?? 0;
  assert.ok(points > 20, `the Result 1 scatter has ${points} points`);
  // Every "i" marker is described by a glossary entry that exists.
  const markers = await page.$$eval('.info[data-term]', (nodes) =>
    nodes.map((node) => ({
      described: node.getAttribute('aria-describedby') ?? '',
      tip: (node as HTMLElement).dataset['tip'] ?? '',
    })),
  );
  assert.ok(markers.length >= 15, `${markers.length} markers`);
  for (const marker of markers) {
    assert.ok(marker.tip.length > 20, 'a marker has tooltip text');
    assert.equal(await page.locator(`#${marker.described}`).count(), 1, marker.described);
  }
  for (const symbol of ['p', 'v', 'E_s', 'α_s', 'Δ_s', 'margin', 'σ', 'η'])
    assert.ok(
      (await page.locator('#glossary dt').allTextContents()).includes(symbol),
      `the glossary explains ${symbol}`,
    );
  // Each chart has its tools and a caption saying what to look for.
  assert.equal(await page.locator('.chart-tools').count(), CHART_IDS.length);
  assert.equal(await page.locator('.chart-card figcaption').count(), 4);
  await page.waitForFunction(() => document.querySelectorAll('#token-rows tr').length > 10);
  await page.waitForFunction(() => document.querySelectorAll('#review-list li').length > 0);
  // The metrics panel says what the page holds: the model of the loaded vocabulary (V × d
  // + 2 d float32 weights) and the wasm heap, in MiB and exact bytes, never NaN.
  const held = await page.evaluate(() => ({
    vocab:
      (window.__clslab?.state().dataset as { summary: { vocabSize: number } } | null)?.summary
        .vocabSize ?? 0,
    model: document.querySelector('[data-memory="model"]')?.textContent ?? '',
    heap: document.querySelector('[data-memory="heap"]')?.textContent ?? '',
  }));
  const model =
    /^([\d,]+) × ([\d,]+) \+ 2 × ([\d,]+) = ([\d,]+) weights, [\d.]+ MiB \(([\d,]+) bytes\)$/.exec(
      held.model,
    );
  assert.ok(model !== null, held.model);
  const [vocab, width, , weights, bytes] = model.slice(1).map((n) => Number(n.replaceAll(',', '')));
  assert.equal(vocab, held.vocab, 'one row of E per token of the loaded vocabulary');
  assert.equal(weights, vocab! * width! + 2 * width!);
  assert.equal(bytes, 4 * weights!);
  assert.match(held.heap, /^[\d.]+ MiB \([\d,]+ bytes\)$/);
  await page.focus('.chart-card[data-panel="ushape"] .info[data-term="delta"]');
  await screenshot(page, 'views-cold.png');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('Play updates every chart, and each chart shows its data as a table', async () => {
  const { page, problems } = await openPage(lab);
  await page.fill('#setting-steps', '60');
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
  await page.click('#play');
  await waitStopped(page);
  assert.equal((await metrics(page))?.step, 60);
  const plotted = await series(page);
  const count = (chart: string, id: string) => plotted[chart]?.[id]?.length ?? 0;
  assert.ok(count('loss', 'trainLoss') >= 3, 'loss');
  assert.ok(count('alignment', 'chart-series-tokens') > 20, 'alignment');
  assert.ok(count('uShape', 'chart-series-leans-positive') > 0, 'U shape');
  assert.ok(count('selection', 'selectionAccuracy') >= 3, 'selection');
  assert.ok(count('norm', 'pNorm') >= 3, 'norm');
  assert.ok(count('rate', 'oneMinusCosineToMaxMargin') >= 3, 'rate');
  // A spent budget is said as such, not as a pause.
  assert.match(
    (await page.textContent('#progress-text')) ?? '',
    /^Step budget reached: 60 steps\./,
  );
  // Every token point lies inside the drawn axes (Chart.js took a normalized scatter's x
  // range from its first and last points and cut off the strongly negative tokens).
  const bounds = await page.evaluate(() => window.__clslab?.bounds() ?? {});
  for (const chart of ['alignment', 'uShape']) {
    const [xMin = NaN, xMax = NaN] = bounds[chart]?.x ?? [];
    const [yMin = NaN, yMax = NaN] = bounds[chart]?.y ?? [];
    for (const [label, points] of Object.entries(plotted[chart] ?? {})) {
      for (const { x, y } of points) {
        assert.ok(
          x >= xMin && x <= xMax && y >= yMin && y <= yMax,
          `${chart} ${label} (${x}, ${y})`,
        );
      }
    }
  }

  for (const chart of CHART_IDS) {
    const toggle = page.locator(`.chart-tools[data-chart="${chart}"] [data-action="table"]`);
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const rows = await page.locator(`#table-${chart} tbody tr`).count();
    assert.ok(rows > 0, `${chart} table has ${rows} rows`);
    // The step and at least one series (the rate chart has one: 1 − cos(p, p_mm)).
    const columns = await page.locator(`#table-${chart} th[scope="col"]`).count();
    assert.ok(columns >= 2, `${chart} table has ${columns} columns`);
  }
  const firstToken = await page.locator('#table-alignment tbody tr td').first().textContent();
  assert.ok((firstToken ?? '').length > 0, 'the scatter table names tokens');
  await screenshot(page, 'views-tables.png');
  for (const chart of CHART_IDS)
    await page.click(`.chart-tools[data-chart="${chart}"] [data-action="table"]`);
  await screenshot(page, 'views-played.png');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the rate chart: 1 − cos(p, p_mm) on log axes falls over a long default run, its slope measured', async () => {
  // The default twins played to step 3,000 (issue 37, item 4): the gap to p_mm is core's,
  // computed without cancellation, so it stays positive and finite where cos(p, p_mm) reads
  // 0.99997, and it falls; the subtitle is core's measured slope, labelled as measured.
  const { page, problems } = await openPage(lab, { hash: '#v=3&steps=3000' });
  await page.click('#play');
  await waitStopped(page, 300000);
  assert.equal((await metrics(page))?.step, 3000);
  const gap = (await series(page))['rate']?.['oneMinusCosineToMaxMargin'] ?? [];
  assert.ok(gap.length >= 20, `a curve over the run (${gap.length} points)`);
  for (const { x, y } of gap) assert.ok(Number.isFinite(y) && y > 0, `1 − cos at step ${x}: ${y}`);
  const later = gap.filter((point) => point.x >= 300);
  const falls = later.slice(1).filter((point, i) => point.y < (later[i]?.y ?? 0)).length;
  assert.ok(falls >= 0.9 * (later.length - 1), `falling: ${falls} of ${later.length - 1} steps`);
  const first = later[0]!.y;
  const last = later.at(-1)!.y;
  assert.ok(
    last < first / 10,
    `a decade down from step ${later[0]!.x} to 3,000: ${first} -> ${last}`,
  );
  // The same gap as the cosine, where the cosine still has the digits to say it.
  const cosine = (await series(page))['selection']?.['cosineToMaxMargin'] ?? [];
  const at300 = cosine.find((point) => point.x === later[0]!.x)?.y ?? NaN;
  assert.ok(Math.abs(1 - at300 - first) < 1e-6, `1 − ${at300} against ${first}`);
  // Core's rate finding, as the subtitle words it: measured, over the last part of the run.
  const rate = await page.evaluate(() => window.__clslab?.state().guidance?.rate);
  assert.equal(rate?.code, 'rate-measured');
  assert.equal(rate?.args.find((arg) => arg.name === 'to')?.number, 3000);
  assert.equal(rate?.args.find((arg) => arg.name === 'direction')?.text, 'falls');
  // The table beside the chart (its accessible form) lists the same points.
  await page.click('.chart-tools[data-chart="rate"] [data-action="table"]');
  const rows = await page.locator('#table-rate tbody tr').count();
  assert.equal(rows, gap.length);
  // The measured slope is said in the table's caption too (the canvas subtitle is pixels).
  const slope = rate?.args.find((arg) => arg.name === 'slope')?.number ?? NaN;
  assert.ok(slope < 0, `a falling slope (${slope})`);
  assert.match(
    (await page.textContent('#table-rate caption')) ?? '',
    /Measured slope -\d+(\.\d+)? on these axes \(steps [\d,]+–3,000, \d+ points\)/,
  );
  await page.locator('[data-panel="result2"]').scrollIntoViewIfNeeded();
  await page.locator('#chart-rate').scrollIntoViewIfNeeded();
  await screenshot(page, 'views-rate-3000.png', false);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the token table sorts, searches, and a chosen token is ringed and lists its reviews', async () => {
  // The built-in movie reviews, which hold the word searched for below.
  const { page, problems } = await openPage(lab, { hash: '#v=3&dataset=movies' });
  await page.waitForFunction(() => document.querySelectorAll('#token-rows tr').length > 10);
  // Sort by α descending: the first rows lean positive.
  await page.click('#token-head th:nth-child(3) button');
  assert.equal(await page.getAttribute('#token-head th:nth-child(3)', 'aria-sort'), 'descending');
  const alphas = await page.$$eval('#token-rows tr td:nth-of-type(2)', (cells) =>
    cells.slice(0, 5).map((cell) => Number(cell.textContent)),
  );
  for (let i = 1; i < alphas.length; i++) assert.ok((alphas[i - 1] ?? 0) >= (alphas[i] ?? 0));
  await page.click('#token-head th:nth-child(3) button');
  assert.equal(await page.getAttribute('#token-head th:nth-child(3)', 'aria-sort'), 'ascending');

  await page.fill('#token-search', 'perfect');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#token-rows .token-button')].every((b) =>
      (b.textContent ?? '').includes('perfect'),
    ),
  );
  await page.click('#token-rows .token-button >> text="perfect"');
  assert.equal(
    await page.getAttribute('#token-rows .token-button >> text="perfect"', 'aria-pressed'),
    'true',
  );
  const ring = (await series(page))['alignment']?.['chart-series-chosen'] ?? [];
  assert.equal(ring.length, 1, 'the Result 1 scatter rings the chosen token');
  await page.waitForSelector('#review-filter-token:not([hidden])');
  await page.waitForFunction(() => document.querySelectorAll('#review-list li').length > 0);
  const texts = await page.locator('#review-list .review-words').allTextContents();
  for (const text of texts) assert.match(text.toLowerCase(), /perfect/);
  await screenshot(page, 'views-token-chosen.png');
  await page.click('#review-filter-token-clear');
  await page.waitForSelector('#review-filter-token[hidden]', { state: 'attached' });
  assert.equal((await series(page))['alignment']?.['chart-series-chosen']?.length ?? 0, 0);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the review list filters by label, prediction and top attention, and opens a review', async () => {
  const { page, problems } = await openPage(lab);
  await page.waitForFunction(() => document.querySelectorAll('#review-list li').length === 10);
  await page.selectOption('#review-filter-label', 'negative');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#review-list .badge.label-positive')].length === 0 &&
      document.querySelectorAll('#review-list li').length > 0,
  );
  await page.selectOption('#review-filter-prediction', 'correct');
  await page.waitForFunction(
    () => document.querySelectorAll('#review-list .badge.wrong').length === 0,
  );
  await page.selectOption('#review-filter-selection', 'selected');
  await page.waitForFunction(
    () => document.querySelectorAll('#review-list .badge.off-selected').length === 0,
  );
  const status = (await page.textContent('#review-list-status')) ?? '';
  assert.match(status, /of \d+ test reviews match/);
  await page.selectOption('#review-filter-label', 'all');
  await page.selectOption('#review-filter-prediction', 'all');
  await page.selectOption('#review-filter-selection', 'all');
  await page.fill('#review-search', 'boring');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#review-list .review-words')].every((p) =>
      (p.textContent ?? '').toLowerCase().includes('boring'),
    ),
  );
  const first = page.locator('#review-list .review-item-head button').first();
  const label = (await first.textContent()) ?? '';
  await first.click();
  await page.waitForFunction(
    (n) => (document.getElementById('review-index') as HTMLInputElement).value === n,
    label.slice(1),
  );
  // Typed text scores after a pause in typing, without pressing Score.
  await page.fill('#review-text', '');
  await page.type('#review-text', 'a wonderful film with a dull ending', { delay: 10 });
  await page.waitForFunction(() =>
    (document.getElementById('review-caption')?.textContent ?? '').includes('your text'),
  );
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a stop restyles the review list in place: the same word nodes, the new logits', async () => {
  const { page, problems } = await openPage(lab);
  await page.waitForFunction(() => document.querySelectorAll('#review-list li').length === 10);
  await page.locator('#review-list').scrollIntoViewIfNeeded();
  // The logits of the listed reviews (each item's prediction badge says f(X)).
  const logits = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#review-list .badge[title^="logit"]')]
        .map((badge) => badge.getAttribute('title'))
        .join(' '),
    );
  const before = await logits();
  await page.evaluate(() => {
    for (const word of document.querySelectorAll('#review-list .word'))
      (word as HTMLElement & { tagged?: boolean }).tagged = true;
  });
  await page.click('#play');
  // Some steps taken, whatever the machine's load (a fixed wait could end before the first).
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 5, null, {
    timeout: 60000,
  });
  await page.click('#play');
  await waitStopped(page);
  // The restyle waits for the list to be on screen (a click on Play scrolled to it).
  await page.locator('#review-list').scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (old) =>
      [...document.querySelectorAll('#review-list .badge[title^="logit"]')]
        .map((badge) => badge.getAttribute('title'))
        .join(' ') !== old,
    before,
  );
  const words = await page.evaluate(() => {
    const all = [...document.querySelectorAll('#review-list .word')];
    return {
      all: all.length,
      untagged: all.filter((word) => (word as HTMLElement & { tagged?: boolean }).tagged !== true)
        .length,
    };
  });
  assert.ok(words.all > 0);
  assert.equal(words.untagged, 0, 'no word node was drawn anew');
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('the speed slider slows Play and the progress line reports steps per second', async () => {
  const { page, problems } = await openPage(lab);
  await page.fill('#setting-steps', '100000');
  await page.press('#setting-steps', 'Tab');
  await page.waitForFunction(() => !document.querySelector('#setting-steps.pending'));
  await page.focus('#speed');
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#speed', 'aria-valuetext'), '2 steps/s');
  await page.click('#play');
  await page.waitForTimeout(2000);
  assert.match(
    (await page.textContent('#progress-text')) ?? '',
    /^Training: step \d+ of 100,000 · [\d.]+ steps\/s over the last 2 s$/,
  );
  await page.click('#play');
  await waitStopped(page);
  const step = (await metrics(page))?.step ?? 0;
  assert.ok(step > 1 && step <= 8, `at 2 steps/s, 2 s of Play took ${step - 1} steps`);
  assert.equal(await page.textContent('#progress-text'), `Paused at step ${step}.`);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('markup in a dataset shows as text in the token table and the review list', async () => {
  // Every word kept: these 60 reviews share their words, which the default cut would remove.
  const { page, problems } = await openPage(lab, {
    hash: '#v=3&max_doc_share=1&drop_unknown=false',
  });
  const hostile = '<img src=x onerror=alert(1)>';
  const escaped = '&lt;img src=x onerror=alert(1)&gt;';
  const lines: string[] = [];
  for (let i = 0; i < 60; i++) {
    const positive = i % 2 === 1;
    lines.push(
      `${positive ? 1 : 0}\t${hostile} ${escaped} the film was ${positive ? 'great fun' : 'a dull mess'} ${i}`,
    );
  }
  await loadDatasetFile(page, {
    name: 'hostile.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(lines.join('\n') + '\n'),
  });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('#token-rows .token-button')].some(
        (b) => b.textContent === 'onerror',
      ),
    null,
    { timeout: 30000 },
  );
  await page.fill('#token-search', '<');
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#token-rows .token-button')].some((b) => b.textContent === '<'),
  );
  // The review viewer draws only on screen or near it (charts/setup.ts scheduleDraw): the
  // search above scrolled the page down to the token table, so bring the viewer back.
  await page.locator('#review-original').scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('#review-list .review-words')].length > 0 &&
      document.getElementById('review-original')?.textContent?.includes(text),
    hostile,
  );
  await page.fill('#review-search', 'onerror');
  await page.waitForFunction(() => document.querySelectorAll('#review-list li').length > 0);
  assert.equal(await page.locator('#token-rows img, #review-list img, #review-list b').count(), 0);
  await screenshot(page, 'views-hostile.png');
  assert.deepEqual(problems.dialogs, [], 'no alert() ran');
  assert.deepEqual(problems.console, []);
  await page.close();
});
