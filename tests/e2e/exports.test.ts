// Exports a teacher puts on a slide: a chart's PNG is a slide-sized figure (2x its 800 CSS
// px, whatever the chart's size on the page) on a light background even in the dark theme
// (the page keeps its theme), with a caption line naming the dataset, step and checksum; on
// a laptop and on a phone, after a full run, every figure's legend takes at most a fifth of
// the image and no axis title is cut (Result 2's legend took ~40% and cut its y title);
// "Download all" gives one zip of every figure, CSV and the run file, with lower-case names
// and ASCII CSV headers, and the run file in it loads back.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { FIGURE_WIDTH, type FigureLayout } from '../../web/src/ui/figure.ts';
import { CHART_IDS, chartFile, panelCsv } from '../../web/src/ui/panels.ts';
import { metrics, openPage, useLab, waitStopped } from './harness.ts';

const lab = useLab();

/** The image's size and what its pixels show, decoded in the page (it has a canvas). No
 *  named helpers inside: tsx would wrap them in a __name call the page does not have. */
function inspectPng(page: Page, base64: string) {
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const width = image.naturalWidth;
    const height = image.naturalHeight;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const rgba = context.getImageData(0, 0, width, height).data;
    const luminance = new Float32Array(width * height); // mean of R, G, B in 0..255
    for (let i = 0; i < width * height; i++)
      luminance[i] = (rgba[4 * i]! + rgba[4 * i + 1]! + rgba[4 * i + 2]!) / 3;
    let light = 0;
    for (const value of luminance) light += value > 235 ? 1 : 0;
    // Dark pixels in the caption's last line: 15 CSS px of line and 6 of padding at 2x.
    let captionInk = 0;
    for (let i = (height - 42) * width; i < (height - 6) * width; i++)
      captionInk += luminance[i]! < 160 ? 1 : 0;
    // Rows with ink in the image's left 18 CSS px, where the y axis's title is drawn.
    const inkRows: number[] = [];
    for (let y = 0; y < height; y++) {
      let ink = false;
      for (let x = 0; x < 36 && !ink; x++) ink = luminance[y * width + x]! < 160;
      if (ink) inkRows.push(y);
    }
    return {
      width,
      height,
      corners: [0, width - 1, (height - 1) * width, height * width - 1].map((i) => luminance[i]!),
      lightShare: light / luminance.length,
      captionInk,
      inkRows,
    };
  }, base64);
}

test('a chart PNG is a slide-sized figure at 2x, light in the dark theme, with a caption of the run', async () => {
  const { page, problems } = await openPage(lab, { dark: true });
  await page.click('#step-attention');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 11);
  const run = await metrics(page);
  const canvas = page.locator('#chart-u-shape');
  // A chart off screen draws its last snapshot once it comes into view (or is exported):
  // bring it on screen and let it draw before taking the picture to compare against.
  await canvas.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const before = await canvas.evaluate((node: HTMLCanvasElement) => node.toDataURL());

  const download = page.waitForEvent('download');
  await page.click('.chart-tools[data-chart="uShape"] [data-action="png"]');
  const file = await download;
  assert.equal(file.suggestedFilename(), 'clslab-u-shape.png');
  const png = await inspectPng(page, readFileSync(await file.path()).toString('base64'));
  assert.equal(png.width, 2 * FIGURE_WIDTH, '2 device px per CSS px of an 800 px figure');
  for (const corner of png.corners) assert.ok(corner > 245, `light corner (${corner})`);
  assert.ok(png.lightShare > 0.8, `mostly light pixels (${png.lightShare.toFixed(2)})`);
  assert.ok(png.captionInk > 50, `the caption is drawn (${png.captionInk} dark pixels)`);

  const caption = await page.getAttribute('.chart-tools[data-chart="uShape"]', 'data-caption');
  // The U's key numbers (picture.test.ts compares them with the metrics), then the run.
  assert.match(
    caption ?? '',
    /^U-score .+\. twins\.tsv \([\d,]+ train, \d+ test reviews\) · paper protocol: η/,
  );
  assert.ok(caption?.endsWith(`· step ${run?.step} · checksum ${run?.checksum}`), caption ?? '');

  // The page kept its theme: the on-page chart is drawn as before, on the dark page.
  assert.equal(await canvas.evaluate((node: HTMLCanvasElement) => node.toDataURL()), before);
  assert.equal(
    await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
    'rgb(15, 19, 24)',
  );
  assert.deepEqual(problems.console, []);
  await page.close();
});

for (const [name, viewport] of [
  ['laptop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`after a full run on a ${name}, no figure's legend takes over a fifth of it and no axis title is cut`, async () => {
    const { page, problems } = await openPage(lab, { ...viewport, hash: '#speed=0' });
    await page.click('#play');
    await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 300, null, {
      timeout: 120000,
    });
    await waitStopped(page);
    for (const id of CHART_IDS) {
      const tools = page.locator(`.chart-tools[data-chart="${id}"]`);
      await tools.scrollIntoViewIfNeeded();
      const download = page.waitForEvent('download');
      await tools.locator('[data-action="png"]').click();
      const file = await download;
      const layout = JSON.parse(
        (await tools.getAttribute('data-figure')) ?? 'null',
      ) as FigureLayout | null;
      assert.ok(layout !== null, `${id}: the figure's layout is recorded`);
      const png = await inspectPng(page, readFileSync(await file.path()).toString('base64'));
      const what = `${id} on a ${name}: ${JSON.stringify(layout)}`;
      assert.equal(png.height, 2 * layout.height, `${what}: the layout is the image's`);
      const legend = layout.legend.bottom - layout.legend.top;
      assert.ok(legend <= layout.height / 5, `${what}: legend ${legend} of ${layout.height} px`);
      assert.ok(layout.titles.length >= 2, `${what}: axis titles`);
      for (const title of layout.titles)
        assert.ok(
          title.start >= title.min && title.end <= title.max,
          `${what}: "${title.text}" ${title.start.toFixed(0)}..${title.end.toFixed(0)} ` +
            `outside ${title.min.toFixed(0)}..${title.max.toFixed(0)}`,
        );
      // The pixels agree: the left y title's ink lies where the layout says it is.
      const left = layout.titles.find((t) => t.axis === 'y');
      const inChart = png.inkRows.filter((row) => row / 2 >= layout.legend.bottom + 2);
      assert.ok(left !== undefined, `${what}: a title on the left y axis`);
      assert.ok(inChart.length > 0, `${what}: ink below the legend`);
      assert.ok(inChart[0]! / 2 >= left.start - 3, `${what}: ink above the title`);
      assert.ok(inChart.at(-1)! / 2 <= layout.height, `${what}: ink below the chart`);
    }
    assert.deepEqual(problems.console, []);
    await page.close();
  });
}

test('Download all gives one zip of the figures, CSVs and run file, and the run loads back', async () => {
  const { page, problems } = await openPage(lab);
  await page.click('#step-attention');
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 11);
  const run = await metrics(page);
  const downloads: string[] = [];
  page.on('download', (file) => downloads.push(file.suggestedFilename()));

  const download = page.waitForEvent('download');
  await page.click('#export-all');
  const zipFile = await download;
  await page.waitForFunction(() =>
    /^Saved clslab-step/.test(document.getElementById('export-status')?.textContent ?? ''),
  );
  assert.deepEqual(downloads, [`clslab-step${run?.step}.zip`], 'one download, not a burst');
  const files = unzipSync(readFileSync(await zipFile.path()));
  const names = Object.keys(files).sort();
  assert.deepEqual(
    names,
    [
      ...CHART_IDS.flatMap((id) => [chartFile(id, 'csv'), chartFile(id, 'png')]),
      panelCsv('metrics'),
      `clslab-run-step${run?.step}.json`,
      'clslab-tokens.csv',
    ].sort(),
  );
  for (const name of names) {
    const bytes = files[name] ?? new Uint8Array();
    if (name.endsWith('.png'))
      assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], `${name} is a PNG`);
    if (name.endsWith('.csv')) {
      const header = strFromU8(bytes).split('\r\n')[0] ?? '';
      assert.match(header, /^[A-Za-z0-9_]+(,[A-Za-z0-9_]+)*$/, `${name}: ${header}`);
    }
  }
  assert.match(
    strFromU8(files['clslab-u-shape.csv']!).split('\r\n')[0]!,
    /^token,count,delta,p_dot_E$/,
  );
  assert.match(
    strFromU8(files['clslab-selection.csv']!).split('\r\n')[0]!,
    /^step,cosine_to_max_margin,selection_accuracy,selection_mass,cosine_to_local_svm,local_selection_s_star,cosine_to_max_margin_acyclic,selection_accuracy_acyclic$/,
  );
  await page.close();

  // The run file from the zip loads on a fresh page: same step, same weights.
  const runJson = strFromU8(files[`clslab-run-step${run?.step}.json`]!);
  const fresh = await openPage(lab);
  await fresh.page.setInputFiles('#run-file', {
    name: 'run.json',
    mimeType: 'application/json',
    buffer: Buffer.from(runJson),
  });
  await fresh.page.waitForFunction(
    (step) => window.__clslab?.metrics()?.step === step,
    run?.step ?? -1,
  );
  assert.equal((await metrics(fresh.page))?.checksum, run?.checksum);
  assert.deepEqual([...problems.console, ...fresh.problems.console], []);
  await fresh.page.close();
});

// Issue 43: a 270 MB run file aborted the module, and run-file errors piled up in the banner
// (seven lines after seven files). An oversize file is refused unread, in words; each failed
// file's message replaces the last one's.
test('a run file over the limit is refused unread; failed run files leave one message', async () => {
  const { page, problems } = await openPage(lab);
  const refused = await page.evaluate(() => {
    const picker = document.getElementById('run-file') as HTMLInputElement;
    const files = new DataTransfer();
    files.items.add(new File([new ArrayBuffer(129 * 2 ** 20)], 'huge-run.json'));
    picker.files = files.files;
    picker.dispatchEvent(new Event('change'));
    return document.getElementById('export-status')?.textContent ?? '';
  });
  assert.equal(
    refused,
    'huge-run.json is 129.0 MB, over the limit of 128.0 MB for a run file (reading it would ' +
      'not fit in memory); nothing changed.',
  );
  for (const [name, text, said] of [
    ['a.json', 'not json', 'is not JSON'],
    ['b.json', '{}', 'not a clslab run file'],
    ['c.json', '{"clslab_run":2}', 'has no config'],
  ] as const) {
    await page.setInputFiles('#run-file', {
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await page.waitForFunction(
      (words) =>
        (document.getElementById('export-status')?.textContent ?? '').includes(words) &&
        (document.getElementById('banner-messages')?.textContent ?? '').includes(words),
      said,
    );
  }
  assert.equal(await page.locator('#banner-messages li').count(), 1, 'one line, the last one');
  assert.equal((await metrics(page))?.step, 1, 'nothing changed');
  assert.deepEqual(problems.console, []);
  await page.close();
});
