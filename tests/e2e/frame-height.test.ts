// Frames that size themselves, in Chromium: a course page on one origin (127.0.0.1) pastes
// the Embed dialog's snippet of the lab served from another (localhost, another port);
// the lab posts its content height ({type: 'clslab:resize', height} and Canvas's
// {subject: 'lti.frameResize', height}) to that page's origin, and the snippet's listener
// sets the frame to it, so the frame never scrolls, growing when the tour opens and
// shrinking when it closes; a message from another frame moves nothing. In a fixed
// 720 x 600 frame with the tour open, each chart keeps its full height and its
// Table/PNG/CSV row. Needs `npm run build`.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { openPage, screenshot, useLab, type Lab } from './harness.ts';

const lab = useLab();
/** The same server by another host name: another origin than the course page's. */
const labByName = (): Lab => ({ ...lab, baseUrl: lab.baseUrl.replace('127.0.0.1', 'localhost') });

interface Heard {
  origin: string;
  fromLab: boolean;
  data: { type?: string; subject?: string; height?: unknown };
}

/** The Embed dialog's snippet on the lab at `lab`, with the tour ticked. */
async function snippet(from: Lab): Promise<string> {
  const { page } = await openPage(from);
  await page.click('#embed-open');
  await page.check('#embed-tour');
  const text = await page.inputValue('#embed-snippet');
  await page.close();
  return text;
}

/** A course page on 127.0.0.1 holding `body`; it records every message it hears, and a
 *  second frame (/other.html, same origin as the page) that can post messages too. */
async function coursePage(body: string) {
  const recorder =
    '<script>window.heard = []; addEventListener("message", function (e) {' +
    ' window.heard.push({ origin: e.origin, data: e.data,' +
    ' fromLab: e.source === document.querySelector("iframe").contentWindow }); });</script>';
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ML 101</title>' +
    `<style>body{margin:0}</style>${recorder}</head><body>${body}` +
    '<iframe id="other" src="/other.html" width="10" height="10"></iframe></body></html>';
  const server = createServer((request, response) => {
    const page = request.url === '/other.html' ? '<!doctype html><title>other</title>' : html;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Closed after the file's tests too: a failed test skips its close(), and a server left
  // listening kept the test process alive until CI's limit.
  const stop = () => {
    if (!server.listening) return;
    server.closeAllConnections();
    server.close();
  };
  after(stop);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const page = await lab.browser.newPage({ viewport: { width: 800, height: 700 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${origin}/week3.html`);
  return {
    page,
    origin,
    problems,
    close: async () => {
      await page.close();
      stop();
    },
  };
}

/** The course page's frame once it has navigated to the lab (the parent's load event can
 *  come before the iframe's navigation starts: the frame is about:blank until then). */
async function labFrame(page: Page): Promise<Frame> {
  const lab = (f: Frame) => f.url().startsWith(labByName().baseUrl);
  for (let k = 0; k < 100 && !page.frames().some(lab); k++) await page.waitForTimeout(100);
  const frame = page.frames().find(lab);
  assert.ok(frame, 'the iframe opened the lab');
  return frame;
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);

/** The lab's last reported height, once the frame stands at it (the listener applied it). */
async function settledHeight(page: Page, frame: Frame): Promise<number> {
  await page.waitForFunction(() => {
    const all = (window as unknown as { heard: Heard[] }).heard;
    const last = all.filter((m) => m.fromLab && m.data.type === 'clslab:resize').at(-1);
    const box = document.querySelector('iframe')?.getBoundingClientRect().height;
    return last !== undefined && box === last.data.height;
  });
  // No message in flight: the frame's content is as tall as the frame.
  await frame.waitForFunction(
    () => document.documentElement.scrollHeight <= document.documentElement.clientHeight,
  );
  const messages = (await heard(page)).filter((m) => m.fromLab && m.data.type === 'clslab:resize');
  return Number(messages.at(-1)?.data.height);
}

test('a parent page on another origin hears the height and the snippet sizes the frame to it', async () => {
  const text = await snippet(labByName());
  assert.match(text, /<iframe src="http:\/\/localhost:\d+\/#[^"]*tour=1/, 'the lab by its name');
  assert.match(text, /event\.source === frame\.contentWindow/, 'the listener checks the sender');
  const course = await coursePage(text);
  const { page } = course;
  const frame = await labFrame(page);
  await frame.waitForSelector('#tour:not([hidden])');
  await frame.waitForFunction(() => window.__clslab?.metrics() != null);
  const withTour = await settledHeight(page, frame);

  const fromLab = (await heard(page)).filter((m) => m.fromLab);
  const labOrigin = new URL(labByName().baseUrl).origin;
  assert.ok(fromLab.length >= 2, 'the lab posted its height');
  for (const message of fromLab) {
    assert.equal(message.origin, labOrigin, 'sent by the lab');
    assert.ok(Number.isInteger(message.data.height) && Number(message.data.height) > 0);
    assert.ok(
      message.data.type === 'clslab:resize' || message.data.subject === 'lti.frameResize',
      JSON.stringify(message.data),
    );
  }
  // The first message is already the embed's own height (its panels laid out for the
  // frame), not the full page's (7,563 px before the view was applied first).
  const snippetHeight = Number(/height="(\d+)"/.exec(text)?.[1]);
  const first = fromLab.find((m) => m.data.type === 'clslab:resize');
  assert.ok(
    Number(first?.data.height) <= snippetHeight,
    `first height ${String(first?.data.height)} within the snippet's ${snippetHeight} px`,
  );
  const canvas = fromLab.filter((m) => m.data.subject === 'lti.frameResize').at(-1);
  assert.equal(canvas?.data.height, withTour, "Canvas's message carries the same height");
  const tour = await frame.evaluate(() => {
    const r = document.getElementById('tour')!.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: innerHeight };
  });
  assert.ok(tour.bottom <= tour.height, `the tour lies in the frame: ${JSON.stringify(tour)}`);
  await screenshot(page, 'frame-height-tour.png', false);

  // A message from another window of the page, even its own origin's, moves nothing.
  await page
    .frame({ url: /other\.html$/ })!
    .evaluate(() => parent.postMessage({ type: 'clslab:resize', height: 37 }, '*'));
  await page.waitForFunction(() =>
    (window as unknown as { heard: Heard[] }).heard.some((m) => m.data.height === 37),
  );
  const box = await page.evaluate(() => document.querySelector('iframe')!.offsetHeight);
  assert.equal(box, withTour, 'the other frame did not resize the lab');

  // The tour closes: the content is lower, and the frame shrinks to it.
  await frame.click('#tour-skip');
  await frame.waitForSelector('#tour', { state: 'hidden' });
  await page.waitForFunction(
    (old) => (document.querySelector('iframe')?.getBoundingClientRect().height ?? old) < old,
    withTour,
  );
  const without = await settledHeight(page, frame);
  assert.ok(without < withTour, `shrunk with the tour closed (${withTour} -> ${without})`);
  await screenshot(page, 'frame-height-no-tour.png', false);
  assert.deepEqual(course.problems, []);
  await course.close();
});

test('with the class activity ticked, the snippet allows for its card: the first height, the questions and the revealed answers all fit it', async () => {
  const { page: teacher } = await openPage(labByName());
  await teacher.click('#embed-open');
  await teacher.check('#embed-activity');
  const text = await teacher.inputValue('#embed-snippet');
  await teacher.close();
  assert.match(text, /activity=/);
  const snippetHeight = Number(/height="(\d+)"/.exec(text)?.[1]);
  const course = await coursePage(text);
  const { page } = course;
  const frame = await labFrame(page);
  await frame.waitForSelector('#activity-questions li');
  const asked = await settledHeight(page, frame);
  const first = (await heard(page)).find((m) => m.fromLab && m.data.type === 'clslab:resize');
  assert.ok(
    Number(first?.data.height) <= snippetHeight,
    `first height ${String(first?.data.height)} within the snippet's ${snippetHeight} px`,
  );
  assert.ok(asked <= snippetHeight, `the questions (${asked} px) fit the ${snippetHeight} px`);
  await screenshot(page, 'frame-height-activity.png', false);

  // Every question answered and committed, the run played to its end: all revealed.
  for (const yes of await frame.locator('#activity-questions input[value="true"]').all())
    await yes.check();
  await frame.locator('.activity-word').first().click();
  await frame.click('#activity-commit');
  await frame.waitForFunction(
    () => !(document.getElementById('play') as HTMLButtonElement).disabled,
  );
  await frame.click('#play');
  await frame.waitForSelector('#activity[data-done="true"]', { timeout: 120000 });
  const revealed = await settledHeight(page, frame);
  assert.ok(
    revealed <= snippetHeight,
    `the revealed answers (${revealed} px) fit the ${snippetHeight} px`,
  );
  assert.deepEqual(course.problems, []);
  await course.close();
});

test('not framed, the lab posts no height', async () => {
  const page = await lab.browser.newPage();
  // The first report goes out as the page starts (frame-height.ts), before it trains.
  await page.addInitScript(() => {
    const posted: unknown[] = [];
    (window as unknown as { posted: unknown[] }).posted = posted;
    const post = window.postMessage.bind(window);
    window.postMessage = ((message: unknown, ...rest: [string]) => {
      posted.push(message);
      post(message, ...rest);
    }) as typeof window.postMessage;
  });
  await page.goto(lab.baseUrl);
  await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 1);
  const posted = await page.evaluate(() => (window as unknown as { posted: unknown[] }).posted);
  assert.deepEqual(posted, []);
  await page.close();
});

for (const dark of [false, true]) {
  test(`in a fixed 720 x 600 frame with the tour open, every chart keeps its height and its Table/PNG/CSV row (${dark ? 'dark' : 'light'})`, async () => {
    const { page, problems } = await openPage(lab, {
      width: 720,
      height: 600,
      dark,
      hash: '#panels=alignment,ushape,result2&embed=1&tour=1',
    });
    await page.waitForSelector('#tour:not([hidden])');
    const cards = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.chart-card')]
        .filter((card) => card.offsetParent !== null)
        .map((card) => {
          const r = card.getBoundingClientRect();
          const boxes = [...card.querySelectorAll('.chart-box')].map((b) =>
            b.getBoundingClientRect(),
          );
          const rows = [...card.querySelectorAll('.chart-tools')];
          return {
            panel: card.dataset['panel'],
            top: r.top,
            bottom: r.bottom,
            boxes: boxes.map((b) => ({ top: b.top, bottom: b.bottom, height: b.height })),
            rows: rows.map((row) => {
              const t = row.getBoundingClientRect();
              return { top: t.top, bottom: t.bottom, buttons: row.textContent };
            }),
          };
        }),
    );
    assert.deepEqual(
      cards.map((card) => card.panel),
      ['alignment', 'ushape', 'result2'],
    );
    for (const card of cards) {
      const what = JSON.stringify(card);
      assert.equal(card.rows.length, card.boxes.length, `a row of buttons per chart: ${what}`);
      card.boxes.forEach((box, i) => {
        const row = card.rows[i]!;
        // 300 px: the full page's chart height, at which the axis titles fit (lower, the
        // three-row legend of Result 2 leaves its y axis shorter than its title).
        assert.ok(box.height >= 300, `the chart keeps its height: ${what}`);
        assert.ok(
          row.top >= box.bottom && row.bottom <= card.bottom,
          `the row is in view: ${what}`,
        );
        assert.match(row.buttons ?? '', /Table.*PNG.*CSV/);
      });
    }
    await screenshot(page, `frame-720x600-tour-${dark ? 'dark' : 'light'}.png`);
    assert.deepEqual(problems.console, []);
    await page.close();
  });
}
