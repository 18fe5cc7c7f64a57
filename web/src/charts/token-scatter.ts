// The base of the token scatters (Result 1, Figure 1): one point per vocabulary row, a
// readout line under the chart, tooltips that name the token, and a ring for the token
// chosen in the token table. A chart says its datasets, axes, readout and points. The
// token text is drawn on the canvas by Chart.js, never parsed as HTML.
import type { ChartDataset, TooltipItem } from 'chart.js';
import { TOKEN_COLUMNS } from '../csv-names.ts';
import { notAvailable } from '../format.ts';
import { msg, onLocaleChange, t, type PlainMessageId } from '../localized.ts';
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';
import type { ChartTable, Snapshot, TokenChartView, TokenPoint } from './snapshot.ts';
import { Chart, chartsHeld, onceOnScreen, scheduleUpdate, theme, wordDatasets } from './setup.ts';

export type ScatterDataset = ChartDataset<'scatter', TokenPoint[]>;

/** Rows listed in a scatter's table (most frequent tokens first); the CSV has them all. */
const TABLE_ROWS = 1000;

/** Most points a layer draws. Past this (a 20,000-token vocabulary) the canvas shows the
 *  most frequent tokens and the extremes on either axis, which is what the eye reads; the
 *  table and the CSV keep every token. Drawing and rebuilding 20,000 points took the page's
 *  main thread hundreds of milliseconds per update (bench/page, BENCHMARKS.md). */
export const MAX_DRAWN = 2000;
/** The same while Play runs (the frame a run stops on draws MAX_DRAWN): fewer points to
 *  place and draw per frame. */
export const MAX_DRAWN_LIVE = 500;
/** Points kept at each end of each axis when a layer is decimated. */
const EXTREMES = 100;
/** How soon a layer rebuild held back by a Pause looks again. */
const HELD_RETRY_MILLISECONDS = 16;

/** One dataset's tokens: the candidate rows and how each is placed. */
export interface TokenLayer {
  /** Index of the chart dataset the layer fills. */
  dataset: number;
  rows: number[];
  x: (row: number) => number;
  y: (row: number) => number;
  /** A sized scatter's size classes: the drawn rows go to `datasets[classOf(row)]`, each
   *  dataset with one fixed radius (`dataset` is the first). A radius per point made
   *  Chart.js resolve every point's options on every update, which was most of the page's
   *  main-thread time while playing at 25,000 reviews (BENCHMARKS.md); with one radius
   *  per dataset the options are resolved once and shared. */
  sizes?: { datasets: readonly number[]; classOf: (row: number) => number };
  /** Listed in the chart's table and CSV (a second-axis layer has its own column). */
  inTable: boolean;
}

/** The rows of `rows` to draw: all when few, else the `EXTREMES` lowest and highest on each
 *  axis and then the most frequent, at most `limit` in all (and the extremes). Among rows
 *  tied at an extreme the most frequent go first: ties are common (every token at p = 0
 *  right after the step on E, every token seen in one class only at Delta = 1), and keeping
 *  them all drew all 20,000 tokens of Figure 1 after the step on E at 25,000 reviews.
 *  Linear in the rows (two selections per axis, no sort; typed arrays, no mapped `from`):
 *  it runs on the page's main thread on every columns update, where the sorting version
 *  took 30-40 ms per chart at 25,000 reviews (bench/page/page-profile.mjs). Points are
 *  built only for the rows drawn. `byCount` lists every row most frequent first. */
export function drawnRows(
  rows: number[],
  x: (row: number) => number,
  y: (row: number) => number,
  byCount: Int32Array,
  limit = MAX_DRAWN,
): number[] {
  const n = rows.length;
  if (n <= limit) return rows;
  const keep = new Uint8Array(byCount.length);
  const candidate = new Uint8Array(byCount.length);
  for (const row of rows) candidate[row] = 1;
  const values = new Float64Array(n);
  const scratch = new Float64Array(n);
  const byRow = new Float64Array(byCount.length);
  const extremes = Math.min(EXTREMES, n);
  for (const value of [x, y]) {
    for (let k = 0; k < n; k++) values[k] = byRow[rows[k] ?? 0] = value(rows[k] ?? 0);
    scratch.set(values);
    const low = select(scratch, extremes - 1);
    const high = select(scratch, n - extremes);
    // Rows beyond a threshold are among the extremes; of the rows at it, as many as the
    // extremes have room for, most frequent first.
    let lowRoom = extremes;
    let highRoom = extremes;
    for (let k = 0; k < n; k++) {
      const v = values[k] ?? NaN;
      if (v < low) {
        keep[rows[k] ?? 0] = 1;
        lowRoom--;
      } else if (v > high) {
        keep[rows[k] ?? 0] = 1;
        highRoom--;
      }
    }
    for (let k = 0; k < byCount.length && (lowRoom > 0 || highRoom > 0); k++) {
      const row = byCount[k] ?? 0;
      if (candidate[row] !== 1) continue;
      const v = byRow[row] ?? NaN;
      // A row at both thresholds (they are equal) takes room at both ends.
      if (v === low && lowRoom > 0) {
        keep[row] = 1;
        lowRoom--;
      }
      if (v === high && highRoom > 0) {
        keep[row] = 1;
        highRoom--;
      }
    }
  }
  let kept = 0;
  for (const row of rows) kept += keep[row] ?? 0;
  for (let k = 0; k < byCount.length && kept < limit; k++) {
    const row = byCount[k] ?? 0;
    if (candidate[row] === 1 && keep[row] === 0) {
      keep[row] = 1;
      kept++;
    }
  }
  return rows.filter((row) => keep[row] === 1);
}

/** Every row most frequent first, per dataset's statistics: sorted once for all the
 *  scatters (a 20,000-row sort with a comparator was 10-20 ms of each one's first draw). */
const byCountOf = new WeakMap<TokenStatistics, Int32Array>();
function rowsByCount(statistics: TokenStatistics): Int32Array {
  let rows = byCountOf.get(statistics);
  if (rows === undefined) {
    rows = Int32Array.from(statistics.tokens, (_, row) => row);
    rows.sort((a, b) => (statistics.count[b] ?? 0) - (statistics.count[a] ?? 0) || a - b);
    byCountOf.set(statistics, rows);
  }
  return rows;
}

/** The k-th smallest of `a` (0-based), as a sorted copy would hold it; `a` is permuted.
 *  Hoare's selection with the middle element as pivot: linear on average. NaN compares
 *  as neither smaller nor larger and the layers hold finite values only. */
export function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1] ?? 0;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] ?? 0) < pivot) i++;
      while ((a[j] ?? 0) > pivot) j--;
      if (i <= j) {
        const t = a[i] ?? 0;
        a[i] = a[j] ?? 0;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k] ?? 0;
  }
  return a[k] ?? 0;
}

/** An axis: its title on the chart (a message), its short name in the table (notation),
 *  its CSV column. */
export interface TokenAxis {
  title: PlainMessageId;
  short: string;
  key: string;
}

export abstract class TokenScatter implements TokenChartView {
  readonly chart: Chart<'scatter', TokenPoint[]>;
  protected statistics: TokenStatistics | null = null;
  private readonly readout: HTMLElement;
  private readonly axes: { x: TokenAxis; y: TokenAxis };
  private highlighted: number | null = null;
  /** The layers last drawn, undecimated: the table and the CSV list every row. */
  private layersShown: TokenLayer[] = [];
  /** Each dataset's name (a message id), worded again after a switch of language. */
  private readonly labels: PlainMessageId[];
  private readonly secondAxis: PlainMessageId | undefined;
  private readonly highlightSet: ScatterDataset = {
    label: '',
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
    /** The datasets, each `label` a message id (worded here). */
    datasets: ScatterDataset[],
    axes: { x: TokenAxis; y: TokenAxis },
    /** The title of a second y axis on the right (datasets with yAxisID 'y2'). */
    secondAxis?: PlainMessageId,
  ) {
    this.readout = readout;
    this.axes = axes;
    this.secondAxis = secondAxis;
    this.labels = [
      ...datasets.map((d) => (d.label ?? '') as PlainMessageId),
      msg('chart-series-chosen'),
    ];
    const axis = ({ title }: TokenAxis) => ({
      type: 'linear' as const,
      title: { display: true, text: t(title) },
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
                  title: { display: true, text: t(secondAxis) },
                },
              }),
        },
        plugins: {
          legend: {
            labels: {
              usePointStyle: true,
              boxHeight: 6,
              // In the datasets' order, not their drawing order (a line drawn on top of the
              // points has a lower `order`).
              sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0),
              // The ring appears in the legend only while a token is chosen; a layer split
              // into size classes appears once (its datasets share the label).
              filter: (item, data) =>
                (data.datasets[item.datasetIndex ?? -1] !== this.highlightSet ||
                  (data.datasets[item.datasetIndex ?? -1]?.data.length ?? 0) > 0) &&
                data.datasets.findIndex((dataset) => dataset.label === item.text) ===
                  item.datasetIndex,
            },
            onClick: (_event, item, legend) => {
              const chart = legend.chart;
              const shown = !chart.isDatasetVisible(item.datasetIndex ?? 0);
              chart.data.datasets.forEach((dataset, index) => {
                if (dataset.label === item.text) chart.setDatasetVisibility(index, shown);
              });
              chart.update('none');
            },
          },
          tooltip: {
            callbacks: {
              label: (item: TooltipItem<'scatter'>) => {
                const point = item.raw as TokenPoint;
                if (!Number.isInteger(point.row)) return item.dataset.label ?? '';
                const token = this.statistics?.tokens[point.row] ?? `#${point.row}`;
                return t('chart-tip-token', { token, values: this.describe(point) });
              },
            },
          },
        },
      },
    });
    this.word();
    onLocaleChange(() => {
      this.word();
      if (this.lastMetrics !== null) this.readout.textContent = this.readoutText(this.lastMetrics);
      // The layers word what they name themselves (Figure 1's theory layer).
      this.scheduleDraw();
      this.redraw();
    });
  }

  /** The datasets' and axes' names in the current language. */
  private word(): void {
    wordDatasets(this.chart, this.labels);
    const scales = this.chart.options.scales ?? {};
    const titles: Array<[string, PlainMessageId | undefined]> = [
      ['x', this.axes.x.title],
      ['y', this.axes.y.title],
      ['y2', this.secondAxis],
    ];
    for (const [axis, id] of titles) {
      const title = scales[axis]?.title;
      if (id !== undefined && title !== undefined) title.text = t(id);
    }
  }

  /** The readout line for these metrics. */
  protected abstract readoutText(metrics: Metrics): string;

  /** The token layers for these columns (the ring's dataset is not one of them). */
  protected abstract layers(
    columns: TokenColumns,
    statistics: TokenStatistics,
    metrics: Metrics,
  ): TokenLayer[];

  /** Anything drawn beside the tokens (fit lines), once the layers are in place. */
  protected decorate(_metrics: Metrics, _layers: TokenLayer[]): void {}

  /** The tooltip after the token's name. */
  protected abstract describe(point: TokenPoint): string;

  append({ metrics, columns, statistics, live }: Snapshot): void {
    this.readout.textContent = this.readoutText(metrics);
    if (statistics === null || columns === null) return;
    this.live = live === true;
    this.statistics = statistics;
    this.lastMetrics = metrics;
    this.lastColumns = columns;
    this.scheduleDraw();
  }

  private drawPending = false;
  /** The layers are older than the last snapshot (the chart was off screen). */
  private stale = false;

  /** Each scatter rebuilds its layers in a task of its own, coalesced to the latest
   *  snapshot, so that no single task of the page's main thread holds all the charts'
   *  work; a chart off screen rebuilds once it shows (or when its data is read). */
  protected scheduleDraw(): void {
    this.stale = true;
    if (this.drawPending) return;
    this.drawPending = true;
    const later = () => {
      // While a Pause is on its way the layers wait too (10-20 ms each at 25,000 reviews):
      // the stop is handled and painted first.
      if (chartsHeld()) return void setTimeout(later, HELD_RETRY_MILLISECONDS);
      this.drawPending = false;
      onceOnScreen(this.chart.canvas, () => this.settle());
    };
    setTimeout(later, 0);
  }

  /** Brings the layers up to the last snapshot (reading the chart's data needs them). */
  settle(): void {
    if (this.stale) this.draw();
  }

  private lastMetrics: Metrics | null = null;
  /** The last columns came from a run still playing (draw MAX_DRAWN_LIVE). */
  private live = false;
  private lastColumns: TokenColumns | null = null;

  /** Draws the layers again from the last columns (a subclass changed what it shows). */
  protected draw(): void {
    this.stale = false;
    const statistics = this.statistics;
    if (statistics === null || this.lastColumns === null || this.lastMetrics === null) return;
    const byCount = rowsByCount(statistics);
    this.layersShown = this.layers(this.lastColumns, statistics, this.lastMetrics);
    for (const layer of this.layersShown) {
      const dataset = this.chart.data.datasets[layer.dataset];
      if (dataset === undefined) continue;
      const limit = this.live ? MAX_DRAWN_LIVE : MAX_DRAWN;
      const rows = drawnRows(layer.rows, layer.x, layer.y, byCount, limit);
      const point = (row: number) => ({ x: layer.x(row), y: layer.y(row), row });
      if (layer.sizes === undefined) {
        dataset.data = rows.map(point);
        continue;
      }
      const { datasets, classOf } = layer.sizes;
      const split: TokenPoint[][] = datasets.map(() => []);
      for (const row of rows) split[classOf(row)]?.push(point(row));
      datasets.forEach((index, k) => {
        const target = this.chart.data.datasets[index];
        if (target !== undefined) target.data = split[k] ?? [];
      });
    }
    this.decorate(this.lastMetrics, this.layersShown);
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
    this.layersShown = [];
    this.lastColumns = this.lastMetrics = null;
    this.stale = false;
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
    this.settle();
    const statistics = this.statistics;
    // Every row of the chart's own layers, not only those drawn.
    const points = this.layersShown
      .filter((layer) => layer.inTable)
      .flatMap((layer) => layer.rows.map((row) => ({ x: layer.x(row), y: layer.y(row), row })));
    const count = (row: number) => statistics?.count[row] ?? 0;
    points.sort((a, b) => count(b.row) - count(a.row) || a.row - b.row);
    const rows = points
      .slice(0, TABLE_ROWS)
      .map((p) => [statistics?.tokens[p.row] ?? `#${p.row}`, count(p.row), p.x, p.y]);
    const note =
      points.length > TABLE_ROWS
        ? t('chart-table-most-frequent', { shown: TABLE_ROWS, tokens: points.length })
        : '';
    return {
      columns: [
        t('chart-column-token'),
        t('chart-column-count'),
        this.axes.x.short,
        this.axes.y.short,
      ],
      keys: [TOKEN_COLUMNS.token, TOKEN_COLUMNS.count, this.axes.x.key, this.axes.y.key],
      rows,
      note,
    };
  }

  /** The plotted points by each dataset's id, the message id that names it (a layer's size
   *  classes together): the same in every language. */
  dump(): Record<string, Array<{ x: number; y: number }>> {
    this.settle();
    const result: Record<string, Array<{ x: number; y: number }>> = {};
    this.chart.data.datasets.forEach((dataset, i) => {
      const id = this.labels[i] ?? dataset.label ?? '';
      result[id] = [...(result[id] ?? []), ...dataset.data.map((p) => ({ x: p.x, y: p.y }))];
    });
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
  if (!Number.isFinite(value)) return notAvailable();
  return Math.abs(value) >= 1e4 || (value !== 0 && Math.abs(value) < 1e-3)
    ? value.toExponential(2)
    : value.toFixed(3);
}
