// The play loop's speed cap: Play at a capped speed waits between chunks to hold the rate,
// a replay (a link's run length, useCap false) does not wait at all. A fake clock and a
// fake Lab, so the test counts waits instead of timing anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { StopReason } from '../../web/src/protocol.ts';
import { PlayLoop, type ChunkReport, type PlayHooks } from '../../web/src/worker/play-loop.ts';

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
