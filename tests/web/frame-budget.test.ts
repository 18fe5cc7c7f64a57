// A frame's chart budget (web/src/charts/frame-budget.ts) counts the raster its markers owe
// as well as its script time: without a GPU canvas Chromium rasters the frame's canvas
// commands on the main thread after the script, so a budget of script time alone let one
// frame update the U-shape and the alignment chart (~8,000 markers) and run past 50 ms.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  expectedCost,
  FRAME_BUDGET_MS,
  FrameBudget,
  markerCount,
  RASTER_MS_PER_MARKER,
} from '../../web/src/charts/frame-budget.ts';

/** A clock the test moves by hand. */
function clock(start = 100) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

test('script time alone spends the frame at FRAME_BUDGET_MS, not before', () => {
  const c = clock();
  const budget = new FrameBudget(c.now);
  assert.equal(budget.spent(), false);
  c.advance(FRAME_BUDGET_MS - 0.5);
  assert.equal(budget.spent(), false);
  c.advance(0.5);
  assert.equal(budget.spent(), true);
});

test("the U-shape's markers after a solve spend the frame although its script took 5 ms", () => {
  const c = clock();
  const budget = new FrameBudget(c.now);
  c.advance(5);
  budget.drew(2000 + 1926 + 110 + 2000); // the U-shape's layers after the v2 solve (9.9)
  assert.equal(budget.spent(), true); // the alignment chart waits for the next frame
});

test('a few hundred markers leave room for the next chart; their cost adds up', () => {
  const c = clock();
  const budget = new FrameBudget(c.now);
  c.advance(2);
  budget.drew(500);
  assert.equal(budget.spent(), false, `${2 + 500 * RASTER_MS_PER_MARKER} ms of ${FRAME_BUDGET_MS}`);
  const left = FRAME_BUDGET_MS - 2 - 500 * RASTER_MS_PER_MARKER;
  budget.drew(Math.ceil(left / RASTER_MS_PER_MARKER));
  assert.equal(budget.spent(), true);
});

test('a chart expected to run past the budget waits: the U-shape after 11 ms of small charts', () => {
  // The frame of BENCHMARKS.md 9.9 as of `74fccb4`: the loss (5.4 ms) and selection (5.5 ms) charts, then the
  // U-shape (11.8 ms of script last time, 6,036 markers): it began at 11 ms and ran to 58 ms.
  const c = clock();
  const budget = new FrameBudget(c.now);
  c.advance(5.4);
  c.advance(5.5);
  assert.equal(budget.spent(), false); // the script clock alone would have let it begin
  assert.equal(budget.fits(expectedCost(11.8, 6036)), false);
  assert.equal(budget.fits(expectedCost(0.5, 100)), true, 'a small chart still fits');
  assert.equal(expectedCost(11.8, 6036), 11.8 + 6036 * RASTER_MS_PER_MARKER);
});

test('markers are the points of the shown marker datasets only (no line, no hidden set)', () => {
  assert.equal(
    markerCount([
      { points: 2000, marked: true },
      { points: 2, marked: false }, // the least-squares line
      { points: 1926, marked: true },
      { points: 500, marked: false }, // hidden from the legend
    ]),
    3926,
  );
  assert.equal(markerCount([]), 0);
});
