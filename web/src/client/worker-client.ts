// The page's handle on the one training worker (edition.ts starts it), with typed
// send and receive. It also keeps what a fresh worker needs (restart-plan.ts): when the
// worker dies (an uncaught error, or terminated) listeners hear `stopped` and the page
// offers restart(); when the wasm module aborts (a fatal `failed`), the page restarts it.
import { startWorker } from '../edition.ts';
import type { Command, WorkerEvent } from '../protocol.ts';
import { RestartPlan } from './restart-plan.ts';

export type EventListener = (event: WorkerEvent) => void;
/** The worker is gone; `reason` says why in words. */
export type StoppedListener = (reason: string) => void;

export class WorkerClient {
  private worker: Worker;
  private readonly listeners: EventListener[] = [];
  private readonly stoppedListeners: StoppedListener[] = [];
  private readonly plan = new RestartPlan();
  private alive = true;

  constructor() {
    this.worker = this.create();
  }

  send(command: Command, transfer: Transferable[] = []): void {
    const recorded = this.plan.sent(command);
    if (this.alive) this.worker.postMessage(recorded, transfer);
  }

  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  onStopped(listener: StoppedListener): void {
    this.stoppedListeners.push(listener);
  }

  /** A fresh worker with the settings and dataset of the old one (see RestartPlan). */
  restart(afterFault: boolean): void {
    this.worker.terminate();
    this.worker = this.create();
    this.alive = true;
    for (const command of this.plan.restartCommands(afterFault)) this.worker.postMessage(command);
  }

  /** Tests only (window.__clslab): ends the worker as a crash would. */
  kill(): void {
    this.stop('it was terminated');
  }

  private create(): Worker {
    const worker = startWorker();
    worker.onmessage = (message: MessageEvent<WorkerEvent>) => {
      if (worker !== this.worker) return; // a late message from a replaced worker
      this.plan.received(message.data);
      for (const listener of this.listeners) listener(message.data);
    };
    worker.onerror = (error) => {
      error.preventDefault();
      if (worker === this.worker) this.stop(error.message || 'an uncaught error');
    };
    worker.onmessageerror = () => {
      if (worker === this.worker) this.stop('a message could not be read');
    };
    return worker;
  }

  /** Its state is unknown after an uncaught error: the worker is ended, not trusted. */
  private stop(reason: string): void {
    if (!this.alive) return;
    this.alive = false;
    this.worker.terminate();
    for (const listener of this.stoppedListeners) listener(reason);
  }
}
