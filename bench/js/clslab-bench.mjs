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
    memoryBytes: () => mod.HEAPU8.buffer.byteLength,
    svmPrepare: (d, eta, sigma, seed) => mod._bench_svm_prepare(d, eta, sigma, seed),
    svmSolve(c, tolerance, maxEpochs) {
      mod._bench_svm_solve(c, tolerance, maxEpochs);
      return {
        gap: mod._bench_svm_gap(),
        epochs: mod._bench_svm_epochs(),
        converged: mod._bench_svm_converged() === 1,
      };
    },
  };
}

// Median ms per full-batch epoch and per stream pass, interleaved in one loop so that the
// machine's noise hits both alike; the ratio is the number to trust.
export function measureEpochAndStream(bench, d, reps, now) {
  bench.reset(d);
  bench.epochs(1); // warm-up: sizes the workspace, touches every page
  const epoch = [],
    stream = [];
  let sink = 0;
  for (let r = 0; r < reps; r++) {
    let t = now();
    bench.epochs(1);
    epoch.push(now() - t);
    t = now();
    sink += bench.streamSum();
    stream.push(now() - t);
  }
  const epochMs = median(epoch),
    streamMs = median(stream);
  return {
    d,
    ...bench.shape(),
    epochMs,
    streamMs,
    epochOverStream: epochMs / streamMs,
    loss: bench.loss(),
    sink,
  };
}
