// The lab's core promise as a property, against the real wasm module: whatever a user does
// (changes settings, the seed and the data settings included; loads small files or other
// built-in data; steps, Step E, Step p, Play and Pause; exports and imports run files;
// resets), the run file and the share link at the end each reproduce the same weights in
// a fresh session (for uploaded data, once the same file is supplied). fast-check draws
// the sequences and shrinks a failure to a shortest one.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { corpus, loadModule, sessionHarness, type SessionHarness } from './support.ts';

const module = await loadModule();

/** Small user files, each a different corpus; the test keeps them to supply again. */
const FILES: Record<string, string> = {
  'a.tsv': corpus(40),
  'b.tsv': corpus(56).replaceAll('film', 'movie'),
  'c.csv':
    'text,label\n' +
    corpus(48)
      .trim()
      .split('\n')
      .map((line) => {
        const [label, text] = line.split('\t');
        return `"${text}",${label}`;
      })
      .join('\n') +
    '\n',
};

type Action =
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'file'; name: string }
  | { kind: 'builtin'; dataset: string }
  | { kind: 'step'; count: number }
  | { kind: 'stepE' }
  | { kind: 'stepP'; count: number }
  | { kind: 'play'; pause: boolean }
  | { kind: 'roundTrip' }
  | { kind: 'reset' };

const settings: Array<[string, unknown[]]> = [
  ['seed', [1, 2, 3]],
  ['min_count', [1, 2]],
  ['test_fraction', [0, 0.25]],
  ['max_doc_share', [1, 0.6]],
  ['width', [4, 8]],
  ['sigma', [0.5, 1]],
  ['protocol', ['paper', 'joint']],
  ['optimizer', ['gd', 'sgd', 'adam']],
  ['batch_size', [0, 8]],
  ['flow_step', ['armijo', 'normalized', 'growing']],
  ['steps', [3, 6]],
  ['svm_c', [1, 2]],
  ['drop_unknown', [false, true]],
  ['flow_acyclic_only', [false, true]],
];

const action: fc.Arbitrary<Action> = fc.oneof(
  fc
    .constantFrom(...settings)
    .chain(([key, values]) =>
      fc.constantFrom(...values).map((value): Action => ({ kind: 'set', key, value })),
    ),
  fc.constantFrom(...Object.keys(FILES)).map((name): Action => ({ kind: 'file', name })),
  fc.constantFrom('movies', 'synthetic').map((dataset): Action => ({ kind: 'builtin', dataset })),
  fc.integer({ min: 1, max: 3 }).map((count): Action => ({ kind: 'step', count })),
  fc.constant<Action>({ kind: 'stepE' }),
  fc.integer({ min: 1, max: 3 }).map((count): Action => ({ kind: 'stepP', count })),
  fc.boolean().map((pause): Action => ({ kind: 'play', pause })),
  fc.constant<Action>({ kind: 'roundTrip' }),
  fc.constant<Action>({ kind: 'reset' }),
);

const file = (name: string) => ({ path: name, file: new File([FILES[name] ?? ''], name) });

/** The settings in force, with `changes` (what the form sends). */
function changed(h: SessionHarness, changes: Record<string, unknown>): string {
  const current = h.ofType('settingsApplied').at(-1)?.configJson ?? h.last('ready').configJson;
  return JSON.stringify({ ...JSON.parse(current), ...changes });
}

async function perform(h: SessionHarness, a: Action): Promise<void> {
  switch (a.kind) {
    case 'set':
      await h.send({ type: 'applySettings', configJson: changed(h, { [a.key]: a.value }) });
      return;
    case 'file':
      await h.send({ type: 'previewFiles', files: [file(a.name)] });
      await h.send({ type: 'confirmDataset' });
      return;
    case 'builtin':
      await h.send({
        type: 'applySettings',
        configJson: changed(h, {
          dataset: a.dataset,
          source_name: '',
          source_rows: 0,
          source_hash: '',
          source_seed: 0,
          source_format: 'auto',
          source_text_column: '',
          source_label_column: '',
          source_header: -1,
          source_stars: 3,
          source_latin1: false,
        }),
      });
      return;
    case 'step':
      await h.send({ type: 'step', count: a.count });
      return;
    case 'stepE':
      await h.send({ type: 'stepEmbeddings' });
      return;
    case 'stepP':
      await h.send({ type: 'stepAttention', count: a.count });
      return;
    case 'play': {
      const from = h.events.length;
      await h.send({ type: 'play' });
      if (a.pause) await h.send({ type: 'pause' });
      if (h.events.slice(from).some((e) => e.type === 'started')) await h.waitFor('stopped', from);
      return;
    }
    case 'roundTrip': {
      await h.send({ type: 'exportRun' });
      await h.send({ type: 'importRun', json: h.last('runExported').json });
      return;
    }
    case 'reset':
      await h.send({ type: 'reset' });
      return;
  }
}

/** A fresh session opened on `link`, given the file it asks for, replayed to `step`. */
async function openLink(link: string, step: number): Promise<string | undefined> {
  const h = await sessionHarness({ module, builtin: corpus(60) });
  await h.send({ type: 'init', datasetBaseUrl: 'http://test/datasets/', hash: link });
  const need = h.ofType('datasetNeeded').at(-1)?.need;
  if (need?.kind === 'file') await h.send({ type: 'supplySource', files: [file(need.name)] });
  await h.send({ type: 'runTo', step });
  if (h.ofType('started').length > 0) await h.waitFor('stopped');
  const checksum = h.lastMetrics()?.checksum;
  h.session.dispose();
  return checksum;
}

async function openRun(json: string): Promise<string | undefined> {
  const h = await sessionHarness({ module, builtin: corpus(60) });
  await h.init();
  await h.send({ type: 'importRun', json });
  const checksum = h.last('runImported').checksum;
  h.session.dispose();
  return checksum;
}

test('any sequence of user actions ends in a run file and a link that reproduce its weights', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 10 }), async (actions) => {
      const h = await sessionHarness({ module, builtin: corpus(60) });
      try {
        await h.init({ width: 8, min_count: 1, steps: 4 });
        for (const a of actions) await perform(h, a);
        const metrics = h.lastMetrics();
        assert.ok(metrics !== undefined);
        const link = h.ofType('settingsApplied').at(-1)?.shareHash ?? '';
        assert.equal(
          await openLink(link, metrics.step),
          metrics.checksum,
          `link ${link} to step ${metrics.step}`,
        );
        await h.send({ type: 'exportRun' });
        assert.equal(await openRun(h.last('runExported').json), metrics.checksum, 'run file');
      } finally {
        h.session.dispose();
      }
    }),
    { numRuns: 200, seed: 20261202, endOnFailure: true },
  );
});
