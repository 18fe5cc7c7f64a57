// Every locale is complete and says the same things: each message of en.ftl exists in every
// catalog with exactly its variables (a translation that drops { $reviews } or invents
// { $review } would show a placeholder or lose a number), no catalog holds a message English
// lacks, every file loads whole into the page's bundle, and any values of the declared types
// render every message in every locale. The pseudo-locale is English, accented and marked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOCALES, chooseLocale, matchLocale } from '../../web/src/locale.ts';
import { PSEUDO_CLOSE, PSEUDO_OPEN, createMessages, pseudoText } from '../../web/src/messages.ts';
import { catalogText, messageVariables } from './catalog-files.ts';

const english = messageVariables(catalogText('en'));

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  test(`${locale}: every message of en.ftl, with the same variables, and nothing more`, () => {
    const translated = messageVariables(catalogText(locale));
    const missing = [...english.keys()].filter((id) => !translated.has(id));
    assert.deepEqual(missing, [], `${locale}.ftl lacks these messages`);
    const extra = [...translated.keys()].filter((id) => !english.has(id));
    assert.deepEqual(extra, [], `${locale}.ftl has messages en.ftl does not`);
    for (const [id, variables] of english) {
      assert.deepEqual(translated.get(id), variables, `${locale} ${id}: its variables`);
    }
  });
}

for (const locale of LOCALES) {
  test(`${locale}: the catalog loads whole into the page's bundle, with no error`, () => {
    const ftl = catalogText(locale);
    const messages = createMessages(ftl, locale, (error) => {
      throw error;
    });
    for (const id of english.keys()) assert.ok(messages.has(id), `${locale}: ${id} did not load`);
  });
}

test('the pseudo-locale accents and lengthens every text and marks both ends', () => {
  const messages = createMessages(catalogText('en'), 'en-XA', (error) => {
    throw error;
  });
  const text = messages.format('prompt-stopped', { reason: 'data' });
  assert.ok(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE), text);
  assert.ok(text.includes('data'), 'a variable stays as given');
  assert.doesNotMatch(text.replace('data', ''), /[A-Za-z]/, 'no plain ASCII letter is left');
  assert.equal(pseudoText('Play'), 'Ṕĺááý');
  assert.ok(pseudoText('Stopped').length > 'Stopped'.length);
});

test('the locale comes from the link, else the first browser language the lab speaks', () => {
  assert.equal(chooseLocale(null, ['de-DE', 'es-MX', 'en']), 'es');
  assert.equal(chooseLocale(null, ['zh-TW', 'zh-Hans-HK', 'en']), 'zh-CN');
  assert.equal(chooseLocale(null, ['zh-TW', 'en-GB']), 'en');
  assert.equal(chooseLocale(null, ['fr', 'de']), 'en');
  assert.equal(chooseLocale(null, []), 'en');
  assert.equal(chooseLocale('zh-CN', ['es']), 'zh-CN');
  assert.equal(matchLocale('ZH_cn'), 'zh-CN');
  assert.equal(matchLocale('zh'), 'zh-CN');
  assert.equal(matchLocale('zh-Hant-CN'), null);
  assert.equal(matchLocale('en-XA'), 'en-XA');
  assert.equal(matchLocale('pt-BR'), null);
});
