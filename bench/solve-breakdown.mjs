// The worker's path from "Step on E" to p_mm solved, work call by work call, in the app's
// wasm module under Node (web/src/wasm-build, what the page loads): the step on E (with
// step 0's history point), the step's metrics before its solve, the solve's calls (the
// first one builds the constraints and cycles; budget rescaled to ~25 ms as the worker's
// pace.ts does), maxMarginScores, the metrics after the solve, explain + selection. Prints
// one JSON object per repetition (stderr: a readable line).
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
  [row.stepE] = time(() => lab.work({ targetStep: 1, maxSteps: 1, stepKind: 'embeddings' }));
  // The step's snapshot before its solve, with its columns (training.ts: measured before
  // the blocking solve).
  [row.metrics1] = time(() => {
    lab.work({ targetStep: 1, measureAt: 1, measureBeforeSolves: true });
    lab.scores();
  });
  // The solve: the first call builds the constraints and the cycles (one long call), each
  // later one sweeps for its budget or does one step between sweeps.
  let called;
  [row.start, called] = time(() => lab.work({ targetStep: 1, budget: 1 }));
  let budget = 1000;
  const slices = [];
  const partChanges = [];
  let lastPart = called.maxMargin.part;
  while (called.plan.next === 'max_margin') {
    const [took, next] = time(() => lab.work({ targetStep: 1, budget }));
    slices.push(took);
    if (next.maxMargin.part !== lastPart || !next.maxMargin.active) partChanges.push(took);
    lastPart = next.maxMargin.part;
    // As pace.ts: only a call that spent most of its budget rescales it.
    if (next.spent >= budget / 2)
      budget = Math.max(100, Math.min(budget * 4, (next.spent * sliceMs) / Math.max(took, 0.01)));
    called = next;
  }
  row.local = 0; // the flow's own att-SVM has nothing to solve at step 1 (p = 0)
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
