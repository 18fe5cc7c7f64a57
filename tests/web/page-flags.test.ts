// The page's own hash keys (run, hide, embed, tour) are split off before the module reads
// the settings, and joined back after the module's part; bad values become warnings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinHash, splitHash } from '../../web/src/ui/page-flags.ts';

test('page keys are split from the settings and the settings keep their order', () => {
  const { settings, flags } = splitHash('v=1&sigma=0.2&run=37&hide=settings,table&embed=1&tour=1');
  assert.equal(settings, 'v=1&sigma=0.2');
  assert.deepEqual(flags, {
    run: 37,
    hide: ['settings', 'table'],
    embed: true,
    tour: true,
    warnings: [],
  });
});

test('a bad run length and unknown panels are reported and ignored', () => {
  const { settings, flags } = splitHash('run=-3&hide=table,nonsense&width=banana');
  assert.equal(settings, 'width=banana', 'the module judges its own keys');
  assert.equal(flags.run, null);
  assert.deepEqual(flags.hide, ['table']);
  assert.equal(flags.warnings.length, 2);
  assert.match(flags.warnings.join(' '), /run/);
  assert.match(flags.warnings.join(' '), /nonsense/);
});

test('joining puts the page keys after the settings and round-trips', () => {
  const hash = joinHash('v=1&sigma=0.2', { run: 5, hide: ['reviews'], embed: true });
  assert.equal(hash, 'v=1&sigma=0.2&run=5&hide=reviews&embed=1');
  assert.deepEqual(splitHash(hash).flags.hide, ['reviews']);
  assert.equal(joinHash('', { run: null, hide: [], embed: false }), '');
});

test('malformed escapes and repeated keys never throw: each is left to a warning', () => {
  const { settings, flags } = splitHash('%&run=5&run=9&hide=%E0%A4%A&width=%zz');
  // '%' and the width part go to the module, which names them in its own warnings.
  assert.equal(settings, '%&width=%zz');
  assert.equal(flags.run, 5);
  assert.match(flags.warnings.join(' '), /run is given twice/);
  assert.match(flags.warnings.join(' '), /hide/);
});
