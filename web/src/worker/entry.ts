// The worker's entry: adapts `self` messages to the Session and nothing more. The wasm
// glue is bundled by Vite; where the binary and the built-in datasets come from is the
// edition's choice (edition.ts: files next to the page; edition-inlined.ts: one file).
import createClslab from 'clslab-wasm';
import { builtInBytes, wasmOptions } from '../edition.ts';
import type { Command, WorkerEvent } from '../protocol.ts';
import { transferablesOf } from '../protocol.ts';
import { Session } from './session.ts';

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
  loadModule: async () => createClslab(await wasmOptions()),
  post: (event: WorkerEvent) => self.postMessage(event, transferablesOf(event)),
  fetchBytes: builtInBytes,
  yieldToEvents,
  // `vite build --mode test` (the reliability tests' build) obeys injected faults.
  allowFaults: import.meta.env.MODE === 'test',
});

self.onmessage = (message: MessageEvent<Command>) => void session.handle(message.data);
