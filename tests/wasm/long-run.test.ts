// Native and wasm over a full run (300 steps, the default run length) of both protocols on
// the built-in movie reviews: every step's weights checksum must be equal, i.e. the weights
// bit-identical; and a long flow on the twins far into the saturated softmax. Golden files
// come from the native CLI (scripts/test.sh). Stated tolerance:
// zero, because both builds run the same float operations in the same order and the only
// libm calls (exp, log1p) agreed to the bit on this toolchain; if a libm ever rounded one
// last bit differently the checksums would part, and the losses are then compared at 1e-6
// relative so the report says whether it is a rounding or a real difference.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadModule, runTo } from '../web/support.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const movies = new Uint8Array(readFileSync(`${root}web/public/datasets/movies.tsv`));
const twins = new Uint8Array(readFileSync(`${root}web/public/datasets/twins.tsv`));
const module = await loadModule();

/** One line of `clslab train`: the metrics after each step (json_report.h keys). */
interface GoldenLine {
  step: number;
  train_loss: number;
  checksum: string;
}

for (const [name, overrides] of [
  ['paper300', { protocol: 'paper' }],
  ['joint300', { protocol: 'joint', optimizer: 'adam', batch_size: 32 }],
] as const) {
  test(`${name}: all 300 wasm steps have the native weights, bit for bit`, () => {
    const path = `${root}build/golden/${name}.jsonl`;
    assert.ok(existsSync(path), `${path} is written by the native CLI in scripts/test.sh`);
    const golden = readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as GoldenLine);
    assert.equal(golden.length, 300);
    const config = JSON.stringify({ ...JSON.parse(module.defaultConfigJson()), ...overrides });
    const lab = new module.Lab();
    try {
      assert.equal(lab.load({ layout: 'text', text: movies }, config).ok, true);
      for (const expected of golden) {
        runTo(lab, expected.step);
        const m = lab.metrics();
        assert.equal(m.step, expected.step);
        const relative =
          Math.abs(m.trainLoss - expected.train_loss) / Math.abs(expected.train_loss);
        assert.ok(
          relative <= 1e-6,
          `step ${m.step}: loss ${m.trainLoss} vs ${expected.train_loss}`,
        );
        assert.equal(m.checksum, expected.checksum, `step ${m.step}: the weights differ`);
      }
    } finally {
      lab.delete();
    }
  });
}

// The flow on p where the softmax saturates: flow rate 100 takes ||p|| to 11,000 in 1,000
// steps, so the gradient passes every path of model.cpp (the first pass, the pass relative to
// each review's leader, and split exponents once every e^{a_t - a_tau} is below the smallest
// double, gap ||p|| > 745, from about step 700). Checked every 100 steps: the checksum of a
// step depends on every step before it.
test('twins at flow rate 100: 1,000 wasm steps have the native weights, bit for bit', () => {
  const path = `${root}build/golden/twins1000.jsonl`;
  assert.ok(existsSync(path), `${path} is written by the native CLI in scripts/test.sh`);
  const golden = readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Partial<GoldenLine>)
    .filter((line): line is GoldenLine => typeof line.step === 'number');
  assert.equal(golden.length, 10);
  const config = JSON.stringify({ ...JSON.parse(module.defaultConfigJson()), flow_rate: 100 });
  const lab = new module.Lab();
  try {
    assert.equal(lab.load({ layout: 'text', text: twins }, config).ok, true);
    for (const expected of golden) {
      runTo(lab, expected.step);
      const m = lab.metrics();
      assert.equal(m.step, expected.step);
      assert.equal(m.checksum, expected.checksum, `step ${m.step}: the weights differ`);
    }
  } finally {
    lab.delete();
  }
});
