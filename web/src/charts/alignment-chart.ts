// Chart 2 (Result 1): v.E_s against alpha_s for every token seen in training, with the
// least-squares line and the predicted slope (eta/2)||v||^2 through the origin. After the
// one step on E the points fall on the predicted line when sigma is small.
import { TOKEN_COLUMNS } from '../csv-names.ts';
import { formatIf, formatNumber } from '../format.ts';
import { msg, t } from '../localized.ts';
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';
import type { TokenPoint } from './snapshot.ts';
import { palette, theme } from './setup.ts';
import { short, TokenScatter, type TokenLayer } from './token-scatter.ts';

export class AlignmentChart extends TokenScatter {
  constructor(canvas: HTMLCanvasElement, readout: HTMLElement) {
    super(
      canvas,
      readout,
      [
        {
          label: msg('chart-series-tokens'),
          data: [],
          backgroundColor: `${palette.blue}99`,
          borderWidth: 0,
          pointRadius: 2.5,
          pointHoverRadius: 5,
        },
        {
          label: msg('chart-series-fit'),
          data: [],
          showLine: true,
          borderColor: palette.vermillion,
          backgroundColor: palette.vermillion,
          borderWidth: 2,
          pointRadius: 0,
          order: -1, // above the points (a lower order draws later)
        },
        {
          // Dashed in the text colour, on top of the fit and the points: where the two
          // lines agree (Result 1 holds) the dashes still show over the fit.
          label: msg('chart-series-predicted'),
          data: [],
          showLine: true,
          borderColor: theme.text,
          backgroundColor: theme.text,
          borderDash: [6, 4],
          borderWidth: 2,
          pointRadius: 0,
          order: -2,
        },
      ],
      {
        x: {
          title: msg('chart-axis-alpha'),
          short: 'α_s',
          key: TOKEN_COLUMNS.alpha,
        },
        y: { title: msg('chart-axis-value'), short: 'v·E_s', key: TOKEN_COLUMNS.value },
      },
    );
  }

  protected readoutText(m: Metrics): string {
    return t('readout-alignment', {
      slope: formatNumber(m.alignmentSlope),
      predicted: formatIf(m.hasPredictedSlope, m.predictedSlope),
      r2: formatNumber(m.alignmentR2),
    });
  }

  protected describe(point: TokenPoint): string {
    return `α = ${short(point.x)}, v·E = ${short(point.y)}`;
  }

  protected layers(columns: TokenColumns, statistics: TokenStatistics): TokenLayer[] {
    // Row 0 is <unk>; tokens never seen in training carry no alpha.
    const rows: number[] = [];
    for (let row = 1; row < statistics.tokens.length; row++) {
      const x = statistics.alpha[row] ?? NaN;
      const y = columns.value[row] ?? NaN;
      if ((statistics.count[row] ?? 0) > 0 && Number.isFinite(x) && Number.isFinite(y))
        rows.push(row);
    }
    const x = (row: number) => statistics.alpha[row] ?? NaN;
    const y = (row: number) => columns.value[row] ?? NaN;
    return [{ dataset: 0, rows, x, y, inTable: true }];
  }

  /** The fit and the prediction across the tokens' alpha range (no line where none is
   *  predicted: the joint protocol). */
  protected override decorate(m: Metrics, layers: TokenLayer[]): void {
    const [tokens] = layers;
    const [, fit, predicted] = this.chart.data.datasets;
    if (tokens === undefined || fit === undefined || predicted === undefined) return;
    let low = Infinity;
    let high = -Infinity;
    for (const row of tokens.rows) {
      const x = tokens.x(row);
      if (x < low) low = x;
      if (x > high) high = x;
    }
    const line = (slope: number, intercept: number): TokenPoint[] =>
      tokens.rows.length < 2 || !Number.isFinite(slope)
        ? []
        : [
            { x: low, y: intercept + slope * low, row: -1 },
            { x: high, y: intercept + slope * high, row: -1 },
          ];
    fit.data = line(m.alignmentSlope, m.alignmentIntercept);
    predicted.data = m.hasPredictedSlope ? line(m.predictedSlope, 0) : [];
  }
}
