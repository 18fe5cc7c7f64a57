// Play: advances the Lab in chunks sized to about CHUNK_MILLISECONDS of work and yields
// between chunks, so that Pause and other commands take effect at once. What happens
// between chunks (progress, metrics at display rate, the solve after the step on E) is the
// caller's business, through the hooks.
import type { StepReport } from 'clslab-wasm';
import { RATE_WINDOW_MILLISECONDS, type StopReason } from '../protocol.ts';

/** Short enough that Pause feels immediate (a chunk plus one metrics pass stays under
 *  100 ms at 25,000 reviews), long enough that messaging stays a small share of the time. */
export const CHUNK_MILLISECONDS = 30;
/** A run's measured rate over the last RATE_WINDOW_MILLISECONDS (protocol.ts): the steps
 *  the chunks ending in that window took over the wall time they spanned, all of it
 *  counted (work, waits, snapshots, yields). */
export class RateWindow {
  /** (time, steps taken since the run started) at the end of each chunk, oldest first;
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

/** What the loop reads of a training call's report (core StepReport has more). */
export type ChunkReport = Pick<StepReport, 'taken' | 'refused' | 'message'>;

export interface PlayHooks<Report extends ChunkReport = StepReport> {
  advance(count: number): Report;
  currentStep(): number;
  /** The largest chunk the next call may take (the run plan's: 1 for the step on E, so
   *  that what follows that step happens at once). */
  maxChunk(): number;
  /** Before each chunk: the work the run owes before its next step (a solve Pause cut
   *  short). It is part of the run and Pause waits for it. */
  beforeChunk(): Promise<void> | void;
  /** After each chunk; may await work (it is part of the run and Pause waits for it). */
  afterChunk(report: Report, stepsPerSecond: number): Promise<void> | void;
  /** Not called when the loop was halted (the halting command reports instead). */
  ended(reason: StopReason, message: string): void;
  yieldToEvents(): Promise<void>;
  now(): number;
  /** Waits `milliseconds` (only used when a speed cap is set). */
  sleep(milliseconds: number): Promise<void>;
}

export class PlayLoop {
  private running = false;
  /** Incremented by halt(); a loop runs only while it owns the current value. */
  private generation = 0;
  /** 0: uncapped. Otherwise chunks shrink and the loop waits to hold this rate. */
  private maxStepsPerSecond = 0;

  /** Caps the rate of a running or future loop (0 removes the cap). */
  setSpeed(stepsPerSecond: number): void {
    this.maxStepsPerSecond = Number.isFinite(stepsPerSecond) ? Math.max(0, stepsPerSecond) : 0;
  }

  get speed(): number {
    return this.maxStepsPerSecond;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Runs until `targetStep`, a pause, or a refused step; resolves when the loop ends.
   *  `useCap` false ignores the speed cap (a replay heads for a link's step, not a show). */
  async run<Report extends ChunkReport>(
    targetStep: number,
    hooks: PlayHooks<Report>,
    useCap = true,
  ): Promise<void> {
    this.running = true;
    const generation = ++this.generation;
    let chunk = 1;
    let rate = 0; // steps per second over the window, as of the last chunk
    const window = new RateWindow(hooks.now());
    let between = false; // afterChunk ran (maybe a snapshot): yield before the next chunk
    while (true) {
      if (between) {
        // Pause sent while a snapshot was taken is read here, before another chunk runs.
        between = false;
        await hooks.yieldToEvents();
      }
      if (generation !== this.generation) return;
      if (!this.running) return hooks.ended('paused', '');
      const remaining = targetStep - hooks.currentStep();
      if (remaining <= 0) break;
      await hooks.beforeChunk();
      if (generation !== this.generation) return;
      if (!this.running) return hooks.ended('paused', '');
      const cap = useCap ? this.maxStepsPerSecond : 0;
      const capped = cap > 0 ? Math.max(1, Math.round((cap * CHUNK_MILLISECONDS) / 1000)) : chunk;
      const count = Math.max(1, Math.min(chunk, capped, remaining, hooks.maxChunk()));
      const started = hooks.now();
      const report = hooks.advance(count);
      const worked = Math.max(hooks.now() - started, 0.01);
      // Next chunk: scaled toward the target duration, growing at most 4x at a time.
      chunk = Math.max(1, Math.min(chunk * 4, Math.round((count * CHUNK_MILLISECONDS) / worked)));
      const wait = cap > 0 ? (report.taken * 1000) / cap - worked : 0;
      // One yield per chunk (a capped Play's wait is that yield), so that Pause and other
      // commands run. A Pause sent during the chunk stops the run here, before the work
      // between chunks (metrics, guidance, a solve): the click is answered within a chunk.
      if (wait > 1) await hooks.sleep(wait);
      else if (!report.refused) await hooks.yieldToEvents();
      // Another command may have halted the loop and changed the Lab meanwhile.
      if (generation !== this.generation) return;
      if (!this.running && !report.refused) return hooks.ended('paused', '');
      await hooks.afterChunk(report, rate);
      if (generation !== this.generation) return;
      between = true;
      // The rate a user sees, measured up to the end of this chunk's between-chunk work; it
      // reaches the page with the next snapshot.
      rate = window.add(report.taken, hooks.now());
      if (report.refused) {
        this.running = false;
        return hooks.ended('refused', report.message);
      }
    }
    this.running = false;
    hooks.ended('finished', '');
  }

  /** The loop stops after the current chunk and reports 'paused'. */
  pause(): void {
    this.running = false;
  }

  /** The loop stops silently; true when one was running. */
  halt(): boolean {
    if (!this.running) return false;
    this.running = false;
    this.generation++;
    return true;
  }
}
