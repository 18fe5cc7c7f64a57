// Training in the worker: Play, a link's replay, the Step presses and the Solve button all
// drive core's one loop (Lab.work, core/include/clslab/work.h), which decides what is due
// (the steps, the p_mm solve, the flow's own att-SVM, the metrics history) and does it.
// This file only paces it (a budget of work per call from the measured speed, a speed cap,
// yields so Pause and pings are answered) and posts what each report says: snapshots at the
// rate the page can show them, the solve's progress, the stop. Metrics cost O(N + V d), so
// they are asked for at display rate, never per step, and exactly at the step a run stops:
// that is the step a test or a link reads.
import { failure, phrase } from '../localized.ts';
import type { Lab, StepKindName, WorkOrder, WorkReport } from 'clslab-wasm';
import type { StopReason, TokenColumns, WorkerEvent } from '../protocol.ts';
import type { LabHost } from './lab-host.ts';
import { RateWindow, WorkPace, capWait, cappedSteps } from './pace.ts';

export interface TrainingDeps {
  host: LabHost;
  post: (event: WorkerEvent) => void;
  now: () => number;
  yieldToEvents: () => Promise<void>;
  sleep: (milliseconds: number) => Promise<void>;
}

/** Snapshots go out at most this often while playing (about two frames)... */
const MIN_SNAPSHOT_MILLISECONDS = 33;
/** ... and no more often than keeps their cost under this share of the time. */
const SNAPSHOT_SHARE = 0.25;
/** Token columns (V floats x 2, redrawn as scatters) at most this often while playing. */
const COLUMNS_MILLISECONDS = 250;
/** Guidance (the selected tokens: O(N + V log V)) at most this often while playing. */
const GUIDANCE_MILLISECONDS = 2000;
/** The solve's progress goes to the page at most this often (each post repaints the
 *  progress line and bar); a new stage is said at once. */
const SOLVE_PROGRESS_MILLISECONDS = 100;
/** The progress of the flow's own att-SVM solved at a run's end (p_local of the final
 *  selection: minutes on a large upload) goes to the page at most this often. */
const LOCAL_PROGRESS_MILLISECONDS = 250;

/** One drive of the loop toward a step: a Play, a replay, a Step press, the Solve button. */
interface Drive {
  target: number;
  /** Play: said with 'started' and 'stopped', and held to the speed cap. */
  play: boolean;
  capped: boolean;
  stepKind: StepKindName;
  /** Set by Pause or by a command that changes the Lab: the loop leaves at its next turn. */
  stopped: 'paused' | 'interrupted' | null;
  /** The step was reached: a Play has said 'stopped'; what is left is the step's own work. */
  reached: boolean;
  /** Resolves the command that started it once its part is done (the step reached, its work
   *  done and shown); a run end's p_local goes on between messages. */
  release: () => void;
}

export class Training {
  private readonly pace = new WorkPace();
  private maxStepsPerSecond = 0;
  private run: Drive | null = null;
  /** The 'solving' task the page was told of, with its last progress post. */
  private solveTask: { saidAt: number; stage: string } | null = null;
  /** The 'localSvm' task (the run end's p_local) the page was told of, with its last
   *  progress post. */
  private localTask: { saidAt: number } | null = null;
  private lastSnapshotAt = Number.NEGATIVE_INFINITY;
  private lastColumnsAt = Number.NEGATIVE_INFINITY;
  /** Milliseconds the last snapshot took (metrics + columns), measured. */
  private snapshotCost = 0;
  private lastGuidanceAt = Number.NEGATIVE_INFINITY;
  /** A command stopped a drive under way (halt): what the run still owes is driven again
   *  once that command is done (resumeOwed). */
  private halted = false;

  constructor(private readonly deps: TrainingDeps) {}

  get isPlaying(): boolean {
    return this.run !== null && this.run.play && !this.run.reached && this.run.stopped === null;
  }

  setSpeed(stepsPerSecond: number): void {
    this.maxStepsPerSecond = Number.isFinite(stepsPerSecond) ? Math.max(0, stepsPerSecond) : 0;
  }

  /** The user's Pause: the loop stops after the call under way; a Play says 'stopped'. */
  pause(): void {
    this.stop('paused');
  }

  /** The user's Cancel of the solve the run owes: core records it declined, so the run goes
   *  on without it (a Play does not start it again; the Solve button asks for it anew). */
  cancelSolve(): void {
    if ((this.solveTask === null && this.localTask === null) || !this.deps.host.hasData()) return;
    const declined = this.deps.host.requireLab().cancel();
    if (declined === 'max_margin') this.endSolve('cancelled');
    // The run end's p_local: core records it declined (the metrics and the verdict say so);
    // the drive goes on to measure and explain the step without it.
    if (declined === 'local_svm_finish') this.endLocal('cancelled');
  }

  /** Ends the loop under way because another command changes the Lab; a Play says so. */
  halt(): void {
    const run = this.run;
    const playing = this.isPlaying;
    if (run !== null) this.halted = true;
    this.stop('interrupted');
    if (run !== null && playing) this.said('interrupted', '');
  }

  /** After a command that stopped a drive (a Step, a setting, a run imported), the solve the
   *  run still owes (the run end's p_local, p_mm) is driven again at once, as a task with its
   *  progress and Cancel: a solve is never owed unseen. A Pause stops no drive here (it
   *  ends the drive itself), so what it left owed waits for the next Play, as it says. */
  resumeOwed(onError: (error: unknown) => void): void {
    const halted = this.halted;
    this.halted = false;
    if (!halted || this.run !== null || !this.deps.host.hasData()) return;
    const lab = this.deps.host.requireLab();
    const next = lab.plan().next;
    if (next !== 'local_svm_finish' && next !== 'max_margin') return;
    this.drive(lab.step(), false, false, 'any').catch((error: unknown) => {
      this.stop('interrupted');
      onError(error);
    });
  }

  /** A Play withdrawn before it started, by a later Pause ('paused') or by new data loaded
   *  meanwhile ('interrupted'): said as a stop at this step (the page showed Pause from the
   *  press on, and now shows Play again). */
  playWithdrawn(reason: 'paused' | 'interrupted'): void {
    this.said(reason, '');
  }

  /** Starts Play and returns (the loop yields between calls). Without `target` it runs to
   *  the plan's target step at the speed cap; a `target` (a link's replay) is reached as
   *  fast as the machine goes. */
  play(onError: (error: unknown) => void, target?: number): void {
    if (this.isPlaying) return;
    const lab = this.deps.host.requireData(target === undefined ? 'play' : 'replay');
    const targetStep = target ?? lab.plan().targetStep;
    this.stop('interrupted'); // the step's own work left from before goes on in this drive
    if (targetStep > lab.step()) this.deps.post({ type: 'started', targetStep });
    const run = this.drive(targetStep, true, target === undefined, 'any');
    run.catch((error: unknown) => {
      this.stop('interrupted');
      onError(error);
    });
  }

  /** "Step", "Step E" (the step on E alone) and "Step p" (steps of the flow on p): the
   *  command ends once the steps and the p_mm solve they owe are done. */
  async step(kind: 'step' | 'stepEmbeddings' | 'stepAttention', count: number): Promise<void> {
    this.halt();
    const lab = this.deps.host.requireData('step');
    const stepKind =
      kind === 'stepEmbeddings' ? 'embeddings' : kind === 'stepAttention' ? 'flow' : 'any';
    await this.drive(lab.step() + count, false, false, stepKind, true);
  }

  /** The Solve button: p_mm of the current E, then the metrics that use it. A solution of
   *  this E is not solved again: its report is said again. */
  async solve(): Promise<void> {
    this.halt();
    const lab = this.deps.host.requireData('solve');
    lab.requestMaxMargin();
    const solving = lab.plan().next === 'max_margin';
    await this.drive(lab.step(), false, false, 'any', true);
    if (!solving) this.saySolved(lab);
  }

  /** What each panel should say now (core chooses from the measured values). */
  guide(lab: Lab): void {
    this.lastGuidanceAt = this.deps.now();
    this.deps.post({
      type: 'guidanceUpdated',
      guidance: lab.explain(),
      selection: lab.selection(),
      step: lab.step(),
    });
  }

  /** Metrics (and the token columns when asked) of the Lab as it is, for the page. Its cost
   *  counts from `started` (when a work call measured them before it). */
  snapshot(
    withColumns: boolean,
    targetStep: number,
    stepsPerSecond: number,
    started = this.deps.now(),
  ): void {
    const lab = this.deps.host.requireLab();
    const metrics = lab.metrics();
    const columns: TokenColumns | null = withColumns ? lab.scores() : null;
    const done = this.deps.now();
    this.snapshotCost = done - started;
    this.lastSnapshotAt = done;
    if (withColumns) this.lastColumnsAt = done;
    const plan = this.deps.host.plan();
    const memory = lab.memory();
    this.deps.post({
      type: 'metricsUpdated',
      metrics,
      columns,
      targetStep,
      stepsPerSecond,
      plan,
      memory,
    });
  }

  /** Drives the loop toward `target`; resolves (with `untilReleased`) once the command's
   *  part is done, else when the drive ends. */
  private drive(
    target: number,
    play: boolean,
    capped: boolean,
    stepKind: StepKindName,
    untilReleased = false,
  ): Promise<void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const run: Drive = { target, play, capped, stepKind, stopped: null, reached: false, release };
    this.run = run;
    const driven = this.loop(run).finally(() => {
      run.release();
      if (this.run === run) this.run = null;
    });
    if (!untilReleased) return driven;
    // The command waits for its part; the rest of the drive reports its own errors.
    driven.catch(() => undefined);
    return Promise.race([released, driven]);
  }

  private async loop(run: Drive): Promise<void> {
    const { now, yieldToEvents, sleep } = this.deps;
    const lab = this.deps.host.requireLab();
    const window = new RateWindow(now());
    let rate = 0;
    let plan = lab.plan();
    /** Snapshots at the target: none yet, one before its blocking solve, the settled one. */
    let atTarget: 'none' | 'early' | 'settled' = 'none';
    let shown = -1; // the step of the last snapshot
    let finishing = false; // the last call worked on a run end's p_local
    for (;;) {
      if (run.stopped !== null) return this.left(run, lab);
      // Read again: a command between calls (Cancel) may have changed what is owed.
      plan = lab.plan();
      if (!run.reached && plan.step >= run.target) {
        run.reached = true;
        if (run.play) this.said('finished', '');
      }
      if (plan.next === 'max_margin' && this.solveTask === null) this.announceSolve(lab);
      else if (plan.next !== 'max_margin') this.endSolve('cancelled'); // no longer owed
      // The run end's p_local is a task whenever this drive solves it: a Step pressed at a
      // run's end solves it before its step. A run that stops there shows its step first
      // (the stop's snapshot, below), then the task.
      if (plan.next === 'local_svm_finish' && !(run.reached && atTarget === 'none'))
        this.announceLocal(plan.step);
      const blocking = plan.next === 'max_margin' || plan.next === 'local_svm_finish';
      // What this call measures: the stop's snapshot at once (before the step's blocking
      // solve), then the settled one; while stepping, a snapshot at display rate.
      let measureAt = -1;
      let explain = false;
      let early = true;
      let columns = false;
      if (run.reached) {
        if (atTarget === 'none' || (atTarget === 'early' && plan.settled)) {
          measureAt = plan.step;
          explain = true;
          columns = atTarget === 'none';
          early = atTarget === 'none';
        }
      } else if (this.snapshotDue() && !(blocking && shown === plan.step)) {
        measureAt = plan.step;
        columns = this.columnsDue();
        explain = now() - this.lastGuidanceAt >= GUIDANCE_MILLISECONDS;
      }
      // The stop's first snapshot comes in the same task as 'stopped', whatever the budget:
      // the step's work before its blocking solve is bounded (its share, a history point).
      const stopSnapshot = run.reached && atTarget === 'none';
      const order: WorkOrder = {
        targetStep: run.target,
        budget: stopSnapshot ? Infinity : this.pace.budget,
        maxSteps: run.capped ? cappedSteps(this.maxStepsPerSecond) : Infinity,
        measureAt,
        measureBeforeSolves: early,
        explain,
        stepKind: run.stepKind,
      };
      const started = now();
      const report = lab.work(order);
      const worked = now() - started;
      if (!stopSnapshot) this.pace.measured(order.budget ?? 0, report.spent, worked);
      plan = report.plan;
      this.postSolves(lab, report, finishing);
      finishing = plan.next === 'local_svm_finish';
      if (!finishing) this.endLocal('done');
      if (report.metricsReady) {
        shown = report.steps.step;
        const stepping = run.play && !run.reached && report.steps.step < run.target;
        this.snapshot(columns, stepping ? run.target : 0, stepping ? rate : 0, started);
        if (report.guidanceReady) this.guide(lab);
        if (run.reached) atTarget = plan.settled ? 'settled' : 'early';
      }
      // The command's part is done once the step's work is (and its snapshot posted), or
      // once only a run end's p_local is left: that one goes on between messages.
      const onlyFinish = atTarget !== 'none' && plan.next === 'local_svm_finish';
      if (run.reached && (atTarget === 'settled' || onlyFinish)) run.release();
      // Then the run end's p_local is a task of its own, with its progress and Cancel: the
      // run's verdicts are final once it ends.
      if (onlyFinish) this.announceLocal(plan.step);
      if (report.stopped === 'refused') return this.refused(run, lab, report.steps.message);
      if (report.stopped === 'no_data') throw failure('error-needs-data', { action: 'train' });
      if (report.stopped === 'target' && atTarget === 'settled') return;
      rate = window.add(report.steps.taken, now());
      // One yield per call (a capped Play's wait is that yield), so that Pause, Cancel and
      // pings are read between calls.
      const wait = run.capped ? capWait(this.maxStepsPerSecond, report.steps.taken, worked) : 0;
      if (wait > 1) await sleep(wait);
      else await yieldToEvents();
    }
  }

  /** The solves' progress and ends, as each report says. `finishing`: the run end's p_local
   *  has had a call already (the first one drops a solve of a selection the flow has left). */
  private postSolves(lab: Lab, report: WorkReport, finishing: boolean): void {
    const { post, now } = this.deps;
    const task = this.solveTask;
    if (task !== null && report.maxMargin.active) {
      const stage = report.maxMargin.stage;
      if (now() - task.saidAt >= SOLVE_PROGRESS_MILLISECONDS || stage !== task.stage) {
        task.saidAt = now();
        task.stage = stage;
        post({
          type: 'taskProgress',
          task: 'solving',
          label: phrase('task-solving-stage', { stage, sweep: report.maxMargin.epochs }),
          done: 100 * report.maxMargin.estimate,
          total: 100,
          unit: 'percent',
        });
      }
    }
    if (task !== null && report.maxMarginEnded)
      this.endSolve(this.saySolved(lab) ? 'done' : 'failed');
    const local = report.localSvm;
    const finish = this.localTask;
    if (finish === null || !finishing || !local.active) return;
    if (now() - finish.saidAt < LOCAL_PROGRESS_MILLISECONDS) return;
    finish.saidAt = now();
    const counts = {
      step: local.step,
      sweep: local.epochs,
      active: local.activeConstraints,
      constraints: local.constraints,
      tolerance: local.tolerance,
    };
    // The gap is 0 until a certificate finds every constraint met (a hard margin).
    const words =
      local.gap > 0
        ? phrase('task-local-svm-progress', { ...counts, gap: local.gap })
        : phrase('task-local-svm-progress-no-gap', counts);
    post({
      type: 'taskProgress',
      task: 'localSvm',
      label: words,
      done: 100 * local.estimate,
      total: 100,
      unit: 'percent',
    });
  }

  /** The run's step is shown and only its p_local is left: the page shows it as a task
   *  that Cancel declines (Lab.cancel), with the solver's progress as it comes. */
  private announceLocal(step: number): void {
    if (this.localTask !== null) return;
    this.localTask = { saidAt: this.deps.now() };
    this.deps.post({
      type: 'taskStarted',
      task: 'localSvm',
      label: phrase('task-local-svm', { step }),
      cancellable: true,
      blockingMs: 0,
    });
  }

  /** The run end's p_local is no longer under way here: solved, declined, or left by a
   *  command that stopped the drive (the plan still owes it: the next Play solves it). */
  private endLocal(outcome: 'done' | 'cancelled'): void {
    if (this.localTask === null) return;
    this.localTask = null;
    this.deps.post({ type: 'taskEnded', task: 'localSvm', outcome });
  }

  /** The last solve's report, done or failed with the reason in it (the panel shows it),
   *  with the two p_mm columns alone (tokens() would also copy every string: ~120 ms at
   *  25,000 reviews). True when it solved. */
  private saySolved(lab: Lab): boolean {
    const report = lab.maxMarginReport();
    const scores = report.solved
      ? lab.maxMarginScores()
      : { all: new Float32Array(0), acyclic: new Float32Array(0) };
    this.deps.post({ type: 'maxMarginSolved', report, scores });
    return report.solved;
  }

  /** The p_mm solve is about to start: its set-up is one long call (O(N + K)), which the
   *  page's watchdog allows for; every call after it answers pings. */
  private announceSolve(lab: Lab): void {
    const blockingMs = Math.max(1000, lab.summary().trainTokens / 2000);
    this.solveTask = { saidAt: Number.NEGATIVE_INFINITY, stage: '' };
    this.deps.post({
      type: 'taskStarted',
      task: 'solving',
      label: phrase('task-solving'),
      cancellable: true,
      blockingMs,
    });
  }

  private endSolve(outcome: 'done' | 'cancelled' | 'failed'): void {
    if (this.solveTask === null) return;
    this.solveTask = null;
    this.deps.post({ type: 'taskEnded', task: 'solving', outcome });
  }

  /** Stops the drive under way (it leaves at its next turn); a solve it had announced ends
   *  now, so a command that follows may announce its own. */
  private stop(reason: 'paused' | 'interrupted'): void {
    const run = this.run;
    if (run !== null && run.stopped === null) run.stopped = reason;
    this.run = null;
    this.endSolve('cancelled');
    this.endLocal('cancelled');
  }

  /** The drive stopped: a paused Play says so, with the snapshot and guidance of the step
   *  reached (its bounded work done first: no solve); anything else leaves in silence. */
  private left(run: Drive, lab: Lab): void {
    if (run.stopped !== 'paused' || !run.play || run.reached) return;
    const step = lab.step();
    this.said('paused', '');
    lab.work({ targetStep: step, measureAt: step, measureBeforeSolves: true, explain: true });
    this.snapshot(true, 0, 0);
    this.guide(lab);
  }

  private refused(run: Drive, lab: Lab, message: string): void {
    run.release();
    if (this.run === run) this.run = null;
    this.said('refused', message);
    this.snapshot(true, 0, 0);
    this.guide(lab);
  }

  private said(reason: StopReason, message: string): void {
    const step = this.deps.host.hasData() ? this.deps.host.requireLab().step() : 0;
    this.deps.post({ type: 'stopped', reason, message, step });
  }

  private snapshotDue(): boolean {
    const wait = Math.max(MIN_SNAPSHOT_MILLISECONDS, this.snapshotCost / SNAPSHOT_SHARE);
    return this.deps.now() - this.lastSnapshotAt >= wait;
  }

  private columnsDue(): boolean {
    const wait = Math.max(COLUMNS_MILLISECONDS, this.snapshotCost / SNAPSHOT_SHARE);
    return this.deps.now() - this.lastColumnsAt >= wait;
  }
}
