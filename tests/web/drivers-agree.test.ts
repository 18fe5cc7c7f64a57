// Every driver runs its run through core's one loop (Experiment::Work, work.h), so `clslab
// train`, `clslab reproduce` and the page's worker session give the same metrics at every
// step of the same run, every field: the same weights, p_mm solved at the same point (right
// after the paper's step on E; at a joint run's end), and the flow's own att-SVM (p_local)
// solved with the same share of each step's work and for the run end's selection. The native
// files are written by scripts/test.sh (build/golden/): 20 steps on the built-in movie reviews.
// Stated tolerance: none. Native and wasm run the same float operations in the same order
// (long-run.test.ts: the weights agree bit for bit), and every metric is computed from
// those weights by the same code; a last-bit libm difference would show here first, and
// the message names the metric and the step.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Metrics } from '../../wasm/clslab.d.ts';
import { sessionHarness } from './support.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const movies = readFileSync(`${root}web/public/datasets/movies.tsv`, 'utf8');

type Line = Record<string, unknown>;

function golden(file: string): string {
  const path = `${root}build/golden/${file}`;
  assert.ok(existsSync(path), `${path} is written by the native CLI in scripts/test.sh`);
  return readFileSync(path, 'utf8');
}

/** `clslab train`'s lines, one per step (json_report.h: snake_case keys). */
function trainLines(name: string): Line[] {
  return golden(`${name}.jsonl`)
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
}

/** snake_case -> camelCase, as wasm/marshal.h names the same Describe fields. */
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Every field of the native line equals the page's metric of the same name. */
function assertSameMetrics(page: Metrics, native: Line, who: string): void {
  const fields = page as unknown as Record<string, unknown>;
  assert.deepEqual(Object.keys(native).map(camel).sort(), Object.keys(fields).sort(), 'fields');
  for (const [key, value] of Object.entries(native))
    assert.equal(fields[camel(key)], value, `${who}, step ${String(native['step'])}: ${key}`);
}

for (const [name, overrides] of [
  ['paper', { protocol: 'paper' }],
  ['joint', { protocol: 'joint', optimizer: 'adam', batch_size: 32 }],
] as const) {
  test(`${name}: clslab reproduce records the metrics clslab train prints at every step`, () => {
    const train = trainLines(name);
    const reproduce = JSON.parse(golden(`reproduce-${name}.json`)) as { history: Line[] };
    const recorded = reproduce.history.filter((line) => (line['step'] as number) > 0);
    assert.equal(recorded.length, 20, 'reproduce records each of the first 20 steps');
    for (const line of recorded) {
      const printed = train[(line['step'] as number) - 1] ?? {};
      for (const [key, value] of Object.entries(printed))
        assert.deepEqual(line[key], value, `step ${String(line['step'])}: ${key}`);
      assert.deepEqual(Object.keys(line), Object.keys(printed), 'the same fields');
    }
    if (name === 'paper') {
      assert.equal(train[0]?.['has_max_margin'], true, 'p_mm is solved right after the step on E');
      assert.equal(train[19]?.['local_svm_step'], 20, "the run's end solves its own selection");
    } else {
      assert.equal(train[19]?.['has_max_margin'], true, "the run's end solves p_mm of its E");
    }
  });

  test(`${name}: the page's steps and Play give clslab train's metrics at every step`, async () => {
    const train = trainLines(name);
    assert.equal(train.length, 20);
    const h = await sessionHarness({ builtin: movies });
    try {
      await h.init({ ...overrides, steps: 20 });
      // Single steps ("Step"): the metrics the page holds once each step and its own work
      // are done (the solve after the step on E; at the run's end, p_local of its selection,
      // which goes on after the press): the snapshot whose plan says the step is settled.
      for (const expected of train) {
        const from = h.events.length;
        await h.send({ type: 'step', count: 1 });
        const settled = await h.waitFor(
          'metricsUpdated',
          from,
          (e) => e.metrics.step === expected.step && e.plan.settled,
        );
        assertSameMetrics(settled.metrics, expected, 'Step');
      }
      // Play from a reset: every snapshot it sends (at display rate), and the exact one
      // it stops on, match the native line of its step.
      await h.send({ type: 'reset' });
      const from = h.events.length;
      await h.send({ type: 'play' });
      const stopped = await h.waitFor('stopped', from);
      assert.equal(stopped.reason, 'finished');
      assert.equal(stopped.step, 20);
      const settledStop = await h.waitFor(
        'metricsUpdated',
        from,
        (e) => e.metrics.step === 20 && e.plan.settled,
      );
      const snapshots = h.events
        .slice(from)
        .flatMap((e) => (e.type === 'metricsUpdated' ? [e] : []));
      assert.ok(snapshots.length >= 2);
      for (const { metrics, plan } of snapshots) {
        // A snapshot before a step's blocking solve (p_mm after the step on E, the run
        // end's solves) is the page showing the step at once; the settled one follows.
        if (!plan.settled) continue;
        const expected = train[metrics.step - 1];
        assert.ok(expected, `a snapshot at step ${metrics.step}`);
        assertSameMetrics(metrics, expected, 'Play');
      }
      assert.equal(snapshots.at(-1)?.metrics.step, 20);
      // The run ends on the same verdicts as `clslab reproduce` of the same data and
      // settings: each panel's kind and message (issue 38, item 4). The details read each
      // driver's own history (a trend since a recorded step), so only the verdicts compare.
      // The settled step's guidance (its p_local solved) follows the settled snapshot.
      const guidance = await h.waitFor(
        'guidanceUpdated',
        h.events.indexOf(settledStop),
        (e) => e.step === 20,
      );
      const cli = JSON.parse(golden(`reproduce-${name}.json`)) as {
        guidance: { panels: Array<{ panel: string; kind: string; code: string }> };
      };
      assert.deepEqual(
        guidance.guidance.panels.map((p) => [p.panel, p.kind, p.code]),
        cli.guidance.panels.map((p) => [p.panel, p.kind, p.code]),
      );
    } finally {
      h.session.dispose();
    }
  });
}
