// The default run on a real-length upload (issue 40, item 1), in the page: the page opened
// with no link (its default settings), the 25,000-review file uploaded through the Dataset
// card, then Play, timed from the click to every verdict final: Play back to "Play" at the
// run's last step (releasedMs), then the flow's own att-SVM (p_local) solved for that
// step's selection, which the page goes on with after Play is released (playMs). Builds
// side by side in one Chromium, one after the other per round (ratios: the machine is
// shared). The renderers' memory is sampled through the load and the run (issue 40, item
// 2): every 200 ms the resident set (VmRSS) of each renderer process of this Chromium (the
// tab's holds the page and its worker); a run reports the largest, during the load and
// during Play, and the renderer's own high-water mark (VmHWM) at the end. Not a test:
// nothing is asserted; stdout and bench/results/.
//
//   node bench/page/default-run.mjs [--data FILE] [--build name=path/to/dist]... [--rounds 3]
//
// Wrap it in `flock /tmp/clslab-chromium.lock` (one Chromium on the machine).
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../scripts/chromium.mjs';
import { benchData, root, serve, upload, waitIdle } from './page-lab.mjs';

const args = process.argv.slice(2);
const option = (name) => args.flatMap((a, k) => (a === `--${name}` ? [args[k + 1]] : []));
const builds = option('build').map((b) => b.split('='));
if (builds.length === 0) builds.push(['after', join(root, 'dist')]);
const rounds = Number(option('rounds')[0] ?? 3);
const dataFile = benchData(option('data')[0]);
const log = (...a) => console.error('[default-run]', ...a);

/** The pids of the renderer processes below this Node process (Linux /proc). */
function renderers() {
  const parent = new Map();
  const renderer = new Set();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmdline.includes('--type=renderer') && !cmdline.includes('--top-chrome-webui'))
        renderer.add(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  const mine = (pid) => {
    for (let at = pid, hops = 0; at > 1 && hops < 8; at = parent.get(at) ?? 0, hops++)
      if (at === process.pid) return true;
    return false;
  };
  return [...renderer].filter(mine);
}

/** A field of /proc/PID/status in MB (VmRSS, VmHWM), or 0 once the process is gone. */
function statusMb(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(
      new RegExp(`${field}:\\s+(\\d+)`),
    );
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the renderers' RSS every 200 ms; `phase` names what the page is doing. */
function memorySampler() {
  const peak = {};
  let phase = 'open';
  let pids = renderers();
  let ticks = 0;
  const sample = () => {
    if (ticks++ % 10 === 0) pids = renderers();
    const rss = Math.max(0, ...pids.map((pid) => statusMb(pid, 'VmRSS')));
    peak[phase] = Math.max(peak[phase] ?? 0, rss);
  };
  const timer = setInterval(sample, 200);
  return {
    set phase(name) {
      sample();
      phase = name;
    },
    stop() {
      sample();
      clearInterval(timer);
      const hwm = Math.max(0, ...renderers().map((pid) => statusMb(pid, 'VmHWM')));
      return { rssPeakMb: peak, rendererHwmMb: hwm };
    },
  };
}

/** Upload, Play, and the times: load (pick to ready) and Play to every verdict final. */
async function once(browser, dir) {
  const server = await serve(dir);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  const memory = memorySampler();
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? -1) >= 0, null, {
      timeout: 120000,
    });
    await waitIdle(page);
    memory.phase = 'load';
    const loadStart = Date.now();
    await upload(page, dataFile);
    const loadMs = Date.now() - loadStart;
    memory.phase = 'run';
    const playStart = Date.now();
    await page.click('#play');
    await page.waitForFunction(
      () => document.getElementById('play')?.textContent !== 'Play',
      null,
      { timeout: 60000 },
    );
    await waitIdle(page, 1800000);
    const releasedMs = Date.now() - playStart;
    // Play is released once only the run end's p_local is left (training.ts): that solve
    // goes on between messages, and its metrics say when the final selection's is in.
    await page.waitForFunction(
      () => {
        const m = window.__clslab.metrics();
        return m !== null && m.hasLocalSvm && m.localSelectionCurrent;
      },
      null,
      { timeout: 1800000, polling: 100 },
    );
    const playMs = Date.now() - playStart;
    const m = await page.evaluate(() => {
      const metrics = window.__clslab.metrics();
      return {
        step: metrics.step,
        steps: window.__clslab.state().plan?.steps ?? null,
        hasLocalSvm: metrics.hasLocalSvm,
        localSelectionCurrent: metrics.localSelectionCurrent,
        localSvmStep: metrics.localSvmStep,
        cosineToLocalSvm: metrics.cosineToLocalSvm,
        task: window.__clslab.state().task?.label ?? null,
      };
    });
    return { loadMs, releasedMs, playMs, ...m, ...memory.stop() };
  } finally {
    memory.stop();
    await context.close();
    server.close();
  }
}

const browser = await chromium.launch(chromiumLaunchOptions);
const results = { date: new Date().toISOString(), data: dataFile, load: loadavg(), runs: [] };
for (let round = 0; round < rounds; round++) {
  for (const [name, dir] of builds) {
    const run = { build: name, round, ...(await once(browser, dir)) };
    log(JSON.stringify(run));
    results.runs.push(run);
  }
}
await browser.close();
results.loadAfter = loadavg();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const [name] of builds) {
  const mine = results.runs.filter((r) => r.build === name);
  console.log(
    `${name}: Play to every verdict final, median ${median(mine.map((r) => r.playMs))} ms ` +
      `(${mine.map((r) => r.playMs).join(', ')}); load median ${median(mine.map((r) => r.loadMs))} ms; ` +
      `renderer RSS peak, load ${median(mine.map((r) => r.rssPeakMb?.load ?? 0)).toFixed(0)} MB, ` +
      `run ${median(mine.map((r) => r.rssPeakMb?.run ?? 0)).toFixed(0)} MB, ` +
      `high-water mark ${median(mine.map((r) => r.rendererHwmMb ?? 0)).toFixed(0)} MB`,
  );
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, 'bench/results', `default-run-${results.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(out, JSON.stringify(results, null, 2));
log(`wrote ${out}`);
