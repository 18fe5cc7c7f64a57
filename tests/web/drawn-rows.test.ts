// The scatters' decimation (token-scatter.ts drawnRows) picks the tokens a chart draws past
// MAX_DRAWN: the EXTREMES lowest and highest on each axis, then the most frequent. It runs on
// the main thread on every columns update, so it selects instead of sorting; these tests pin
// that the selection gives the set the sorting definition gives, on random layers with ties.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { drawnRows, select } from '../../web/src/charts/token-scatter.ts';

/** The definition, written the slow way: each axis's `extremes` lowest and highest rows by
 *  sorting (ties: the more frequent first), then the most frequent up to `limit`. */
function reference(
  rows: number[],
  x: (row: number) => number,
  y: (row: number) => number,
  byCount: Int32Array,
  limit: number,
  extremes: number,
): number[] {
  if (rows.length <= limit) return rows;
  const rank = new Map<number, number>();
  byCount.forEach((row, k) => rank.set(row, k));
  const keep = new Set<number>();
  for (const value of [x, y]) {
    for (const sign of [1, -1]) {
      const sorted = [...rows].sort(
        (a, b) => sign * (value(a) - value(b)) || (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
      );
      for (const row of sorted.slice(0, extremes)) keep.add(row);
    }
  }
  const candidates = new Set(rows);
  for (const row of byCount) {
    if (keep.size >= limit) break;
    if (candidates.has(row)) keep.add(row);
  }
  return rows.filter((row) => keep.has(row));
}

test('select returns the k-th smallest, as a sorted copy holds it, with ties', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 1, maxLength: 300 }),
      fc.nat(),
      (values, k) => {
        const index = k % values.length;
        const sorted = [...values].sort((a, b) => a - b);
        assert.equal(select(Float64Array.from(values), index), sorted[index]);
      },
    ),
  );
});

test('drawnRows keeps the extremes of both axes, then the most frequent, as the sorting definition does', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 400 }),
      fc.integer({ min: 1, max: 600 }),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      (vocabulary, limit, seed) => {
        // A seeded layer: coarse values so that ties at the thresholds are common.
        let state = seed;
        const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 8;
        const xs = Array.from({ length: vocabulary + 1 }, () => Math.floor(random()));
        const ys = Array.from({ length: vocabulary + 1 }, () => Math.floor(random()) / 4);
        const counts = Array.from({ length: vocabulary + 1 }, () => Math.floor(random() * 10));
        const rows = Array.from({ length: vocabulary }, (_, k) => k + 1).filter(
          (row) => (counts[row] ?? 0) > 1,
        );
        const byCount = Int32Array.from({ length: vocabulary + 1 }, (_, row) => row).sort(
          (a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || a - b,
        );
        const x = (row: number) => xs[row] ?? NaN;
        const y = (row: number) => ys[row] ?? NaN;
        // EXTREMES is 100 in token-scatter.ts; limits under 400 let the extremes alone exceed it.
        assert.deepEqual(
          drawnRows(rows, x, y, byCount, limit),
          reference(rows, x, y, byCount, limit, 100),
        );
      },
    ),
    { numRuns: 300 },
  );
});

test('drawnRows draws at most the limit when every token ties on an axis (p = 0 after the step on E)', () => {
  // 20,000 tokens, y = p.E_s = 0 for all and x = Delta = 1 for half: keeping every row tied
  // at an extreme drew them all.
  const n = 20000;
  const rows = Array.from({ length: n }, (_, k) => k);
  const byCount = Int32Array.from(rows).reverse(); // the last rows are the most frequent
  const x = (row: number) => (row % 2 === 0 ? 1 : row / n);
  const drawn = drawnRows(rows, x, () => 0, byCount, 2000);
  assert.equal(drawn.length, 2000);
  // The tied extremes are the most frequent of them: x = 1 at even rows from the end.
  assert.ok(drawn.includes(n - 2) && !drawn.includes(0), 'ties go to the more frequent');
  // The lowest x (row 1, x = 1/n) is always drawn.
  assert.ok(drawn.includes(1));
});
