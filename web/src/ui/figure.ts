// A chart as a figure for a slide: a light copy of the chart drawn off-screen at 2x device
// pixels (the page keeps its theme), its title above and a caption line below (dataset,
// recipe, step, checksum: run-facts.ts), as a PNG. Sizes are in CSS px unless they say
// device px; the figure is FIGURE_SCALE device px per CSS px whatever the screen's ratio.
import type { Chart, ChartConfiguration, ChartDataset } from 'chart.js';
import { Chart as ChartClass, LIGHT, lightColor, logGridColor } from '../charts/setup.ts';

export const FIGURE_SCALE = 2;
const TITLE_LINE_HEIGHT = 20;
const TITLE_PADDING = 6;
const CAPTION_LINE_HEIGHT = 15;
const CAPTION_PADDING = 6;
const MARGIN = 8;

type Options = NonNullable<ChartConfiguration['options']>;

/** A copy of plain objects and arrays; functions (tick callbacks) and values are shared. */
function copyPlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => copyPlain(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(
    Object.entries(value as object).map(([key, item]) => [key, copyPlain(item)]),
  ) as T;
}

/** The chart's options with light-theme text and grid colours, drawn once at FIGURE_SCALE. */
function lightOptions(chart: Chart): Options {
  const options = copyPlain(chart.config.options ?? {}) as Options & Record<string, unknown>;
  for (const scale of Object.values(options.scales ?? {})) {
    if (scale === undefined) continue;
    const axis = scale as Record<string, Record<string, unknown> | undefined>;
    axis['ticks'] = { ...axis['ticks'], color: LIGHT.muted };
    axis['title'] = { ...axis['title'], color: LIGHT.text };
    // A log axis's grid is scriptable (faint minor lines): the same, in light colours.
    const scripted = typeof axis['grid']?.['color'] === 'function';
    axis['grid'] = { ...axis['grid'], color: scripted ? logGridColor(LIGHT.grid) : LIGHT.grid };
    axis['border'] = { ...axis['border'], color: LIGHT.grid };
  }
  const plugins = (options.plugins ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const legend = plugins['legend'] ?? {};
  plugins['legend'] = { ...legend, labels: { ...(legend['labels'] as object), color: LIGHT.text } };
  // The coverage line under the title: its colour is resolved from the page's theme.
  if (plugins['subtitle'] !== undefined)
    plugins['subtitle'] = { ...plugins['subtitle'], color: LIGHT.muted };
  plugins['tooltip'] = { enabled: false };
  return {
    ...options,
    plugins,
    color: LIGHT.muted,
    borderColor: LIGHT.grid,
    responsive: false,
    devicePixelRatio: FIGURE_SCALE,
    animation: false,
    events: [],
  } as Options;
}

/** The datasets with their full data (Chart.js keeps a decimated series' points in
 *  `_data`), their colours in the light theme, and the page's legend toggles. */
function lightDatasets(chart: Chart): ChartDataset[] {
  return chart.data.datasets.map((dataset, index) => {
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(dataset)) {
      if (key.startsWith('_')) continue; // Chart.js's bookkeeping
      copy[key] = typeof value === 'string' && /color$/i.test(key) ? lightColor(value) : value;
    }
    const full = (dataset as { _data?: unknown[] })._data ?? dataset.data;
    copy['data'] = [...full];
    copy['hidden'] = !chart.isDatasetVisible(index);
    return copy as unknown as ChartDataset;
  });
}

/** Greedy word wrap of `text` into lines no wider than `width` (device px). */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The figure: `chart` at its on-page CSS size, times FIGURE_SCALE, on a light card. */
export async function figurePng(chart: Chart, title: string, caption: string): Promise<Blob> {
  const width = Math.max(1, Math.round(chart.width));
  const height = Math.max(1, Math.round(chart.height));
  const offscreen = document.createElement('canvas');
  offscreen.width = width; // CSS px: Chart.js multiplies by devicePixelRatio
  offscreen.height = height;
  const copy = new ChartClass(offscreen, {
    type: (chart.config as ChartConfiguration).type,
    data: { datasets: lightDatasets(chart) },
    options: lightOptions(chart),
  });

  const s = FIGURE_SCALE;
  const font = getComputedStyle(document.documentElement).getPropertyValue('--font').trim();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (context === null) {
    copy.destroy();
    throw new Error('This browser cannot draw the chart image.');
  }
  const titleFont = `600 ${15 * s}px ${font || 'sans-serif'}`;
  const captionFont = `400 ${11 * s}px ${font || 'sans-serif'}`;
  context.font = titleFont;
  const titleLines = wrap(context, title, (width - 2 * MARGIN) * s);
  const titleHeight = titleLines.length * TITLE_LINE_HEIGHT + 2 * TITLE_PADDING;
  context.font = captionFont;
  const lines = wrap(context, caption, (width - 2 * MARGIN) * s);
  const captionHeight = lines.length * CAPTION_LINE_HEIGHT + 2 * CAPTION_PADDING;
  canvas.width = width * s;
  canvas.height = (titleHeight + height + captionHeight) * s;

  context.fillStyle = LIGHT.card;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.textBaseline = 'top';
  context.fillStyle = LIGHT.text;
  context.font = titleFont;
  titleLines.forEach((line, i) => {
    context.fillText(line, MARGIN * s, (TITLE_PADDING + i * TITLE_LINE_HEIGHT) * s);
  });
  context.drawImage(copy.canvas, 0, titleHeight * s);
  copy.destroy();
  context.fillStyle = LIGHT.muted;
  context.font = captionFont;
  lines.forEach((line, i) => {
    const y = titleHeight + height + CAPTION_PADDING + i * CAPTION_LINE_HEIGHT;
    context.fillText(line, MARGIN * s, y * s);
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('PNG encoding failed')) : resolve(blob)),
      'image/png',
    ),
  );
}
