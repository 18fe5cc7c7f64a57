// Where the bytes of the data a run's settings name come from, as one tagged union: a
// built-in file the worker fetches, the generator, or the user's data (a file only the
// user has, a URL or a Hugging Face sample to download after the user agrees). Core's run
// plan says which data the settings name (run_plan.h DataNeed); this only turns it into what
// to fetch or ask the user for.
import type { ClslabModule, RunPlan } from 'clslab-wasm';
import { isPresetId, PRESETS } from '../data/hf-rows.ts';
import type { DataNeed, Plan } from '../protocol.ts';

export type DataSource =
  { kind: 'builtin'; name: string } | { kind: 'synthetic' } | { kind: 'user'; need: DataNeed };

/** The plan of settings with no data loaded yet (a link's, a run file's). */
export function planOf(module: ClslabModule, configJson: string): RunPlan {
  const planned = module.planFor(configJson);
  if (!planned.ok || planned.value === null) throw new Error(planned.message);
  return planned.value;
}

/** The share link of normalized settings (the module's own JSON always encodes). */
export function shareLinkOf(module: ClslabModule, configJson: string): string {
  const link = module.encodeShareLink(configJson);
  if (link.value === null) throw new Error(link.message);
  return link.value;
}

/** The source the plan's data names. */
export function sourceOf(plan: RunPlan): DataSource {
  const { kind, name, rows, hash, seed } = plan.data;
  switch (kind) {
    case 'synthetic':
      return { kind: 'synthetic' };
    case 'file':
      return { kind: 'user', need: { kind: 'file', name, rows, hash } };
    case 'url':
      return { kind: 'user', need: { kind: 'url', url: name, host: hostOf(name), rows, hash } };
    case 'preset': {
      const title = isPresetId(name) ? PRESETS[name].title : name;
      return { kind: 'user', need: { kind: 'preset', preset: name, title, rows, seed, hash } };
    }
    case 'builtin':
      return { kind: 'builtin', name };
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
