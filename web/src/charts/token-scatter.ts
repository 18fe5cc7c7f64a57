// The base of the token scatters (Result 1, Figure 1): one point per vocabulary row, a
// readout line under the chart, tooltips that name the token, and a ring for the token
// chosen in the token table. A chart says its datasets, axes, readout and points. The
// token text is drawn on the canvas by Chart.js, never parsed as HTML.
import type { ChartDataset, TooltipItem } from 'chart.js';
import { TOKEN_COLUMNS } from '../csv-names.ts';
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';
import type { ChartTable, Snapshot, TokenChartView, TokenPoint } from './snapshot.ts';
import { Chart, scheduleUpdate, theme } from './setup.ts';

export type ScatterDataset = ChartDataset<'scatter', TokenPoint[]>;

/** Label of the ring drawn around the token chosen in the token table. */
export const HIGHLIGHT_LABEL = 'chosen token';

/** Rows listed in a scatter's table (most frequent tokens first); the CSV has them all. */
const TABLE_ROWS = 1000;

/** An axis: its title on the chart, its short name in the table, its CSV column. */
export interface TokenAxis {
  title: string;
  short: string;
  key: string;
}

export abstract class TokenScatter implements TokenChartView {
  readonly chart: Chart<'scatter', TokenPoint[]>;
  protected statistics: TokenStatistics | null = null;
  private readonly readout: HTMLElement;
  private readonly axes: { x: TokenAxis; y: TokenAxis };
  private highlighted: number | null = null;
  private readonly highlightSet: ScatterDataset = {
    label: HIGHLIGHT_LABEL,
    data: [],
    backgroundColor: 'rgba(0, 0, 0, 0)',
    borderColor: theme.text,
    borderWidth: 3,
    pointRadius: 11,
    pointHoverRadius: 12,
  };

  constructor(
    canvas: HTMLCanvasElement,
    readout: HTMLElement,
    datasets: ScatterDataset[],
    axes: { x: TokenAxis; y: TokenAxis },
  ) {
    this.readout = readout;
    this.axes = axes;
    const axis = ({ title }: TokenAxis) => ({
      type: 'linear' as const,
      title: { display: true, text: title },
    });
    this.chart = new Chart<'scatter', TokenPoint[]>(canvas, {
      type: 'scatter',
      data: { datasets: [...datasets, this.highlightSet] },
      options: {
        parsing: false,
        scales: { x: axis(axes.x), y: axis(axes.y) },
        plugins: {
          legend: {
            labels: {
              usePointStyle: true,
              boxHeight: 6,
              // The ring appears in the legend only while a token is chosen.
              filter: (item, data) =>
                item.text !== HIGHLIGHT_LABEL ||
                (data.datasets[item.datasetIndex ?? -1]?.data.length ?? 0) > 0,
            },
          },
          tooltip: {
            callbacks: {
              label: (item: TooltipItem<'scatter'>) => {
                const point = item.raw as TokenPoint;
                if (!Number.isInteger(point.row)) return item.dataset.label ?? '';
                const token = this.statistics?.tokens[point.row] ?? `#${point.row}`;
                return `"${token}": ${this.describe(point)}`;
              },
            },
          },
        },
      },
    });
  }

  /** The readout line for these metrics. */
  protected abstract readoutText(metrics: Metrics): string;

  /** Sets the datasets' points from the token columns (the ring's dataset is last). */
  protected abstract plot(
    columns: TokenColumns,
    statistics: TokenStatistics,
    metrics: Metrics,
  ): void;

  /** The tooltip after the token's name. */
  protected abstract describe(point: TokenPoint): string;

  append({ metrics, columns, statistics }: Snapshot): void {
    this.readout.textContent = this.readoutText(metrics);
    if (statistics === null || columns === null) return;
    this.statistics = statistics;
    this.plot(columns, statistics, metrics);
    this.fitAxes();
    this.redraw();
  }

  /** With `parsing: false` Chart.js takes the data as sorted by x and reads the x range
   *  off the first and last points; token points are in vocabulary order, so the range
   *  would cut off tokens (it did: Figure 1 lost its strongly negative side). The true
   *  extremes go in as suggested bounds, which keeps Chart.js's rounded ticks. */
  private fitAxes(): void {
    let xMin = Infinity,
      xMax = -Infinity,
      yMin = Infinity,
      yMax = -Infinity;
    for (const dataset of this.chart.data.datasets) {
      for (const { x, y } of dataset.data) {
        if (x < xMin) xMin = x;
        if (x > xMax) xMax = x;
        if (y < yMin) yMin = y;
        if (y > yMax) yMax = y;
      }
    }
    const scales = this.chart.options.scales ?? {};
    const bound = (id: 'x' | 'y', low: number, high: number) => {
      const scale = scales[id];
      if (scale === undefined) return;
      scale.suggestedMin = Number.isFinite(low) ? low : undefined;
      scale.suggestedMax = Number.isFinite(high) ? high : undefined;
    };
    bound('x', xMin, xMax);
    bound('y', yMin, yMax);
  }

  reset(): void {
    for (const dataset of this.chart.data.datasets) dataset.data = [];
    this.readout.textContent = '';
    this.redraw();
  }

  /** Rings the point of vocabulary row `row` in every redraw; null removes the ring. */
  highlight(row: number | null): void {
    this.highlighted = row;
    this.redraw();
  }

  private redraw(): void {
    const row = this.highlighted;
    const found =
      row === null
        ? undefined
        : this.tokenSets()
            .flatMap((dataset) => dataset.data)
            .find((point) => point.row === row);
    this.highlightSet.data = found === undefined ? [] : [{ ...found }];
    scheduleUpdate(this.chart);
  }

  /** Token rows of every point dataset (not fit lines), most frequent first. */
  table(): ChartTable {
    const statistics = this.statistics;
    const points = this.tokenSets().flatMap((dataset) => dataset.data);
    const count = (row: number) => statistics?.count[row] ?? 0;
    points.sort((a, b) => count(b.row) - count(a.row) || a.row - b.row);
    const rows = points
      .slice(0, TABLE_ROWS)
      .map((p) => [statistics?.tokens[p.row] ?? `#${p.row}`, count(p.row), p.x, p.y]);
    const note =
      points.length > TABLE_ROWS
        ? `The ${TABLE_ROWS} most frequent of ${points.length} tokens; the CSV has all.`
        : '';
    return {
      columns: ['token', 'count', this.axes.x.short, this.axes.y.short],
      keys: [TOKEN_COLUMNS.token, TOKEN_COLUMNS.count, this.axes.x.key, this.axes.y.key],
      rows,
      note,
    };
  }

  dump(): Record<string, Array<{ x: number; y: number }>> {
    const result: Record<string, Array<{ x: number; y: number }>> = {};
    for (const dataset of this.chart.data.datasets) {
      result[dataset.label ?? ''] = dataset.data.map((p) => ({ x: p.x, y: p.y }));
    }
    return result;
  }

  private tokenSets(): ScatterDataset[] {
    return this.chart.data.datasets.filter(
      (dataset) => dataset !== this.highlightSet && dataset.data.some((p) => p.row >= 0),
    );
  }
}

/** Short fixed-width rendering for tooltips (the panels use ui/format.ts). */
export function short(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Math.abs(value) >= 1e4 || (value !== 0 && Math.abs(value) < 1e-3)
    ? value.toExponential(2)
    : value.toFixed(3);
}
