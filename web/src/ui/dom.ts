// Building DOM from data without HTML parsing: text goes through textContent only, so a
// token such as `<img src=x onerror=...>` shows as text. No innerHTML anywhere in the app.

import { notAvailable } from '../format.ts';
import { onLocaleChange, t, type PlainMessageId } from '../localized.ts';

type Attributes = Record<string, string | number | boolean | undefined>;

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: { className?: string; text?: string; attributes?: Attributes } = {},
  children: Array<Node | null> = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className !== undefined) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attributes ?? {})) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

/** The element with `id`, which index.html must contain. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (node === null) throw new Error(`index.html lacks #${id}`);
  return node as T;
}

/** Makes `button` copy `field`'s text: it says "Copied", or "Press Ctrl+C" where the
 *  clipboard is refused (insecure context, no permission; the text stays selected), then
 *  shows its own label again after 1.5 s. */
export function copyOnClick(
  button: HTMLButtonElement,
  field: HTMLInputElement | HTMLTextAreaElement,
): void {
  const label = button.textContent ?? '';
  button.addEventListener('click', async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Press Ctrl+C';
    }
    setTimeout(() => (button.textContent = label), 1500);
  });
}

/** A definition list of label/value rows, kept as text nodes to update cheaply. */
export class ReadoutList {
  readonly root: HTMLDListElement;
  private readonly values = new Map<string, HTMLElement>();

  /** `term` names a glossary entry (ui/glossary.ts): the label gets its "i" marker. */
  /** Each row's name and hint (catalog messages), worded again after a switch of language. */
  constructor(
    root: HTMLDListElement,
    /** `data`: the value is data (a hash), never translated. */
    rows: Array<{
      key: string;
      label: PlainMessageId;
      hint?: PlainMessageId;
      term?: string;
      data?: boolean;
    }>,
  ) {
    this.root = root;
    root.replaceChildren();
    const names: Array<() => void> = [];
    for (const row of rows) {
      const value = element('dd', {
        text: notAvailable(),
        attributes: row.data === true ? { translate: 'no' } : {},
      });
      const marker =
        row.term === undefined
          ? null
          : element('button', {
              className: 'info',
              text: 'i',
              attributes: { type: 'button', 'data-term': row.term },
            });
      const name = document.createTextNode('');
      const term = element('dt', {}, [name, marker]);
      const word = () => {
        name.data = t(row.label);
        if (row.hint !== undefined) term.title = t(row.hint);
      };
      word();
      names.push(word);
      root.append(element('div', { className: 'readout' }, [term, value]));
      this.values.set(row.key, value);
    }
    onLocaleChange(() => names.forEach((word) => word()));
  }

  set(key: string, text: string): void {
    const node = this.values.get(key);
    if (node !== undefined && node.textContent !== text) node.textContent = text;
  }

  /** Every value back to not-available (what the list shows before its first values). */
  clear(): void {
    for (const key of this.values.keys()) this.set(key, notAvailable());
  }
}
