// The play loop's speed cap: Play at a capped speed waits between chunks to hold the rate,
// a replay (a link's run length, useCap false) does not wait at all. A fake clock and a
// fake Lab, so the test counts waits instead of timing anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StopReason } from '../../web/src/protocol.ts';
import {
  PlayLoop,
  RateWindow,
  type ChunkReport,
  type PlayHooks,
} from '../../web/src/worker/play-loop.ts';

/** Hooks over a counter of steps; each step "takes" 1 ms of fake time, sleeps add theirs. */
function fakeRun() {
  let step = 0;
  let clock = 0;
  const sleeps: number[] = [];
  const ends: StopReason[] = [];
  const hooks: PlayHooks<ChunkReport> = {
    advance: (count) => {
      step += count;
      clock += count;
      const report: ChunkReport = { taken: count, refused: false, message: '' };
      return report;
    },
    currentStep: () => step,
    maxChunk: () => Infinity,
    beforeChunk: () => undefined,
    afterChunk: () => undefined,
    ended: (reason) => ends.push(reason),
    yieldToEvents: async () => undefined,
    now: () => clock,
    sleep: async (milliseconds) => {
      sleeps.push(milliseconds);
      clock += milliseconds;
    },
  };
  return { hooks, sleeps, ends, step: () => step, clock: () => clock };
}

test('capped Play waits between chunks so that 60 steps take about a second', async () => {
  const loop = new PlayLoop();
  loop.setSpeed(60);
  const run = fakeRun();
  await loop.run(60, run.hooks);
  assert.equal(run.step(), 60);
  assert.deepEqual(run.ends, ['finished']);
  assert.ok(run.sleeps.length > 10, `${run.sleeps.length} waits`);
  // The fake clock counts 1 ms per step and every wait: about 1000 ms at 60 steps/s (the
  // last chunk's wait is cut short by the target, hence the lower bound's slack).
  assert.ok(run.clock() > 900 && run.clock() < 1100, `${run.clock()} ms of fake time`);
});

test('a replay (useCap false) ignores the speed cap and never waits', async () => {
  const loop = new PlayLoop();
  loop.setSpeed(2);
  const run = fakeRun();
  await loop.run(500, run.hooks, false);
  assert.equal(run.step(), 500);
  assert.deepEqual(run.ends, ['finished']);
  assert.deepEqual(run.sleeps, []);
});

test('steps/s is the steps taken over the last window of wall time, not a smoothed guess', () => {
  const rate = new RateWindow(0);
  // 100 steps/s for 3 s (10 steps per 100 ms chunk), then 10 steps/s for 3 s.
  let r = 0;
  for (let t = 100; t <= 3000; t += 100) r = rate.add(10, t);
  assert.equal(r, 100);
  for (let t = 3100; t <= 3500; t += 100) r = rate.add(1, t);
  // 0.5 s into the slow phase the 2 s window still holds 1.5 s of the fast one.
  assert.equal(r, (150 + 5) / 2);
  for (let t = 3600; t <= 6000; t += 100) r = rate.add(1, t);
  assert.equal(r, 10, 'a whole window of the slow phase: only it counts');
});

test('the rate a run reports counts the time between chunks, not only the steps', async () => {
  const loop = new PlayLoop();
  const run = fakeRun();
  const rates: number[] = [];
  // Each step takes 1 ms of fake time; every second chunk a snapshot takes 40 ms more.
  let extra = 0;
  let chunks = 0;
  const now = run.hooks.now;
  run.hooks.now = () => now() + extra;
  run.hooks.afterChunk = (_report, stepsPerSecond) => {
    rates.push(stepsPerSecond);
    if (++chunks % 2 === 0) extra += 40;
  };
  await loop.run(20000, run.hooks);
  const last = rates.at(-1) ?? 0;
  // Chunks settle at 30 steps (30 ms of work): 60 steps per 100 ms, 600 steps/s. An
  // average of per-chunk rates (1,000 and 429) would say about 714.
  assert.ok(last > 570 && last < 630, `reported ${last} steps/s`);
});
