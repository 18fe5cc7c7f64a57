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

/** Most points a scatter draws. Past this (a 20,000-token vocabulary) the canvas shows the
 *  most frequent tokens and every outlier, which is what the eye reads; the table and the
 *  CSV keep every token. Drawing 20,000 points costs the main thread a long frame. */
export const MAX_DRAWN = 3000;

/** The points to draw of `points` (full, in any order): all when few, else the most
 *  frequent MAX_DRAWN - 4 x OUTLIERS and the OUTLIERS most extreme in each direction. */
export function decimate(points: TokenPoint[], count: (row: number) => number): TokenPoint[] {
  if (points.length <= MAX_DRAWN) return points;
  const outliers = 150;
  const keep = new Set<TokenPoint>();
  const by = (key: (p: TokenPoint) => number) => [...points].sort((a, b) => key(a) - key(b));
  for (const sorted of [by((p) => p.x), by((p) => p.y)]) {
    for (const p of sorted.slice(0, outliers)) keep.add(p);
    for (const p of sorted.slice(-outliers)) keep.add(p);
  }
  for (const p of by((p) => -count(p.row))) {
    if (keep.size >= MAX_DRAWN) break;
    keep.add(p);
  }
  return points.filter((p) => keep.has(p));
}

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
  /** Every plotted token point, undecimated, per dataset label: the table and the CSV. */
  private full = new Map<string, TokenPoint[]>();
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
    /** The title of a second y axis on the right (datasets with yAxisID 'y2'). */
    secondAxis?: string,
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
        scales: {
          x: axis(axes.x),
          y: axis(axes.y),
          ...(secondAxis === undefined
            ? {}
            : {
                y2: {
                  type: 'linear' as const,
                  position: 'right' as const,
                  display: false,
                  grid: { drawOnChartArea: false },
                  title: { display: true, text: secondAxis },
                },
              }),
        },
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
    this.keepAndDecimate();
    this.fitAxes();
    this.redraw();
  }

  /** Redraws from the last columns (a subclass changed what it shows, e.g. a layer). */
  protected replot(): void {
    this.keepAndDecimate();
    this.fitAxes();
    this.redraw();
  }

  /** The full point lists go to the table; the canvas gets the decimated ones. */
  private keepAndDecimate(): void {
    const count = (row: number) => this.statistics?.count[row] ?? 0;
    this.full = new Map();
    for (const dataset of this.chart.data.datasets) {
      if (dataset === this.highlightSet || !dataset.data.some((p) => p.row >= 0)) continue;
      this.full.set(dataset.label ?? '', dataset.data);
      dataset.data = decimate(dataset.data, count);
      if (Array.isArray(dataset.pointRadius)) {
        // Radii follow their points (a sized scatter).
        const radius = new Map(
          this.full
            .get(dataset.label ?? '')
            ?.map((p, i) => [p, (dataset.pointRadius as number[])[i] ?? 2]),
        );
        dataset.pointRadius = dataset.data.map((p) => radius.get(p) ?? 2);
      }
    }
  }

  /** With `parsing: false` Chart.js takes the data as sorted by x and reads the x range
   *  off the first and last points; token points are in vocabulary order, so the range
   *  would cut off tokens (it did: Figure 1 lost its strongly negative side). The true
   *  extremes go in as suggested bounds, which keeps Chart.js's rounded ticks. */
  private fitAxes(): void {
    let xMin = Infinity,
      xMax = -Infinity,
      yMin = Infinity,
      yMax = -Infinity,
      y2Min = Infinity,
      y2Max = -Infinity;
    for (const dataset of this.chart.data.datasets) {
      const second = (dataset as { yAxisID?: string }).yAxisID === 'y2';
      for (const { x, y } of dataset.data) {
        if (x < xMin) xMin = x;
        if (x > xMax) xMax = x;
        if (second) {
          if (y < y2Min) y2Min = y;
          if (y > y2Max) y2Max = y;
        } else {
          if (y < yMin) yMin = y;
          if (y > yMax) yMax = y;
        }
      }
    }
    const scales = this.chart.options.scales ?? {};
    const bound = (id: 'x' | 'y' | 'y2', low: number, high: number) => {
      const scale = scales[id];
      if (scale === undefined) return;
      scale.suggestedMin = Number.isFinite(low) ? low : undefined;
      scale.suggestedMax = Number.isFinite(high) ? high : undefined;
    };
    bound('x', xMin, xMax);
    bound('y', yMin, yMax);
    bound('y2', y2Min, y2Max);
  }

  reset(): void {
    for (const dataset of this.chart.data.datasets) dataset.data = [];
    this.full = new Map();
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
    // The chart's own tokens; a second-axis layer (the theory's p_mm) has its own CSV column.
    const points = this.chart.data.datasets
      .filter((d) => (d as { yAxisID?: string }).yAxisID !== 'y2')
      .flatMap((d) => this.full.get(d.label ?? '') ?? []);
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
