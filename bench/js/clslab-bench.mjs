// Drives the benchmark wasm module (bench/wasm/bench_exports.cpp) from Node or a page:
// data set-up, timed epochs, the token-stream floor, arrays out for the TF.js peer.
// HEAP views are re-read after every call into wasm (memory growth detaches them).

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function wrapBench(mod) {
  const copy = (Type, ptr, count) => new Type(mod.HEAPU8.buffer, ptr, count).slice();
  return {
    makeImdbShaped(reviews, length, vocab, seed) {
      mod._bench_make_imdb_shaped(reviews, length, vocab, seed);
    },
    loadText(bytes, maxVocab = 20000, minCount = 2) {
      const ptr = mod._malloc(bytes.length);
      mod.HEAPU8.set(bytes, ptr);
      const error = mod._bench_load_text(ptr, bytes.length, maxVocab, minCount);
      mod._free(ptr);
      if (error) throw new Error('bench_load_text failed');
    },
    shape() {
      return {
        reviews: mod._bench_reviews(),
        tokens: mod._bench_tokens(),
        vocab: mod._bench_vocab(),
      };
    },
    data() {
      const { reviews, tokens, vocab } = this.shape();
      return {
        ids: copy(Int32Array, mod._bench_token_ids(), tokens),
        offsets: copy(Int32Array, mod._bench_offsets(), reviews + 1),
        labels: copy(Int8Array, mod._bench_labels(), reviews),
        vocab,
      };
    },
    reset(d, learningRate = 1, sigma = 1, seed = 1) {
      mod._bench_reset(d, learningRate, sigma, seed);
    },
    epochs: (k) => mod._bench_epochs(k) === 1,
    loss: () => mod._bench_loss(),
    weights(d) {
      const { vocab } = this.shape();
      return {
        E: copy(Float32Array, mod._bench_E(), vocab * d),
        p: copy(Float32Array, mod._bench_p(), d),
        v: copy(Float32Array, mod._bench_v(), d),
      };
    },
    gradient(d) {
      const { vocab } = this.shape();
      const loss = mod._bench_gradient();
      return {
        loss,
        gradE: copy(Float32Array, mod._bench_grad_E(), vocab * d),
        gradP: copy(Float32Array, mod._bench_grad_p(), d),
      };
    },
    streamSum: () => mod._bench_stream_sum(),
    forward: () => mod._bench_forward(),
    memoryBytes: () => mod.HEAPU8.buffer.byteLength,
    svmPrepare: (d, eta, sigma, seed) => mod._bench_svm_prepare(d, eta, sigma, seed),
    svmSolve(c, tolerance, maxEpochs) {
      mod._bench_svm_solve(c, tolerance, maxEpochs);
      return this.svmSolution();
    },
    svmStart: (c, tolerance, maxEpochs) => mod._bench_svm_start(c, tolerance, maxEpochs),
    svmRun: (budget) => mod._bench_svm_run(budget) === 1,
    svmSolution: () => ({
      gap: mod._bench_svm_gap(),
      epochs: mod._bench_svm_epochs(),
      updates: mod._bench_svm_updates(),
      violated: mod._bench_svm_violated(),
      converged: mod._bench_svm_converged() === 1,
    }),
    loadRealLength(reviews) {
      if (mod._bench_load_real_length(reviews)) throw new Error('bench_load_real_length failed');
    },
    resetPaper: (d, eta = 1000, sigma = 1, seed = 1) => mod._bench_reset_paper(d, eta, sigma, seed),
    stepOnE: () => mod._bench_step_on_e() === 1,
  };
}

// The att-SVM prepared in `bench`, solved in one call and in slices of about 30 ms (the
// budget calibrated on a first slice, as the page's worker does). Same as the native
// bench's SolveSvmJson.
export function measureSvm(bench, set, d, constraints, prepareMs, c, tolerance, now) {
  let t = now();
  const one = bench.svmSolve(c, tolerance, 1000);
  const solveMs = now() - t;
  t = now();
  bench.svmStart(c, tolerance, 1000);
  const startMs = now() - t;
  const slices = [];
  let budget = 2000,
    done = false;
  while (!done) {
    t = now();
    done = bench.svmRun(budget);
    slices.push(now() - t);
    if (slices.length === 1) budget = Math.max(100, Math.floor((budget * 30) / (slices[0] + 1e-3)));
  }
  const sliced = bench.svmSolution();
  return {
    set,
    d,
    constraints,
    prepareMs,
    solveMs,
    tolerance,
    ...one,
    slicedMs: startMs + slices.reduce((a, b) => a + b, 0),
    startMs,
    slices: slices.length,
    sliceBudget: budget,
    maxSliceMs: Math.max(...slices),
    slicedSame: sliced.gap === one.gap && sliced.updates === one.updates,
  };
}

// The page's shape: 25,000 real-length reviews at d = 1024, paper protocol (see the
// native bench's MeasureRealLength).
export function measureRealLength(bench, reps, now) {
  let t = now();
  bench.loadRealLength(25000);
  const loadMs = now() - t;
  const init = [],
    step = [];
  for (let r = 0; r < reps; r++) {
    t = now();
    bench.resetPaper(1024);
    init.push(now() - t);
    t = now();
    bench.stepOnE();
    step.push(now() - t);
  }
  t = now();
  const constraints = bench.svmPrepare(1024, 1000, 1, 1);
  const prepareMs = now() - t;
  return {
    ...bench.shape(),
    d: 1024,
    loadMs,
    initMs: median(init),
    stepOnEMs: median(step),
    svm: measureSvm(bench, 'real-length', 1024, constraints, prepareMs, 1, 1e-3, now),
  };
}

// Median ms per full-batch epoch and per stream pass, interleaved in one loop so that the
// machine's noise hits both alike; the ratio is the number to trust.
export function measureEpochAndStream(bench, d, reps, now) {
  bench.reset(d);
  bench.epochs(1); // warm-up: sizes the workspace, touches every page
  const epoch = [],
    stream = [],
    forward = [];
  let sink = 0;
  for (let r = 0; r < reps; r++) {
    let t = now();
    bench.epochs(1);
    epoch.push(now() - t);
    t = now();
    sink += bench.streamSum();
    stream.push(now() - t);
    t = now();
    sink += bench.forward();
    forward.push(now() - t);
  }
  const epochMs = median(epoch),
    streamMs = median(stream),
    forwardMs = median(forward);
  return {
    d,
    ...bench.shape(),
    epochMs,
    streamMs,
    forwardMs,
    epochOverStream: epochMs / streamMs,
    epochOverForward: epochMs / forwardMs,
    loss: bench.loss(),
    sink,
  };
}
