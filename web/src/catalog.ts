// The page's catalog: catalog/en.ftl, bundled as text and rendered with @fluent/bundle
// (messages.ts). Node tests build their own from the file; the page imports this one.
import ftl from '../../catalog/en.ftl?raw';
import { createMessages } from './messages.ts';

export const messages = createMessages(ftl, 'en');

/** The label a verdict kind is shown with ("Shown:"), from the catalog. */
export function verdictLabel(kind: string): string {
  const id = `verdict-label-${kind.replace('/', '-')}`;
  return messages.has(id) ? messages.format(id) : '';
}
