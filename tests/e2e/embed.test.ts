// Chart-first embeds in Chromium: in a 720 x 600 frame on a course page of another origin
// the chosen chart lies wholly in view together with Play; an embedded Result 2 draws
// cos(p, p_mm) (p_mm is solved right after the step on E); every option of the Embed
// dialog changes the link, and the framed page does what the option says; the snippet's
// height fits the ticked panels. Needs `npm run build`.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { canvasId } from '../../web/src/ui/panels.ts';
import { metrics, openPage, screenshot, series, useLab } from './harness.ts';

const lab = useLab();

/** A course page on another port (another origin) holding one iframe of `src`. */
async function coursePage(src: string, width: number, height: number, dark: boolean) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ML 101</title>' +
    '<style>body{margin:0}</style></head><body>' +
    `<iframe src="${src.replaceAll('&', '&amp;')}" width="${width}" height="${height}" ` +
    'style="border:0" title="clslab"></iframe></body></html>';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const page = await lab.browser.newPage({
    viewport: { width: width + 40, height: height + 40 },
    colorScheme: dark ? 'dark' : 'light',
  });
  await page.goto(`http://127.0.0.1:${port}/week3.html`);
  await page.waitForFunction(() => document.querySelector('iframe') !== null);
  const frame = page.frames().find((f) => f.url().startsWith(lab.baseUrl));
  assert.ok(frame, 'the iframe opened the lab');
  await frame.waitForFunction(() => window.__clslab?.metrics() != null, null, { timeout: 60000 });
  return {
    page,
    frame,
    close: async () => {
      await page.close();
      server.close();
    },
  };
}

/** Where `selector` lies in the frame's own viewport, and whether it lies wholly inside. */
function placement(frame: Frame | Page, selector: string) {
  return frame.evaluate((s) => {
    const node = document.querySelector(s);
    if (node === null) return { inside: false, box: 'missing' };
    const r = node.getBoundingClientRect();
    const inside =
      r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    return {
      inside,
      box: `${r.left},${r.top} ${r.width}x${r.height} in ${innerWidth}x${innerHeight}`,
    };
  }, selector);
}

/** The lab's frame of `page` once it has navigated there. */
async function frameOf(page: Page): Promise<Frame> {
  const isLab = (f: Frame) => f.url().startsWith(lab.baseUrl);
  for (let k = 0; k < 100 && !page.frames().some(isLab); k++) await page.waitForTimeout(100);
  const frame = page.frames().find(isLab);
  assert.ok(frame, 'the iframe opened the lab');
  return frame;
}

/** The canvases that lie wholly in the course page's window (the frame `offset` px down
 *  it); with `keep`, each one's pixels now are kept in the frame, and without it each
 *  returns the share of its pixels that changed clearly since (a colour moved by more than
 *  30 of 765: a point that moved, not a re-rasterized edge). */
function chartsInView(frame: Frame, offset: number, window: number, keep: boolean) {
  return frame.evaluate(
    ({ offset, window, keep }) => {
      const kept = ((
        globalThis as unknown as { keptPixels?: Record<string, Uint8ClampedArray> }
      ).keptPixels ??= {});
      return [...document.querySelectorAll<HTMLCanvasElement>('.chart-card canvas')]
        .filter((canvas) => {
          const r = canvas.getBoundingClientRect();
          const top = r.top + offset;
          return r.height > 0 && r.top >= 0 && top >= 0 && top + r.height <= window;
        })
        .map((canvas) => {
          const now = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          if (keep) kept[canvas.id] = now;
          const before = kept[canvas.id];
          let changed = 0;
          if (before !== undefined && before.length === now.length)
            for (let i = 0; i < now.length; i += 4) {
              const d =
                Math.abs(now[i]! - before[i]!) +
                Math.abs(now[i + 1]! - before[i + 1]!) +
                Math.abs(now[i + 2]! - before[i + 2]!);
              if (d > 30) changed += 1;
            }
          return { id: canvas.id, changed: changed / (now.length / 4) };
        });
    },
    { offset, window, keep },
  );
}

/** Play lies wholly in the course page's window (the frame `offset` px down it) and a
 *  click at its centre lands on it. */
function playInView(frame: Frame, offset: number, window: number) {
  return frame.evaluate(
    ({ offset, window }) => {
      const play = document.getElementById('play')!;
      const r = play.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const inside = r.top >= 0 && r.bottom <= innerHeight && r.top + offset >= 0;
      return {
        ok: inside && r.bottom + offset <= window && hit !== null && play.contains(hit),
        box: `${Math.round(r.top + offset)}..${Math.round(r.bottom + offset)} in ${window}`,
      };
    },
    { offset, window },
  );
}

test('the default snippet shows, in a 720 x 600 frame and in a frame that follows its height, a chart that Play changes with Play in view', async () => {
  const { page: teacher } = await openPage(lab);
  await teacher.click('#embed-open');
  const snippet = await teacher.inputValue('#embed-snippet');
  await teacher.close();
  for (const follow of [false, true]) {
    // A 720 x 600 window; the frame at its top-left, 600 px high, or as high as the lab
    // says with the snippet's own listener.
    const body = follow
      ? snippet
      : snippet.replace(/<script>[\s\S]*<\/script>/, '').replace(/height="\d+"/, 'height="600"');
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ML 101</title>' +
      `<style>body{margin:0}</style></head><body>${body}</body></html>`;
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Closed after the file's tests too: a server left listening by a failed test keeps
    // the test process alive.
    after(() => {
      if (!server.listening) return;
      server.closeAllConnections();
      server.close();
    });
    const page = await lab.browser.newPage({ viewport: { width: 720, height: 600 } });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/week3.html`);
    const frame = await frameOf(page);
    await frame.waitForFunction(
      () =>
        !(document.getElementById('play') as HTMLButtonElement).disabled &&
        window.__clslab?.state().task === null,
      null,
      { timeout: 60000 },
    );
    if (follow)
      await page.waitForFunction(
        () => (document.querySelector('iframe')?.getBoundingClientRect().height ?? 0) !== 600,
      );
    const offset = await page.evaluate(() => document.querySelector('iframe')!.offsetTop);
    const what = follow ? 'following its height' : 'at 600 px';
    const before = await chartsInView(frame, offset, 600, true);
    assert.ok(before.length > 0, `${what}: a whole chart in view`);
    const play = await playInView(frame, offset, 600);
    assert.ok(play.ok, `${what}: Play in view (${play.box})`);
    await frame.click('#play');
    await frame.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 100, null, {
      timeout: 60000,
    });
    await frame.waitForTimeout(300); // a frame for the charts
    // Result 1 stands still after the step on E (0 pixels changed); Figure 1's U moved 8%.
    const later = await chartsInView(frame, offset, 600, false);
    assert.ok(
      later.some((chart) => chart.changed >= 0.01),
      `${what}: a chart in view changes while Play runs: ${JSON.stringify(later)}`,
    );
    assert.ok((await playInView(frame, offset, 600)).ok, `${what}: Play still in view`);
    await screenshot(page, `embed-default-${follow ? 'follow' : '600'}.png`, false);
    await page.close();
    server.close();
  }
});

for (const dark of [false, true]) {
  test(`a 720 x 600 frame of panels=ushape shows the whole chart and Play (${dark ? 'dark' : 'light'})`, async () => {
    const course = await coursePage(`${lab.baseUrl}#panels=ushape&embed=1`, 720, 600, dark);
    const { frame } = course;
    await frame.waitForFunction(
      () => !(document.getElementById('play') as HTMLButtonElement).disabled,
    );
    const chart = await placement(frame, `#${canvasId('uShape')}`);
    const play = await placement(frame, '#play');
    assert.ok(chart.inside, `the U-shape canvas lies in the frame: ${chart.box}`);
    assert.ok(play.inside, `Play lies in the frame: ${play.box}`);
    const canvas = await frame.evaluate(
      (id) => document.getElementById(id)?.clientHeight ?? 0,
      canvasId('uShape'),
    );
    assert.ok(canvas >= 250, `the chart fills the frame (${canvas} px high)`);
    for (const hidden of ['metrics', 'alignment', 'result2', 'header', 'settings'])
      assert.equal(await frame.locator(`[data-panel="${hidden}"]:visible`).count(), 0, hidden);
    const width = await frame.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 720, `no sideways scrolling (${width} px)`);
    await screenshot(course.page, `embed-ushape-720x600-${dark ? 'dark' : 'light'}.png`, false);
    await course.close();
  });
}

test('an embedded Result 2 draws cos(p, p_mm) from the step on E on, beside Result 1 at 720 x 600', async () => {
  const { page, problems } = await openPage(lab, {
    width: 720,
    height: 600,
    hash: '#panels=alignment,result2&embed=1&run=40',
    step: 40,
  });
  const chart = await placement(page, `#${canvasId('alignment')}`);
  assert.ok(chart.inside, `the Result 1 canvas lies in view: ${chart.box}`);
  assert.ok((await placement(page, '#play')).inside, 'Play lies in view');
  // The replay solved p_mm right after the step on E: every later snapshot has a cosine.
  // The replay's own points depend on its pace (a run sends a snapshot at most every
  // 33 ms or more: a replay that solves and reaches step 40 sooner leaves only the step it
  // stops on), so three presses of Step p add three more points to the curve.
  for (const want of [50, 60, 70]) {
    await page.click('#step-attention');
    await page.waitForFunction((w) => window.__clslab?.metrics()?.step === w, want);
  }
  const cosine = ((await series(page))['selection']?.['cosineToMaxMargin'] ?? []).filter((point) =>
    Number.isFinite(point.y),
  );
  assert.ok(cosine.length >= 4, `a cosine curve, not a dot (${cosine.length} points)`);
  assert.ok(
    (cosine[0]?.x ?? Infinity) <= 40,
    `cosine from the replay on (first at ${cosine[0]?.x})`,
  );
  const readout = (await page.textContent('#result2-readout')) ?? '';
  assert.match(readout, /^cos\(p, p_mm\) -?\d/, readout);
  assert.doesNotMatch(readout, /n\/a/);
  await page.locator('[data-panel="result2"]').scrollIntoViewIfNeeded();
  await screenshot(page, 'embed-result2-720x600.png', false);
  assert.deepEqual(problems.console, []);
  await page.close();
});

/** The Embed dialog's link and the snippet's frame height after `choose` set its options. */
async function dialogLink(page: Page, choose: () => Promise<void>) {
  await page.click('#embed-open');
  await choose();
  const snippet = await page.inputValue('#embed-snippet');
  await page.keyboard.press('Escape');
  const src = (/src="([^"]+)"/.exec(snippet)?.[1] ?? '').replaceAll('&amp;', '&');
  const height = Number(/height="(\d+)"/.exec(snippet)?.[1]);
  return { src, hash: new URL(src).hash, height };
}

/** Opens the dialog's link as its frame would show it (a page of the frame's size). */
async function openFrame(src: string, height: number, step: number) {
  return openPage(lab, { width: 720, height, hash: new URL(src).hash, step });
}

test('the panels, title, start step and speed of the dialog are in the link and obeyed', async () => {
  const { page } = await openPage(lab);
  await page.click('#step-attention'); // step 11
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 11);
  const { hash, height, src } = await dialogLink(page, async () => {
    for (const panel of ['alignment', 'result2']) await page.uncheck(`#embed-show-${panel}`);
    await page.check('#embed-show-header');
    assert.equal(await page.inputValue('#embed-step'), '11', 'the step reached by default');
    await page.fill('#embed-step', '7');
    await page.selectOption('#embed-speed', '10');
  });
  assert.match(hash, /panels=header,ushape(&|$)/);
  assert.match(hash, /run=7(&|$)/);
  assert.match(hash, /speed=10(&|$)/);
  assert.doesNotMatch(hash, /autoplay|tour|hide=/);
  const reference = await openPage(lab, { hash: '#run=7', step: 7 });
  const expected = (await metrics(reference.page))?.checksum;
  await reference.page.close();

  const frame = await openFrame(src, height, 7);
  const f = frame.page;
  assert.ok(await f.locator('[data-panel="header"]').isVisible(), 'the title and share bar show');
  assert.ok(await f.locator('[data-panel="ushape"]').isVisible());
  for (const hidden of ['alignment', 'result2', 'metrics', 'loss'])
    assert.equal(await f.locator(`[data-panel="${hidden}"]:visible`).count(), 0, hidden);
  assert.equal((await metrics(f))?.checksum, expected, 'replayed to step 7, the same weights');
  assert.equal(await f.getAttribute('#speed', 'aria-valuetext'), '10 steps/s');
  const scrolled = await f.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(scrolled <= height, `the ticked panels fit the snippet's ${height} px (${scrolled})`);
  await screenshot(f, 'embed-dialog-frame-header-ushape.png');
  assert.deepEqual(frame.problems.console, []);
  await f.close();
  await page.close();
});

test('without the control bar the frame has no Play; with autoplay it plays from the link step', async () => {
  const { page } = await openPage(lab);
  const bare = await dialogLink(page, () => page.uncheck('#embed-controls'));
  assert.match(bare.hash, /hide=controls(&|$)/);
  const frame = await openFrame(bare.src, bare.height, 1);
  assert.equal(await frame.page.locator('#play:visible').count(), 0, 'no control bar');
  assert.ok(await frame.page.locator('[data-panel="ushape"]').isVisible(), 'the default chart');
  const scrolled = await frame.page.evaluate(() => document.documentElement.scrollHeight);
  assert.ok(scrolled <= bare.height, `the chart fits ${bare.height} px (${scrolled})`);
  await frame.page.close();

  const auto = await dialogLink(page, async () => {
    await page.check('#embed-controls');
    await page.check('#embed-autoplay');
    await page.fill('#embed-step', '5');
  });
  assert.match(auto.hash, /run=5&.*autoplay=1/);
  const played = await openFrame(auto.src, auto.height, 5);
  await played.page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) > 5, null, {
    timeout: 30000,
  });
  assert.deepEqual(played.problems.console, []);
  await played.page.close();
  await page.close();
});

test('the tour option opens the frame on the tour, at the link step', async () => {
  const { page } = await openPage(lab);
  const { hash, src, height } = await dialogLink(page, () => page.check('#embed-tour'));
  assert.match(hash, /tour=1/);
  const frame = await openFrame(src, height, 1);
  await frame.page.waitForSelector('#tour:not([hidden])');
  assert.equal((await metrics(frame.page))?.step, 1, 'the tour kept the step');
  await frame.page.close();
  await page.close();
});

test('a height typed in the dialog goes into the snippet; ticking panels no longer moves it', async () => {
  const { page } = await openPage(lab);
  await page.click('#embed-open');
  const auto = Number(await page.inputValue('#embed-height'));
  await page.uncheck('#embed-show-ushape');
  const fewer = Number(await page.inputValue('#embed-height'));
  assert.ok(fewer < auto, `fewer panels, a lower frame (${auto} -> ${fewer})`);
  await page.fill('#embed-height', '900');
  await page.check('#embed-show-ushape');
  assert.equal(await page.inputValue('#embed-height'), '900');
  assert.match(await page.inputValue('#embed-snippet'), /height="900"/);
  await screenshot(page, 'embed-dialog.png', false);
  await page.close();
});
