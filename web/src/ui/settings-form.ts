// The settings form, generated from the module's field table (settingFields()): labels,
// bounds, choices, help, defaults and what a change does all come from there. The form only
// turns inputs into the config JSON document; the module validates it and core applies it
// by its effect (a data setting rebuilds the split, a model setting resets the weights).
// Edits go out one at a time, in the order made, each on the settings the previous one
// produced (so a quick second edit neither undoes the first nor is blamed for it), and a
// field the user is typing in is never overwritten by settings arriving meanwhile.
import type { SettingField } from '../protocol.ts';
import type { LabState, LabStore } from '../state/store.ts';
import { messages } from '../catalog.ts';
import { onLocaleChange, t } from '../localized.ts';
import { element } from './dom.ts';
import { infoMarker, type Term } from './glossary.ts';

/** Settings whose symbol has a glossary entry get its "i" marker. */
const FIELD_TERMS: Partial<Record<string, Term>> = { sigma: 'sigma', eta: 'eta' };

/** A group's title in the reader's language. */
function groupTitle(group: SettingField['group']): string {
  switch (group) {
    case 'data':
      return t('settings-group-data');
    case 'synthetic':
      return t('settings-group-synthetic');
    case 'model':
      return t('settings-group-model');
    case 'protocol':
      return t('settings-group-protocol');
    case 'svm':
      return t('settings-group-svm');
    default:
      return group;
  }
}

/** A setting's label and help in the reader's language: the catalog's setting-<key> and
 *  setting-<key>-help (core's field table names the setting; tests/web/catalog.test.ts
 *  requires both messages for every field the form shows, in every locale). */
function fieldWords(field: SettingField): { label: string; help: string } {
  return {
    label: messages.format(`setting-${field.key}`),
    help: messages.format(`setting-${field.key}-help`),
  };
}

/** The dataset's identity is set by loading data, never typed: not in the form. */
const HIDDEN_GROUPS: ReadonlySet<SettingField['group']> = new Set(['source']);

export type ConfigValues = Record<string, unknown>;

export class SettingsForm {
  private readonly root: HTMLElement;
  private readonly inputs = new Map<
    string,
    { field: SettingField; input: HTMLInputElement | HTMLSelectElement }
  >();
  private values: ConfigValues = {};
  /** Edits made and not yet sent, oldest first. */
  private readonly queued: Array<{ key: string; value: unknown }> = [];
  /** The edit sent and not yet answered (by settings applied, a data request or a failure). */
  private inFlight: string | null = null;
  /** Fields typed in since their last change event (a change in progress). */
  private readonly typing = new Set<string>();

  /** Each group's summary and each row's label and help, worded again after a switch. */
  private readonly wording: Array<() => void> = [];

  constructor(
    root: HTMLElement,
    private readonly store: LabStore,
  ) {
    this.root = root;
    onLocaleChange(() => {
      for (const word of this.wording) word();
      this.labelData(store.state);
    });
    root.addEventListener('submit', (event) => event.preventDefault()); // Enter must not reload
    store.subscribe((event, state) => {
      if (event.type === 'ready') this.build(state.fields, state.config);
      else if (event.type === 'settingsApplied') {
        this.setValues(state.config);
        this.answered();
      } else if (event.type === 'datasetNeeded') {
        // A link waiting for its data, on a page with none loaded: show the link's settings.
        if (state.dataset === null && state.need !== null) this.setValues(state.need.config);
        this.answered();
      }
      if (['ready', 'settingsApplied', 'datasetLoaded'].includes(event.type)) this.labelData(state);
    });
  }

  build(fields: SettingField[], config: Readonly<ConfigValues>): void {
    this.inputs.clear();
    this.queued.length = 0;
    this.inFlight = null;
    this.typing.clear();
    this.wording.length = 0;
    const groups = new Map<SettingField['group'], HTMLElement>();
    const sections: HTMLElement[] = [];
    for (const field of fields) {
      if (HIDDEN_GROUPS.has(field.group)) continue;
      let body = groups.get(field.group);
      if (body === undefined) {
        body = element('div', { className: 'fields' });
        const summary = element('summary');
        const group = field.group;
        const word = () => (summary.textContent = groupTitle(group));
        word();
        this.wording.push(word);
        const details = element(
          'details',
          {
            className: 'group',
            attributes: { open: field.group !== 'synthetic' && field.group !== 'svm' },
          },
          [summary, body],
        );
        groups.set(field.group, body);
        sections.push(details);
      }
      body.append(this.row(field));
    }
    this.root.replaceChildren(...sections);
    this.setValues(config);
  }

  /** Shows a normalized config (after the module accepted it), as the store parsed it,
   *  except in the fields being typed in and those whose own edit is still to be applied. */
  setValues(config: Readonly<ConfigValues>): void {
    this.values = { ...config };
    for (const [key, { field, input }] of this.inputs) {
      if (this.typing.has(key) || this.queued.some((edit) => edit.key === key)) continue;
      const value = this.values[key];
      input.classList.remove('pending', 'invalid');
      input.removeAttribute('aria-invalid');
      if (input instanceof HTMLInputElement && field.kind === 'boolean')
        input.checked = value === true;
      else input.value = value === undefined ? field.defaultText : String(value);
    }
  }

  /** The applied value of a setting (what the worker runs with). */
  value(key: string): unknown {
    return this.values[key];
  }

  private row(field: SettingField): HTMLElement {
    const id = `setting-${field.key}`;
    const helpId = `${id}-help`;
    const input = this.input(field, id);
    input.setAttribute('aria-describedby', helpId);
    input.addEventListener('input', () => this.typing.add(field.key));
    input.addEventListener('change', () => this.changed(field, input));
    input.addEventListener('blur', () => {
      // Typed, then left unchanged: the field shows the settings in force again.
      if (!this.typing.delete(field.key)) return;
      if (this.inFlight !== field.key && !this.queued.some((edit) => edit.key === field.key))
        this.setValues(this.values);
    });
    this.inputs.set(field.key, { field, input });
    const name = document.createTextNode('');
    const label = element('label', { attributes: { for: id } }, [name]);
    const term = FIELD_TERMS[field.key];
    if (term !== undefined) label.append(' ', infoMarker(term));
    const help = element('span', { className: 'visually-hidden', attributes: { id: helpId } });
    const word = () => {
      const words = fieldWords(field);
      name.data = words.label;
      label.title = words.help;
      input.title = words.help;
      help.textContent = words.help;
    };
    word();
    this.wording.push(word);
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
    this.typing.delete(field.key);
    input.classList.remove('invalid');
    input.removeAttribute('aria-invalid');
    input.classList.add('pending'); // cleared when the module accepts the change
    const value = this.read(field, input);
    const waiting = this.queued.find((edit) => edit.key === field.key);
    if (waiting !== undefined) waiting.value = value;
    else this.queued.push({ key: field.key, value });
    this.sendNext();
  }

  /** Sends the oldest queued edit on the settings now in force, when none is in flight. */
  private sendNext(): void {
    if (this.inFlight !== null) return;
    const edit = this.queued.shift();
    if (edit === undefined) return;
    this.inFlight = edit.key;
    const next: ConfigValues = { ...this.values, [edit.key]: edit.value };
    this.store.send({ type: 'applySettings', configJson: JSON.stringify(next) }, () => {
      this.markRejected(edit.key);
      this.answered();
    });
  }

  /** The edit in flight was answered: the next one goes on the settings now in force. */
  private answered(): void {
    if (this.inFlight === null) return;
    this.inFlight = null;
    this.sendNext();
  }

  /** The Dataset choice names what is really loaded: a user's data is one option labelled
   *  with its name and rows ("custom: reviews.tsv, 5,000 rows"), and the other user-data
   *  kinds are not choices at all (a link or a load sets them, with their data). */
  private labelData(state: LabState): void {
    const select = this.inputs.get('dataset')?.input;
    if (!(select instanceof HTMLSelectElement)) return;
    const data = state.plan?.data;
    // The select's value is the settings' `dataset`: a built-in set's id or the source kind.
    const current = data === undefined ? '' : data.kind === 'builtin' ? data.name : data.kind;
    const rows = state.dataset?.summary.parsedRows ?? data?.rows ?? 0;
    const name = data?.name ?? '';
    // `dataset` values that name the user's own data (what was loaded, not a choice).
    const userData = state.lists.sourceKinds.filter((k) => k.userData).map((k) => k.name);
    for (const option of Array.from(select.options)) {
      const user = (userData as string[]).includes(option.value);
      option.hidden = user && option.value !== current;
      option.disabled = user && option.value !== current;
      option.textContent =
        user && option.value === current
          ? t('settings-custom-data', { name: name.split('/').pop() ?? name, rows })
          : option.value;
    }
    select.value = current;
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

  /** Marks the field whose change was refused (the old value is still in force). A choice
   *  shows the value in force again: a Dataset left reading "restaurants" while twins stayed
   *  loaded (a cancelled download) named data that was not there; a typed number stays, to
   *  be corrected. */
  markRejected(key: string): void {
    const entry = this.inputs.get(key);
    if (entry === undefined || this.queued.some((edit) => edit.key === key)) return;
    const { field, input } = entry;
    if (field.kind === 'choice') {
      input.classList.remove('pending');
      input.value = String(this.values[key] ?? field.defaultText);
      if (key === 'dataset') this.labelData(this.store.state);
      return;
    }
    input.classList.replace('pending', 'invalid');
    input.setAttribute('aria-invalid', 'true');
  }
}
