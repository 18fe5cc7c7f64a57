// The worker's entry: adapts `self` messages to the Session and nothing more. The wasm
// glue and binary are bundled by Vite; the binary's URL is passed explicitly so that it
// resolves under any base path.
import createClslab from 'clslab-wasm';
import wasmUrl from '../wasm-build/clslab.wasm?url';
import type { Command, WorkerEvent } from '../protocol.ts';
import { transferablesOf } from '../protocol.ts';
import { Session } from './session.ts';

/** The parts of DedicatedWorkerGlobalScope used here (the DOM lib types `self` as Window). */
interface WorkerScope {
  onmessage: ((message: MessageEvent<Command>) => void) | null;
  postMessage(event: WorkerEvent, transfer: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

// A MessageChannel round trip yields to queued messages without setTimeout's 4 ms clamp.
const channel = new MessageChannel();
const resumers: Array<() => void> = [];
channel.port1.onmessage = () => resumers.shift()?.();
const yieldToEvents = () =>
  new Promise<void>((resolve) => {
    resumers.push(resolve);
    channel.port2.postMessage(null);
  });

const session = new Session({
  loadModule: () => createClslab({ locateFile: () => wasmUrl }),
  post: (event) => scope.postMessage(event, transferablesOf(event)),
  fetchBytes: async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    return new Uint8Array(await response.arrayBuffer());
  },
  yieldToEvents,
  // `vite build --mode test` (the reliability tests' build) obeys injected faults.
  allowFaults: import.meta.env.MODE === 'test',
});

scope.onmessage = (message) => void session.handle(message.data);
