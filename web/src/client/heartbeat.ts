// The watchdog on the training worker. Every event from the worker proves it alive, and a
// ping every PING_MILLISECONDS gets a pong between two slices of its work. Play, reads and
// the solver slice their work into pieces of tens of milliseconds, so a healthy worker is
// never silent for long; the exceptions are single calls into wasm that cannot yield (a
// load's parse, tokenization and first statistics), which the worker announces with an
// estimate (taskStarted.blockingMs). A worker silent for longer than SILENCE_MILLISECONDS
// outside such a task is stuck: the page restarts it. Inside an announced task it is busy,
// not stuck: past SILENCE_MILLISECONDS plus three times the estimate (a busy machine) the
// page is told it is slow, once, and offers to stop it; it is never killed for it. Ten
// seconds is two orders of magnitude above a slice and below the point where a user gives
// up on a frozen page.
import type { Phrase } from '../localized.ts';
import type { WorkerEvent } from '../protocol.ts';

export const PING_MILLISECONDS = 2000;
export const SILENCE_MILLISECONDS = 10000;

/** An announced task running longer than its allowance. */
export interface SlowTask {
  label: Phrase;
  silentMs: number;
  estimateMs: number;
}

export interface HeartbeatDeps {
  now: () => number;
  ping: () => void;
  /** The worker has been silent for `silentMs` outside an announced task: it is stuck. */
  hung: (silentMs: number) => void;
  /** An announced task overran its allowance (`task`), or it ended after that (null). */
  slow: (task: SlowTask | null) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export class Heartbeat {
  private lastHeard = 0;
  /** The blocking task the worker announced and has not ended, if any. */
  private announced: { label: Phrase; estimateMs: number } | null = null;
  private reportedSlow = false;
  private timer: unknown = null;

  constructor(private readonly deps: HeartbeatDeps) {}

  start(): void {
    this.stop();
    this.lastHeard = this.deps.now();
    this.announced = null;
    this.reportedSlow = false;
    this.timer = this.deps.setInterval(() => this.tick(), PING_MILLISECONDS);
  }

  stop(): void {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
  }

  /** Any event: the worker is alive; a blocking task makes its silence a busy one. */
  heard(event: WorkerEvent): void {
    this.lastHeard = this.deps.now();
    if (event.type === 'taskStarted' && event.blockingMs > 0)
      this.announced = { label: event.label, estimateMs: event.blockingMs };
    else if (event.type === 'taskEnded' && this.announced !== null) {
      this.announced = null;
      if (this.reportedSlow) this.deps.slow(null);
      this.reportedSlow = false;
    }
  }

  /** Checks the silence, then pings (the pong arrives as an event). */
  tick(): void {
    const silentMs = this.deps.now() - this.lastHeard;
    if (this.announced === null && silentMs > SILENCE_MILLISECONDS) {
      this.stop();
      this.deps.hung(silentMs);
      return;
    }
    const task = this.announced;
    if (
      task !== null &&
      !this.reportedSlow &&
      silentMs > SILENCE_MILLISECONDS + 3 * task.estimateMs
    ) {
      this.reportedSlow = true;
      this.deps.slow({ label: task.label, silentMs, estimateMs: task.estimateMs });
    }
    this.deps.ping();
  }
}
