// The worker's path from "Step on E" to p_mm solved, Lab call by Lab call, in the app's
// wasm module under Node (web/src/wasm-build, what the page loads): stepEmbeddings, the
// step's metrics, startMaxMargin, the continueMaxMargin slices (budget rescaled to ~25 ms
// as training.ts solveNow does), maxMarginScores, the metrics after the solve, explain +
// selection. Prints one JSON object per repetition (stderr: a readable line).
// Usage: node bench/solve-breakdown.mjs FILE.tsv [--link-version 1|2] [--reps N]
//                                       [--slice-ms 25] [--module DIR]
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const k = args.indexOf(`--${name}`);
  return k >= 0 ? args[k + 1] : fallback;
};
const file = args[0];
const linkVersion = Number(option('link-version', 1));
const reps = Number(option('reps', 3));
const sliceMs = Number(option('slice-ms', 25));
const moduleDir = new URL(
  option('module', new URL('../web/src/wasm-build/', import.meta.url).pathname).replace(
    /\/?$/,
    '/',
  ),
  'file://',
);
const { default: create } = await import(new URL('clslab.js', moduleDir).href);
const module = await create({ wasmBinary: readFileSync(new URL('clslab.wasm', moduleDir)) });
const now = () => performance.now();

// The page's settings for a file from the Dataset card under a v=1 or v=2 link.
const decoded = module.decodeShareLink(
  `#${linkVersion === 1 ? 'v=1&' : ''}steps=1000000&run=0`,
).configJson;
const name = file.split('/').pop();
const sourced = module.withSource(decoded, 'file', name, module.defaultParseChoice(name), 0, 0);
if (!sourced.ok) throw new Error(sourced.message);
const bytes = new Uint8Array(readFileSync(file));
const lab = new module.Lab();
let t = now();
const loaded = lab.load({ layout: 'text', text: bytes, name }, sourced.configJson);
if (!loaded.ok) throw new Error(loaded.message);
const config = JSON.parse(lab.configJson());
const summary = lab.summary();
console.error(
  `load ${(now() - t).toFixed(0)} ms; d ${config.d ?? config.width}, V ${summary.vocabulary ?? summary.vocabSize}, ` +
    `train reviews ${summary.trainReviews}, tokens ${summary.trainTokens}`,
);

const time = (f) => {
  const t0 = now();
  const value = f();
  return [now() - t0, value];
};
for (let rep = 0; rep < reps; rep++) {
  if (rep > 0) lab.reset();
  const row = { rep };
  [row.stepE] = time(() => lab.stepEmbeddings());
  // training.ts step(): solveLocal (the flow's own att-SVM, up to 150 ms in 8 ms slices),
  // then the step's snapshot with its columns.
  [row.local] = time(() => {
    let localBudget = 1000;
    const until = now() + 150;
    do {
      const t0 = now();
      const p = lab.continueLocalSvm(localBudget, false);
      const took = Math.max(now() - t0, 0.01);
      localBudget = Math.max(100, Math.min(localBudget * 4, (localBudget * 8) / took));
      if (!p.active) break;
    } while (now() < until);
  });
  [row.metrics1] = time(() => {
    lab.metrics();
    lab.scores();
  });
  let progress;
  [row.start, progress] = time(() => lab.startMaxMargin());
  let budget = 1000;
  const slices = [];
  let partChanges = [];
  let lastPart = progress.part;
  while (progress.active) {
    const [took, next] = time(() => lab.continueMaxMargin(budget));
    slices.push(took);
    if (next.part !== lastPart || !next.active) partChanges.push(took);
    lastPart = next.part;
    // As training.ts solveNow: only a call that spent its budget on sweeps rescales it.
    if (next.part === progress.part && next.updates - progress.updates >= Math.floor(budget))
      budget = Math.max(100, Math.min(budget * 4, (budget * sliceMs) / Math.max(took, 0.01)));
    progress = next;
  }
  row.slices = slices.length;
  row.sweeps = slices.reduce((a, b) => a + b, 0);
  row.longestSlice = Math.max(...slices);
  row.partChangeSlices = partChanges.map((x) => Math.round(x));
  row.over50 = slices.filter((x) => x > 50).length;
  [row.scores] = time(() => lab.maxMarginScores());
  [row.metrics2] = time(() => lab.metrics());
  [row.guide] = time(() => {
    lab.explain();
    lab.selection();
  });
  row.total =
    row.stepE +
    row.local +
    row.metrics1 +
    row.start +
    row.sweeps +
    row.scores +
    row.metrics2 +
    row.guide;
  const report = lab.maxMarginReport();
  row.report = {
    constraints: report.constraints,
    acyclic: report.acyclic,
    acyclicConstraints: report.acyclicConstraints,
    norm: report.norm,
    acyclicNorm: report.acyclicNorm,
    epochs: report.epochs,
  };
  // FNV-1a (64-bit) over the bits of both p_mm columns, as clslab_solve_breakdown prints
  // it: equal hashes, equal columns, natively and in wasm.
  const scores = lab.maxMarginScores();
  let hash = 1469598103934665603n;
  for (const column of [scores.all, scores.acyclic]) {
    for (const bits of new Uint32Array(column.buffer, column.byteOffset, column.length)) {
      hash = ((hash ^ BigInt(bits)) * 1099511628211n) & 0xffffffffffffffffn;
    }
  }
  row.hash = hash.toString(16).padStart(16, '0');
  for (const k of Object.keys(row))
    if (typeof row[k] === 'number') row[k] = Math.round(row[k] * 10) / 10;
  console.log(JSON.stringify(row));
}
lab.delete();
