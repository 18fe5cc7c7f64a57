// What a figure or a zip says about the run it came from: the dataset, the recipe (the key
// settings of the protocol), the step and the checksum. The page hands these over through
// one callback (RunFactsSource), so whichever part of the page owns the state can answer.
import type { DatasetSummary, Metrics } from '../protocol.ts';
import { formatNumber, notAvailable } from '../format.ts';
import { t } from '../localized.ts';

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
  const model = t('caption-model', {
    width: number(settings, 'width'),
    sigma: number(settings, 'sigma'),
    seed: number(settings, 'seed'),
  });
  if (settings['protocol'] === 'joint') {
    const batch =
      settings['batch_size'] === 0
        ? t('caption-full-batch')
        : t('caption-batch', { size: number(settings, 'batch_size') });
    const joint = {
      optimizer: String(settings['optimizer']),
      rate: number(settings, 'learning_rate'),
      batch,
      model,
    };
    return settings['train_v'] === true
      ? t('caption-recipe-joint-v', joint)
      : t('caption-recipe-joint', joint);
  }
  return t('caption-recipe-paper', {
    eta: number(settings, 'eta'),
    flow: String(settings['flow_step']),
    rate: number(settings, 'flow_rate'),
    model,
  });
}

/** One line for a figure's caption: dataset · recipe · step · checksum. */
export function captionLine(facts: RunFacts): string {
  const d = facts.dataset;
  const dataset =
    d === null
      ? t('caption-no-dataset')
      : t('caption-dataset', { name: d.sourceName, train: d.trainReviews, test: d.testReviews });
  const m = facts.metrics;
  const state =
    m === null
      ? t('caption-not-started')
      : t('caption-step', { step: m.step, checksum: m.checksum || notAvailable() });
  return t('caption-line', { dataset, recipe: recipe(facts.settings), state });
}
