// The worker session driven in Node with the real wasm module: commands in, events out,
// exactly as the browser worker runs it (entry.ts only adapts `self`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClslabModule } from '../../wasm/clslab.d.ts';
import type { Command, WorkerEvent } from '../../web/src/protocol.ts';
import { Session } from '../../web/src/worker/session.ts';
import { corpus, loadModule } from './support.ts';

const encoder = new TextEncoder();

/** A session over the real module whose built-in datasets all serve `text`. */
function harness(text = corpus(240)) {
  const events: WorkerEvent[] = [];
  const session = new Session({
    loadModule,
    post: (event) => events.push(event),
    fetchBytes: async () => encoder.encode(text),
  });
  const send = (command: Command) => session.handle(command);
  const ofType = <T extends WorkerEvent['type']>(type: T) =>
    events.filter((e): e is Extract<WorkerEvent, { type: T }> => e.type === type);
  /** Resolves with the first event of `type` after index `from` that passes `accept`. */
  const waitFor = async <T extends WorkerEvent['type']>(
    type: T,
    from = 0,
    accept: (event: Extract<WorkerEvent, { type: T }>) => boolean = () => true,
    timeoutMs = 20000,
  ): Promise<Extract<WorkerEvent, { type: T }>> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = events
        .slice(from)
        .find((e): e is Extract<WorkerEvent, { type: T }> => e.type === type && accept(e as never));
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(
      `no "${type}" event within ${timeoutMs} ms; got ${events.map((e) => e.type).join(', ')}`,
    );
  };
  const lastMetrics = () => ofType('metricsUpdated').at(-1)?.metrics;
  return { session, events, send, ofType, waitFor, lastMetrics };
}

/** The default config with some settings changed (the module fills and checks the rest). */
function configWith(module: ClslabModule, changes: Record<string, unknown>): string {
  return JSON.stringify({ ...JSON.parse(module.defaultConfigJson()), ...changes });
}

test('init loads the configured dataset from fetched text and sends its token statistics', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const ready = h.ofType('ready')[0];
  assert.ok(ready, 'ready event');
  assert.ok(
    ready.fields.some((f) => f.key === 'width'),
    'the field table came from the module',
  );
  const loaded = h.ofType('datasetLoaded')[0];
  assert.ok(loaded, `datasetLoaded event; events: ${h.events.map((e) => e.type).join(', ')}`);
  assert.equal(loaded.summary.ok, true);
  assert.ok(loaded.summary.trainReviews > 0);
  const metrics = h.ofType('metricsUpdated')[0];
  assert.ok(metrics?.columns, 'the first metrics carry the token columns');
  assert.equal(metrics.columns.value.length, loaded.statistics.tokens.length);
  h.session.dispose();
});

test('the synthetic dataset is generated without fetching anything', async () => {
  const h = harness();
  const module = await loadModule();
  const hash = module.encodeShareLink(configWith(module, { dataset: 'synthetic' }));
  let fetched = false;
  const session = new Session({
    loadModule,
    post: (event) => h.events.push(event),
    fetchBytes: async () => {
      fetched = true;
      return new Uint8Array();
    },
  });
  await session.handle({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash });
  assert.equal(fetched, false);
  const loaded = h.ofType('datasetLoaded')[0];
  assert.ok(loaded, `datasetLoaded; events: ${h.events.map((e) => e.type).join(', ')}`);
  assert.ok(loaded.summary.trainReviews > 0);
  session.dispose();
});

test('play produces metricsUpdated events whose loss falls, then stops at the step budget', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const module = await loadModule();
  const config = configWith(module, { protocol: 'joint', optimizer: 'adam', steps: 60 });
  await h.send({ type: 'applySettings', configJson: config, reload: false });
  const from = h.events.length;
  await h.send({ type: 'play' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.reason, 'finished');
  const losses = h
    .ofType('metricsUpdated')
    .slice(-100)
    .map((e) => e.metrics.trainLoss);
  const played = h.events.slice(from).filter((e) => e.type === 'metricsUpdated');
  assert.ok(played.length >= 2, `at least two snapshots (got ${played.length})`);
  assert.equal(h.lastMetrics()?.step, 60);
  const first = losses[0] ?? NaN;
  const last = losses.at(-1) ?? NaN;
  // Log 2 = 0.693 at p = 0; 60 Adam steps on a separable corpus must clearly lower it.
  assert.ok(last < first - 0.05, `loss fell from ${first} to ${last}`);
  h.session.dispose();
});

test('pause stops further steps at once', async () => {
  const h = harness(corpus(400));
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const module = await loadModule();
  await h.send({
    type: 'applySettings',
    configJson: configWith(module, { steps: 100000 }),
    reload: false,
  });
  const from = h.events.length;
  await h.send({ type: 'play' });
  await h.waitFor('metricsUpdated', from, (e) => e.metrics.step >= 3);
  await h.send({ type: 'pause' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.reason, 'paused');
  const stepAtPause = h.lastMetrics()?.step ?? -1;
  assert.ok(stepAtPause < 100000, 'paused before the budget');
  const count = h.events.length;
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(h.events.length, count, 'no events after the pause');
  h.session.dispose();
});

test('a bad dataset produces a failed event with a message and the old dataset stays', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const before = h.ofType('datasetLoaded').length;
  await h.send({
    type: 'loadFile',
    file: { name: 'broken.tsv', bytes: encoder.encode('no labels here\njust some words\n') },
  });
  const failed = h.ofType('failed').at(-1);
  assert.ok(failed, 'failed event');
  assert.equal(failed.command, 'loadFile');
  assert.match(failed.message, /[a-z]{3,}/i, 'the message is words, not a code');
  assert.equal(h.ofType('datasetLoaded').length, before, 'no new dataset');
  await h.send({ type: 'requestReview', testSplit: false, index: 0 });
  const shown = h.ofType('reviewShown').at(-1);
  assert.ok(shown, 'the old dataset still answers');
  assert.ok(shown.review.words.length > 0);
  h.session.dispose();
});

test('settings the module rejects come back as settingsRejected naming the setting', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const module = await loadModule();
  await h.send({
    type: 'applySettings',
    configJson: configWith(module, { width: -5 }),
    reload: false,
  });
  const rejected = h.ofType('settingsRejected').at(-1);
  assert.ok(rejected, 'settingsRejected event');
  assert.match(rejected.message, /width/);
  h.session.dispose();
});

test('changing only the steps per run keeps the weights; changing the width resets them', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const module = await loadModule();
  await h.send({ type: 'step', count: 3 });
  const trained = h.lastMetrics()?.checksum;
  await h.send({
    type: 'applySettings',
    configJson: configWith(module, { steps: 50 }),
    reload: false,
  });
  const hash = h.ofType('settingsApplied').at(-1)?.shareHash ?? '';
  assert.equal(JSON.parse(module.decodeShareLink(hash).configJson).steps, 50, 'in the share link');
  assert.equal(h.lastMetrics()?.step, 3);
  assert.equal(h.lastMetrics()?.checksum, trained);
  await h.send({
    type: 'applySettings',
    configJson: configWith(module, { steps: 50, width: 16 }),
    reload: false,
  });
  assert.equal(h.lastMetrics()?.step, 0);
  h.session.dispose();
});

test('reset with the same seed gives the same checksum', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  const initial = h.lastMetrics()?.checksum;
  await h.send({ type: 'step', count: 5 });
  const afterSteps = h.lastMetrics()?.checksum;
  assert.notEqual(afterSteps, initial, 'training changed the weights');
  await h.send({ type: 'reset' });
  assert.equal(h.lastMetrics()?.step, 0);
  assert.equal(h.lastMetrics()?.checksum, initial);
  await h.send({ type: 'step', count: 5 });
  assert.equal(h.lastMetrics()?.checksum, afterSteps);
  h.session.dispose();
});

test('the paper protocol steps E explicitly, then solves p_mm and reports it in the metrics', async () => {
  const h = harness();
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: '' });
  await h.send({ type: 'stepEmbeddings' });
  const stepped = h.lastMetrics();
  assert.equal(stepped?.step, 1);
  assert.equal(stepped?.hasPredictedSlope, true);
  await h.send({ type: 'stepAttention', count: 20 });
  await h.send({ type: 'solveMaxMargin' });
  const report = h.ofType('maxMarginSolved').at(-1)?.report;
  assert.ok(report, 'maxMarginSolved event');
  assert.ok(report.constraints > 0);
  // Unique pairs never outnumber their instances, and the instances come from some of the
  // training reviews (each producing at least one).
  assert.ok(report.reviewConstraints >= report.constraints);
  assert.ok(report.constraintReviews > 0 && report.constraintReviews <= report.reviewConstraints);
  assert.equal(h.lastMetrics()?.hasMaxMargin, report.solved);
  h.session.dispose();
});
