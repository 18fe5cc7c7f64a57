// Shared by the Node tests of the web modules (and the dataset review CSV by the browser
// tests): the real wasm module loaded from web/src/wasm-build, the one session harness
// (commands in with ids, events out, as the browser worker runs it), and small
// deterministic review corpora. Not a test file itself (the runner's glob is *.test.ts).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import type { ClslabModule, Lab, Metrics, WorkOrder, WorkReport } from '../../wasm/clslab.d.ts';
import type { CommandBody, WorkerEvent } from '../../web/src/protocol.ts';
import type { FetchBuiltin } from '../../web/src/worker/dataset-loader.ts';
import { createMessages } from '../../web/src/messages.ts';
import { Session } from '../../web/src/worker/session.ts';
import { catalogText } from './catalog-files.ts';

const wasmUrl = new URL('../../web/src/wasm-build/clslab.wasm', import.meta.url);
const glueUrl = new URL('../../web/src/wasm-build/clslab.js', import.meta.url);

/** A fresh instance of the built module (what the worker's loadModule does in a page). */
export async function loadModule(): Promise<ClslabModule> {
  assert.ok(existsSync(glueUrl), 'build the module first: npm run build:wasm');
  const { default: createClslab } = (await import(glueUrl.href)) as {
    default: (options: { wasmBinary: Uint8Array }) => Promise<ClslabModule>;
  };
  return createClslab({ wasmBinary: readFileSync(wasmUrl) });
}

/** The run's loop with no budget up to `step` and that step's own work (as `clslab train`
 *  runs it): returns the last report; lab.metrics() then holds the metrics at that step. */
export function runTo(lab: Lab, step: number, order: Partial<WorkOrder> = {}): WorkReport {
  for (;;) {
    const report = lab.work({ targetStep: step, measureAt: step, ...order });
    if (report.metricsReady || report.steps.refused) return report;
  }
}

/** A small labelled corpus in the built-in `1|0<TAB>text` format: clearly polar words,
 *  neutral filler, alternating labels, deterministic. Large enough for a test split and
 *  min_count. `labelWords` polar words a review (1 or 2). */
export function corpus(reviews: number, labelWords: 1 | 2 = 2): string {
  const positive = ['great', 'wonderful', 'moving', 'superb', 'delightful'];
  const negative = ['awful', 'boring', 'dull', 'terrible', 'clumsy'];
  const neutral = ['the', 'film', 'plot', 'actor', 'scene', 'story', 'was', 'and', 'a', 'it'];
  const lines: string[] = [];
  for (let i = 0; i < reviews; i++) {
    const label = i % 2;
    const polar = label === 1 ? positive : negative;
    const words = [0, 1, 2, 3, 4, 5].map((k) => neutral[(i * 7 + k * 3) % neutral.length]);
    words.splice((i * 5) % words.length, 0, polar[(i * 3) % polar.length] as string);
    // A second label word: the default cut (words in more than 20% of reviews leave) drops
    // every neutral word, and a review of one token gives attention nothing to choose (the
    // gradient on p is exactly zero: the flow stops, saying so).
    if (labelWords === 2) words.push(polar[(i * 3 + 1) % polar.length] as string);
    lines.push(`${label}\t${words.join(' ')}`);
  }
  return lines.join('\n') + '\n';
}

/** A balanced CSV with an id, a short title ("Good title 0"), a review and 1-5 stars:
 *  the text column must be chosen, and the stars are a label column. */
export function reviewsCsv(rows: number): string {
  const positive = ['great', 'wonderful', 'moving', 'superb'];
  const negative = ['awful', 'boring', 'dull', 'terrible'];
  const filler = ['the', 'film', 'plot', 'actor', 'scene', 'story', 'was', 'and'];
  const lines = ['id,title,review,stars'];
  for (let i = 0; i < rows; i++) {
    const good = i % 2 === 0;
    const words = [0, 1, 2, 3, 4].map((k) => filler[(i + k * 3) % filler.length]);
    words.splice(i % 5, 0, (good ? positive : negative)[i % 4] as string);
    lines.push(`${i},${good ? 'Good' : 'Bad'} title ${i},"${words.join(' ')}",${good ? 5 : 1}`);
  }
  return lines.join('\n') + '\n';
}

type EventOf<T extends WorkerEvent['type']> = Extract<WorkerEvent, { type: T }>;

export interface HarnessOptions {
  /** What every built-in dataset serves (label<TAB>text); default corpus(240). */
  builtin?: string;
  /** Downloads of URLs and presets; default: refuse (no network in tests). */
  fetch?: typeof fetch;
  /** Called for each built-in fetch (tests that check nothing was fetched). */
  onBuiltinFetch?: (url: string) => void;
  /** Serves built-in files instead of `builtin` (a server that hangs, say). */
  fetchBuiltin?: FetchBuiltin;
  /** One module for many sessions (each has its own Lab): property tests run hundreds. */
  module?: ClslabModule;
  /** The session's clock (default performance.now): a fast one makes every time budget
   *  end after one slice. */
  now?: () => number;
}

/** The English catalog, as the page words a worker's failure (its `words`). */
const english = createMessages(catalogText('en'), 'en', (error) => {
  throw error;
});

/** A Session over the real module, as entry.ts runs it in a worker. */
export async function sessionHarness(options: HarnessOptions = {}) {
  const module = options.module ?? (await loadModule());
  const events: WorkerEvent[] = [];
  const bytes = new TextEncoder().encode(options.builtin ?? corpus(240));
  const session = new Session({
    loadModule: options.module === undefined ? loadModule : async () => module,
    // A failure in the catalog's words is kept as the page says it in English.
    post: (event) =>
      events.push(
        event.type === 'failed' && event.words !== null
          ? { ...event, message: english.format(event.words.id, event.words.args) }
          : event,
      ),
    fetchBytes:
      options.fetchBuiltin ??
      (async (url) => {
        options.onBuiltinFetch?.(url);
        return bytes;
      }),
    fetch: options.fetch ?? (() => Promise.reject(new TypeError('Failed to fetch'))),
    allowFaults: true,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  let nextId = 1;
  /** Sends a command and waits until the session has run it; returns its id. */
  const send = async (body: CommandBody): Promise<number> => {
    const id = nextId++;
    await session.handle({ ...body, id });
    return id;
  };
  const ofType = <T extends WorkerEvent['type']>(type: T): Array<EventOf<T>> =>
    events.filter((e): e is EventOf<T> => e.type === type);
  const last = <T extends WorkerEvent['type']>(type: T): EventOf<T> => {
    const found = ofType(type).at(-1);
    assert.ok(found, `no "${type}" event; got ${events.map((e) => e.type).join(', ')}`);
    return found;
  };
  /** The first event of `type` after index `from` that passes `accept`. */
  const waitFor = async <T extends WorkerEvent['type']>(
    type: T,
    from = 0,
    accept: (event: EventOf<T>) => boolean = () => true,
    timeoutMs = 60000,
  ): Promise<EventOf<T>> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events
        .slice(from)
        .find((e): e is EventOf<T> => e.type === type && accept(e as EventOf<T>));
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(
      `no "${type}" within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ')}`,
    );
  };
  /** The failure that answered command `id`, if any. */
  const failureOf = (id: number) => ofType('failed').find((e) => e.request === id);
  const lastMetrics = (): Metrics | undefined => ofType('metricsUpdated').at(-1)?.metrics;
  /** The default settings with `changes` (the module fills and checks the rest). */
  const configWith = (changes: Record<string, unknown>): string =>
    JSON.stringify({ ...JSON.parse(module.defaultConfigJson()), ...changes });
  /** init on a link with `changes` from the default settings ('' hash when none). */
  const init = (changes: Record<string, unknown> = {}) =>
    send({
      type: 'init',
      datasetBaseUrl: 'http://test/datasets/',
      hash:
        Object.keys(changes).length === 0
          ? ''
          : (module.encodeShareLink(configWith(changes)).value ?? ''),
    });
  return {
    session,
    module,
    events,
    send,
    ofType,
    last,
    waitFor,
    failureOf,
    lastMetrics,
    configWith,
    init,
  };
}

export type SessionHarness = Awaited<ReturnType<typeof sessionHarness>>;
