// The metrics CSV has one column per field of core's Metrics, in Describe order and named
// as core names it (bound as metricFields): a field added to Metrics reaches the file with
// no edit on the page. Values a flag says do not apply yet stay empty.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Metrics } from '../../wasm/clslab.d.ts';
import { MetricsHistory } from '../../web/src/ui/metrics-history.ts';
import { loadModule, runTo } from './support.ts';

const module = await loadModule();

function rowsOf(csv: string): string[][] {
  return csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

test('the metrics CSV header is the Metrics description, and every key of a Metrics object', () => {
  const fields = module.metricFields();
  const history = new MetricsHistory(() => fields);
  const lab = new module.Lab();
  try {
    const config = { ...JSON.parse(module.defaultConfigJson()), dataset: 'synthetic' };
    assert.ok(lab.loadSynthetic(JSON.stringify(config)).ok);
    const first: Metrics = lab.metrics();
    history.record(first);
    // The step on E, measured before the solve it owes (the page shows the step at once).
    runTo(lab, 1, { measureBeforeSolves: true });
    history.record(lab.metrics());
    const [header = [], ...rows] = rowsOf(history.csv());
    assert.deepEqual(
      header,
      fields.map((f) => f.column),
    );
    // The fields are the object's keys: nothing the module reports is left out.
    assert.deepEqual(
      fields.map((f) => f.key),
      Object.keys(first),
    );
    for (const name of ['cosine_to_max_margin_acyclic', 'u_score_max_margin', 'has_test'])
      assert.ok(header.includes(name), `${name} is a column`);
    assert.equal(rows.length, 2);
    const cell = (row: string[] | undefined, name: string) => row?.[header.indexOf(name)];
    assert.equal(cell(rows[1], 'step'), '1');
    assert.equal(cell(rows[1], 'has_max_margin'), 'false');
    assert.equal(cell(rows[1], 'cosine_to_max_margin'), '', 'no p_mm yet: the cell is empty');
    runTo(lab, 1);
    history.record(lab.metrics()); // the same step again: it replaces the row
    const solved = rowsOf(history.csv());
    assert.equal(solved.length, 3);
    assert.equal(cell(solved[2], 'has_max_margin'), 'true');
    assert.ok(Number.isFinite(Number(cell(solved[2], 'cosine_to_max_margin'))));
    assert.notEqual(cell(solved[2], 'cosine_to_max_margin'), '');
  } finally {
    lab.delete();
  }
});
