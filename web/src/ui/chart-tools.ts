// Under each chart: a toggle that shows the chart's data as an HTML table (the accessible
// fallback for the canvas), and downloads of the chart as a figure (figure.ts) and its data
// as CSV; the same two files go into "Download all". The table is built from text nodes and
// refreshed at most twice a second while visible.
import type { ChartTable, ChartView } from '../charts/snapshot.ts';
import { CSV_TYPE, downloadBlob, downloadText, toCsv, type ExportFile } from './download.ts';
import { element } from './dom.ts';
import { figurePng } from './figure.ts';
import { chartFile, type ChartId } from './panels.ts';
import { captionLine, type RunFactsSource } from './run-facts.ts';

const REFRESH_MILLISECONDS = 500;

export function formatCell(value: string | number): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return 'n/a';
  if (Number.isInteger(value) && Math.abs(value) < 1e9) return String(value);
  const magnitude = Math.abs(value);
  return magnitude >= 1e4 || magnitude < 1e-3 ? value.toExponential(3) : value.toPrecision(4);
}

/** A caption, header row and body from `table`; every cell is text. */
export function buildTable(caption: string, table: ChartTable): HTMLTableElement {
  const head = element('thead', {}, [
    element(
      'tr',
      {},
      table.columns.map((column) => element('th', { text: column, attributes: { scope: 'col' } })),
    ),
  ]);
  const body = element(
    'tbody',
    {},
    table.rows.map((row) =>
      element(
        'tr',
        {},
        row.map((value) =>
          element('td', {
            text: formatCell(value),
            className: typeof value === 'number' ? 'number' : undefined,
          }),
        ),
      ),
    ),
  );
  const captionText = table.note === '' ? caption : `${caption}. ${table.note}`;
  return element('table', { className: 'data-table' }, [
    element('caption', { text: captionText }),
    head,
    body,
  ]);
}

export class ChartTools {
  private readonly region: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private readonly tools: HTMLElement;
  /** The chart's id in the registry (panels.ts): its files are named after it. */
  private readonly id: ChartId;
  /** The panel's line of key numbers (its readout, as the page shows it); null: none. */
  private readonly readout: HTMLElement | null;
  private lastRefresh = Number.NEGATIVE_INFINITY;
  private refreshTimer: ReturnType<typeof setTimeout> | null = null;

  /** `name` is the chart's id in the registry (`uShape`); `title` heads its figure and
   *  table; `facts` give the figure's caption. */
  constructor(
    private readonly view: ChartView,
    name: ChartId,
    private readonly title: string,
    box: HTMLElement,
    private readonly facts: RunFactsSource,
  ) {
    this.id = name;
    this.readout = box.closest('.chart-card')?.querySelector<HTMLElement>('.readout-line') ?? null;
    const regionId = `table-${name}`;
    this.region = element('div', {
      className: 'chart-table',
      attributes: { id: regionId, role: 'region', 'aria-label': `${title}: data table` },
    });
    this.region.hidden = true;
    this.toggle = element('button', {
      text: 'Table',
      attributes: {
        type: 'button',
        'aria-expanded': 'false',
        'aria-controls': regionId,
        'aria-label': `Show the data of “${title}” as a table`,
        'data-action': 'table',
      },
    });
    const png = element('button', {
      text: 'PNG',
      attributes: {
        type: 'button',
        'aria-label': `Download “${title}” as a PNG image`,
        'data-action': 'png',
      },
    });
    const csv = element('button', {
      text: 'CSV',
      attributes: {
        type: 'button',
        'aria-label': `Download the data of “${title}” as CSV`,
        'data-action': 'csv',
      },
    });
    this.toggle.addEventListener('click', () => this.setOpen(this.region.hidden));
    png.addEventListener(
      'click',
      () => void this.figure().then((f) => downloadBlob(f.name, f.blob)),
    );
    csv.addEventListener('click', () => {
      const { name: file, data } = this.csv();
      downloadText(file, data, CSV_TYPE);
    });
    this.tools = element('div', { className: 'chart-tools', attributes: { 'data-chart': name } }, [
      this.toggle,
      png,
      csv,
    ]);
    box.after(this.tools, this.region);
  }

  setOpen(open: boolean): void {
    this.region.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggle.textContent = open ? 'Hide table' : 'Table';
    if (open) this.render();
  }

  /** The chart's data changed: refresh a visible table, coalesced. */
  changed(): void {
    if (this.region.hidden || this.refreshTimer !== null) return;
    const wait = Math.max(0, this.lastRefresh + REFRESH_MILLISECONDS - performance.now());
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      if (!this.region.hidden) this.render();
    }, wait);
  }

  private render(): void {
    this.lastRefresh = performance.now();
    const table = this.view.table();
    this.region.replaceChildren(
      table.rows.length === 0
        ? element('p', { className: 'small muted', text: 'No data yet.' })
        : buildTable(this.title, table),
    );
  }

  /** The figure and the data, for the zip. */
  async files(): Promise<ExportFile[]> {
    const { name, blob } = await this.figure();
    return [{ name, data: new Uint8Array(await blob.arrayBuffer()) }, this.csv()];
  }

  /** The figure as a PNG, its caption the panel's key numbers (the readout under the
   *  chart, from the metrics the page shows) and the run's facts, so a slide can use it as
   *  it is. The caption stays on the tools as data-caption (the figure's text is pixels, and
   *  the browser tests compare the line with the run), its layout as data-figure. */
  private async figure(): Promise<{ name: string; blob: Blob }> {
    this.view.settle(); // a chart off screen has not drawn its last snapshot (or readout) yet
    const numbers = this.readout?.textContent?.trim() ?? '';
    const facts = captionLine(this.facts());
    const caption = numbers === '' ? facts : `${numbers}. ${facts}`;
    this.tools.dataset['caption'] = caption;
    const { blob, layout } = await figurePng(this.view.chart, this.title, caption);
    // Where the figure put its legend and axis titles (the browser tests measure them).
    this.tools.dataset['figure'] = JSON.stringify(layout);
    return { name: chartFile(this.id, 'png'), blob };
  }

  private csv(): ExportFile & { data: string } {
    const table = this.view.table();
    return { name: chartFile(this.id, 'csv'), data: toCsv(table.keys, table.rows) };
  }
}
