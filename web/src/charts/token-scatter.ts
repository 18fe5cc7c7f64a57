// A scatter of tokens (one point per vocabulary row) with tooltips that name the token.
// Used by the Result 1 and Figure 1 charts; the token text is drawn on the canvas by
// Chart.js, never parsed as HTML.
import type { ChartDataset, TooltipItem } from 'chart.js';
import type { TokenStatistics } from '../protocol.ts';
import type { TokenPoint } from './snapshot.ts';
import { Chart, scheduleUpdate } from './setup.ts';

export type ScatterDataset = ChartDataset<'scatter', TokenPoint[]>;

export class TokenScatter {
  readonly chart: Chart<'scatter', TokenPoint[]>;
  statistics: TokenStatistics | null = null;

  constructor(
    canvas: HTMLCanvasElement,
    datasets: ScatterDataset[],
    axes: { x: string; y: string },
    describe: (row: number, point: TokenPoint) => string,
  ) {
    const axis = (text: string) => ({ type: 'linear' as const, title: { display: true, text } });
    this.chart = new Chart<'scatter', TokenPoint[]>(canvas, {
      type: 'scatter',
      data: { datasets },
      options: {
        parsing: false,
        normalized: true,
        scales: { x: axis(axes.x), y: axis(axes.y) },
        plugins: {
          legend: { labels: { usePointStyle: true, boxHeight: 6 } },
          tooltip: {
            callbacks: {
              label: (item: TooltipItem<'scatter'>) => {
                const point = item.raw as TokenPoint;
                if (!Number.isInteger(point.row)) return item.dataset.label ?? '';
                const token = this.statistics?.tokens[point.row] ?? `#${point.row}`;
                return `"${token}": ${describe(point.row, point)}`;
              },
            },
          },
        },
      },
    });
  }

  redraw(): void {
    scheduleUpdate(this.chart);
  }

  dump(): Record<string, Array<{ x: number; y: number }>> {
    const result: Record<string, Array<{ x: number; y: number }>> = {};
    for (const dataset of this.chart.data.datasets) {
      result[dataset.label ?? ''] = dataset.data.map((p) => ({ x: p.x, y: p.y }));
    }
    return result;
  }
}

/** Short fixed-width rendering for tooltips (the panels use ui/format.ts). */
export function short(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Math.abs(value) >= 1e4 || (value !== 0 && Math.abs(value) < 1e-3)
    ? value.toExponential(2)
    : value.toFixed(3);
}
