// The page's words over its one catalog (catalog.ts) for core's findings and the page's own
// labels (PAGE_MESSAGES). A sentence about the run is a
// finding core picked; a label is a page message with its variables formatted by their
// declared types, as core's arguments are. Nothing here writes a sentence of its own.
import type { Finding, FindingArg } from 'clslab-wasm';
import { messages as words } from './catalog.ts';
import { PAGE_MESSAGES } from './messages.ts';

/** A finding's sentence followed by its details' ('' for code '', which says nothing). */
export function say(finding: Finding): string {
  return finding.code === '' ? '' : words.render(finding, true);
}

/** A page message (PAGE_MESSAGES) with the values of its variables. */
export function label(id: string, values: Readonly<Record<string, number | string>> = {}): string {
  const types = PAGE_MESSAGES[id] ?? {};
  const args: FindingArg[] = Object.entries(types).map(([name, type]) => {
    const value = values[name];
    return {
      name,
      type,
      number: typeof value === 'number' ? value : 0,
      text: typeof value === 'string' ? value : '',
      items: [],
    };
  });
  return words.render({
    panel: '',
    kind: 'note',
    code: id,
    args,
    recipe: '',
    dataset: '',
    details: [],
  });
}
