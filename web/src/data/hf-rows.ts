// Review datasets from the Hugging Face datasets-server rows API, sampled at random pages
// so that a split sorted by label (IMDB) still gives both classes. Runs in the worker; the
// fetch function is injected so tests never touch the network.
//
// What the presets rely on, checked against documentation (2025):
// - /rows?dataset=&config=&split=&offset=&length= returns a slice of a split, "length: length
//   of the slice (maximum 100)"; the response has `features`, `rows` as {row_idx, row,
//   truncated_cells} and `num_rows_total` (https://huggingface.co/docs/dataset-viewer/quick_start).
// - stanfordnlp/imdb, config plain_text: train 25k, test 25k, unsupervised 50k rows (dataset
//   viewer page); text + label with 0 = neg, 1 = pos; the train split is sorted by label.
// - fancyzhx/yelp_polarity (also served as yelp_polarity), config plain_text: train 560,000,
//   test 38,000; label class names '0': '1', '1': '2', where class 1 = stars 1-2 = negative
//   and class 2 = stars 4-5 = positive (dataset card), so 0 = negative, 1 = positive.
// - stanfordnlp/sst2, config default: idx, sentence, label (0 negative, 1 positive); train
//   67,349, validation 872, test 1,821 (test labels are hidden as -1, so train is used).
// - cornell-movie-review-data/rotten_tomatoes, config default: text, label (neg, pos);
//   train 8,530, validation 1,066, test 1,066.
// Core maps the {0, 1} label column to 0 = negative, 1 = positive (text_formats.h).
import { failure } from '../localized.ts';
import { isUnreachable, unreachable } from './network.ts';

export const ROWS_API = 'https://datasets-server.huggingface.co/rows';
/** The API's largest page (documented maximum of `length`). */
export const PAGE_ROWS = 100;

export type PresetId = 'imdb' | 'yelp' | 'sst2' | 'rotten-tomatoes';

export interface Preset {
  id: PresetId;
  title: string;
  dataset: string;
  config: string;
  split: string;
  /** The field holding the review text. */
  textField: string;
  /** Rows in the split per the dataset card; the response's num_rows_total wins when smaller. */
  totalRows: number;
}

export const PRESETS: Record<PresetId, Preset> = {
  imdb: {
    id: 'imdb',
    title: 'IMDB movie reviews',
    dataset: 'stanfordnlp/imdb',
    config: 'plain_text',
    split: 'train',
    textField: 'text',
    totalRows: 25000,
  },
  yelp: {
    id: 'yelp',
    title: 'Yelp polarity',
    dataset: 'fancyzhx/yelp_polarity',
    config: 'plain_text',
    split: 'train',
    textField: 'text',
    totalRows: 560000,
  },
  sst2: {
    id: 'sst2',
    title: 'SST-2 sentences',
    dataset: 'stanfordnlp/sst2',
    config: 'default',
    split: 'train',
    textField: 'sentence',
    totalRows: 67349,
  },
  'rotten-tomatoes': {
    id: 'rotten-tomatoes',
    title: 'Rotten Tomatoes snippets',
    dataset: 'cornell-movie-review-data/rotten_tomatoes',
    config: 'default',
    split: 'train',
    textField: 'text',
    totalRows: 8530,
  },
};

export function isPresetId(value: string): value is PresetId {
  return Object.prototype.hasOwnProperty.call(PRESETS, value);
}

export function rowsUrl(preset: Preset, offset: number, length: number): string {
  const query = new URLSearchParams({
    dataset: preset.dataset,
    config: preset.config,
    split: preset.split,
    offset: String(offset),
    length: String(length),
  });
  return `${ROWS_API}?${query.toString()}`;
}

/** Page starts (multiples of PAGE_ROWS) of the whole split in a uniformly random order,
 *  drawn lazily (Fisher-Yates one step at a time): a sample without repeats of any size. */
export function* randomPageOffsets(total: number, random: () => number): Generator<number> {
  const pages = Math.ceil(total / PAGE_ROWS);
  const order = Array.from({ length: pages }, (_, i) => i);
  for (let i = 0; i < pages; i++) {
    const j = i + Math.floor(random() * (pages - i));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
    yield (order[i] as number) * PAGE_ROWS;
  }
}

/** The first pages sampleRows asks for when every page is full. */
export function samplePageOffsets(total: number, reviews: number, random: () => number): number[] {
  const wanted = Math.ceil(reviews / PAGE_ROWS);
  const offsets: number[] = [];
  for (const offset of randomPageOffsets(total, random)) {
    if (offsets.length >= wanted) break;
    offsets.push(offset);
  }
  return offsets;
}

export interface LabeledRow {
  text: string;
  label: number;
}

export interface SampleOptions {
  fetch: typeof fetch;
  random: () => number;
  signal: AbortSignal;
  onProgress: (rows: number, wanted: number) => void;
}

/** Fetches pages until `reviews` rows are in; throws on HTTP errors and malformed answers. */
export async function sampleRows(
  preset: Preset,
  reviews: number,
  options: SampleOptions,
): Promise<LabeledRow[]> {
  const rows: LabeledRow[] = [];
  let total = preset.totalRows;
  options.onProgress(0, reviews); // the first page may take a while: show the bar at once
  // Short pages (the split's last one, a server that answers fewer rows) draw more pages.
  for (const offset of randomPageOffsets(total, options.random)) {
    if (rows.length >= reviews) break;
    if (offset >= total) continue;
    const url = rowsUrl(preset, offset, Math.min(PAGE_ROWS, total - offset));
    let response: Response;
    try {
      response = await options.fetch(url, { signal: options.signal });
    } catch (error) {
      if (options.signal.aborted || !isUnreachable(error)) throw error;
      throw unreachable('sample', preset.title, url);
    }
    const body = (await response.json().catch(() => null)) as RowsResponse | null;
    if (!response.ok) {
      const reason = body !== null && typeof body.error === 'string' ? body.error : '';
      throw failure('error-rows-http', { name: preset.dataset, status: response.status, reason });
    }
    if (body === null || !Array.isArray(body.rows)) {
      throw failure('error-rows-no-array', { name: preset.dataset });
    }
    if (typeof body.num_rows_total === 'number' && body.num_rows_total < total) {
      total = body.num_rows_total;
    }
    for (const item of body.rows) {
      const text = item?.row?.[preset.textField];
      const label = item?.row?.['label'];
      if (typeof text !== 'string' || typeof label !== 'number') {
        throw failure('error-rows-bad-row', {
          name: preset.dataset,
          row: String(item?.row_idx),
          field: preset.textField,
        });
      }
      rows.push({ text, label });
    }
    options.onProgress(Math.min(rows.length, reviews), reviews);
  }
  return rows.slice(0, reviews);
}

interface RowsResponse {
  rows?: Array<{ row_idx?: number; row?: Record<string, unknown> }>;
  num_rows_total?: number;
  error?: string;
}

/** One JSON object per line, {"text", "label"}: the bytes core's ParseReviews reads. */
export function rowsToJsonLines(rows: LabeledRow[]): Uint8Array {
  const lines = rows.map((row) => JSON.stringify({ text: row.text, label: row.label }));
  return new TextEncoder().encode(lines.join('\n') + '\n');
}
