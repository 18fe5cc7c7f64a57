// Axis titles that fit their axis (web/src/charts/axis-titles.ts): a title wider than the
// room is broken into lines between words, or between characters in Chinese, and no line
// is wider than the room unless one word alone is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wrapTitle } from '../../web/src/charts/axis-titles.ts';

/** Every character 1 unit wide: the room is a number of characters. */
const measure = (text: string) => [...text].length;

test('a title that fits stays one line', () => {
  assert.deepEqual(wrapTitle('p · E_s (attention score)', 40, measure), [
    'p · E_s (attention score)',
  ]);
});

test('a long title breaks between words, each line within the room, no word lost', () => {
  const title = 'p · E_s (puntuación de atención, en unidades de logit)';
  const lines = wrapTitle(title, 24, measure);
  assert.ok(lines.length > 1);
  for (const line of lines) assert.ok(measure(line) <= 24, line);
  assert.equal(lines.join(' '), title);
});

test('Chinese breaks between characters, and joins back without spaces', () => {
  const title = '注意力得分 p · E_s（以 logit 为单位）';
  const lines = wrapTitle(title, 8, measure);
  assert.ok(lines.length > 1);
  for (const line of lines) assert.ok(measure(line) <= 8, line);
  assert.equal(lines.join('').replace(/\s/g, ''), title.replace(/\s/g, ''));
});

test('a word wider than the room gets a line of its own', () => {
  assert.deepEqual(wrapTitle('a verylongwordindeed b', 6, measure), [
    'a',
    'verylongwordindeed',
    'b',
  ]);
});
