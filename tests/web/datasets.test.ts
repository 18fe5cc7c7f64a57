// The dataset commands of the worker session in Node with the real wasm module: files,
// folders and paired files are previewed without replacing the loaded dataset, parse
// choices and Latin-1 re-parse, confirm loads, export round-trips, and the Hugging Face
// presets sample pages through an injected fetch that serves recorded fixtures (no network).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { gunzipped } from '../../web/src/data/read-bytes.ts';
import { PhraseError } from '../../web/src/localized.ts';
import { createMessages } from '../../web/src/messages.ts';
import { catalogText } from './catalog-files.ts';
import { PAGE_ROWS, samplePageOffsets } from '../../web/src/data/hf-rows.ts';
import { reviewsCsv, sessionHarness } from './support.ts';

/** The page's English, for a failure read outside the session (its phrase). */
const english = createMessages(catalogText('en'), 'en');

const fixtures = new URL('../fixtures/hf/', import.meta.url);

type FetchFn = typeof fetch;

/** The built-in dataset the session loads at init: label<TAB>text. */
function csvAsBuiltIn(): string {
  const lines: string[] = [];
  for (let i = 0; i < 120; i++)
    lines.push(`${i % 2}\t${i % 2 ? 'good fine' : 'bad poor'} film ${i % 7}`);
  return lines.join('\n') + '\n';
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const file = (name: string, content: string | Uint8Array) =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name);

async function ready(fetch?: FetchFn) {
  const h = await sessionHarness({ builtin: csvAsBuiltIn(), fetch });
  // Every word kept: these files have a few words each, which the default cut (words in
  // more than 20% of reviews) would remove.
  await h.init({ max_doc_share: 1, drop_unknown: false });
  assert.equal(h.ofType('datasetLoaded').length, 1);
  return h;
}

test('a previewed CSV shows columns and rows, keeps the loaded dataset, and loads the chosen column on confirm', async () => {
  const h = await ready();
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'reviews.csv', file: file('reviews.csv', reviewsCsv(80)) }],
  });
  const shown = h.last('previewShown').preview;
  assert.ok(shown.ok, shown.message);
  assert.equal(shown.format, 'csv');
  assert.deepEqual(shown.columns, ['id', 'title', 'review', 'stars']);
  assert.equal(shown.textColumn, 'review');
  assert.equal(shown.labelColumn, 'stars');
  assert.equal(shown.rows.length, 8);
  assert.equal(shown.positive, 40);
  assert.equal(shown.negative, 40);
  assert.equal(h.ofType('datasetLoaded').length, 1, 'the preview loads nothing');

  await h.send({ type: 'changePreview', change: { textColumn: 'title' } });
  const changed = h.last('previewShown');
  assert.equal(changed.preview.textColumn, 'title');
  assert.equal(changed.choice.textColumn, 'title');
  assert.match(changed.preview.rows[0]?.text ?? '', /^Good title 0$/);

  await h.send({ type: 'confirmDataset' });
  const loaded = h.last('datasetLoaded').summary;
  assert.equal(loaded.sourceName, 'reviews.csv');
  assert.equal(loaded.textColumn, 'title');
  // The settings now name this file, its parse choices and its content.
  const config = JSON.parse(h.last('settingsApplied').configJson);
  assert.equal(config.dataset, 'file');
  assert.equal(config.source_name, 'reviews.csv');
  assert.equal(config.source_text_column, 'title');
  assert.equal(config.source_rows, 80);
  assert.equal(config.source_hash, loaded.contentHash);
});

test('a file that is not UTF-8 offers Latin-1, and the re-parse keeps every character', async () => {
  const h = await ready();
  const latin = Uint8Array.from(
    Array.from('text,label\ncaf\u00e9 cr\u00e8me superb,1\nna\u00efve dull,0\n', (c) =>
      c.charCodeAt(0),
    ),
  );
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'latin.csv', file: file('latin.csv', latin) }],
  });
  const refused = h.last('previewShown').preview;
  assert.equal(refused.ok, false);
  assert.equal(refused.notUtf8, true);
  assert.match(refused.message, /Latin-1/);
  await h.send({ type: 'changePreview', change: { latin1: true } });
  const decoded = h.last('previewShown').preview;
  assert.ok(decoded.ok, decoded.message);
  assert.equal(decoded.rows[0]?.text, 'café crème superb');
  assert.equal(decoded.rows[1]?.text, 'naïve dull');
});

test('a one-class file is refused on confirm and the previous dataset stays', async () => {
  const h = await ready();
  const before = h.last('datasetLoaded').summary;
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'pos.tsv', file: file('pos.tsv', '1\tgood\n1\tgreat\n1\tfine\n') }],
  });
  const preview = h.last('previewShown').preview;
  assert.ok(preview.ok);
  assert.equal(preview.warnings[0]?.code, 'data-one-class');
  const settings = h.ofType('settingsApplied').length;
  const id = await h.send({ type: 'confirmDataset' });
  const failed = h.failureOf(id);
  assert.ok(failed);
  assert.equal(failed.command, 'confirmDataset');
  assert.match(failed.message, /one class/);
  assert.equal(h.ofType('datasetLoaded').length, 1);
  assert.equal(h.ofType('settingsApplied').length, settings, 'the settings did not change either');
  await h.send({ type: 'step', count: 1 });
  assert.equal(h.lastMetrics()?.step, 1, `still trains on ${before.sourceName}`);
});

test('an aclImdb-style folder loads with labels from pos/ and neg/, and rt-polarity pairs load by line', async () => {
  const h = await ready();
  const files = [];
  for (let i = 0; i < 30; i++) {
    const label = i % 2 ? 'pos' : 'neg';
    const text = i % 2 ? `a superb moving film ${i}` : `an awful dull film ${i}`;
    files.push({ path: `aclImdb/train/${label}/${i}_7.txt`, file: file(`${i}_7.txt`, text) });
  }
  files.push({ path: 'aclImdb/README', file: file('README', 'not a review') });
  await h.send({ type: 'previewFiles', files });
  const folder = h.last('previewShown').preview;
  assert.ok(folder.ok, folder.message);
  assert.equal(folder.parsedRows, 30);
  assert.equal(folder.positive, 15);
  assert.ok(h.ofType('taskProgress').some((e) => e.unit === 'files' && e.done === 30));
  await h.send({ type: 'confirmDataset' });
  assert.equal(h.last('datasetLoaded').summary.sourceName, 'aclImdb');

  const positive = Array.from({ length: 20 }, (_, i) => `a superb film ${i}`).join('\n');
  const negative = Array.from({ length: 20 }, (_, i) => `a dull film ${i}`).join('\n');
  await h.send({
    type: 'previewFiles',
    files: [
      { path: 'rt-polarity.pos', file: file('rt-polarity.pos', positive) },
      { path: 'rt-polarity.neg', file: file('rt-polarity.neg', negative) },
    ],
  });
  const paired = h.last('previewShown').preview;
  assert.ok(paired.ok, paired.message);
  assert.equal(paired.format, 'paired-lines');
  await h.send({ type: 'confirmDataset' });
  const summary = h.last('datasetLoaded').summary;
  assert.equal(summary.sourceName, 'rt-polarity');
  assert.equal(summary.parsedRows, 40);
});

test('a file over the limit is refused unread, naming the limit in words', async () => {
  const h = await ready();
  const huge = {
    name: 'huge.csv',
    size: 300 * (1 << 20),
    stream: () => {
      throw new Error('read');
    },
  };
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'huge.csv', file: huge as unknown as File }],
  });
  const failed = h.last('failed');
  assert.equal(failed.command, 'previewFiles');
  assert.equal(failed.fatal, false);
  assert.match(
    failed.message,
    /huge\.csv is 300\.0 MB; files larger than 256\.0 MB cannot be loaded/,
  );
});

// Issue 43, item 8: a gzip file was refused as "binary data (a NUL byte ...)". The page reads
// it decompressed; the limit holds for what it decompresses to; a damaged one is named.
test('a gzip file is read decompressed, as the text it holds, within the limit', async () => {
  const h = await ready();
  const text = reviewsCsv(60);
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'r.csv.gz', file: file('r.csv.gz', gzipSync(text)) }],
  });
  const preview = h.last('previewShown').preview;
  assert.ok(preview.ok, preview.message);
  assert.equal(preview.parsedRows, 60);
  await h.send({ type: 'confirmDataset' });
  assert.equal(
    h.last('datasetLoaded').summary.contentHash,
    h.module.contentHash({ layout: 'text', text: new TextEncoder().encode(text) }),
    "the content hash is the text's: the file and its decompressed copy are one dataset",
  );
  const damaged = gzipSync(text).subarray(0, 200);
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'd.csv.gz', file: file('d.csv.gz', damaged) }],
  });
  assert.match(h.last('failed').message, /^d\.csv\.gz is gzip-compressed but damaged: /);
  // A small file that decompresses past the limit is refused as a large one is.
  const bomb = gzipSync(new Uint8Array(3 << 20));
  const limit = { limit: 2 << 20, signal: new AbortController().signal, onProgress: () => {} };
  await assert.rejects(gunzipped(new Uint8Array(bomb), 'bomb.tsv.gz', limit), (error) => {
    assert.ok(error instanceof PhraseError);
    assert.match(
      english.format(error.words.id, error.words.args),
      /^bomb\.tsv\.gz \(decompressed\) is 2\.\d MB; files larger than 2\.0 MB cannot be loaded/,
    );
    return true;
  });
  h.session.dispose();
});

test('export gives label<TAB>text that loads back to the same rows and summary', async () => {
  const h = await ready();
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'reviews.csv', file: file('reviews.csv', reviewsCsv(80)) }],
  });
  await h.send({ type: 'confirmDataset' });
  const first = h.last('datasetLoaded').summary;
  const firstChecksum = h.last('metricsUpdated').metrics.checksum;
  await h.send({ type: 'exportDataset' });
  const exported = h.last('datasetExported');
  assert.equal(exported.name, 'reviews-label-text.tsv');
  assert.match(exported.text, /^label\ttext\n1\t/);
  await h.send({
    type: 'previewFiles',
    files: [{ path: 'reviews.csv', file: file('reviews.csv', exported.text) }],
  });
  await h.send({ type: 'confirmDataset' });
  const again = h.last('datasetLoaded').summary;
  for (const key of [
    'parsedRows',
    'trainReviews',
    'testReviews',
    'trainPositive',
    'vocabSize',
    'trainTokens',
  ] as const) {
    assert.equal(again[key], first[key], key);
  }
  assert.equal(h.last('metricsUpdated').metrics.checksum, firstChecksum);
  await h.send({ type: 'exportDataset' });
  assert.equal(h.last('datasetExported').text, exported.text);
});

/** Serves the IMDB fixtures like the sorted split: offsets below 12,500 are negative. */
function imdbFetch(requested: string[]): FetchFn {
  const negative = readFileSync(new URL('imdb-train-neg.json', fixtures), 'utf8');
  const positive = readFileSync(new URL('imdb-train-pos.json', fixtures), 'utf8');
  return async (input) => {
    const url = new URL(String(input));
    requested.push(url.href);
    const body = Number(url.searchParams.get('offset')) < 12500 ? negative : positive;
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

test('the IMDB preset samples pages across the whole split with progress, and previews both classes', async () => {
  const requested: string[] = [];
  const h = await ready(imdbFetch(requested));
  await h.send({ type: 'previewPreset', preset: 'imdb', reviews: 200 });
  assert.equal(requested.length, 7, 'ceil(200 / 30 rows per fixture page) pages');
  for (const href of requested) {
    const url = new URL(href);
    assert.equal(url.origin + url.pathname, 'https://datasets-server.huggingface.co/rows');
    assert.equal(url.searchParams.get('dataset'), 'stanfordnlp/imdb');
    assert.equal(url.searchParams.get('config'), 'plain_text');
    assert.equal(url.searchParams.get('split'), 'train');
    assert.ok(Number(url.searchParams.get('length')) <= PAGE_ROWS);
    assert.equal(Number(url.searchParams.get('offset')) % PAGE_ROWS, 0);
  }
  const progress = h.ofType('taskProgress');
  assert.ok(progress.length >= 2);
  assert.deepEqual([progress.at(-1)?.done, progress.at(-1)?.total], [200, 200]);
  const preview = h.last('previewShown').preview;
  assert.ok(preview.ok, preview.message);
  assert.equal(preview.format, 'jsonl');
  assert.equal(preview.parsedRows, 200);
  assert.ok(
    preview.positive > 0 && preview.negative > 0,
    'pages from both halves of the sorted split',
  );
  assert.equal(preview.labelMapping.code, 'data-labels');
  assert.equal(preview.labelMapping.args.find((a) => a.name === 'scheme')?.text, 'zero-one');
  await h.send({ type: 'confirmDataset' });
  // The settings name the preset, the rows and the seed the pages were drawn with (the
  // run's seed), so a link re-samples the same pages.
  const config = JSON.parse(h.last('settingsApplied').configJson);
  assert.deepEqual(
    [config.dataset, config.source_name, config.source_rows, config.source_seed],
    ['preset', 'imdb', 200, config.seed],
  );
  assert.equal(config.source_hash, h.last('datasetLoaded').summary.contentHash);
});

test('page offsets are distinct multiples of 100 inside the split', () => {
  const offsets = samplePageOffsets(25000, 2000, seeded(3));
  assert.equal(offsets.length, 20);
  assert.equal(new Set(offsets).size, 20);
  for (const offset of offsets) assert.ok(offset % 100 === 0 && offset >= 0 && offset < 25000);
  assert.ok(offsets.some((o) => o < 12500) && offsets.some((o) => o >= 12500));
  assert.equal(samplePageOffsets(250, 2000, seeded(3)).length, 3, 'never more pages than exist');
});

test('cancelling a preset download stops it and loads nothing', async () => {
  let started = 0;
  const hanging: FetchFn = (_input, init) =>
    new Promise((_resolve, reject) => {
      started++;
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });
  const h = await ready(hanging);
  const running = h.send({ type: 'previewPreset', preset: 'sst2', reviews: 500 });
  while (started === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  await h.send({ type: 'cancel' });
  await running;
  assert.equal(h.last('taskEnded').outcome, 'cancelled');
  assert.equal(h.ofType('previewShown').length, 0);
  assert.equal(h.ofType('failed').length, 0);
  assert.equal(started, 1);
});

test('a URL is downloaded through the injected fetch and previewed', async () => {
  const h = await ready(async (input) => {
    assert.equal(String(input), 'https://example.org/data/reviews.csv');
    return new Response(reviewsCsv(40), {
      status: 200,
      headers: { 'content-length': String(reviewsCsv(40).length) },
    });
  });
  await h.send({ type: 'previewUrl', url: 'https://example.org/data/reviews.csv' });
  const preview = h.last('previewShown').preview;
  assert.ok(preview.ok, preview.message);
  assert.equal(preview.sourceName, 'reviews.csv');
  assert.equal(preview.parsedRows, 40);
});
