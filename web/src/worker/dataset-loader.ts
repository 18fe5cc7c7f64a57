// The reading half of the worker's dataset work: the user's files, URLs and Hugging Face
// samples become SourceBytes (with progress and Cancel), and a source the user is looking
// at in the preview waits here with its parse choices until confirmed. Parsing and
// validation are core's (module.preview; Lab.load on confirm, by the session).
import { failure, phrase, type Phrase } from '../localized.ts';
import type { ClslabModule, ParseChoice, SourceBytes } from 'clslab-wasm';
import type { TaskKind, WorkerEvent } from '../protocol.ts';
import { isPresetId, PRESETS, rowsToJsonLines, sampleRows } from '../data/hf-rows.ts';
import { Cancelled, fetchBytes, readFile, tooLarge, type ReadOptions } from '../data/read-bytes.ts';
import { planSource, type SourceFile } from '../data/sources.ts';
import { seededRandom } from '../data/seeded-random.mjs';

/** Bytes of a built-in dataset's file by URL (the edition's: a fetch, or inlined bytes). */
export type FetchBuiltin = (url: string, options: ReadOptions) => Promise<Uint8Array>;

export interface LoaderDeps {
  module: () => ClslabModule;
  post: (event: WorkerEvent) => void;
  fetch: typeof fetch;
  fetchBuiltin: FetchBuiltin;
}

/** Where a previewed source came from: what the settings will record as its identity. */
export type SourceOrigin =
  | { kind: 'file'; name: string }
  | { kind: 'url'; name: string }
  | { kind: 'preset'; name: string; seed: number; rows: number };

export interface PendingSource {
  bytes: SourceBytes;
  choice: ParseChoice;
  origin: SourceOrigin;
}

/** Files of a folder are read this many at a time between progress events. */
const FILES_PER_PROGRESS = 250;

export class DatasetLoader {
  private pending: PendingSource | null = null;
  private reading: AbortController | null = null;

  constructor(private readonly deps: LoaderDeps) {}

  /** Core's ParseOptions defaults for a source: detect everything. */
  private defaultChoice(sourceName: string): ParseChoice {
    return this.deps.module().defaultParseChoice(sourceName);
  }

  /** Stops the read or download in progress (acts at once, outside the command queue). */
  cancel(): boolean {
    if (this.reading === null) return false;
    this.reading.abort();
    return true;
  }

  async previewFiles(files: SourceFile[]): Promise<void> {
    const read = await this.readFiles(files);
    if (read !== null) this.show({ ...read, choice: this.defaultChoice(read.origin.name) });
  }

  /** The page asked the user to confirm the URL's host before sending this. */
  async previewUrl(url: string): Promise<void> {
    const bytes = await this.download(url);
    if (bytes !== null)
      this.show({
        bytes,
        choice: this.defaultChoice(nameOfUrl(url)),
        origin: { kind: 'url', name: url },
      });
  }

  /** A sample drawn from `seed` (the run's): the same seed samples the same rows. */
  async previewPreset(id: string, reviews: number, seed: number): Promise<void> {
    const bytes = await this.sample(id, reviews, seed);
    if (bytes === null) return;
    const title = isPresetId(id) ? PRESETS[id].dataset : id;
    this.show({
      bytes,
      choice: this.defaultChoice(`${title} (${reviews} sampled)`),
      origin: { kind: 'preset', name: id, seed, rows: reviews },
    });
  }

  /** Parses the pending source again with changed choices (column, format, stars, Latin-1). */
  changePreview(change: Partial<ParseChoice>): void {
    const pending = this.requirePending();
    pending.choice = { ...pending.choice, ...change, sourceName: pending.choice.sourceName };
    this.show(pending);
  }

  discard(): void {
    this.pending = null;
  }

  /** The previewed source, to load; it stays pending until `loaded()` (a failed load keeps
   *  the preview open for other choices). */
  requirePending(): PendingSource {
    if (this.pending === null) throw failure('error-no-preview');
    return this.pending;
  }

  loaded(): void {
    this.pending = null;
  }

  /** Reads picked or dropped files as one source; null when cancelled. */
  async readFiles(
    files: SourceFile[],
  ): Promise<{ bytes: SourceBytes; origin: SourceOrigin } | null> {
    const plan = planSource(files);
    if (plan.kind === 'none') throw failure('error-source-files', { files: plan.files });
    const origin: SourceOrigin = { kind: 'file', name: plan.name };
    return this.read(
      'reading',
      phrase('task-reading', { name: plan.name }),
      async (signal, progress) => {
        const limit = this.deps.module().maxInputBytes();
        if (plan.kind === 'text') {
          const text = await readFile(plan.file.file, { limit, signal, onProgress: progress });
          return { bytes: { layout: 'text', text }, origin };
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
          return { bytes: { layout: 'paired', positive, negative }, origin };
        }
        const size = plan.files.reduce((sum, f) => sum + f.file.size, 0);
        if (size > limit) throw tooLarge(plan.name, size, limit, true);
        const texts: Uint8Array[] = [];
        for (let i = 0; i < plan.files.length; i += FILES_PER_PROGRESS) {
          if (signal.aborted) throw new Cancelled();
          const batch = plan.files.slice(i, i + FILES_PER_PROGRESS);
          for (const f of batch) texts.push(new Uint8Array(await f.file.arrayBuffer()));
          this.deps.post({
            type: 'taskProgress',
            task: 'reading',
            label: phrase('task-reading', { name: plan.name }),
            done: texts.length,
            total: plan.files.length,
            unit: 'files',
          });
        }
        return { bytes: { layout: 'texts', texts, labels: plan.labels }, origin };
      },
    );
  }

  /** Downloads `url` as a text source; null when cancelled. */
  async download(url: string): Promise<SourceBytes | null> {
    const name = nameOfUrl(url);
    return this.read('reading', phrase('task-downloading', { name }), async (signal, progress) => {
      const text = await fetchBytes(url, this.deps.fetch, {
        limit: this.deps.module().maxInputBytes(),
        signal,
        onProgress: progress,
      });
      return { layout: 'text', text } as const;
    });
  }

  /** A built-in dataset's file `name` at `url`, read as any download is: a task with its
   *  progress and Cancel (a server that never answers held the page at its last step with
   *  no sign, issue 43); null when cancelled. */
  async builtin(name: string, url: string): Promise<Uint8Array | null> {
    return this.read('reading', phrase('task-downloading', { name }), (signal, progress) =>
      this.deps.fetchBuiltin(url, {
        limit: this.deps.module().maxInputBytes(),
        signal,
        onProgress: progress,
      }),
    );
  }

  /** Samples `reviews` rows of a preset from `seed` as JSON lines; null when cancelled. */
  async sample(id: string, reviews: number, seed: number): Promise<SourceBytes | null> {
    if (!isPresetId(id)) throw failure('error-unknown-preset', { name: id });
    const preset = PRESETS[id];
    const label = phrase('task-sampling', { name: preset.title });
    return this.read('reading', label, async (signal) => {
      const rows = await sampleRows(preset, reviews, {
        fetch: this.deps.fetch,
        random: seededRandom(seed),
        signal,
        onProgress: (done, total) =>
          this.deps.post({
            type: 'taskProgress',
            task: 'reading',
            label,
            done,
            total,
            unit: 'reviews',
          }),
      });
      return { layout: 'text', text: rowsToJsonLines(rows) } as const;
    });
  }

  private show(pending: PendingSource): void {
    this.pending = pending;
    const preview = this.deps.module().preview(pending.bytes, pending.choice);
    this.deps.post({ type: 'previewShown', preview, choice: pending.choice });
  }

  /** One read with a fresh AbortController, as a task; a cancelled read returns null. */
  private async read<T>(
    task: TaskKind,
    label: Phrase,
    body: (signal: AbortSignal, progress: (done: number, total: number) => void) => Promise<T>,
  ): Promise<T | null> {
    this.reading?.abort();
    const controller = new AbortController();
    this.reading = controller;
    const { post } = this.deps;
    post({ type: 'taskStarted', task, label, cancellable: true, blockingMs: 0 });
    const progress = (done: number, total: number) =>
      post({ type: 'taskProgress', task, label, done, total, unit: 'bytes' });
    try {
      const result = await body(controller.signal, progress);
      if (controller.signal.aborted) throw new Cancelled();
      post({ type: 'taskEnded', task, outcome: 'done' });
      return result;
    } catch (error) {
      const cancelled = error instanceof Cancelled || controller.signal.aborted;
      post({ type: 'taskEnded', task, outcome: cancelled ? 'cancelled' : 'failed' });
      if (cancelled) return null;
      throw error;
    } finally {
      if (this.reading === controller) this.reading = null;
    }
  }
}

function nameOfUrl(url: string): string {
  const parsed = new URL(url);
  return decodeURIComponent(parsed.pathname.split('/').pop() || parsed.host);
}
