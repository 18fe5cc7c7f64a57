// The fairness check: clslab and the TF.js peer, started from the same weights on the same
// small data (a few clslab steps first so that p != 0 and both gradient terms are live),
// must agree on the loss and on the gradients of E and p.
// Tolerances: TF.js computes in float32 throughout (clslab sums in double), so we accept a
// relative loss difference of 1e-5 and a gradient error of 1e-3 of the gradient's max |entry|.
import { createTfjsModel } from './tfjs-model.mjs';

export function compareWithPeer(tf, bench, d = 16) {
  bench.makeImdbShaped(64, 20, 300, 7);
  // Varied lengths exercise the padding mask: drop a prefix of some reviews.
  bench.reset(d, 50, 1, 3);
  bench.epochs(3);
  const data = bench.data();
  const init = bench.weights(d);
  const ours = bench.gradient(d);
  const model = createTfjsModel(tf, data, init, d, 50, 1 << 12);
  let peer;
  try {
    peer = model.check();
  } finally {
    model.dispose();
  }
  const maxAbs = (x) => x.reduce((m, z) => Math.max(m, Math.abs(z)), 0);
  const maxDiff = (x, y) => x.reduce((m, z, k) => Math.max(m, Math.abs(z - y[k])), 0);
  const result = {
    backend: tf.getBackend(),
    lossClslab: ours.loss,
    lossPeer: peer.loss,
    lossRelativeDiff: Math.abs(ours.loss - peer.loss) / Math.abs(ours.loss),
    gradERelativeError: maxDiff(ours.gradE, peer.gradE) / maxAbs(ours.gradE),
    gradPRelativeError: maxDiff(ours.gradP, peer.gradP) / maxAbs(ours.gradP),
    gradEMaxAbs: maxAbs(ours.gradE),
    gradPMaxAbs: maxAbs(ours.gradP),
  };
  result.pass =
    result.lossRelativeDiff < 1e-5 &&
    result.gradERelativeError < 1e-3 &&
    result.gradPRelativeError < 1e-3;
  return result;
}
