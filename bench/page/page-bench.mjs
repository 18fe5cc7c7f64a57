// The page at real size (issue 12): one headless Chromium, a 25,000-review real-length set
// uploaded through the Dataset card, and each row of the table measured on one or
// more builds of the page side by side in the same run (ratios: the machine is shared).
// Not a test: nothing is asserted, the numbers go to stdout and bench/results/.
//
//   node bench/page/page-bench.mjs [--data FILE] [--build name=path/to/dist]...
//                                  [--pauses 20] [--repetitions 5] [--link-version 1|2]
//                                  [--only joint|paper]
//
// Without --data the set is generated (imdb-text.mjs, seeded). Without --build it measures
// dist/ as "after". bench/run.mjs --only page calls it with the old build (bench/page/
// build-ref.sh) and dist/. Per build: the load (file pick to ready) twice, Play at d 64
// (steps/s, long tasks per 10 s), --pauses pauses, then --repetitions times the step on E
// and the solve at the paper defaults (d 1024), then Play there. The page is driven only through what both old and new pages have: the
// element ids, location.hash settings and window.__clslab.metrics().
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import {
  benchData,
  markSolve,
  root,
  serve,
  sleep,
  upload,
  waitIdle,
  waitSolved,
} from './page-lab.mjs';

const args = process.argv.slice(2);
const option = (name) => args.flatMap((a, k) => (a === `--${name}` ? [args[k + 1]] : []));
const builds = option('build').map((b) => b.split('='));
const pauseCount = Number(option('pauses')[0] ?? 20);
const repetitions = Number(option('repetitions')[0] ?? 5);
// The settings version the links are read against: 1 (the targets: d 1024,
// vocabulary up to 20,000) or 2 (the page's defaults since issue 18: d 4096, up to 4,096).
const linkVersion = Number(option('link-version')[0] ?? 1);
// --only joint (the load, Play at d 64 and the pauses) or --only paper (the step on E, the
// solve and the flow at the defaults): one half of the run, for a quicker look.
const only = option('only')[0];
const link = (keys) => `#${linkVersion === 1 ? 'v=1&' : ''}${keys}`;
if (builds.length === 0) builds.push(['after', join(root, 'dist')]);
const log = (...a) => console.error('[page-bench]', ...a);

const dataFile = benchData(option('data')[0]);
log(`data ${dataFile}: ${(statSync(dataFile).size / 2 ** 20).toFixed(1)} MB`);

const step = (page) => page.evaluate(() => window.__clslab?.metrics()?.step ?? -1);
const playing = (page) =>
  page.evaluate(() => document.getElementById('play')?.textContent !== 'Play');

/** A page on `hash` with `dataFile` uploaded through the Dataset card; long tasks recorded. */
async function openWithData(browser, base, hash) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    // Pause as the user meets it: from the click's own timestamp (the input event) to the
    // end of the first frame that paints the Play button saying "Play" again (a message
    // posted from that frame's animation callback runs after its paint).
    window.__pausesShown = [];
    let clickedAt = -1;
    document.addEventListener(
      'click',
      (event) => {
        const target = event.target;
        if (target instanceof HTMLElement && target.id === 'play' && target.textContent === 'Pause')
          clickedAt = event.timeStamp;
      },
      true,
    );
    const watch = () => {
      const button = document.getElementById('play');
      if (button === null) return void setTimeout(watch, 50);
      new MutationObserver(() => {
        if (clickedAt < 0 || button.textContent !== 'Play') return;
        const click = clickedAt;
        clickedAt = -1;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => window.__pausesShown.push(performance.now() - click);
          channel.port2.postMessage(0);
        });
      }).observe(button, { childList: true, characterData: true, subtree: true });
    };
    watch();
  });
  await page.goto(base + hash);
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? -1) >= 0, null, {
    timeout: 60000,
  });
  await waitIdle(page);
  const started = Date.now();
  const t0 = await page.evaluate(() => performance.now());
  await upload(page, dataFile);
  const loadMs = Date.now() - started;
  const loadLongest = await longestSince(page, t0);
  return { page, context, loadMs, loadLongest };
}

async function longestSince(page, since) {
  return page.evaluate(
    (t) => Math.max(0, ...window.__longTasks.filter(([s]) => s >= t).map(([, d]) => d)),
    since,
  );
}

/** The long tasks (PerformanceObserver 'longtask', >= 50 ms) that started in [from, to):
 *  how many, the longest, and their total scaled to 10 s of wall time. */
async function longTasks(page, from, to) {
  const tasks = await page.evaluate(
    ([a, b]) => window.__longTasks.filter(([s]) => s >= a && s < b).map(([, d]) => d),
    [from, to],
  );
  const per10s = 10000 / Math.max(1, to - from);
  return {
    longestTaskMs: Math.max(0, ...tasks),
    longTasksPer10s: tasks.length * per10s,
    longTaskMsPer10s: tasks.reduce((a, b) => a + b, 0) * per10s,
  };
}

/** Steps per second over `seconds` of Play (after a one-second warm-up), and the main
 *  thread's long tasks meanwhile. */
async function rate(page, seconds) {
  await page.click('#play');
  await page.waitForFunction(() => document.getElementById('play')?.textContent === 'Pause', null, {
    timeout: 600000,
  });
  await sleep(1000);
  const t0 = await page.evaluate(() => performance.now());
  const s0 = await step(page);
  await sleep(seconds * 1000);
  const s1 = await step(page);
  const t1 = await page.evaluate(() => performance.now());
  const tasks = await longTasks(page, t0, t1);
  if (await playing(page)) await page.click('#play');
  await waitIdle(page);
  return { stepsPerSecond: ((s1 - s0) * 1000) / (t1 - t0), windowMs: t1 - t0, ...tasks };
}

const quantile = (xs, q) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
};

/** `count` times from step 0: click "Step on E", time to its metrics on the page (step 1),
 *  then to p_mm solved (the new page solves by itself after the step; the old one on a
 *  click of Solve, timed from that click), and the longest main-thread task from the
 *  click to the solved report; then Reset (not after the last). Medians and p95 over the
 *  repetitions. */
async function stepAndSolve(page, count) {
  const runs = [];
  const solvesItself = await page.evaluate(() => typeof window.__clslab?.state === 'function');
  for (let k = 0; k < count; k++) {
    await waitIdle(page);
    if (solvesItself) await markSolve(page);
    const t0 = await page.evaluate(() => performance.now());
    const c0 = Date.now();
    await page.click('#step-embeddings');
    await page.waitForFunction(() => window.__clslab?.metrics()?.step === 1, null, {
      timeout: 600000,
    });
    const stepOnEMs = Date.now() - c0;
    let c1 = c0;
    if (solvesItself) {
      await waitSolved(page);
    } else {
      c1 = Date.now();
      const old = await page.textContent('#max-margin-status');
      await page.click('#solve-max-margin');
      await page.waitForFunction(
        (o) =>
          document.getElementById('max-margin-status')?.textContent !== o &&
          !/Solving/.test(document.getElementById('max-margin-status')?.textContent ?? ''),
        old,
        { timeout: 600000 },
      );
    }
    const solveMs = Date.now() - c1;
    const t1 = await page.evaluate(() => performance.now());
    const { longestTaskMs } = await longTasks(page, t0, t1);
    runs.push({ stepOnEMs, solveMs, longestTaskMs });
    await waitIdle(page);
    if (k === count - 1) break; // the last stays at step 1, solved, for Play after it
    await page.click('#reset');
    await page.waitForFunction(() => window.__clslab?.metrics()?.step === 0, null, {
      timeout: 600000,
    });
  }
  const summary = (key) => ({
    median: quantile(
      runs.map((r) => r[key]),
      0.5,
    ),
    p95: quantile(
      runs.map((r) => r[key]),
      0.95,
    ),
  });
  return {
    solvesItself,
    runs,
    stepOnEMs: summary('stepOnEMs'),
    solveMs: summary('solveMs'),
    longestTaskMs: Math.max(...runs.map((r) => r.longestTaskMs)),
  };
}

/** Click-to-stopped of `count` pauses, each after half a second of Play: in the page (the
 *  click event to the frame that paints "Play"), and as Playwright sees it (its click, with
 *  its actionability checks over animation frames, to its poll seeing "Play"). */
async function pauses(page, count) {
  const latencies = [];
  const shownBefore = await page.evaluate(() => window.__pausesShown.length);
  for (let k = 0; k < count; k++) {
    await waitIdle(page);
    await page.click('#play');
    await page.waitForFunction(
      () => document.getElementById('play')?.textContent === 'Pause',
      null,
      { timeout: 600000 },
    );
    await sleep(500);
    const t0 = await page.evaluate(() => performance.now());
    await page.click('#play');
    await page.waitForFunction(
      () => document.getElementById('play')?.textContent === 'Play',
      null,
      { timeout: 60000 },
    );
    latencies.push((await page.evaluate(() => performance.now())) - t0);
  }
  await sleep(200);
  const shown = await page.evaluate((k) => window.__pausesShown.slice(k), shownBefore);
  return { ...percentiles(shown), roundTrip: percentiles(latencies), measured: shown.length };
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return {
    p50: sorted[Math.floor(n / 2)],
    p95: sorted[Math.max(0, Math.ceil(0.95 * n) - 1)],
    max: sorted.at(-1),
  };
}

async function measure(browser, name, dir) {
  const server = await serve(dir);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const out = { build: name };
  // Joint protocol at d = 64 (Adam, full batch).
  if (only !== 'paper') {
    log(`${name}: joint d 64`);
    const { page, context, loadMs, loadLongest } = await openWithData(
      browser,
      base,
      link('protocol=joint&optimizer=adam&learning_rate=0.001&width=64&steps=1000000&run=0'),
    );
    out.loadMs = loadMs;
    out.loadLongestTaskMs = loadLongest;
    out.joint64 = await rate(page, 8);
    out.pause = await pauses(page, pauseCount);
    await context.close();
  }
  // Paper protocol at the page's default d (1024): the step on E, the solve, the flow.
  if (only !== 'joint') {
    log(`${name}: paper at the v=${linkVersion} defaults (d 1024 for v1, 4096 for v2)`);
    const { page, context, loadMs, loadLongest } = await openWithData(
      browser,
      base,
      link('steps=1000000&run=0'),
    );
    out.paperLoadMs = loadMs;
    out.paperLoadLongestTaskMs = loadLongest;
    out.stepAndSolve = await stepAndSolve(page, repetitions);
    out.paper1024 = await rate(page, 8);
    await context.close();
  }
  server.close();
  return out;
}

const browser = await chromium.launch(chromiumLaunchOptions);
const results = {
  date: new Date().toISOString(),
  data: dataFile,
  linkVersion,
  load: (await import('node:os')).loadavg(),
  builds: [],
};
for (const [name, dir] of builds) results.builds.push(await measure(browser, name, dir));
await browser.close();
results.loadAfter = (await import('node:os')).loadavg();
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = join(root, `bench/results/page-${results.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify(results, null, 2));
console.log(JSON.stringify(results, null, 2));
log(`wrote ${file}`);
