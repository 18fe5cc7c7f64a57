// The settings form, generated from the module's field table (settingFields()): labels,
// bounds, choices, help and defaults all come from there. The form only turns inputs into
// the config JSON document; the module validates it and the worker applies it.
import type { SettingField } from '../protocol.ts';
import { element } from './dom.ts';
import { infoMarker, type Term } from './glossary.ts';

/** Settings whose symbol has a glossary entry get its "i" marker. */
const FIELD_TERMS: Partial<Record<string, Term>> = { sigma: 'sigma', eta: 'eta' };

const GROUP_TITLES: Record<SettingField['group'], string> = {
  data: 'Data',
  synthetic: 'Synthetic data',
  model: 'Model and initialization',
  protocol: 'Training protocol',
  svm: 'Attention-SVM (p_mm)',
};

/** Groups whose change rebuilds the dataset; any other change resets the weights. */
const RELOADING_GROUPS: ReadonlySet<SettingField['group']> = new Set(['data', 'synthetic']);

export type ConfigValues = Record<string, unknown>;

export interface SettingsChange {
  configJson: string;
  reload: boolean;
}

export class SettingsForm {
  private readonly root: HTMLElement;
  private readonly inputs = new Map<
    string,
    { field: SettingField; input: HTMLInputElement | HTMLSelectElement }
  >();
  private values: ConfigValues = {};

  constructor(
    root: HTMLElement,
    private readonly onChange: (change: SettingsChange) => void,
  ) {
    this.root = root;
    root.addEventListener('submit', (event) => event.preventDefault()); // Enter must not reload
  }

  build(fields: SettingField[], configJson: string): void {
    this.inputs.clear();
    const groups = new Map<SettingField['group'], HTMLElement>();
    const sections: HTMLElement[] = [];
    for (const field of fields) {
      let body = groups.get(field.group);
      if (body === undefined) {
        body = element('div', { className: 'fields' });
        const details = element(
          'details',
          {
            className: 'group',
            attributes: { open: field.group !== 'synthetic' && field.group !== 'svm' },
          },
          [element('summary', { text: GROUP_TITLES[field.group] ?? field.group }), body],
        );
        groups.set(field.group, body);
        sections.push(details);
      }
      body.append(this.row(field));
    }
    this.root.replaceChildren(...sections);
    this.setValues(configJson);
  }

  /** Shows a normalized config (after the module accepted it). */
  setValues(configJson: string): void {
    this.values = JSON.parse(configJson) as ConfigValues;
    for (const [key, { field, input }] of this.inputs) {
      const value = this.values[key];
      input.classList.remove('pending', 'invalid');
      input.removeAttribute('aria-invalid');
      if (input instanceof HTMLInputElement && field.kind === 'boolean')
        input.checked = value === true;
      else input.value = value === undefined ? field.defaultText : String(value);
    }
  }

  /** The applied settings, by key (what the worker runs with). */
  config(): Readonly<ConfigValues> {
    return this.values;
  }

  /** The applied value of a setting (what the worker runs with). */
  value(key: string): unknown {
    return this.values[key];
  }

  private row(field: SettingField): HTMLElement {
    const id = `setting-${field.key}`;
    const helpId = `${id}-help`;
    const input = this.input(field, id);
    input.title = field.help;
    input.setAttribute('aria-describedby', helpId);
    input.addEventListener('change', () => this.changed(field, input));
    this.inputs.set(field.key, { field, input });
    const label = element('label', {
      text: field.label,
      attributes: { for: id, title: field.help },
    });
    const term = FIELD_TERMS[field.key];
    if (term !== undefined) label.append(' ', infoMarker(term));
    const help = element('span', {
      className: 'visually-hidden',
      text: field.help,
      attributes: { id: helpId },
    });
    const className = field.kind === 'boolean' ? 'field field-boolean' : 'field';
    return element('div', { className }, [label, input, help]);
  }

  private input(field: SettingField, id: string): HTMLInputElement | HTMLSelectElement {
    switch (field.kind) {
      case 'choice': {
        const select = element('select', { attributes: { id } });
        for (const choice of field.choices)
          select.append(element('option', { text: choice, attributes: { value: choice } }));
        return select;
      }
      case 'boolean':
        return element('input', { attributes: { id, type: 'checkbox' } });
      case 'number':
      case 'integer':
        return element('input', {
          attributes: {
            id,
            type: 'number',
            inputmode: field.kind === 'integer' ? 'numeric' : 'decimal',
            min: field.min,
            max: field.max,
            step: field.kind === 'integer' ? 1 : 'any',
          },
        });
      case 'text':
        return element('input', { attributes: { id, type: 'text', spellcheck: false } });
    }
  }

  private changed(field: SettingField, input: HTMLInputElement | HTMLSelectElement): void {
    const next: ConfigValues = { ...this.values, [field.key]: this.read(field, input) };
    input.classList.add('pending'); // cleared when the module accepts the change
    this.onChange({ configJson: JSON.stringify(next), reload: RELOADING_GROUPS.has(field.group) });
  }

  /** The typed JSON value of an input; text the module will reject stays text. */
  private read(field: SettingField, input: HTMLInputElement | HTMLSelectElement): unknown {
    if (field.kind === 'boolean') return (input as HTMLInputElement).checked;
    if (field.kind === 'number' || field.kind === 'integer') {
      const number = Number(input.value);
      return input.value.trim() !== '' && Number.isFinite(number) ? number : input.value;
    }
    return input.value;
  }

  /** Marks the field the rejected change touched. */
  markRejected(): void {
    for (const { input } of this.inputs.values()) {
      if (!input.classList.contains('pending')) continue;
      input.classList.replace('pending', 'invalid');
      input.setAttribute('aria-invalid', 'true');
    }
  }
}
