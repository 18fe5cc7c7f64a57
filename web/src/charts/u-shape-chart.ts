// Chart 3 (Figure 1): p.E_s against Delta_s, one point per token seen at least
// U_MIN_COUNT times (the tokens the U-score ranks), sized by count and coloured by the
// sign of Delta. Important tokens of either sign score high, neutral ones low: a U.
import { TOKEN_COLUMNS } from '../csv-names.ts';
import { formatInteger, formatNumber } from '../format.ts';
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';
import type { TokenPoint } from './snapshot.ts';
import { palette } from './setup.ts';
import { short, TokenScatter, type ScatterDataset } from './token-scatter.ts';

/** THEORY.md's U-score threshold; the chart plots the same tokens the score uses. */
const U_MIN_COUNT = 20;

/** Marker radius in pixels: area grows with the count, capped to keep the plot readable. */
function radiusFor(count: number): number {
  return Math.min(9, 1.5 + Math.sqrt(count) / 6);
}

function group(label: string, color: string): ScatterDataset {
  return {
    label,
    data: [],
    backgroundColor: `${color}aa`,
    borderColor: color,
    borderWidth: 0.5,
    pointRadius: [],
    pointHoverRadius: 7,
  };
}

export class UShapeChart extends TokenScatter {
  constructor(canvas: HTMLCanvasElement, readout: HTMLElement) {
    super(
      canvas,
      readout,
      [
        group('Δ > 0 (leans positive)', palette.blue),
        group('Δ < 0 (leans negative)', palette.vermillion),
        group('Δ = 0', palette.grey),
      ],
      {
        x: {
          title: 'posterior difference Δ_s = P(+|s) − P(−|s)',
          short: 'Δ_s',
          key: TOKEN_COLUMNS.delta,
        },
        y: {
          title: 'p · E_s (attention score, logit units)',
          short: 'p·E_s',
          key: TOKEN_COLUMNS.attention,
        },
      },
    );
  }

  protected readoutText(m: Metrics): string {
    return (
      `U-score ${formatNumber(m.uScore, 3)} · signed Spearman ${formatNumber(m.signedScore, 3)} · ` +
      `U-contrast ${formatNumber(m.uContrast, 3)} · ${formatInteger(m.uTokens)} tokens`
    );
  }

  protected describe(point: TokenPoint): string {
    const count = this.statistics?.count[point.row] ?? 0;
    return `Δ = ${short(point.x)}, p·E = ${short(point.y)}, count ${count}`;
  }

  protected plot(columns: TokenColumns, statistics: TokenStatistics): void {
    const groups: Array<{ points: TokenPoint[]; radii: number[] }> = [0, 1, 2].map(() => ({
      points: [],
      radii: [],
    }));
    for (let row = 1; row < statistics.tokens.length; row++) {
      const count = statistics.count[row] ?? 0;
      const x = statistics.delta[row] ?? NaN;
      const y = columns.attention[row] ?? NaN;
      if (count < U_MIN_COUNT || !Number.isFinite(x) || !Number.isFinite(y)) continue;
      const target = groups[x > 0 ? 0 : x < 0 ? 1 : 2];
      target?.points.push({ x, y, row });
      target?.radii.push(radiusFor(count));
    }
    // The first three datasets are the sign groups (the token ring follows them).
    groups.forEach((group, i) => {
      const dataset = this.chart.data.datasets[i];
      if (dataset === undefined) return;
      dataset.data = group.points;
      dataset.pointRadius = group.radii;
    });
  }
}
