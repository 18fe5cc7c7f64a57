// The page's handle on the training worker (edition.ts starts it: a module worker in the
// served build, a blob worker in the one-file edition), with typed send and receive,
// command ids, and the heartbeat. When the worker dies (an uncaught error, terminated) or
// stops answering (heartbeat.ts), `gone` hears why; a worker busy past its announced
// estimate is reported to `slow`, and only the user ends it (`stopBusy`). What a fresh
// worker needs is the page's business (state/recovery.ts).
import { startWorker } from '../edition.ts';
import type { CommandBody, WorkerEvent } from '../protocol.ts';
import { phrase, type Phrase } from '../localized.ts';
import { Heartbeat, type SlowTask } from './heartbeat.ts';

export type EventListener = (event: WorkerEvent) => void;
/** The worker is gone; `reason` says why in words; `restarted`: the page restarts it at
 *  once (it hung, or the user stopped it), rather than offering a Restart. */
export type GoneListener = (reason: Phrase, restartAtOnce: boolean) => void;
/** A task the worker announced overran its allowance (null: it has ended after all). */
export type SlowListener = (task: SlowTask | null) => void;

export class WorkerClient {
  private worker: Worker;
  private nextId = 1;
  private alive = true;
  private readonly heartbeat: Heartbeat;

  constructor(
    private readonly onEvent: EventListener,
    private readonly onGone: GoneListener,
    private readonly onSlow: SlowListener = () => {},
  ) {
    this.heartbeat = new Heartbeat({
      now: () => performance.now(),
      ping: () => this.send({ type: 'ping' }),
      hung: (silentMs) =>
        this.stop(phrase('worker-gone-hung', { seconds: Math.round(silentMs / 1000) }), true),
      slow: (task) => this.onSlow(task),
      setInterval: (callback, ms) => setInterval(callback, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    });
    this.worker = this.create();
  }

  /** Sends a command; returns its id (failures and answers carry it as `request`). */
  send(body: CommandBody, transfer: Transferable[] = []): number {
    const id = this.nextId++;
    if (this.alive) this.worker.postMessage({ ...body, id }, transfer);
    return id;
  }

  /** A fresh worker; the caller sends it `init` and whatever the run needs. */
  restart(): void {
    this.worker.terminate();
    this.worker = this.create();
    this.alive = true;
  }

  /** Tests only (window.__clslab): ends the worker as a crash would. */
  kill(): void {
    this.stop(phrase('worker-gone-terminated'), false);
  }

  /** The user gave up on a task that overran its estimate: `reason` says which. */
  stopBusy(reason: Phrase): void {
    this.stop(reason, true);
  }

  private create(): Worker {
    const worker = startWorker();
    worker.onmessage = (message: MessageEvent<WorkerEvent>) => {
      if (worker !== this.worker) return; // a late message from a replaced worker
      this.heartbeat.heard(message.data);
      if (message.data.type !== 'pong') this.onEvent(message.data);
    };
    worker.onerror = (error) => {
      error.preventDefault();
      if (worker === this.worker)
        this.stop(phrase('worker-gone-error', { detail: error.message || '?' }), false);
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.stop(phrase('worker-gone-unreadable'), false);
    };
    this.heartbeat.start();
    return worker;
  }

  /** Its state is unknown after an uncaught error or a hang: ended, not trusted. */
  private stop(reason: Phrase, restartAtOnce: boolean): void {
    if (!this.alive) return;
    this.alive = false;
    this.heartbeat.stop();
    this.worker.terminate();
    this.onGone(reason, restartAtOnce);
  }
}
