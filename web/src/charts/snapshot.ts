// What the charts draw: the latest metrics and, when they changed, the per-token columns,
// together with the dataset's fixed token statistics. Charts never see worker messages.
import type { Chart } from 'chart.js';
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';

export interface Snapshot {
  metrics: Metrics;
  columns: TokenColumns | null;
  statistics: TokenStatistics | null;
  /** Taken while Play runs (more follow at once); false for the snapshot a run stops on. */
  live?: boolean;
}

/** A chart point that remembers its token row, for the tooltip. */
export interface TokenPoint {
  x: number;
  y: number;
  row: number;
}

/** A chart's data as rows, for its accessible table and its CSV. */
export interface ChartTable {
  /** Headers as the page shows them (with symbols). */
  columns: string[];
  /** The same columns' CSV names (csv-names.ts), in the same order. */
  keys: string[];
  rows: Array<Array<string | number>>;
  /** Says what was left out, when the table is shorter than the data. */
  note: string;
}

export interface ChartView {
  /** The Chart.js instance (exported as PNG). */
  readonly chart: Chart;
  append(snapshot: Snapshot): void;
  reset(): void;
  /** Brings the chart's data up to the last snapshot: a chart off screen defers its work
   *  until it shows (charts/setup.ts), and whatever reads its data calls this first. */
  settle(): void;
  /** Plain copies of the plotted series by label (the e2e test reads them). */
  dump(): Record<string, Array<{ x: number; y: number }>>;
  table(): ChartTable;
}

/** A chart of tokens that can emphasize one of them (the token table's selection). */
export interface TokenChartView extends ChartView {
  highlight(row: number | null): void;
}
