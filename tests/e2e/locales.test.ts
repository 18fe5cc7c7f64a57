// The lab in the reader's language (issue 42): the pseudo-locale en-XA accents, lengthens
// and brackets every message of the catalog, so any visible text that lacks the brackets
// did not come from the catalog; es and zh-CN open from the link and from the browser's
// languages, set the document's lang, and the switch changes the language without touching
// the run (same step, same weights). Needs `npm run build`.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { metrics, openPage, results, useLab, waitStopped } from './harness.ts';

const lab = useLab();

/** What is English in every language by design: THEORY and RESULTS, shipped as written
 *  (lang="en"; the docs dialog says so in the reader's language). */
const ENGLISH_BY_DESIGN = ['[lang="en"]'];

/** Visible text on the page that is neither marked by the pseudo-locale nor data
 *  (translate="no"), outside `skip`: each text node's words outside ⟦…⟧ pairs, with its
 *  element. */
function unmarkedText(page: Page, skip: readonly string[]): Promise<string[]> {
  return page.evaluate((skipped) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    // Marks may span text nodes (a message's variable in an element of its own): the walk
    // reads the page's text in order and keeps what lies outside every ⟦ … ⟧.
    let depth = 0;
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      // No named helper here: tsx would wrap it in a __name() the page does not have.
      const parent = node.parentElement;
      if (parent === null || parent.closest('[translate="no"], script, style, title') !== null)
        continue;
      if (skipped.some((selector) => parent.closest(selector) !== null)) continue;
      if (parent.closest('[hidden], dialog:not([open])') !== null) continue;
      const box = parent.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(parent).visibility === 'hidden') continue;
      const content = node.textContent ?? '';
      let outside = '';
      for (const ch of content) {
        if (ch === '⟦') depth += 1;
        else if (ch === '⟧') depth = Math.max(0, depth - 1);
        else if (depth === 0) outside += ch;
      }
      if (/[A-Za-z]{2,}/.test(outside)) {
        found.push(
          `${parent.tagName.toLowerCase()}#${parent.id}.${parent.className}: ${outside.trim().slice(0, 80)}`,
        );
      }
    }
    return found;
  }, skip);
}

/** Controls whose words do not fit them: a button, label, select or summary whose text is
 *  wider than its box (clipped or spilling), or that reaches past the window's right edge. */
function overflowingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const node of document.querySelectorAll<HTMLElement>(
      'button, select, label, summary, legend, .buttons > *',
    )) {
      if (node.closest('[hidden], dialog:not([open])') !== null) continue;
      const box = node.getBoundingClientRect();
      // A visually hidden label (a 1 px clip) is for screen readers: its words are not shown.
      if (box.width <= 1 || box.height <= 1) continue;
      // Inside a box that scrolls sideways (the token table on a phone) a control past the
      // edge is reached by scrolling, as in English.
      let scrolls = false;
      for (let up = node.parentElement; up !== null; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') scrolls = true;
      }
      const spills = node.scrollWidth > node.clientWidth + 1 && node.clientWidth > 0;
      const outside = !scrolls && (box.right > width + 1 || box.left < -1);
      if (spills || outside) {
        const words = (node.textContent ?? '').trim().slice(0, 40);
        found.push(
          `${node.tagName.toLowerCase()}#${node.id} "${words}" (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`,
        );
      }
    }
    return found;
  });
}

test('the link picks the language: lang=es and lang=zh-CN word the page and set its lang', async () => {
  for (const [lang, play, title] of [
    ['es', 'Reproducir', /^clslab: la atención/],
    ['zh-CN', '播放', /^clslab：/],
  ] as const) {
    const { page, problems } = await openPage(lab, { hash: `#lang=${lang}` });
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.locator('#play').textContent(), play);
    assert.match(await page.title(), title);
    assert.equal(await page.locator('#language').inputValue(), lang);
    assert.match(await page.locator('#share-url').inputValue(), new RegExp(`lang=${lang}`));
    assert.deepEqual(problems.console, []);
    await page.close();
  }
});

test("without lang= the browser's languages choose, else English", async () => {
  for (const [locale, want] of [
    ['es-MX', 'es'],
    ['zh-CN', 'zh-CN'],
    ['de-DE', 'en'],
  ] as const) {
    const context = await lab.browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(lab.baseUrl);
    await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? -1) >= 1, null, {
      timeout: 60000,
    });
    assert.equal(await page.evaluate(() => document.documentElement.lang), want, locale);
    // The browser chose, not the reader: the share link leaves the choice to whoever opens it.
    assert.doesNotMatch(await page.locator('#share-url').inputValue(), /lang=/);
    await context.close();
  }
});

test('the switch changes the language in place: same run, same step, same weights', async () => {
  const { page, problems } = await openPage(lab, { hash: '#run=40' });
  await page.waitForFunction(() => window.__clslab?.metrics()?.step === 40, null, {
    timeout: 60000,
  });
  await waitStopped(page);
  const before = await metrics(page);
  assert.ok(before !== null);
  for (const [lang, play] of [
    ['es', 'Reproducir'],
    ['zh-CN', '播放'],
    ['en', 'Play'],
  ] as const) {
    await page.locator('#language').selectOption(lang);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.locator('#play').textContent(), play);
    const after = await metrics(page);
    assert.equal(after?.step, before.step, `${lang}: the step`);
    assert.equal(after?.checksum, before.checksum, `${lang}: the weights`);
    assert.match(await page.locator('#share-url').inputValue(), new RegExp(`lang=${lang}(&|$)`));
  }
  assert.deepEqual(problems.console, []);
  await page.close();
});

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`at ${width}x${height} no control of the page clips or spills its words, in es, zh-CN and en-XA`, async () => {
    for (const lang of ['es', 'zh-CN', 'en-XA']) {
      const { page } = await openPage(lab, { hash: `#lang=${lang}`, width, height });
      await page.screenshot({
        path: join(results, `locale-${lang}-${width}.png`),
        fullPage: width < 600 ? false : true,
      });
      assert.deepEqual(await overflowingControls(page), [], `${lang} at ${width}px`);
      await page.close();
    }
  });
}

test('en-XA: every visible word of the default page, its run played to the end, its dialogs and its tour comes from the catalog', async () => {
  const { page, problems } = await openPage(lab, { hash: '#lang=en-XA' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-XA');
  const walk = async (where: string) =>
    assert.deepEqual(await unmarkedText(page, ENGLISH_BY_DESIGN), [], `unmarked text on ${where}`);
  await walk('the default page');
  await page.locator('#embed-open').click();
  await walk('the Embed dialog');
  await page.locator('#embed-close').click();
  // The default run, played to its step budget: every view has its numbers and verdicts, the
  // attention-SVM is solved, and the flow's own att-SVM after the run has ended.
  await page.locator('#play').click();
  await page.waitForFunction(
    () => {
      const state = window.__clslab?.state();
      const step = window.__clslab?.metrics()?.step ?? 0;
      return (
        state !== undefined &&
        !state.playing &&
        state.task === null &&
        step > 1 &&
        step === state.step &&
        state.guidanceStep === state.step
      );
    },
    null,
    { timeout: 300000 },
  );
  // Views draw once on screen (the review, its computation, the list): scroll through
  // the page so that each has drawn, then walk it whole.
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });
  await page.waitForTimeout(500);
  await walk('the default run at its end');
  // The recipes card unfolded, each recipe's "why these numbers" open: its title, plan,
  // cost and reasons are core's findings worded by the catalog.
  await page.locator('#recipes-toggle').click();
  await page.evaluate(() => {
    for (const why of document.querySelectorAll<HTMLDetailsElement>('#recipes-list details'))
      why.open = true;
  });
  assert.equal(await page.locator('#recipes-list [data-recipe-item]').count(), 3);
  await walk('the recipes card, every recipe unfolded');
  // Its docs link opens the dialog.
  await page.locator('#docs-theory').click();
  await walk('the docs dialog');
  await page.locator('#docs-close').click();
  await page.locator('#tour-start').click();
  for (let step = 1; await page.locator('#tour').isVisible(); step++) {
    assert.ok(step <= 10, 'the tour ends');
    await walk(`the tour's step ${step}`);
    await page.locator('#tour-next').click();
  }
  // A file of the reader's own: the preview dialog (its format, encoding, label mapping,
  // balance, dropped rows and first rows) and the page once it has loaded.
  await page.setInputFiles('#dataset-file', {
    name: 'reviews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(starReviews(60)),
  });
  await page.waitForSelector('#dataset-preview[open] #preview-rows');
  assert.equal(await page.locator('#preview-facts li').count(), 4, 'the dropped rows are said');
  await walk('the dataset preview of an uploaded file');
  await page.locator('#preview-confirm').click();
  await page.waitForFunction(() =>
    (document.getElementById('dataset-summary')?.textContent ?? '').includes('reviews.csv'),
  );
  await page.locator('#step').click();
  await page.waitForFunction(() => {
    const state = window.__clslab?.state();
    return state !== undefined && state.step >= 1 && state.guidanceStep === state.step;
  });
  await walk('the page after the upload, one step on');
  assert.deepEqual(problems.console, []);
  await page.close();
});

/** A small review file written here (never from ../shared/data): star ratings, every fifth
 *  one neutral (3 stars) and one row without text, so that the preview says its label
 *  mapping and why rows are dropped. */
function starReviews(rows: number): string {
  const good = ['superb', 'moving', 'wonderful', 'great', 'charming', 'brilliant', 'gripping'];
  const bad = ['dull', 'clumsy', 'awful', 'boring', 'tedious', 'bland', 'messy', 'stale'];
  const lines = ['review,stars'];
  for (let i = 0; i < rows; i++) {
    const stars = 1 + (i % 5);
    const words = stars > 3 ? good : bad;
    // Each word in few reviews: the vocabulary keeps them (max_doc_share).
    lines.push(
      `"a ${words[i % words.length]} film, ${words[(i * 5 + 3) % words.length]} acting",${stars}`,
    );
  }
  lines.push(',5');
  return `${lines.join('\n')}\n`;
}
