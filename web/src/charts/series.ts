// The base of the charts of metrics over steps (loss, Result 2): each series is a
// (step, value) list; a step at or before the last one means the run restarted, so later
// points are dropped first. On a log step axis points are thinned geometrically. A chart
// says its series, its value axes and how one snapshot's metrics become points.
// The series arrays are ours: with decimation on, Chart.js swaps `dataset.data` for its
// decimated copy, so points are never read back from the datasets.
import type { ChartConfiguration, ChartDataset, Plugin } from 'chart.js';
import { metricColumn } from '../csv-names.ts';
import { wrapTitle } from './axis-titles.ts';
import { onLocaleChange, t, type PlainMessageId } from '../localized.ts';
import type { Metrics } from '../protocol.ts';
import { Chart, logGridColor, logTick, scheduleUpdate, theme, wordDatasets } from './setup.ts';
import type { ChartTable, ChartView, Snapshot } from './snapshot.ts';

export interface SeriesSpec {
  /** The series' name in the legend, the table and the CSV's header (a catalog message). */
  label: PlainMessageId;
  /** The metric the series plots; names its CSV column. */
  field: keyof Metrics;
  color: string;
  dashed?: boolean;
  yAxisID?: string;
}

type Point = { x: number; y: number };
type Scales = NonNullable<ChartConfiguration<'line', Point[]>['options']>['scales'];

/** The step axis: linear, or logarithmic from step 1 with 1-2-5 ticks. */
function stepAxis(steps: 'linear' | 'log'): NonNullable<Scales>[string] {
  return steps === 'log'
    ? {
        type: 'logarithmic',
        min: 1,
        title: { display: true, text: t('chart-axis-step-log') },
        ticks: { callback: logTick, autoSkip: false, maxRotation: 0 },
        grid: { color: logGridColor(theme.grid) },
      }
    : { type: 'linear', title: { display: true, text: t('chart-axis-step') } };
}

/** A dot on each visible series' latest point (also makes a one-point series visible),
 *  drawn once per series instead of resolved per point. */
const LATEST_POINT: Plugin<'line'> = {
  id: 'clslabLatestPoint',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    chart.data.datasets.forEach((dataset, index) => {
      const meta = chart.getDatasetMeta(index);
      const point = meta.data.at(-1);
      if (!chart.isDatasetVisible(index) || point === undefined) return;
      if ((point as { skip?: boolean }).skip === true) return;
      if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) return;
      ctx.save();
      ctx.fillStyle = String(dataset.backgroundColor ?? dataset.borderColor ?? '#000');
      ctx.beginPath();
      ctx.arc(point.x, point.y, 3, 0, 2 * Math.PI);
      ctx.fill();
      ctx.restore();
    });
  },
};

/** `text` in lines no wider than `width` px in `font`, broken as axis titles are (between
 *  words, between characters in Chinese: axis-titles.ts). */
function wrapLines(
  ctx: CanvasRenderingContext2D,
  text: string,
  width: number,
  font: { size?: number; family?: string },
): string[] {
  ctx.save();
  ctx.font = `${font.size ?? 12}px ${font.family ?? 'system-ui'}`;
  const lines = wrapTitle(text, Math.max(width, 60), (s) => ctx.measureText(s).width);
  ctx.restore();
  return lines;
}

/** Keeps a point on a log axis only when its step is this factor past the last one. */
const LOG_THINNING_RATIO = 1.005;

export abstract class SeriesChart implements ChartView {
  readonly chart: Chart<'line', Point[]>;
  private readonly logSteps: boolean;
  /** The series' names (message ids) and the value axes' titles, worded again after a switch
   *  of language. */
  private readonly labels: PlainMessageId[];
  private readonly axisTitles: Readonly<Record<string, PlainMessageId>>;
  /** The metric each series plots (its CSV column is core's name for it). */
  private readonly fields: Array<keyof Metrics>;
  private series: Point[][];

  constructor(
    canvas: HTMLCanvasElement,
    specs: SeriesSpec[],
    steps: 'linear' | 'log',
    /** The value axes ('y' and any named in the specs' yAxisID). */
    valueScales: Scales,
    /** Each value axis's title. */
    axisTitles: Readonly<Record<string, PlainMessageId>>,
  ) {
    this.logSteps = steps === 'log';
    this.axisTitles = axisTitles;
    this.labels = specs.map((spec) => spec.label);
    this.fields = specs.map((spec) => spec.field);
    this.series = specs.map(() => []);
    const datasets: ChartDataset<'line', Point[]>[] = specs.map((spec, i) => ({
      label: t(spec.label),
      data: this.series[i] ?? [],
      borderColor: spec.color,
      backgroundColor: spec.color,
      borderDash: spec.dashed === true ? [6, 4] : [],
      borderWidth: 2,
      // No per-point options (a scriptable radius made Chart.js resolve options for every
      // point, the page's largest cost while playing): LATEST_POINT draws the latest value.
      pointRadius: 0,
      pointHitRadius: 6,
      yAxisID: spec.yAxisID ?? 'y',
      indexAxis: 'x',
    }));
    this.chart = new Chart<'line', Point[]>(canvas, {
      type: 'line',
      data: { datasets },
      plugins: [LATEST_POINT],
      options: {
        parsing: false,
        normalized: true,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        onResize: () => this.rewrapSubtitle(),
        scales: { x: stepAxis(steps), ...valueScales },
        plugins: {
          decimation: { enabled: !this.logSteps, algorithm: 'lttb', samples: 400 },
          legend: { labels: { boxHeight: 8, pointStyleWidth: 22 } },
        },
      },
    });
    this.word();
    onLocaleChange(() => {
      this.word();
      this.redraw();
    });
  }

  /** The legend's and the axes' words in the current language. */
  private word(): void {
    wordDatasets(this.chart, this.labels);
    const scales = this.chart.options.scales ?? {};
    const step = scales['x'];
    if (step?.title !== undefined)
      step.title.text = this.logSteps ? t('chart-axis-step-log') : t('chart-axis-step');
    for (const [axis, id] of Object.entries(this.axisTitles)) {
      const scale = scales[axis];
      if (scale?.title !== undefined) scale.title.text = t(id);
    }
  }

  /** Pushes this snapshot's points (after the rewind to its step). */
  protected abstract plot(metrics: Metrics): void;

  append({ metrics }: Snapshot): void {
    this.rewind(metrics.step);
    this.plot(metrics);
    this.redraw();
  }

  reset(): void {
    this.series.forEach((_, i) => this.set(i, []));
    this.redraw();
  }

  /** The series are current at every append: nothing waits for the screen but drawing. */
  settle(): void {}

  /** Adds one point to the series at `index`; non-finite values are skipped, never drawn. */
  protected push(index: number, x: number, y: number): void {
    const data = this.series[index];
    if (data === undefined) return;
    while (data.length > 0 && (data[data.length - 1]?.x ?? -Infinity) >= x) data.pop();
    if (!Number.isFinite(y) || (this.logSteps && x <= 0)) return;
    const last = data[data.length - 1];
    if (this.logSteps && last !== undefined && x < last.x * LOG_THINNING_RATIO) return;
    data.push({ x, y });
  }

  /** The first step plotted in the series at `index`, if any. */
  protected firstStep(index: number): number | undefined {
    return this.series[index]?.[0]?.x;
  }

  /** Replaces a series wholesale (reference lines). */
  protected set(index: number, points: Point[]): void {
    const dataset = this.chart.data.datasets[index];
    if (dataset === undefined) return;
    const data = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    this.series[index] = data;
    dataset.data = data;
  }

  /** The subtitle's sentence and the width it was wrapped to. */
  private subtitle = { text: '', width: -1 };

  /** Lines under the legend: which reviews the series are over, or what was measured on
   *  them; wrapped to the chart's width (Chart.js squeezes a long line instead). */
  protected setSubtitle(text: string): void {
    const plugins = this.chart.options.plugins;
    const width = this.chart.width;
    if (plugins === undefined) return;
    if (this.subtitle.text === text && this.subtitle.width === width) return;
    this.subtitle = { text, width };
    plugins.subtitle = {
      display: text !== '',
      text: wrapLines(this.chart.ctx, text, width - 16, Chart.defaults.font),
      padding: { bottom: 4 },
    };
  }

  /** The chart's width changed: the subtitle is wrapped again. */
  private rewrapSubtitle(): void {
    if (this.subtitle.text === '') return;
    this.setSubtitle(this.subtitle.text);
    this.redraw();
  }

  /** Drops points past `step` in every series (a restart rewinds the timeline). */
  private rewind(step: number): void {
    for (const data of this.series) {
      while (data.length > 0 && (data[data.length - 1]?.x ?? 0) > step) data.pop();
    }
  }

  private redraw(): void {
    scheduleUpdate(this.chart);
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
    const note = this.logSteps ? t('chart-table-thinned') : '';
    return {
      columns: [t('chart-column-step'), ...this.labels.map((id) => t(id))],
      keys: ['step', ...this.fields.map(metricColumn)],
      rows,
      note,
    };
  }

  /** The series by their ids, the metric each plots (the test hook: the same in every
   *  language, and a test fails when a renamed field leaves its series empty). */
  dump(): Record<string, Point[]> {
    const result: Record<string, Point[]> = {};
    this.fields.forEach((field, i) => {
      result[field] = (this.series[i] ?? []).map((p) => ({ x: p.x, y: p.y }));
    });
    return result;
  }
}
