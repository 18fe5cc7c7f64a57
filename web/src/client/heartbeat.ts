// The watchdog on the training worker. Every event from the worker proves it alive, and a
// ping every PING_MILLISECONDS gets a pong between two slices of its work. Play, reads and
// the solver slice their work into pieces of tens of milliseconds, so a healthy worker is
// never silent for long; the exceptions are single calls into wasm that cannot yield (a
// load's parse and tokenization, the solve until it is sliced), which the worker announces
// with an estimate (taskStarted.blockingMs). A worker silent for longer than
// SILENCE_MILLISECONDS plus three times the announced estimate is stuck: the page restarts
// it. Ten seconds is two orders of magnitude above a slice and below the point where a
// user gives up on a frozen page.
import type { WorkerEvent } from '../protocol.ts';

export const PING_MILLISECONDS = 2000;
export const SILENCE_MILLISECONDS = 10000;

export interface HeartbeatDeps {
  now: () => number;
  ping: () => void;
  /** The worker has been silent for `silentMs`: it is stuck. */
  hung: (silentMs: number) => void;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

export class Heartbeat {
  private lastHeard = 0;
  private allowance = 0;
  private timer: unknown = null;

  constructor(private readonly deps: HeartbeatDeps) {}

  start(): void {
    this.stop();
    this.lastHeard = this.deps.now();
    this.allowance = 0;
    this.timer = this.deps.setInterval(() => this.tick(), PING_MILLISECONDS);
  }

  stop(): void {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
  }

  /** Any event: the worker is alive; a blocking task extends how long it may be silent. */
  heard(event: WorkerEvent): void {
    this.lastHeard = this.deps.now();
    if (event.type === 'taskStarted') this.allowance = 3 * event.blockingMs;
    else if (event.type === 'taskEnded') this.allowance = 0;
  }

  /** Checks the silence, then pings (the pong arrives as an event). */
  tick(): void {
    const silent = this.deps.now() - this.lastHeard;
    if (silent > SILENCE_MILLISECONDS + this.allowance) {
      this.stop();
      this.deps.hung(silent);
      return;
    }
    this.deps.ping();
  }
}
