// The lab in the reader's language (issue 42): the pseudo-locale en-XA accents, lengthens
// and brackets every message of the catalog, so any visible text that lacks the brackets
// did not come from the catalog; es and zh-CN open from the link and from the browser's
// languages, set the document's lang, and the switch changes the language without touching
// the run (same step, same weights). Needs `npm run build`.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { metrics, openPage, results, useLab } from './harness.ts';

const lab = useLab();

/** Visible text on the page that is neither marked by the pseudo-locale nor data
 *  (translate="no"): each text node's words outside ⟦…⟧ pairs, with its element. */
function unmarkedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
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
  });
}

test('probe', async () => {
  const { page } = await openPage(lab, { hash: '#lang=en-XA' });
  const found = await unmarkedText(page);
  console.log(found.length);
  console.log(found.join('\n'));
  await page.screenshot({ path: join(results, 'en-XA.png'), fullPage: true });
  await page.close();
});
