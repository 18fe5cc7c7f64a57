// The preview dialog: what a file, folder, URL or preset would load as (format, columns,
// label mapping, first rows, balance, dropped rows), with the choices that change it and
// the "decode as Latin-1" offer for non-UTF-8 bytes. Nothing loads until Confirm.
// Every word is the catalog's: the dialog's own (preview-*), and core's data findings for
// the encoding, the label mapping, the dropped rows and the warnings; file and column names
// and the rows' texts are data (translate="no").
import type { DatasetPreview, ParseChoice, TextFormatName } from 'clslab-wasm';
import { t } from '../localized.ts';
import { say } from '../words.ts';
import { element } from './dom.ts';

export interface PreviewActions {
  change: (change: Partial<ParseChoice>) => void;
  confirm: () => void;
  discard: () => void;
}

/** A column select lists at most this many columns; a search box finds the others. */
const LISTED_COLUMNS = 200;

export class PreviewDialog {
  private readonly dialog = element('dialog', {
    className: 'dataset-preview',
    attributes: { id: 'dataset-preview', 'aria-labelledby': 'preview-title' },
  });

  /** `formats`: core's text formats, 'auto' first (the store's, from the module). */
  constructor(
    private readonly actions: PreviewActions,
    private readonly formats: () => readonly TextFormatName[],
  ) {
    document.body.append(this.dialog);
    this.dialog.addEventListener('cancel', () => this.actions.discard());
  }

  get isOpen(): boolean {
    return this.dialog.open;
  }

  show(p: DatasetPreview, choice: ParseChoice): void {
    const title = element('h2', {
      text: t('preview-title', { name: p.sourceName }),
      attributes: { id: 'preview-title' },
    });
    const body = p.ok ? this.parsed(p, choice) : this.refused(p);
    const confirm = element('button', {
      className: 'primary',
      text: t('preview-confirm'),
      attributes: { id: 'preview-confirm', type: 'button', disabled: !p.ok },
    });
    confirm.addEventListener('click', () => {
      this.close();
      this.actions.confirm();
    });
    const cancel = element('button', {
      text: t('cancel'),
      attributes: { id: 'preview-cancel', type: 'button' },
    });
    cancel.addEventListener('click', () => {
      this.close();
      this.actions.discard();
    });
    const buttons = element('div', { className: 'buttons' }, [confirm, cancel]);
    this.dialog.replaceChildren(title, ...body, buttons);
    if (!this.dialog.open) this.dialog.showModal();
  }

  close(): void {
    if (this.dialog.open) this.dialog.close();
  }

  private refused(p: DatasetPreview): Node[] {
    const nodes: Node[] = [
      element('p', {
        className: 'preview-error',
        text: p.message,
        attributes: { id: 'preview-error', role: 'alert' },
      }),
    ];
    if (p.notUtf8) {
      const latin1 = element('button', {
        text: t('preview-latin1'),
        attributes: { id: 'preview-latin1', type: 'button' },
      });
      latin1.addEventListener('click', () => this.actions.change({ latin1: true }));
      nodes.push(
        element('p', {
          className: 'small',
          text: t('preview-latin1-note'),
        }),
        latin1,
      );
    }
    return nodes;
  }

  private parsed(p: DatasetPreview, choice: ParseChoice): Node[] {
    const format = this.select(
      'preview-format',
      t('preview-format'),
      this.formats().map((f) => [f, f === 'auto' ? t('preview-detect', { found: p.format }) : f]),
      choice.format,
    );
    format.control.addEventListener('change', () =>
      // A new format has new columns: detection starts over.
      this.actions.change({
        format: format.control.value as TextFormatName,
        textColumn: '',
        labelColumn: '',
      }),
    );
    const text = this.columnSelect(
      'preview-text-column',
      t('preview-text-column'),
      'text',
      p.columns,
      p.textColumn,
      choice.textColumn,
    );
    text.control.addEventListener('change', () =>
      this.actions.change({ textColumn: text.control.value }),
    );
    const label = this.columnSelect(
      'preview-label-column',
      t('preview-label-column'),
      'label',
      p.columns,
      p.labelColumn,
      choice.labelColumn,
    );
    label.control.addEventListener('change', () =>
      this.actions.change({ labelColumn: label.control.value }),
    );
    const stars = element('input', {
      attributes: {
        id: 'preview-stars',
        type: 'number',
        min: 1,
        max: 5,
        step: 0.5,
        value: choice.starThreshold,
      },
    });
    stars.addEventListener('change', () => {
      const value = Number(stars.value);
      if (Number.isFinite(value) && value >= 1 && value <= 5)
        this.actions.change({ starThreshold: value });
    });
    const starsField = element(
      'label',
      {
        className: 'preview-field',
        attributes: {
          title: t('preview-stars-title'),
        },
      },
      [element('span', { text: t('preview-stars') }), stars],
    );
    const controls = element('div', { className: 'preview-controls' }, [
      format.field,
      ...(p.columns.length > 0 ? [text.field, label.field] : []),
      starsField,
    ]);
    const balance = t('preview-balance', {
      rows: p.parsedRows,
      positive: p.positive,
      negative: p.negative,
    });
    const facts = element(
      'ul',
      { className: 'small preview-facts', attributes: { id: 'preview-facts' } },
      [
        element('li', {
          text: t('preview-format-fact', { format: p.format, encoding: say(p.encoding) }),
        }),
        element('li', {
          text: t('preview-columns-fact', {
            text: p.textColumn || 'text',
            label: p.labelColumn || 'label',
            mapping: say(p.labelMapping),
          }),
        }),
        element('li', { text: balance, attributes: { id: 'preview-balance' } }),
        ...(p.dropped > 0
          ? [
              element('li', {
                text: t('preview-dropped', {
                  rows: p.dropped,
                  reasons: p.dropReasons.map(say).join(t('preview-reason-separator')),
                }),
              }),
            ]
          : []),
      ],
    );
    const warnings = p.warnings.map((w) =>
      element('p', {
        className: 'preview-warning',
        text: say(w),
        attributes: { role: 'status', 'data-code': w.code },
      }),
    );
    const rows = p.rows.map((row) =>
      element('tr', {}, [
        element('td', { text: row.label > 0 ? t('label-positive') : t('label-negative') }),
        element('td', { text: row.text, attributes: { translate: 'no' } }),
      ]),
    );
    const table = element(
      'table',
      { className: 'preview-rows', attributes: { id: 'preview-rows' } },
      [
        element('caption', {
          className: 'small muted',
          text: t('preview-rows-caption', { rows: p.rows.length }),
        }),
        element('thead', {}, [
          element('tr', {}, [
            element('th', { text: t('preview-column-label') }),
            element('th', { text: t('preview-column-text') }),
          ]),
        ]),
        element('tbody', {}, rows),
      ],
    );
    return [controls, facts, ...warnings, table];
  }

  /** A column choice. A file may have any number of columns (100,000 made two selects of
   *  100,001 options and froze the page for seconds): past LISTED_COLUMNS the select lists
   *  the first ones (and the chosen one), and a search box lists the matches instead. */
  private columnSelect(
    id: string,
    labelText: string,
    which: 'text' | 'label',
    columns: string[],
    detected: string,
    value: string,
  ) {
    const listed = (names: string[]): Array<[string, string]> => {
      const shown = names.slice(0, LISTED_COLUMNS);
      if (value !== '' && !shown.includes(value)) shown.unshift(value);
      return [
        ['', t('preview-detect', { found: detected })],
        ...shown.map((c): [string, string] => [c, c]),
      ];
    };
    const picker = this.select(id, labelText, listed(columns), value);
    if (columns.length <= LISTED_COLUMNS) return picker;
    const first = () =>
      t('preview-columns-first', { listed: LISTED_COLUMNS, columns: columns.length });
    const note = element('span', {
      className: 'small muted',
      text: first(),
      attributes: { id: `${id}-note` },
    });
    const search = element('input', {
      attributes: {
        id: `${id}-search`,
        type: 'search',
        placeholder: t('preview-columns-search', { columns: columns.length }),
        'aria-label':
          which === 'text' ? t('preview-columns-search-text') : t('preview-columns-search-label'),
      },
    });
    search.addEventListener('input', () => {
      const query = search.value.trim().toLowerCase();
      const matches =
        query === '' ? columns : columns.filter((c) => c.toLowerCase().includes(query));
      const options = listed(matches);
      picker.control.replaceChildren(...options.map(([v, text]) => PreviewDialog.option(v, text)));
      picker.control.value = value;
      note.textContent =
        query === ''
          ? first()
          : t('preview-columns-matching', {
              shown: Math.min(matches.length, LISTED_COLUMNS),
              matched: matches.length,
              query: search.value.trim(),
            });
    });
    picker.field.append(search, note);
    return picker;
  }

  /** An option: '' and 'auto' are the catalog's "detect (…)"; any other is a column's or a
   *  format's own name (data). */
  private static option(value: string, text: string): HTMLOptionElement {
    const data = value !== '' && value !== 'auto';
    return element('option', {
      text,
      attributes: data ? { value, translate: 'no' } : { value },
    });
  }

  private select(id: string, labelText: string, options: Array<[string, string]>, value: string) {
    const control = element(
      'select',
      { attributes: { id } },
      options.map(([v, text]) => PreviewDialog.option(v, text)),
    );
    control.value = value;
    const field = element('label', { className: 'preview-field' }, [
      element('span', { text: labelText }),
      control,
    ]);
    return { control, field };
  }
}
