// Play: advances the Lab in chunks sized to about CHUNK_MILLISECONDS of work and yields
// between chunks, so that Pause and other commands take effect at once. It reports one
// snapshot per chunk at most; what a snapshot contains is the session's business.
import type { Metrics } from 'clslab-wasm';
import type { StopReason } from '../protocol.ts';

/** Short enough that Pause feels immediate, long enough that messaging and charting
 *  stay a small share of the time. */
const CHUNK_MILLISECONDS = 30;

export interface PlayHooks {
  advance(count: number): Metrics;
  currentStep(): number;
  chunkDone(metrics: Metrics, stepsPerSecond: number): void;
  /** Not called when the loop was halted (the halting command reports instead). */
  ended(reason: StopReason, message: string): void;
  yieldToEvents(): Promise<void>;
  now(): number;
  /** Waits `milliseconds` (only used when a speed cap is set). */
  sleep?(milliseconds: number): Promise<void>;
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

  get isRunning(): boolean {
    return this.running;
  }

  /** Runs until `targetStep`, a pause, or a diverging step; resolves when the loop ends. */
  async run(targetStep: number, hooks: PlayHooks): Promise<void> {
    this.running = true;
    const generation = ++this.generation;
    let chunk = 1;
    while (true) {
      if (generation !== this.generation) return;
      if (!this.running) return hooks.ended('paused', '');
      const remaining = targetStep - hooks.currentStep();
      if (remaining <= 0) break;
      const cap = this.maxStepsPerSecond;
      const capped = cap > 0 ? Math.max(1, Math.round((cap * CHUNK_MILLISECONDS) / 1000)) : chunk;
      const count = Math.min(chunk, capped, remaining);
      const started = hooks.now();
      const metrics = hooks.advance(count);
      let elapsed = Math.max(hooks.now() - started, 0.01);
      // Next chunk: scaled toward the target duration, growing at most 4x at a time.
      chunk = Math.max(1, Math.min(chunk * 4, Math.round((count * CHUNK_MILLISECONDS) / elapsed)));
      const wait = cap > 0 ? (count * 1000) / cap - elapsed : 0;
      if (wait > 1 && hooks.sleep !== undefined) {
        await hooks.sleep(wait);
        // Another command may have halted the loop and changed the Lab meanwhile.
        if (generation !== this.generation) return;
        elapsed += wait;
      }
      hooks.chunkDone(metrics, (count * 1000) / elapsed);
      if (metrics.stopped) {
        this.running = false;
        return hooks.ended('diverged', metrics.message);
      }
      await hooks.yieldToEvents();
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
