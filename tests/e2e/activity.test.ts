// The class activity on a page of its own (`activity=` in a link), in Chromium: the line
// above the charts asks for the predictions first (never "Press Play" before they are
// committed), then says what Play reveals next, then the score; once committed, a change of
// a setting or new data is refused in words and the run keeps its settings (every answer is
// settled on the run predicted); the card's words are the catalog's. Needs `npm run build`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPage, screenshot, useLab } from './harness.ts';

const lab = useLab();

test('the prompt asks for predictions first, then says what Play reveals, then the score; committed, the run is held still', async () => {
  const { page, problems } = await openPage(lab, {
    hash: '#activity=slope,cosine&speed=0',
    step: 0,
    ready: false,
  });
  await page.waitForSelector('#activity-questions li');
  const prompt = () => page.textContent('#prompt').then((text) => text ?? '');
  await page.waitForFunction(() =>
    /commit your predictions/.test(document.getElementById('prompt')?.textContent ?? ''),
  );
  assert.doesNotMatch(await prompt(), /Press Play|Step E/, 'no training before the predictions');
  assert.match(await prompt(), /the 2 questions of the class activity/);
  assert.match(
    (await page.textContent('#activity-questions')) ?? '',
    /within 1\.0%, with R² of at least 0\.99\?.*at least 0\.9 at step 300, the end of the run\?/,
  );
  // Before the commit a setting may change (the questions follow the run).
  for (const radio of await page.locator('#activity-questions input[value="true"]').all())
    await radio.check();
  await page.click('#activity-commit');
  await page.waitForFunction(
    () => !(document.getElementById('play') as HTMLButtonElement).disabled,
  );
  await page.waitForFunction(() =>
    /Press Play: one answer is revealed after the step on E/.test(
      document.getElementById('prompt')?.textContent ?? '',
    ),
  );
  await screenshot(page, 'activity-committed.png', false);

  // Held still: a new sigma is refused in words, the run keeps its own.
  const sigma = await page.inputValue('#setting-sigma');
  await page.fill('#setting-sigma', '0.5');
  await page.press('#setting-sigma', 'Tab');
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(
    (await page.textContent('#banner-messages')) ?? '',
    /predictions are committed: this run’s settings and data stay as the activity set them/,
  );
  assert.equal(
    String(await page.evaluate(() => window.__clslab?.state().config['sigma'])),
    sigma,
    'the run kept its sigma',
  );

  await page.click('#play');
  await page.waitForSelector('#activity[data-done="true"]', { timeout: 120000 });
  await page.waitForFunction(() =>
    /Every answer is revealed: \d of 2 predictions right, on the run up to step 300/.test(
      document.getElementById('prompt')?.textContent ?? '',
    ),
  );
  const card = (await page.textContent('#activity')) ?? '';
  assert.match(card, /Your prediction: yes\. The fitted slope is [\d.]+ against the predicted/);
  assert.match(card, /cos\(p, p_mm\) is [\d.]+ at step 300: (yes|no)\./);
  assert.match(card, /Score: \d of 2 predictions right\./);
  await screenshot(page, 'activity-done.png', false);
  assert.deepEqual(problems.console, []);
  await page.close();
});
