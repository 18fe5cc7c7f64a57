// The language switch in the header: one option per catalog, each named in its own language.
// Choosing one words the page again in place (catalog.ts setLocale: every view re-renders
// what it shows from the run as it stands; nothing is reloaded, so the run, its step and
// its data stay), and the share link carries the choice as `lang=`.
import { currentLocale, setLocale } from '../catalog.ts';
import { LOCALE_NAMES, LOCALES, PSEUDO_LOCALE, isLocale, type Locale } from '../locale.ts';
import { byId, element } from './dom.ts';
import type { ShareLink } from './share-link.ts';

export class LanguageSwitch {
  private readonly select = byId<HTMLSelectElement>('language');

  constructor(private readonly share: ShareLink) {
    this.select.addEventListener('change', () => {
      const locale = this.select.value;
      if (isLocale(locale)) this.choose(locale, true);
    });
    this.show();
  }

  /** Speaks `locale`; `chosen`: the reader (or a link) asked for it, so links carry it. */
  choose(locale: Locale, chosen: boolean): void {
    if (locale !== currentLocale()) setLocale(locale);
    if (chosen) this.share.setLanguage(locale);
    this.show();
  }

  /** The options, with the pseudo-locale only while it is in force (a test's, not a
   *  reader's, language). */
  private show(): void {
    const locales: Locale[] = [...LOCALES];
    if (currentLocale() === PSEUDO_LOCALE) locales.push(PSEUDO_LOCALE);
    this.select.replaceChildren(
      ...locales.map((locale) =>
        element('option', {
          text: LOCALE_NAMES[locale],
          // An autonym is data: in its own language, never translated.
          attributes: { value: locale, lang: locale, translate: 'no' },
        }),
      ),
    );
    this.select.value = currentLocale();
  }
}
