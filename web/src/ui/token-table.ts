// The token table: token, count, alpha, Delta, v.E and p.E for the whole vocabulary,
// sortable by each column and searchable. Choosing a token rings it in the scatter charts
// and filters the review list (the caller decides). Rows are text nodes, rebuilt at most
// twice a second while the weights change; keyboard focus survives a rebuild.
import type { TokenColumns, TokenStatistics } from '../protocol.ts';
import { TOKEN_COLUMNS } from '../csv-names.ts';
import { CSV_TYPE, downloadText, toCsv, type ExportFile } from './download.ts';
import { byId, element } from './dom.ts';
import { formatCell } from './chart-tools.ts';
import { scheduleDraw } from '../charts/setup.ts';
import { onLocaleChange, t } from '../localized.ts';

/** Rows shown at once; the search narrows the rest. The CSV holds every token. */
const ROWS_SHOWN = 100;
const REFRESH_MILLISECONDS = 500;

type Column = 'token' | 'count' | 'alpha' | 'delta' | 'value' | 'attention';
/** Each column's heading: words from the catalog, or the paper's notation as written. */
const COLUMNS: Array<{ key: Column; label: () => string }> = [
  { key: 'token', label: () => t('token-column-token') },
  { key: 'count', label: () => t('token-column-count') },
  { key: 'alpha', label: () => 'α_s' },
  { key: 'delta', label: () => 'Δ_s' },
  { key: 'value', label: () => 'v·E_s' },
  { key: 'attention', label: () => 'p·E_s' },
];

export class TokenTable {
  private readonly search = byId<HTMLInputElement>('token-search');
  private readonly body = byId<HTMLTableSectionElement>('token-rows');
  private readonly status = byId('token-status');
  private readonly headers = new Map<Column, HTMLTableCellElement>();
  private statistics: TokenStatistics | null = null;
  private columns: TokenColumns | null = null;
  private sortKey: Column = 'count';
  private descending = true;
  private chosen: number | null = null;
  private lastRender = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private newData: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly onChoose: (row: number | null, token: string) => void) {
    const headRow = byId<HTMLTableRowElement>('token-head');
    const words: Array<() => void> = [];
    headRow.replaceChildren(
      ...COLUMNS.map(({ key, label }) => {
        const button = element('button', { attributes: { type: 'button' } });
        const word = () => {
          button.textContent = label();
          button.setAttribute('aria-label', t('token-sort', { column: label() }));
        };
        word();
        words.push(word);
        button.addEventListener('click', () => this.sortBy(key));
        const th = element('th', { attributes: { scope: 'col' } }, [button]);
        this.headers.set(key, th);
        return th;
      }),
    );
    onLocaleChange(() => {
      for (const word of words) word();
      this.render();
    });
    let debounce: ReturnType<typeof setTimeout> | undefined;
    this.search.addEventListener('input', () => {
      clearTimeout(debounce);
      debounce = setTimeout(() => this.render(), 150);
    });
    byId('token-csv').addEventListener('click', () => {
      for (const { name, data } of this.files()) downloadText(name, data, CSV_TYPE);
    });
    this.markSort();
  }

  setStatistics(statistics: TokenStatistics): void {
    this.statistics = statistics;
    this.columns = null;
    this.chosen = null;
    // In a task of its own: the message that brings a new dataset's statistics sets up every
    // view, and at 20,000 tokens this sort and these rows were 33 ms of a 64 ms task.
    clearTimeout(this.newData ?? undefined);
    this.newData = setTimeout(() => {
      this.newData = null;
      this.render();
    }, 0);
  }

  setColumns(columns: TokenColumns): void {
    this.columns = columns;
    this.schedule();
  }

  /** Marks `row` as chosen (from here or from elsewhere, e.g. a test or the tour). */
  choose(row: number | null): void {
    this.chosen = row;
    this.render();
  }

  private sortBy(key: Column): void {
    this.descending = this.sortKey === key ? !this.descending : key !== 'token';
    this.sortKey = key;
    this.markSort();
    this.render();
  }

  private markSort(): void {
    for (const [key, th] of this.headers) {
      if (key === this.sortKey)
        th.setAttribute('aria-sort', this.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    }
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const wait = Math.max(0, this.lastRender + REFRESH_MILLISECONDS - performance.now());
    // New columns while playing: the table is drawn again only while it is on screen (or
    // once it shows), in the charts' frame budget; its 100 rows' layout took 30-40 ms.
    this.timer = setTimeout(() => {
      this.timer = null;
      scheduleDraw(this.body, () => this.render());
    }, wait);
  }

  private cell(row: number, key: Column): string | number {
    const s = this.statistics;
    if (s === null) return '';
    switch (key) {
      case 'token':
        return s.tokens[row] ?? '';
      case 'count':
        return s.count[row] ?? NaN;
      case 'alpha':
        return s.alpha[row] ?? NaN;
      case 'delta':
        return s.delta[row] ?? NaN;
      case 'value':
        return this.columns?.value[row] ?? NaN;
      case 'attention':
        return this.columns?.attention[row] ?? NaN;
    }
  }

  /** Rows passing the search, sorted; non-finite numbers sort last either way. */
  private rows(): number[] {
    const s = this.statistics;
    if (s === null) return [];
    const query = this.search.value.trim().toLowerCase();
    const rows: number[] = [];
    s.tokens.forEach((token, row) => {
      if (query === '' || token.toLowerCase().includes(query)) rows.push(row);
    });
    const sign = this.descending ? -1 : 1;
    const key = this.sortKey;
    if (key === 'token') {
      rows.sort(
        (a, b) => sign * String(this.cell(a, key)).localeCompare(String(this.cell(b, key))),
      );
      return rows;
    }
    // The key of every row read once into a typed array: the comparator ran cell() twice
    // per comparison, 10-20 ms per refresh at 20,000 tokens on the page's main thread.
    const values = new Float64Array(s.tokens.length);
    for (const row of rows) values[row] = this.cell(row, key) as number;
    rows.sort((a, b) => {
      const x = values[a] ?? NaN;
      const y = values[b] ?? NaN;
      const finite = Number.isFinite(x);
      if (!finite || !Number.isFinite(y)) return finite ? -1 : Number.isFinite(y) ? 1 : a - b;
      return sign * (x - y) || a - b;
    });
    return rows;
  }

  private render(): void {
    this.lastRender = performance.now();
    const focusedRow = (document.activeElement as HTMLElement | null)?.dataset?.['row'];
    const all = this.rows();
    const shown = all.slice(0, ROWS_SHOWN);
    this.body.replaceChildren(...shown.map((row) => this.rowElement(row)));
    const counts = { shown: shown.length, tokens: all.length };
    this.status.textContent =
      this.statistics === null
        ? t('token-status-none')
        : all.length < this.statistics.tokens.length
          ? t('token-status-search', counts)
          : t('token-status', counts);
    if (focusedRow !== undefined)
      this.body.querySelector<HTMLElement>(`button[data-row="${Number(focusedRow)}"]`)?.focus();
  }

  private rowElement(row: number): HTMLTableRowElement {
    const token = String(this.cell(row, 'token'));
    const chosen = row === this.chosen;
    const button = element('button', {
      className: 'token-button',
      text: token,
      attributes: {
        type: 'button',
        translate: 'no', // a token is data
        'data-row': row,
        'aria-pressed': String(chosen),
        title: chosen ? t('token-chosen-title') : t('token-choose-title'),
      },
    });
    button.addEventListener('click', () => {
      this.chosen = chosen ? null : row;
      this.render();
      this.onChoose(this.chosen, this.chosen === null ? '' : token);
    });
    const cells = COLUMNS.slice(1).map(({ key }) =>
      element('td', { className: 'number', text: formatCell(this.cell(row, key)) }),
    );
    return element('tr', { className: chosen ? 'chosen' : undefined }, [
      element('th', { attributes: { scope: 'row' } }, [button]),
      ...cells,
    ]);
  }

  /** Every token's row as CSV (none before a dataset loaded). */
  files(): Array<ExportFile & { data: string }> {
    const s = this.statistics;
    if (s === null) return [];
    const rows = s.tokens.map((_, row) => COLUMNS.map(({ key }) => this.cell(row, key)));
    const header = COLUMNS.map(({ key }) => TOKEN_COLUMNS[key]);
    return [{ name: 'clslab-tokens.csv', data: toCsv(header, rows) }];
  }
}
