// Chart.js setup shared by every chart: registers only the pieces the app uses (so the
// bundle tree-shakes the rest), the colour-blind-safe palette, theme colours read from
// the CSS, and the scheduling of chart updates: coalesced per animation frame, within a
// per-frame budget, and none for a chart off screen.
import {
  Chart,
  Decimation,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  ScatterController,
  SubTitle,
  Tooltip,
} from 'chart.js';
import { axisTitles } from './axis-titles.ts';
import { expectedCost, FrameBudget, markerCount } from './frame-budget.ts';
import { onLocaleChange, t, type PlainMessageId } from '../localized.ts';

Chart.register(
  LineController,
  ScatterController,
  LineElement,
  PointElement,
  LinearScale,
  LogarithmicScale,
  Tooltip,
  Legend,
  SubTitle,
  Decimation,
  axisTitles,
);

// Chart.js's scatter controller, unlike its line controller, never shares a dataset's
// resolved point options: every update resolved and cloned each point's options, twice with
// the overflow pass (cloneIfNotShared, _resolveElementOptions, getMaxOverflow were most of
// the 200 ms frame after a solve at 25,000 reviews: BENCHMARKS.md 9.5 as of `74fccb4`). Every option of our
// scatter datasets is per dataset (one radius per size class: u-shape-chart.ts), so the
// points share one frozen object, as a line's points do.
const initializeScatter = ScatterController.prototype.initialize;
ScatterController.prototype.initialize = function (this: ScatterController): void {
  this.enableOptionSharing = true;
  initializeScatter.call(this);
};

// Chart.js draws each point by itself: it sets the fill, the stroke and the line width
// (a colour string parsed each time), then paths, fills and strokes it; 2,000 token markers
// took ~100 ms of the frame after a solve at 25,000 reviews. A dataset whose points share
// their options (above), fill without a border and are circles or diamonds is drawn here:
// the style set once, then one path and one fill per point, in Chart.js's order and shapes
// (so translucent markers still darken where tokens crowd). Anything else (a line, a
// hovered point, another style) is drawn by Chart.js.
const drawScatter = ScatterController.prototype.draw;
ScatterController.prototype.draw = function (this: ScatterController): void {
  const points = this._cachedMeta.data as PointElement[];
  const shared = points[0]?.options;
  const line = (this.getDataset() as { showLine?: boolean }).showLine === true;
  if (line || shared === undefined || !drawnAsFilled(shared) || points.some((p) => p.active)) {
    drawScatter.call(this);
    return;
  }
  const { ctx, chartArea: area } = this.chart;
  const radius = shared.radius;
  const diamond = shared.pointStyle === 'rectRot';
  ctx.fillStyle = shared.backgroundColor as string;
  for (const point of points) {
    if (point.options !== shared) {
      point.draw(ctx, area); // not shared after all: as Chart.js would
      ctx.fillStyle = shared.backgroundColor as string;
      continue;
    }
    const { x, y } = point;
    if (point.skip || x < area.left - radius || x > area.right + radius) continue;
    if (y < area.top - radius || y > area.bottom + radius) continue;
    ctx.beginPath();
    if (diamond) {
      ctx.moveTo(x - radius, y);
      ctx.lineTo(x, y - radius);
      ctx.lineTo(x + radius, y);
      ctx.lineTo(x, y + radius);
    } else ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.closePath();
    ctx.fill();
  }
};

/** Options the scatter's own drawing reproduces exactly: a filled circle or unrotated
 *  diamond without a border. */
function drawnAsFilled(options: PointElement['options']): boolean {
  return (
    (options.pointStyle === 'circle' || options.pointStyle === 'rectRot') &&
    !options.rotation &&
    options.borderWidth === 0 &&
    options.radius > 0 &&
    typeof options.backgroundColor === 'string'
  );
}

// Legends draw a line dataset as a line (dashed when it is), a point dataset as its point:
// an item of a line chart or of a scatter dataset with showLine gets the 'line' style. With
// point styles Chart.js takes the item's stroke from the dataset's first point, which has no
// dash: the line's own colour, width and dash are put back.
const pointLabels = Chart.defaults.plugins.legend.labels.generateLabels;
Chart.defaults.plugins.legend.labels.usePointStyle = true;
Chart.defaults.plugins.legend.labels.generateLabels = (chart) =>
  pointLabels(chart).map((item) => {
    const line = chart.data.datasets[item.datasetIndex ?? -1] as
      | {
          showLine?: boolean;
          type?: string;
          borderColor?: unknown;
          borderWidth?: unknown;
          borderDash?: unknown;
        }
      | undefined;
    if (line === undefined) return item;
    const type = line.type ?? (chart.config as { type?: string }).type;
    if (line.showLine !== true && type !== 'line') return item;
    return {
      ...item,
      pointStyle: 'line',
      lineDash: Array.isArray(line.borderDash) ? (line.borderDash as number[]) : [],
      ...(typeof line.borderColor === 'string' ? { strokeStyle: line.borderColor } : {}),
      ...(typeof line.borderWidth === 'number' ? { lineWidth: line.borderWidth } : {}),
    };
  });

/** Okabe-Ito colours: distinguishable with the common colour-vision deficiencies. */
export const palette = {
  blue: '#0072B2',
  vermillion: '#D55E00',
  orange: '#E69F00',
  sky: '#56B4E9',
  green: '#009E73',
  purple: '#CC79A7',
  grey: '#999999',
};

/** The light theme's colours (styles.css :root). Exported figures draw with them in
 *  either theme: a slide is light whatever the teacher's screen. */
export const LIGHT = { card: '#ffffff', text: '#1b1f24', muted: '#57606a', grid: '#e3e6ea' };

/** Theme colours the charts draw with directly (set by applyTheme). */
export const theme = { text: LIGHT.text, grid: LIGHT.grid };

/** Grid lines of a log axis: full colour at powers of ten, faint at the minor ticks
 *  between them (2, 3, ... 9 times a power), so the decades read and the rest stays quiet.
 *  `major` is a #rrggbb colour. */
export function logGridColor(major: string): (context: { tick?: { value: number } }) => string {
  return (context) => {
    const value = context.tick?.value ?? 0;
    const decade = value > 0 && Math.abs(Math.log10(value) - Math.round(Math.log10(value))) < 1e-9;
    return decade ? major : `${major.slice(0, 7)}59`; // 59: 35% alpha
  };
}

/** Colours the dark theme swapped in (lower-case #rrggbb), mapped back to light ones. */
const darkSwaps = new Map<string, string>();

/** Follows the page's light/dark theme (the CSS variables in styles.css). */
export function applyTheme(): void {
  const css = getComputedStyle(document.documentElement);
  theme.text = css.getPropertyValue('--text').trim() || theme.text;
  theme.grid = css.getPropertyValue('--grid').trim() || theme.grid;
  // Okabe-Ito's blue is too dark on the dark card; its sky blue keeps the same meaning.
  if (matchMedia('(prefers-color-scheme: dark)').matches) {
    darkSwaps.set(palette.sky.toLowerCase(), palette.blue);
    darkSwaps.set(theme.text.toLowerCase(), LIGHT.text);
    palette.blue = palette.sky;
  }
  Chart.defaults.color = css.getPropertyValue('--muted').trim() || '#555';
  Chart.defaults.borderColor = css.getPropertyValue('--grid').trim() || '#ddd';
  Chart.defaults.font.family = css.getPropertyValue('--font').trim() || 'system-ui';
  Chart.defaults.animation = false;
  Chart.defaults.maintainAspectRatio = false;
  onLocaleChange(followLocaleFont);
}

/** The charts' text takes the page's font stack for its language (styles.css: Chinese
 *  lists the CJK fonts of each platform), again after a switch of language: every chart
 *  draws with it from its next update on. */
function followLocaleFont(): void {
  const font = getComputedStyle(document.documentElement).getPropertyValue('--font').trim();
  if (font === '' || Chart.defaults.font.family === font) return;
  Chart.defaults.font.family = font;
  for (const chart of Object.values(Chart.instances)) chart.update('none');
}

/** `color` as the light theme draws it: a dark-theme swap (#rrggbb, with any alpha
 *  suffix kept) goes back to its light colour; anything else is unchanged. */
export function lightColor(color: string): string {
  const light = darkSwaps.get(color.slice(0, 7).toLowerCase());
  return light === undefined ? color : light + color.slice(7);
}

/** Tick labels for log axes: only 1, 2 and 5 times a power of ten, written compactly. */
export function logTick(value: number | string): string {
  const v = Number(value);
  if (!(v > 0)) return '';
  const power = Math.floor(Math.log10(v) + 1e-9);
  const mantissa = Math.round((v / 10 ** power) * 1000) / 1000;
  if (mantissa !== 1 && mantissa !== 2 && mantissa !== 5) return '';
  return Math.abs(power) >= 4 ? `${mantissa}e${power}` : String(Number(v.toPrecision(1)));
}

// Chart work is the page's main-thread cost while a run plays (a trace at 25,000 reviews:
// every long task was an animation frame of chart updates). So the work waits: a chart
// off screen (scrolled away, or on a panel a link hides) is not updated until it shows,
// and a frame updates charts only until FRAME_BUDGET_MS is spent (at least one), counting
// the raster its markers will cost (frame-budget.ts), the rest in the next frames, oldest
// first. Input events run between those frames.
/** Charts this close to the viewport count as on screen (drawn before they scroll in). */
const NEAR_VIEWPORT = '200px 0px';

/** Charts waiting for an update, in the order they asked (a Set keeps insertion order). */
const dirty = new Set<Chart>();
/** Views that are not charts (the review's computation), waiting to draw: their element
 *  and their latest drawing (scheduleDraw). They share the frames and the budget. */
const drawings = new Map<Element, () => void>();
let frameRequested = false;
let firstChartMarked = false; // the page benchmark reads the mark (BENCHMARKS.md)
/** On screen or near it, per canvas; a canvas not yet reported counts as on screen. */
const onScreen = new WeakMap<Element, boolean>();
/** Work a canvas deferred until it shows (the latest only: it redraws from the latest data). */
const whenShown = new Map<Element, () => void>();
/** Chart.js updates per chart, for the test hook (a hidden chart's count stays put). */
const updates = new WeakMap<Chart, number>();

const observer =
  typeof IntersectionObserver === 'undefined'
    ? null
    : new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            onScreen.set(entry.target, entry.isIntersecting);
            if (!entry.isIntersecting) continue;
            const work = whenShown.get(entry.target);
            whenShown.delete(entry.target);
            work?.();
            const chart = Chart.getChart(entry.target as HTMLCanvasElement);
            if ((chart !== undefined && dirty.has(chart)) || drawings.has(entry.target))
              requestFrame();
          }
        },
        { rootMargin: NEAR_VIEWPORT },
      );

/** True when `canvas` is on screen or near it (never hidden by a panel flag). */
export function isOnScreen(canvas: Element): boolean {
  return onScreen.get(canvas) ?? true;
}

/** Runs `work` now when `canvas` is on screen, else once it shows (replacing any work it
 *  deferred before). Returns true when the work ran now. */
export function onceOnScreen(canvas: Element, work: () => void): boolean {
  observer?.observe(canvas); // observing twice is a no-op
  if (isOnScreen(canvas)) {
    whenShown.delete(canvas);
    work();
    return true;
  }
  whenShown.set(canvas, work);
  return false;
}

function requestFrame(): void {
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(drawFrame);
}

/** Each chart's last update, script time in ms (what the next one is expected to take). */
const lastUpdateMs = new WeakMap<Chart, number>();

function update(chart: Chart): void {
  dirty.delete(chart);
  const started = performance.now();
  chart.update('none');
  lastUpdateMs.set(chart, performance.now() - started);
  updates.set(chart, (updates.get(chart) ?? 0) + 1);
}

/** The markers `chart` draws: its shown scatter datasets that are not lines. A line
 *  chart's points are not drawn (pointRadius 0) or are few. */
function markers(chart: Chart): number {
  return markerCount(
    chart.data.datasets.map((dataset, index) => ({
      points: dataset.data.length,
      marked:
        chart.getDatasetMeta(index).type === 'scatter' &&
        (dataset as { showLine?: boolean }).showLine !== true &&
        chart.isDatasetVisible(index),
    })),
  );
}

/** True for the frame after a stop: it paints the stop alone (holdChartsForAFrame). */
let held = false;
/** Frames draw no chart before this time (performance.now()): a Pause is on its way. */
let heldUntil = 0;

/** A Pause was sent: frames draw no chart until the stop arrives (holdChartsForAFrame) or
 *  `milliseconds` pass, so the worker's `stopped` is handled and painted at once instead of
 *  after the chart update that a frame under way would run (20-50 ms at 25,000 reviews). */
export function holdChartsUntilStopped(milliseconds: number): void {
  heldUntil = Math.max(heldUntil, performance.now() + milliseconds);
  requestFrame();
}

/** True while a Pause holds the charts, and until the stop's frame is painted: work that
 *  only feeds them can wait. */
export function chartsHeld(): boolean {
  return held || performance.now() < heldUntil;
}

/** The next frame draws no chart: what the page just changed (the Play button and the step
 *  a run stopped at) is painted at once, not after a chart's 20-50 ms update; the charts
 *  follow in the frame after. Ends a hold of holdChartsUntilStopped. */
export function holdChartsForAFrame(): void {
  held = true;
  heldUntil = 0;
  requestFrame();
}

function drawFrame(): void {
  frameRequested = false;
  if (held || performance.now() < heldUntil) {
    held = false;
    requestFrame();
    return;
  }
  const budget = new FrameBudget(() => performance.now());
  let drawn = 0;
  let waiting = false;
  for (const chart of [...dirty]) {
    if (!isOnScreen(chart.canvas)) continue; // stays dirty: the observer asks when it shows
    // A chart that would not fit waits, first in line for the next frame (the set keeps
    // it ahead of the charts updated now); a smaller one after it may still fit.
    const marks = markers(chart);
    if (drawn > 0 && !budget.fits(expectedCost(lastUpdateMs.get(chart) ?? 0, marks))) {
      waiting = true;
      continue;
    }
    update(chart);
    budget.drew(marks);
    drawn++;
  }
  for (const [element, draw] of [...drawings]) {
    if (!isOnScreen(element)) continue; // kept: the observer asks when it shows
    if (drawn > 0 && budget.spent()) {
      waiting = true;
      break;
    }
    drawings.delete(element);
    draw();
    drawn++;
  }
  if (drawn > 0 && !firstChartMarked) {
    firstChartMarked = true;
    performance.mark('clslab:first-chart');
  }
  if (waiting) requestFrame();
}

/** Names `chart`'s datasets in the current language: dataset i is message `labels[i]`. */
export function wordDatasets(chart: Chart, labels: readonly PlainMessageId[]): void {
  chart.data.datasets.forEach((dataset, i) => {
    const id = labels[i];
    if (id !== undefined) dataset.label = t(id);
  });
}

/** Redraws `chart` in a coming animation frame, once however many snapshots arrived. */
export function scheduleUpdate(chart: Chart): void {
  observer?.observe(chart.canvas);
  dirty.add(chart);
  if (isOnScreen(chart.canvas)) requestFrame();
}

/** Draws a view that is not a chart (`draw` fills `element`) in a coming animation frame,
 *  within the charts' budget, and not while `element` is off screen; a later drawing for
 *  the same element replaces one still waiting (it draws from newer data). */
export function scheduleDraw(element: Element, draw: () => void): void {
  observer?.observe(element);
  drawings.set(element, draw);
  if (isOnScreen(element)) requestFrame();
}

/** Updates `chart` now if it waits for an update (a reader needs its drawn state). */
export function updateNow(chart: Chart): void {
  if (dirty.has(chart)) update(chart);
}

/** How many times `chart` was updated (the test hook reads it). */
export function updateCount(chart: Chart): number {
  return updates.get(chart) ?? 0;
}

export { Chart };
