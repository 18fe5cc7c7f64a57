// The dataset half of the session: reads the user's files, URLs and Hugging Face samples in
// the worker (with progress and Cancel), keeps the parsed-but-not-loaded source while the
// user looks at its preview, and loads it into the Lab on confirm. Parsing and validation
// are core's (previewText / loadTextWithOptions and their paired / labelled-text twins).
import type { ClslabModule, DatasetPreview, DatasetSummary, Lab, ParseChoice } from 'clslab-wasm';
import type { WorkerEvent } from '../protocol.ts';
import { isPresetId, PRESETS, rowsToJsonLines, sampleRows } from '../data/hf-rows.ts';
import { Cancelled, fetchBytes, readFile, tooLarge } from '../data/read-bytes.ts';
import { planSource, type SourceFile } from '../data/sources.ts';

export interface LoaderDeps {
  module: () => ClslabModule;
  lab: () => Lab;
  post: (event: WorkerEvent) => void;
  fetch: typeof fetch;
  random: () => number;
}

/** A source read into memory, waiting for the user to confirm its preview. */
type Source =
  | { kind: 'text'; bytes: Uint8Array }
  | { kind: 'paired'; positive: Uint8Array; negative: Uint8Array }
  | { kind: 'texts'; texts: Uint8Array[]; labels: Int8Array };

/** Core's ParseOptions defaults: detect everything, stars split at 3, UTF-8. */
export function defaultChoice(sourceName: string): ParseChoice {
  return {
    sourceName,
    format: 'auto',
    textColumn: '',
    labelColumn: '',
    hasHeader: -1,
    starThreshold: 3,
    latin1: false,
  };
}

/** mulberry32: a small seeded generator in [0, 1), enough to pick pages reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Files of a folder are read this many at a time between progress events. */
const FILES_PER_PROGRESS = 250;

export class DatasetLoader {
  private pending: { source: Source; choice: ParseChoice } | null = null;
  private reading: AbortController | null = null;

  constructor(private readonly deps: LoaderDeps) {}

  /** Stops the read or download in progress (acts at once, outside the command queue). */
  cancel(): void {
    this.reading?.abort();
  }

  async previewFiles(files: SourceFile[]): Promise<void> {
    const plan = planSource(files);
    if (plan.kind === 'none') throw new Error(plan.message);
    await this.readSource(async (signal) => {
      const limit = this.deps.module().maxInputBytes();
      const progress = (done: number, total: number) =>
        this.deps.post({
          type: 'readProgress',
          label: `Reading ${plan.name}`,
          done,
          total,
          unit: 'bytes',
        });
      if (plan.kind === 'text') {
        const bytes = await readFile(plan.file.file, { limit, signal, onProgress: progress });
        return { source: { kind: 'text', bytes }, name: plan.name };
      }
      if (plan.kind === 'paired') {
        const size = plan.positive.file.size + plan.negative.file.size;
        if (size > limit) throw tooLarge(plan.name, size, limit);
        const positive = await readFile(plan.positive.file, {
          limit,
          signal,
          onProgress: progress,
        });
        const negative = await readFile(plan.negative.file, {
          limit,
          signal,
          onProgress: progress,
        });
        return { source: { kind: 'paired', positive, negative }, name: plan.name };
      }
      const size = plan.files.reduce((sum, f) => sum + f.file.size, 0);
      if (size > limit) throw tooLarge(`The folder ${plan.name}`, size, limit);
      const texts: Uint8Array[] = [];
      for (let i = 0; i < plan.files.length; i += FILES_PER_PROGRESS) {
        if (signal.aborted) throw new Cancelled();
        const batch = plan.files.slice(i, i + FILES_PER_PROGRESS);
        for (const f of batch) texts.push(new Uint8Array(await f.file.arrayBuffer()));
        this.deps.post({
          type: 'readProgress',
          label: `Reading ${plan.name}`,
          done: texts.length,
          total: plan.files.length,
          unit: 'files',
        });
      }
      return { source: { kind: 'texts', texts, labels: plan.labels }, name: plan.name };
    });
  }

  /** The page asked the user to confirm the URL's host before sending this. */
  async previewUrl(url: string): Promise<void> {
    await this.readSource(async (signal) => {
      const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || new URL(url).host);
      const bytes = await fetchBytes(url, this.deps.fetch, {
        limit: this.deps.module().maxInputBytes(),
        signal,
        onProgress: (done, total) =>
          this.deps.post({
            type: 'readProgress',
            label: `Downloading ${name}`,
            done,
            total,
            unit: 'bytes',
          }),
      });
      return { source: { kind: 'text', bytes }, name };
    });
  }

  /** With `seed`, the pages are drawn from it (the same seed samples the same rows). */
  async previewPreset(id: string, reviews: number, seed?: number): Promise<void> {
    if (!isPresetId(id)) throw new Error(`Unknown dataset preset "${id}".`);
    const preset = PRESETS[id];
    const random = seed === undefined ? this.deps.random : seededRandom(seed);
    await this.readSource(async (signal) => {
      const rows = await sampleRows(preset, reviews, {
        fetch: this.deps.fetch,
        random,
        signal,
        onProgress: (done, total) =>
          this.deps.post({
            type: 'readProgress',
            label: `Sampling ${preset.title}`,
            done,
            total,
            unit: 'reviews',
          }),
      });
      return {
        source: { kind: 'text', bytes: rowsToJsonLines(rows) },
        name: `${preset.dataset} (${rows.length} sampled)`,
      };
    });
  }

  /** Parses the pending source again with changed choices (column, format, stars, Latin-1). */
  changePreview(change: Partial<ParseChoice>): void {
    if (this.pending === null) throw new Error('There is no dataset preview to change.');
    this.pending.choice = {
      ...this.pending.choice,
      ...change,
      sourceName: this.pending.choice.sourceName,
    };
    this.showPreview();
  }

  discard(): void {
    this.pending = null;
  }

  /** Loads the previewed source; returns the summary and, on success, how to reload it. */
  confirm(configJson: string): {
    summary: DatasetSummary;
    reload: ((configJson: string) => DatasetSummary) | null;
  } {
    if (this.pending === null) throw new Error('There is no dataset preview to confirm.');
    const { source, choice } = this.pending;
    const reload = (json: string) => this.load(source, choice, json);
    const summary = reload(configJson);
    if (!summary.ok) return { summary, reload: null };
    this.pending = null;
    return { summary, reload };
  }

  private load(source: Source, choice: ParseChoice, configJson: string): DatasetSummary {
    const lab = this.deps.lab();
    switch (source.kind) {
      case 'text':
        return lab.loadTextWithOptions(source.bytes, choice, configJson);
      case 'paired':
        return lab.loadPairedLines(source.positive, source.negative, choice, configJson);
      case 'texts':
        return lab.loadLabeledTexts(source.texts, source.labels, choice, configJson);
    }
  }

  private preview(source: Source, choice: ParseChoice): DatasetPreview {
    const module = this.deps.module();
    switch (source.kind) {
      case 'text':
        return module.previewText(source.bytes, choice);
      case 'paired':
        return module.previewPairedLines(source.positive, source.negative, choice);
      case 'texts':
        return module.previewLabeledTexts(source.texts, source.labels, choice);
    }
  }

  private showPreview(): void {
    if (this.pending === null) return;
    const { source, choice } = this.pending;
    this.deps.post({ type: 'previewShown', preview: this.preview(source, choice), choice });
  }

  /** Runs one read with a fresh AbortController; a cancelled read ends in `readCancelled`. */
  private async readSource(
    read: (signal: AbortSignal) => Promise<{ source: Source; name: string }>,
  ): Promise<void> {
    this.reading?.abort();
    const controller = new AbortController();
    this.reading = controller;
    try {
      const { source, name } = await read(controller.signal);
      if (controller.signal.aborted) throw new Cancelled();
      this.pending = { source, choice: defaultChoice(name) };
      this.showPreview();
    } catch (error) {
      if (error instanceof Cancelled || controller.signal.aborted) {
        this.deps.post({ type: 'readCancelled' });
        return;
      }
      throw error;
    } finally {
      if (this.reading === controller) this.reading = null;
    }
  }
}
