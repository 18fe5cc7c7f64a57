// The worker commands behind the views, driven in Node with the real module: the review
// list filters, runTo replays a run to the same checksum, and a run file exported by one
// session restores the same weights in another.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ReviewFilter } from '../../web/src/protocol.ts';
import { sessionHarness } from './support.ts';

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
  const h = await sessionHarness();
  await h.init();
  await h.send({ type: 'listReviews', filter: filter({ label: 'negative', token: 'dull' }) });
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
  const from = h.events.length;
  await h.send({ type: 'listReviews', filter: filter({ query: 'SUPERB', offset: 5 }) });
  const page = await h.waitFor('reviewsListed', from);
  assert.ok(page.matched > 5);
  assert.equal(page.items[0]?.index !== undefined, true);
  for (const item of page.items) assert.match(item.review.text, /superb/);
  h.session.dispose();
});

test('runTo replays a run to the same checksum, and a run file restores it elsewhere', async () => {
  const a = await sessionHarness();
  await a.init();
  await a.send({ type: 'runTo', step: 25 });
  await a.waitFor('stopped');
  const reference = a.lastMetrics();
  assert.equal(reference?.step, 25);
  await a.send({ type: 'exportRun' });
  const exported = a.last('runExported');
  assert.equal(exported.step, 25);

  const b = await sessionHarness();
  await b.init();
  await b.send({ type: 'step', count: 25 });
  assert.equal(b.lastMetrics()?.checksum, reference?.checksum, 'advance(25) in one call');
  await b.send({ type: 'reset' });
  await b.send({ type: 'importRun', json: exported.json });
  const imported = b.last('runImported');
  assert.equal(imported.step, 25);
  assert.equal(imported.checksum, reference?.checksum);
  const id = await b.send({ type: 'importRun', json: '{"version": 1}' });
  assert.match(b.failureOf(id)?.message ?? '', /run file/);
  a.session.dispose();
  b.session.dispose();
});
