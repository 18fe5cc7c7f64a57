// The messages between the page and the training worker: commands are imperative
// (client -> worker), events past tense (worker -> client). Both threads import this file
// and switch exhaustively on `type`; nothing else crosses the thread boundary.
import type {
  DatasetPreview,
  DatasetSummary,
  MaxMarginReport,
  Metrics,
  ReviewView,
  SettingField,
} from 'clslab-wasm';

import type { Limits, ParseChoice } from 'clslab-wasm';
import type { SourceFile } from './data/sources.ts';

export type { DatasetPreview, Limits, ParseChoice, SourceFile };
export type { DatasetSummary, MaxMarginReport, Metrics, ReviewView, SettingField };

/** A user's own file, read on the page and sent as bytes. */
export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

export type Command =
  /** Load the module; `hash` is the share link (location.hash without '#'), may be empty. */
  | { type: 'init'; datasetBaseUrl: string; hash: string }
  /** Adopt the settings of a share link the user opened. */
  | { type: 'openShareLink'; hash: string }
  /** Validate `configJson`; when valid, reload the dataset (`reload`) or reset the weights. */
  | { type: 'applySettings'; configJson: string; reload: boolean }
  /** Load the user's file with the current settings. */
  | { type: 'loadFile'; file: UploadedFile }
  | { type: 'reset' }
  /** Run until the config's `steps` total (or `steps` more when already past it). */
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'step'; count: number }
  | { type: 'stepEmbeddings' }
  | { type: 'stepAttention'; count: number }
  | { type: 'solveMaxMargin' }
  | { type: 'requestReview'; testSplit: boolean; index: number }
  | { type: 'scoreText'; text: string }
  /** Read the user's files in the worker and preview them: one file, a *.pos/*.neg pair or
   *  a folder with pos/ and neg/ (paths tell which). Nothing is loaded until confirmDataset. */
  | { type: 'previewFiles'; files: SourceFile[] }
  /** Download and preview; the page has had the user confirm the URL's host. */
  | { type: 'previewUrl'; url: string }
  /** Sample `reviews` rows of a Hugging Face preset (data/hf-rows.ts) and preview them.
   *  With `seed`, the pages sampled are drawn from it: a restart samples the same rows. */
  | { type: 'previewPreset'; preset: string; reviews: number; seed?: number }
  /** Stop the read or download in progress. Acts at once. */
  | { type: 'cancelRead' }
  /** Parse the previewed source again with changed choices. */
  | { type: 'changePreview'; change: Partial<ParseChoice> }
  /** Load the previewed source with its choices (the old dataset stays on failure). */
  | { type: 'confirmDataset' }
  | { type: 'discardPreview' }
  /** The loaded dataset as label<TAB>text. */
  | { type: 'exportDataset' }
  /** Play up to `step` (a share link's run length); pausable like Play. */
  | { type: 'runTo'; step: number }
  /** Caps Play at `stepsPerSecond` (0: as fast as the machine goes). Acts at once. */
  | { type: 'setSpeed'; stepsPerSecond: number }
  /** One page of the split's reviews that pass `filter`. */
  | { type: 'listReviews'; filter: ReviewFilter }
  /** The run as a JSON file (config, dataset, step, weights). */
  | { type: 'exportRun' }
  /** Load a run file: its settings and dataset, then its weights (same checksum). */
  | { type: 'importRun'; json: string }
  /** Tests only (reached through window.__clslab, no control sends it). 'liftLimits': the
   *  Lab is rebuilt without limits and reloads its dataset, so an oversized load really
   *  exhausts the wasm heap; 'uncaughtError': the worker throws outside any handler. */
  | { type: 'injectFault'; fault: Fault };

export type Fault = 'liftLimits' | 'uncaughtError';

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
export interface TokenColumns {
  /** v.E_s */
  value: Float32Array;
  /** p.E_s */
  attention: Float32Array;
}

export type StopReason = 'paused' | 'finished' | 'diverged' | 'interrupted';

export type WorkerEvent =
  | {
      type: 'ready';
      fields: SettingField[];
      configJson: string;
      shareHash: string;
      /** Problems found decoding the share link, one sentence each. */
      warnings: string[];
      /** The largest dataset and model the Lab accepts. */
      limits: Limits;
    }
  | { type: 'settingsApplied'; configJson: string; shareHash: string; warnings: string[] }
  | { type: 'settingsRejected'; message: string }
  | {
      type: 'datasetLoaded';
      summary: DatasetSummary;
      statistics: TokenStatistics;
      /** 'settings': a built-in or synthetic dataset named by the settings; 'custom': the
       *  user's file, folder, URL, sample or run file (the page keeps how to load it again). */
      source: 'settings' | 'custom';
    }
  | {
      type: 'metricsUpdated';
      metrics: Metrics;
      /** Present when the token columns changed since the last event carrying them. */
      columns: TokenColumns | null;
      /** The step Play is heading for (0 when not playing). */
      targetStep: number;
      /** Measured over the last chunk; 0 for single steps. */
      stepsPerSecond: number;
    }
  | { type: 'started'; targetStep: number }
  | { type: 'stopped'; reason: StopReason; message: string }
  | { type: 'maxMarginSolved'; report: MaxMarginReport }
  | { type: 'reviewShown'; review: ReviewView; testSplit: boolean; index: number; total: number }
  | { type: 'textScored'; review: ReviewView }
  /** unit: what done/total count; total 0 = unknown (a download without Content-Length). */
  | { type: 'readProgress'; label: string; done: number; total: number; unit: ReadUnit }
  | { type: 'readCancelled' }
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
  /** `fatal`: the wasm module aborted (out of memory or an internal error) and cannot be
   *  used again; the page restarts the worker with the last dataset and settings that loaded. */
  | { type: 'failed'; command: Command['type']; message: string; fatal?: boolean };

export type ReadUnit = 'bytes' | 'files' | 'reviews';

export function assertNever(value: never): never {
  throw new Error(`Unhandled message: ${JSON.stringify(value)}`);
}

/** Typed arrays a message owns, so postMessage can transfer rather than copy them. */
export function transferablesOf(event: WorkerEvent): Transferable[] {
  if (event.type === 'metricsUpdated' && event.columns !== null) {
    return [event.columns.value.buffer, event.columns.attention.buffer];
  }
  if (event.type === 'datasetLoaded') {
    const s = event.statistics;
    return [s.count.buffer, s.alpha.buffer, s.delta.buffer];
  }
  return [];
}
