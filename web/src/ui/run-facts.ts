// What a figure or a zip says about the run it came from: the dataset, the recipe (the key
// settings of the protocol), the step and the checksum. The page hands these over through
// one callback (RunFactsSource), so whichever part of the page owns the state can answer.
import type { DatasetSummary, Metrics } from '../protocol.ts';
import { formatInteger, formatNumber } from '../format.ts';

export interface RunFacts {
  /** The loaded dataset; null before the first load. */
  dataset: Pick<DatasetSummary, 'sourceName' | 'trainReviews' | 'testReviews'> | null;
  /** The applied settings: the config JSON's values by key. */
  settings: Readonly<Record<string, unknown>>;
  /** The latest metrics; null before the first. */
  metrics: Pick<Metrics, 'step' | 'checksum'> | null;
}

export type RunFactsSource = () => RunFacts;

function number(settings: RunFacts['settings'], key: string): string {
  const value = settings[key];
  return typeof value === 'number' ? formatNumber(value) : String(value ?? '?');
}

/** The settings that make the run, in the words of the settings form. */
export function recipe(settings: RunFacts['settings']): string {
  const model = `d ${number(settings, 'width')}, σ ${number(settings, 'sigma')}, seed ${number(settings, 'seed')}`;
  if (settings['protocol'] === 'joint') {
    const batch =
      settings['batch_size'] === 0 ? 'full batch' : `batch ${number(settings, 'batch_size')}`;
    const v = settings['train_v'] === true ? ', v trained' : '';
    return (
      `joint training: ${String(settings['optimizer'])}, learning rate ` +
      `${number(settings, 'learning_rate')}, ${batch}${v}; ${model}`
    );
  }
  return (
    `paper protocol: η ${number(settings, 'eta')}, flow ${String(settings['flow_step'])} ` +
    `r ${number(settings, 'flow_rate')}; ${model}`
  );
}

/** One line for a figure's caption: dataset · recipe · step · checksum. */
export function captionLine(facts: RunFacts): string {
  const d = facts.dataset;
  const dataset =
    d === null
      ? 'no dataset'
      : `${d.sourceName} (${formatInteger(d.trainReviews)} train, ` +
        `${formatInteger(d.testReviews)} test reviews)`;
  const m = facts.metrics;
  const state =
    m === null ? 'not started' : `step ${formatInteger(m.step)} · checksum ${m.checksum || 'n/a'}`;
  return `${dataset} · ${recipe(facts.settings)} · ${state}`;
}
