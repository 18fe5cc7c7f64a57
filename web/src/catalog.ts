// The page's catalog in the reader's language: catalog/<locale>.ftl bundled as text and
// rendered with @fluent/bundle (messages.ts). `messages` always speaks the current locale;
// setLocale switches it, sets the document's lang, localizes the static page (the
// data-l10n-* attributes of index.html) and tells every view that words text to word it
// again (onLocaleChange), so the run on screen stays as it is. Node tests build their own
// Messages from the files; the page imports this one.
import en from '../../catalog/en.ftl?raw';
import es from '../../catalog/es.ftl?raw';
import zhCN from '../../catalog/zh-CN.ftl?raw';
import type { FluentVariable } from '@fluent/bundle';
import type { Finding, FindingArg } from 'clslab-wasm';
import type { Locale } from './locale.ts';
import { setNumberLocale } from './format.ts';
import { speakWith } from './localized.ts';
import { createMessages, type Messages } from './messages.ts';

/** Each locale's catalog (en-XA is made from en.ftl by the bundle: messages.ts). */
const CATALOGS: Readonly<Record<Locale, string>> = { en, es, 'zh-CN': zhCN, 'en-XA': en };

let current: Messages = createMessages(en, 'en');

/** The catalog of the current locale (a stable object: it follows setLocale). */
export const messages: Messages = {
  get locale() {
    return current.locale;
  },
  has: (id: string) => current.has(id),
  format: (id: string, args?: Record<string, FluentVariable>) => current.format(id, args),
  render: (finding: Finding, details?: boolean) => current.render(finding, details),
  join: (sentences: readonly string[]) => current.join(sentences),
  fluentArgs: (args: readonly FindingArg[]) => current.fluentArgs(args),
};

/** t() and onLocaleChange live in localized.ts (which Node tests can import: it bundles no
 *  catalog); the page imports them from here or there alike. */
export { msg, onLocaleChange, t } from './localized.ts';

export function currentLocale(): Locale {
  return current.locale as Locale;
}

/** Speaks `locale` from now on: the document's lang, the static page, then every view that
 *  asked (onLocaleChange), in the order they asked. */
export function setLocale(locale: Locale): void {
  if (locale !== current.locale) current = createMessages(CATALOGS[locale], locale);
  setNumberLocale(locale);
  document.documentElement.lang = locale;
  localize(document);
  const words = current;
  speakWith(locale, (id, args) => words.format(id, args));
}

/** The attributes of index.html that name a message: `data-l10n-id` sets the element's text,
 *  `data-l10n-<attribute>` (title, aria-label, placeholder, ...) that attribute. */
const PREFIX = 'data-l10n-';

/** Words every element under `root` that names a message (the element's text replaces its
 *  children: a translated element holds nothing else; wrap the words of a mixed element in
 *  a span of their own). */
export function localize(root: ParentNode): void {
  for (const node of root.querySelectorAll<HTMLElement>('*')) {
    for (const { name, value } of Array.from(node.attributes)) {
      if (!name.startsWith(PREFIX)) continue;
      const target = name.slice(PREFIX.length);
      const text = current.format(value);
      if (target === 'id') {
        if (node.textContent !== text) node.textContent = text;
      } else if (node.getAttribute(target) !== text) node.setAttribute(target, text);
    }
  }
}

/** The catalog text of a locale (tests, and the boot message's build step). */
export function catalogText(locale: Locale): string {
  return CATALOGS[locale];
}

/** The label a verdict kind is shown with ("Shown:"), from the catalog. */
export function verdictLabel(kind: string): string {
  const id = `verdict-label-${kind.replace('/', '-')}`;
  return messages.has(id) ? messages.format(id) : '';
}
