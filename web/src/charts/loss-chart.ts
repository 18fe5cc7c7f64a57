// Chart 1: training and test loss (left axis) and accuracy (right axis) over steps.
import type { Metrics } from '../protocol.ts';
import { SeriesChart } from './series.ts';
import { palette } from './setup.ts';

export class LossChart extends SeriesChart {
  constructor(canvas: HTMLCanvasElement) {
    super(
      canvas,
      [
        { label: 'train loss', field: 'trainLoss', color: palette.blue },
        { label: 'test loss', field: 'testLoss', color: palette.blue, dashed: true },
        {
          label: 'train accuracy',
          field: 'trainAccuracy',
          color: palette.orange,
          yAxisID: 'accuracy',
        },
        {
          label: 'test accuracy',
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
