// The scatters' decimation (token-scatter.ts drawnRows) picks the tokens a chart draws past
// MAX_DRAWN: the EXTREMES lowest and highest on each axis, then the most frequent. It runs on
// the main thread on every columns update, so it selects instead of sorting; these tests pin
// that the selection gives the set the sorting definition gives, on random layers with ties.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { drawnRows, select } from '../../web/src/charts/token-scatter.ts';

/** The definition, written the slow way: thresholds read off sorted copies. */
function reference(
  rows: number[],
  x: (row: number) => number,
  y: (row: number) => number,
  byCount: Int32Array,
  limit: number,
  extremes: number,
): number[] {
  if (rows.length <= limit) return rows;
  const keep = new Set<number>();
  for (const value of [x, y]) {
    const sorted = rows.map(value).sort((a, b) => a - b);
    const low = sorted[Math.min(extremes, rows.length) - 1] ?? -Infinity;
    const high = sorted[rows.length - Math.min(extremes, rows.length)] ?? Infinity;
    for (const row of rows) if (value(row) <= low || value(row) >= high) keep.add(row);
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
        // EXTREMES is 100 in token-scatter.ts; limits under 200 let the extremes alone exceed it.
        assert.deepEqual(
          drawnRows(rows, x, y, byCount, limit),
          reference(rows, x, y, byCount, limit, 100),
        );
      },
    ),
    { numRuns: 300 },
  );
});
