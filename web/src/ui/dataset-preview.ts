// The preview dialog: what a file, folder, URL or preset would load as (format, columns,
// label mapping, first rows, balance, dropped rows), with the choices that change it and
// the "decode as Latin-1" offer for non-UTF-8 bytes. Nothing loads until Confirm.
import type { DatasetPreview, ParseChoice, TextFormatName } from 'clslab-wasm';
import { formatInteger } from '../format.ts';
import { element } from './dom.ts';

export interface PreviewActions {
  change: (change: Partial<ParseChoice>) => void;
  confirm: () => void;
  discard: () => void;
}

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
      text: `Preview: ${p.sourceName}`,
      attributes: { id: 'preview-title' },
    });
    const body = p.ok ? this.parsed(p, choice) : this.refused(p);
    const confirm = element('button', {
      className: 'primary',
      text: 'Load and reset training',
      attributes: { id: 'preview-confirm', type: 'button', disabled: !p.ok },
    });
    confirm.addEventListener('click', () => {
      this.close();
      this.actions.confirm();
    });
    const cancel = element('button', {
      text: 'Cancel',
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
        text: 'Decode as Latin-1 (Windows-1252) and retry',
        attributes: { id: 'preview-latin1', type: 'button' },
      });
      latin1.addEventListener('click', () => this.actions.change({ latin1: true }));
      nodes.push(
        element('p', {
          className: 'small',
          text: 'The bytes are not UTF-8. Older exports from Excel and Windows tools are often Windows-1252; decoding keeps every character.',
        }),
        latin1,
      );
    }
    return nodes;
  }

  private parsed(p: DatasetPreview, choice: ParseChoice): Node[] {
    const format = this.select(
      'preview-format',
      'Format',
      this.formats().map((f) => [f, f === 'auto' ? `detect (${p.format})` : f]),
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
    const columns = p.columns.map((c): [string, string] => [c, c]);
    const text = this.select(
      'preview-text-column',
      'Text column',
      [['', `detect (${p.textColumn})`], ...columns],
      choice.textColumn,
    );
    text.control.addEventListener('change', () =>
      this.actions.change({ textColumn: text.control.value }),
    );
    const label = this.select(
      'preview-label-column',
      'Label column',
      [['', `detect (${p.labelColumn})`], ...columns],
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
          title:
            'Star ratings above are positive, below negative, equal dropped (1-5 scale; 1-10 columns scale alike).',
        },
      },
      [element('span', { text: 'Star threshold' }), stars],
    );
    const controls = element('div', { className: 'preview-controls' }, [
      format.field,
      ...(columns.length > 0 ? [text.field, label.field] : []),
      starsField,
    ]);
    const balance = `${formatInteger(p.parsedRows)} reviews: ${formatInteger(p.positive)} positive, ${formatInteger(p.negative)} negative.`;
    const facts = element(
      'ul',
      { className: 'small preview-facts', attributes: { id: 'preview-facts' } },
      [
        element('li', {
          text: `Format ${p.format}, ${p.encoding}.`,
        }),
        element('li', {
          text: `Text from “${p.textColumn || 'text'}”, label from “${p.labelColumn || 'label'}”: ${p.labelMapping}.`,
        }),
        element('li', { text: balance, attributes: { id: 'preview-balance' } }),
        ...(p.dropped > 0
          ? [
              element('li', {
                text: `${formatInteger(p.dropped)} rows dropped: ${p.dropReasons.join('; ')}.`,
              }),
            ]
          : []),
      ],
    );
    const warnings = p.warnings.map((w) =>
      element('p', { className: 'preview-warning', text: w, attributes: { role: 'status' } }),
    );
    const rows = p.rows.map((row) =>
      element('tr', {}, [
        element('td', { text: row.label > 0 ? 'positive' : 'negative' }),
        element('td', { text: row.text }),
      ]),
    );
    const table = element(
      'table',
      { className: 'preview-rows', attributes: { id: 'preview-rows' } },
      [
        element('caption', {
          className: 'small muted',
          text: `The first ${p.rows.length} rows, texts cut short`,
        }),
        element('thead', {}, [
          element('tr', {}, [element('th', { text: 'Label' }), element('th', { text: 'Text' })]),
        ]),
        element('tbody', {}, rows),
      ],
    );
    return [controls, facts, ...warnings, table];
  }

  private select(id: string, labelText: string, options: Array<[string, string]>, value: string) {
    const control = element(
      'select',
      { attributes: { id } },
      options.map(([v, text]) => element('option', { text, attributes: { value: v } })),
    );
    control.value = value;
    const field = element('label', { className: 'preview-field' }, [
      element('span', { text: labelText }),
      control,
    ]);
    return { control, field };
  }
}
