// How the worker loads the data a run's settings name, driven in Node with the real module:
// a built-in download is a task with Cancel (a server that never answers held the page with
// no sign), a Play sent before a load finished never runs on the new data, and a link whose
// data settings the data refuses opens on their defaults, and a run file over the limit is
// refused before the module copies it (issue 43, items 1, 4 and 7).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cancelled, type ReadOptions } from '../../web/src/data/read-bytes.ts';
import { corpus, sessionHarness } from './support.ts';

/** Built-in files: `twins.tsv` at once; any other file only when released, or never. */
function slowServer() {
  const waiting: Array<{ url: string; release: () => void }> = [];
  const fetchBuiltin = (url: string, options: ReadOptions): Promise<Uint8Array> => {
    const bytes = new TextEncoder().encode(
      url.endsWith('twins.tsv') ? corpus(240) : corpus(240).replaceAll('film', 'meal'),
    );
    if (url.endsWith('twins.tsv')) return Promise.resolve(bytes);
    return new Promise((resolve, reject) => {
      options.signal.addEventListener('abort', () => reject(new Cancelled()));
      waiting.push({ url, release: () => resolve(bytes) });
    });
  };
  return { fetchBuiltin, waiting };
}

test('a built-in download is a task with Cancel; cancelled, the run and its settings stay', async () => {
  const server = slowServer();
  const h = await sessionHarness({ fetchBuiltin: server.fetchBuiltin });
  await h.init();
  const twins = h.lastMetrics()?.checksum;
  const config = JSON.parse(h.last('settingsApplied').configJson) as Record<string, unknown>;
  const from = h.events.length;
  const change = h.session.handle({
    type: 'applySettings',
    configJson: JSON.stringify({ ...config, dataset: 'restaurants' }),
    id: 100,
  });
  const started = await h.waitFor('taskStarted', from);
  assert.deepEqual(
    { task: started.task, label: started.label, cancellable: started.cancellable },
    {
      task: 'reading',
      label: { id: 'task-downloading', args: { name: 'restaurants.tsv' } },
      cancellable: true,
    },
  );
  assert.equal(server.waiting.length, 1);
  await h.session.handle({ type: 'cancel', id: 101 });
  await change;
  assert.equal(h.last('taskEnded').outcome, 'cancelled');
  assert.equal(
    h.failureOf(100)?.message,
    'You cancelled the download of restaurants.tsv: the lab keeps twins.tsv and its run.',
  );
  assert.equal(h.ofType('datasetLoaded').length, 1, 'no new data');
  assert.equal(JSON.parse(h.last('settingsApplied').configJson).dataset, 'twins');
  await h.send({ type: 'step', count: 1 });
  assert.notEqual(h.lastMetrics()?.checksum, twins, 'the twins run goes on');
  h.session.dispose();
});

test('a Play sent while new data was downloading does not start on that data', async () => {
  const server = slowServer();
  const h = await sessionHarness({ fetchBuiltin: server.fetchBuiltin });
  await h.init();
  const config = JSON.parse(h.last('settingsApplied').configJson) as Record<string, unknown>;
  const change = h.session.handle({
    type: 'applySettings',
    configJson: JSON.stringify({ ...config, dataset: 'restaurants' }),
    id: 100,
  });
  await h.waitFor('taskStarted', 0, (event) => event.label.args['name'] === 'restaurants.tsv');
  const from = h.events.length;
  const play = h.session.handle({ type: 'play', id: 101 });
  server.waiting[0]?.release();
  await Promise.all([change, play]);
  assert.equal(h.ofType('datasetLoaded').length, 2, 'the new data loaded');
  assert.deepEqual(
    h.events.slice(from).filter((e) => e.type === 'started' || e.type === 'stopped'),
    [{ type: 'stopped', reason: 'interrupted', message: '', step: 0 }],
    'the Play is withdrawn, said as an interruption at step 0 of the new data',
  );
  assert.equal(h.lastMetrics()?.step, 0);
  h.session.dispose();
});

test('a page opened on a download that is cancelled says nothing is loaded', async () => {
  const h = await sessionHarness({ fetchBuiltin: slowServer().fetchBuiltin });
  const init = h.session.handle({
    type: 'init',
    datasetBaseUrl: 'http://test/datasets/',
    hash: 'v=2&dataset=movies',
    id: 1,
  });
  await h.waitFor('taskStarted', 0, (event) => event.label.args['name'] === 'movies.tsv');
  await h.session.handle({ type: 'cancel', id: 2 });
  await init;
  assert.equal(
    h.failureOf(1)?.message,
    'You cancelled the download of movies.tsv: nothing is loaded: choose a dataset, or load ' +
      'a file.',
  );
  h.session.dispose();
});

test("a link whose data settings the data refuses opens on those settings' defaults", async () => {
  const h = await sessionHarness();
  await h.send({
    type: 'init',
    datasetBaseUrl: 'http://test/datasets/',
    hash: 'v=3&min_count=1000&width=64',
  });
  assert.equal(h.ofType('failed').length, 0, 'nothing fails');
  const applied = h.last('settingsApplied');
  const config = JSON.parse(applied.configJson) as Record<string, unknown>;
  assert.equal(config.min_count, 2, 'the default');
  assert.equal(config.width, 64, "the link's other settings stay");
  assert.equal(applied.warnings.length, 1);
  assert.match(
    applied.warnings[0] ?? '',
    /^twins\.tsv: the vocabulary would hold no word, only <unk> \(min_count 1,000, .*; the link's data settings went back to their defaults \(it had min_count 1000\)$/,
  );
  assert.equal(h.ofType('datasetLoaded').length, 1);
  h.session.dispose();
});

test('a run file over the limit is refused before the module copies it', async () => {
  const h = await sessionHarness();
  await h.init();
  const before = h.lastMetrics()?.checksum;
  const limit = h.module.limits().maxRunFileBytes;
  const id = await h.send({ type: 'importRun', json: ' '.repeat(limit + 1) });
  assert.equal(
    h.failureOf(id)?.message,
    'The run file was not loaded: the run file is 128.0 MB, over the limit of 128.0 MB for a ' +
      'run file (reading it would not fit in memory); nothing changed.',
  );
  assert.equal(h.lastMetrics()?.checksum, before);
  h.session.dispose();
});
