// The catalog files as the tests read them, one per translated locale.
import { readFileSync } from 'node:fs';
import { speakWith } from '../../web/src/localized.ts';
import { LOCALES } from '../../web/src/locale.ts';
import { createMessages } from '../../web/src/messages.ts';

export { messageVariables } from '../../web/src/catalog-variables.ts';

export type TranslatedLocale = (typeof LOCALES)[number];

export function catalogText(locale: TranslatedLocale): string {
  return readFileSync(new URL(`../../catalog/${locale}.ftl`, import.meta.url), 'utf8');
}

/** Makes the page's t() (web/src/localized.ts) speak `locale` from its catalog file, as the
 *  page's catalog.ts does in a browser: for Node tests of views that word text. */
export function speak(locale: TranslatedLocale): void {
  const messages = createMessages(catalogText(locale), locale, (error) => {
    throw error;
  });
  speakWith(locale, (id, args) => messages.format(id, args));
}
