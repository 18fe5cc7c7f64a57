// The page's words: core's findings, and the few messages only the page says, rendered from
// the one catalog (catalog/en.ftl) with @fluent/bundle. The CLI renders the same file with
// core's renderer (core/include/clslab/catalog.h); tests/web/catalog.test.ts requires equal
// text for every message. Each argument type is formatted here as core's findings.cpp
// formats it natively (FluentArgsOf): keep the two tables alike. No sentence is written
// here: only how values become Fluent values.
import { FluentBundle, FluentNumber, FluentResource, type FluentVariable } from '@fluent/bundle';
import type { Finding, FindingArg } from 'clslab-wasm';

/** Messages only the page says (labels, buttons), with their variables' types; every other
 *  message of the catalog is core's (a MessageSpec) or the lists' (token-list-*). */
export const PAGE_MESSAGES: Readonly<Record<string, Readonly<Record<string, FindingArg['type']>>>> =
  {
    'verdict-label-expect': {},
    'verdict-label-shown': {},
    'verdict-label-off': {},
    'verdict-label-instead': {},
    'verdict-label-n-a': {},
    'recipe-use': { name: 'name' },
    'recipe-why': {},
    'offer-dataset': { name: 'name' },
    'prompt-needs-data': {},
    'prompt-nothing-loaded': { reason: 'name' },
    'prompt-loading': {},
    'prompt-training': {},
    'prompt-stopped': { reason: 'name' },
    // The class activity's card and the Embed dialog's question ticks (ui/activity.ts,
    // ui/embed.ts); the course platform's status line (ui/scorm.ts).
    'activity-title': {},
    'activity-intro': {},
    'activity-commit': {},
    'activity-incomplete': { missing: 'count' },
    'activity-held': {},
    'activity-locked': {},
    'activity-yes': {},
    'activity-no': {},
    'activity-label-slope': {},
    'activity-label-cosine': {},
    'activity-label-selection': {},
    'activity-label-word': {},
    'activity-label-ushape': {},
    'activity-label-accuracy': {},
    'lms-recording': { version: 'name' },
    'lms-resumed': { step: 'count' },
    'lms-missing': {},
    'lms-failed': { call: 'name' },
    'lms-failed-detail': { call: 'name', detail: 'name' },
    'lms-too-long': { length: 'count', limit: 'count' },
    'lms-course-only': {},
  };

/** The catalog's messages that join a token list, and sentences said one after another (both
 *  renderers use them). */
export const LIST_MESSAGES = [
  'token-list-item',
  'token-list-separator',
  'sentence-separator',
] as const;

export interface Messages {
  readonly locale: string;
  has(id: string): boolean;
  /** Message `id` with Fluent values; errors (a missing variable, an unknown id) go to
   *  `onError` and the text shows Fluent's placeholder for what is missing. */
  format(id: string, args?: Record<string, FluentVariable>): string;
  /** A finding's sentence (and with `details`, each detail's after it, joined as `join`). */
  render(finding: Finding, details?: boolean): string;
  /** Sentences one after another as the locale writes them: the catalog's
   *  sentence-separator between them (a space in English, none in Chinese). */
  join(sentences: readonly string[]): string;
  /** A finding's arguments as Fluent values (exported for the parity test). */
  fluentArgs(args: readonly FindingArg[]): Record<string, FluentVariable>;
}

/** Intl.NumberFormat's options, with the two this TypeScript library does not list yet
 *  (ES2023: signDisplay 'negative', roundingMode). */
type NumberOptions = Omit<Intl.NumberFormatOptions, 'signDisplay'> & {
  signDisplay?: 'negative';
  roundingMode?: 'trunc';
};

/** Intl's options for each argument type: core's findings.cpp FluentArgsOf, value for
 *  value. No type writes "-0" (signDisplay 'negative'). */
function numberOptions(arg: FindingArg): NumberOptions {
  const sign: NumberOptions = { signDisplay: 'negative' };
  switch (arg.type) {
    case 'count':
      return { ...sign, maximumFractionDigits: 0 };
    case 'share':
      // Truncated: a share never reads larger than it is (19,992 of 20,000 is "99.9%").
      return {
        ...sign,
        style: 'percent',
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        roundingMode: 'trunc',
      };
    case 'ratio': {
      // Never "1" for a value below 1 (core's FluentArgsOf: 0.99997 reads 0.999).
      const size = Math.abs(arg.number);
      const nearOne = size < 1 && size >= 0.9995;
      return {
        ...sign,
        maximumSignificantDigits: 3,
        ...(nearOne ? { roundingMode: 'trunc' as const } : {}),
      };
    }
    case 'value': {
      const size = Math.abs(arg.number);
      const scientific = size !== 0 && (size < 1e-4 || size >= 1e6);
      return {
        ...sign,
        maximumSignificantDigits: 4,
        ...(scientific ? { notation: 'scientific' as const } : {}),
      };
    }
    default:
      return sign;
  }
}

/** The pseudo-locale's marks around every message it formats: text on screen outside a
 *  pair did not come from the catalog. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Accented stand-ins for the ASCII letters (still readable, plainly not English). */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, k) => [
    letter,
    [...'áƀçďéƒĝĥíĵķĺɱñóṕʠŕśţúṽŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹṀÑÓṔɊŔŚŢÚṼŴẊÝŽ'][k]!,
  ]),
);

/** A pattern's text as the pseudo-locale writes it: letters accented and every vowel
 *  doubled, which lengthens English by about a third, as many translations do. Variables
 *  (numbers, tokens) are not text elements and stay as they are. */
export function pseudoText(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) =>
    'aeiouAEIOU'.includes(letter) ? ACCENTED[letter]!.repeat(2) : ACCENTED[letter]!,
  );
}

/** `locale`: the catalog's language tag, which also picks Intl's numbers and plural rules;
 *  for en-XA pass en.ftl: the bundle accents its text and marks each message's ends. */
export function createMessages(
  ftl: string,
  locale: string,
  onError: (error: Error) => void = (error) => console.error(error),
): Messages {
  const pseudo = locale === 'en-XA';
  // useIsolating off: the CLI writes no bidi marks, and no locale of the lab is RTL.
  const bundle = new FluentBundle(locale, {
    useIsolating: false,
    ...(pseudo ? { transform: pseudoText } : {}),
  });
  for (const error of bundle.addResource(new FluentResource(ftl))) onError(error);

  const format = (id: string, args?: Record<string, FluentVariable>): string => {
    const message = bundle.getMessage(id);
    if (message?.value == null) {
      onError(new Error(`no message ${id} in the catalog`));
      return id;
    }
    const errors: Error[] = [];
    const text = bundle.formatPattern(message.value, args ?? null, errors);
    for (const error of errors) onError(new Error(`${id}: ${error.message}`));
    return pseudo ? `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : text;
  };

  const fluentArgs = (args: readonly FindingArg[]): Record<string, FluentVariable> => {
    const out: Record<string, FluentVariable> = {};
    for (const arg of args) {
      switch (arg.type) {
        case 'token':
        case 'name':
          out[arg.name] = arg.text;
          break;
        case 'tokens': {
          const separator = format('token-list-separator');
          out[arg.name] = arg.items
            .map((item) => format('token-list-item', { item }))
            .join(separator);
          break;
        }
        default:
          out[arg.name] = new FluentNumber(
            arg.number,
            numberOptions(arg) as unknown as Intl.NumberFormatOptions,
          );
      }
    }
    return out;
  };

  const join = (sentences: readonly string[]): string =>
    sentences.length < 2 ? (sentences[0] ?? '') : sentences.join(format('sentence-separator'));

  const render = (finding: Finding, details = false): string => {
    const text = format(finding.code, fluentArgs(finding.args));
    if (!details || finding.details.length === 0) return text;
    return join([text, ...finding.details.map((detail) => render(detail, true))]);
  };

  return { locale, has: (id) => bundle.hasMessage(id), format, render, join, fluentArgs };
}
