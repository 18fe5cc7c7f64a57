// The page's handle on the training worker: the only `new Worker` in the app, with typed
// send and receive. Listeners get every event; the worker's own crashes arrive as `failed`.
import type { Command, WorkerEvent } from '../protocol.ts';

export type EventListener = (event: WorkerEvent) => void;

export class WorkerClient {
  private readonly worker: Worker;
  private readonly listeners: EventListener[] = [];

  constructor() {
    this.worker = new Worker(new URL('../worker/entry.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (message: MessageEvent<WorkerEvent>) => this.emit(message.data);
    this.worker.onerror = (error) => {
      error.preventDefault();
      this.emit({
        type: 'failed',
        command: 'init',
        message: `The worker crashed: ${error.message}`,
      });
    };
  }

  send(command: Command, transfer: Transferable[] = []): void {
    this.worker.postMessage(command, transfer);
  }

  onEvent(listener: EventListener): void {
    this.listeners.push(listener);
  }

  private emit(event: WorkerEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
