// The worker session driven in Node with the real wasm module: commands in, events out,
// exactly as the browser worker runs it (entry.ts only adapts `self`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { corpus, sessionHarness } from './support.ts';
import type { WorkerEvent } from '../../web/src/protocol.ts';

test('init loads the configured dataset from fetched text and sends its token statistics', async () => {
  const h = await sessionHarness();
  await h.init();
  const ready = h.last('ready');
  assert.ok(
    ready.fields.some((f) => f.key === 'width'),
    'the field table came from the module',
  );
  const loaded = h.last('datasetLoaded');
  assert.ok(loaded.summary.trainReviews > 0);
  const metrics = h.ofType('metricsUpdated')[0];
  assert.ok(metrics?.columns, 'the first metrics carry the token columns');
  assert.equal(metrics.columns.value.length, loaded.statistics.tokens.length);
  h.session.dispose();
});

test('the synthetic dataset is generated without fetching anything', async () => {
  let fetched = false;
  const h = await sessionHarness({ onBuiltinFetch: () => (fetched = true) });
  await h.init({ dataset: 'synthetic' });
  assert.equal(fetched, false);
  assert.ok(h.last('datasetLoaded').summary.trainReviews > 0);
  h.session.dispose();
});

test('play sends snapshots whose loss falls, then stops at the budget with exact metrics', async () => {
  const h = await sessionHarness();
  await h.init({ protocol: 'joint', optimizer: 'adam', steps: 60 });
  // Capped at 300 steps/s the run lasts 0.2 s: several snapshots at display rate.
  await h.send({ type: 'setSpeed', stepsPerSecond: 300 });
  const from = h.events.length;
  await h.send({ type: 'play' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.reason, 'finished');
  assert.equal(stopped.step, 60);
  const played = h.events.slice(from).filter((e) => e.type === 'metricsUpdated');
  assert.ok(played.length >= 2, `at least two snapshots (got ${played.length})`);
  // The run ends on a snapshot at exactly the step reached: the one a link replays to.
  assert.equal(h.lastMetrics()?.step, 60);
  const losses = h.ofType('metricsUpdated').map((e) => e.metrics.trainLoss);
  // Log 2 = 0.693 at p = 0; 60 Adam steps on a separable corpus must clearly lower it.
  assert.ok((losses.at(-1) ?? NaN) < (losses[0] ?? NaN) - 0.05, `loss fell: ${losses.join(', ')}`);
  h.session.dispose();
});

test('pause stops further steps at once, with a snapshot at the step reached', async () => {
  const h = await sessionHarness({ builtin: corpus(400) });
  await h.init({ steps: 100000 });
  const from = h.events.length;
  await h.send({ type: 'play' });
  await h.waitFor('metricsUpdated', from, (e) => e.metrics.step >= 3);
  await h.send({ type: 'pause' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.reason, 'paused');
  assert.equal(h.lastMetrics()?.step, stopped.step);
  assert.ok(stopped.step < 100000, 'paused before the budget');
  const count = h.events.length;
  await new Promise((resolve) => setTimeout(resolve, 200));
  // Only the flow's own att-SVM may still finish (same step, new metrics): no step is taken.
  const later = h.events.slice(count);
  assert.ok(
    later.every((e) => e.type === 'guidanceUpdated' || e.type === 'metricsUpdated'),
    later.map((e) => e.type).join(', '),
  );
  for (const e of later)
    if (e.type === 'metricsUpdated') assert.equal(e.metrics.step, stopped.step);
  h.session.dispose();
});

test("after a run the flow's own att-SVM is solved to the end: its metrics and guidance follow", async () => {
  // A clock that runs 40 ms per reading ends every time budget after one slice (about 100
  // coordinate updates), so the solve of the last selection outlasts the stop's snapshot.
  let clock = 0;
  const h = await sessionHarness({ builtin: corpus(400), now: () => (clock += 40) });
  // Every word kept: the default cut leaves each review one word, and nothing to solve.
  await h.init({ protocol: 'paper', steps: 60, max_doc_share: 1, drop_unknown: false });
  const from = h.events.length;
  await h.send({ type: 'play' });
  const stopped = await h.waitFor('stopped', from);
  assert.equal(stopped.step, 60);
  const atStop = h.events.indexOf(stopped);
  const solved = await h.waitFor(
    'metricsUpdated',
    atStop,
    (e) => e.metrics.hasLocalSvm && e.metrics.localSelectionCurrent,
    20000,
  );
  assert.equal(solved.metrics.step, 60);
  // Meanwhile the page heard that it is under way, as a task it can cancel, for the
  // selection at the stop: a solve Play started at an earlier step, for a selection the flow
  // has left, gave way to it.
  const between = h.events.slice(atStop, h.events.indexOf(solved));
  const started = between.find((e) => e.type === 'taskStarted' && e.task === 'localSvm');
  assert.ok(started?.type === 'taskStarted' && started.cancellable, 'a cancellable task');
  const progress = between.filter((e) => e.type === 'taskProgress' && e.task === 'localSvm');
  assert.ok(progress.length > 0, 'progress of the solve after the stop');
  for (const e of progress) {
    assert.ok(e.type === 'taskProgress');
    assert.match(e.label.id, /^task-local-svm-progress/);
    assert.equal(e.label.args['step'], 60);
    assert.ok(Number(e.label.args['constraints']) >= Number(e.label.args['active']));
    assert.ok(e.done >= 0 && e.done <= 100);
  }
  assert.ok(
    h.events.some((e) => e.type === 'taskEnded' && e.task === 'localSvm' && e.outcome === 'done'),
  );
  const guidance = await h.waitFor('guidanceUpdated', h.events.indexOf(solved));
  assert.ok(
    !guidance.guidance.panels.some((line) =>
      line.details.some(
        (d) =>
          d.code === 'result2-local' && d.args.some((a) => a.name === 'current' && a.text === 'no'),
      ),
    ),
    "the guidance quotes the current selection's SVM",
  );
  h.session.dispose();
});

test("Cancel during the run end's att-SVM keeps the run: the verdict names the cancellation", async () => {
  // The clock of the test above: the solve of the last selection outlasts the stop.
  let clock = 0;
  const h = await sessionHarness({ builtin: corpus(400), now: () => (clock += 40) });
  await h.init({ protocol: 'paper', steps: 60, max_doc_share: 1, drop_unknown: false });
  const from = h.events.length;
  await h.send({ type: 'play' });
  const stopped = await h.waitFor('stopped', from);
  const atStop = h.events.indexOf(stopped);
  const checksum = h.lastMetrics()?.checksum;
  await h.waitFor('taskProgress', atStop, (e) => e.task === 'localSvm', 20000);
  await h.send({ type: 'cancel' });
  const ended = await h.waitFor('taskEnded', atStop, (e) => e.task === 'localSvm');
  assert.equal(ended.outcome, 'cancelled');
  const after = await h.waitFor(
    'metricsUpdated',
    h.events.indexOf(ended),
    (e) => e.metrics.localSvmCancelled,
  );
  assert.equal(after.metrics.step, 60);
  assert.equal(after.metrics.checksum, checksum, 'the weights stay');
  assert.ok(after.metrics.hasMaxMargin, 'p_mm, solved after the step on E, stays');
  const guidance = await h.waitFor('guidanceUpdated', h.events.indexOf(after));
  const result2 = guidance.guidance.panels.find((f) => f.panel === 'result2');
  assert.ok(
    result2?.code === 'result2-off-cancelled' ||
      result2?.details.some((d) => d.code === 'result2-local-cancelled'),
  );
  assert.notEqual(result2?.code, 'result2-instead');
  // Play goes on from the run it kept: the next run's end solves its own p_local.
  const again = h.events.length;
  await h.send({ type: 'play' });
  const next = await h.waitFor('stopped', again);
  assert.equal(next.step, 120);
  h.session.dispose();
});

test("a Step p that passes a run's end shows that end's att-SVM as a task before its steps", async () => {
  // The clock of the tests above: the solve of the selection at step 60 takes many calls.
  let clock = 0;
  const h = await sessionHarness({ builtin: corpus(400), now: () => (clock += 40) });
  await h.init({ protocol: 'paper', steps: 60, max_doc_share: 1, drop_unknown: false });
  await h.send({ type: 'stepEmbeddings' });
  await h.send({ type: 'stepAttention', count: 55 });
  assert.equal(h.lastMetrics()?.step, 56);
  const from = h.events.length;
  // Step p takes 10 steps: step 60 is a run's end, whose p_local blocks the step after it.
  await h.send({ type: 'stepAttention', count: 10 });
  assert.equal(h.lastMetrics()?.step, 66);
  const during = h.events.slice(from);
  const started = during.findIndex((e) => e.type === 'taskStarted' && e.task === 'localSvm');
  assert.ok(started >= 0, 'the solve at step 60 is a task the page shows');
  const begun = during[started];
  assert.ok(begun?.type === 'taskStarted' && begun.cancellable);
  assert.equal(begun.label.args['step'], 60);
  const ended = during.findIndex((e) => e.type === 'taskEnded' && e.task === 'localSvm');
  assert.ok(ended > started, 'and ends');
  assert.ok(
    during.slice(started, ended).some((e) => e.type === 'taskProgress' && e.task === 'localSvm'),
    'with its progress',
  );
  const after = during.findIndex((e) => e.type === 'metricsUpdated' && e.metrics.step > 60);
  assert.ok(after > ended, 'before the steps after it');
  h.session.dispose();
});

test("a setting changed during the run end's att-SVM: the solve it still owes is a task again", async () => {
  let clock = 0;
  const h = await sessionHarness({ builtin: corpus(400), now: () => (clock += 40) });
  await h.init({ protocol: 'paper', steps: 60, max_doc_share: 1, drop_unknown: false });
  const from = h.events.length;
  await h.send({ type: 'play' });
  const stopped = await h.waitFor('stopped', from);
  await h.waitFor('taskProgress', h.events.indexOf(stopped), (e) => e.task === 'localSvm', 20000);
  // C of the soft margin: core forgets the solutions, and the run end owes p_local anew.
  const change = h.events.length;
  await h.send({
    type: 'applySettings',
    configJson: h.configWith({
      protocol: 'paper',
      steps: 60,
      max_doc_share: 1,
      drop_unknown: false,
      svm_c: 50,
    }),
  });
  assert.equal(h.last('settingsApplied').effect, 'solver');
  const applied = h.events.indexOf(h.last('settingsApplied'));
  assert.ok(applied >= change);
  const again = await h.waitFor('taskStarted', applied, (e) => e.task === 'localSvm', 20000);
  assert.ok(again.cancellable);
  assert.equal(again.label.args['step'], 60);
  await h.waitFor('taskProgress', h.events.indexOf(again), (e) => e.task === 'localSvm', 20000);
  await h.send({ type: 'cancel' });
  const ended = await h.waitFor('taskEnded', h.events.indexOf(again), (e) => e.task === 'localSvm');
  assert.equal(ended.outcome, 'cancelled');
  const after = await h.waitFor(
    'metricsUpdated',
    h.events.indexOf(ended),
    (e) => e.metrics.localSvmCancelled,
  );
  assert.equal(after.metrics.step, 60);
  h.session.dispose();
});

test('settings the module rejects fail for their request, naming the setting', async () => {
  const h = await sessionHarness();
  await h.init();
  const id = await h.send({ type: 'applySettings', configJson: h.configWith({ width: -5 }) });
  const failed = h.failureOf(id);
  assert.ok(failed, 'a failure for that request');
  assert.equal(failed.command, 'applySettings');
  assert.match(failed.message, /width/);
  h.session.dispose();
});

test('each setting does what its effect says: run length keeps the weights, width resets them', async () => {
  const h = await sessionHarness();
  await h.init();
  await h.send({ type: 'step', count: 3 });
  const trained = h.lastMetrics()?.checksum;
  await h.send({ type: 'applySettings', configJson: h.configWith({ steps: 50 }) });
  const applied = h.last('settingsApplied');
  assert.equal(applied.effect, 'run-length');
  assert.equal(JSON.parse(h.module.decodeShareLink(applied.shareHash).configJson).steps, 50);
  assert.equal(h.lastMetrics()?.checksum, trained);
  await h.send({ type: 'applySettings', configJson: h.configWith({ steps: 50, width: 16 }) });
  assert.equal(h.last('settingsApplied').effect, 'weights');
  assert.equal(h.lastMetrics()?.step, 0);
  h.session.dispose();
});

test('a rebuild of the data is a task: the new settings, data and step 0 arrive inside it', async () => {
  // The page holds Play and shows the task while the worker rebuilds (a recipe's
  // vocabulary, say), instead of the old run's step against the new plan.
  const h = await sessionHarness({ builtin: corpus(300) });
  await h.init();
  await h.send({ type: 'step', count: 3 });
  const from = h.events.length;
  await h.send({ type: 'applySettings', configJson: h.configWith({ seed: 5 }) });
  const types = h.events.slice(from).map((e) => e.type);
  const started = types.indexOf('taskStarted');
  const ended = types.indexOf('taskEnded');
  assert.ok(started >= 0 && ended > started, types.join(', '));
  const inside = types.slice(started + 1, ended);
  for (const type of ['settingsApplied', 'datasetLoaded', 'metricsUpdated'] as const)
    assert.ok(inside.includes(type), `${type} inside the task: ${types.join(', ')}`);
  const task = h.events[from + started];
  assert.ok(task?.type === 'taskStarted' && task.task === 'loading' && !task.cancellable);
  assert.equal(h.lastMetrics()?.step, 0);
  h.session.dispose();
});

test('a seed change rebuilds the split and vocabulary: a fresh page on the link agrees', async () => {
  const h = await sessionHarness({ builtin: corpus(300) });
  await h.init();
  const before = h.last('datasetLoaded').summary;
  await h.send({ type: 'applySettings', configJson: h.configWith({ seed: 5 }) });
  assert.equal(h.last('settingsApplied').effect, 'pipeline');
  const rebuilt = h.last('datasetLoaded').summary;
  assert.notDeepEqual(
    [rebuilt.trainPositive, rebuilt.trainTokens],
    [before.trainPositive, before.trainTokens],
    'another split',
  );
  await h.send({ type: 'step', count: 4 });
  const link = h.last('settingsApplied').shareHash;
  const fresh = await sessionHarness({ builtin: corpus(300) });
  await fresh.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: link });
  assert.deepEqual(fresh.last('datasetLoaded').summary, rebuilt);
  await fresh.send({ type: 'runTo', step: 4 });
  await fresh.waitFor('stopped');
  assert.equal(fresh.lastMetrics()?.checksum, h.lastMetrics()?.checksum);
  h.session.dispose();
  fresh.session.dispose();
});

test('reset with the same seed gives the same checksum', async () => {
  const h = await sessionHarness();
  await h.init();
  const initial = h.lastMetrics()?.checksum;
  await h.send({ type: 'step', count: 5 });
  const afterSteps = h.lastMetrics()?.checksum;
  assert.notEqual(afterSteps, initial, 'training changed the weights');
  await h.send({ type: 'reset' });
  assert.equal(h.lastMetrics()?.step, 0);
  assert.equal(h.lastMetrics()?.checksum, initial);
  await h.send({ type: 'step', count: 5 });
  assert.equal(h.lastMetrics()?.checksum, afterSteps);
  h.session.dispose();
});

/** Settings whose p_mm solve takes many slices: cycles in the constraints of 20,000
 *  infeasible synthetic reviews and a stiff soft margin (C = 100). */
const LONG_SOLVE = {
  dataset: 'synthetic',
  synthetic_reviews: 20000,
  synthetic_feasible: false,
  width: 256,
  svm_c: 100,
} as const;

test('the solve says its progress at most every 100 ms of its clock, and each new stage at once', async () => {
  // A clock that moves 3 ms a reading: a call is a few readings, so without the limit
  // every call (a few ms) would post; with it, posts of one stage are >= 100 ms apart.
  let clock = 0;
  const h = await sessionHarness({ now: () => (clock += 3) });
  await h.init(LONG_SOLVE);
  const stamped: Array<{ at: number; stage: string }> = [];
  const push = h.events.push.bind(h.events);
  h.events.push = (...added: WorkerEvent[]) => {
    for (const e of added)
      if (e.type === 'taskProgress' && e.task === 'solving')
        stamped.push({ at: clock, stage: String(e.label.args['stage'] ?? '') });
    return push(...added);
  };
  await h.send({ type: 'stepEmbeddings' });
  assert.equal(h.last('taskEnded').outcome, 'done');
  const solveTime = clock; // the clock's reach over the run: bounds how many posts may be
  assert.ok(stamped.length > 0, 'the solve said nothing while it ran');
  for (let k = 1; k < stamped.length; k++) {
    const [was, is] = [stamped[k - 1], stamped[k]];
    if (was === undefined || is === undefined) continue;
    if (is.stage === was.stage)
      assert.ok(
        is.at - was.at >= 100,
        `posts ${k - 1}, ${k} of "${is.stage}": ${is.at - was.at} ms apart`,
      );
  }
  const stages = new Set(stamped.map((s) => s.stage)).size;
  assert.ok(stamped.length <= solveTime / 100 + stages + 1);
  h.session.dispose();
});

test('the step on E is followed by the solve, as a task, so cos(p, p_mm) is known at once', async () => {
  const h = await sessionHarness();
  await h.init({ max_doc_share: 1, drop_unknown: false }); // this corpus's words are few
  const from = h.events.length;
  await h.send({ type: 'stepEmbeddings' });
  const types = h.events.slice(from).map((e) => e.type);
  assert.deepEqual(
    types.filter((t) => t === 'taskStarted' || t === 'taskEnded' || t === 'maxMarginSolved'),
    ['taskStarted', 'maxMarginSolved', 'taskEnded'],
  );
  // Between them only progress, in percent, never going back.
  const progress = h.ofType('taskProgress').filter((e) => e.task === 'solving');
  for (const [k, e] of progress.entries()) {
    assert.equal(e.unit, 'percent');
    assert.ok(e.done >= 0 && e.done <= 100 && e.total === 100);
    if (k > 0)
      assert.ok(
        e.done >= (progress[k - 1]?.done ?? 0) || /^acyclic_/.test(String(e.label.args['stage'])),
      );
  }
  assert.equal(h.last('taskEnded').outcome, 'done');
  const report = h.last('maxMarginSolved').report;
  assert.ok(report.constraints > 0 && report.reviews > 0);
  assert.ok(report.constraintInstances >= report.constraints);
  const stepped = h.lastMetrics();
  assert.equal(stepped?.step, 1);
  assert.equal(stepped?.hasPredictedSlope, true);
  assert.equal(stepped?.hasMaxMargin, report.solved);
  // A joint step changes E: the solution no longer applies.
  await h.send({ type: 'applySettings', configJson: h.configWith({ protocol: 'joint' }) });
  await h.send({ type: 'step', count: 1 });
  assert.equal(h.lastMetrics()?.hasMaxMargin, false);
  h.session.dispose();
});

test('Cancel during the solve ends it at once: no solution, and the run is where it was', async () => {
  const h = await sessionHarness();
  await h.init(LONG_SOLVE);
  const from = h.events.length;
  const stepping = h.send({ type: 'stepEmbeddings' });
  await h.waitFor('taskProgress', from, (e) => e.task === 'solving');
  await h.send({ type: 'cancel' });
  await stepping;
  const ended = h.events.slice(from).filter((e) => e.type === 'taskEnded');
  assert.deepEqual(
    ended.map((e) => e.type === 'taskEnded' && e.outcome),
    ['cancelled'],
  );
  assert.equal(h.events.slice(from).filter((e) => e.type === 'maxMarginSolved').length, 0);
  assert.equal(h.lastMetrics()?.step, 1);
  assert.equal(h.lastMetrics()?.hasMaxMargin, false);
  // Solving again finishes and gives a solution.
  await h.send({ type: 'solveMaxMargin' });
  assert.equal(h.last('taskEnded').outcome, 'done');
  assert.equal(h.lastMetrics()?.hasMaxMargin, true);
  h.session.dispose();
});

test('a Play sent during a solve waits for it and starts; a Pause sent after it withdraws it', async () => {
  const h = await sessionHarness();
  // The Play is queued behind the solve.
  await h.init({ ...LONG_SOLVE, steps: 3 });
  let from = h.events.length;
  let stepping = h.send({ type: 'stepEmbeddings' });
  await h.waitFor('taskProgress', from, (e) => e.task === 'solving');
  const played = h.send({ type: 'play' });
  await stepping;
  await played;
  await h.waitFor('stopped', from);
  const order = h.events
    .slice(from)
    .map((e) => e.type)
    .filter((t) => t === 'taskEnded' || t === 'started' || t === 'stopped');
  assert.deepEqual(order, ['taskEnded', 'started', 'stopped'], 'the Play ran after the solve');
  assert.equal(h.last('stopped').reason, 'finished');

  // The page shows Pause from the press on: a Pause overtakes the queued Play (Pause is
  // immediate), and the Play then does not start; the stop is said at the step reached.
  await h.send({ type: 'reset' });
  from = h.events.length;
  stepping = h.send({ type: 'stepEmbeddings' });
  await h.waitFor('taskProgress', from, (e) => e.task === 'solving');
  const withdrawn = h.send({ type: 'play' });
  await h.send({ type: 'pause' });
  await stepping;
  await withdrawn;
  const after = h.events.slice(from);
  assert.equal(after.filter((e) => e.type === 'started').length, 0, 'no run started');
  const stopped = h.last('stopped');
  assert.equal(stopped.reason, 'paused');
  assert.equal(stopped.step, 1);
  assert.equal(h.lastMetrics()?.step, 1);
  h.session.dispose();
});

test('ping is answered at once with its id', async () => {
  const h = await sessionHarness();
  const id = await h.send({ type: 'ping' });
  assert.equal(h.last('pong').request, id);
  h.session.dispose();
});

test("a link's run beyond the longest run is refused in words, and nothing runs", async () => {
  const h = await sessionHarness();
  await h.init();
  const id = await h.send({ type: 'runTo', step: 5_000_000 });
  const failed = h.failureOf(id);
  assert.ok(failed, 'a failure for that request');
  assert.match(failed.message, /1000000/);
  assert.equal(h.ofType('started').length, 0, 'no replay started');
  h.session.dispose();
});
