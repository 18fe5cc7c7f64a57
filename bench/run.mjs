// The benchmark driver (npm run bench; bench/run.sh builds what it needs first).
// Runs, in order: the native step bench, the wasm bench under Node, then one headless
// Chromium for clslab vs TF.js (cpu and wasm backends) side by side, the app module's
// epoch and heap, and the page metrics of the production build. Prints a table, writes
// bench/results/latest.json and a dated copy. Not a test: no thresholds, nothing fails on a slow machine.
//
// Options: --reps N (clslab repetitions, default 9), --peer-reps N (TF.js, default 3),
//          --page-old REF (the older page build beside dist/, default 582ea12^1),
//          --pauses N, --repetitions N (page rows: pauses; steps on E and solves),
//          --only native,node,browser,page,torch  (comma list; default all)
//          --torch-reps N (PyTorch peer repetitions, default 3)
//          --sets imdb-shaped,sst2  --dims 64,256  (subsets, for quick looks)
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
  copyFileSync,
  mkdtempSync,
  rmSync,
} from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../', import.meta.url));
const arg = (name, fallback) => {
  const k = process.argv.indexOf(`--${name}`);
  return k > 0 ? process.argv[k + 1] : fallback;
};
const reps = Number(arg('reps', 9));
const peerReps = Number(arg('peer-reps', 3));
const only = new Set(arg('only', 'native,node,browser,page,torch').split(','));
const torchReps = Number(arg('torch-reps', 3));
const sst2 = process.env.CLSLAB_SST2 ?? join(root, '../shared/data/sst2/glue/train.tsv');
const hasSst2 = existsSync(sst2);
const sets = (hasSst2 ? ['imdb-shaped', 'sst2'] : ['imdb-shaped']).filter((s) =>
  arg('sets', s).split(',').includes(s),
);
const dims = arg('dims', '64,256').split(',').map(Number);
const log = (...a) => console.error('[bench]', ...a);

const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGB: Math.round(totalmem() / 2 ** 30),
  },
  sst2: hasSst2 ? sst2 : null,
};

// 1. Native.
if (only.has('native')) {
  log('native step bench');
  const args = ['--reps', String(reps), ...(hasSst2 ? ['--sst2', sst2] : [])];
  results.native = JSON.parse(
    execFileSync(join(root, 'build/perf/bench/clslab_step_bench'), args, { encoding: 'utf8' }),
  );
}

// 1b. The PyTorch peer (Debian's python3-torch), timed right after clslab's native epoch on
// the same IMDB-shaped corpus, so the ratio comes from one run on one machine.
if (only.has('torch')) {
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const probe = spawnSync(python, ['-c', 'import torch, numpy'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    log('SKIPPED the PyTorch peer: python3-torch is not installed (apt-get install python3-torch)');
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'clslab-peer-'));
    log('PyTorch peer: clslab native epochs, then torch on the same corpus');
    const native = execFileSync(
      join(root, 'build/perf/bench/clslab_step_bench'),
      ['--write-peer', dir, '--reps', String(reps)],
      { encoding: 'utf8' },
    );
    writeFileSync(join(dir, 'peer.json'), native);
    const peer = JSON.parse(
      execFileSync(python, [join(root, 'bench/torch/peer.py'), dir, '--reps', String(torchReps)], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
    rmSync(dir, { recursive: true, force: true });
    const clslab = JSON.parse(native).runs;
    results.torch = {
      ...peer,
      clslab,
      ratios: peer.runs.map((r) => ({
        d: r.d,
        model: r.model,
        torchOverClslab: r.epochMs / clslab.find((c) => c.d === r.d).epochMs,
      })),
    };
  }
}

// 2. The same step in wasm under Node.
if (only.has('node')) {
  log('wasm bench under Node');
  const args = [join(root, 'bench/node-wasm.mjs'), ...(hasSst2 ? [sst2] : ['']), String(reps)];
  results.node = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' }));
}

// A static server for the bench page, the modules, the data and the production build.
const routes = [
  ['/bench/', join(root, 'build/bench-browser/')],
  ['/clslab-bench/', join(root, 'build/bench-wasm/bench/')],
  ['/production/', join(root, 'web/src/wasm-build/')],
  ['/tfjs-wasm/', join(root, 'node_modules/@tensorflow/tfjs-backend-wasm/dist/')],
  ['/app/', join(root, 'dist/')],
];
const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.tsv': 'text/plain',
};
function serve() {
  const server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = null;
    if (url === '/data/sst2.tsv') file = sst2;
    for (const [prefix, dir] of routes)
      if (url.startsWith(prefix)) file = join(dir, url.slice(prefix.length) || 'index.html');
    if (!file || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

async function launch() {
  return chromium.launch(chromiumLaunchOptions);
}

const needsBrowser = only.has('browser') || only.has('page');
const server = needsBrowser ? await serve() : null;
const base = server ? `http://127.0.0.1:${server.address().port}` : '';
const browser = needsBrowser ? await launch() : null;

// 3. clslab vs TF.js in one page, one Chromium.
if (only.has('browser')) {
  mkdirSync(join(root, 'build/bench-browser'), { recursive: true });
  await build({
    entryPoints: [join(root, 'bench/browser/main.mjs')],
    bundle: true,
    format: 'esm',
    target: 'es2022',
    outfile: join(root, 'build/bench-browser/main.js'),
    logLevel: 'warning',
    external: ['/clslab-bench/*', '/production/*'],
  });
  copyFileSync(
    join(root, 'bench/browser/index.html'),
    join(root, 'build/bench-browser/index.html'),
  );
  const page = await browser.newPage();
  page.on('console', (m) => m.type() === 'error' && log('page:', m.text()));
  await page.goto(`${base}/bench/index.html`);
  await page.waitForFunction(() => window.clslabBench !== undefined);
  const call = async (name, options) => {
    const out = await page.evaluate(([n, o]) => window.clslabBench[n](o), [name, options]);
    log(name, JSON.stringify(out).slice(0, 400));
    return out;
  };
  log('fairness check (small case)');
  results.check = await call('check');
  results.browser = [];
  for (const set of sets) {
    for (const d of dims) {
      // clslab before and after the peers: its median over both brackets the TF.js runs.
      log(`chromium ${set} d=${d}: clslab`);
      const before = await call('clslab', { set, d, reps });
      const peers = {};
      for (const backend of ['wasm', 'cpu']) {
        log(`chromium ${set} d=${d}: tfjs ${backend}`);
        peers[backend] = await call('peer', { set, d, backend, reps: peerReps });
      }
      const after = await call('clslab', { set, d, reps });
      results.browser.push({
        set,
        d,
        clslab: [before, after],
        clslabEpochMs: (before.epochMs + after.epochMs) / 2,
        peers,
      });
    }
  }
  log('production module on the IMDB-shaped set');
  results.production = await call('production', { d: 64 });
  await page.close();
}

// 4. Page metrics of the production build (dist/): first chart, bytes.
if (only.has('page')) {
  const assets = join(root, 'dist/assets');
  const bytes = readdirSync(assets)
    .filter((f) => /\.(js|wasm)$/.test(f))
    .map((f) => {
      const data = readFileSync(join(assets, f));
      return { file: f, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
    });
  const firstChart = [];
  for (let r = 0; r < 5; r++) {
    const context = await browser.newContext(); // cold cache each time
    const page = await context.newPage();
    await page.goto(`${base}/app/index.html`);
    const ms = await page.waitForFunction(
      () => performance.getEntriesByName('clslab:first-chart')[0]?.startTime,
      null,
      { timeout: 30000 },
    );
    firstChart.push(await ms.jsonValue());
    await context.close();
  }
  results.page = {
    firstChartMs: firstChart,
    firstChartMedianMs: [...firstChart].sort((a, b) => a - b)[2],
    bytes,
    jsWasmGzipBytes: bytes.reduce((s, b) => s + b.gzip, 0),
  };
}

await browser?.close();
server?.close();

// 4b. The page's rows of issue 22 (bench/page/page-bench.mjs, its own Chromium, after the one
// above has closed): the old build (--page-old REF, built once by bench/page/build-ref.sh)
// and dist/ side by side at 25,000 IMDB-shaped reviews. The default REF is main just before
// issue 22's first merge (582ea12, "mainthread").
if (only.has('page')) {
  const ref = arg('page-old', '582ea12^1');
  log(`page rows: the build of ${ref} (built once, then kept in build/page-ref/)`);
  const oldDist = execFileSync('bash', [join(root, 'bench/page/build-ref.sh'), ref], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
  log('page rows: old and new in one Chromium');
  results.pageRows = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(root, 'bench/page/page-bench.mjs'),
        ...['--build', `old=${oldDist}`, '--build', `new=${join(root, 'dist')}`],
        ...['--pauses', arg('pauses', '20'), '--repetitions', arg('repetitions', '5')],
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 26 },
    ),
  );
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
const stamp = results.date.replace(/[:.]/g, '-');
for (const name of ['latest.json', `${stamp}.json`]) {
  writeFileSync(join(root, 'bench/results', name), JSON.stringify(results, null, 2) + '\n');
}

// The table.
const f = (x, digits = 1) => (x === undefined ? '-' : Number(x).toFixed(digits));
const find = (list, set, d) => list?.runs?.find((r) => r.set === set && r.d === d);
console.log(
  '\nset          d    native ms  node-wasm ms  chromium ms  tfjs-wasm ms  tfjs-cpu ms  x vs best tfjs  wasm/native  epoch/stream',
);
for (const set of sets) {
  for (const d of dims) {
    const nat = find(results.native, set, d),
      node = find(results.node, set, d);
    const br = results.browser?.find((r) => r.set === set && r.d === d);
    const chrome = br?.clslabEpochMs;
    const tw = br?.peers.wasm.epochMs,
      tc = br?.peers.cpu.epochMs;
    const best = Math.min(tw ?? Infinity, tc ?? Infinity);
    const stream = br
      ? (br.clslab[0].epochOverStream + br.clslab[1].epochOverStream) / 2
      : undefined;
    console.log(
      `${set.padEnd(12)} ${String(d).padEnd(4)} ${f(nat?.epochMs).padStart(9)} ${f(node?.epochMs).padStart(13)} ${f(chrome).padStart(12)} ${f(tw).padStart(13)} ${f(tc).padStart(12)} ${f(best / chrome).padStart(15)} ${f(chrome / nat?.epochMs, 2).padStart(12)} ${f(stream).padStart(13)}`,
    );
  }
}
if (results.check)
  for (const c of results.check)
    console.log(
      `check ${c.backend}: loss rel diff ${c.lossRelativeDiff.toExponential(1)}, grad E rel err ${c.gradERelativeError.toExponential(1)}, grad p rel err ${c.gradPRelativeError.toExponential(1)}: ${c.pass ? 'pass' : 'FAIL'}`,
    );
if (results.torch) {
  const c = results.torch.check;
  console.log(
    `PyTorch ${results.torch.torch} (${results.torch.threads} thread) same function: loss rel diff ${c.embedding.lossRelDiff.toExponential(1)}, grad E ${c.embedding.gradERelDiff.toExponential(1)}, grad p ${c.embedding.gradPRelDiff.toExponential(1)}`,
  );
  for (const r of results.torch.ratios)
    console.log(`PyTorch ${r.model} d ${r.d}: ${f(r.torchOverClslab)}x clslab's native epoch`);
}
if (results.native?.svm) console.log('att-SVM native', JSON.stringify(results.native.svm));
if (results.node?.svm) console.log('att-SVM wasm (Node)', JSON.stringify(results.node.svm));
if (results.production) console.log('app module', JSON.stringify(results.production));
if (results.page)
  console.log(
    `first chart ${f(results.page.firstChartMedianMs)} ms (median of 5); JS + wasm gzip ${(results.page.jsWasmGzipBytes / 1024).toFixed(1)} KiB`,
  );
if (results.pageRows) {
  const ms = (x) => (x === undefined ? '-' : `${Math.round(x)}`);
  console.log(
    `\npage rows, 25,000 reviews (load average ${results.pageRows.load.map((x) => x.toFixed(1)).join(' ')} before, ${results.pageRows.loadAfter.map((x) => x.toFixed(1)).join(' ')} after)`,
  );
  console.log(
    'build  pause p50/p95  play d64: longest, long ms/10s  play d1024: longest, long ms/10s  load ms (longest)  step E p50/p95  solve p50/p95  longest in step+solve',
  );
  for (const b of results.pageRows.builds) {
    const j = b.joint64,
      q = b.paper1024,
      e = b.stepAndSolve;
    console.log(
      `${b.build.padEnd(6)} ${ms(b.pause.p50)}/${ms(b.pause.p95)}  ${ms(j.longestTaskMs)}, ${ms(j.longTaskMsPer10s)}  ${ms(q.longestTaskMs)}, ${ms(q.longTaskMsPer10s)}  ${ms(b.loadMs)} (${ms(b.loadLongestTaskMs)}), ${ms(b.paperLoadMs)} (${ms(b.paperLoadLongestTaskMs)})  ${ms(e.stepOnEMs.median)}/${ms(e.stepOnEMs.p95)}  ${ms(e.solveMs.median)}/${ms(e.solveMs.p95)}  ${ms(e.longestTaskMs)}`,
    );
  }
}
