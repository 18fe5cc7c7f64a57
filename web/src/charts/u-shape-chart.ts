// Chart 3 (Figure 1): p.E_s against Delta_s, one point per token seen at least
// U_MIN_COUNT times (the tokens the U-score ranks), sized by count and coloured by the
// sign of Delta. Important tokens of either sign score high, neutral ones low: a U. A
// second layer (on its own axis, right) draws the theory's prediction p_mm.E_s, the
// direction p turns toward, once the attention-SVM is solved.
import { TOKEN_COLUMNS } from '../csv-names.ts';
import { formatInteger, formatNumber } from '../format.ts';
import type { Metrics, TokenColumns, TokenStatistics } from '../protocol.ts';
import type { TokenPoint } from './snapshot.ts';
import { palette } from './setup.ts';
import { short, TokenScatter, type ScatterDataset, type TokenLayer } from './token-scatter.ts';

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

/** The theory layer's label; it names which p_mm (all reviews, or the acyclic ones). */
const THEORY = 'theory: p_mm · E_s';

export class UShapeChart extends TokenScatter {
  /** p_mm.E_s per token and which problem it solves; null before a solve. */
  private theory: { scores: Float32Array; label: string } | null = null;
  private theoryShown = true;

  constructor(canvas: HTMLCanvasElement, readout: HTMLElement) {
    super(
      canvas,
      readout,
      [
        group('Δ > 0 (leans positive)', palette.blue),
        group('Δ < 0 (leans negative)', palette.vermillion),
        group('Δ = 0', palette.grey),
        {
          label: THEORY,
          data: [],
          yAxisID: 'y2',
          backgroundColor: 'rgba(0, 0, 0, 0)',
          borderColor: palette.grey,
          borderWidth: 1,
          pointStyle: 'rectRot',
          pointRadius: 3,
          pointHoverRadius: 6,
        } as ScatterDataset,
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
      'theory: p_mm · E_s (right axis)',
    );
  }

  /** The theory's token scores (null clears them), drawn when the layer is shown. */
  setTheory(theory: { scores: Float32Array; label: string } | null): void {
    if (theory === this.theory) return;
    this.theory = theory;
    this.draw();
  }

  showTheory(shown: boolean): void {
    this.theoryShown = shown;
    this.draw();
  }

  protected readoutText(m: Metrics): string {
    const theory =
      m.hasMaxMarginAcyclic && !m.hasMaxMargin
        ? ''
        : m.hasMaxMargin
          ? ` · theory p_mm: U-score ${formatNumber(m.uScoreMaxMargin, 3)}, signed ${formatNumber(m.signedScoreMaxMargin, 3)}` +
            (m.hasMaxMarginAcyclic
              ? ` (acyclic reviews: ${formatNumber(m.uScoreMaxMarginAcyclic, 3)}, ${formatNumber(m.signedScoreMaxMarginAcyclic, 3)})`
              : '')
          : '';
    return (
      `U-score ${formatNumber(m.uScore, 3)} · signed Spearman ${formatNumber(m.signedScore, 3)} · ` +
      `U-contrast ${formatNumber(m.uContrast, 3)} · ${formatInteger(m.uTokens)} tokens${theory}`
    );
  }

  protected describe(point: TokenPoint): string {
    const count = this.statistics?.count[point.row] ?? 0;
    return `Δ = ${short(point.x)}, p·E = ${short(point.y)}, count ${count}`;
  }

  protected layers(columns: TokenColumns, statistics: TokenStatistics): TokenLayer[] {
    const groups: number[][] = [[], [], []];
    const theory = this.theoryShown ? this.theory : null;
    const inTheory: number[] = [];
    for (let row = 1; row < statistics.tokens.length; row++) {
      const count = statistics.count[row] ?? 0;
      const x = statistics.delta[row] ?? NaN;
      if (count < U_MIN_COUNT || !Number.isFinite(x)) continue;
      if (Number.isFinite(columns.attention[row] ?? NaN))
        groups[x > 0 ? 0 : x < 0 ? 1 : 2]?.push(row);
      if (theory !== null && Number.isFinite(theory.scores[row] ?? NaN)) inTheory.push(row);
    }
    const x = (row: number) => statistics.delta[row] ?? NaN;
    const y = (row: number) => columns.attention[row] ?? NaN;
    const radius = (row: number) => radiusFor(statistics.count[row] ?? 0);
    // The first three datasets are the sign groups (the token ring follows them).
    const layers: TokenLayer[] = groups.map((rows, dataset) => ({
      dataset,
      rows,
      x,
      y,
      radius,
      inTable: true,
    }));
    const layer = this.chart.data.datasets[3];
    const y2 = this.chart.options.scales?.['y2'];
    if (layer !== undefined) layer.label = theory === null ? THEORY : `${THEORY} (${theory.label})`;
    if (y2 !== undefined) y2.display = theory !== null;
    const scores = theory?.scores;
    layers.push({
      dataset: 3,
      rows: scores === undefined ? [] : inTheory,
      x,
      y: (row) => scores?.[row] ?? NaN,
      inTable: false,
    });
    return layers;
  }
}
