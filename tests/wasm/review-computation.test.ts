// The numbers "Attention on a review" draws (core ReviewView through the real module) are
// the model's own: per review, the softmax weights sum to 1, the drawn products s_t b_t and
// "the rest" add up to f, and f is the logit the metrics' loss and accuracy were computed
// from (mean log(1 + exp(-y f)) over the non-empty training reviews; y f > 0 counted right).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lab, ReviewView } from '../../wasm/clslab.d.ts';
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
  return JSON.stringify({ ...JSON.parse(module.defaultConfigJson()), ...overrides });
}

const sum = (values: ArrayLike<number>) => Array.from(values).reduce((a, b) => a + b, 0);
/** Float32 weights and values summed in double: a few float ulps of the terms. */
const closeTo = (actual: number, expected: number, scale = 1) =>
  Math.abs(actual - expected) <= 1e-5 * (scale + Math.abs(expected));

function checkBreakdown(view: ReviewView, where: string): void {
  const n = view.order.length;
  assert.ok(closeTo(sum(view.attention), 1), `${where}: sum of s_t = ${sum(view.attention)}`);
  assert.ok(closeTo(sum(view.contribution), view.logit), `${where}: sum of s_t b_t is f`);
  assert.equal(view.restAttention.length, n + 1, where);
  assert.ok(closeTo(view.restAttention[0]!, 1), `${where}: the rest from rank 0 is all of s`);
  assert.ok(closeTo(view.restContribution[0]!, view.logit), `${where}: ... and all of f`);
  // What the page draws for the top k rows plus "the rest" is f again, for every k.
  for (const k of [1, Math.min(n, 8), n]) {
    let shown = 0;
    for (const t of view.order.slice(0, k)) shown += view.contribution[t]!;
    assert.ok(closeTo(shown + view.restContribution[k]!, view.logit), `${where}: k = ${k}`);
  }
  assert.equal(view.order[0], view.attended, `${where}: the largest weight comes first`);
  assert.equal(view.prediction, view.logit >= 0 ? 1 : -1, where);
}

test("each review's f is the logit the metrics' loss and accuracy come from, and its s sums to 1", () => {
  withLab((lab) => {
    const loaded = lab.load({ layout: 'text', text: moviesBytes }, config());
    assert.equal(loaded.ok, true, loaded.message);
    assert.equal(runTo(lab, 41).steps.refused, false);
    const metrics = lab.metrics();
    const n = lab.summary().trainReviews;
    let loss = 0;
    let correct = 0;
    let nonEmpty = 0;
    for (let i = 0; i < n; i++) {
      const view = lab.review(false, i);
      if (view.order.length === 0) continue; // empty reviews are not scored (model.h)
      checkBreakdown(view, `review ${i}`);
      nonEmpty++;
      loss += Math.log1p(Math.exp(-view.label * view.logit));
      if (view.label * view.logit > 0) correct++;
    }
    assert.ok(nonEmpty > 100, `${nonEmpty} reviews`);
    assert.ok(
      closeTo(loss / nonEmpty, metrics.trainLoss),
      `mean loss of the views ${loss / nonEmpty} vs metrics ${metrics.trainLoss}`,
    );
    assert.equal(correct / nonEmpty, metrics.trainAccuracy);
  });
});

test("with one test review, the view's f is the one logit behind the test loss", () => {
  withLab((lab) => {
    const rows = [
      '1\tgreat fun film',
      '0\tdull boring film',
      '1\tgreat cast and a fun plot',
      '0\tboring plot and a dull cast',
      '1\ta great film with a dull start',
    ];
    const loaded = lab.load(
      { layout: 'text', text: new TextEncoder().encode(rows.join('\n') + '\n') },
      // Every word kept: in five reviews the default cut (words in more than 20%) keeps none.
      config({
        dataset: 'file',
        source_name: 'five.tsv',
        test_fraction: 0.2,
        min_count: 1,
        max_doc_share: 1,
        drop_unknown: false,
      }),
    );
    assert.equal(loaded.ok, true, loaded.message);
    assert.equal(lab.summary().testReviews, 1);
    runTo(lab, 1);
    const before = lab.review(true, 0).logit;
    assert.equal(runTo(lab, 21).steps.refused, false);
    const view = lab.review(true, 0);
    checkBreakdown(view, 'the test review');
    const metrics = lab.metrics();
    // testLoss = log(1 + exp(-y f)) for the one review: y f = -log(exp(loss) - 1).
    const fromLoss = -view.label * Math.log(Math.expm1(metrics.testLoss));
    assert.ok(closeTo(view.logit, fromLoss, 1e-2), `f ${view.logit} vs the loss's ${fromLoss}`);
    assert.equal(metrics.testAccuracy, view.label * view.logit > 0 ? 1 : 0);
    assert.notEqual(view.logit, before, 'the flow on p changed f');
  });
});
