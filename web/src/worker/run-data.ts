// The run's data in the worker: which data the settings name (data-source.ts), loading it
// into the Lab (a built-in file fetched, the generator, the user's bytes checked against
// the content hash the settings record), and the one piece of state the worker keeps
// about data: a link whose data is still awaited (a file to supply, a download to agree
// to). Until that data loads, the run in the Lab is untouched. Settings changes go through
// here too, since another dataset is a settings change whose effect is 'source'.
import { failure, phrase } from '../localized.ts';
import type { LoadResult, SettingEffect, SourceBytes } from 'clslab-wasm';
import type { DataNeed, WorkerEvent } from '../protocol.ts';
import type { SourceFile } from '../data/sources.ts';
import { planOf, shareLinkOf, sourceOf, type DataSource } from './data-source.ts';
import type { DatasetLoader } from './dataset-loader.ts';
import { blockFor } from './faults.ts';
import type { LabHost } from './lab-host.ts';
import type { Training } from './training.ts';

export interface RunDataDeps {
  host: LabHost;
  datasets: DatasetLoader;
  training: Training;
  post: (event: WorkerEvent) => void;
}

/** Core refused the data under these settings (Lab.load said why): nothing changed. */
class DataRefused extends Error {}

export class RunData {
  /** Where the built-in datasets are (init says). */
  datasetBaseUrl = '';
  /** A link's settings whose data the user has not supplied yet (file) or not agreed to
   *  download (URL, preset), and the warnings its link had. */
  private awaiting: { configJson: string; need: DataNeed; warnings: string[] } | null = null;
  private slowdownMs = 0;
  /** A link that would replace the user's data, until the page says keep it or not. */
  private linkOverData: { configJson: string; warnings: string[] } | null = null;

  /** Data swaps so far (each announced load or rebuild): a Play sent before one does not
   *  start on the new data (session.ts). */
  loads = 0;

  constructor(private readonly deps: RunDataDeps) {}

  /** Lab.load and everything the page is told about the new data, as one announced task:
   *  parsing, tokenizing and the first statistics and snapshot are calls into wasm that
   *  cannot answer the heartbeat, so their duration is estimated (about 15 MB/s in
   *  Chromium on this machine's slower days, with a second's margin: BENCHMARKS.md). The
   *  task ends only after the run on the new data has been announced, so the page never
   *  hears the new settings without the data and the first snapshot that go with them. */
  private loadBytes(source: SourceBytes, configJson: string, warnings: string[]): void {
    const bytes =
      source.layout === 'text'
        ? source.text.byteLength
        : source.layout === 'paired'
          ? source.positive.byteLength + source.negative.byteLength
          : source.texts.reduce((sum, text) => sum + text.byteLength, 0);
    const { post } = this.deps;
    const blockingMs = 1000 + bytes / 15000;
    post({
      type: 'taskStarted',
      task: 'loading',
      label: phrase('task-building'),
      cancellable: false,
      blockingMs,
    });
    let outcome: 'done' | 'failed' = 'failed';
    try {
      const result = this.deps.host.requireLab().load(source, configJson);
      blockFor(this.slowdownMs);
      this.slowdownMs = 0;
      this.commit(result, warnings);
      outcome = 'done';
    } finally {
      post({ type: 'taskEnded', task: 'loading', outcome });
    }
  }

  /** Tests only (faults.ts): the next load blocks `milliseconds` longer. */
  slowNextLoad(milliseconds: number): void {
    this.slowdownMs = milliseconds;
  }

  /** A run file replaced the run whole: no link is waiting any more. */
  replacedByRun(): void {
    this.awaiting = null;
    this.announceLoaded('source', []);
  }

  /** A share link the user opened. Over data the user loaded, a link that names built-in or
   *  synthetic data changes nothing yet: the page is asked whether to keep the user's data
   *  (resolveLink). A link naming other user data already waits for it (datasetNeeded)
   *  with the run untouched. */
  async openLink(configJson: string, warnings: string[]): Promise<void> {
    const module = this.deps.host.requireModule();
    const lab = this.deps.host.requireLab();
    const checked = module.validateConfig(configJson);
    if (
      checked.ok &&
      lab.hasDataset() &&
      sourceOf(lab.plan()).kind === 'user' &&
      sourceOf(planOf(module, checked.configJson)).kind !== 'user' &&
      module.effectOfChange(lab.configJson(), checked.configJson).value === 'source'
    ) {
      this.linkOverData = { configJson: checked.configJson, warnings };
      const summary = lab.summary();
      this.deps.post({
        type: 'linkReplacesData',
        sourceName: summary.sourceName,
        rows: summary.parsedRows,
        linkData: describeSource(sourceOf(planOf(module, checked.configJson))),
      });
      return;
    }
    return this.adopt(configJson, warnings);
  }

  /** The page's answer to linkReplacesData: the link's settings on the loaded data (every
   *  setting whose effect is 'source' is the data's identity: core's field table), or the
   *  link whole. */
  async resolveLink(keepData: boolean): Promise<void> {
    const link = this.linkOverData;
    if (link === null) throw failure('error-no-link-answer');
    this.linkOverData = null;
    if (!keepData) return this.adopt(link.configJson, link.warnings);
    const module = this.deps.host.requireModule();
    const loaded = JSON.parse(this.deps.host.requireLab().configJson()) as Record<string, unknown>;
    const merged = JSON.parse(link.configJson) as Record<string, unknown>;
    for (const field of module.settingFields())
      if (field.effect === 'source') merged[field.key] = loaded[field.key];
    return this.adopt(JSON.stringify(merged), link.warnings);
  }

  /** New settings: by their effect on the loaded run (core decides), or, for another
   *  dataset or before any data, by loading the data they name. */
  async adopt(configJson: string, warnings: string[]): Promise<void> {
    this.linkOverData = null;
    const module = this.deps.host.requireModule();
    const checked = module.validateConfig(configJson);
    if (!checked.ok) throw new Error(checked.message);
    const lab = this.deps.host.requireLab();
    const compared = lab.hasDataset()
      ? module.effectOfChange(lab.configJson(), checked.configJson)
      : { ok: true, message: '', value: 'source' as const };
    const effect = compared.value;
    if (effect === null) throw failure('error-settings-not-compared', { reason: compared.message });
    if (effect === 'source') return this.loadFor(checked.configJson, warnings);
    if (effect !== 'run-length') this.deps.training.halt();
    if (effect === 'pipeline') return this.rebuild(checked.configJson, warnings);
    const applied = lab.configure(checked.configJson);
    if (!applied.ok) throw new Error(applied.message);
    this.awaiting = null; // a settings change on the loaded run drops a link still waiting
    this.postSettings(effect, warnings);
    if (effect !== 'run-length') {
      this.deps.training.snapshot(effect === 'weights', 0, 0);
      this.deps.training.guide(lab);
    }
  }

  /** The data of the link the page opened on. Where core refuses the data under the link's
   *  data settings (min_count=1000), the link opens as a link with any other bad value does:
   *  on those settings' defaults (core WithDefaultDataSettings), with a warning; the page
   *  was left with no data and Play disabled (issue 43). */
  async loadLink(configJson: string, warnings: string[]): Promise<void> {
    return this.withLinkFallback(configJson, warnings, (config, said) =>
      this.loadFor(config, said),
    );
  }

  /** `load` with the link's settings, then, when core refused the data under them, once more
   *  with its data settings at their defaults. */
  private async withLinkFallback(
    configJson: string,
    warnings: string[],
    load: (configJson: string, warnings: string[]) => Promise<void> | void,
  ): Promise<void> {
    try {
      await load(configJson, warnings);
    } catch (error) {
      if (!(error instanceof DataRefused)) throw error;
      const fallback = this.deps.host
        .requireModule()
        .withDefaultDataSettings(configJson, error.message);
      if (fallback.warnings.length === 0) throw error;
      await load(fallback.configJson, [...warnings, ...fallback.warnings]);
    }
  }

  /** Loads the data `configJson` names, or, for the user's data, asks for it. */
  async loadFor(configJson: string, warnings: string[]): Promise<void> {
    const module = this.deps.host.requireModule();
    const source = sourceOf(planOf(module, configJson));
    const lab = this.deps.host.requireLab();
    if (source.kind === 'user') {
      this.awaiting = { configJson, need: source.need, warnings };
      this.deps.post({ type: 'datasetNeeded', need: source.need, configJson });
      return;
    }
    this.deps.training.halt();
    if (source.kind === 'synthetic') return this.commit(lab.loadSynthetic(configJson), warnings);
    const text = await this.builtin(source.name);
    this.loadBytes({ layout: 'text', text }, configJson, warnings);
  }

  async supplySource(files: SourceFile[]): Promise<void> {
    const awaiting = this.awaiting;
    if (awaiting === null || awaiting.need.kind !== 'file') {
      throw failure('error-no-link-file');
    }
    const read = await this.deps.datasets.readFiles(files);
    if (read === null) return;
    this.deps.training.halt();
    const bytes = { ...read.bytes, name: read.origin.name };
    return this.withLinkFallback(awaiting.configJson, awaiting.warnings, (config, said) =>
      this.loadBytes(bytes, config, said),
    );
  }

  async confirmSource(): Promise<void> {
    const awaiting = this.awaiting;
    if (awaiting === null || awaiting.need.kind === 'file') {
      throw failure('error-no-link-download');
    }
    const { need } = awaiting;
    const bytes =
      need.kind === 'url'
        ? await this.deps.datasets.download(need.url)
        : await this.deps.datasets.sample(need.preset, need.rows, need.seed);
    if (bytes === null) return;
    this.deps.training.halt();
    return this.withLinkFallback(awaiting.configJson, awaiting.warnings, (config, said) =>
      this.loadBytes(bytes, config, said),
    );
  }

  /** The previewed source with the current settings: its identity goes into them. */
  confirmDataset(): void {
    const module = this.deps.host.requireModule();
    const { bytes, choice, origin } = this.deps.datasets.requirePending();
    const seed = origin.kind === 'preset' ? origin.seed : 0;
    const rows = origin.kind === 'preset' ? origin.rows : 0;
    const sourced = module.withSource(
      this.baseConfig(),
      origin.kind,
      origin.name,
      choice,
      seed,
      rows,
    );
    if (!sourced.ok) throw new Error(sourced.message);
    this.deps.training.halt();
    this.loadBytes(bytes, sourced.configJson, []);
    this.deps.datasets.loaded();
  }

  /** The settings a new source joins: the loaded run's, or those of a link still waiting. */
  baseConfig(): string {
    const lab = this.deps.host.requireLab();
    return lab.hasDataset() || this.awaiting === null ? lab.configJson() : this.awaiting.configJson;
  }

  /** A load's answer: on failure nothing changed (the message goes to the request). */
  private commit(result: LoadResult, warnings: string[]): void {
    if (!result.ok) throw new DataRefused(result.message);
    this.awaiting = null;
    this.announceLoaded('source', warnings);
  }

  /** New settings that rebuild the loaded data (a recipe's vocabulary, say), as a task:
   *  the page holds Play and shows the task, not the old run's step against the new plan,
   *  until the rebuilt run is announced. No estimate for the watchdog (blockingMs 0): the
   *  rebuild re-encodes data already parsed. */
  private rebuild(configJson: string, warnings: string[]): void {
    const { post } = this.deps;
    const label = phrase('task-rebuilding');
    post({ type: 'taskStarted', task: 'loading', label, cancellable: false, blockingMs: 0 });
    let outcome: 'done' | 'failed' = 'failed';
    try {
      const applied = this.deps.host.requireLab().configure(configJson);
      if (!applied.ok) throw new Error(applied.message);
      this.awaiting = null; // a settings change on the loaded run drops a link still waiting
      this.announceLoaded('pipeline', warnings);
      outcome = 'done';
    } finally {
      post({ type: 'taskEnded', task: 'loading', outcome });
    }
  }

  /** Settings, data and the first snapshot of a run whose data was (re)built. */
  announceLoaded(effect: 'source' | 'pipeline', warnings: string[]): void {
    this.loads++;
    const lab = this.deps.host.requireLab();
    this.postSettings(effect, warnings);
    const table = lab.tokens();
    this.deps.post({
      type: 'datasetLoaded',
      summary: lab.summary(),
      statistics: {
        tokens: table.tokens,
        count: table.count,
        alpha: table.alpha,
        delta: table.delta,
      },
      recipes: lab.recipes(),
    });
    this.deps.training.snapshot(true, 0, 0);
    this.deps.training.guide(lab);
  }

  private postSettings(effect: SettingEffect, warnings: string[]): void {
    const configJson = this.deps.host.requireLab().configJson();
    const shareHash = shareLinkOf(this.deps.host.requireModule(), configJson);
    const plan = this.deps.host.plan(configJson);
    this.deps.post({ type: 'settingsApplied', configJson, plan, shareHash, effect, warnings });
  }

  /** The built-in dataset `name`'s bytes, downloaded as a cancellable task; a Cancel is
   *  said as an error (the command that needed the data did nothing), naming what stays. */
  async builtin(name: string): Promise<Uint8Array> {
    const url = new URL(`${encodeURIComponent(name)}.tsv`, this.datasetBaseUrl).href;
    let bytes: Uint8Array | null;
    try {
      bytes = await this.deps.datasets.builtin(`${name}.tsv`, url);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw failure('error-download-failed', { name, url, reason: detail });
    }
    if (bytes !== null) return bytes;
    const lab = this.deps.host.requireLab();
    const file = `${name}.tsv`;
    throw lab.hasDataset()
      ? failure('error-download-cancelled-kept', { file, source: lab.summary().sourceName })
      : failure('error-download-cancelled-empty', { file });
  }
}

/** Built-in or synthetic data, as a link names it, in words. */
function describeSource(source: DataSource): string {
  return source.kind === 'builtin' ? `the built-in ${source.name}.tsv` : 'synthetic data';
}
