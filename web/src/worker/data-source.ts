// Where the bytes of the data a run's settings name come from, as one tagged union: a
// built-in file the worker fetches, the generator, or the user's data (a file only the
// user has, a URL or a Hugging Face sample to download after the user agrees). The
// settings (core's config JSON) are the truth about which data a run uses; this only reads
// them, and says what to ask the user for.
import { isPresetId, PRESETS } from '../data/hf-rows.ts';
import type { DataNeed } from '../protocol.ts';

export type DataSource =
  { kind: 'builtin'; name: string } | { kind: 'synthetic' } | { kind: 'user'; need: DataNeed };

interface SourceFields {
  dataset: string;
  source_name: string;
  source_rows: number;
  source_hash: string;
  source_seed: number;
}

/** The source a normalized config (the module's JSON, every key present) names. */
export function sourceOf(configJson: string): DataSource {
  const c = JSON.parse(configJson) as SourceFields;
  const rows = c.source_rows;
  const hash = c.source_hash;
  switch (c.dataset) {
    case 'synthetic':
      return { kind: 'synthetic' };
    case 'file':
      return { kind: 'user', need: { kind: 'file', name: c.source_name, rows, hash } };
    case 'url':
      return {
        kind: 'user',
        need: { kind: 'url', url: c.source_name, host: hostOf(c.source_name), rows, hash },
      };
    case 'preset': {
      const title = isPresetId(c.source_name) ? PRESETS[c.source_name].title : c.source_name;
      return {
        kind: 'user',
        need: { kind: 'preset', preset: c.source_name, title, rows, seed: c.source_seed, hash },
      };
    }
    default:
      return { kind: 'builtin', name: c.dataset };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The run's seed, which a new Hugging Face sample is drawn with (recorded as source_seed). */
export function seedOf(configJson: string): number {
  return (JSON.parse(configJson) as { seed: number }).seed;
}

/** How far Play runs (the `steps` setting). */
export function stepsOf(configJson: string): number {
  return (JSON.parse(configJson) as { steps: number }).steps;
}

export function isPaperProtocol(configJson: string): boolean {
  return (JSON.parse(configJson) as { protocol: string }).protocol === 'paper';
}
