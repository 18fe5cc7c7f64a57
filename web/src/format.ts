// Number formatting for panels and chart read-outs. A value that is not a finite number,
// or does not apply yet, reads the catalog's not-available ("n/a", "n/d", "不适用"): the page
// never shows NaN or Infinity.
import { t } from './localized.ts';

/** What a value that does not apply (yet) reads, in the current language. */
export function notAvailable(): string {
  return t('not-available');
}

/** The language numbers are written in (catalog.ts setLocale keeps it the page's): English
 *  writes 1,234.5; Spanish 1234,5 and 12.345; Chinese 1,234.5. Display only: the CSV and
 *  JSON exports write plain numbers. */
let numberLocale = 'en-US';
let decimalSeparator = '.';

export function setNumberLocale(locale: string): void {
  numberLocale = locale === 'en' || locale === 'en-XA' ? 'en-US' : locale;
  percentFormat = null;
  decimalSeparator =
    new Intl.NumberFormat(numberLocale).formatToParts(1.5).find((p) => p.type === 'decimal')
      ?.value ?? '.';
}

/** A number written in ASCII by JS (digits, '.', '-', 'e') with the locale's decimal mark. */
export const localDecimal = (text: string) =>
  decimalSeparator === '.' ? text : text.replace('.', decimalSeparator);

/** `digits` significant digits; large and tiny magnitudes in exponent form. */
export function formatNumber(value: number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return notAvailable();
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-4) return localDecimal(value.toExponential(digits - 1));
  const rounded = Number(value.toPrecision(digits));
  // Never "1" for a value below 1 (a cosine of 0.99997 reads 0.999 at 3 digits): truncated,
  // as the findings' ratios are (core's FluentArgsOf).
  if (magnitude < 1 && Math.abs(rounded) >= 1) {
    const scale = 10 ** digits;
    return localDecimal((Math.sign(value) * (Math.floor(magnitude * scale) / scale)).toString());
  }
  return localDecimal(rounded.toString());
}

/** The percentages of the current locale, made once per switch. */
let percentFormat: Intl.NumberFormat | null = null;

/** A share in [0, 1] as a percentage with one decimal, truncated as the catalog writes a
 *  share (messages.ts, core's findings.cpp): a read-out and the verdict beside it write the
 *  same number alike, and a share never reads larger than it is (19,992 of 20,000 is 99.9%). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return notAvailable();
  percentFormat ??= new Intl.NumberFormat(numberLocale, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'negative',
    roundingMode: 'trunc',
  } as unknown as Intl.NumberFormatOptions);
  return percentFormat.format(value);
}

/** Shows `value` only when `applies`; otherwise n/a (metrics carry has* flags). */
export function formatIf(applies: boolean, value: number, digits = 4): string {
  return applies ? formatNumber(value, digits) : notAvailable();
}

export function formatInteger(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString(numberLocale) : notAvailable();
}

/** "1 token", "2,000 tokens": a count with its noun ("vocabulary 1 tokens" reads as a bug). */
export function formatCount(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatInteger(value)} ${value === 1 ? singular : plural}`;
}
