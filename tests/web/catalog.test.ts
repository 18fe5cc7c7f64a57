// One catalog, two renderers: every message core says, rendered natively by `clslab
// messages` in every locale (build/golden/messages.json, from sampled arguments of each
// spec's types), must read the same when the page renders it with @fluent/bundle; numbers
// of every argument type in en, es and zh-CN must be written as Intl writes them. And the
// catalog holds nothing neither renderer says, and nothing the runtime parser would skip.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import type { ArgTypeName, Finding, FindingArg } from 'clslab-wasm';
import { LOCALES } from '../../web/src/locale.ts';
import { LIST_MESSAGES, PAGE_MESSAGES, createMessages } from '../../web/src/messages.ts';
import { catalogText, messageVariables } from './catalog-files.ts';
import { loadModule } from './support.ts';

/** The settings the form shows (core's field table, but the source group the form hides):
 *  each is worded by the catalog's setting-<key> and setting-<key>-help. */
const formKeys = (await loadModule())
  .settingFields()
  .filter((field) => field.group !== 'source')
  .map((field) => field.key);
const settingIds = formKeys.flatMap((key) => [`setting-${key}`, `setting-${key}-help`]);

const ftl = readFileSync(new URL('../../catalog/en.ftl', import.meta.url), 'utf8');
const golden = new URL('../../build/golden/messages.json', import.meta.url);

interface Golden {
  messages: Array<Finding & { locale: string; text: string }>;
  numbers: Array<{
    locale: string;
    type: ArgTypeName;
    number: number;
    text: string;
    plural: string;
  }>;
}

function strict(locale = 'en') {
  return createMessages(ftl, locale, (error) => {
    throw error;
  });
}

function read(): Golden {
  assert.ok(existsSync(golden), 'build/golden/messages.json is missing: run scripts/test.sh');
  return JSON.parse(readFileSync(golden, 'utf8')) as Golden;
}

test('every message the catalog defines loads into the bundle (none skipped as malformed)', () => {
  const defined = [...ftl.matchAll(/^([a-zA-Z][\w-]*) *=/gm)].map((m) => m[1]!);
  const messages = strict();
  for (const id of defined) assert.ok(messages.has(id), `${id} did not load`);
});

test('every message core says reads the same rendered by the CLI and by the page, in every locale', () => {
  const { messages: said } = read();
  for (const locale of LOCALES) {
    const messages = createMessages(catalogText(locale), locale, (error) => {
      throw error;
    });
    const own = said.filter((finding) => finding.locale === locale);
    assert.ok(own.length > 0, `the CLI rendered nothing in ${locale}`);
    for (const finding of own) {
      assert.equal(messages.render(finding), finding.text, `${locale} ${finding.code}`);
    }
  }
});

test('numbers of every argument type are written as Intl writes them, in each locale', () => {
  const { numbers } = read();
  assert.ok(numbers.length > 0);
  for (const locale of LOCALES) {
    const messages = createMessages(catalogText(locale), locale);
    for (const sample of numbers.filter((n) => n.locale === locale)) {
      const arg: FindingArg = {
        name: 'x',
        type: sample.type,
        number: sample.number,
        text: '',
        items: [],
      };
      const value = messages.fluentArgs([arg])['x'] as {
        value: number;
        opts: Intl.NumberFormatOptions;
      };
      const text = new Intl.NumberFormat(locale, value.opts).format(value.value);
      assert.equal(text, sample.text, `${locale} ${sample.type} ${sample.number}`);
      const plural = new Intl.PluralRules(locale, value.opts).select(value.value);
      assert.equal(plural, sample.plural, `plural ${locale} ${sample.type} ${sample.number}`);
    }
  }
});

/** The page's own ids: index.html's data-l10n-* attributes, the views' t('id') calls, the
 *  ids tables hold for them (msg('id'), web/src/localized.ts; tr('id') where t names a token
 *  position), the worker's phrase('id') and failure('id'), and the build's
 *  getMessage('id') (the boot fallback, web/vite.config.ts). */
function chromeIds(): Set<string> {
  const ids = new Set<string>();
  const html = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');
  for (const m of html.matchAll(/data-l10n-[\w-]+="([\w-]+)"/g)) ids.add(m[1]!);
  const sources = readdirSync(new URL('../../web/src/', import.meta.url), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => new URL(`../../web/src/${file}`, import.meta.url));
  for (const file of [...sources, new URL('../../web/vite.config.ts', import.meta.url)]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:t|tr|msg|phrase|failure|getMessage)\(\s*'([\w-]+)'/g))
      ids.add(m[1]!);
  }
  return ids;
}

test('the catalog holds only messages core, the page or the token lists say', () => {
  const core = new Set(read().messages.map((m) => m.code));
  const chrome = new Set([...chromeIds(), ...settingIds]);
  const defined = [...ftl.matchAll(/^([a-zA-Z][\w-]*) *=/gm)].map((m) => m[1]!);
  for (const id of defined) {
    assert.ok(
      core.has(id) ||
        id in PAGE_MESSAGES ||
        chrome.has(id) ||
        (LIST_MESSAGES as readonly string[]).includes(id),
      `${id} is said by nobody`,
    );
  }
});

test('every setting the form shows has its label and help in every locale, with no variable', () => {
  assert.ok(formKeys.includes('eta') && formKeys.includes('dataset'));
  for (const locale of LOCALES) {
    const variables = messageVariables(catalogText(locale));
    for (const id of settingIds) assert.deepEqual(variables.get(id), [], `${locale}: ${id}`);
  }
});

test('every message the page names is in the catalog', () => {
  const defined = new Set([...ftl.matchAll(/^([a-zA-Z][\w-]*) *=/gm)].map((m) => m[1]!));
  const missing = [...chromeIds()].filter((id) => !defined.has(id));
  assert.deepEqual(missing, [], 'named by the page, absent from catalog/en.ftl');
});

const argOf = (name: string, type: ArgTypeName): fc.Arbitrary<FindingArg> => {
  const base = { name, type, number: 0, text: '', items: [] as string[] };
  switch (type) {
    case 'token':
    case 'name':
      return fc.string().map((text) => ({ ...base, text }));
    case 'tokens':
      return fc.array(fc.string(), { maxLength: 6 }).map((items) => ({ ...base, items }));
    default:
      return fc
        .oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer())
        .map((number) => ({ ...base, number }));
  }
};

test('any values of the declared types render every message without an error, in every locale', () => {
  const specs = new Map<string, Record<string, ArgTypeName>>(Object.entries(PAGE_MESSAGES));
  for (const finding of read().messages) {
    specs.set(finding.code, Object.fromEntries(finding.args.map((a) => [a.name, a.type])));
  }
  for (const locale of LOCALES) {
    // An error (a missing variable, a bad value) throws.
    const messages = createMessages(catalogText(locale), locale, (error) => {
      throw error;
    });
    for (const [code, types] of specs) {
      const args = fc.tuple(...Object.entries(types).map(([name, type]) => argOf(name, type)));
      fc.assert(
        fc.property(args, (values) => {
          messages.render({
            panel: '',
            kind: 'fact',
            code,
            args: values,
            recipe: '',
            dataset: '',
            details: [],
          });
        }),
        { numRuns: 20 },
      );
    }
  }
});

test('sentences follow one another as each locale writes them: a space in en and es, none in zh-CN', () => {
  const finding = (code: string, details: Finding[] = []): Finding => ({
    panel: 'result2',
    kind: 'expect',
    code,
    args: [],
    recipe: '',
    dataset: '',
    details,
  });
  const verdict = finding('result2-solve', [finding('figure1-p-zero')]);
  for (const [locale, separator] of [
    ['en', ' '],
    ['es', ' '],
    ['zh-CN', ''],
  ] as const) {
    const messages = createMessages(catalogText(locale), locale, (error) => {
      throw error;
    });
    const first = messages.format('result2-solve');
    const second = messages.format('figure1-p-zero');
    assert.equal(messages.render(verdict, true), `${first}${separator}${second}`, locale);
    assert.equal(messages.join([first, second]), `${first}${separator}${second}`, locale);
  }
  const zh = createMessages(catalogText('zh-CN'), 'zh-CN');
  assert.match(zh.render(verdict, true), /。p/);
});

test("the page's percentages (the read-outs, the metrics panel) are the catalog's shares, number for number, in every locale", async () => {
  // The Result 2 read-out shows the selection over the reviews with a token with
  // formatPercent and its verdict quotes the same number as a share: they must read alike.
  const { formatPercent, setNumberLocale } = await import('../../web/src/format.ts');
  const shares = read().numbers.filter((n) => n.type === 'share');
  assert.ok(shares.length > 100);
  try {
    for (const { locale, number, text } of shares) {
      setNumberLocale(locale);
      assert.equal(formatPercent(number), text, `${locale} ${number}`);
    }
  } finally {
    setNumberLocale('en');
  }
});

test('every stage of an attention-SVM solve core names is worded by the catalog, each its own, in every locale', async () => {
  const stages = (await loadModule())
    .enumNames()
    .solveStage.filter((stage) => stage !== 'none' && stage !== 'done' && stage !== 'local_hard');
  assert.deepEqual(stages, ['all_hard', 'all_soft', 'acyclic_hard', 'acyclic_soft']);
  for (const locale of LOCALES) {
    const messages = createMessages(catalogText(locale), locale, (error) => {
      throw error;
    });
    // The p_mm task's line: one wording per stage (a stage the select does not name would
    // fall to its default and read as another).
    const said = stages.map((stage) => messages.format('task-solving-stage', { stage, sweep: 3 }));
    assert.equal(new Set(said).size, stages.length, `${locale}: ${said.join(' | ')}`);
  }
});
