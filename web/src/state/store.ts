// The page's one owner of state: what the worker last said about the run (settings, data,
// metrics, Play, the task in progress, p_mm), updated only by worker events, read by every
// view. Views subscribe and get each event after the state reflects it. Commands go out
// through `send`, which routes a failure back to the panel that asked (by request id).
import type {
  CommandBody,
  CoreLists,
  DataNeed,
  DatasetSummary,
  Guidance,
  Recipe,
  SelectionReport,
  Limits,
  MaxMarginReport,
  Metrics,
  Plan,
  ReadUnit,
  SettingField,
  StopReason,
  TaskKind,
  TokenColumns,
  TokenStatistics,
  WorkerEvent,
} from '../protocol.ts';
import { useMetricFields } from '../csv-names.ts';
import type { Phrase } from '../localized.ts';

export interface Task {
  kind: TaskKind;
  /** What the task is, as a catalog message (localized.ts say() words it): its progress
   *  line once progress comes. */
  label: Phrase;
  /** What the task is, as said when it started (its short form: no counts). */
  title: Phrase;
  done: number;
  total: number;
  unit: ReadUnit;
  cancellable: boolean;
}

export interface LabState {
  /** 'starting': no `ready` yet; 'gone': the worker died and is being restarted. */
  worker: 'starting' | 'ready' | 'gone';
  fields: SettingField[];
  /** The settings in force (the module's normalized JSON) and their values, parsed here
   *  once (the form shows them by key; the run's rules are read from `plan`). */
  configJson: string;
  config: Record<string, unknown>;
  /** Core's run plan (how far Play runs, the protocol, the phase, the data the run needs),
   *  as of the last settings or metrics; null before `ready`. */
  plan: Plan | null;
  shareHash: string;
  limits: Limits | null;
  /** Core's formats, source kinds and Metrics fields (empty until the worker is ready). */
  lists: CoreLists;
  dataset: { summary: DatasetSummary; statistics: TokenStatistics } | null;
  /** A link's data the user must supply or agree to download; nothing loads until then.
   *  With the link's settings (JSON and parsed). */
  need: { need: DataNeed; configJson: string; config: Record<string, unknown> } | null;
  /** No data is loaded and the last command failed (a download cancelled or refused, a
   *  link's data refused): its message, so the page says so instead of "Loading…". */
  dataFailure: string | null;
  metrics: Metrics | null;
  /** The run's step as the page knows it: the latest metrics', or the step a run stopped
   *  at (the worker says 'stopped' before it computes that step's metrics). */
  step: number;
  /** The latest token columns (v.E_s, p.E_s). */
  columns: TokenColumns | null;
  playing: boolean;
  /** Play was pressed and the worker has not said yet whether it started (it runs commands
   *  in order: a solve under way comes first). The button shows Pause from the press on. */
  playRequested: boolean;
  targetStep: number;
  stepsPerSecond: number;
  lastStop: { reason: StopReason; message: string; step: number } | null;
  task: Task | null;
  /** The attention-SVM report for the current E, null when not solved (or stale), with
   *  p_mm.E_s per token (all reviews, acyclic reviews). */
  maxMargin: MaxMarginReport | null;
  maxMarginScores: { all: Float32Array; acyclic: Float32Array } | null;
  /** The loaded data's recipes, and what core says each panel should show now. */
  recipes: Recipe[];
  guidance: Guidance | null;
  selection: SelectionReport | null;
  /** The step the guidance was computed at (-1 before any). */
  guidanceStep: number;
}

export type StoreListener = (event: WorkerEvent, state: Readonly<LabState>) => void;
/** Called with a failed command's message; the banner shows it too. */
export type FailureHandler = (message: string) => void;
export type Send = (command: CommandBody, onFailed?: FailureHandler) => number;

function initialState(): LabState {
  return {
    worker: 'starting',
    fields: [],
    configJson: '',
    config: {},
    plan: null,
    shareHash: '',
    limits: null,
    lists: { textFormats: [], sourceKinds: [], metricFields: [], questions: [] },
    dataset: null,
    need: null,
    dataFailure: null,
    metrics: null,
    step: 0,
    columns: null,
    playing: false,
    playRequested: false,
    targetStep: 0,
    stepsPerSecond: 0,
    lastStop: null,
    task: null,
    maxMargin: null,
    maxMarginScores: null,
    recipes: [],
    guidance: null,
    selection: null,
    guidanceStep: -1,
  };
}

export class LabStore {
  private current: LabState = initialState();
  private readonly listeners: StoreListener[] = [];
  private readonly failureHandlers = new Map<number, FailureHandler>();
  /** The request id of the Play the worker has not answered yet. */
  private playRequest = -1;
  /** Refuses a command before it leaves, saying why (refuseWith); null lets it go. */
  private refusal: ((command: CommandBody, state: Readonly<LabState>) => string | null) | null =
    null;

  constructor(private readonly transmit: (command: CommandBody) => number) {}

  get state(): Readonly<LabState> {
    return this.current;
  }

  /** A rule that refuses commands before they reach the worker (the class activity holds
   *  the run still once its predictions are committed: ui/activity.ts). A refused command
   *  is not sent: its failure handler hears the rule's words, and `send` returns -1. */
  refuseWith(rule: (command: CommandBody, state: Readonly<LabState>) => string | null): void {
    this.refusal = rule;
  }

  readonly send: Send = (command, onFailed) => {
    const refused = this.refusal?.(command, this.current) ?? null;
    if (refused !== null) {
      onFailed?.(refused);
      return -1;
    }
    const id = this.transmit(command);
    if (command.type === 'play') {
      this.playRequest = id;
      this.current.playRequested = true;
    }
    if (onFailed !== undefined) {
      this.failureHandlers.set(id, onFailed);
      // Commands that succeeded never hear back: forget the oldest handlers (a Map keeps
      // insertion order), far more than can be in flight at once.
      if (this.failureHandlers.size > 256) {
        const oldest = this.failureHandlers.keys().next().value;
        if (oldest !== undefined) this.failureHandlers.delete(oldest);
      }
    }
    return id;
  };

  subscribe(listener: StoreListener): void {
    this.listeners.push(listener);
  }

  /** The worker is gone: nothing it said holds any more (settings are kept for the form). */
  workerGone(): void {
    const { fields, configJson, config, plan, shareHash, limits, lists } = this.current;
    this.current = {
      ...initialState(),
      worker: 'gone',
      fields,
      configJson,
      config,
      plan,
      shareHash,
      limits,
      lists,
    };
    this.failureHandlers.clear();
  }

  apply(event: WorkerEvent): void {
    const s = this.current;
    switch (event.type) {
      case 'ready':
        s.worker = 'ready';
        s.fields = event.fields;
        s.limits = event.limits;
        s.lists = event.lists;
        useMetricFields(event.lists.metricFields);
        this.setConfig(event.configJson, event.shareHash);
        s.plan = event.plan;
        break;
      case 'settingsApplied':
        this.setConfig(event.configJson, event.shareHash);
        s.plan = event.plan;
        if (event.effect !== 'run-length') s.maxMargin = s.maxMarginScores = null;
        break;
      case 'datasetLoaded':
        s.dataset = { summary: event.summary, statistics: event.statistics };
        s.recipes = event.recipes;
        s.need = null;
        s.dataFailure = null;
        s.maxMargin = null;
        s.maxMarginScores = null;
        s.columns = null;
        s.lastStop = null;
        break;
      case 'datasetNeeded':
        s.dataFailure = null;
        s.need = {
          need: event.need,
          configJson: event.configJson,
          config: JSON.parse(event.configJson) as Record<string, unknown>,
        };
        break;
      case 'metricsUpdated':
        s.metrics = event.metrics;
        s.plan = event.plan;
        s.step = event.metrics.step;
        if (event.columns !== null) s.columns = event.columns;
        s.targetStep = event.targetStep;
        s.stepsPerSecond = event.stepsPerSecond;
        if (!event.metrics.hasMaxMargin) s.maxMargin = s.maxMarginScores = null;
        break;
      case 'started':
        s.playing = true;
        s.playRequested = false;
        s.targetStep = event.targetStep;
        s.lastStop = null;
        break;
      case 'stopped':
        s.playing = false;
        s.playRequested = false;
        s.step = event.step;
        s.targetStep = 0;
        s.lastStop = { reason: event.reason, message: event.message, step: event.step };
        break;
      case 'taskStarted':
        s.dataFailure = null;
        s.task = {
          kind: event.task,
          label: event.label,
          title: event.label,
          done: 0,
          total: 0,
          unit: 'bytes',
          cancellable: event.cancellable,
        };
        break;
      case 'taskProgress':
        if (s.task !== null)
          Object.assign(s.task, {
            label: event.label,
            done: event.done,
            total: event.total,
            unit: event.unit,
          });
        break;
      case 'taskEnded':
        s.task = null;
        break;
      case 'maxMarginSolved':
        s.maxMargin = event.report;
        s.maxMarginScores = event.scores;
        break;
      case 'guidanceUpdated':
        s.guidance = event.guidance;
        s.selection = event.selection;
        s.guidanceStep = event.step;
        break;
      case 'failed': {
        if (event.request === this.playRequest) s.playRequested = false;
        if (s.worker === 'ready' && s.dataset === null && s.need === null)
          s.dataFailure = event.message;
        const handler = this.failureHandlers.get(event.request);
        this.failureHandlers.delete(event.request);
        handler?.(event.message);
        break;
      }
      default:
        break;
    }
    for (const listener of this.listeners) listener(event, s);
  }

  private setConfig(configJson: string, shareHash: string): void {
    this.current.configJson = configJson;
    this.current.config = JSON.parse(configJson) as Record<string, unknown>;
    this.current.shareHash = shareHash;
  }
}
