// The peer: the same model and loss (THEORY.md) written as a web developer would in
// TensorFlow.js. Embedding gather, per-review softmax over padded positions masked with
// -inf, logistic loss, tf.variableGrads, SGD. A full-batch epoch is the gradient summed over
// review chunks (the gathered n x L x d tensor of a whole IMDB epoch is 1.5 GB at d = 64,
// more than a tab may hold), then one optimizer step: the same step clslab takes.
//
// Legend: n reviews, L padded length (longest review), V vocabulary, d width.

// Gather whose gradient is a scatter-add (tf.scatterND sums duplicate indices). tf.gather's
// own gradient is UnsortedSegmentSum, which @tensorflow/tfjs-backend-wasm does not
// implement ("kernel not registered"), and which the cpu backend computes through a
// V x (chunk tokens) intermediate (RangeError: array buffer allocation failed at V = 30,000).
// These are the errors a developer hits; this custom gradient is the usual fix.
function gatherWithScatterGrad(tf) {
  return tf.customGrad((table, ids, save) => {
    save([ids]);
    return {
      value: tf.gather(table, ids),
      gradFunc: (dy, [savedIds]) => {
        const flatIds = tf.reshape(savedIds, [-1, 1]);
        const rows = tf.reshape(dy, [-1, table.shape[1]]);
        return [tf.scatterND(flatIds, rows, table.shape), tf.zerosLike(savedIds)];
      },
    };
  });
}

// data: { ids: Int32Array (N), offsets: Int32Array (n + 1), labels: Int8Array (n), vocab }
// init: { E: Float32Array (V d), p: Float32Array (d), v: Float32Array (d) }
export function createTfjsModel(tf, data, init, d, learningRate, maxChunkFloats = 1 << 23) {
  const n = data.labels.length;
  let longest = 0;
  for (let i = 0; i < n; i++) longest = Math.max(longest, data.offsets[i + 1] - data.offsets[i]);
  const chunk = Math.max(1, Math.floor(maxChunkFloats / (longest * d)));
  const gather = gatherWithScatterGrad(tf);

  // Data tensors are built once (not timed): padded ids, the mask, labels, per chunk.
  const chunks = [];
  let padded = 0;
  for (let start = 0; start < n; start += chunk) {
    const b = Math.min(chunk, n - start);
    const ids = new Int32Array(b * longest);
    const mask = new Uint8Array(b * longest);
    const y = new Float32Array(b);
    for (let r = 0; r < b; r++) {
      const i = start + r;
      const begin = data.offsets[i],
        length = data.offsets[i + 1] - begin;
      ids.set(data.ids.subarray(begin, begin + length), r * longest);
      mask.fill(1, r * longest, r * longest + length);
      y[r] = data.labels[i];
      padded += longest - length;
    }
    chunks.push({
      ids: tf.tensor2d(ids, [b, longest], 'int32'),
      mask: tf.tensor2d(mask, [b, longest], 'bool'),
      y: tf.tensor1d(y),
    });
  }
  const E = tf.variable(tf.tensor2d(init.E, [data.vocab, d]), true, 'E');
  const p = tf.variable(tf.tensor1d(init.p), true, 'p');
  const v = tf.tensor1d(init.v);
  const negInf = tf.scalar(-Infinity);
  const optimizer = tf.train.sgd(learningRate);

  // Sum over the chunk's reviews of log(1 + exp(-y f)) / n: chunks add up to the mean loss.
  function chunkLoss({ ids, mask, y }) {
    const [b, L] = ids.shape;
    const X = gather(E, ids); // b x L x d
    const scores = tf.reshape(tf.matMul(tf.reshape(X, [b * L, d]), tf.stack([p, v], 1)), [b, L, 2]);
    const [a, value] = tf.unstack(scores, 2); // b x L each: p.E_{x_t}, v.E_{x_t}
    const s = tf.softmax(tf.where(mask, a, negInf)); // padding gets weight 0
    const f = tf.sum(tf.mul(s, value), 1); // b
    return tf.div(tf.sum(tf.softplus(tf.neg(tf.mul(y, f)))), n);
  }

  // Loss and gradients summed over chunks at the current weights.
  function lossAndGrads() {
    let loss = 0;
    let gE = null,
      gp = null;
    for (const c of chunks) {
      const { value, grads } = tf.variableGrads(() => chunkLoss(c), [E, p]);
      loss += value.dataSync()[0];
      value.dispose();
      if (gE === null) {
        gE = grads.E;
        gp = grads.p;
      } else {
        const nextE = tf.add(gE, grads.E),
          nextP = tf.add(gp, grads.p);
        tf.dispose([gE, gp, grads.E, grads.p]);
        gE = nextE;
        gp = nextP;
      }
    }
    return { loss, gE, gp };
  }

  return {
    chunkReviews: chunk,
    chunks: chunks.length,
    paddedLength: longest,
    paddingShare: padded / (padded + data.ids.length),
    // One full-batch epoch: forward + gradients + SGD update. Returns the loss before it.
    epoch() {
      const { loss, gE, gp } = lossAndGrads();
      optimizer.applyGradients({ E: gE, p: gp });
      tf.dispose([gE, gp]);
      return loss;
    },
    // Loss and dense gradients for the fairness check (copied out).
    check() {
      const { loss, gE, gp } = lossAndGrads();
      const out = { loss, gradE: gE.dataSync().slice(), gradP: gp.dataSync().slice() };
      tf.dispose([gE, gp]);
      return out;
    },
    dispose() {
      for (const c of chunks) tf.dispose([c.ids, c.mask, c.y]);
      tf.dispose([E, p, v, negInf]);
      optimizer.dispose();
    },
  };
}
