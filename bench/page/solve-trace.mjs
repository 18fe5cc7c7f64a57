// Where "Step on E" to p_mm solved goes on the page: the worker's posts (its self.postMessage,
// wrapped) and the main thread's receipt of each (a listener the Worker constructor adds
// before the page's own), in ms from the click, for each build. The gap between a post and
// its receipt is the time the message waited for the main thread.
//
//   node bench/page/solve-trace.mjs [--build name=path/to/dist]... [--repetitions 2]
//                                   [--link-version 1|2] [--data FILE]
//
// Not a test and not a benchmark row: a tool to see whose time the solve row is.
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { benchData, markSolve, root, serve, upload, waitIdle, waitSolved } from './page-lab.mjs';

const args = process.argv.slice(2);
const option = (name) => args.flatMap((a, k) => (a === `--${name}` ? [args[k + 1]] : []));
const builds = option('build').map((b) => b.split('='));
if (builds.length === 0) builds.push(['after', join(root, 'dist')]);
const repetitions = Number(option('repetitions')[0] ?? 2);
const linkVersion = Number(option('link-version')[0] ?? 1);
const dataFile = benchData(option('data')[0]);

/** A page of the build in `dir` with the data loaded, the worker's posts recorded. */
async function open(browser, dir) {
  const server = await serve(dir);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__received = [];
    const Base = window.Worker;
    window.Worker = class extends Base {
      constructor(...a) {
        super(...a);
        this.addEventListener('message', (m) =>
          window.__received.push([performance.timeOrigin + performance.now(), m.data?.type]),
        );
      }
    };
  });
  page.on('worker', (worker) =>
    worker
      .evaluate(() => {
        self.__sent = [];
        const post = self.postMessage.bind(self);
        self.postMessage = (event, transfer) => {
          self.__sent.push([performance.timeOrigin + performance.now(), event?.type]);
          post(event, transfer);
        };
      })
      .catch(() => {}),
  );
  const base = `http://127.0.0.1:${server.address().port}/`;
  await page.goto(`${base}#${linkVersion === 1 ? 'v=1&' : ''}steps=1000000&run=0`);
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? -1) >= 0, null, {
    timeout: 60000,
  });
  await waitIdle(page);
  await upload(page, dataFile);
  return { page, context, server, worker: page.workers()[0] };
}

/** One click on "Step on E" from step 0 to p_mm solved; then Reset. One line of timings. */
async function once({ page, worker }) {
  await worker.evaluate(() => (self.__sent.length = 0));
  await page.evaluate(() => {
    window.__received.length = 0;
  });
  await markSolve(page);
  const clicked = await page.evaluate(() => performance.timeOrigin + performance.now());
  await page.click('#step-embeddings');
  await waitSolved(page);
  const seen = await page.evaluate(() => performance.timeOrigin + performance.now());
  await waitIdle(page);
  const sent = await worker.evaluate(() => self.__sent.slice());
  const received = await page.evaluate(() => window.__received.slice());
  const rel = (t) => Math.round(t - clicked);
  const firstOf = (list, type) => list.find(([, t]) => t === type)?.[0];
  // The worker's timeline from taskStarted: each post's time since the one before.
  const started = firstOf(sent, 'taskStarted');
  let last = started;
  const gaps = sent
    .filter(([at, t]) => at >= started && (t === 'taskProgress' || t === 'maxMarginSolved'))
    .map(([at]) => {
      const gap = Math.round(at - last);
      last = at;
      return gap;
    });
  await page.click('#reset');
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 0, null, {
    timeout: 600000,
  });
  await waitIdle(page);
  return {
    seen: rel(seen),
    stepSnapshotSent: rel(firstOf(sent, 'metricsUpdated')),
    solvedSent: rel(firstOf(sent, 'maxMarginSolved')),
    solvedReceived: rel(firstOf(received, 'maxMarginSolved')),
    gaps,
  };
}

// Every build's page is opened first, then the repetitions alternate between them, so that
// the machine's load drifts over both alike.
const browser = await chromium.launch(chromiumLaunchOptions);
const pages = [];
for (const [name, dir] of builds) pages.push({ name, ...(await open(browser, dir)) });
const results = Object.fromEntries(builds.map(([name]) => [name, []]));
for (let k = 0; k < repetitions; k++) {
  for (const p of pages) {
    const r = await once(p);
    results[p.name].push(r);
    console.log(`${p.name} rep ${k}: ${JSON.stringify(r)}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const [name, rs] of Object.entries(results)) {
  const m = (key) => median(rs.map((r) => r[key]));
  console.log(
    `${name}: medians of ${rs.length}: step snapshot sent ${m('stepSnapshotSent')}, solved sent ` +
      `${m('solvedSent')}, received ${m('solvedReceived')}, seen ${m('seen')} ms`,
  );
}
for (const p of pages) {
  await p.context.close();
  p.server.close();
}
await browser.close();
