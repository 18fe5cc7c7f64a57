// The benchmark wasm module under Node: the same step as the native bench, same data.
// Usage: node bench/node-wasm.mjs [sst2.tsv] [reps]  -> JSON on stdout (CLSLAB_BENCH_SVM=0 skips
// the att-SVM solve).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { wrapBench, measureEpochAndStream } from './js/clslab-bench.mjs';

const root = new URL('../', import.meta.url);
const build = new URL('build/bench-wasm/bench/', root);
const { default: create } = await import(new URL('clslab_bench.js', build).href);
const mod = await create({ wasmBinary: readFileSync(new URL('clslab_bench.wasm', build)) });
const bench = wrapBench(mod);
const [sst2, repsText] = process.argv.slice(2);
const reps = Number(repsText ?? 7);
const now = () => performance.now();
const runs = [];
bench.makeImdbShaped(25000, 230, 30000, 1);
for (const d of [64, 256])
  runs.push({ set: 'imdb-shaped', ...measureEpochAndStream(bench, d, reps, now) });
if (sst2) {
  bench.loadText(readFileSync(sst2));
  for (const d of [64, 256])
    runs.push({ set: 'sst2', ...measureEpochAndStream(bench, d, reps, now) });
}
// att-SVM on the IMDB-shaped set (paper protocol E(1), d = 64, C = 1): time to gap 1e-4.
let svm = null;
if (process.env.CLSLAB_BENCH_SVM !== '0') {
  bench.makeImdbShaped(25000, 230, 30000, 1);
  let t = now();
  const constraints = bench.svmPrepare(64, 1000, 1, 1);
  const prepareMs = now() - t;
  t = now();
  const solved = bench.svmSolve(1, 1e-4, 1000);
  svm = { d: 64, constraints, prepareMs, solveMs: now() - t, tolerance: 1e-4, ...solved };
}
for (const r of runs) console.error(JSON.stringify(r));
console.error(JSON.stringify(svm));
console.log(JSON.stringify({ runs, svm }));
