// What the exports are named and say: every CSV column is ASCII snake_case, file names are
// lower-case stems, a figure's caption names the dataset, the recipe, the step and the
// checksum, and "Download all" zips files that unzip to the same bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { metricColumn, TOKEN_COLUMNS, useMetricFields } from '../../web/src/csv-names.ts';
import { fileStem, toCsv } from '../../web/src/ui/download.ts';
import { captionLine, recipe, type RunFacts } from '../../web/src/ui/run-facts.ts';
import { zipFiles, zipName } from '../../web/src/ui/zip-export.ts';
import { speak } from './catalog-files.ts';
import { loadModule } from './support.ts';

speak('en'); // the captions are worded from the catalog, as on the page

test("metric columns are core's field names in ASCII snake_case", async () => {
  useMetricFields((await loadModule()).metricFields());
  assert.equal(metricColumn('trainLoss'), 'train_loss');
  assert.equal(metricColumn('alignmentR2'), 'alignment_r2');
  assert.equal(metricColumn('cosineToMaxMargin'), 'cosine_to_max_margin');
  assert.equal(metricColumn('uScore'), 'u_score');
  assert.equal(metricColumn('step'), 'step');
});

test('token columns spell the symbols out in ASCII', () => {
  const header = toCsv(Object.values(TOKEN_COLUMNS), []).trim();
  assert.equal(header, 'token,count,alpha,delta,v_dot_E,p_dot_E');
});

test('file stems are lower-case and keep camelCase word breaks', () => {
  assert.equal(fileStem('uShape'), 'u-shape');
  assert.equal(fileStem('loss'), 'loss');
  assert.equal(fileStem('Result 1: v·E_s'), 'result-1-v-e-s');
  assert.equal(zipName(37), 'clslab-step37.zip');
});

const paperFacts: RunFacts = {
  dataset: { sourceName: 'movies.tsv', trainReviews: 1600, testReviews: 400 },
  settings: {
    protocol: 'paper',
    eta: 1000,
    flow_step: 'armijo',
    flow_rate: 0.1,
    width: 1024,
    sigma: 1,
    seed: 7,
    optimizer: 'adam',
  },
  metrics: { step: 31, checksum: '341a480c6c509535' },
};

test('a caption names the dataset, the paper recipe, the step and the checksum', () => {
  assert.equal(
    captionLine(paperFacts),
    'movies.tsv (1,600 train, 400 test reviews) · paper protocol: η 1000, flow armijo r 0.1; ' +
      'd 1024, σ 1, seed 7 · step 31 · checksum 341a480c6c509535',
  );
});

test('the joint recipe names the optimizer, its rate and the batch instead of η', () => {
  const joint = { ...paperFacts.settings, protocol: 'joint', learning_rate: 0.01, batch_size: 32 };
  assert.equal(
    recipe(joint),
    'joint training: adam, learning rate 0.01, batch 32; d 1024, σ 1, seed 7',
  );
  assert.match(recipe({ ...joint, batch_size: 0, train_v: true }), /full batch, v trained;/);
});

test('before a dataset or a step the caption says so instead of inventing numbers', () => {
  const caption = captionLine({ ...paperFacts, dataset: null, metrics: null });
  assert.match(caption, /^no dataset · paper protocol/);
  assert.match(caption, /· not started$/);
});

test('the zip holds every file under its name, bytes unchanged', async () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const csv = 'step,train_loss\r\n1,0.5\r\n';
  const zip = await zipFiles([
    { name: 'clslab-loss.png', data: png },
    { name: 'clslab-loss.csv', data: csv },
  ]);
  const files = unzipSync(zip);
  assert.deepEqual(Object.keys(files).sort(), ['clslab-loss.csv', 'clslab-loss.png']);
  assert.deepEqual(files['clslab-loss.png'], png);
  assert.equal(strFromU8(files['clslab-loss.csv'] ?? new Uint8Array()), csv);
});

test('two files with one name are refused rather than one silently replacing the other', async () => {
  const file = { name: 'clslab-tokens.csv', data: 'token\r\n' };
  await assert.rejects(zipFiles([file, file]), /Two files named clslab-tokens\.csv/);
});
