// Axis titles that fit their axis in every language. Chart.js draws a scale's title on one
// line and clips it at the canvas edge, so a long title ("p · E_s (puntuación de atención, en
// unidades de logit)" beside a 300 px tall Figure 1) lost its ends. Before each layout this
// plugin breaks every title wider than its axis into lines (Chart.js draws a string[] title
// as lines): between words where the language spaces them, between characters in Chinese.
// The title a view set (t('chart-axis-...'), again after a switch) stays the source: a
// wrapped title is re-wrapped from it, never from its own lines.
import type { Chart, FontSpec, Plugin } from 'chart.js';
import { toFont } from 'chart.js/helpers';

/** Room an axis leaves its title besides the plot: ticks and the other axis's title. */
const MARGIN_PX = 24;

/** Each scale's title as a view set it, by the title's options object. */
const sources = new WeakMap<object, { text: string; lines: string[] }>();

/** Pieces a line may break between: a Chinese (or other full-width) character alone, or a
 *  word with the spaces after it. */
const PIECES =
  /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]+\s*|\s+/g;

/** `text` in lines no wider than `width` as `measure` measures them (a piece wider than
 *  `width` alone gets a line of its own). */
export function wrapTitle(text: string, width: number, measure: (s: string) => number): string[] {
  if (measure(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  for (const piece of text.match(PIECES) ?? []) {
    const next = line + piece;
    if (line !== '' && measure(next.trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else line = next;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}

interface TitleOptions {
  display?: boolean;
  text?: string | string[];
}

/** The wrapped titles: set on the chart's own options (chart.config.options, which the views
 *  word too) before the update resolves them for the layout. */
export const axisTitles: Plugin = {
  id: 'clslabAxisTitles',
  beforeUpdate(chart: Chart): void {
    const scales = (chart.config.options?.scales ?? {}) as Record<string, { title?: TitleOptions }>;
    const resolved = (chart.options.scales ?? {}) as Record<string, { title?: { font?: unknown } }>;
    for (const [id, scale] of Object.entries(scales)) {
      const title = scale?.title;
      if (title === undefined || title.display === false || title.text === undefined) continue;
      const known = sources.get(title);
      // A string, or lines other than the last wrap's, is a title the view set anew.
      const text =
        typeof title.text === 'string'
          ? title.text
          : known !== undefined && title.text === known.lines
            ? known.text
            : title.text.join(' ');
      const vertical = id.startsWith('y');
      // The plot's side the title is centred on (the last layout's), else the canvas's less
      // the room the other axis takes: a title no longer than it stays clear of the legend.
      const area = chart.chartArea as { width: number; height: number } | undefined;
      const side =
        area !== undefined && area.width > 0
          ? vertical
            ? area.height
            : area.width
          : (vertical ? chart.height : chart.width) - MARGIN_PX * 2;
      const room = Math.max(side, 60);
      const font = toFont((resolved[id]?.title?.font ?? {}) as Partial<FontSpec>);
      const ctx = chart.ctx;
      ctx.save();
      ctx.font = font.string;
      const lines = wrapTitle(text, room, (s) => ctx.measureText(s).width);
      ctx.restore();
      if (lines.length === 1) {
        sources.delete(title);
        title.text = text;
      } else {
        sources.set(title, { text, lines });
        title.text = lines;
      }
    }
  },
};
