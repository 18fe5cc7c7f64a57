// The languages the lab speaks and how the page picks one: a link's `lang=` first, then the
// browser's languages (navigator.languages) in the reader's order, then English. Each locale
// is one catalog file, catalog/<tag>.ftl; en-XA (the pseudo-locale) is made from en.ftl when
// asked for (messages.ts), never written by hand. Pure functions: no DOM, no catalog text.

/** The catalogs translated by people, in the order the language switch lists them. */
export const LOCALES = ['en', 'es', 'zh-CN'] as const;
/** The pseudo-locale: English with accented, lengthened, bracketed messages, so any text on
 *  screen that did not come from the catalog stands out (tests/e2e/pseudo-locale.test.ts). */
export const PSEUDO_LOCALE = 'en-XA';

export type Locale = (typeof LOCALES)[number] | typeof PSEUDO_LOCALE;

/** Each language's name in itself (an autonym is never translated: a reader finds their own
 *  language by the name they know). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  'zh-CN': '简体中文',
  'en-XA': 'English (pseudo-locale, en-XA)',
};

export function isLocale(tag: string): tag is Locale {
  return tag === PSEUDO_LOCALE || (LOCALES as readonly string[]).includes(tag);
}

/** The lab's locale for a BCP 47 tag, or null when the lab does not speak it: any Spanish
 *  (es, es-MX, es-419) is es; Chinese written in simplified characters (zh, zh-CN, zh-SG,
 *  zh-Hans, zh-Hans-HK) is zh-CN; Traditional Chinese (zh-TW, zh-HK, zh-MO, zh-Hant) is not,
 *  so the reader's next language decides. Tags compare case-insensitively. */
export function matchLocale(tag: string): Locale | null {
  const parts = tag.trim().replaceAll('_', '-').toLowerCase().split('-');
  const [language = '', ...rest] = parts;
  if (tag.trim().toLowerCase() === PSEUDO_LOCALE.toLowerCase()) return PSEUDO_LOCALE;
  if (language === 'en') return 'en';
  if (language === 'es') return 'es';
  if (language === 'zh') {
    if (rest.includes('hans')) return 'zh-CN';
    if (rest.includes('hant')) return null;
    return rest.some((part) => ['tw', 'hk', 'mo'].includes(part)) ? null : 'zh-CN';
  }
  return null;
}

/** The locale a page opens in: the link's `lang` (already checked, or null), else the first
 *  of the browser's languages the lab speaks, else English. */
export function chooseLocale(link: Locale | null, preferred: readonly string[]): Locale {
  if (link !== null) return link;
  for (const tag of preferred) {
    const locale = matchLocale(tag);
    if (locale !== null) return locale;
  }
  return 'en';
}
