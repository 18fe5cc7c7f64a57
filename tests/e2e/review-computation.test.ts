// "Attention on a review" draws the model's computation for the shown review: the f on the
// page is core's logit for that review (and the drawn rows plus "the rest" add up to it),
// it follows a training step and a running Play, it waits while the panel is off screen,
// and a long review shows its largest weights with the rest summed, the full list on
// demand. Screenshots of the card at 1366x768 and 390x844, light and dark, go to
// test-results/ for a human look.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createMessages } from '../../web/src/messages.ts';
import type { Page } from 'playwright-core';
import {
  accessibilityViolations,
  metrics,
  openPage,
  results,
  useLab,
  waitStopped,
} from './harness.ts';
import { join } from 'node:path';

const lab = useLab();

/** The drawn computation and core's view it was drawn from. */
function read(page: Page) {
  return page.evaluate(() => {
    const root = document.getElementById('review-computation')!;
    const view = window.__clslab?.review() ?? null;
    // No helper functions in here: the test runner's transform would name them (__name).
    return {
      f: Number(root.querySelector('[data-role="logit"]')?.textContent ?? 'NaN'),
      products: [...root.querySelectorAll('tbody tr td:nth-child(5) .num')].map((cell) =>
        Number(cell.textContent),
      ),
      weights: [...root.querySelectorAll('tbody tr td:nth-child(3) .num')].map((cell) =>
        Number(cell.textContent!.replace('%', '')),
      ),
      rows: root.querySelectorAll('tbody tr:not(.rest)').length,
      rest: root.querySelector('tbody tr.rest th')?.textContent ?? '',
      toggle: root.querySelector('.flow-toggle')?.textContent ?? '',
      picks: [...root.querySelectorAll('.flow-pick-token')].map((p) => p.textContent),
      reason: root.querySelector('.flow-reason')?.textContent ?? '',
      core:
        view === null
          ? null
          : {
              logit: view.logit,
              tokens: view.order.length,
              // each pick as drawn: the word, and its vocabulary token when that differs
              picks: [view.chosen, view.attended].map(
                (t) =>
                  view.words[t] + (view.tokens[t] !== view.words[t] ? ` (${view.tokens[t]})` : ''),
              ),
              disagreement: view.disagreement,
            },
    };
  });
}

/** `drawn`, printed to 3 significant digits, is `value`. */
function sameTo3Digits(drawn: number, value: number, what: string): void {
  const unit = value === 0 ? 0 : 10 ** (Math.floor(Math.log10(Math.abs(value))) - 2);
  assert.ok(Math.abs(drawn - value) <= unit / 2 + 1e-12, `${what}: drawn ${drawn}, core ${value}`);
}

/** Clicks a control without scrolling to it (the review panel stays on screen). */
async function press(page: Page, selector: string): Promise<void> {
  await page.locator(selector).dispatchEvent('click');
}

async function coreLogit(page: Page): Promise<number> {
  return page.evaluate(() => window.__clslab?.review()?.logit ?? NaN);
}

test('the drawn f is core’s logit for the shown review and follows steps and Play', async () => {
  const { page, problems } = await openPage(lab, { width: 1366, height: 768 });
  await page.locator('#review-computation').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.__clslab?.review() != null);
  let drawn = await read(page);
  assert.ok(drawn.core !== null);
  sameTo3Digits(drawn.f, drawn.core.logit, 'f');
  // What the rows draw adds up to f (each product rounded to 3 digits).
  const total = drawn.products.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(total - drawn.f) <= 0.01 * drawn.products.length + 1e-3, `${total} vs f`);
  assert.ok(drawn.weights.every((w) => w >= 0 && w <= 100));
  // The theory's token and the model's, side by side, and core's reason when they differ
  // (that they agree, when they do).
  assert.deepEqual(drawn.picks, drawn.core.picks);
  const english = createMessages(
    readFileSync(new URL('../../catalog/en.ftl', import.meta.url), 'utf8'),
    'en',
  );
  assert.equal(
    drawn.reason,
    drawn.core.disagreement.code === ''
      ? english.format('flow-agree')
      : english.render(drawn.core.disagreement),
  );

  // One training step: new weights, a new f, drawn again from core's new view.
  const before = drawn.core.logit;
  const step = (await metrics(page))!.step;
  await press(page, '#step');
  await page.waitForFunction(
    ([old, at]) =>
      (window.__clslab?.metrics()?.step ?? 0) > at && window.__clslab?.review()?.logit !== old,
    [before, step] as const,
  );
  drawn = await read(page);
  assert.notEqual(drawn.core!.logit, before);
  sameTo3Digits(drawn.f, drawn.core!.logit, 'f after a step');

  // Off screen the panel neither asks nor draws: a step's snapshot leaves it as it was.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(
    () =>
      document.getElementById('review-computation')!.getBoundingClientRect().top >
      innerHeight + 400,
  );
  const hidden = await coreLogit(page);
  const hiddenStep = (await metrics(page))!.step;
  await page.click('#step');
  await page.waitForFunction((at) => (window.__clslab?.metrics()?.step ?? 0) > at, hiddenStep);
  // A command sent now is answered after any review the snapshot would have asked for; the
  // review list's answer (its status changes with the filter) says the worker got there.
  const status = await page.textContent('#review-list-status');
  await page.evaluate(() => {
    const select = document.getElementById('review-filter-label') as HTMLSelectElement;
    select.value = 'positive';
    select.dispatchEvent(new Event('change'));
  });
  await page.waitForFunction(
    (old) => document.getElementById('review-list-status')?.textContent !== old,
    status,
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  assert.equal(await coreLogit(page), hidden, 'the off-screen panel stayed as it was');
  await page.locator('#review-computation').scrollIntoViewIfNeeded();
  await page.waitForFunction((old) => window.__clslab?.review()?.logit !== old, hidden);
  drawn = await read(page);
  sameTo3Digits(drawn.f, drawn.core!.logit, 'f once back on screen');

  // While Play runs, the shown review's f moves with the weights.
  const playingFrom = drawn.core!.logit;
  await press(page, '#play');
  await page.waitForFunction(
    (old) => window.__clslab?.state().playing === true && window.__clslab?.review()?.logit !== old,
    playingFrom,
  );
  await press(page, '#play'); // Pause
  await waitStopped(page);
  await page.waitForFunction(() => {
    const drawnF = Number(
      document.querySelector('#review-computation [data-role="logit"]')?.textContent,
    );
    const f = window.__clslab?.review()?.logit ?? NaN;
    return Math.abs(drawnF - f) <= Math.abs(f) * 0.01 + 1e-3;
  });
  assert.deepEqual(await accessibilityViolations(page), []);
  assert.deepEqual(problems.console, []);
  await page.close();
});

const LONG_REVIEW =
  'I went in expecting a dull sequel and came out surprised. The first hour is slow and the ' +
  'dialogue is often clumsy, but the cast is excellent and the lead gives a moving, funny ' +
  'performance that carries the weaker scenes. The plot has a few holes and the villain is ' +
  'a cliche, yet the director keeps the tension high and the final act is thrilling. The ' +
  'music is forgettable and some jokes fall flat, which is a shame, because the writing is ' +
  'clever when it trusts its characters. It is too long by twenty minutes and the ending is ' +
  'predictable, but I laughed, I cared about the story, and I would happily watch it again ' +
  'with friends. Not a masterpiece, not a waste of time either: a good film with a bad habit ' +
  'of explaining its own jokes.';

for (const size of [
  { width: 1366, height: 768, name: 'desktop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  for (const dark of [false, true]) {
    test(`a long review shows its largest weights and the rest summed (${size.name}${dark ? ', dark' : ''})`, async () => {
      const { page, problems } = await openPage(lab, { ...size, dark });
      // Some flow on p so that the weights differ from token to token.
      await page.click('#step');
      await page.waitForFunction(() => (window.__clslab?.metrics()?.step ?? 0) >= 2);
      await page.locator('#review-text').scrollIntoViewIfNeeded();
      await page.fill('#review-text', LONG_REVIEW);
      await page.click('#review-score');
      await page.waitForFunction(() =>
        (document.getElementById('review-caption')?.textContent ?? '').includes('your text'),
      );
      let drawn = await read(page);
      assert.ok(drawn.core !== null && drawn.core.tokens > 9, `${drawn.core?.tokens} tokens`);
      assert.equal(drawn.rows, 8);
      assert.equal(drawn.rest, `${drawn.core.tokens - 8} other tokens`);
      assert.match(drawn.toggle, new RegExp(`Show all ${drawn.core.tokens} tokens`));
      sameTo3Digits(drawn.f, drawn.core.logit, 'f of the typed review');
      const card = page.locator('section[data-panel="reviews"]').first();
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(100); // a frame for the layout (the screenshot is not asserted on)
      await card.screenshot({
        path: join(results, `review-computation-${size.name}${dark ? '-dark' : ''}.png`),
      });
      await page.click('#review-computation .flow-toggle');
      drawn = await read(page);
      assert.equal(drawn.rows, drawn.core!.tokens);
      assert.equal(drawn.rest, '');
      assert.equal(
        await page.evaluate(() => document.activeElement?.classList.contains('flow-toggle')),
        true,
        'focus stays on the toggle',
      );
      assert.deepEqual(await accessibilityViolations(page), []);
      assert.deepEqual(problems.console, []);
      await page.close();
    });
  }
}
