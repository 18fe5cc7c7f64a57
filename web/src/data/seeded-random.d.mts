/** mulberry32 seeded at `seed`: each call returns the next number, uniform in [0, 1). */
export function seededRandom(seed: number): () => number;
