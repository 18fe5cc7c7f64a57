// Chart 4a (Result 2, direction): cosine(p, p_mm), selection accuracy and attention mass
// on the selected tokens over log steps. The cosine exists once p_mm has been solved.
import type { Metrics } from '../protocol.ts';
import { SeriesChart } from './series.ts';
import { palette } from './setup.ts';

export class SelectionChart extends SeriesChart {
  constructor(canvas: HTMLCanvasElement) {
    super(
      canvas,
      [
        { label: 'cosine(p, p_mm)', field: 'cosineToMaxMargin', color: palette.purple },
        { label: 'selection accuracy', field: 'selectionAccuracy', color: palette.green },
        {
          label: 'attention mass on selected',
          field: 'selectionMass',
          color: palette.green,
          dashed: true,
        },
      ],
      'log',
      {
        y: {
          type: 'linear',
          suggestedMin: 0,
          suggestedMax: 1,
          title: { display: true, text: 'cosine / share of reviews (0 to 1)' },
        },
      },
    );
  }

  protected plot(metrics: Metrics): void {
    const step = metrics.step;
    if (metrics.hasMaxMargin) this.push(0, step, metrics.cosineToMaxMargin);
    this.push(1, step, metrics.selectionAccuracy);
    this.push(2, step, metrics.selectionMass);
  }
}
