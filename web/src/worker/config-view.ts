// The few config values the session itself acts on, read from the module's normalized
// config JSON. Validation, defaults and every other key stay with the module.

/** The `dataset` value that selects the generator instead of a file. */
export const SYNTHETIC_DATASET = 'synthetic';
/** The config keys the session reads (the Lab reads all the others). */
export const DATASET_KEY = 'dataset';
export const STEPS_KEY = 'steps';

export interface ConfigView {
  dataset: string;
  steps: number;
}

/** The two settings the session itself acts on; the module has validated the document. */
export function readConfig(configJson: string): ConfigView {
  const parsed = parseConfig(configJson);
  const dataset = parsed[DATASET_KEY];
  const steps = parsed[STEPS_KEY];
  return {
    dataset: typeof dataset === 'string' ? dataset : '',
    steps: typeof steps === 'number' ? steps : 0,
  };
}

function parseConfig(configJson: string): Record<string, unknown> {
  return configJson === '' ? {} : (JSON.parse(configJson) as Record<string, unknown>);
}

/** Keys whose values differ between two normalized configs (both hold every key). */
export function changedKeys(before: string, after: string): string[] {
  const old = parseConfig(before);
  const next = parseConfig(after);
  return Object.keys(next).filter((key) => JSON.stringify(old[key]) !== JSON.stringify(next[key]));
}
