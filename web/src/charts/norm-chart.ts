// Chart 4b (Result 2, scale): ||p|| grows without bound (log axes) while the normalized
// margin min_k p.z_k / ||p|| climbs toward the max-margin reference 1/||p_mm||.
import type { ChartView, Snapshot } from './snapshot.ts';
import { SeriesChart } from './series.ts';
import { logTick, palette } from './setup.ts';

export class NormChart implements ChartView {
  private readonly view: SeriesChart;

  constructor(canvas: HTMLCanvasElement) {
    this.view = new SeriesChart(
      canvas,
      [
        { label: '‖p‖', color: palette.blue },
        { label: 'normalized margin', color: palette.vermillion, yAxisID: 'margin' },
        { label: '1/‖p_mm‖ (reference)', color: palette.grey, dashed: true, yAxisID: 'margin' },
      ],
      {
        logSteps: true,
        scales: {
          x: {
            type: 'logarithmic',
            min: 1,
            title: { display: true, text: 'step (log scale)' },
            ticks: { callback: logTick, autoSkip: false, maxRotation: 0 },
          },
          y: {
            type: 'logarithmic',
            title: { display: true, text: '‖p‖ (log scale)' },
            ticks: { callback: logTick },
          },
          margin: {
            type: 'linear',
            position: 'right',
            title: { display: true, text: 'normalized margin (score units)' },
            grid: { drawOnChartArea: false },
          },
        },
      },
    );
  }

  append({ metrics }: Snapshot): void {
    const step = metrics.step;
    this.view.rewind(step);
    if (metrics.pNorm > 0) this.view.push(0, step, metrics.pNorm);
    if (metrics.hasMaxMargin) {
      this.view.push(1, step, metrics.normalizedMargin);
      const first = this.view.firstStep(0) ?? 1;
      const last = Math.max(step, first * 10);
      const reference = metrics.maxMarginReference;
      this.view.set(2, [
        { x: first, y: reference },
        { x: last, y: reference },
      ]);
    } else {
      this.view.set(2, []);
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
