// The catalog files as the tests read them, one per translated locale.
import { readFileSync } from 'node:fs';
import { LOCALES } from '../../web/src/locale.ts';

export { messageVariables } from '../../web/src/catalog-variables.ts';

export type TranslatedLocale = (typeof LOCALES)[number];

export function catalogText(locale: TranslatedLocale): string {
  return readFileSync(new URL(`../../catalog/${locale}.ftl`, import.meta.url), 'utf8');
}
