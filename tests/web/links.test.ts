// Links and run files carry the run's identity, data included, in the worker session with
// the real module: a link to uploaded data asks for that file and refuses another one
// naming both hashes; run files apply as one transaction or not at all; tampered links and
// files are refused in words while the worker keeps running. Each test pins one defect of
// issue 10 as it was found on main at f30f48c.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpus, sessionHarness, type SessionHarness } from './support.ts';

const file = (name: string, text: string) => ({ path: name, file: new File([text], name) });

/** A session that loaded the user's `reviews.tsv` (through preview and confirm) and ran. */
async function uploaded(text = corpus(200), steps = 11): Promise<SessionHarness> {
  const h = await sessionHarness();
  await h.init();
  await h.send({ type: 'previewFiles', files: [file('reviews.tsv', text)] });
  await h.send({ type: 'confirmDataset' });
  await h.send({ type: 'step', count: steps });
  return h;
}

test('(1) a link to uploaded data names it, asks for it and never substitutes other data', async () => {
  const a = await uploaded();
  const link = a.last('settingsApplied').shareHash;
  assert.match(
    link,
    /dataset=file&source_name=reviews.tsv&source_rows=200&source_hash=[0-9a-f]{16}/,
  );

  const b = await sessionHarness({ builtin: corpus(50) });
  await b.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: link });
  const need = b.last('datasetNeeded').need;
  assert.deepEqual(
    [need.kind, need.kind === 'file' && need.name, need.rows],
    ['file', 'reviews.tsv', 200],
  );
  assert.equal(b.ofType('datasetLoaded').length, 0, 'nothing else was loaded in its place');

  const wrong = await b.send({ type: 'supplySource', files: [file('reviews.tsv', corpus(201))] });
  const refused = b.failureOf(wrong);
  assert.ok(refused, 'a wrong file is refused');
  assert.match(refused.message, new RegExp(need.hash));
  assert.match(refused.message, /its content hash is [0-9a-f]{16}/);
  assert.equal(b.ofType('datasetLoaded').length, 0);

  await b.send({ type: 'supplySource', files: [file('reviews.tsv', corpus(200))] });
  assert.equal(b.ofType('datasetLoaded').length, 1);
  await b.send({ type: 'runTo', step: 11 });
  await b.waitFor('stopped');
  assert.equal(b.lastMetrics()?.checksum, a.lastMetrics()?.checksum, 'same weights');
  a.session.dispose();
  b.session.dispose();
});

test('(1) a link opened while other data is loaded keeps that run until the data arrives', async () => {
  const a = await uploaded();
  const link = a.last('settingsApplied').shareHash;
  const b = await sessionHarness();
  await b.init({ width: 32 });
  await b.send({ type: 'step', count: 3 });
  const before = b.lastMetrics()?.checksum;
  await b.send({ type: 'openShareLink', hash: link });
  b.last('datasetNeeded');
  await b.send({ type: 'step', count: 1 });
  assert.equal(JSON.parse(b.last('settingsApplied').configJson).width, 32, 'settings kept');
  assert.notEqual(b.lastMetrics()?.checksum, before, 'the old run still trains');
  assert.equal(b.lastMetrics()?.step, 4);
  a.session.dispose();
  b.session.dispose();
});

test('(2) a seed change rebuilds the split, so its run file loads back, even on the same page', async () => {
  const h = await uploaded(corpus(200), 0);
  await h.send({
    type: 'applySettings',
    configJson: JSON.stringify({ ...JSON.parse(h.last('settingsApplied').configJson), seed: 9 }),
  });
  assert.equal(h.last('settingsApplied').effect, 'pipeline');
  await h.send({ type: 'step', count: 6 });
  await h.send({ type: 'exportRun' });
  const json = h.last('runExported').json;
  const id = await h.send({ type: 'importRun', json });
  assert.equal(h.failureOf(id), undefined);
  assert.equal(h.last('runImported').checksum, h.lastMetrics()?.checksum);
  h.session.dispose();
});

test('(3) a run file whose data fails changes nothing and fails under importRun', async () => {
  const a = await uploaded();
  await a.send({ type: 'exportRun' });
  const good = JSON.parse(a.last('runExported').json) as { stored_rows: string };
  // The stored rows turned one-class: the data part fails.
  const oneClass = { ...good, stored_rows: good.stored_rows.replaceAll('\n0\t', '\n1\t') };
  const b = await sessionHarness();
  await b.init();
  await b.send({ type: 'step', count: 2 });
  const before = b.lastMetrics()?.checksum;
  const loads = b.ofType('datasetLoaded').length;
  const id = await b.send({ type: 'importRun', json: JSON.stringify(oneClass) });
  const failed = b.failureOf(id);
  assert.ok(failed);
  assert.equal(failed.command, 'importRun');
  assert.match(failed.message, /nothing changed: the run's dataset/);
  assert.equal(b.ofType('runImported').length, 0);
  assert.equal(b.ofType('datasetLoaded').length, loads);
  // A later settings change still applies to the old run, not to some other data.
  await b.send({ type: 'applySettings', configJson: b.configWith({ steps: 40 }) });
  assert.equal(b.last('settingsApplied').effect, 'run-length');
  assert.equal(b.lastMetrics()?.checksum, before);
  a.session.dispose();
  b.session.dispose();
});

test('(4) dataset=custom is not a choice: the link opens on defaults, naming it', async () => {
  const h = await sessionHarness();
  await h.send({
    type: 'init',
    datasetBaseUrl: 'http://test/datasets/',
    hash: 'v=1&dataset=custom',
  });
  const ready = h.last('ready');
  assert.equal(ready.warnings.length, 2);
  assert.match(ready.warnings[0] ?? '', /"custom" is not one of/);
  // A version 1 link replays with version 3's arithmetic, and says so (issue 37).
  assert.match(ready.warnings[1] ?? '', /settings version 1.*checksum differ/);
  assert.equal(h.ofType('datasetLoaded').length, 1, 'the default dataset loaded');
  h.session.dispose();
});

test('(7, 8, 9) tampered run files are refused in words; the worker keeps running', async () => {
  const a = await uploaded();
  await a.send({ type: 'exportRun' });
  const json = a.last('runExported').json;
  const huge = json.replace(/"vocab_size":\d+/, '"vocab_size":4000000000000000000');
  const farStep = json.replace(/"step":11/, '"step":9223372036854775807');
  const deep = '['.repeat(20000) + ']'.repeat(20000);
  for (const [bad, pattern] of [
    [huge, /weight shape 4000000000000000000 x/],
    [farStep, /step 9223372036854775807 is outside/],
    [deep, /nested deeper than 64 levels/],
  ] as const) {
    const id = await a.send({ type: 'importRun', json: bad });
    const failed = a.failureOf(id);
    assert.ok(failed);
    assert.match(failed.message, pattern);
    assert.equal(failed.fatal, false);
  }
  await a.send({ type: 'step', count: 1 });
  assert.equal(a.lastMetrics()?.step, 12, 'still training');
  a.session.dispose();
});

test('(8) a deeply nested JSON Lines file names the file and line, and a good load follows', async () => {
  const h = await sessionHarness();
  await h.init();
  const deep = '{"text": "fine film", "label": 1}\n' + '['.repeat(20000) + '\n';
  await h.send({ type: 'previewFiles', files: [file('deep.jsonl', deep)] });
  const preview = h.last('previewShown').preview;
  assert.equal(preview.ok, false);
  assert.match(preview.message, /deep\.jsonl line 2: JSON nested deeper than 64 levels/);
  await h.send({ type: 'previewFiles', files: [file('good.tsv', corpus(40))] });
  assert.equal(h.last('previewShown').preview.ok, true);
  h.session.dispose();
});

test('(11) a UTF-16 file is converted, not called binary', async () => {
  const h = await sessionHarness();
  await h.init();
  const text = corpus(40);
  const utf16 = new Uint8Array(2 + 2 * text.length);
  utf16.set([0xff, 0xfe]);
  for (let k = 0; k < text.length; k++) utf16[2 + 2 * k] = text.charCodeAt(k);
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'win.tsv', file: new File([utf16], 'win.tsv') }],
  });
  const preview = h.last('previewShown').preview;
  assert.ok(preview.ok, preview.message);
  assert.equal(preview.encoding.code, 'data-encoding');
  assert.equal(preview.encoding.args.find((a) => a.name === 'encoding')?.text, 'utf-16-le');
  assert.equal(preview.parsedRows, 40);
  h.session.dispose();
});

test('a preset link re-samples the same pages with its seed after the user agrees', async () => {
  const pages: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    pages.push(url.searchParams.get('offset') ?? '');
    const offset = Number(url.searchParams.get('offset'));
    const rows = Array.from({ length: 100 }, (_, k) => ({
      row_idx: offset + k,
      row: {
        // Under the default cut only the numbers stay words: two of them in a review.
        sentence: `${(offset + k) % 2 ? 'a superb' : 'a dull'} film ${k} take ${k % 7}`,
        label: (offset + k) % 2,
      },
    }));
    return new Response(JSON.stringify({ rows, num_rows_total: 67349 }), { status: 200 });
  }) as typeof globalThis.fetch;
  const a = await sessionHarness({ fetch });
  await a.init({ seed: 4 });
  await a.send({ type: 'previewPreset', preset: 'sst2', reviews: 300 });
  await a.send({ type: 'confirmDataset' });
  const link = a.last('settingsApplied').shareHash;
  assert.match(
    link,
    /dataset=preset&source_name=sst2&source_rows=300&source_hash=[0-9a-f]{16}&source_seed=4/,
  );
  const sampled = [...pages];
  pages.length = 0;
  const b = await sessionHarness({ fetch });
  await b.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: link });
  assert.equal(b.last('datasetNeeded').need.kind, 'preset');
  assert.deepEqual(pages, [], 'nothing is downloaded before the user agrees');
  await b.send({ type: 'confirmSource' });
  assert.deepEqual(pages, sampled, 'the same pages');
  assert.equal(
    b.last('datasetLoaded').summary.contentHash,
    a.last('datasetLoaded').summary.contentHash,
  );
  a.session.dispose();
  b.session.dispose();
});
