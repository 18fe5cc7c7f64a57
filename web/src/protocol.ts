// The messages between the page and the training worker: commands are imperative
// (client -> worker), events past tense (worker -> client). Both threads import this file
// and switch exhaustively on `type`; nothing else crosses the thread boundary. Every
// command carries the id its sender gave it, and an event that answers one command (its
// failure, a heartbeat) carries that id back as `request`, so the page routes it to the
// panel that asked.
import type {
  ActivityReport,
  QuestionName,
  DueSolveName,
  PhaseName,
  ProtocolName,
  RunPlan,
  SourceKindName,
  DatasetPreview,
  DatasetSummary,
  Guidance,
  Recipe,
  SelectionReport,
  Limits,
  MaxMarginReport,
  MemoryReport,
  MetricField,
  Metrics,
  ParseChoice,
  ReviewView,
  SettingEffect,
  SettingField,
  SourceKind,
  TextFormatName,
  TokenScores,
} from 'clslab-wasm';
import type { SourceFile } from './data/sources.ts';
import type { Phrase } from './localized.ts';

/** The window Play's steps/s is measured over (worker/pace.ts; the page says it). */
export const RATE_WINDOW_MILLISECONDS = 2000;

export type { DatasetPreview, DatasetSummary, Limits, MaxMarginReport, Metrics, ParseChoice };
export type { MemoryReport };
export type { ReviewView, SettingEffect, SettingField, SourceFile };
export type { Finding, Guidance, Recipe, SelectionReport } from 'clslab-wasm';
export type { DueSolveName, PhaseName, ProtocolName, SourceKindName };
export type { ActivityReport, QuestionName };
export type { ActivityQuestion, ActivityResult, Settlement, ActivityNote } from 'clslab-wasm';

/** Core's run plan (run_plan.h) as the page receives it: what the run does next, with its
 *  enums by name. The page reads the run's rules from it, never from the settings' keys. */
export type Plan = RunPlan;

// Every command says which events answer it. Any command may also be answered by `failed`
// (with its id as `request`) when it cannot be carried out; a command that starts a long
// task is bracketed by taskStarted ... taskProgress* ... taskEnded. A command that changes
// the Lab while Play runs first ends it with stopped 'interrupted'.
export type { MetricField, SourceKind, TextFormatName };

/** Core's lists, as bound (clslab.d.ts): the page offers and compares these names. */
export interface CoreLists {
  textFormats: TextFormatName[];
  sourceKinds: SourceKind[];
  /** Metrics' fields in Describe order, with their CSV columns. */
  metricFields: MetricField[];
  /** The class activity's questions (core activity.h), in core's order. */
  questions: QuestionName[];
}

export type CommandBody =
  /** Load the module; `hash` is the share link's settings part, may be empty.
   *  Answered by: ready, then datasetLoaded + metricsUpdated + guidanceUpdated, or
   *  datasetNeeded (a link's data the user must give). */
  | { type: 'init'; datasetBaseUrl: string; hash: string }
  /** Adopt the settings (and data) of a share link the user opened.
   *  Answered by: settingsApplied, and datasetLoaded or datasetNeeded when the data changes. */
  | { type: 'openShareLink'; hash: string }
  /** Answers linkReplacesData: keep the loaded data with the link's other settings, or
   *  take the link's data too. */
  | { type: 'resolveLink'; keepData: boolean }
  /** Validate `configJson` and apply it by its effect (core decides what to rebuild).
   *  Answered by: settingsApplied (+ metricsUpdated, guidanceUpdated unless only the run
   *  length changed), or datasetLoaded when the data is rebuilt. */
  | { type: 'applySettings'; configJson: string }
  /** The files a link's data needs (datasetNeeded kind 'file'): checked by content hash.
   *  Answered by: a 'loading' task, datasetLoaded + settingsApplied + metricsUpdated. */
  | { type: 'supplySource'; files: SourceFile[] }
  /** The user agreed to download a link's data (datasetNeeded kind 'url' or 'preset').
   *  Answered by: a 'reading' task, then datasetLoaded + settingsApplied + metricsUpdated. */
  | { type: 'confirmSource' }
  /** New weights from the seed. Answered by: metricsUpdated + guidanceUpdated at step 0. */
  | { type: 'reset' }
  /** Run to the plan's target step (core run_plan.h). Answered by: started, metricsUpdated
   *  at display rate (a 'solving' task after the step on E), then metricsUpdated +
   *  guidanceUpdated at the step reached and stopped. */
  | { type: 'play' }
  /** Answered by: metricsUpdated + guidanceUpdated + stopped 'paused' (none when idle). */
  | { type: 'pause' }
  /** Single steps ("Step", "Step E", "Step p"). Answered by: metricsUpdated, the due solve
   *  (a 'solving' task, maxMarginSolved, metricsUpdated), guidanceUpdated, and stopped
   *  'refused' when a step was refused. */
  | { type: 'step'; count: number }
  | { type: 'stepEmbeddings' }
  | { type: 'stepAttention'; count: number }
  /** Play up to `step` (a share link's run length) without the speed cap; pausable.
   *  Answered as play is. */
  | { type: 'runTo'; step: number }
  /** Caps Play at `stepsPerSecond` (0: as fast as the machine goes). Acts at once. A
   *  replay (runTo) is not capped. Answered by nothing. */
  | { type: 'setSpeed'; stepsPerSecond: number }
  /** Answered by: a 'solving' task, maxMarginSolved, metricsUpdated, guidanceUpdated. */
  | { type: 'solveMaxMargin' }
  /** Stops the long task in progress (a read, a download, a solve: p_mm, or a run end's
   *  p_local, which core then records declined and the verdict names). Acts at once.
   *  Answered by: that task's taskEnded 'cancelled'. */
  | { type: 'cancel' }
  /** Answered by: reviewShown. */
  | { type: 'requestReview'; testSplit: boolean; index: number }
  /** Answered by: textScored. */
  | { type: 'scoreText'; text: string }
  /** One page of the split's reviews that pass `filter`. Answered by: reviewsListed. */
  | { type: 'listReviews'; filter: ReviewFilter }
  /** Read the user's files in the worker and preview them: one file, a *.pos/*.neg pair or
   *  a folder with pos/ and neg/ (paths tell which). Nothing is loaded until confirmDataset.
   *  Answered by: a 'reading' task, then previewShown. */
  | { type: 'previewFiles'; files: SourceFile[] }
  /** Download and preview; the page has had the user confirm the URL's host.
   *  Answered by: a 'reading' task, then previewShown. */
  | { type: 'previewUrl'; url: string }
  /** Sample `reviews` rows of a Hugging Face preset with the run's seed and preview them.
   *  Answered by: a 'reading' task, then previewShown. */
  | { type: 'previewPreset'; preset: string; reviews: number }
  /** Parse the previewed source again with changed choices. Answered by: previewShown. */
  | { type: 'changePreview'; change: Partial<ParseChoice> }
  /** Load the previewed source with its choices (nothing changes on failure).
   *  Answered by: datasetLoaded + settingsApplied + metricsUpdated + guidanceUpdated. */
  | { type: 'confirmDataset' }
  /** Answered by nothing. */
  | { type: 'discardPreview' }
  /** The loaded dataset as label<TAB>text. Answered by: datasetExported. */
  | { type: 'exportDataset' }
  /** The run as a JSON file (settings, the user's rows, step, weights).
   *  Answered by: runExported. */
  | { type: 'exportRun' }
  /** Apply a run file as one transaction: settings, data, weights (same checksum).
   *  Answered by: datasetLoaded + settingsApplied + metricsUpdated, then runImported. */
  | { type: 'importRun'; json: string }
  /** The class activity of the link value `value` with its kept state (`stateJson`, '' for
   *  a fresh one): what the run settles now, graded. Answered by: activityEvaluated. */
  | { type: 'evaluateActivity'; value: string; stateJson: string }
  /** Commits the student's predictions ({question: response}) at the run's step.
   *  Answered by: activityEvaluated (or failed, naming the question). */
  | { type: 'commitActivity'; value: string; stateJson: string; responsesJson: string }
  /** Heartbeat: answered by `pong` between two slices of work. Acts at once. */
  | { type: 'ping' }
  /** Tests only: refused unless the worker was built for tests (faults.ts). Answered by
   *  failed, or by the fault's own effect. */
  | { type: 'injectFault'; fault: Fault };

export type Command = CommandBody & { id: number };
export type CommandType = Command['type'];

/** 'liftLimits': the Lab is rebuilt without limits and reloads its data, so an oversized
 *  load really exhausts the wasm heap; 'uncaughtError': the worker throws outside any
 *  handler; 'hang': the worker blocks for a minute inside one call (the heartbeat test);
 *  'slowLoad': the next load takes 20 s longer than announced, as on a busy machine. */
export type Fault = 'liftLimits' | 'uncaughtError' | 'hang' | 'slowLoad';

/** The review list's filters; empty strings and 'all' mean no filter. */
export interface ReviewFilter {
  testSplit: boolean;
  /** Case-insensitive substring of the review as written. */
  query: string;
  /** Exact token the review must contain (from the token table). */
  token: string;
  label: 'all' | 'positive' | 'negative';
  /** Correct: sign of f(X) equals the label (f = 0 counts as positive). */
  prediction: 'all' | 'correct' | 'wrong';
  /** Selected: the most attended position holds a token of the selected set S_i. */
  selection: 'all' | 'selected' | 'missed';
  offset: number;
  limit: number;
}

export interface ReviewListItem {
  index: number;
  review: ReviewView;
  correct: boolean;
  argmaxSelected: boolean;
}

/** Per-token statistics that are fixed for a dataset: sent once with datasetLoaded. */
export interface TokenStatistics {
  tokens: string[];
  count: Float64Array;
  alpha: Float64Array;
  delta: Float64Array;
}

/** Per-token columns that change with the weights, in the same order as TokenStatistics. */
export type TokenColumns = TokenScores;

/** The data a link or restored run names that the worker cannot get on its own. */
export type DataNeed =
  /** Only the user has it: ask for the file (or pair, or folder) and check its hash. */
  | { kind: 'file'; name: string; rows: number; hash: string }
  /** Downloadable, after the user confirms the host. */
  | { kind: 'url'; url: string; host: string; rows: number; hash: string }
  /** A Hugging Face sample drawn again with the same seed, after the user agrees. */
  | { kind: 'preset'; preset: string; title: string; rows: number; seed: number; hash: string };

/** 'paused': the user paused; 'finished': the step budget or target was reached;
 *  'refused': a step would have diverged (message names the setting); 'interrupted':
 *  another command took over. */
export type StopReason = 'paused' | 'finished' | 'refused' | 'interrupted';

/** Work that takes the worker a while; Play has started/stopped instead. */
/** 'solving': the p_mm solve; 'localSvm': the att-SVM of the flow's own selection solved at
 *  a run's end (p_local), after the run stopped. */
export type TaskKind = 'reading' | 'loading' | 'solving' | 'localSvm' | 'stepping' | 'importing';
/** What a task's progress counts ('percent': done of 100, an estimate). */
export type ReadUnit = 'bytes' | 'files' | 'reviews' | 'updates' | 'percent';

export type WorkerEvent =
  | {
      type: 'ready';
      fields: SettingField[];
      configJson: string;
      plan: Plan;
      shareHash: string;
      /** Problems found decoding the share link, one sentence each. */
      warnings: string[];
      /** The largest dataset and model the Lab accepts. */
      limits: Limits;
      lists: CoreLists;
    }
  /** The settings in force changed (applied, loaded with data, or imported). */
  | {
      type: 'settingsApplied';
      configJson: string;
      plan: Plan;
      shareHash: string;
      effect: SettingEffect;
      warnings: string[];
    }
  /** `recipes`: result1, figure1 and result2 computed from this data (core recipes.h). */
  | {
      type: 'datasetLoaded';
      summary: DatasetSummary;
      statistics: TokenStatistics;
      recipes: Recipe[];
    }
  /** A link opened over the user's own data names other data: nothing changed yet, the
   *  page asks whether to keep the data (resolveLink). `linkData`: what the link names. */
  | { type: 'linkReplacesData'; sourceName: string; rows: number; linkData: string }
  /** The settings name data the worker cannot get alone; nothing else was changed. */
  | { type: 'datasetNeeded'; need: DataNeed; configJson: string }
  | {
      type: 'metricsUpdated';
      metrics: Metrics;
      /** Present when the token columns changed since the last event carrying them. */
      columns: TokenColumns | null;
      /** The step Play is heading for (0 when not playing). */
      targetStep: number;
      /** Steps per second over the last RATE_WINDOW_MILLISECONDS of the run (measured:
       *  steps taken over the wall time they spanned); 0 for single steps. */
      stepsPerSecond: number;
      /** What the run does next, at the metrics' step. */
      plan: Plan;
      /** What the page holds now: the model's size and the wasm heap (Lab.memory). */
      memory: MemoryReport;
    }
  | { type: 'started'; targetStep: number }
  | { type: 'stopped'; reason: StopReason; message: string; step: number }
  /** A long task began; `blockingMs` > 0 estimates a single call that cannot answer the
   *  heartbeat meanwhile (the client's watchdog allows for it). */
  /** A task's `label` is a catalog message with its arguments: the page words it. */
  | { type: 'taskStarted'; task: TaskKind; label: Phrase; cancellable: boolean; blockingMs: number }
  | {
      type: 'taskProgress';
      task: TaskKind;
      label: Phrase;
      done: number;
      total: number;
      unit: ReadUnit;
    }
  | { type: 'taskEnded'; task: TaskKind; outcome: 'done' | 'cancelled' | 'failed' }
  /** With p_mm.E_s per token (all reviews, and the acyclic ones): the theory's Figure 1. */
  | {
      type: 'maxMarginSolved';
      report: MaxMarginReport;
      scores: { all: Float32Array; acyclic: Float32Array };
    }
  /** What each panel should show now and why, chosen by core from the measured values,
   *  with the tokens the theory selects. Sent when a run rests, and now and then in Play. */
  | { type: 'guidanceUpdated'; guidance: Guidance; selection: SelectionReport; step: number }
  | { type: 'reviewShown'; review: ReviewView; testSplit: boolean; index: number; total: number }
  /** The activity as core evaluated it at `step` (core activity.h). */
  | { type: 'activityEvaluated'; report: ActivityReport; step: number }
  | { type: 'textScored'; review: ReviewView }
  | { type: 'previewShown'; preview: DatasetPreview; choice: ParseChoice }
  | { type: 'datasetExported'; name: string; text: string }
  | {
      type: 'reviewsListed';
      filter: ReviewFilter;
      items: ReviewListItem[];
      /** Reviews that pass the filter, and reviews in the split. */
      matched: number;
      total: number;
    }
  | { type: 'runExported'; json: string; step: number }
  | { type: 'runImported'; step: number; checksum: string }
  | { type: 'pong'; request: number }
  /** `fatal`: the wasm module aborted (out of memory or an internal error) and cannot be
   *  used again; the page restarts the worker with the last dataset and settings that loaded.
   *  `words`: the failure in the catalog's words (the page says them in the reader's
   *  language); null when `message` is core's own text. */
  | {
      type: 'failed';
      request: number;
      command: CommandType;
      message: string;
      words: Phrase | null;
      fatal: boolean;
    };

export function assertNever(value: never): never {
  throw new Error(`Unhandled message: ${JSON.stringify(value)}`);
}

/** Typed arrays a message owns, so postMessage can transfer rather than copy them. */
export function transferablesOf(event: WorkerEvent): Transferable[] {
  if (event.type === 'metricsUpdated' && event.columns !== null) {
    return [event.columns.value.buffer, event.columns.attention.buffer];
  }
  if (event.type === 'maxMarginSolved')
    return [event.scores.all.buffer, event.scores.acyclic.buffer];
  if (event.type === 'datasetLoaded') {
    const s = event.statistics;
    return [s.count.buffer, s.alpha.buffer, s.delta.buffer];
  }
  return [];
}
