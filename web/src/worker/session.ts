// The training session: the only code that touches the wasm module and its Lab. It turns
// commands into Lab calls and Lab results into events. It knows nothing about workers or
// the DOM (entry.ts adapts it to `self`), so the Node tests drive it with the real module.
import type { ClslabModule, DatasetSummary, Lab, Metrics } from 'clslab-wasm';
import type {
  Command,
  Fault,
  ReviewFilter,
  TokenColumns,
  UploadedFile,
  WorkerEvent,
} from '../protocol.ts';
import { assertNever } from '../protocol.ts';
import { DatasetLoader } from './dataset-loader.ts';
import { describeModuleFault, isModuleFault } from './module-fault.ts';
import { PlayLoop } from './play-loop.ts';
import { listReviews } from './review-list.ts';
import {
  changedKeys,
  DATASET_KEY,
  readConfig,
  STEPS_KEY,
  SYNTHETIC_DATASET,
} from './config-view.ts';

export interface SessionDeps {
  loadModule: () => Promise<ClslabModule>;
  post: (event: WorkerEvent) => void;
  /** Bytes of a built-in dataset file (fetch in the browser, readFile in Node). */
  fetchBytes: (url: string) => Promise<Uint8Array>;
  /** Lets queued messages (Pause) run between chunks of Play. */
  yieldToEvents?: () => Promise<void>;
  now?: () => number;
  /** Downloads of user URLs and Hugging Face presets (tests pass a fake). */
  fetch?: typeof fetch;
  /** Which pages a preset samples. */
  random?: () => number;
}

/** Token columns (V floats x 2) go out at most this often while playing. */
const COLUMNS_INTERVAL_MILLISECONDS = 150;

export class Session {
  private readonly deps: Required<SessionDeps>;
  private module: ClslabModule | null = null;
  private lab: Lab | null = null;
  private configJson = '';
  private datasetBaseUrl = '';
  /** The user's file while it is the loaded dataset, so data settings can re-read it. */
  private file: UploadedFile | null = null;
  /** Reloads a confirmed custom dataset (file, folder, URL, preset) with a new config. */
  private custom: ((configJson: string) => DatasetSummary) | null = null;
  private readonly datasets: DatasetLoader;
  /** The loaded dataset's source name, for the export's file name. */
  private loadedName = 'dataset';
  private queue: Promise<void> = Promise.resolve();
  private readonly loop = new PlayLoop();
  private lastColumnsAt = Number.NEGATIVE_INFINITY;
  /** Reviews in each split of the loaded dataset (for the review browser's bounds). */
  private splitSizes = { train: 0, test: 0 };
  /** The module aborted: every later command says so instead of "not loaded yet". */
  private faulted = false;

  constructor(deps: SessionDeps) {
    this.deps = {
      yieldToEvents: () => new Promise((resolve) => setTimeout(resolve, 0)),
      now: () => performance.now(),
      fetch: (input, init) => fetch(input, init),
      random: Math.random,
      ...deps,
    };
    this.datasets = new DatasetLoader({
      module: () => this.requireModule(),
      lab: () => this.requireLab(),
      post: (event) => this.deps.post(event),
      fetch: this.deps.fetch,
      random: this.deps.random,
    });
  }

  /** Pause acts at once (between chunks); every other command runs in arrival order. */
  handle(command: Command): Promise<void> {
    if (command.type === 'pause') {
      this.loop.pause();
      return Promise.resolve();
    }
    if (command.type === 'cancelRead') {
      this.datasets.cancel();
      return Promise.resolve();
    }
    if (command.type === 'setSpeed') {
      this.loop.setSpeed(command.stepsPerSecond);
      return Promise.resolve();
    }
    this.queue = this.queue
      .then(() => this.run(command))
      .catch((error: unknown) => this.report(command.type, error));
    return this.queue;
  }

  /** A failed command: said in words; after a fault of the module itself, the module and
   *  its Lab are dropped (not deleted: calling into an aborted module throws again) and the
   *  event is fatal, so the page restarts the worker. */
  private report(command: Command['type'], error: unknown): void {
    if (this.module !== null && isModuleFault(error)) {
      this.loop.halt();
      this.module = this.lab = null;
      this.faulted = true;
      this.deps.post({ type: 'failed', command, message: describeModuleFault(error), fatal: true });
      return;
    }
    this.deps.post({ type: 'failed', command, message: describe(error) });
  }

  /** Frees the Lab (Embind objects are not garbage-collected). */
  dispose(): void {
    this.halt();
    this.lab?.delete();
    this.lab = null;
  }

  private async run(command: Command): Promise<void> {
    switch (command.type) {
      case 'init':
        return this.init(command.datasetBaseUrl, command.hash);
      case 'openShareLink':
        return this.openShareLink(command.hash);
      case 'applySettings':
        return this.adopt(command.configJson, command.reload, [], command.type);
      case 'loadFile':
        this.halt();
        return this.loadFile(command.file);
      case 'reset':
        return this.resetWeights(command.type);
      case 'play':
        this.play();
        return;
      case 'pause':
        this.loop.pause();
        return;
      case 'step':
        return this.stepOnce(command.type, (lab) => lab.advance(command.count));
      case 'stepEmbeddings':
        return this.stepOnce(command.type, (lab) => lab.stepEmbeddings());
      case 'stepAttention':
        return this.stepOnce(command.type, (lab) => lab.stepAttention(command.count));
      case 'solveMaxMargin':
        return this.solveMaxMargin();
      case 'requestReview':
        return this.showReview(command.testSplit, command.index);
      case 'scoreText':
        this.deps.post({ type: 'textScored', review: this.requireLab().scoreText(command.text) });
        return;
      case 'previewFiles':
        return this.datasets.previewFiles(command.files);
      case 'previewUrl':
        return this.datasets.previewUrl(command.url);
      case 'previewPreset':
        return this.datasets.previewPreset(command.preset, command.reviews, command.seed);
      case 'cancelRead':
        this.datasets.cancel();
        return;
      case 'changePreview':
        this.datasets.changePreview(command.change);
        return;
      case 'confirmDataset':
        return this.confirmDataset();
      case 'discardPreview':
        this.datasets.discard();
        return;
      case 'exportDataset':
        return this.exportDataset();
      case 'runTo':
        this.halt();
        this.play(command.step);
        return;
      case 'setSpeed':
        this.loop.setSpeed(command.stepsPerSecond);
        return;
      case 'listReviews':
        return this.listReviews(command.filter);
      case 'exportRun':
        return this.exportRun();
      case 'importRun':
        return this.importRun(command.json);
      case 'injectFault':
        return this.injectFault(command.fault);
      default:
        return assertNever(command);
    }
  }

  private async init(datasetBaseUrl: string, hash: string): Promise<void> {
    this.datasetBaseUrl = datasetBaseUrl;
    this.module = await this.deps.loadModule();
    const module = this.module;
    const decoded = hash === '' ? null : module.decodeShareLink(hash);
    const checked = module.validateConfig(decoded?.configJson ?? module.defaultConfigJson());
    // A decoded link is valid field by field; a whole-config rule may still reject it.
    this.configJson = checked.ok ? checked.configJson : module.defaultConfigJson();
    const warnings = [...(decoded?.warnings ?? [])];
    if (!checked.ok) warnings.push(`${checked.message} The default settings are used instead.`);
    this.lab = new module.Lab();
    this.deps.post({
      type: 'ready',
      fields: module.settingFields(),
      configJson: this.configJson,
      shareHash: module.encodeShareLink(this.configJson),
      warnings,
      limits: this.lab.limits(),
    });
    await this.loadConfiguredDataset('init');
  }

  /** Tests only (protocol.ts). */
  private async injectFault(fault: Fault): Promise<void> {
    switch (fault) {
      case 'liftLimits': {
        const module = this.requireModule();
        this.halt();
        this.lab?.delete();
        const none = 2 ** 50;
        this.lab = new module.Lab({
          maxReviews: none,
          maxTokens: none,
          maxVocabulary: none,
          maxWidth: none,
          maxWeights: none,
          maxInputBytes: module.maxInputBytes(),
        });
        this.file = this.custom = null;
        return this.loadConfiguredDataset('injectFault');
      }
      case 'uncaughtError':
        setTimeout(() => {
          throw new Error('injected fault: an uncaught error in the training worker');
        }, 0);
        return;
      default:
        return assertNever(fault);
    }
  }

  private async openShareLink(hash: string): Promise<void> {
    const module = this.requireModule();
    const decoded = module.decodeShareLink(hash);
    await this.adopt(decoded.configJson, true, decoded.warnings, 'openShareLink');
  }

  private async adopt(
    configJson: string,
    reload: boolean,
    warnings: string[],
    command: Command['type'],
  ): Promise<void> {
    const module = this.requireModule();
    const checked = module.validateConfig(configJson);
    if (!checked.ok) {
      this.deps.post({ type: 'settingsRejected', message: checked.message });
      return;
    }
    const changed = changedKeys(this.configJson, checked.configJson);
    // The run length only matters to Play: changing it keeps the weights and the run.
    const runLengthOnly = changed.length > 0 && changed.every((key) => key === STEPS_KEY);
    if (!runLengthOnly) this.halt();
    const datasetChanged = changed.includes(DATASET_KEY);
    this.configJson = checked.configJson;
    this.deps.post({
      type: 'settingsApplied',
      configJson: this.configJson,
      shareHash: module.encodeShareLink(this.configJson),
      warnings,
    });
    if (runLengthOnly) return;
    if (reload && datasetChanged) this.file = this.custom = null;
    if (reload) await this.loadConfiguredDataset(command);
    else this.resetWeights(command);
  }

  private async loadConfiguredDataset(command: Command['type']): Promise<void> {
    if (this.file !== null) return this.loadFile(this.file);
    if (this.custom !== null) return this.afterLoad(command, this.custom(this.configJson));
    const lab = this.requireLab();
    const name = readConfig(this.configJson).dataset;
    if (name === SYNTHETIC_DATASET) {
      this.afterLoad(command, lab.loadSynthetic(this.configJson));
      return;
    }
    const url = new URL(`${encodeURIComponent(name)}.tsv`, this.datasetBaseUrl).href;
    let bytes: Uint8Array;
    try {
      bytes = await this.deps.fetchBytes(url);
    } catch (error) {
      throw new Error(`Could not download the dataset "${name}" (${url}): ${describe(error)}`);
    }
    this.afterLoad(command, lab.loadText(bytes, `${name}.tsv`, this.configJson));
  }

  private async loadFile(file: UploadedFile): Promise<void> {
    const summary = this.requireLab().loadText(file.bytes, file.name, this.configJson);
    if (summary.ok) [this.file, this.custom] = [file, null];
    this.afterLoad('loadFile', summary);
  }

  private confirmDataset(): void {
    this.halt();
    const { summary, reload } = this.datasets.confirm(this.configJson);
    if (summary.ok) [this.file, this.custom] = [null, reload];
    this.afterLoad('confirmDataset', summary);
  }

  private exportDataset(): void {
    const lab = this.requireDataset('exportDataset');
    const base = this.loadedName;
    const name = `${base.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_')}-label-text.tsv`;
    this.deps.post({ type: 'datasetExported', name, text: lab.exportLabelTabText() });
  }

  /** On failure the Lab kept its previous dataset: say why, and leave the page as it was. */
  private afterLoad(command: Command['type'], summary: DatasetSummary): void {
    if (!summary.ok) {
      this.deps.post({ type: 'failed', command, message: summary.message });
      return;
    }
    const lab = this.requireLab();
    this.loadedName = summary.sourceName;
    this.splitSizes = { train: summary.trainReviews, test: summary.testReviews };
    const table = lab.tokens();
    this.deps.post({
      type: 'datasetLoaded',
      summary,
      statistics: {
        tokens: table.tokens,
        count: table.count,
        alpha: table.alpha,
        delta: table.delta,
      },
      source: this.file !== null || this.custom !== null ? 'custom' : 'settings',
    });
    this.postMetrics(lab.metrics(), { value: table.value, attention: table.attention }, 0, 0);
  }

  private resetWeights(command: Command['type']): void {
    this.halt();
    const lab = this.requireLab();
    if (!lab.hasDataset()) return;
    const result = lab.reset(this.configJson);
    if (!result.ok) {
      this.deps.post({ type: 'failed', command, message: result.message });
      return;
    }
    this.postMetrics(lab.metrics(), this.columns(), 0, 0);
  }

  private stepOnce(command: Command['type'], step: (lab: Lab) => Metrics): void {
    this.halt();
    const lab = this.requireDataset(command);
    const metrics = step(lab);
    this.postMetrics(metrics, this.columns(), 0, 0);
    if (metrics.stopped)
      this.deps.post({ type: 'stopped', reason: 'diverged', message: metrics.message });
  }

  /** Starts the Play loop and returns; the loop yields between chunks. Without `target`
   *  it runs to the config's `steps` (or that many more when already past it). */
  private play(target?: number): void {
    if (this.loop.isRunning) return;
    const lab = this.requireDataset(target === undefined ? 'play' : 'runTo');
    const steps = readConfig(this.configJson).steps;
    const start = lab.step();
    const targetStep = target ?? (start < steps ? steps : start + steps);
    if (targetStep <= start) return;
    const { post, now, yieldToEvents } = this.deps;
    post({ type: 'started', targetStep });
    const run = this.loop.run(targetStep, {
      advance: (count) => lab.advance(count),
      currentStep: () => lab.step(),
      chunkDone: (metrics, stepsPerSecond) => {
        const due = now() - this.lastColumnsAt >= COLUMNS_INTERVAL_MILLISECONDS;
        this.postMetrics(metrics, due ? this.columns() : null, targetStep, stepsPerSecond);
      },
      ended: (reason, message) => {
        // The last chunk may not have carried the columns: the scatter charts end current.
        this.postMetrics(lab.metrics(), this.columns(), 0, 0);
        post({ type: 'stopped', reason, message });
      },
      yieldToEvents,
      now,
      sleep: (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds)),
    });
    run.catch((error: unknown) => {
      this.loop.halt();
      this.report('play', error);
    });
  }

  /** Ends a running Play loop because another command changes the Lab. */
  private halt(): void {
    if (this.loop.halt()) this.deps.post({ type: 'stopped', reason: 'interrupted', message: '' });
  }

  private solveMaxMargin(): void {
    this.halt();
    const lab = this.requireDataset('solveMaxMargin');
    const report = lab.solveMaxMargin();
    this.deps.post({ type: 'maxMarginSolved', report });
    this.postMetrics(lab.metrics(), null, 0, 0);
  }

  private showReview(testSplit: boolean, index: number): void {
    const lab = this.requireDataset('requestReview');
    const total = testSplit ? this.splitSizes.test : this.splitSizes.train;
    if (total === 0) {
      throw new Error(`The ${testSplit ? 'test' : 'training'} split is empty.`);
    }
    const clamped = Math.min(Math.max(0, Math.trunc(index)), total - 1);
    const review = lab.review(testSplit, clamped);
    this.deps.post({ type: 'reviewShown', review, testSplit, index: clamped, total });
  }

  private listReviews(filter: ReviewFilter): void {
    const lab = this.requireDataset('listReviews');
    const total = filter.testSplit ? this.splitSizes.test : this.splitSizes.train;
    const page = listReviews((index) => lab.review(filter.testSplit, index), total, filter);
    this.deps.post({ type: 'reviewsListed', filter, ...page, total });
  }

  /** Between Play chunks the Lab is consistent: exporting does not stop the run. */
  private exportRun(): void {
    const lab = this.requireDataset('exportRun');
    // A custom dataset travels inside the file as its parsed rows (label<TAB>text).
    const custom = this.file !== null || this.custom !== null;
    const text = custom ? lab.exportLabelTabText() : '';
    this.deps.post({ type: 'runExported', json: lab.exportRun(text), step: lab.step() });
  }

  /** Settings first, then the run's dataset (by name, or its stored text), then the
   *  weights; restoreRun checks shapes and the checksum and says what does not match. */
  private async importRun(json: string): Promise<void> {
    const module = this.requireModule();
    const header = module.readRun(json);
    if (!header.ok) throw new Error(`The run file cannot be read: ${header.message}`);
    const checked = module.validateConfig(header.configJson);
    if (!checked.ok) throw new Error(`The run file's settings are invalid: ${checked.message}`);
    this.halt();
    this.configJson = checked.configJson;
    this.deps.post({
      type: 'settingsApplied',
      configJson: this.configJson,
      shareHash: module.encodeShareLink(this.configJson),
      warnings: [],
    });
    this.file = this.custom = null;
    if (header.datasetText !== '') {
      const bytes = new TextEncoder().encode(header.datasetText);
      const stem = header.sourceName.replace(/\.[^.]*$/, '') || 'run';
      await this.loadFile({ name: `${stem}-label-text.tsv`, bytes });
    } else {
      await this.loadConfiguredDataset('importRun');
    }
    const lab = this.requireLab();
    const restored = lab.restoreRun(json);
    if (!restored.ok) throw new Error(`The run's weights were not restored: ${restored.message}`);
    const metrics = lab.metrics();
    this.postMetrics(metrics, this.columns(), 0, 0);
    this.deps.post({ type: 'runImported', step: metrics.step, checksum: metrics.checksum });
  }

  private postMetrics(
    metrics: Metrics,
    columns: TokenColumns | null,
    targetStep: number,
    stepsPerSecond: number,
  ): void {
    if (columns !== null) this.lastColumnsAt = this.deps.now();
    this.deps.post({ type: 'metricsUpdated', metrics, columns, targetStep, stepsPerSecond });
  }

  private columns(): TokenColumns {
    const table = this.requireLab().tokens();
    return { value: table.value, attention: table.attention };
  }

  private requireModule(): ClslabModule {
    if (this.module === null) throw new Error(this.notLoaded());
    return this.module;
  }

  private requireLab(): Lab {
    if (this.lab === null) throw new Error(this.notLoaded());
    return this.lab;
  }

  private notLoaded(): string {
    return this.faulted
      ? 'The lab stopped after a failure; the page is restarting the training worker.'
      : 'The wasm module is not loaded yet.';
  }

  private requireDataset(command: Command['type']): Lab {
    const lab = this.requireLab();
    if (!lab.hasDataset()) throw new Error(`Load a dataset before "${command}".`);
    return lab;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
