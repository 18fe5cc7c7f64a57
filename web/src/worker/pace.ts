// Pacing the run's loop in the worker: how much work one call into core may do so that the
// worker answers Pause and pings within about SLICE_MILLISECONDS, how many steps a speed
// cap allows per call, and the steps/s a user sees. What the work is, and in which order,
// is core's (Lab.work, core/include/clslab/work.h): nothing here decides it.
import { RATE_WINDOW_MILLISECONDS } from '../protocol.ts';

/** One work call lasts about this long: short enough that Pause feels immediate (a call
 *  plus one metrics pass stays under 100 ms at 25,000 reviews), long enough that messaging
 *  stays a small share of the time. */
export const SLICE_MILLISECONDS = 30;
/** The first call's budget in work units (coordinate updates), before any was measured. */
export const FIRST_BUDGET = 1000;
/** The smallest budget: a call always gets something done. */
export const MIN_BUDGET = 100;

/** The budget of the next work call, from the speed the last calls measured. */
export class WorkPace {
  private units = FIRST_BUDGET;

  /** Units the next call may spend. */
  get budget(): number {
    return this.units;
  }

  /** A call given `budget` units spent `spent` in `took` ms. Only a call that spent most of
   *  its budget measures the speed: one stopped early (at its target, for a measurement)
   *  did little in a time that is mostly overhead. The next budget aims at
   *  SLICE_MILLISECONDS, at most 4x the last (one fast reading cannot make the next call
   *  long), at least MIN_BUDGET. */
  measured(budget: number, spent: number, took: number): void {
    if (spent < budget / 2) return;
    const scaled = (spent * SLICE_MILLISECONDS) / Math.max(took, 0.01);
    this.units = Math.max(MIN_BUDGET, Math.min(budget * 4, scaled));
  }
}

/** Steps one call may take under a cap of `stepsPerSecond` (0: no cap), and how long to
 *  wait after a call that took `taken` steps in `worked` ms to hold the cap. */
export function cappedSteps(stepsPerSecond: number): number {
  return stepsPerSecond > 0
    ? Math.max(1, Math.round((stepsPerSecond * SLICE_MILLISECONDS) / 1000))
    : Infinity;
}
export function capWait(stepsPerSecond: number, taken: number, worked: number): number {
  return stepsPerSecond > 0 ? (taken * 1000) / stepsPerSecond - worked : 0;
}

/** A run's measured rate over the last RATE_WINDOW_MILLISECONDS (protocol.ts): the steps
 *  the calls ending in that window took over the wall time they spanned, all of it counted
 *  (work, waits, snapshots, yields). */
export class RateWindow {
  /** (time, steps taken since the run started) at the end of each call, oldest first;
   *  the first sample is the run's start or the newest one older than the window. */
  private readonly samples: Array<{ at: number; steps: number }>;
  private steps = 0;

  constructor(start: number) {
    this.samples = [{ at: start, steps: 0 }];
  }

  /** `taken` more steps at time `at`; returns steps per second over the window. */
  add(taken: number, at: number): number {
    this.steps += taken;
    this.samples.push({ at, steps: this.steps });
    while ((this.samples[1]?.at ?? Infinity) <= at - RATE_WINDOW_MILLISECONDS) this.samples.shift();
    const base = this.samples[0] ?? { at, steps: this.steps };
    return at > base.at ? ((this.steps - base.steps) * 1000) / (at - base.at) : 0;
  }
}
