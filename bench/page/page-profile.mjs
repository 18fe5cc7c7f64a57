// Where the page's main thread goes (issue 22's trace, kept runnable): one headless Chromium,
// the 25,000-review set uploaded through the Dataset card, the main thread's CPU profile
// (100 us samples) over Play at d 64, a few pauses, and the step on E with its solve at
// d 1024. For each phase it prints the longest busy stretches (runs of samples that are
// neither idle nor garbage collection gaps) with the functions that took their time, and the
// functions by self and inclusive time over the phase. Build unminified to read the names:
//
//   npx vite build --config web/vite.config.ts --minify false --outDir /tmp/dist-prof
//   node bench/page/page-profile.mjs [--dist /tmp/dist-prof] [--data FILE] [--phase play,pause,solve,load]
//                                    [--link-version 1|2]   (the settings the links read: v1 d 1024, v2 d 4096)
//
// Not a test and not a benchmark row: a tool to find the task to cut.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { benchData, root, serve, sleep, upload } from './page-lab.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : fallback;
};
const dist = option('dist', `${root}dist`);
const phases = (option('phase', 'play,pause,solve,load') ?? '').split(',');
const dataFile = benchData(option('data'));
const linkVersion = Number(option('link-version', '1'));
const link = (keys) => `#${linkVersion === 1 ? 'v=1&' : ''}${keys}`;
const server = await serve(dist);
const base = `http://127.0.0.1:${server.address().port}/`;

/** Busy stretches of the profile: consecutive non-idle samples; each with its duration and
 *  its functions by self time. */
function analyse(profile, name) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => {
    const f = n.callFrame;
    const file = f.url.split('/').pop() ?? '';
    return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
  };
  const idle = (n) =>
    ['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName);
  const self = new Map();
  const inclusive = new Map();
  const stretches = [];
  let current = null;
  let t = profile.startTime;
  for (let k = 0; k < profile.samples.length; k++) {
    t += profile.timeDeltas[k] ?? 0;
    const dt = (profile.timeDeltas[k + 1] ?? 100) / 1000;
    const node = nodes.get(profile.samples[k]);
    if (node.callFrame.functionName === '(idle)') {
      if (current !== null) stretches.push(current);
      current = null;
      continue;
    }
    if (current === null) current = { start: t / 1000, ms: 0, self: new Map(), top: new Map() };
    current.ms += dt;
    if (!idle(node)) {
      const l = label(node);
      self.set(l, (self.get(l) ?? 0) + dt);
      current.self.set(l, (current.self.get(l) ?? 0) + dt);
      const seen = new Set();
      for (let id = node.id; id !== undefined; id = parent.get(id)) {
        const m = label(nodes.get(id));
        if (seen.has(m)) continue;
        seen.add(m);
        inclusive.set(m, (inclusive.get(m) ?? 0) + dt);
        current.top.set(m, (current.top.get(m) ?? 0) + dt);
      }
    }
  }
  if (current !== null) stretches.push(current);
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([l, ms]) => `    ${ms.toFixed(1).padStart(7)} ms  ${l}`)
      .join('\n');
  const total = (profile.endTime - profile.startTime) / 1000;
  const busy = stretches.reduce((a, s) => a + s.ms, 0);
  console.log(`\n=== ${name}: ${total.toFixed(0)} ms profiled, busy ${busy.toFixed(0)} ms`);
  console.log(`  busy stretches >= 40 ms: ${stretches.filter((s) => s.ms >= 40).length}`);
  for (const s of [...stretches].sort((a, b) => b.ms - a.ms).slice(0, 4)) {
    console.log(`  stretch of ${s.ms.toFixed(1)} ms, self:`);
    console.log(top(s.self, 8));
    console.log('   inclusive:');
    console.log(top(s.top, 14));
  }
  console.log('  self over the phase:');
  console.log(top(self, 20));
  console.log('  inclusive over the phase:');
  console.log(top(inclusive, 30));
}

const browser = await chromium.launch(chromiumLaunchOptions);
/** A page on `hash` with the data uploaded; with `profileLoad` the upload is profiled. */
async function open(hash, profileLoad = false) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await page.goto(base + hash);
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? -1) >= 0, null, {
    timeout: 60000,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  if (profileLoad) await cdp.send('Profiler.start');
  await upload(page, dataFile);
  if (profileLoad) analyse((await cdp.send('Profiler.stop')).profile, 'the load, pick to ready');
  return { page, context, cdp };
}
const showing = (page, text) =>
  page.waitForFunction((t) => document.getElementById('play')?.textContent === t, text, {
    timeout: 600000,
  });

if (phases.includes('play') || phases.includes('pause')) {
  const { page, context, cdp } = await open(
    link('protocol=joint&optimizer=adam&learning_rate=0.001&width=64&steps=1000000&run=0'),
  );
  if (phases.includes('play')) {
    await page.click('#play');
    await showing(page, 'Pause');
    await sleep(1000);
    await cdp.send('Profiler.start');
    await sleep(6000);
    analyse((await cdp.send('Profiler.stop')).profile, 'Play, joint d 64');
    await page.click('#play');
    await showing(page, 'Play');
  }
  if (phases.includes('pause')) {
    const latencies = [];
    await cdp.send('Profiler.start');
    for (let k = 0; k < 10; k++) {
      await page.click('#play');
      await showing(page, 'Pause');
      await sleep(500);
      const t0 = await page.evaluate(() => performance.now());
      await page.click('#play');
      await showing(page, 'Play');
      latencies.push(Math.round((await page.evaluate(() => performance.now())) - t0));
    }
    analyse((await cdp.send('Profiler.stop')).profile, `10 pauses (${latencies.join(', ')} ms)`);
  }
  await context.close();
}
if (phases.includes('solve') || phases.includes('load')) {
  const { page, context, cdp } = await open(link('steps=1000000&run=0'), phases.includes('load'));
  if (phases.includes('solve')) {
    await cdp.send('Profiler.start');
    await page.click('#step-embeddings');
    await page.waitForFunction(() => window.__clslab.state().maxMargin !== null, null, {
      timeout: 600000,
    });
    await sleep(300);
    analyse(
      (await cdp.send('Profiler.stop')).profile,
      `Step E and the solve, v${linkVersion} defaults`,
    );
  }
  await context.close();
}
await browser.close();
server.close();
