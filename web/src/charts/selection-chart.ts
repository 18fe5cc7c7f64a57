// Chart 4a (Result 2, direction): cosine(p, p_mm), selection accuracy and attention mass
// on the selected tokens over log steps. The cosine exists once p_mm has been solved.
import type { ChartView, Snapshot } from './snapshot.ts';
import { SeriesChart } from './series.ts';
import { logTick, palette } from './setup.ts';

export class SelectionChart implements ChartView {
  private readonly view: SeriesChart;

  constructor(canvas: HTMLCanvasElement) {
    this.view = new SeriesChart(
      canvas,
      [
        { label: 'cosine(p, p_mm)', color: palette.purple },
        { label: 'selection accuracy', color: palette.green },
        { label: 'attention mass on selected', color: palette.green, dashed: true },
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
            type: 'linear',
            suggestedMin: 0,
            suggestedMax: 1,
            title: { display: true, text: 'cosine / share of reviews (0 to 1)' },
          },
        },
      },
    );
  }

  append({ metrics }: Snapshot): void {
    const step = metrics.step;
    this.view.rewind(step);
    if (metrics.hasMaxMargin) this.view.push(0, step, metrics.cosineToMaxMargin);
    this.view.push(1, step, metrics.selectionAccuracy);
    this.view.push(2, step, metrics.selectionMass);
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
