// Chart 3 (Figure 1): p.E_s against Delta_s, one point per token seen at least
// U_MIN_COUNT times (the tokens the U-score ranks), sized by count and coloured by the
// sign of Delta. Important tokens of either sign score high, neutral ones low: a U. A
// second layer (on its own axis, right) draws the theory's prediction p_mm.E_s, the
// direction p turns toward, once the attention-SVM is solved.
import { TOKEN_COLUMNS } from '../csv-names.ts';
import { formatNumber } from '../format.ts';
import { msg, t, type PlainMessageId } from '../localized.ts';
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

/** The radii markers are drawn at: radiusFor rounded to the nearest of these. One dataset
 *  per sign and radius, so Chart.js shares one options object per dataset (a radius per
 *  point made it resolve options point by point: token-scatter.ts). Counts 20 to ~2,300
 *  span radii 2.25 to 9; five classes keep the eye's reading of "more frequent, larger". */
const RADII = [2.5, 3.5, 5, 7, 9] as const;

function sizeClass(count: number): number {
  const r = radiusFor(count);
  let best = 0;
  RADII.forEach((radius, k) => {
    if (Math.abs(radius - r) < Math.abs((RADII[best] ?? 0) - r)) best = k;
  });
  return best;
}

/** Markers are filled, never stroked: a stroke per marker (Chart.js strokes each point on
 *  its own) cost 100-180 ms a frame at 2,000 points in software-rendered canvases, most of a
 *  stop frame at 25,000 reviews (bench/page/page-profile.mjs); fills cost a tenth of it. */
function group(label: PlainMessageId, color: string, radius: number): ScatterDataset {
  return {
    label,
    data: [],
    backgroundColor: `${color}aa`,
    borderColor: color,
    borderWidth: 0,
    pointRadius: radius,
    pointHoverRadius: 7,
  };
}

/** The sign groups: label and colour; dataset g is group g's first size class. */
const GROUPS = [
  [msg('chart-series-leans-positive'), 'blue'],
  [msg('chart-series-leans-negative'), 'vermillion'],
  [msg('chart-series-neutral'), 'grey'],
] as const;
/** Index of the theory layer (after the three groups' first size classes). */
const THEORY_DATASET = GROUPS.length;

/** The datasets of group g's size classes: g itself, then its further classes after the
 *  theory layer (the legend lists each group once, by its first dataset). */
function groupDatasets(g: number): number[] {
  const further = RADII.slice(1).map((_, k) => THEORY_DATASET + 1 + g * (RADII.length - 1) + k);
  return [g, ...further];
}

export class UShapeChart extends TokenScatter {
  /** p_mm.E_s per token and which problem it solves; null before a solve. */
  private theory: { scores: Float32Array; label: () => string } | null = null;
  private theoryShown = true;

  constructor(canvas: HTMLCanvasElement, readout: HTMLElement) {
    super(
      canvas,
      readout,
      [
        // palette is read here, after applyTheme (the dark theme swaps its blue).
        ...GROUPS.map(([label, color]) => group(label, palette[color], RADII[0])),
        {
          label: msg('chart-series-theory'),
          data: [],
          yAxisID: 'y2',
          // Filled like the tokens (see group), told apart by shape (diamonds) and grey.
          backgroundColor: `${palette.grey}cc`,
          borderColor: palette.grey,
          borderWidth: 0,
          pointStyle: 'rectRot',
          pointRadius: 3.5,
          pointHoverRadius: 6,
        } as ScatterDataset,
        ...GROUPS.flatMap(([label, color]) =>
          RADII.slice(1).map((radius) => group(label, palette[color], radius)),
        ),
      ],
      {
        x: {
          title: msg('chart-axis-delta'),
          short: 'Δ_s',
          key: TOKEN_COLUMNS.delta,
        },
        y: {
          title: msg('chart-axis-attention'),
          short: 'p·E_s',
          key: TOKEN_COLUMNS.attention,
        },
      },
      msg('chart-axis-theory'),
    );
  }

  /** The theory's token scores (null clears them), drawn when the layer is shown. */
  setTheory(theory: { scores: Float32Array; label: () => string } | null): void {
    if (theory === this.theory) return;
    this.theory = theory;
    this.scheduleDraw(); // a task of its own, as a snapshot's (not in the solve's message)
  }

  showTheory(shown: boolean): void {
    this.theoryShown = shown;
    this.draw();
  }

  protected readoutText(m: Metrics): string {
    const line = t('readout-u-shape', {
      uscore: formatNumber(m.uScore, 3),
      signed: formatNumber(m.signedScore, 3),
      contrast: formatNumber(m.uContrast, 3),
      tokens: m.uTokens,
    });
    if (!m.hasMaxMargin) return line;
    const theory = m.hasMaxMarginAcyclic
      ? t('readout-u-theory-acyclic', {
          uscore: formatNumber(m.uScoreMaxMargin, 3),
          signed: formatNumber(m.signedScoreMaxMargin, 3),
          uscoreAcyclic: formatNumber(m.uScoreMaxMarginAcyclic, 3),
          signedAcyclic: formatNumber(m.signedScoreMaxMarginAcyclic, 3),
        })
      : t('readout-u-theory', {
          uscore: formatNumber(m.uScoreMaxMargin, 3),
          signed: formatNumber(m.signedScoreMaxMargin, 3),
        });
    return `${line} · ${theory}`;
  }

  protected describe(point: TokenPoint): string {
    const count = this.statistics?.count[point.row] ?? 0;
    return t('chart-tip-u-shape', { delta: short(point.x), score: short(point.y), count });
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
    const classOf = (row: number) => sizeClass(statistics.count[row] ?? 0);
    const layers: TokenLayer[] = groups.map((rows, g) => ({
      dataset: g,
      rows,
      x,
      y,
      sizes: { datasets: groupDatasets(g), classOf },
      inTable: true,
    }));
    const layer = this.chart.data.datasets[THEORY_DATASET];
    const y2 = this.chart.options.scales?.['y2'];
    if (layer !== undefined)
      layer.label =
        theory === null
          ? t('chart-series-theory')
          : t('chart-series-theory-of', { which: theory.label() });
    if (y2 !== undefined) y2.display = theory !== null;
    const scores = theory?.scores;
    layers.push({
      dataset: THEORY_DATASET,
      rows: scores === undefined ? [] : inTheory,
      x,
      y: (row) => scores?.[row] ?? NaN,
      inTable: false,
    });
    return layers;
  }
}
