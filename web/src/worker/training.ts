// Training in the worker: Play (time-sliced, pausable), single steps, the attention-SVM
// solve (which follows the step on E on its own), and the snapshots the page draws. Metrics
// cost O(N + V d), so they are computed at the rate the page can show them, never per step,
// and exactly at the step where a run stops: that is the step a test or a link reads.
import type { Lab, StepReport } from 'clslab-wasm';
import type { StopReason, TokenColumns, WorkerEvent } from '../protocol.ts';
import { isPaperProtocol, stepsOf } from './data-source.ts';
import type { LabHost } from './lab-host.ts';
import { PlayLoop } from './play-loop.ts';

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

export class Training {
  private readonly loop = new PlayLoop();
  private lastSnapshotAt = Number.NEGATIVE_INFINITY;
  private lastColumnsAt = Number.NEGATIVE_INFINITY;
  /** Milliseconds the last snapshot took (metrics + columns), measured. */
  private snapshotCost = 0;
  private lastGuidanceAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: TrainingDeps) {}

  get isPlaying(): boolean {
    return this.loop.isRunning;
  }

  setSpeed(stepsPerSecond: number): void {
    this.loop.setSpeed(stepsPerSecond);
  }

  pause(): void {
    this.loop.pause();
  }

  /** Ends a running Play because another command changes the Lab; says so when it was. */
  halt(): void {
    if (this.loop.halt()) {
      const step = this.deps.host.hasData() ? this.deps.host.requireLab().step() : 0;
      this.deps.post({ type: 'stopped', reason: 'interrupted', message: '', step });
    }
  }

  /** Starts Play and returns (the loop yields between chunks). Without `target` it runs
   *  to the `steps` setting, or that many more when already past it, at the speed cap; a
   *  `target` (a link's replay) is reached as fast as the machine goes. */
  play(onError: (error: unknown) => void, target?: number): void {
    if (this.loop.isRunning) return;
    const lab = this.deps.host.requireData(target === undefined ? 'Play' : 'replaying a link');
    const steps = stepsOf(lab.configJson());
    const start = lab.step();
    const targetStep = target ?? (start < steps ? steps : start + steps);
    if (targetStep <= start) {
      // Nothing to run (a link's step is already reached): say so, with exact metrics.
      this.snapshot(true, 0, 0);
      this.deps.post({ type: 'stopped', reason: 'finished', message: '', step: start });
      return;
    }
    const { post, now, yieldToEvents, sleep } = this.deps;
    post({ type: 'started', targetStep });
    this.loop
      .run(targetStep, {
        advance: (count) => lab.advance(count),
        currentStep: () => lab.step(),
        maxChunk: () => (lab.step() === 0 && isPaperProtocol(lab.configJson()) ? 1 : Infinity),
        afterChunk: async (report, stepsPerSecond) => {
          await this.afterStep(lab, report);
          if (this.snapshotDue()) this.snapshot(this.columnsDue(), targetStep, stepsPerSecond);
          if (this.deps.now() - this.lastGuidanceAt >= GUIDANCE_MILLISECONDS) this.guide(lab);
        },
        ended: (reason, message) => this.ended(lab, reason, message),
        yieldToEvents,
        now,
        sleep,
      }, target === undefined)
      .catch((error: unknown) => {
        this.loop.halt();
        onError(error);
      });
  }

  /** One training call outside Play ("Step", "Step E", "Step p"). */
  async step(kind: 'step' | 'stepEmbeddings' | 'stepAttention', count: number): Promise<void> {
    this.halt();
    const lab = this.deps.host.requireData(`"${kind}"`);
    const report =
      kind === 'stepEmbeddings'
        ? lab.stepEmbeddings()
        : kind === 'stepAttention'
          ? lab.stepAttention(count)
          : lab.advance(count);
    await this.afterStep(lab, report);
    this.snapshot(true, 0, 0);
    this.guide(lab);
    if (report.refused)
      this.deps.post({
        type: 'stopped',
        reason: 'refused',
        message: report.message,
        step: lab.step(),
      });
  }

  /** Solves the attention-SVM for the current E and posts the report and the metrics
   *  that use it (cos(p, p_mm), the margin). */
  async solve(): Promise<void> {
    this.halt();
    const lab = this.deps.host.requireData('solving for p_mm');
    this.solveNow(lab);
    this.snapshot(false, 0, 0);
    this.guide(lab);
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

  /** Metrics (and the token columns when asked) of the Lab as it is, for the page. */
  snapshot(withColumns: boolean, targetStep: number, stepsPerSecond: number): void {
    const lab = this.deps.host.requireLab();
    const started = this.deps.now();
    const metrics = lab.metrics();
    const columns: TokenColumns | null = withColumns ? lab.scores() : null;
    const done = this.deps.now();
    this.snapshotCost = done - started;
    this.lastSnapshotAt = done;
    if (withColumns) this.lastColumnsAt = done;
    this.deps.post({ type: 'metricsUpdated', metrics, columns, targetStep, stepsPerSecond });
  }

  /** The step on E makes the selected tokens (and so p_mm) known: solve at once, so that
   *  cos(p, p_mm) and the margin are curves from the first flow step. */
  private async afterStep(lab: Lab, report: StepReport): Promise<void> {
    if (report.refused || report.phase !== 'embeddings stepped' || lab.maxMarginCurrent()) return;
    this.solveNow(lab);
    await this.deps.yieldToEvents();
  }

  private solveNow(lab: Lab): void {
    const { post } = this.deps;
    // The solver is one call until it can be sliced: the watchdog allows for it (a few
    // seconds on 25,000 reviews).
    const blockingMs = Math.max(1000, lab.summary().trainTokens / 2000);
    post({
      type: 'taskStarted',
      task: 'solving',
      label: 'Solving for p_mm',
      cancellable: false,
      blockingMs,
    });
    let outcome: 'done' | 'failed' = 'failed';
    try {
      const report = lab.solveMaxMargin();
      outcome = 'done';
      const table = lab.tokens();
      const scores = { all: table.maxMarginAttention, acyclic: table.maxMarginAttentionAcyclic };
      post({ type: 'maxMarginSolved', report, scores });
    } finally {
      post({ type: 'taskEnded', task: 'solving', outcome });
    }
  }

  private ended(lab: Lab, reason: StopReason, message: string): void {
    // The run ends on exact metrics and current columns at the step it reached.
    this.snapshot(true, 0, 0);
    this.guide(lab);
    this.deps.post({ type: 'stopped', reason, message, step: lab.step() });
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
