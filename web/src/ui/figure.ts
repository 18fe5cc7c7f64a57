// A chart as a figure for a slide: a light copy of the chart drawn off-screen at 2x device
// pixels (the page keeps its theme), its title above and a caption line below (dataset,
// recipe, step, checksum: run-facts.ts), as a PNG. Sizes are in CSS px unless they say
// device px; the figure is FIGURE_SCALE device px per CSS px whatever the screen's ratio.
// The figure has a slide's size whatever the chart's on the page (a phone's or a
// two-column layout's 475 px chart gave Result 2's seven-item legend 40% of the image and
// cut its y-axis title): FIGURE_WIDTH wide, its chart at least FIGURE_CHART_HEIGHT high and
// taller when the legend would take more than a fifth of the image or an axis title would
// not fit beside its axis. The layout it drew is returned (tests measure it).
import type { Chart, ChartConfiguration, ChartDataset, Scale } from 'chart.js';
import { toFont } from 'chart.js/helpers';
import { Chart as ChartClass, LIGHT, lightColor, logGridColor } from '../charts/setup.ts';

export const FIGURE_SCALE = 2;
/** The figure's width and its chart's least height, CSS px: 16:9 with title and caption. */
export const FIGURE_WIDTH = 800;
const FIGURE_CHART_HEIGHT = 420;
/** The legend's largest share of the image's height. */
export const LEGEND_SHARE = 0.2;
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
  plugins['legend'] = {
    ...legend,
    labels: {
      ...(legend['labels'] as object),
      color: LIGHT.text,
      // A series with no point yet (p_local before its solve) has nothing to name.
      filter: (item: { datasetIndex?: number }, data: { datasets: Array<{ data: unknown[] }> }) =>
        (data.datasets[item.datasetIndex ?? -1]?.data.length ?? 0) > 0,
    },
  };
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

/** Where the figure put its legend and its axis titles, CSS px of the image (y from its
 *  top): each title's extent along its axis, and the room it has there (the chart's box
 *  below the legend, beside the axis). */
export interface FigureLayout {
  width: number;
  height: number;
  legend: { top: number; bottom: number };
  titles: Array<{
    axis: string;
    text: string;
    start: number;
    end: number;
    min: number;
    max: number;
  }>;
}

/** The copy's legend box and its axis titles' extents, in the chart's CSS px. */
function chartLayout(copy: Chart, context: CanvasRenderingContext2D) {
  const legend = copy.legend;
  const shown = legend !== undefined && legend.options.display !== false && legend.height > 0;
  const legendBox = shown ? { top: legend.top, bottom: legend.bottom } : { top: 0, bottom: 0 };
  const titles = Object.values(copy.scales).flatMap((scale: Scale) => {
    // Cartesian scales (every chart's) have a title; the core options type does not say so.
    const title = (
      scale.options as { title?: { display?: boolean; text?: unknown; font?: object } }
    ).title;
    if (title?.display !== true || typeof title.text !== 'string' || title.text === '') return [];
    context.font = toFont(title.font as Parameters<typeof toFont>[0]).string;
    const length = context.measureText(title.text).width;
    const vertical = scale.position === 'left' || scale.position === 'right';
    const centre = vertical ? (scale.top + scale.bottom) / 2 : (scale.left + scale.right) / 2;
    return [
      {
        axis: scale.id,
        text: title.text,
        start: centre - length / 2,
        end: centre + length / 2,
        // Beside a vertical axis from under the legend to the chart's foot; along a
        // horizontal one, the chart's width.
        min: vertical ? legendBox.bottom : 0,
        max: vertical ? copy.height : copy.width,
        vertical,
      },
    ];
  });
  return { legend: legendBox, titles };
}

/** The figure: `chart` at a slide's size, times FIGURE_SCALE, on a light card. */
export async function figurePng(
  chart: Chart,
  title: string,
  caption: string,
): Promise<{ blob: Blob; layout: FigureLayout }> {
  const width = FIGURE_WIDTH;
  let height = FIGURE_CHART_HEIGHT;
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

  // Taller until the legend takes at most its share and every axis title fits its room
  // (the legend's height does not change with the chart's; an axis grows with it).
  let layout = chartLayout(copy, context);
  for (let tries = 0; tries < 8; tries++) {
    const image = titleHeight + height + captionHeight;
    const legend = layout.legend.bottom - layout.legend.top;
    let grow = Math.max(0, Math.ceil(legend / LEGEND_SHARE - image));
    for (const t of layout.titles)
      if (t.vertical && t.end - t.start > t.max - t.min)
        grow = Math.max(grow, Math.ceil(t.end - t.start - (t.max - t.min)) + 8);
    if (grow === 0) break;
    height += grow;
    copy.resize(width, height);
    layout = chartLayout(copy, context);
  }

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
  // In the image: the chart starts under the figure's title.
  const below = (y: number) => titleHeight + y;
  const figure: FigureLayout = {
    width,
    height: titleHeight + height + captionHeight,
    legend: { top: below(layout.legend.top), bottom: below(layout.legend.bottom) },
    titles: layout.titles.map(({ axis, text, start, end, min, max, vertical }) =>
      vertical
        ? { axis, text, start: below(start), end: below(end), min: below(min), max: below(max) }
        : { axis, text, start, end, min, max },
    ),
  };
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (png) => (png === null ? reject(new Error('PNG encoding failed')) : resolve(png)),
      'image/png',
    ),
  );
  return { blob, layout: figure };
}
