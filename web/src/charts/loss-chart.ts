// Chart 1: training and test loss (left axis) and accuracy (right axis) over steps.
import { msg } from '../localized.ts';
import type { Metrics } from '../protocol.ts';
import { SeriesChart } from './series.ts';
import { palette } from './setup.ts';

export class LossChart extends SeriesChart {
  constructor(canvas: HTMLCanvasElement) {
    super(
      canvas,
      [
        { label: msg('chart-series-train-loss'), field: 'trainLoss', color: palette.blue },
        {
          label: msg('chart-series-test-loss'),
          field: 'testLoss',
          color: palette.blue,
          dashed: true,
        },
        {
          label: msg('chart-series-train-accuracy'),
          field: 'trainAccuracy',
          color: palette.orange,
          yAxisID: 'accuracy',
        },
        {
          label: msg('chart-series-test-accuracy'),
          field: 'testAccuracy',
          color: palette.orange,
          dashed: true,
          yAxisID: 'accuracy',
        },
      ],
      'linear',
      {
        y: {
          type: 'linear',
          title: { display: true, text: '' }, // worded by SeriesChart
          beginAtZero: true,
        },
        accuracy: {
          type: 'linear',
          title: { display: true, text: '' }, // worded by SeriesChart
          position: 'right',
          min: 0,
          max: 1,
          grid: { drawOnChartArea: false },
        },
      },
      { y: msg('chart-axis-loss'), accuracy: msg('chart-axis-accuracy') },
    );
  }

  protected plot(metrics: Metrics): void {
    const step = metrics.step;
    this.push(0, step, metrics.trainLoss);
    this.push(2, step, metrics.trainAccuracy);
    if (metrics.hasTest) {
      this.push(1, step, metrics.testLoss);
      this.push(3, step, metrics.testAccuracy);
    }
  }
}
