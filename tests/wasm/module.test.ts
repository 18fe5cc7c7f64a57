// The real Embind module in Node: marshaling (copied typed arrays, plain objects),
// errors as values, and agreement with the native build on the first 20 losses of both
// protocols, weights checksums included (golden files the native CLI writes in
// scripts/test.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lab } from '../../wasm/clslab.d.ts';
import { loadModule, runTo } from '../web/support.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const moviesBytes = new Uint8Array(readFileSync(`${root}web/public/datasets/movies.tsv`));

const module = await loadModule();

function withLab(body: (lab: Lab) => void): void {
  const lab = new module.Lab();
  try {
    body(lab);
  } finally {
    lab.delete();
  }
}

function config(overrides: Record<string, unknown> = {}): string {
  // The built-in movie reviews, whose bytes these tests load, under the default settings.
  return JSON.stringify({
    ...JSON.parse(module.defaultConfigJson()),
    dataset: 'movies',
    ...overrides,
  });
}

/** Settings for the user's file `name` (what the page sends when a file is confirmed). */
function fileConfig(name: string): string {
  return config({ dataset: 'file', source_name: name });
}

test('settings table lists every field once with a default that validates', () => {
  const fields = module.settingFields();
  const keys = fields.map((f) => f.key);
  assert.equal(new Set(keys).size, keys.length);
  for (const key of ['dataset', 'width', 'sigma', 'eta', 'protocol', 'seed', 'svm_c']) {
    assert.ok(keys.includes(key), key);
  }
  assert.equal(module.validateConfig(module.defaultConfigJson()).ok, true);
});

test('invalid config and tampered share links come back as messages, not exceptions', () => {
  const bad = module.validateConfig('{"width": -3}');
  assert.equal(bad.ok, false);
  assert.match(bad.message, /width/);
  const decoded = module.decodeShareLink('#v=3&width=<img src=x>&nope=1');
  assert.equal(decoded.warnings.length, 2);
  assert.equal(JSON.parse(decoded.configJson).width, JSON.parse(module.defaultConfigJson()).width);
  const link = module.encodeShareLink(config({ width: 16, protocol: 'joint' })).value;
  assert.equal(link, 'v=3&dataset=movies&width=16&protocol=joint');
  // A link older than version 3 opens its config and says its checksum can differ (issue 37).
  const older = module.decodeShareLink('#v=2&dataset=movies&width=16&protocol=joint');
  assert.equal(older.configJson, module.decodeShareLink(`#${link}`).configJson);
  assert.equal(older.warnings.length, 1);
  assert.match(older.warnings[0] ?? '', /settings version 2.*checksum differ/);
});

test('loading a dataset returns a plain summary and token columns as copied typed arrays', () => {
  withLab((lab) => {
    const loaded = lab.load({ layout: 'text', text: moviesBytes }, config());
    assert.equal(loaded.ok, true, loaded.message);
    const summary = loaded.value!;
    assert.equal(summary.trainReviews + summary.testReviews, 410);
    const table = lab.tokens();
    assert.equal(table.tokens.length, summary.vocabSize);
    assert.ok(table.value instanceof Float32Array);
    assert.ok(table.count instanceof Float64Array);
    assert.equal(table.value.length, summary.vocabSize);
    // A copy, not a heap view: it survives heap growth and edits do not reach the module.
    const before = Array.from(table.count);
    table.count[1] = -1;
    const big = lab.loadSynthetic(config({ dataset: 'synthetic', synthetic_reviews: 50000 }));
    assert.equal(big.ok, true, big.message);
    assert.deepEqual(Array.from(table.count).slice(2), before.slice(2));
  });
});

test("memory() says the model's V x d + 2 d float32 weights and the heap the module holds now", () => {
  withLab((lab) => {
    const empty = lab.memory();
    assert.deepEqual([empty.vocabSize, empty.width, empty.weights, empty.modelBytes], [0, 0, 0, 0]);
    const width = 32;
    const loaded = lab.load({ layout: 'text', text: moviesBytes }, config({ width }));
    assert.equal(loaded.ok, true, loaded.message);
    const vocab = loaded.value!.vocabSize;
    const memory = lab.memory();
    assert.equal(memory.vocabSize, vocab);
    assert.equal(memory.width, width);
    assert.equal(memory.weights, vocab * width + 2 * width);
    assert.equal(memory.modelBytes, 4 * memory.weights);
    // The heap is the module's memory buffer as it is now, and follows its growth.
    const heap = (module as unknown as { HEAPU8: Uint8Array }).HEAPU8;
    assert.equal(memory.heapBytes, heap.buffer.byteLength);
    assert.equal(
      lab.loadSynthetic(config({ dataset: 'synthetic', synthetic_reviews: 50000 })).ok,
      true,
    );
    const grown = (module as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer.byteLength;
    assert.ok(grown >= memory.heapBytes);
    assert.equal(lab.memory().heapBytes, grown);
  });
});

test('work in calls of one unit measures in parts: the same metrics as one unbounded call', () => {
  const measured = (budget: number) => {
    let metrics: unknown = null;
    let calls = 0;
    withLab((lab) => {
      assert.equal(lab.load({ layout: 'text', text: moviesBytes }, config()).ok, true);
      runTo(lab, 5);
      // Step 6 and its metrics in calls of `budget` units: the step, its share of the flow's
      // own att-SVM and each part of the metrics is a call of its own with one unit.
      const order = { targetStep: 6, measureAt: 6, budget };
      let report = lab.work(order);
      for (calls = 1; !report.metricsReady; calls++) report = lab.work(order);
      metrics = lab.metrics();
    });
    return { metrics, calls };
  };
  const parts = measured(1);
  assert.ok(parts.calls > 2, `measured in ${parts.calls} calls`);
  assert.deepEqual(parts.metrics, measured(Infinity).metrics);
});

test('a bad file is refused with a message naming it, and the old dataset stays', () => {
  withLab((lab) => {
    assert.equal(lab.load({ layout: 'text', text: moviesBytes }, config()).ok, true);
    runTo(lab, 2);
    const checksum = lab.metrics().checksum;
    const binary = lab.load(
      { layout: 'text', text: new Uint8Array([0, 1, 2, 255]) },
      fileConfig('photo.jpg'),
    );
    assert.equal(binary.ok, false);
    assert.equal(binary.value, null);
    assert.match(binary.message, /photo\.jpg/);
    const oneClass = lab.load(
      { layout: 'text', text: new TextEncoder().encode('1\tgood\n1\tfine\n') },
      fileConfig('pos.tsv'),
    );
    assert.equal(oneClass.ok, false);
    assert.match(oneClass.message, /class/);
    assert.equal(lab.metrics().checksum, checksum);
    assert.equal(lab.step(), 2);
    assert.equal(JSON.parse(lab.configJson()).dataset, 'movies', 'the settings stay too');
  });
});

test('a link to uploaded data names it by hash and reloads only the same bytes', () => {
  withLab((lab) => {
    const loaded = lab.load({ layout: 'text', text: moviesBytes }, fileConfig('reviews.tsv'));
    assert.equal(loaded.ok, true, loaded.message);
    const hash = module.contentHash({ layout: 'text', text: moviesBytes });
    assert.equal(loaded.value?.contentHash, hash);
    const link = module.encodeShareLink(loaded.configJson).value ?? '';
    assert.match(
      link,
      new RegExp(`dataset=file&source_name=reviews.tsv&source_rows=410&source_hash=${hash}`),
    );
    const decoded = module.decodeShareLink(link);
    assert.deepEqual(decoded.warnings, []);
    const other = lab.load(
      { layout: 'text', text: moviesBytes.subarray(0, 5000) },
      decoded.configJson,
    );
    assert.equal(other.ok, false);
    assert.match(other.message, new RegExp(hash));
    assert.equal(lab.load({ layout: 'text', text: moviesBytes }, decoded.configJson).ok, true);
  });
});

/** One line of `clslab train`: the metrics after each step (json_report.h keys). */
interface GoldenLine {
  step: number;
  train_loss: number;
  train_accuracy: number;
  checksum: string;
}

function readGolden(name: string): GoldenLine[] {
  const path = `${root}build/golden/${name}.jsonl`;
  assert.ok(existsSync(path), `${path} is written by the native CLI in scripts/test.sh`);
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as GoldenLine);
}

// Native and wasm run the same float code in the same order; they could differ only where
// libm's exp/log round the last bit differently (glibc vs musl). Measured: bit-identical
// on this toolchain. 1e-6 relative leaves room for a last-bit libm difference while any
// real divergence in the math (a changed formula, a reordered sum) shows far above it.
for (const [name, overrides] of [
  ['paper', { protocol: 'paper' }],
  ['joint', { protocol: 'joint', optimizer: 'adam', batch_size: 32 }],
] as const) {
  test(`first 20 ${name}-protocol losses match the native build within 1e-6`, () => {
    const golden = readGolden(name);
    assert.equal(golden.length, 20);
    withLab((lab) => {
      assert.equal(lab.load({ layout: 'text', text: moviesBytes }, config(overrides)).ok, true);
      for (const expected of golden) {
        runTo(lab, expected.step);
        const m = lab.metrics();
        assert.equal(m.step, expected.step);
        assert.ok(
          Math.abs(m.trainLoss - expected.train_loss) <= 1e-6 * Math.abs(expected.train_loss),
          `step ${expected.step}: wasm ${m.trainLoss} vs native ${expected.train_loss}`,
        );
        assert.equal(m.trainAccuracy, expected.train_accuracy);
        // The weights themselves, bit for bit: the checksum a student and a teacher
        // compare is the same whichever build computed it.
        assert.equal(m.checksum, expected.checksum, `step ${expected.step}: weights differ`);
      }
    });
  });
}
