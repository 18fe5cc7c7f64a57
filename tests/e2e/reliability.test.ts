// Reliability in Chromium, faults injected through the page's test hooks: absurd settings
// stop training with the setting to lower and no NaN in any chart; a killed or crashed
// worker is reported with a Restart that rebuilds the same weights; a real out-of-memory
// abort restarts the worker with the dataset and settings that loaded; Pause latency is
// measured; reload reproduces a checksum; the strict CSP holds while training, loading
// and exporting. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  bannerLine,
  loadDatasetFile,
  metrics,
  openPage,
  startLab,
  waitStopped,
  type Lab,
  type TestHook,
} from './harness.ts';

let lab: Lab;
before(async () => {
  lab = await startLab('/', 'test'); // the build that obeys injected faults
});
after(async () => {
  await lab.close();
});

/** The page's fault-injection hooks (web/src/test-hook.ts). */
type Fault = Parameters<TestHook['injectFault']>[0];
const killWorker = (page: Page) => page.evaluate(() => window.__clslab!.killWorker());
const injectFault = (page: Page, fault: Fault) =>
  page.evaluate((f) => window.__clslab!.injectFault(f), fault);

/** Every plotted point of every chart has finite x and y. */
async function assertChartsFinite(page: Page): Promise<number> {
  const all = await page.evaluate(() => window.__clslab?.series() ?? {});
  let points = 0;
  for (const [chart, datasets] of Object.entries(all)) {
    for (const [name, data] of Object.entries(datasets)) {
      for (const point of data) {
        points++;
        assert.ok(
          Number.isFinite(point.x) && Number.isFinite(point.y),
          `${chart}/${name}: (${point.x}, ${point.y})`,
        );
      }
    }
  }
  return points;
}

const bannerText = (page: Page) => page.textContent('#banner-messages').then((t) => t ?? '');
const playEnabled = (page: Page) =>
  page.waitForFunction(() => !(document.getElementById('play') as HTMLButtonElement).disabled);

test('the built page has a strict CSP: no eval, no inline script', () => {
  const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
  const csp = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1] ?? '';
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  const sources = scriptSrc.trim().split(/\s+/);
  assert.ok(sources.includes("'self'"), scriptSrc);
  // 'wasm-unsafe-eval' only allows compiling WebAssembly; JS eval stays blocked.
  assert.ok(!sources.includes("'unsafe-eval'") && !sources.includes("'unsafe-inline'"), scriptSrc);
  assert.match(csp, /object-src 'none'/);
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline <script> body');
});

test('joint GD at learning rate 1e6, sigma 10 stops, names the setting, plots no NaN', async () => {
  const { page, problems } = await openPage(lab, {
    hash: '#v=1&protocol=joint&optimizer=gd&learning_rate=1000000&sigma=10',
    step: 0,
  });
  // A v=1 link: its note about the arithmetic shows from the start, so the test waits for the
  // refusal itself.
  const arithmetic = await bannerLine(page, /made with settings version 1.*checksum differ/);
  await page.click('#play');
  await waitStopped(page);
  const message = await bannerLine(page, /lower the learning rate/);
  console.log(`  banner: ${message}`);
  assert.ok((await bannerText(page)).includes(arithmetic), "the link's note stays");
  const kept = await metrics(page);
  assert.ok(kept !== null && Number.isFinite(kept.trainLoss));
  const points = await assertChartsFinite(page);
  assert.ok(points > 0, 'the charts hold the finite steps');
  // Play again: refused again at the same step, the weights unchanged.
  await page.click('#banner-close');
  await page.click('#play');
  await waitStopped(page);
  await bannerLine(page, /lower the learning rate/);
  assert.equal((await metrics(page))?.checksum, kept?.checksum);
  assert.equal((await metrics(page))?.step, kept?.step);
  await assertChartsFinite(page);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('eta 1e7 with sigma 10: the step on E is refused, E(0) is kept, the banner says lower eta', async () => {
  const { page, problems } = await openPage(lab, { hash: '#v=1&eta=10000000&sigma=10', step: 0 });
  // The refusal itself, not the first line shown (the v=1 link's note about its arithmetic).
  const message = await bannerLine(page, /lower eta/);
  console.log(`  banner: ${message}`);
  const kept = await metrics(page);
  assert.equal(kept?.step, 0);
  await page.click('#step-embeddings');
  await page.waitForTimeout(300);
  assert.equal((await metrics(page))?.checksum, kept?.checksum);
  await assertChartsFinite(page);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('a killed worker is reported, and Restart replays to the same step and weights', async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#step-attention'); // steps 2..11 of the flow on p
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  const trained = await metrics(page);
  await killWorker(page);
  await page.waitForSelector('#banner-restart');
  const message = await bannerText(page);
  console.log(`  banner: ${message}`);
  assert.match(message, /^The training worker stopped: it was terminated/);
  assert.ok(await page.isDisabled('#play'), 'no controls without a worker');
  await page.click('#banner-restart');
  await playEnabled(page);
  // The fresh worker replays to the step the run had reached, not step 0.
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  assert.equal((await metrics(page))?.checksum, trained?.checksum, 'same step, same weights');

  // An uncaught error inside the worker: the same banner, the same way back.
  await injectFault(page, 'uncaughtError');
  await page.waitForSelector('#banner-restart');
  assert.match(await bannerText(page), /The training worker stopped: .*injected fault/);
  await page.click('#banner-restart');
  await playEnabled(page);
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  assert.equal((await metrics(page))?.checksum, trained?.checksum);
  assert.deepEqual(
    problems.console.filter((line) => !line.includes('injected fault')),
    [],
  );
  await page.close();
});

test('a worker stuck in one call is noticed by the heartbeat, restarted and replayed', async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  const trained = await metrics(page);
  const started = Date.now();
  await injectFault(page, 'hang'); // blocks the worker for a minute inside one call
  await page.waitForFunction(
    () => /did not answer/.test(document.getElementById('banner-messages')?.textContent ?? ''),
    null,
    { timeout: 30000 },
  );
  const noticed = Date.now() - started;
  console.log(`  noticed after ${noticed} ms: ${await bannerText(page)}`);
  assert.match(await bannerText(page), /It was restarted and replayed to step 11/);
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11, null, {
    timeout: 30000,
  });
  assert.equal((await metrics(page))?.checksum, trained?.checksum);
  assert.deepEqual(problems.console, []);
  await page.close();
});

/** A small TSV of `rows` reviews whose words depend on `tag` (so each file is other data).
 *  Under the default cut (words in more than a fifth of the reviews go) two words of each
 *  review stay, `TAGn` and `TAGxn`: with one, attention would have nothing to select. */
function reviewsFile(name: string, rows: number, tag: string) {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const word = i % 2 === 0 ? 'great' : 'awful';
    lines.push(
      `${i % 2 === 0 ? 1 : 0}\t${tag} film ${word} ${word} plot ${tag}${i % 7} ${tag}x${i % 6}`,
    );
  }
  return { name, mimeType: 'text/tab-separated-values', buffer: Buffer.from(lines.join('\n')) };
}

// Issue 20, item 1: a 147 MB upload on a busy machine took longer than its announced
// estimate; the heartbeat killed the worker in the middle, the page said "replayed to step
// 5" and was left waiting for the new file's data with the run gone.
test('a load far slower than announced is waited for, and stopping it keeps the run that stood', async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  await playEnabled(page);
  // The next load blocks 20 s past its estimate of about a second (allowance: 13 s).
  await injectFault(page, 'slowLoad');
  await page.setInputFiles('#dataset-file', reviewsFile('slow.tsv', 40, 'slow'));
  await page.click('#preview-confirm:not([disabled])');
  await page.waitForSelector('#banner-busy', { timeout: 30000 });
  const busy = await bannerText(page);
  console.log(`  banner while busy: ${busy}`);
  assert.match(busy, /^Building the dataset is taking longer than expected: \d+ s so far/);
  assert.match(busy, /still computing/);
  // It finishes: the new data is the run, at step 0, and nothing says it was restarted.
  await page.waitForFunction(
    () => /slow\.tsv/.test(document.getElementById('dataset-summary')?.textContent ?? ''),
    null,
    { timeout: 40000 },
  );
  await playEnabled(page);
  assert.equal(await page.locator('#banner-busy').count(), 0, 'the busy notice is withdrawn');
  assert.doesNotMatch(await bannerText(page), /stopped|restarted/);
  assert.equal((await metrics(page))?.step, 0);
  await page.click('#step-embeddings');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1);
  await playEnabled(page);
  await page.click('#step-attention');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  await playEnabled(page);
  const onSlow = await metrics(page);
  const summary = await page.textContent('#dataset-summary');

  // The same again, but the user stops it: the run on slow.tsv comes back at step 11.
  await injectFault(page, 'slowLoad');
  await page.setInputFiles('#dataset-file', reviewsFile('other.tsv', 40, 'other'));
  await page.click('#preview-confirm:not([disabled])');
  await page.waitForSelector('#banner-stop-busy', { timeout: 30000 });
  await page.click('#banner-stop-busy');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11, null, {
    timeout: 30000,
  });
  await playEnabled(page);
  const stopped = await bannerText(page);
  console.log(`  banner after Stop: ${stopped}`);
  assert.match(
    stopped,
    /^The training worker stopped: you stopped it while "Building the dataset" was running .*It was restarted and replayed to step 11 of the run that stood before the new data; that data did not load/,
  );
  assert.equal(await page.textContent('#dataset-summary'), summary, 'the run on slow.tsv');
  assert.equal((await metrics(page))?.checksum, onSlow?.checksum, 'same step, same weights');
  assert.equal(await page.evaluate(() => window.__clslab?.state().need ?? null), null);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('running out of wasm memory restarts the worker with the dataset and settings that loaded', async () => {
  const { page, problems } = await openPage(lab, {
    hash: '#v=1&width=4096&min_count=1&test_fraction=0&max_vocab=500000',
  });
  const stepped = await metrics(page);
  const summary = await page.textContent('#dataset-summary');
  const limits = (await page.textContent('#dataset-limits')) ?? '';
  assert.match(limits, /256 MB per input, 1,000,000 reviews, 33,554,432 tokens/);
  // Without limits, 140,000 distinct words at d = 4096 need a 2.3 GB E: past the 2 GB heap.
  await injectFault(page, 'liftLimits');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 0);
  const lines: string[] = [];
  for (let start = 0; start < 140000; start += 100) {
    const words = Array.from({ length: 100 }, (_, k) => `w${(start + k).toString(36)}`);
    lines.push(`${(start / 100) % 2}\t${words.join(' ')}`);
  }
  // Uploads the file, confirms its preview, and waits for a banner containing `expected`.
  const loadHuge = async (expected: string) => {
    await page.setInputFiles('#dataset-file', {
      name: 'huge.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from(lines.join('\n')),
    });
    await page.click('#preview-confirm:not([disabled])');
    await page.waitForFunction(
      (text) => (document.getElementById('banner-messages')?.textContent ?? '').includes(text),
      expected,
    );
  };
  await loadHuge('out of memory');
  const message = await bannerLine(page, /out of memory/);
  console.log(`  banner: ${message}`);
  assert.match(message, /^The lab ran out of memory/);
  await playEnabled(page);
  assert.equal(await page.textContent('#dataset-summary'), summary, 'the previous dataset');
  assert.equal(await page.inputValue('#setting-width'), '4096', 'the previous settings');
  await page.click('#step-embeddings');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1);
  assert.equal((await metrics(page))?.checksum, stepped?.checksum);
  // The restarted worker has the default limits again: the same file is refused in words.
  await loadHuge('weights');
  const refused = await bannerLine(page, /weights/);
  console.log(`  banner: ${refused}`);
  assert.match(refused, /huge\.tsv: vocabulary 140,001 x d 4,096 .* lower max_vocab or d/);
  assert.deepEqual(problems.console, []);
  await page.close();
});

// Issue 20, item 8: this test used to print the latency and assert \`latency >= 0\`. What it
// is for is asserted now, in steps rather than milliseconds: at the largest width, with Play
// capped at 2 steps per second (a chunk is one step, then a half-second wait), Pause stops
// the run within the chunk under way; uncapped, Pause stops it with reason 'paused' on the
// step the page shows, and the page draws frames while the worker trains. The times are
// printed for BENCHMARKS.md, never compared.
test('Pause stops Play within the chunk under way at the largest width', async () => {
  for (const hash of [
    '#v=1&width=4096&steps=1000000',
    '#v=1&width=4096&steps=1000000&protocol=joint',
  ]) {
    for (const speed of [2, 0]) {
      const { page } = await openPage(lab, {
        hash: `${hash}&speed=${speed}`,
        step: hash.includes('joint') ? 0 : 1,
      });
      const start = (await metrics(page))?.step ?? 0;
      await page.click('#play');
      await page.waitForFunction((s) => (window.__clslab?.metrics()?.step ?? 0) > s + 2, start, {
        timeout: 60000,
      });
      // The main thread stays free while the worker trains: a frame comes.
      const frame = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const t0 = performance.now();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          }),
      );
      const clicked = await page.evaluate(
        () =>
          new Promise<{ step: number; ms: number }>((resolve) => {
            const button = document.getElementById('play') as HTMLButtonElement;
            const step = window.__clslab?.metrics()?.step ?? -1;
            const t0 = performance.now();
            const observer = new MutationObserver(() => {
              if (button.textContent === 'Play') {
                observer.disconnect();
                resolve({ step, ms: performance.now() - t0 });
              }
            });
            observer.observe(button, { childList: true, characterData: true, subtree: true });
            button.click();
          }),
      );
      const state = await page.evaluate(() => {
        const s = window.__clslab?.state();
        // The step the page shows: the stop's, before its metrics arrive.
        return { playing: s?.playing, stop: s?.lastStop, step: s?.step ?? -1 };
      });
      console.log(
        `  ${hash}&speed=${speed}: Pause at step ${clicked.step} -> stopped at ${state.stop?.step} ` +
          `in ${clicked.ms.toFixed(0)} ms; a frame while training took ${frame.toFixed(0)} ms`,
      );
      assert.equal(state.playing, false);
      assert.equal(state.stop?.reason, 'paused');
      assert.equal(state.stop?.step, state.step, 'the page shows the step the run stopped on');
      // And the metrics of that step follow (the charts in the first screen draw meanwhile).
      await page.waitForFunction((step) => window.__clslab?.metrics()?.step === step, state.step);
      if (speed > 0) {
        // One step in progress, and at most one more whose snapshot was on its way.
        assert.ok(
          state.step - clicked.step <= 2,
          `stopped ${state.step - clicked.step} steps after the click`,
        );
      }
      await page.close();
    }
  }
});

test('reloading a run link in the same browser gives the same checksum (minibatch Adam)', async () => {
  const hash = '#v=1&protocol=joint&optimizer=adam&batch_size=32&seed=11&run=60';
  const { page, problems } = await openPage(lab, { hash, step: 60 });
  const first = await metrics(page);
  await page.reload();
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 60, null, {
    timeout: 60000,
  });
  assert.equal((await metrics(page))?.checksum, first?.checksum);
  assert.deepEqual(problems.console, []);
  await page.close();
});

test('no CSP violation while training, loading data and exporting', async () => {
  // Every word kept: the upload below has four words, which the default cut would remove.
  const { page, problems } = await openPage(lab, {
    acceptDownloads: true,
    hash: '#v=3&max_doc_share=1&drop_unknown=false',
  });
  await page.click('#play');
  await page.waitForTimeout(500);
  await page.click('#play');
  await waitStopped(page);
  const before = await page.textContent('#dataset-summary');
  await page.setInputFiles('#dataset-file', {
    name: 'tiny.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(
      Array.from(
        { length: 60 },
        (_, i) => `${i % 2}\t${i % 2 ? 'good fun' : 'bad dull'} film ${i}`,
      ).join('\n'),
    ),
  });
  await page.click('#preview-confirm:not([disabled])');
  await page.waitForFunction(
    (old) => document.getElementById('dataset-summary')?.textContent !== old,
    before,
  );
  const run = page.waitForEvent('download');
  await page.click('#export-run');
  await run;
  const data = page.waitForEvent('download');
  await page.click('#dataset-export');
  await data;
  assert.deepEqual(
    problems.console.filter((line) => line.startsWith('CSP violation')),
    [],
  );
  assert.deepEqual(problems.console, []);
  await page.close();
});

// Issue 20, item 3: Max vocabulary then d within half a second sent the second edit on the
// settings before the first (vocabulary back to 20,000, refused "vocabulary 20,000 x d
// 4,096"), and the first's late answer overwrote the d field the user was typing in.
test('two settings edited in quick succession both apply, in order; a field being typed in is not overwritten', async () => {
  const { page, problems } = await openPage(lab);
  // Both changes in one task of the page: the second is made before any answer can arrive.
  await page.evaluate(() => {
    for (const [id, value] of [
      ['setting-max_vocab', '800'],
      ['setting-width', '512'],
    ]) {
      const input = document.getElementById(id) as HTMLInputElement;
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    }
  });
  await page.waitForFunction(() => window.__clslab?.state().config['width'] === 512);
  await playEnabled(page);
  const config = await page.evaluate(() => window.__clslab?.state().config ?? {});
  assert.equal(config['max_vocab'], 800, 'the first edit is kept');
  assert.equal(config['width'], 512, 'the second applies on the first');
  assert.equal(await page.inputValue('#setting-max_vocab'), '800');
  assert.equal(await page.inputValue('#setting-width'), '512');
  assert.equal(await bannerText(page), '');

  // Typing in d (no change event yet) while another setting's answer arrives.
  await page.click('#setting-width');
  await page.fill('#setting-width', '');
  await page.keyboard.type('25');
  await page.evaluate(() => {
    const seed = document.getElementById('setting-seed') as HTMLInputElement;
    seed.value = '9';
    seed.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await page.waitForFunction(() => window.__clslab?.state().config['seed'] === 9);
  assert.equal(await page.inputValue('#setting-width'), '25', 'the field being typed in');
  await page.keyboard.type('6');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => window.__clslab?.state().config['width'] === 256);
  assert.equal((await page.evaluate(() => window.__clslab?.state().config ?? {}))['seed'], 9);
  assert.deepEqual(problems.console, []);
  await page.close();
});

// Issue 20, item 9: a link naming no dataset, opened after an upload, put the built-in
// movies in place of the user's reviews without a word.
test("a link opened over uploaded data asks, and Keep applies the link's settings to that data", async () => {
  // The pipeline of the v=1 link below (every word kept, version 1's), so that keeping its
  // settings rebuilds nothing and the summary stays as it was.
  const { page, problems } = await openPage(lab, {
    hash: '#v=3&max_doc_share=1&drop_unknown=false',
  });
  await loadDatasetFile(page, reviewsFile('mine.tsv', 60, 'mine'));
  await playEnabled(page);
  const summary = await page.textContent('#dataset-summary');
  await page.evaluate(() => (location.hash = '#v=1&protocol=joint&width=16'));
  const asked = await bannerLine(page, /^This link names/);
  console.log(`  banner: ${asked}`);
  assert.match(
    asked,
    /^This link names the built-in movies\.tsv; opening it would replace your data, mine\.tsv \(60 rows\)\. Nothing has changed yet\./,
  );
  assert.equal(await page.textContent('#dataset-summary'), summary);
  await page.click('#link-keep-data');
  await page.waitForFunction(() => window.__clslab?.state().config['protocol'] === 'joint');
  await playEnabled(page);
  const config = await page.evaluate(() => window.__clslab?.state().config ?? {});
  assert.equal(config['width'], 16);
  assert.equal(config['source_name'], 'mine.tsv');
  assert.equal(await page.textContent('#dataset-summary'), summary, 'the data is kept');
  assert.equal(await page.locator('#banner-link').count(), 0);
  assert.deepEqual(problems.console, []);
  await page.close();
});

// Issue 20, item 4: a CSV of 100,000 columns built two selects of 100,001 options on the
// main thread (4-9 s frozen). Item 7: a 10,000-character token widened the preview table
// past its dialog.
test('a CSV of 100,000 columns lists 200 and finds the others by search; a huge token stays inside the dialog', async () => {
  const { page, problems } = await openPage(lab);
  const columns = 100000;
  const header = ['label', 'text', ...Array.from({ length: columns - 2 }, (_, i) => `c${i + 2}`)];
  const filler = ','.repeat(columns - 2);
  const lines = [header.join(',')];
  for (let i = 0; i < 6; i++)
    lines.push(`${i % 2},${i === 0 ? 'x'.repeat(10000) : 'a fine film'}${filler}`);
  await page.setInputFiles('#dataset-file', {
    name: 'wide.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n')),
  });
  // Main-thread tasks from here (after Playwright has put the 4 MB file into the page, a
  // task of its own) until the preview shows: printed; the assertions are on what is built.
  await page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
  await page.waitForSelector('#dataset-preview[open] #preview-rows', { timeout: 60000 });
  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  console.log(
    `  longest main-thread task while previewing 100,000 columns: ${longest.toFixed(0)} ms`,
  );
  for (const id of ['preview-text-column', 'preview-label-column']) {
    assert.equal(await page.locator(`#${id} option`).count(), 201, `${id}: detect + 200 columns`);
    assert.match(
      (await page.textContent(`#${id}-note`)) ?? '',
      /^the first 200 of 100,000 columns; search for others$/,
    );
  }
  await page.fill('#preview-text-column-search', 'c9999');
  assert.deepEqual(await page.locator('#preview-text-column option').allTextContents(), [
    'detect (text)',
    'c9999',
    'c99990',
    'c99991',
    'c99992',
    'c99993',
    'c99994',
    'c99995',
    'c99996',
    'c99997',
    'c99998',
    'c99999',
  ]);
  assert.equal(
    await page.textContent('#preview-text-column-note'),
    '11 of 11 columns matching “c9999”',
  );
  // The 10,000-character token wraps inside the dialog.
  const widths = await page.evaluate(() => ({
    dialog: document.getElementById('dataset-preview')?.getBoundingClientRect().width ?? 0,
    table: document.getElementById('preview-rows')?.getBoundingClientRect().width ?? 0,
    viewport: window.innerWidth,
  }));
  assert.ok(
    widths.table <= widths.dialog,
    `table ${widths.table} px in a dialog of ${widths.dialog} px`,
  );
  assert.ok(widths.dialog <= widths.viewport);
  await page.click('#preview-cancel');
  assert.deepEqual(problems.console, []);
  await page.close();
});
