// Chart 4c (Result 2, rate): 1 − cos(p, p_mm) against the step, both axes logarithmic, so
// that the direction's convergence reads as a line instead of a cosine pinned at 1. The value
// is core's, computed without cancellation (Metrics::one_minus_cosine_to_max_margin: digits
// at 1e-8 and below); the subtitle is core's measured slope over the recent window (guidance
// `rate`: a measurement of this run, never a theory's rate).
import { msg } from '../localized.ts';
import type { Metrics } from '../protocol.ts';
import { SeriesChart } from './series.ts';
import { logGridColor, logTick, palette, theme } from './setup.ts';
import type { ChartTable } from './snapshot.ts';

/** Labels the decades only (1e-2, 1e-3, ...): a gap spanning many decades stays legible. */
function decadeTick(value: number | string): string {
  const v = Number(value);
  const power = Math.log10(v);
  return v > 0 && Math.abs(power - Math.round(power)) < 1e-9 ? logTick(v) : '';
}

export class RateChart extends SeriesChart {
  /** Core's rate finding as last worded (the subtitle), also said by the table. */
  private rate = '';

  constructor(canvas: HTMLCanvasElement) {
    super(
      canvas,
      [
        {
          label: msg('chart-series-rate'),
          field: 'oneMinusCosineToMaxMargin',
          color: palette.purple,
        },
      ],
      'log',
      {
        y: {
          type: 'logarithmic',
          title: { display: true, text: '' }, // worded by SeriesChart
          ticks: { callback: decadeTick, autoSkip: false },
          grid: { color: logGridColor(theme.grid) },
        },
      },
      { y: msg('chart-axis-rate') },
    );
  }

  protected plot(metrics: Metrics): void {
    // A zero gap (p exactly along p_mm, or p = 0) has no place on a log axis: not drawn.
    if (metrics.hasMaxMargin && metrics.oneMinusCosineToMaxMargin > 0)
      this.push(0, metrics.step, metrics.oneMinusCosineToMaxMargin);
  }

  /** The measured slope (core's rate finding), in the catalog's words. */
  showRate(text: string): void {
    this.rate = text;
    this.setSubtitle(text);
  }

  /** The points, and the measured slope in words: the subtitle is pixels on the canvas, the
   *  table's caption is what a screen reader reads. */
  override table(): ChartTable {
    const table = super.table();
    return { ...table, note: [this.rate, table.note].filter((part) => part !== '').join(' ') };
  }
}
