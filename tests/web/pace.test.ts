// The worker's pacing of core's loop (web/src/worker/pace.ts): a work call's budget follows
// the measured speed toward one slice of time, a speed cap becomes steps per call and a
// wait, and steps/s is measured over a window of wall time. No clock: the numbers are given.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FIRST_BUDGET,
  MIN_BUDGET,
  RateWindow,
  SLICE_MILLISECONDS,
  WorkPace,
  capWait,
  cappedSteps,
} from '../../web/src/worker/pace.ts';

test('a call that spent its budget sizes the next one to a slice, growing at most 4x', () => {
  const pace = new WorkPace();
  assert.equal(pace.budget, FIRST_BUDGET);
  // 1,000 units in 3 ms: 10x faster than a slice needs; the budget grows 4x, not 10x.
  pace.measured(FIRST_BUDGET, FIRST_BUDGET, 3);
  assert.equal(pace.budget, 4 * FIRST_BUDGET);
  pace.measured(4000, 4000, 3);
  assert.equal(pace.budget, 16000);
  // 16,000 units in 60 ms: twice a slice, so half the units next time.
  pace.measured(16000, 16000, 2 * SLICE_MILLISECONDS);
  assert.equal(pace.budget, 8000);
  // Never below the smallest budget, however slow.
  pace.measured(8000, 8000, 1e9);
  assert.equal(pace.budget, MIN_BUDGET);
});

test('a call stopped early (a target, a measurement, nothing to solve) leaves the budget alone', () => {
  // Such calls return at once: rescaled from them, a budget grew 4x a call, and after a few
  // step-on-E / Reset cycles at 25,000 reviews one call held the worker for minutes.
  const pace = new WorkPace();
  for (let k = 0; k < 20; k++) pace.measured(pace.budget, 3, 0.01);
  assert.equal(pace.budget, FIRST_BUDGET);
});

test('a speed cap is steps per call and a wait that holds the rate', () => {
  assert.equal(cappedSteps(0), Infinity, 'no cap');
  assert.equal(cappedSteps(60), 2); // 60 steps/s: 1.8 steps per 30 ms slice
  assert.equal(cappedSteps(2), 1); // at least one step a call
  // 2 steps at 60 steps/s last 33.3 ms: 13.3 ms to wait after a call of 20 ms.
  assert.ok(Math.abs(capWait(60, 2, 20) - 40 / 3) < 1e-9);
  assert.equal(capWait(0, 2, 20), 0);
});

test('steps/s is the steps taken over the last window of wall time, not a smoothed guess', () => {
  const rate = new RateWindow(0);
  // 100 steps/s for 3 s (10 steps per 100 ms call), then 10 steps/s for 3 s.
  let r = 0;
  for (let t = 100; t <= 3000; t += 100) r = rate.add(10, t);
  assert.equal(r, 100);
  for (let t = 3100; t <= 3500; t += 100) r = rate.add(1, t);
  // 0.5 s into the slow phase the 2 s window still holds 1.5 s of the fast one.
  assert.equal(r, (150 + 5) / 2);
  for (let t = 3600; t <= 6000; t += 100) r = rate.add(1, t);
  assert.equal(r, 10, 'a whole window of the slow phase: only it counts');
});
