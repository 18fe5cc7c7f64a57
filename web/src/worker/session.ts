// The training session: turns commands into calls on the worker's parts and says what
// happened in events. Who owns what: lab-host.ts the module and the Lab (the run itself:
// settings, data, weights, all in core); data-source.ts which data the settings name;
// dataset-loader.ts reading and previewing the user's sources; run-data.ts loading the
// data the settings name and the link whose data is still awaited; training.ts Play,
// steps, the solve and the snapshots; run-files.ts run files; faults.ts test-only faults.
// This file only dispatches. It knows nothing about workers or the DOM (entry.ts adapts it
// to `self`), so Node tests drive it with the real module.
import type { ClslabModule } from 'clslab-wasm';
import type { Command, CommandType, WorkerEvent } from '../protocol.ts';
import { assertNever } from '../protocol.ts';
import { failure, PhraseError } from '../localized.ts';
import { planOf, shareLinkOf } from './data-source.ts';
import { DatasetLoader, type FetchBuiltin } from './dataset-loader.ts';
import { injectFault } from './faults.ts';
import { LabHost } from './lab-host.ts';
import { describeModuleFault, isModuleFault } from './module-fault.ts';
import { listReviews } from './review-list.ts';
import { RunData } from './run-data.ts';
import { RunFiles } from './run-files.ts';
import { Training } from './training.ts';

export interface SessionDeps {
  loadModule: () => Promise<ClslabModule>;
  post: (event: WorkerEvent) => void;
  /** Bytes of a built-in dataset file (fetch in the browser, readFile in Node), read with
   *  the options' progress, Cancel and limit. */
  fetchBytes: FetchBuiltin;
  /** Lets queued messages (Pause) run between chunks of Play. */
  yieldToEvents?: () => Promise<void>;
  now?: () => number;
  /** Downloads of user URLs and Hugging Face presets (tests pass a fake). */
  fetch?: typeof fetch;
  /** Test builds only: `injectFault` commands are obeyed. */
  allowFaults?: boolean;
}

/** Commands that act at once, outside the queue, so they reach a run in progress. */
const IMMEDIATE: ReadonlySet<CommandType> = new Set(['pause', 'cancel', 'setSpeed', 'ping']);

export class Session {
  private readonly deps: Required<SessionDeps>;
  private readonly host = new LabHost();
  private readonly datasets: DatasetLoader;
  private readonly training: Training;
  private readonly runs: RunFiles;
  private queue: Promise<void> = Promise.resolve();
  /** Pauses received so far: a Play queued before a Pause that overtook it (Pause is
   *  immediate) does not start. */
  private pauses = 0;
  private readonly data: RunData;

  constructor(deps: SessionDeps) {
    this.deps = {
      yieldToEvents: () => new Promise((resolve) => setTimeout(resolve, 0)),
      now: () => performance.now(),
      fetch: (input, init) => fetch(input, init),
      allowFaults: false,
      ...deps,
    };
    const post = (event: WorkerEvent) => this.deps.post(event);
    this.datasets = new DatasetLoader({
      module: () => this.host.requireModule(),
      post,
      fetch: this.deps.fetch,
      fetchBuiltin: this.deps.fetchBytes,
    });
    this.training = new Training({
      host: this.host,
      post,
      now: this.deps.now,
      yieldToEvents: this.deps.yieldToEvents,
      sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
    });
    this.data = new RunData({
      host: this.host,
      datasets: this.datasets,
      training: this.training,
      post,
    });
    this.runs = new RunFiles({ host: this.host, post, builtin: (name) => this.data.builtin(name) });
  }

  /** Immediate commands act at once; every other command runs in arrival order. */
  handle(command: Command): Promise<void> {
    if (IMMEDIATE.has(command.type)) {
      this.immediate(command);
      return Promise.resolve();
    }
    const before = { pauses: this.pauses, loads: this.data.loads };
    this.queue = this.queue
      .then(() => this.run(command, before))
      .catch((error: unknown) => this.report(command, error))
      .then(() => this.training.resumeOwed((error) => this.report(command, error)));
    return this.queue;
  }

  /** Frees the Lab (Embind objects are not garbage-collected). */
  dispose(): void {
    this.training.halt();
    this.host.dispose();
  }

  private immediate(command: Command): void {
    switch (command.type) {
      case 'pause':
        this.pauses++;
        return this.training.pause();
      case 'cancel':
        this.datasets.cancel();
        this.training.cancelSolve();
        return;
      case 'setSpeed':
        return this.training.setSpeed(command.stepsPerSecond);
      case 'ping':
        return this.deps.post({ type: 'pong', request: command.id });
      default:
        return;
    }
  }

  /** A failed command: said in words to the request that sent it. After a fault of the
   *  module itself the module is dropped and the event is fatal (the page restarts it). */
  private report(command: Command, error: unknown): void {
    const base = { request: command.id, command: command.type };
    if (this.host.started && isModuleFault(error)) {
      this.training.halt();
      this.host.dropAfterFault();
      const words = describeModuleFault(error);
      this.deps.post({ type: 'failed', ...base, message: words.id, words, fatal: true });
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const words = error instanceof PhraseError ? error.words : null;
    this.deps.post({ type: 'failed', ...base, message, words, fatal: false });
  }

  /** `before`: the pauses and data loads there had been when the command arrived. */
  private async run(command: Command, before: { pauses: number; loads: number }): Promise<void> {
    const lab = () => this.host.requireLab();
    const post = this.deps.post;
    switch (command.type) {
      case 'init':
        return this.init(command.datasetBaseUrl, command.hash);
      case 'openShareLink': {
        const decoded = this.host.requireModule().decodeShareLink(command.hash);
        return this.data.openLink(decoded.configJson, decoded.warnings);
      }
      case 'resolveLink':
        return this.data.resolveLink(command.keepData);
      case 'applySettings':
        return this.data.adopt(command.configJson, []);
      case 'supplySource':
        return this.data.supplySource(command.files);
      case 'confirmSource':
        return this.data.confirmSource();
      case 'reset': {
        this.training.halt();
        const reset = this.host.requireData('reset').reset();
        if (!reset.ok) throw new Error(reset.message);
        this.training.snapshot(true, 0, 0);
        return this.training.guide(lab());
      }
      case 'play':
        // The page shows Pause from the press on; a Pause pressed while this Play waited
        // behind a solve is the user's last word. A Play pressed on the data before a load
        // that was still under way is not for the new data: a load never swaps the data
        // under a run, nor starts one on data the user has not seen.
        if (this.pauses !== before.pauses) return this.training.playWithdrawn('paused');
        if (this.data.loads !== before.loads) return this.training.playWithdrawn('interrupted');
        return this.training.play((error) => this.report(command, error));
      case 'runTo': {
        const replay = this.host.requireModule().checkReplayStep(command.step);
        if (!replay.ok) throw failure('error-link-not-replayed', { reason: replay.message });
        this.training.halt();
        return this.training.play((error) => this.report(command, error), command.step);
      }
      case 'step':
      case 'stepAttention':
        return this.training.step(command.type, command.count);
      case 'stepEmbeddings':
        return this.training.step(command.type, 1);
      case 'solveMaxMargin':
        return this.training.solve();
      case 'requestReview': {
        const split = this.host.requireData('review').summary();
        const total = command.testSplit ? split.testReviews : split.trainReviews;
        if (total === 0)
          throw failure('error-split-empty', { split: command.testSplit ? 'test' : 'train' });
        const index = Math.min(Math.max(0, Math.trunc(command.index)), total - 1);
        const review = lab().review(command.testSplit, index);
        return post({ type: 'reviewShown', review, testSplit: command.testSplit, index, total });
      }
      case 'scoreText':
        return post({
          type: 'textScored',
          review: this.host.requireData('score').scoreText(command.text),
        });
      case 'listReviews': {
        const { filter } = command;
        const summary = this.host.requireData('list').summary();
        const total = filter.testSplit ? summary.testReviews : summary.trainReviews;
        const page = await listReviews(
          (index) => lab().review(filter.testSplit, index),
          total,
          filter,
          this.deps.yieldToEvents,
        );
        return post({ type: 'reviewsListed', filter, ...page, total });
      }
      case 'previewFiles':
        return this.datasets.previewFiles(command.files);
      case 'previewUrl':
        return this.datasets.previewUrl(command.url);
      case 'previewPreset':
        return this.datasets.previewPreset(
          command.preset,
          command.reviews,
          planOf(this.host.requireModule(), this.data.baseConfig()).data.seed,
        );
      case 'changePreview':
        return this.datasets.changePreview(command.change);
      case 'confirmDataset':
        return this.data.confirmDataset();
      case 'discardPreview':
        return this.datasets.discard();
      case 'exportDataset': {
        const summary = this.host.requireData('export').summary();
        const stem = summary.sourceName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_');
        return post({
          type: 'datasetExported',
          name: `${stem}-label-text.tsv`,
          text: lab().exportLabelTabText(),
        });
      }
      case 'exportRun':
        return this.runs.export();
      case 'importRun':
        this.training.halt();
        await this.runs.import(command.json);
        this.data.replacedByRun();
        return post({
          type: 'runImported',
          step: lab().step(),
          checksum: lab().metrics().checksum,
        });
      case 'evaluateActivity':
      case 'commitActivity': {
        const data = this.host.requireData('activity');
        const outcome =
          command.type === 'commitActivity'
            ? data.commitActivity(command.value, command.stateJson, command.responsesJson)
            : data.activity(command.value, command.stateJson);
        if (outcome.value === null) throw new Error(outcome.message);
        return post({ type: 'activityEvaluated', report: outcome.value, step: data.step() });
      }
      case 'injectFault':
        if (!this.deps.allowFaults) throw failure('error-faults-test-only');
        this.training.halt();
        return injectFault(command.fault, {
          host: this.host,
          reload: (configJson) => this.data.loadFor(configJson, []),
          slowNextLoad: (milliseconds) => this.data.slowNextLoad(milliseconds),
        });
      case 'pause':
      case 'cancel':
      case 'setSpeed':
      case 'ping':
        return this.immediate(command);
      default:
        return assertNever(command);
    }
  }

  private async init(datasetBaseUrl: string, hash: string): Promise<void> {
    this.data.datasetBaseUrl = datasetBaseUrl;
    const module = await this.host.start(this.deps.loadModule);
    const decoded = module.decodeShareLink(hash);
    this.deps.post({
      type: 'ready',
      fields: module.settingFields(),
      configJson: decoded.configJson,
      plan: this.host.plan(decoded.configJson),
      shareHash: shareLinkOf(module, decoded.configJson),
      warnings: decoded.warnings,
      limits: this.host.requireLab().limits(),
      lists: {
        textFormats: module.textFormats(),
        sourceKinds: module.sourceKinds(),
        metricFields: module.metricFields(),
        questions: module.questionNames(),
      },
    });
    await this.data.loadLink(decoded.configJson, decoded.warnings);
  }
}
