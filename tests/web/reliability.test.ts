// Reliability of the worker session with the real wasm module: absurd settings stop training
// with the setting to lower and nothing non-finite reaches an event; every limit is refused
// in words with the old dataset kept; a real out-of-memory abort of the module becomes a
// fatal `failed`; and the page's restart plan replays what a fresh worker needs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClslabModule, Metrics } from '../../wasm/clslab.d.ts';
import type { Command, WorkerEvent } from '../../web/src/protocol.ts';
import { RestartPlan } from '../../web/src/client/restart-plan.ts';
import { Session } from '../../web/src/worker/session.ts';
import { corpus, loadModule } from './support.ts';

const encoder = new TextEncoder();

function harness() {
  const events: WorkerEvent[] = [];
  const session = new Session({
    loadModule,
    post: (event) => events.push(event),
    fetchBytes: async () => encoder.encode(corpus(240)),
  });
  const send = (command: Command) => session.handle(command);
  const ofType = <T extends WorkerEvent['type']>(type: T) =>
    events.filter((e): e is Extract<WorkerEvent, { type: T }> => e.type === type);
  const waitFor = async <T extends WorkerEvent['type']>(type: T, from: number, ms = 60000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = events
        .slice(from)
        .find((e): e is Extract<WorkerEvent, { type: T }> => e.type === type);
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no "${type}"; got ${events.map((e) => e.type).join(', ')}`);
  };
  const lastMetrics = () => ofType('metricsUpdated').at(-1)?.metrics as Metrics;
  return { session, events, send, ofType, waitFor, lastMetrics };
}

async function ready(changes: Record<string, unknown> = {}) {
  const h = harness();
  const module = await loadModule();
  const config = { ...JSON.parse(module.defaultConfigJson()), ...changes };
  const hash = module.encodeShareLink(JSON.stringify(config));
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash });
  assert.ok(h.ofType('datasetLoaded')[0], h.events.map((e) => e.type).join(', '));
  return { ...h, module, config };
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
  assert.equal(stopped.reason, 'diverged');
  assert.match(stopped.message, /lower the learning rate/);
  assertAllFinite(h.events);
  const kept = h.lastMetrics();
  assert.equal(kept.stopped, false, 'the last metrics are of the last finite state');
  // Play again: the same step is refused again, and the weights do not change.
  const again = h.events.length;
  await h.send({ type: 'play' });
  await h.waitFor('stopped', again);
  assert.equal(h.lastMetrics().checksum, kept.checksum);
  assert.equal(h.lastMetrics().step, kept.step);
  assertAllFinite(h.events);
  h.session.dispose();
});

test('an absurd eta stops the step on E, keeps E(0) and says to lower eta', async () => {
  const h = await ready({ eta: 1e7, sigma: 10 });
  const before = h.lastMetrics().checksum;
  const from = h.events.length;
  await h.send({ type: 'stepEmbeddings' });
  const stopped = await h.waitFor('stopped', from);
  assert.match(stopped.message, /lower eta/);
  assert.equal(h.lastMetrics().checksum, before, 'E(0) is kept');
  assertAllFinite(h.events);
  h.session.dispose();
});

test('a dataset over the weights limit is refused in words and the old dataset stays', async () => {
  const h = await ready({ width: 4096, min_count: 1, test_fraction: 0 });
  const before = h.lastMetrics().checksum;
  const from = h.events.length;
  // 9,000 distinct words + <unk> at d = 4096: 36.9 M weights, over 33,554,432.
  await h.send({ type: 'loadFile', file: { name: 'wide.tsv', bytes: manyWords(9000) } });
  const failed = await h.waitFor('failed', from);
  assert.match(
    failed.message,
    /^wide\.tsv: vocabulary 9,001 x d 4,096 = 36,868,096 weights is over the limit of 33,554,432 weights; lower max_vocab or d$/,
  );
  assert.notEqual(failed.fatal, true);
  assert.equal(h.ofType('datasetLoaded').length, 1, 'nothing new loaded');
  await h.send({ type: 'reset' });
  assert.equal(h.lastMetrics().checksum, before, 'the old dataset and seed give the old weights');
  h.session.dispose();
});

test('a real out-of-memory abort of the module becomes a fatal failure in words', async () => {
  const h = await ready({ width: 4096, min_count: 1, test_fraction: 0, max_vocab: 500000 });
  await h.send({ type: 'injectFault', fault: 'liftLimits' });
  const from = h.events.length;
  // 140,000 words at d = 4096: E alone is 2.3 GB, past the 2 GB the module may grow to.
  await h.send({ type: 'loadFile', file: { name: 'huge.tsv', bytes: manyWords(140000) } });
  const failed = await h.waitFor('failed', from);
  console.log(`  the page would show: ${failed.message}`);
  assert.equal(failed.fatal, true);
  assert.match(failed.message, /^The lab ran out of memory/);
  assert.match(failed.message, /restarts with the last dataset and settings that loaded/);
  // The aborted module is not called again: later commands say what is happening.
  const after = h.events.length;
  await h.send({ type: 'step', count: 1 });
  const refused = await h.waitFor('failed', after);
  assert.match(refused.message, /restarting the training worker/);
  assert.notEqual(refused.fatal, true);
});

test('the restart plan replays the settings and the commands of the custom dataset that loaded', () => {
  const plan = new RestartPlan();
  const base = 'http://x/datasets/';
  plan.sent({ type: 'init', datasetBaseUrl: base, hash: '' });
  plan.received({
    type: 'settingsApplied',
    configJson: '{}',
    shareHash: 'v=1&width=8',
    warnings: [],
  });
  const statistics = {
    tokens: [],
    count: new Float64Array(),
    alpha: new Float64Array(),
    delta: new Float64Array(),
  };
  const summary = {} as never;
  plan.received({ type: 'datasetLoaded', summary, statistics, source: 'settings' });
  assert.deepEqual(plan.restartCommands(false), [
    { type: 'init', datasetBaseUrl: base, hash: 'v=1&width=8' },
  ]);
  // A Hugging Face sample gets a seed, so the replay draws the same pages.
  const preset = plan.sent({ type: 'previewPreset', preset: 'sst2', reviews: 500 });
  assert.equal(preset.type, 'previewPreset');
  assert.ok(preset.type === 'previewPreset' && typeof preset.seed === 'number');
  plan.sent({ type: 'changePreview', change: { textColumn: 'sentence' } });
  plan.sent({ type: 'confirmDataset' });
  plan.received({ type: 'datasetLoaded', summary, statistics, source: 'custom' });
  // New settings that then exhaust memory on reload: after a fault, the ones that loaded.
  plan.received({
    type: 'settingsApplied',
    configJson: '{}',
    shareHash: 'v=1&width=4096',
    warnings: [],
  });
  const replay = [
    preset,
    { type: 'changePreview', change: { textColumn: 'sentence' } },
    { type: 'confirmDataset' },
  ];
  assert.deepEqual(plan.restartCommands(true), [
    { type: 'init', datasetBaseUrl: base, hash: 'v=1&width=8' },
    ...replay,
  ]);
  assert.deepEqual(plan.restartCommands(false), [
    { type: 'init', datasetBaseUrl: base, hash: 'v=1&width=4096' },
    ...replay,
  ]);
  // A failed custom load does not replace what is replayed.
  plan.sent({ type: 'loadFile', file: { name: 'bad.csv', bytes: new Uint8Array([1]) } });
  assert.deepEqual(plan.restartCommands(true).slice(1), replay);
  // Back to a built-in dataset: only the settings.
  plan.received({ type: 'datasetLoaded', summary, statistics, source: 'settings' });
  assert.equal(plan.restartCommands(false).length, 1);
});

test('the same settings and seed give the same checksum in two fresh sessions', async () => {
  const checksums: string[] = [];
  for (let run = 0; run < 2; run++) {
    const h = await ready({ seed: 7 });
    await h.send({ type: 'stepEmbeddings' });
    await h.send({ type: 'stepAttention', count: 50 });
    checksums.push(h.lastMetrics().checksum);
    h.session.dispose();
  }
  assert.equal(checksums[0], checksums[1]);
});
