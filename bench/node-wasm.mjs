// The benchmark wasm module under Node: the same step as the native bench, same data.
// Usage: node bench/node-wasm.mjs [sst2.tsv] [reps] [only]  -> JSON on stdout; only is a comma
// list of epochs,svm,real as in the native bench (default all).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  wrapBench,
  measureEpochAndStream,
  measureSvm,
  measureRealLength,
} from './js/clslab-bench.mjs';

const root = new URL('../', import.meta.url);
const build = new URL('build/bench-wasm/bench/', root);
const { default: create } = await import(new URL('clslab_bench.js', build).href);
const mod = await create({ wasmBinary: readFileSync(new URL('clslab_bench.wasm', build)) });
const bench = wrapBench(mod);
const [sst2, repsText, onlyText] = process.argv.slice(2);
const reps = Number(repsText ?? 7);
const only = (onlyText ?? 'epochs,svm,real').split(',');
const now = () => performance.now();
const runs = [];
bench.makeImdbShaped(25000, 230, 30000, 1);
if (only.includes('epochs'))
  for (const d of [64, 256])
    runs.push({ set: 'imdb-shaped', ...measureEpochAndStream(bench, d, reps, now) });
if (sst2 && only.includes('epochs')) {
  bench.loadText(readFileSync(sst2));
  for (const d of [64, 256])
    runs.push({ set: 'sst2', ...measureEpochAndStream(bench, d, reps, now) });
}
// att-SVM on the IMDB-shaped set (paper protocol E(1), d = 64, C = 1): time to gap 1e-4.
let svm = null;
if (only.includes('svm')) {
  bench.makeImdbShaped(25000, 230, 30000, 1);
  const t = now();
  const constraints = bench.svmPrepare(64, 1000, 1, 1);
  svm = measureSvm(bench, 'imdb-shaped', 64, constraints, now() - t, 1, 1e-4, now);
}
const real = only.includes('real') ? measureRealLength(bench, Math.min(reps, 3), now) : null;
for (const r of runs) console.error(JSON.stringify(r));
console.error(JSON.stringify(svm));
console.error(JSON.stringify(real));
console.log(JSON.stringify({ runs, svm, real }));
