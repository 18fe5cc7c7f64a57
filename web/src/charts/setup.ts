// Chart.js setup shared by every chart: registers only the pieces the app uses (so the
// bundle tree-shakes the rest), the colour-blind-safe palette, theme colours read from
// the CSS, and the per-frame coalescing of updates.
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
);

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
export const theme = { text: LIGHT.text };

/** Colours the dark theme swapped in (lower-case #rrggbb), mapped back to light ones. */
const darkSwaps = new Map<string, string>();

/** Follows the page's light/dark theme (the CSS variables in styles.css). */
export function applyTheme(): void {
  const css = getComputedStyle(document.documentElement);
  theme.text = css.getPropertyValue('--text').trim() || theme.text;
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

const dirty = new Set<Chart>();
let frameRequested = false;
let firstChartMarked = false; // the page benchmark reads the mark (BENCHMARKS.md)

/** Redraws `chart` at the next animation frame, once however many snapshots arrived. */
export function scheduleUpdate(chart: Chart): void {
  dirty.add(chart);
  if (frameRequested) return;
  frameRequested = true;
  requestAnimationFrame(() => {
    frameRequested = false;
    for (const each of dirty) each.update('none');
    if (!firstChartMarked) {
      firstChartMarked = true;
      performance.mark('clslab:first-chart');
    }
    dirty.clear();
  });
}

export { Chart };
