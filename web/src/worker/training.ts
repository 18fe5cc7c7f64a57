// Training in the worker: Play (time-sliced, pausable), single steps, the attention-SVM
// solve, and the snapshots the page draws. What the run does next (how far Play goes, the
// step on E alone, the solve it owes) is core's run plan (run_plan.h), which every report
// carries; this file only slices time around it, as `clslab train` does in one go. Metrics
// cost O(N + V d), so they are computed at the rate the page can show them, never per step,
// and exactly at the step where a run stops: that is the step a test or a link reads.
import type { Lab, MaxMarginProgress, RunPlan } from 'clslab-wasm';
import type { StopReason, TokenColumns, WorkerEvent } from '../protocol.ts';
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
/** One slice of the attention-SVM solve: Pause and Cancel wait at most about this long. */
const SOLVE_SLICE_MILLISECONDS = 25;
/** The solve's progress goes to the page at most this often (each post repaints the
 *  progress line and bar: every slice was ~36 repaints a second of a number no one reads
 *  at that rate); a new stage is said at once. */
const SOLVE_PROGRESS_MILLISECONDS = 100;
/** Play's share of the att-SVM of the flow's own selection (core local_svm.h): one slice of
 *  about this long after each chunk, so Pause still answers within a chunk and a slice. */
const LOCAL_SLICE_MILLISECONDS = 8;
/** When a run ends, its last selection's solve may take this long more (in slices)
 *  before the stop's snapshot; what is left is solved after it, between messages. */
const LOCAL_FINISH_MILLISECONDS = 150;
/** The solver's stopping gap (core experiment_max_margin.cpp): the progress estimate's end. */
const SOLVE_TOLERANCE = 1e-3;
/** How often the page hears of the flow's own att-SVM solved after a run. */
const LOCAL_PROGRESS_MILLISECONDS = 250;

export class Training {
  private readonly loop = new PlayLoop();
  private lastSnapshotAt = Number.NEGATIVE_INFINITY;
  private lastColumnsAt = Number.NEGATIVE_INFINITY;
  /** Milliseconds the last snapshot took (metrics + columns), measured. */
  private snapshotCost = 0;
  private lastGuidanceAt = Number.NEGATIVE_INFINITY;
  /** Bumped to stop a solve under way (Cancel, Pause, another command). */
  private solveGeneration = 0;
  /** The step at which the user cancelled the solve the plan owed: Play goes on without
   *  it (a Pause only interrupts it: Play resumes it). -1: none. */
  private declinedAt = -1;
  /** Coordinate updates per slice of the flow's own att-SVM, rescaled to its duration. */
  private localBudget = 1000;
  /** The last slice's progress of the flow's own att-SVM (its stage names the step). */
  private localProgress: MaxMarginProgress | null = null;
  /** Bumped to stop the att-SVM of the flow's own selection finishing after a run. */
  private localGeneration = 0;

  constructor(private readonly deps: TrainingDeps) {}

  get isPlaying(): boolean {
    return this.loop.isRunning;
  }

  setSpeed(stepsPerSecond: number): void {
    this.loop.setSpeed(stepsPerSecond);
  }

  pause(): void {
    this.loop.pause();
    this.solveGeneration++;
    this.localGeneration++;
  }

  /** The user's Cancel: stops a solve under way after its current slice (it reports
   *  'cancelled'), and a running Play does not start it again at this step. */
  cancelSolve(): void {
    this.solveGeneration++;
    this.declinedAt = this.deps.host.hasData() ? this.deps.host.requireLab().step() : -1;
  }

  /** Ends a running Play because another command changes the Lab; says so when it was. */
  halt(): void {
    this.solveGeneration++;
    this.localGeneration++;
    this.declinedAt = -1;
    if (this.loop.halt()) {
      const step = this.deps.host.hasData() ? this.deps.host.requireLab().step() : 0;
      this.deps.post({ type: 'stopped', reason: 'interrupted', message: '', step });
    }
  }

  /** A Play withdrawn by a later Pause before it started: said as a pause at this step (the
   *  page showed Pause from the press on, and now shows Play again). */
  playWithdrawn(): void {
    const step = this.deps.host.hasData() ? this.deps.host.requireLab().step() : 0;
    this.deps.post({ type: 'stopped', reason: 'paused', message: '', step });
  }

  /** Starts Play and returns (the loop yields between chunks). Without `target` it runs
   *  to the plan's target step at the speed cap; a `target` (a link's replay) is reached as
   *  fast as the machine goes. */
  play(onError: (error: unknown) => void, target?: number): void {
    if (this.loop.isRunning) return;
    const lab = this.deps.host.requireData(target === undefined ? 'Play' : 'replaying a link');
    const start = lab.step();
    const targetStep = target ?? lab.plan().targetStep;
    if (targetStep <= start) {
      // Nothing to run (a link's step is already reached): said as any run's end is.
      this.ended(lab, 'finished', '');
      return;
    }
    const { post, now, yieldToEvents, sleep } = this.deps;
    this.localGeneration++;
    post({ type: 'started', targetStep });
    this.loop
      .run(
        targetStep,
        {
          advance: (count) => lab.advance(count),
          currentStep: () => lab.step(),
          maxChunk: () => lab.plan().maxChunk,
          beforeChunk: async () => {
            // A solve Pause cut short is owed again when Play resumes.
            if (await this.doDueWork(lab, lab.plan())) this.snapshot(false, targetStep, 0);
          },
          afterChunk: async (report, stepsPerSecond) => {
            await this.doDueWork(lab, report.plan);
            this.solveLocal(lab, LOCAL_SLICE_MILLISECONDS);
            // The snapshot's metrics (~60 ms at 25,000 reviews in wasm) are measured in
            // parts (core ContinueMetrics), the guidance (~27 ms) in one call; a Pause sent
            // meanwhile is read after the part under way, and the run then stops without
            // them (ended() takes the stop's own snapshot after saying 'stopped').
            if (this.snapshotDue()) {
              const started = this.deps.now();
              do {
                await yieldToEvents();
                if (!this.loop.isRunning) return;
              } while (!lab.continueMetrics());
              this.snapshot(this.columnsDue(), targetStep, stepsPerSecond, started);
            }
            if (this.deps.now() - this.lastGuidanceAt >= GUIDANCE_MILLISECONDS) {
              await yieldToEvents();
              if (!this.loop.isRunning) return;
              this.guide(lab);
            }
          },
          ended: (reason, message) => this.ended(lab, reason, message),
          yieldToEvents,
          now,
          sleep,
        },
        target === undefined,
      )
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
    // The step's own snapshot first: the solve that follows the step on E takes longer
    // than the step, and its metrics (cos(p, p_mm), the margin) come with a second one.
    const unfinished = this.solveLocal(lab, LOCAL_FINISH_MILLISECONDS, true);
    this.snapshot(true, 0, 0);
    if (await this.doDueWork(lab, report.plan)) this.snapshot(false, 0, 0);
    this.guide(lab);
    if (unfinished) this.finishLocal(lab);
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
    if ((await this.solveNow(lab)) === 'cancelled') return;
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

  /** Metrics (and the token columns when asked) of the Lab as it is, for the page. Its cost
   *  counts from `started` (when the metrics were measured in parts before it). */
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
    this.deps.post({ type: 'metricsUpdated', metrics, columns, targetStep, stepsPerSecond, plan });
  }

  /** The work the plan says is due before the next step (the solve for p_mm right after
   *  the step on E, so that cos(p, p_mm) and the margin are curves from the first flow
   *  step). True when a solve finished. */
  private async doDueWork(lab: Lab, plan: RunPlan): Promise<boolean> {
    const module = this.deps.host.requireModule();
    if (plan.solveDue === module.DueSolve.none || plan.step === this.declinedAt) return false;
    return (await this.solveNow(lab)) === 'done';
  }

  /** The attention-SVM in slices of about SOLVE_SLICE_MILLISECONDS, yielding between them
   *  so that Pause and Cancel stop it at once (the run keeps no partial solution). */
  private async solveNow(lab: Lab): Promise<'done' | 'cancelled' | 'failed'> {
    const { post, now, yieldToEvents } = this.deps;
    const generation = ++this.solveGeneration;
    const label = 'Solving for p_mm';
    // Building the constraints and finding their cycles is one call: O(N + K) (the
    // watchdog allows for it); every slice after it answers pings.
    const blockingMs = Math.max(1000, lab.summary().trainTokens / 2000);
    post({ type: 'taskStarted', task: 'solving', label, cancellable: true, blockingMs });
    let outcome: 'done' | 'cancelled' | 'failed' = 'failed';
    try {
      let progress = lab.startMaxMargin();
      let budget = 1000; // coordinate updates; rescaled to the slice's duration
      let saidAt = -Infinity;
      let saidStage = '';
      while (progress.active) {
        await yieldToEvents();
        if (generation !== this.solveGeneration) {
          outcome = 'cancelled';
          return outcome;
        }
        const started = now();
        const before = progress;
        progress = lab.continueMaxMargin(budget);
        const took = Math.max(now() - started, 0.01);
        // Only a call that spent its budget on sweeps measures their speed: the calls
        // between a part's sweeps (its solution, the next part's set-up) do none, and the
        // last sweeps of a part stop short.
        const swept =
          progress.part === before.part && progress.updates - before.updates >= Math.floor(budget);
        if (swept) budget = sliceBudget(budget, took, SOLVE_SLICE_MILLISECONDS);
        const due = now() - saidAt >= SOLVE_PROGRESS_MILLISECONDS || progress.stage !== saidStage;
        if (progress.active && due) {
          post(solveProgress(label, progress));
          saidAt = now();
          saidStage = progress.stage;
        }
      }
      // Done, or failed with the reason in the report (the panel shows it).
      const report = lab.maxMarginReport();
      outcome = progress.done ? 'done' : 'failed';
      // The two p_mm columns alone (tokens() would also copy every string and statistic:
      // ~120 ms at 25,000 reviews).
      const scores = progress.done
        ? lab.maxMarginScores()
        : { all: new Float32Array(0), acyclic: new Float32Array(0) };
      post({ type: 'maxMarginSolved', report, scores });
      return outcome;
    } finally {
      post({ type: 'taskEnded', task: 'solving', outcome });
    }
  }

  /** Slices of the att-SVM of the flow's own selection (core re-solves it, warm-started,
   *  only when the selection changed) for about `milliseconds`. Cheap when nothing is due.
   *  A solve that ends is followed by the current selection's when that has changed since
   *  the solve began; with `latest` (the run has stopped) a solve of a selection the flow
   *  has left gives way to the current one's at once (on dvd the run's solve of step 2's
   *  selection held the final one's back by ~30 s). True while a solve is under way. */
  private solveLocal(lab: Lab, milliseconds: number, latest = false): boolean {
    const { now } = this.deps;
    const until = now() + milliseconds;
    do {
      const started = now();
      const progress = lab.continueLocalSvm(this.localBudget, latest);
      this.localProgress = progress;
      // Only a call that spent its budget (the solve goes on) measures the sweeps' speed. A
      // call with nothing to solve returns at once: rescaled from it, the budget grew 4x a
      // call, and after six step-on-E / Reset cycles at 25,000 reviews one call held the
      // worker for minutes (Play stuck at step 1, pings and Pause unanswered).
      if (progress.active)
        this.localBudget = sliceBudget(this.localBudget, now() - started, LOCAL_SLICE_MILLISECONDS);
      // Done with no coordinate update: the solution is the current selection's (or none
      // applies); done after updates: a solve ended, and the next call checks the selection.
      if (!progress.active && progress.updates === 0) return false;
    } while (now() < until);
    return true;
  }

  /** After a run or a step: the att-SVM of the final selection, solved to its end in slices
   *  between messages (on full-length reviews it outlasts the run's slices, and the page
   *  would quote cos(p, p_local) against an older selection's SVM), then the metrics and
   *  guidance that read it. Play, Pause and every command that changes the Lab stop it. */
  private finishLocal(lab: Lab): void {
    const generation = ++this.localGeneration;
    let postedAt = -Infinity;
    void (async () => {
      for (;;) {
        await this.deps.yieldToEvents();
        if (generation !== this.localGeneration || this.loop.isRunning) return;
        if (!this.solveLocal(lab, SOLVE_SLICE_MILLISECONDS, true)) break;
        const progress = this.localProgress;
        if (progress?.active && this.deps.now() - postedAt >= LOCAL_PROGRESS_MILLISECONDS) {
          postedAt = this.deps.now();
          this.deps.post({
            type: 'localSvmProgress',
            stage: progress.stage,
            epochs: progress.epochs,
          });
        }
      }
      this.snapshot(false, 0, 0);
      this.guide(lab);
    })().catch(() => undefined);
  }

  private ended(lab: Lab, reason: StopReason, message: string): void {
    // 'stopped' first: the page shows the stop (the Play button, the step reached) at once,
    // while the worker computes what follows it: the local solve's last slices, exact
    // metrics and current columns at that step (~60 ms at 25,000 reviews), then the
    // guidance (~20-40 ms). The page treats the run as settled once that step's metrics and
    // guidance have arrived (a tour step placed earlier keeps its number in view: tour.ts).
    this.deps.post({ type: 'stopped', reason, message, step: lab.step() });
    const unfinished = this.solveLocal(lab, LOCAL_FINISH_MILLISECONDS, true);
    this.snapshot(true, 0, 0);
    this.guide(lab);
    if (unfinished) this.finishLocal(lab);
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

/** The next slice's budget in coordinate updates, from a call that spent `budget` in `took`
 *  ms: scaled to last `sliceMs`, at most 4x the last (one fast reading cannot make the next
 *  call long), at least 100. */
function sliceBudget(budget: number, took: number, sliceMs: number): number {
  return Math.max(100, Math.min(budget * 4, (budget * sliceMs) / Math.max(took, 0.01)));
}

/** A solve's progress for the page: its stage and sweep, and an estimate in percent from
 *  the duality gap (log scale, 1 down to the stopping gap) within each part. */
function solveProgress(label: string, progress: MaxMarginProgress): WorkerEvent {
  const gap = progress.gap > 0 ? progress.gap : 1;
  const within = Math.min(1, Math.max(0, Math.log(gap) / Math.log(SOLVE_TOLERANCE)));
  const parts = Math.max(progress.parts, 1);
  return {
    type: 'taskProgress',
    task: 'solving',
    label: `${label} (${progress.stage}, sweep ${progress.epochs})`,
    done: (100 * (progress.part - 1 + within)) / parts,
    total: 100,
    unit: 'percent',
  };
}
