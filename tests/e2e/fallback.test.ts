// The page when its script cannot run, and its tooltips at the window's edges (issue 20,
// item 7): a frame sandboxed without allow-same-origin shows, in words, what the frame
// needs instead of a blank page; the page that did start never shows that text; every
// "What is ...?" tooltip lies inside the window. Needs `npm run build`.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { openPage, useLab } from './harness.ts';

const lab = useLab();

test('a frame sandboxed without allow-same-origin says what the frame needs', async () => {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head>' +
    `<body><iframe sandbox="allow-scripts" src="${lab.baseUrl}" width="720" height="600" ` +
    'title="clslab"></iframe></body></html>';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await lab.browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    const fallback = frame.locator('.boot-fallback');
    await fallback.waitFor({ state: 'visible', timeout: 15000 });
    assert.match((await fallback.textContent()) ?? '', /allow-scripts[\s\S]*allow-same-origin/);
  } finally {
    await page.close();
    server.close();
  }
});

test('a page that started never shows the fallback text, even after its wait', async () => {
  const { page } = await openPage(lab);
  await page.waitForTimeout(4500); // past the 4 s the fallback waits before it shows
  assert.equal(await page.locator('.boot-fallback').isVisible(), false);
  await page.close();
});

for (const width of [1366, 390]) {
  test(`at ${width} px every symbol's tooltip lies inside the window`, async () => {
    const { page } = await openPage(lab, { width, height: 844 });
    const markers = page.locator('.info[data-term]');
    const count = await markers.count();
    assert.ok(count > 5, `markers on the page (${count})`);
    const outside: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const marker = markers.nth(i);
      if (!(await marker.isVisible())) continue;
      await marker.scrollIntoViewIfNeeded();
      await marker.hover();
      const tip = await marker.evaluate((node) => {
        const style = getComputedStyle(node, '::after');
        const box = node.getBoundingClientRect();
        const width = parseFloat(style.width);
        // Centred under the marker and shifted by --tip-shift, or fixed along the bottom.
        const left =
          style.position === 'fixed'
            ? parseFloat(style.left)
            : box.left +
              box.width / 2 -
              width / 2 +
              parseFloat(style.getPropertyValue('--tip-shift') || '0');
        return { text: node.textContent ?? '', left, right: left + width, window: innerWidth };
      });
      if (tip.left < 0 || tip.right > tip.window)
        outside.push(
          `${tip.text}: ${tip.left.toFixed(0)}..${tip.right.toFixed(0)} of ${tip.window}`,
        );
    }
    assert.deepEqual(outside, []);
    await page.close();
  });
}
