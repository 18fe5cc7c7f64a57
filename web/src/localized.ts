// The page's typed words, t('play') or t('step-p', { steps: 20 }), for modules the Node tests import too (panels,
// charts): this module bundles no catalog. The page's catalog.ts installs the messages of
// the current locale here (speakWith) and runs each view's listener after a switch; before
// that (in a Node test) t() returns the id itself. message-ids.ts types every id and its
// variables, and msg('panel-dataset') names a message a table holds for a view to word later.
import type { FluentVariable } from '@fluent/bundle';
import type { MessageArgs } from './message-ids.ts';

export type MessageId = keyof MessageArgs;
/** The ids of the messages that read no variable (labels a table can hold). */
export type PlainMessageId = {
  [Id in MessageId]: keyof MessageArgs[Id] extends never ? Id : never;
}[MessageId];

/** The arguments a message takes: none, or exactly the variables it reads. */
type ArgsOf<Id extends MessageId> = keyof MessageArgs[Id] extends never ? [] : [MessageArgs[Id]];

type Format = (id: string, args?: Record<string, FluentVariable>) => string;

let format: Format = (id) => id;
let locale = 'en';
const listeners: Array<(locale: string) => void> = [];

/** Shorthand for the page's own messages, typed by message-ids.ts (generated from en.ftl):
 *  `t('play')`, `t('step-p', { steps: 20 })`; an unknown id or a wrong variable does not
 *  compile. */
export function t<Id extends MessageId>(id: Id, ...args: ArgsOf<Id>): string {
  return format(id, args[0] as Record<string, FluentVariable> | undefined);
}

/** A message id a table keeps for a view to word with t() when it shows it (and again after
 *  a switch of language); tests/web/catalog.test.ts counts msg('...') as a use of the id. */
export function msg<Id extends PlainMessageId>(id: Id): Id {
  return id;
}

/** The language t() speaks now ('en' before catalog.ts installed one). */
export function speakingLocale(): string {
  return locale;
}

/** catalog.ts: speak `next` with `words` from now on, then tell every view that asked. */
export function speakWith(next: string, words: Format): void {
  format = words;
  locale = next;
  for (const listener of listeners) listener(next);
}

/** `listener` runs after each switch of language (the views that word text themselves). */
export function onLocaleChange(listener: (locale: string) => void): void {
  listeners.push(listener);
}

/** Words said elsewhere and worded here: a message id with its arguments (the worker names
 *  its tasks so, and the page words them in the reader's language, again after a switch).
 *  tests/web/catalog.test.ts counts phrase('...') as a use of the id. */
export interface Phrase {
  id: MessageId;
  args: Record<string, string | number>;
}

export function phrase<Id extends MessageId>(id: Id, ...args: ArgsOf<Id>): Phrase {
  return { id, args: (args[0] ?? {}) as Record<string, string | number> };
}

/** A failure said in the catalog's words: the worker throws it, and the page words it in the
 *  reader's language (the protocol's failed event carries the phrase). Its message names the
 *  id and arguments, for a log. */
export class PhraseError extends Error {
  constructor(readonly words: Phrase) {
    super(`${words.id} ${JSON.stringify(words.args)}`);
    this.name = 'PhraseError';
  }
}

/** Throws nothing: the error `words` would be, for `throw failure(...)`. */
export function failure<Id extends MessageId>(id: Id, ...args: ArgsOf<Id>): PhraseError {
  return new PhraseError(phrase(id, ...args));
}

/** A phrase in the current language. */
export function say(words: Phrase): string {
  return format(words.id, words.args);
}
