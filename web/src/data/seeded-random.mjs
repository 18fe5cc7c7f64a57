// mulberry32: a small seeded generator, uniform in [0, 1). One copy for the page (a Hugging
// Face sample's pages), the built-in data's generator (scripts/make-twins.mjs) and the page
// benchmark's review generator (bench/page/imdb-text.mjs): plain ESM, so Node scripts import
// it as it is; its types are in seeded-random.d.mts. Not for the model: core owns the Rng
// that E(0), v, the split and the mini-batches are drawn from.

/** @param {number} seed */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
