// Chart 4a (Result 2, direction): every series a Result 2 verdict reads, over log steps.
// Over all training reviews: cos(p, p_mm), the selection of s*, the attention mass on it,
// and cos(p, p_local) against the att-SVM of the flow's own selection with the share of
// reviews where that selection is s*; over the acyclic reviews: cos(p, p_mm) and the
// selection there. The subtitle says how many reviews each set is (core's coverage finding).
import { msg } from '../localized.ts';
import type { Metrics } from '../protocol.ts';
import { SeriesChart } from './series.ts';
import { palette } from './setup.ts';

export class SelectionChart extends SeriesChart {
  constructor(canvas: HTMLCanvasElement) {
    super(
      canvas,
      [
        { label: msg('chart-series-cosine'), field: 'cosineToMaxMargin', color: palette.purple },
        { label: msg('chart-series-selection'), field: 'selectionAccuracy', color: palette.green },
        {
          label: msg('chart-series-mass'),
          field: 'selectionMass',
          color: palette.green,
          dashed: true,
        },
        {
          label: msg('chart-series-local-cosine'),
          field: 'cosineToLocalSvm',
          color: palette.orange,
        },
        {
          label: msg('chart-series-local-selection'),
          field: 'localSelectionSStar',
          color: palette.orange,
          dashed: true,
        },
        {
          label: msg('chart-series-cosine-acyclic'),
          field: 'cosineToMaxMarginAcyclic',
          color: palette.sky,
        },
        {
          label: msg('chart-series-selection-acyclic'),
          field: 'selectionAccuracyAcyclic',
          color: palette.sky,
          dashed: true,
        },
      ],
      'log',
      {
        y: {
          type: 'linear',
          title: { display: true, text: '' }, // worded by SeriesChart
          suggestedMin: 0,
          suggestedMax: 1,
        },
      },
      { y: msg('chart-axis-cosine-share') },
    );
  }

  protected plot(metrics: Metrics): void {
    const step = metrics.step;
    if (metrics.hasMaxMargin) this.push(0, step, metrics.cosineToMaxMargin);
    this.push(1, step, metrics.selectionAccuracy);
    this.push(2, step, metrics.selectionMass);
    if (metrics.hasLocalSvm) this.push(3, step, metrics.cosineToLocalSvm);
    if (metrics.hasLocalSelection) this.push(4, step, metrics.localSelectionSStar);
    if (metrics.hasMaxMarginAcyclic) {
      this.push(5, step, metrics.cosineToMaxMarginAcyclic);
      this.push(6, step, metrics.selectionAccuracyAcyclic);
    }
  }

  /** Which reviews the series are over: core's coverage finding, in the catalog's words. */
  showCoverage(text: string): void {
    this.setSubtitle(text);
  }
}
