// What needs the network says so when it is unreachable: a Hugging Face preset or a URL
// whose fetch() rejects (offline, blocked) fails with a sentence that says the network is
// unreachable and names what works offline, instead of a bare "Failed to fetch"; the loaded
// dataset stays. A server that answers with an error is not called unreachable.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpus, sessionHarness } from './support.ts';

type FetchFn = typeof fetch;

/** What Chromium's fetch() rejects with when no answer came back. */
const noNetwork: FetchFn = () => Promise.reject(new TypeError('Failed to fetch'));

async function ready(fetchFn: FetchFn) {
  const h = await sessionHarness({ builtin: corpus(120), fetch: fetchFn });
  await h.init();
  const failures = () => h.ofType('failed');
  const loads = () => h.ofType('datasetLoaded').length;
  return { send: h.send, failures, loads };
}

/** The sentence's parts a user acts on: what failed, where, and what to do instead. */
function assertSaysOffline(message: string, host: string): void {
  assert.match(message, /^The network is unreachable/);
  assert.ok(message.includes(host), `names the host: ${message}`);
  assert.match(message, /Load a file from your computer/);
  assert.match(message, /built-in movie or restaurant reviews/);
  assert.doesNotMatch(message, /Failed to fetch/);
}

test('a preset without network says the network is unreachable and what works offline', async () => {
  const h = await ready(noNetwork);
  await h.send({ type: 'previewPreset', preset: 'imdb', reviews: 200 });
  const [failed] = h.failures();
  assert.equal(failed?.type, 'failed');
  assert.equal(failed.command, 'previewPreset');
  assertSaysOffline(failed.message, 'datasets-server.huggingface.co');
  assert.match(failed.message, /IMDB movie reviews/);
  assert.equal(h.loads(), 1, 'the built-in dataset stays loaded');
});

test('a URL without network says the network is unreachable and what works offline', async () => {
  const h = await ready(noNetwork);
  await h.send({ type: 'previewUrl', url: 'https://reviews.example.org/data/reviews.csv' });
  const [failed] = h.failures();
  assert.equal(failed?.type, 'failed');
  assertSaysOffline(failed.message, 'reviews.example.org');
  assert.match(failed.message, /reviews\.csv/);
  assert.equal(h.loads(), 1);
});

test('a server that answers with an error is reported by its status, not as offline', async () => {
  const h = await ready(async () => new Response('gone', { status: 503 }));
  await h.send({ type: 'previewUrl', url: 'https://reviews.example.org/reviews.csv' });
  await h.send({ type: 'previewPreset', preset: 'sst2', reviews: 100 });
  const messages = h.failures().map((f) => f.message);
  assert.equal(messages.length, 2);
  for (const message of messages) {
    assert.match(message, /503/);
    assert.doesNotMatch(message, /unreachable/);
  }
});
