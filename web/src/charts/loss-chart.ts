// Chart 1: training and test loss (left axis) and accuracy (right axis) over steps.
import type { ChartView, Snapshot } from './snapshot.ts';
import { SeriesChart } from './series.ts';
import { palette } from './setup.ts';

export class LossChart implements ChartView {
  private readonly view: SeriesChart;

  constructor(canvas: HTMLCanvasElement) {
    this.view = new SeriesChart(
      canvas,
      [
        { label: 'train loss', color: palette.blue },
        { label: 'test loss', color: palette.blue, dashed: true },
        { label: 'train accuracy', color: palette.orange, yAxisID: 'accuracy' },
        { label: 'test accuracy', color: palette.orange, dashed: true, yAxisID: 'accuracy' },
      ],
      {
        logSteps: false,
        scales: {
          x: { type: 'linear', title: { display: true, text: 'step (gradient steps)' } },
          y: {
            type: 'linear',
            title: { display: true, text: 'logistic loss (nats per review)' },
            beginAtZero: true,
          },
          accuracy: {
            type: 'linear',
            position: 'right',
            min: 0,
            max: 1,
            title: { display: true, text: 'accuracy (share of reviews)' },
            grid: { drawOnChartArea: false },
          },
        },
      },
    );
  }

  append({ metrics }: Snapshot): void {
    const step = metrics.step;
    this.view.rewind(step);
    this.view.push(0, step, metrics.trainLoss);
    this.view.push(2, step, metrics.trainAccuracy);
    if (metrics.hasTest) {
      this.view.push(1, step, metrics.testLoss);
      this.view.push(3, step, metrics.testAccuracy);
    }
    this.view.redraw();
  }

  reset(): void {
    this.view.clear();
  }

  dump() {
    return this.view.dump();
  }

  table() {
    return this.view.table();
  }

  get chart() {
    return this.view.chart;
  }
}
