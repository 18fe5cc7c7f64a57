// The worker commands behind the views, driven in Node with the real module: the review
// list filters, runTo replays a run to the same checksum, and a run file exported by one
// session restores the same weights in another.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReviewFilter, WorkerEvent } from '../../web/src/protocol.ts';
import { Session } from '../../web/src/worker/session.ts';
import { corpus, loadModule } from './support.ts';

function harness() {
  const events: WorkerEvent[] = [];
  const text = new TextEncoder().encode(corpus(240));
  const session = new Session({
    loadModule,
    post: (e) => events.push(e),
    fetchBytes: async () => text,
  });
  const waitFor = async <T extends WorkerEvent['type']>(
    type: T,
    accept: (event: Extract<WorkerEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<WorkerEvent, { type: T }>> => {
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      const found = events.find(
        (e): e is Extract<WorkerEvent, { type: T }> => e.type === type && accept(e as never),
      );
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`no ${type}; got ${events.map((e) => e.type).join(', ')}`);
  };
  const last = () =>
    events.filter((e) => e.type === 'metricsUpdated').at(-1) as
      Extract<WorkerEvent, { type: 'metricsUpdated' }> | undefined;
  return { session, events, waitFor, last };
}

const filter = (changes: Partial<ReviewFilter>): ReviewFilter => ({
  testSplit: false,
  query: '',
  token: '',
  label: 'all',
  prediction: 'all',
  selection: 'all',
  offset: 0,
  limit: 10,
  ...changes,
});

test('the review list filters by label, token and text, and pages', async () => {
  const h = harness();
  await h.session.handle({ type: 'init', datasetBaseUrl: 'http://test/', hash: '' });
  await h.session.handle({
    type: 'listReviews',
    filter: filter({ label: 'negative', token: 'dull' }),
  });
  const listed = await h.waitFor('reviewsListed');
  assert.ok(listed.matched > 0 && listed.items.length <= 10);
  for (const item of listed.items) {
    assert.ok(item.review.label <= 0);
    assert.ok(item.review.tokens.includes('dull'));
    assert.equal(
      item.correct,
      (item.review.logit >= 0 ? 1 : -1) === (item.review.label > 0 ? 1 : -1),
    );
  }
  h.events.length = 0;
  await h.session.handle({ type: 'listReviews', filter: filter({ query: 'SUPERB', offset: 5 }) });
  const page = await h.waitFor('reviewsListed');
  assert.ok(page.matched > 5);
  assert.equal(page.items[0]?.index !== undefined, true);
  for (const item of page.items) assert.match(item.review.text, /superb/);
  h.session.dispose();
});

test('runTo replays a run to the same checksum, and a run file restores it elsewhere', async () => {
  const a = harness();
  await a.session.handle({ type: 'init', datasetBaseUrl: 'http://test/', hash: '' });
  await a.session.handle({ type: 'runTo', step: 25 });
  await a.waitFor('stopped');
  const reference = a.last()?.metrics;
  assert.equal(reference?.step, 25);
  await a.session.handle({ type: 'exportRun' });
  const exported = await a.waitFor('runExported');
  assert.equal(exported.step, 25);

  const b = harness();
  await b.session.handle({ type: 'init', datasetBaseUrl: 'http://test/', hash: '' });
  await b.session.handle({ type: 'step', count: 25 });
  assert.equal(b.last()?.metrics.checksum, reference?.checksum, 'advance(25) in one call');
  await b.session.handle({ type: 'reset' });
  await b.session.handle({ type: 'importRun', json: exported.json });
  const imported = await b.waitFor('runImported');
  assert.equal(imported.step, 25);
  assert.equal(imported.checksum, reference?.checksum);
  await b.session.handle({ type: 'importRun', json: '{"version": 1}' });
  const failed = await b.waitFor('failed', (e) => e.command === 'importRun');
  assert.match(failed.message, /run file/);
  a.session.dispose();
  b.session.dispose();
});
