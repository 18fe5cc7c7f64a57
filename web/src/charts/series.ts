// A line chart of metrics over steps, shared by the loss and Result 2 charts. Each series
// is a (step, value) list; a step at or before the last one means the run restarted, so
// later points are dropped first. On a log step axis points are thinned geometrically.
// The series arrays are ours: with decimation on, Chart.js swaps `dataset.data` for its
// decimated copy, so points are never read back from the datasets.
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import { Chart, scheduleUpdate } from './setup.ts';
import type { ChartTable } from './snapshot.ts';

export interface SeriesSpec {
  label: string;
  color: string;
  dashed?: boolean;
  yAxisID?: string;
}

type Point = { x: number; y: number };

/** Keeps a point on a log axis only when its step is this factor past the last one. */
const LOG_THINNING_RATIO = 1.005;

export class SeriesChart {
  readonly chart: Chart<'line', Point[]>;
  private readonly logSteps: boolean;
  private readonly labels: string[];
  private series: Point[][];

  constructor(
    canvas: HTMLCanvasElement,
    specs: SeriesSpec[],
    options: {
      logSteps: boolean;
      scales: NonNullable<ChartConfiguration<'line', Point[]>['options']>['scales'];
    },
  ) {
    this.logSteps = options.logSteps;
    this.labels = specs.map((spec) => spec.label);
    this.series = specs.map(() => []);
    const datasets: ChartDataset<'line', Point[]>[] = specs.map((spec, i) => ({
      label: spec.label,
      data: this.series[i] ?? [],
      borderColor: spec.color,
      backgroundColor: spec.color,
      borderDash: spec.dashed === true ? [6, 4] : [],
      borderWidth: 2,
      // A dot marks the latest value (also makes a one-point series visible).
      pointRadius: (context) => (context.dataIndex === context.dataset.data.length - 1 ? 3 : 0),
      pointHitRadius: 6,
      yAxisID: spec.yAxisID ?? 'y',
      indexAxis: 'x',
    }));
    this.chart = new Chart<'line', Point[]>(canvas, {
      type: 'line',
      data: { datasets },
      options: {
        parsing: false,
        normalized: true,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        scales: options.scales,
        plugins: {
          decimation: { enabled: !options.logSteps, algorithm: 'lttb', samples: 400 },
          legend: { labels: { boxHeight: 2, boxWidth: 18 } },
        },
      },
    });
  }

  /** Adds one point to the series at `index`; non-finite values are skipped, never drawn. */
  push(index: number, x: number, y: number): void {
    const data = this.series[index];
    if (data === undefined) return;
    while (data.length > 0 && (data[data.length - 1]?.x ?? -Infinity) >= x) data.pop();
    if (!Number.isFinite(y) || (this.logSteps && x <= 0)) return;
    const last = data[data.length - 1];
    if (this.logSteps && last !== undefined && x < last.x * LOG_THINNING_RATIO) return;
    data.push({ x, y });
  }

  /** The first step plotted in the series at `index`, if any. */
  firstStep(index: number): number | undefined {
    return this.series[index]?.[0]?.x;
  }

  /** Replaces a series wholesale (reference lines). */
  set(index: number, points: Point[]): void {
    const dataset = this.chart.data.datasets[index];
    if (dataset === undefined) return;
    const data = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    this.series[index] = data;
    dataset.data = data;
  }

  /** Drops points past `step` in every series (a restart rewinds the timeline). */
  rewind(step: number): void {
    for (const data of this.series) {
      while (data.length > 0 && (data[data.length - 1]?.x ?? 0) > step) data.pop();
    }
  }

  redraw(): void {
    scheduleUpdate(this.chart);
  }

  clear(): void {
    this.series.forEach((_, i) => this.set(i, []));
    this.redraw();
  }

  /** One row per step plotted in any series; blank where a series has no point. */
  table(): ChartTable {
    const byStep = new Map<number, Array<string | number>>();
    this.series.forEach((data, i) => {
      for (const point of data) {
        let row = byStep.get(point.x);
        if (row === undefined) {
          row = [point.x, ...this.labels.map(() => '')];
          byStep.set(point.x, row);
        }
        row[i + 1] = point.y;
      }
    });
    const rows = [...byStep.values()].sort((a, b) => Number(a[0]) - Number(b[0]));
    const note = this.logSteps ? 'Steps thinned geometrically, as plotted.' : '';
    return { columns: ['step', ...this.labels], rows, note };
  }

  dump(): Record<string, Point[]> {
    const result: Record<string, Point[]> = {};
    this.labels.forEach((label, i) => {
      result[label] = (this.series[i] ?? []).map((p) => ({ x: p.x, y: p.y }));
    });
    return result;
  }
}
