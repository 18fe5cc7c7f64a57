// Chart 4b (Result 2, scale): ||p|| grows without bound (log axes) while the normalized
// margin min_k p.z_k / ||p|| climbs toward the max-margin reference 1/||p_mm||; on the flow's
// own selection (all reviews), its margin against that att-SVM's 1/||p_local||.
import { msg } from '../localized.ts';
import type { Metrics } from '../protocol.ts';
import { SeriesChart } from './series.ts';
import { logGridColor, logTick, palette, theme } from './setup.ts';

export class NormChart extends SeriesChart {
  constructor(canvas: HTMLCanvasElement) {
    super(
      canvas,
      [
        { label: msg('chart-series-p-norm'), field: 'pNorm', color: palette.blue },
        {
          label: msg('chart-series-margin'),
          field: 'normalizedMargin',
          color: palette.vermillion,
          yAxisID: 'margin',
        },
        {
          label: msg('chart-series-margin-reference'),
          field: 'maxMarginReference',
          color: palette.grey,
          dashed: true,
          yAxisID: 'margin',
        },
        {
          label: msg('chart-series-local-margin'),
          field: 'localNormalizedMargin',
          color: palette.orange,
          yAxisID: 'margin',
        },
        {
          label: msg('chart-series-local-reference'),
          field: 'localSvmReference',
          color: palette.orange,
          dashed: true,
          yAxisID: 'margin',
        },
      ],
      'log',
      {
        y: {
          type: 'logarithmic',
          title: { display: true, text: '' }, // worded by SeriesChart
          ticks: { callback: logTick },
          grid: { color: logGridColor(theme.grid) },
        },
        margin: {
          type: 'linear',
          title: { display: true, text: '' }, // worded by SeriesChart
          position: 'right',
          grid: { drawOnChartArea: false },
        },
      },
      { y: msg('chart-axis-norm'), margin: msg('chart-axis-margin') },
    );
  }

  protected plot(metrics: Metrics): void {
    const step = metrics.step;
    if (metrics.pNorm > 0) this.push(0, step, metrics.pNorm);
    if (metrics.hasMaxMargin) {
      this.push(1, step, metrics.normalizedMargin);
      const first = this.firstStep(0) ?? 1;
      const last = Math.max(step, first * 10);
      const reference = metrics.maxMarginReference;
      this.set(2, [
        { x: first, y: reference },
        { x: last, y: reference },
      ]);
    } else {
      this.set(2, []);
    }
    if (metrics.hasLocalSvm) {
      this.push(3, step, metrics.localNormalizedMargin);
      this.push(4, step, metrics.localSvmReference);
    }
  }
}
