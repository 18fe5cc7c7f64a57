// Under each chart: a toggle that shows the chart's data as an HTML table (the accessible
// fallback for the canvas), and downloads of the chart as a figure (figure.ts) and its data
// as CSV; the same two files go into "Download all". The table is built from text nodes and
// refreshed at most twice a second while visible.
import type { ChartTable, ChartView } from '../charts/snapshot.ts';
import { CSV_TYPE, downloadBlob, downloadText, toCsv, type ExportFile } from './download.ts';
import { element } from './dom.ts';
import { localDecimal, notAvailable } from '../format.ts';
import { figurePng } from './figure.ts';
import { onLocaleChange, t, type PlainMessageId } from '../localized.ts';
import { chartFile, type ChartId } from './panels.ts';
import { captionLine, type RunFactsSource } from './run-facts.ts';

const REFRESH_MILLISECONDS = 500;

/** A table cell: 4 significant digits with the locale's decimal mark, and what a value
 *  that does not apply reads in the current language (the catalog's not-available). */
export function formatCell(value: string | number): string {
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return notAvailable();
  if (Number.isInteger(value) && Math.abs(value) < 1e9) return String(value);
  const magnitude = Math.abs(value);
  return localDecimal(
    magnitude >= 1e4 || magnitude < 1e-3 ? value.toExponential(3) : value.toPrecision(4),
  );
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
  const captionText =
    table.note === '' ? caption : t('chart-table-caption', { title: caption, note: table.note });
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

  private readonly png: HTMLButtonElement;
  private readonly csvButton: HTMLButtonElement;

  /** `name` is the chart's id in the registry (`uShape`); `titleId` the message that heads
   *  its figure and table; `facts` give the figure's caption. */
  constructor(
    private readonly view: ChartView,
    name: ChartId,
    private readonly titleId: PlainMessageId,
    box: HTMLElement,
    private readonly facts: RunFactsSource,
  ) {
    this.id = name;
    this.readout = box.closest('.chart-card')?.querySelector<HTMLElement>('.readout-line') ?? null;
    const regionId = `table-${name}`;
    this.region = element('div', {
      className: 'chart-table',
      attributes: { id: regionId, role: 'region' },
    });
    this.region.hidden = true;
    this.toggle = element('button', {
      attributes: {
        type: 'button',
        'aria-expanded': 'false',
        'aria-controls': regionId,
        'data-action': 'table',
      },
    });
    const png = element('button', { attributes: { type: 'button', 'data-action': 'png' } });
    const csv = element('button', { attributes: { type: 'button', 'data-action': 'csv' } });
    this.png = png;
    this.csvButton = csv;
    this.word();
    onLocaleChange(() => {
      this.word();
      if (!this.region.hidden) this.render();
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

  /** The chart's title in the current language. */
  private get title(): string {
    return t(this.titleId);
  }

  /** The tools' words in the current language. */
  private word(): void {
    const title = this.title;
    this.region.setAttribute('aria-label', t('chart-tools-region', { title }));
    this.toggle.textContent = this.region.hidden
      ? t('chart-tools-table')
      : t('chart-tools-hide-table');
    this.toggle.setAttribute('aria-label', t('chart-tools-table-aria', { title }));
    this.png.textContent = t('chart-tools-png');
    this.png.setAttribute('aria-label', t('chart-tools-png-aria', { title }));
    this.csvButton.textContent = t('chart-tools-csv');
    this.csvButton.setAttribute('aria-label', t('chart-tools-csv-aria', { title }));
  }

  setOpen(open: boolean): void {
    this.region.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggle.textContent = open ? t('chart-tools-hide-table') : t('chart-tools-table');
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
        ? element('p', { className: 'small muted', text: t('chart-tools-no-data') })
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
