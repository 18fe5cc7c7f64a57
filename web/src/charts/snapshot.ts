// What the charts draw: the latest metrics and, when they changed, the per-token columns,
// together with the dataset's fixed token statistics. Charts never see worker messages.
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';

export interface Snapshot {
  metrics: Metrics;
  columns: TokenColumns | null;
  statistics: TokenStatistics | null;
}

/** A chart point that remembers its token row, for the tooltip. */
export interface TokenPoint {
  x: number;
  y: number;
  row: number;
}

export interface ChartView {
  append(snapshot: Snapshot): void;
  reset(): void;
  /** Plain copies of the plotted series by label (the e2e test reads them). */
  dump(): Record<string, Array<{ x: number; y: number }>>;
}
