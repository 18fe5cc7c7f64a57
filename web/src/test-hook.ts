// The page's test hooks, window.__clslab: what the browser tests read (each chart's plotted
// series, drawn ranges and draw count, the latest metrics, the review drawn, the store's
// state) and the faults they inject (the worker obeys them only in test builds). main.ts
// installs them; tests/e2e/harness.ts reads this one declaration, so the two never drift.
import type { Fault, Metrics, ReviewView } from './protocol.ts';
import type { LabState } from './state/store.ts';

export interface TestHook {
  /** Each chart's plotted points by series id: a series chart's metric field
   *  (`trainLoss`), a token scatter's message id (`chart-series-tokens`), never the words. */
  series: () => Record<string, Record<string, Array<{ x: number; y: number }>>>;
  /** Each chart's drawn x and y ranges, [min, max] (an off-screen chart is brought up to
   *  date first). */
  bounds: () => Record<string, { x: number[]; y: number[] }>;
  /** How many times each chart was updated (drawn): a chart off screen waits. */
  chartUpdates: () => Record<string, number>;
  metrics: () => Metrics | null;
  /** The review the "Attention on a review" panel last drew (core's view), or null. */
  review: () => ReviewView | null;
  state: () => Readonly<LabState>;
  killWorker: () => void;
  injectFault: (fault: Fault) => void;
}

declare global {
  interface Window {
    __clslab?: TestHook;
  }
}
