// Chart 3 (Figure 1): p.E_s against Delta_s, one point per token seen at least
// U_MIN_COUNT times (the tokens the U-score ranks), sized by count and coloured by the
// sign of Delta. Important tokens of either sign score high, neutral ones low: a U.
import { formatInteger, formatNumber } from '../format.ts';
import type { Snapshot, TokenChartView, TokenPoint } from './snapshot.ts';
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

export class UShapeChart implements TokenChartView {
  private readonly view: TokenScatter;
  private readonly readout: HTMLElement;

  constructor(canvas: HTMLCanvasElement, readout: HTMLElement) {
    this.readout = readout;
    this.view = new TokenScatter(
      canvas,
      [
        group('Δ > 0 (leans positive)', palette.blue),
        group('Δ < 0 (leans negative)', palette.vermillion),
        group('Δ = 0', palette.grey),
      ],
      {
        x: 'posterior difference Δ_s = P(+|s) − P(−|s)',
        y: 'p · E_s (attention score, logit units)',
      },
      (row, point) =>
        `Δ = ${short(point.x)}, p·E = ${short(point.y)}, count ${this.view.statistics?.count[row] ?? 0}`,
    );
  }

  append({ metrics, columns, statistics }: Snapshot): void {
    const m = metrics;
    this.readout.textContent =
      `U-score ${formatNumber(m.uScore, 3)} · signed Spearman ${formatNumber(m.signedScore, 3)} · ` +
      `U-contrast ${formatNumber(m.uContrast, 3)} · ${formatInteger(m.uTokens)} tokens`;
    if (statistics === null || columns === null) return;
    this.view.statistics = statistics;
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
      const dataset = this.view.chart.data.datasets[i];
      if (dataset === undefined) return;
      dataset.data = group.points;
      dataset.pointRadius = group.radii;
    });
    this.view.redraw();
  }

  reset(): void {
    for (const dataset of this.view.chart.data.datasets) dataset.data = [];
    this.readout.textContent = '';
    this.view.redraw();
  }

  dump() {
    return this.view.dump();
  }

  table() {
    return this.view.table('Δ_s', 'p·E_s');
  }

  highlight(row: number | null): void {
    this.view.highlight(row);
  }

  get chart() {
    return this.view.chart;
  }
}
