// The real Embind module in Node: marshaling (copied typed arrays, plain objects),
// errors as values, and agreement with the native build on the first 20 losses of both
// protocols, weights checksums included (golden files the native CLI writes in
// scripts/test.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClslabModule, Lab } from '../../wasm/clslab.d.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const moviesBytes = new Uint8Array(readFileSync(`${root}web/public/datasets/movies.tsv`));

async function loadModule(): Promise<ClslabModule> {
  const glue = `${root}web/src/wasm-build/clslab.js`;
  assert.ok(existsSync(glue), 'build the module first: npm run build:wasm');
  const { default: createClslab } = (await import(glue)) as {
    default: (options: object) => Promise<ClslabModule>;
  };
  return createClslab({ wasmBinary: readFileSync(`${root}web/src/wasm-build/clslab.wasm`) });
}

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
  return JSON.stringify({ ...JSON.parse(module.defaultConfigJson()), ...overrides });
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
  const decoded = module.decodeShareLink('#v=1&width=<img src=x>&nope=1');
  assert.equal(decoded.warnings.length, 2);
  assert.equal(JSON.parse(decoded.configJson).width, JSON.parse(module.defaultConfigJson()).width);
  const link = module.encodeShareLink(config({ width: 16, protocol: 'joint' }));
  assert.equal(link, 'v=1&width=16&protocol=joint');
});

test('loading a dataset returns a plain summary and token columns as copied typed arrays', () => {
  withLab((lab) => {
    const summary = lab.loadText(moviesBytes, 'movies.tsv', config());
    assert.equal(summary.ok, true, summary.message);
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

test('a bad file is refused with a message naming it, and the old dataset stays', () => {
  withLab((lab) => {
    assert.equal(lab.loadText(moviesBytes, 'movies.tsv', config()).ok, true);
    const checksum = lab.advance(2).checksum;
    const binary = lab.loadText(new Uint8Array([0, 1, 2, 255]), 'photo.jpg', config());
    assert.equal(binary.ok, false);
    assert.match(binary.message, /photo\.jpg/);
    const oneClass = lab.loadText(
      new TextEncoder().encode('1\tgood\n1\tfine\n'),
      'pos.tsv',
      config(),
    );
    assert.equal(oneClass.ok, false);
    assert.match(oneClass.message, /class/);
    assert.equal(lab.metrics().checksum, checksum);
    assert.equal(lab.step(), 2);
  });
});

interface GoldenLine {
  step: number;
  loss: number;
  accuracy: number;
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
      assert.equal(lab.loadText(moviesBytes, 'movies.tsv', config(overrides)).ok, true);
      for (const expected of golden) {
        const m = lab.advance(1);
        assert.equal(m.step, expected.step);
        assert.ok(
          Math.abs(m.trainLoss - expected.loss) <= 1e-6 * Math.abs(expected.loss),
          `step ${expected.step}: wasm ${m.trainLoss} vs native ${expected.loss}`,
        );
        assert.equal(m.trainAccuracy, expected.accuracy);
        // The weights themselves, bit for bit: the checksum a student and a teacher
        // compare is the same whichever build computed it.
        assert.equal(m.checksum, expected.checksum, `step ${expected.step}: weights differ`);
      }
    });
  });
}
