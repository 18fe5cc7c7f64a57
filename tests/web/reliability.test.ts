// Reliability of the worker session with the real wasm module: absurd settings stop training
// with the setting to lower and nothing non-finite reaches an event; every limit is refused
// in words with the old dataset kept; a real out-of-memory abort of the module becomes a
// fatal `failed`; and the page's restart plan replays what a fresh worker needs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { WorkerEvent } from '../../web/src/protocol.ts';
import { Heartbeat, SILENCE_MILLISECONDS } from '../../web/src/client/heartbeat.ts';
import { Recovery } from '../../web/src/state/recovery.ts';
import { phrase } from '../../web/src/localized.ts';
import { LabStore } from '../../web/src/state/store.ts';
import { corpus, sessionHarness, type SessionHarness } from './support.ts';

const encoder = new TextEncoder();

// Every word kept and d 1024 (version 1's defaults): the absurd settings below are absurd for
// this small corpus at that size (at d 4096 with the default cut, eta 1e7 stays finite).
const kept = { max_doc_share: 1, drop_unknown: false, width: 1024 };

async function ready(changes: Record<string, unknown> = {}) {
  // One label word a review: with every word kept, eta 1e7 and sigma 10 diverge on it.
  const h = await sessionHarness({ builtin: corpus(240, 1) });
  await h.init({ ...kept, ...changes });
  assert.ok(h.ofType('datasetLoaded')[0], h.events.map((e) => e.type).join(', '));
  return h;
}

/** The user's file through the dataset card: preview, then confirm; the confirm's id. */
async function loadFile(h: SessionHarness, name: string, bytes: Uint8Array): Promise<number> {
  await h.send({
    type: 'previewFiles',
    files: [{ path: name, file: new File([new Uint8Array(bytes)], name) }],
  });
  return h.send({ type: 'confirmDataset' });
}

/** Every number of every metrics event is finite (NaN or Infinity would reach a chart). */
function assertAllFinite(events: WorkerEvent[]): void {
  for (const event of events) {
    if (event.type !== 'metricsUpdated') continue;
    for (const [key, value] of Object.entries(event.metrics)) {
      if (typeof value === 'number') assert.ok(Number.isFinite(value), `${key} = ${value}`);
    }
    for (const column of [event.columns?.value, event.columns?.attention]) {
      for (const x of column ?? []) assert.ok(Number.isFinite(x), 'a token column value');
    }
  }
}

/** A file of `words` distinct words (each once, in reviews of 100, alternating labels). */
function manyWords(words: number): Uint8Array {
  const lines: string[] = [];
  for (let start = 0; start < words; start += 100) {
    const review: string[] = [];
    for (let k = start; k < Math.min(start + 100, words); k++) review.push(`w${k.toString(36)}`);
    lines.push(`${(start / 100) % 2}\t${review.join(' ')}`);
  }
  return encoder.encode(lines.join('\n') + '\n');
}

test('the default limits are stated by the module, each Lab and the ready event', async () => {
  const h = await ready();
  const limits = h.module.limits();
  assert.deepEqual(limits, {
    maxReviews: 1000000,
    maxTokens: 33554432,
    maxVocabulary: 500000,
    maxWidth: 4096,
    maxWeights: 33554432,
    maxInputBytes: 268435456,
    maxRunFileBytes: 134217728,
  });
  assert.equal(limits.maxInputBytes, h.module.maxInputBytes());
  assert.deepEqual(h.ofType('ready')[0]?.limits, limits);
  h.session.dispose();
});

test('joint GD at learning rate 1e6 and sigma 10 stops, names the setting and keeps a finite state', async () => {
  const h = await ready({ protocol: 'joint', optimizer: 'gd', learning_rate: 1e6, sigma: 10 });
  const from = h.events.length;
  await h.send({ type: 'play' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.reason, 'refused');
  assert.match(stopped.message, /lower the learning rate/);
  assertAllFinite(h.events);
  const kept = h.lastMetrics()!;
  assert.equal(kept.step, stopped.step, 'the last metrics are of the last finite state');
  // Play again: the same step is refused again, and the weights do not change.
  const again = h.events.length;
  await h.send({ type: 'play' });
  await h.waitFor('stopped', again);
  assert.equal(h.lastMetrics()?.checksum, kept.checksum);
  assert.equal(h.lastMetrics()?.step, kept.step);
  assertAllFinite(h.events);
  h.session.dispose();
});

test('an absurd eta stops the step on E, keeps E(0) and says to lower eta', async () => {
  const h = await ready({ eta: 1e7, sigma: 10 });
  const before = h.lastMetrics()?.checksum;
  const from = h.events.length;
  await h.send({ type: 'stepEmbeddings' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.reason, 'refused');
  assert.match(stopped.message, /lower eta/);
  assert.equal(h.lastMetrics()?.checksum, before, 'E(0) is kept');
  assertAllFinite(h.events);
  h.session.dispose();
});

test('a dataset over the weights limit is refused in words and the old dataset stays', async () => {
  const h = await ready({ width: 4096, min_count: 1, test_fraction: 0, max_vocab: 500000 });
  const before = h.lastMetrics()?.checksum;
  // 9,000 distinct words + <unk> at d = 4096: 36.9 M weights, over 33,554,432.
  const id = await loadFile(h, 'wide.tsv', manyWords(9000));
  const failed = h.failureOf(id);
  assert.ok(failed);
  assert.match(
    failed.message,
    /^wide\.tsv: vocabulary 9,001 x d 4,096 = 36,868,096 weights is over the limit of 33,554,432 weights; lower max_vocab or d$/,
  );
  assert.equal(failed.fatal, false);
  assert.equal(h.ofType('datasetLoaded').length, 1, 'nothing new loaded');
  await h.send({ type: 'reset' });
  assert.equal(h.lastMetrics()?.checksum, before, 'the old dataset and seed give the old weights');
  h.session.dispose();
});

test('a real out-of-memory abort of the module becomes a fatal failure in words', async () => {
  const h = await ready({ width: 4096, min_count: 1, test_fraction: 0, max_vocab: 500000 });
  await h.send({ type: 'injectFault', fault: 'liftLimits' });
  // 140,000 words at d = 4096: E alone is 2.3 GB, past the 2 GB the module may grow to.
  const id = await loadFile(h, 'huge.tsv', manyWords(140000));
  const failed = h.failureOf(id);
  assert.ok(failed, h.events.map((e) => e.type).join(', '));
  console.log(`  the page would show: ${failed.message}`);
  assert.equal(failed.fatal, true);
  assert.match(failed.message, /^The lab ran out of memory/);
  assert.match(failed.message, /restarts with the last dataset and settings that loaded/);
  // The aborted module is not called again: later commands say what is happening.
  const step = await h.send({ type: 'step', count: 1 });
  const refused = h.failureOf(step);
  assert.ok(refused);
  assert.match(refused.message, /restarting the training worker/);
  assert.equal(refused.fatal, false);
});

test('a restart replays the settings to the step reached and supplies known data again', () => {
  const recovery = new Recovery();
  const sent: Array<{ type: string }> = [];
  const store = new LabStore((command) => (sent.push(command), sent.length));
  store.subscribe((event) => recovery.heard(event, store));
  const base = 'http://x/datasets/';
  recovery.sent({ type: 'init', datasetBaseUrl: base, hash: '' });
  const statistics = {
    tokens: [],
    count: new Float64Array(),
    alpha: new Float64Array(),
    delta: new Float64Array(),
  };
  const summary = (contentHash: string) => ({ contentHash }) as never;
  const metrics = (step: number) => ({ step, hasMaxMargin: false }) as never;
  const plan = {} as never; // what the recovery ignores
  const apply = (event: WorkerEvent) => store.apply(event);
  apply({
    type: 'settingsApplied',
    configJson: '{"steps":300}',
    plan,
    shareHash: 'v=1&width=8',
    effect: 'source',
    warnings: [],
  });
  apply({ type: 'datasetLoaded', summary: summary(''), statistics, recipes: [] });
  apply({
    type: 'metricsUpdated',
    metrics: metrics(37),
    columns: null,
    targetStep: 0,
    stepsPerSecond: 0,
    plan,
    memory: { vocabSize: 8, width: 8, weights: 80, modelBytes: 320, heapBytes: 16777216 },
  });
  assert.deepEqual(recovery.restart(false), {
    commands: [{ type: 'init', datasetBaseUrl: base, hash: 'v=1&width=8' }],
    step: 37,
    interruptedLoad: false,
  });
  // The user's file loads (its hash is recorded); then settings that exhaust memory.
  const files = [{ path: 'r.tsv', file: {} as File }];
  recovery.sent({ type: 'previewFiles', files });
  apply({
    type: 'settingsApplied',
    configJson: '{}',
    plan,
    shareHash: 'v=1&dataset=file&source_hash=abc',
    effect: 'source',
    warnings: [],
  });
  apply({ type: 'datasetLoaded', summary: summary('abc'), statistics, recipes: [] });
  apply({
    type: 'settingsApplied',
    configJson: '{}',
    plan,
    shareHash: 'v=1&dataset=file&source_hash=abc&width=4096',
    effect: 'weights',
    warnings: [],
  });
  // After a fault, the settings of the last data that loaded; otherwise the latest.
  assert.equal(
    (recovery.restart(true).commands[0] as { hash: string }).hash,
    'v=1&dataset=file&source_hash=abc',
  );
  assert.equal(
    (recovery.restart(false).commands[0] as { hash: string }).hash,
    'v=1&dataset=file&source_hash=abc&width=4096',
  );
  // The fresh worker asks for the file: the page supplies the same files without asking.
  apply({
    type: 'datasetNeeded',
    need: { kind: 'file', name: 'r.tsv', rows: 5, hash: 'abc' },
    configJson: '{}',
  });
  assert.deepEqual(sent.at(-1), { type: 'supplySource', files });
  // Data the page never had is asked of the user, not guessed.
  const count = sent.length;
  apply({
    type: 'datasetNeeded',
    need: { kind: 'file', name: 'x.tsv', rows: 5, hash: 'def' },
    configJson: '{}',
  });
  assert.equal(sent.length, count);
  // Data from a run file: the restart applies the run file again.
  recovery.sent({ type: 'importRun', json: '{"clslab_run":2}' });
  apply({ type: 'datasetLoaded', summary: summary('abc'), statistics, recipes: [] });
  assert.deepEqual(recovery.restart(false).commands.at(-1), {
    type: 'importRun',
    json: '{"clslab_run":2}',
  });
});

test('the same settings and seed give the same checksum in two fresh sessions', async () => {
  const checksums: string[] = [];
  for (let run = 0; run < 2; run++) {
    const h = await ready({ seed: 7 });
    await h.send({ type: 'stepEmbeddings' });
    await h.send({ type: 'stepAttention', count: 50 });
    checksums.push(h.lastMetrics()?.checksum ?? '');
    h.session.dispose();
  }
  assert.equal(checksums[0], checksums[1]);
});

// Issue 20, item 1: the worker died between the new data's settings and its datasetLoaded
// (a load on a busy machine): the restart named the new file, whose data the page never
// had, and left the page waiting with the run gone.
test('a restart during a load rebuilds the run that stood before it, and says a load was cut off', () => {
  const recovery = new Recovery();
  const store = new LabStore(() => 1);
  store.subscribe((event) => recovery.heard(event, store));
  recovery.sent({ type: 'init', datasetBaseUrl: 'http://x/', hash: '' });
  const statistics = {
    tokens: [],
    count: new Float64Array(),
    alpha: new Float64Array(),
    delta: new Float64Array(),
  };
  const apply = (event: WorkerEvent) => store.apply(event);
  const settings = (shareHash: string) =>
    apply({
      type: 'settingsApplied',
      configJson: '{}',
      plan: {} as never,
      shareHash,
      effect: 'source',
      warnings: [],
    });
  settings('v=1&dataset=movies');
  apply({ type: 'datasetLoaded', summary: { contentHash: '' } as never, statistics, recipes: [] });
  apply({
    type: 'metricsUpdated',
    metrics: { step: 5, hasMaxMargin: false } as never,
    columns: null,
    targetStep: 0,
    stepsPerSecond: 0,
    plan: {} as never,
    memory: { vocabSize: 0, width: 0, weights: 0, modelBytes: 0, heapBytes: 16777216 },
  });
  recovery.sent({ type: 'previewFiles', files: [{ path: 'big.tsv', file: {} as File }] });
  const task = { task: 'loading', label: phrase('task-building'), cancellable: false } as const;
  apply({ type: 'taskStarted', ...task, blockingMs: 10000 });
  settings('v=1&dataset=file&source_hash=big');
  // The worker dies here, before the new data's datasetLoaded.
  assert.deepEqual(recovery.restart(false), {
    commands: [{ type: 'init', datasetBaseUrl: 'http://x/', hash: 'v=1&dataset=movies' }],
    step: 5,
    interruptedLoad: true,
  });
  assert.equal(recovery.restart(false).interruptedLoad, false, 'said once');
});

test('the heartbeat never kills a worker inside a task it announced, and says once it is slow', () => {
  let now = 0;
  const said: string[] = [];
  const heartbeat = new Heartbeat({
    now: () => now,
    ping: () => undefined,
    hung: (silentMs) => said.push(`hung ${silentMs}`),
    slow: (task) => said.push(task === null ? 'slow ended' : `slow ${task.silentMs}`),
    setInterval: () => 1,
    clearInterval: () => undefined,
  });
  heartbeat.start();
  const label = phrase('task-building');
  heartbeat.heard({
    type: 'taskStarted',
    task: 'loading',
    label,
    cancellable: false,
    blockingMs: 2000,
  });
  for (now = 2000; now <= 120000; now += 2000) heartbeat.tick();
  assert.deepEqual(said, [`slow ${SILENCE_MILLISECONDS + 3 * 2000 + 2000}`]);
  heartbeat.heard({ type: 'taskEnded', task: 'loading', outcome: 'done' });
  assert.deepEqual(said.at(-1), 'slow ended');
  // Outside an announced task, the same silence is a hang.
  const heardAt = now;
  for (; now - heardAt <= SILENCE_MILLISECONDS; now += 2000) heartbeat.tick();
  heartbeat.tick();
  assert.match(said.at(-1) ?? '', /^hung /);
});

// Issue 20, item 9: a link that names no dataset, opened over 25,000 uploaded reviews,
// loaded the built-in movies in their place without a word.
test("a link opened over the user's data asks first, and can keep the data with its settings", async () => {
  // The built-in data must load under the link's own (default) data settings: polar words
  // that survive the default cut (ready()'s one-word corpus is learnable only with every
  // word kept, and core refuses it otherwise).
  const h = await sessionHarness({ builtin: corpus(240) });
  await h.init({});
  const file = encoder.encode(corpus(60));
  assert.equal(h.failureOf(await loadFile(h, 'mine.tsv', file)), undefined);
  assert.equal(h.last('datasetLoaded').summary.sourceName, 'mine.tsv');
  const loads = h.ofType('datasetLoaded').length;
  const link = h.module.encodeShareLink(h.configWith({ protocol: 'joint', width: 16 })).value ?? '';
  await h.send({ type: 'openShareLink', hash: link });
  assert.deepEqual(h.last('linkReplacesData'), {
    type: 'linkReplacesData',
    sourceName: 'mine.tsv',
    rows: 60,
    linkData: 'the built-in twins.tsv',
  });
  assert.equal(h.ofType('datasetLoaded').length, loads, 'nothing loaded yet');
  // Keep: the link's settings on the user's data.
  await h.send({ type: 'resolveLink', keepData: true });
  const kept = JSON.parse(h.last('settingsApplied').configJson) as Record<string, unknown>;
  assert.equal(kept['protocol'], 'joint');
  assert.equal(kept['width'], 16);
  assert.equal(kept['dataset'], 'file');
  assert.equal(kept['source_name'], 'mine.tsv');
  assert.equal(h.ofType('datasetLoaded').at(-1)?.summary.sourceName, 'mine.tsv');
  // Asked again, the user takes the link's data: the built-in twins (the default) load.
  await h.send({ type: 'openShareLink', hash: link });
  await h.send({ type: 'resolveLink', keepData: false });
  assert.equal(h.last('datasetLoaded').summary.sourceName, 'twins.tsv');
  // A second answer has no link to answer.
  const late = await h.send({ type: 'resolveLink', keepData: true });
  assert.match(h.failureOf(late)?.message ?? '', /No link is waiting/);
  h.session.dispose();
});

// Issue 20, item 5: the refusal named the link's file, not the one picked.
test('a wrong file supplied to a link is named as picked, beside the file the run expects', async () => {
  const made = await ready();
  const books = encoder.encode(corpus(30));
  assert.equal(made.failureOf(await loadFile(made, 'amazon-books.tsv', books)), undefined);
  const link = made.last('settingsApplied').shareHash;
  made.session.dispose();
  const h = await sessionHarness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: link });
  const dvd = new File([corpus(31)], 'amazon-dvd.tsv');
  const id = await h.send({ type: 'supplySource', files: [{ path: 'amazon-dvd.tsv', file: dvd }] });
  assert.match(
    h.failureOf(id)?.message ?? '',
    /^amazon-dvd\.tsv is not the data this run was made with \(amazon-books\.tsv, 30 rows\): its content hash is [0-9a-f]{16}, the run's is [0-9a-f]{16}$/,
  );
  h.session.dispose();
});
