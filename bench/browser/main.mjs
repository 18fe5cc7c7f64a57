// Benchmark page script, bundled by esbuild (bench/run.mjs). Exposes window.clslabBench
// with one async function per measurement; the Node driver calls them one at a time.
// clslab runs as the benchmark wasm module (the core's step, same flags as the app's
// module); the production module is loaded too, for its own epoch time and heap size.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-backend-cpu';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { wrapBench, measureEpochAndStream, median } from '../js/clslab-bench.mjs';
import { compareWithPeer } from '../js/compare.mjs';
import { createTfjsModel } from '../js/tfjs-model.mjs';

setWasmPaths('/tfjs-wasm/');
const now = () => performance.now();
// Runtime URLs (not bundled): the server maps them to the built modules.
const benchUrl = '/clslab-bench/clslab_bench.js';
const productionUrl = '/production/clslab.js';

let bench = null;
async function loadBench() {
  if (bench) return bench;
  const { default: create } = await import(benchUrl);
  bench = wrapBench(await create({ locateFile: (f) => `/clslab-bench/${f}` }));
  return bench;
}

async function loadSet(set) {
  const b = await loadBench();
  if (set === 'imdb-shaped') b.makeImdbShaped(25000, 230, 30000, 1);
  else b.loadText(new Uint8Array(await (await fetch('/data/sst2.tsv')).arrayBuffer()));
  return b;
}

async function useBackend(name) {
  await tf.setBackend(name);
  await tf.ready();
}

window.clslabBench = {
  // Same loss and gradient on a small case, per TF.js backend.
  async check() {
    const b = await loadBench();
    const out = [];
    for (const name of ['cpu', 'wasm']) {
      await useBackend(name);
      out.push(compareWithPeer(tf, b));
    }
    return out;
  },

  // clslab epoch + stream pass (median of reps), in this page.
  async clslab({ set, d, reps }) {
    const b = await loadSet(set);
    return { set, ...measureEpochAndStream(b, d, reps, now), heapBytes: b.memoryBytes() };
  },

  // TF.js epochs on the same data and initial weights as clslab (bench.reset(d)).
  async peer({ set, d, backend, reps, learningRate = 1 }) {
    const b = await loadSet(set);
    b.reset(d, learningRate);
    const data = b.data(),
      init = b.weights(d);
    await useBackend(backend);
    const model = createTfjsModel(tf, data, init, d, learningRate);
    try {
      let t = now();
      const firstLoss = model.epoch(); // warm-up: kernel set-up, first allocations
      const warmupMs = now() - t;
      const times = [];
      for (let r = 0; r < reps; r++) {
        t = now();
        model.epoch();
        times.push(now() - t);
      }
      return {
        set,
        d,
        backend,
        epochMs: median(times),
        warmupMs,
        epochs: times.length,
        firstLoss,
        clslabLossAtStart: (b.reset(d, learningRate), b.loss()),
        chunks: model.chunks,
        chunkReviews: model.chunkReviews,
        paddedLength: model.paddedLength,
        paddingShare: model.paddingShare,
      };
    } finally {
      model.dispose();
    }
  },

  // The app's own module (Embind Lab): IMDB-shaped text through Lab.load, joint GD full
  // batch, stepped by the run's loop (Lab.work); the epoch time is the median of single
  // steps from step 31 on, where the run's metrics history is recorded only every few steps
  // (a call that records it is slower: the median leaves those out), and the wasm heap size
  // at the end (what the app's worker would hold).
  async production({ reviews = 25000, length = 230, vocab = 30000, d = 64, k = 5 }) {
    const { default: create } = await import(productionUrl);
    const mod = await create({ locateFile: (f) => `/production/${f}` });
    const b = await loadSet('imdb-shaped');
    const data = b.data();
    // Text "w<id>" per token, label<TAB>text lines: the vocabulary is then the ids' own.
    const lines = [];
    for (let i = 0; i < reviews; i++) {
      const words = [];
      for (let t = data.offsets[i]; t < data.offsets[i + 1]; t++) words.push(`w${data.ids[t]}`);
      lines.push(`${data.labels[i] > 0 ? 1 : 0}\t${words.join(' ')}`);
    }
    const bytes = new TextEncoder().encode(lines.join('\n'));
    const lab = new mod.Lab();
    const config = JSON.parse(mod.defaultConfigJson());
    Object.assign(config, {
      dataset: 'file',
      source_name: 'imdb-shaped.tsv',
      test_fraction: 0,
      min_count: 1,
      max_vocab: vocab + 1,
      width: d,
      protocol: 'joint',
      optimizer: 'gd',
      learning_rate: 1,
      batch_size: 0,
    });
    let t = now();
    const loaded = lab.load({ layout: 'text', text: bytes }, JSON.stringify(config));
    const loadMs = now() - t;
    if (!loaded.ok || loaded.value === null) throw new Error(loaded.message);
    const summary = loaded.value;
    const advance = (steps) => {
      const t0 = now();
      const report = lab.work({ targetStep: lab.step() + steps, budget: Infinity });
      if (report.steps.refused) throw new Error(report.steps.message);
      return now() - t0;
    };
    advance(30);
    const one = [];
    for (let r = 0; r < 3 * k; r++) one.push(advance(1));
    const heapBytes = mod.HEAP8.buffer.byteLength;
    lab.delete();
    return {
      reviews: summary.trainReviews,
      tokens: summary.trainTokens,
      vocab: summary.vocabSize,
      d,
      textBytes: bytes.length,
      loadMs,
      advanceOneMs: median(one),
      epochMs: median(one),
      heapBytes,
    };
  },
};
document.getElementById('status').textContent = 'ready';
