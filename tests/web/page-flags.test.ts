// The page's own hash keys (run, panels, hide, embed, speed, autoplay, tour, activity,
// scorm) are split off
// before the module reads the settings, and joined back after the module's part; bad
// values become warnings. Which panels a page hides follows from panels, hide and embed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { say } from '../../web/src/localized.ts';
import { hiddenPanels, joinHash, PANELS, splitHash } from '../../web/src/ui/page-flags.ts';
import { speak } from './catalog-files.ts';

// The warnings are phrases of the catalog, read here as the English page says them.
speak('en');
const warningsOf = (hash: string) => splitHash(hash).flags.warnings.map(say);

test('page keys are split from the settings and the settings keep their order', () => {
  const { settings, flags } = splitHash('v=1&sigma=0.2&run=37&hide=settings,table&embed=1&tour=1');
  assert.equal(settings, 'v=1&sigma=0.2');
  assert.deepEqual(flags, {
    run: 37,
    panels: null,
    hide: ['settings', 'table'],
    embed: true,
    speed: null,
    autoplay: false,
    tour: true,
    activity: null,
    scorm: null,
    lang: null,
    warnings: [],
  });
});

test('an activity link keeps its questions readable; a course launch says its SCORM version', () => {
  const hash = 'dataset=movies&run=0&activity=cosine,word:12&scorm=2004';
  const { settings, flags } = splitHash(hash);
  assert.equal(settings, 'dataset=movies');
  assert.equal(flags.activity, 'cosine,word:12');
  assert.equal(flags.scorm, '2004');
  // A share link carries the activity, never the launch's SCORM version.
  assert.equal(joinHash(settings, flags), 'dataset=movies&run=0&activity=cosine,word:12');
  assert.equal(splitHash('activity=&scorm=3').flags.activity, '', 'an empty value: every question');
  assert.deepEqual(warningsOf('scorm=3'), ['scorm: "3" is not 1.2 or 2004; ignored.']);
});

test('an embed link names its panels, speed and autoplay, and they round-trip', () => {
  const hash =
    'v=1&run=31&panels=alignment,result2&hide=controls&embed=1&speed=10&autoplay=1&tour=1';
  const { settings, flags } = splitHash(hash);
  assert.equal(settings, 'v=1');
  assert.deepEqual(flags.panels, ['alignment', 'result2']);
  assert.deepEqual(flags.hide, ['controls']);
  assert.equal(flags.speed, 10);
  assert.equal(flags.autoplay, true);
  assert.equal(flags.tour, true);
  assert.deepEqual(flags.warnings, []);
  assert.equal(joinHash(settings, flags), hash);
});

test('a speed off the slider stops and an unknown panel are refused with a warning', () => {
  const { flags } = splitHash('speed=45&panels=ushape,charts');
  assert.equal(flags.speed, null);
  assert.deepEqual(flags.panels, ['ushape']);
  assert.match(flags.warnings.map(say).join(' '), /speed: "45"/);
  assert.match(flags.warnings.map(say).join(' '), /panels: unknown panel "charts"/);
  assert.equal(splitHash('speed=0').flags.speed, 0, '0: as fast as possible');
});

test('panels= shows only the panels it names and the control bar; embed hides the title', () => {
  const shown = (hash: string) => {
    const hidden = hiddenPanels(splitHash(hash).flags);
    return PANELS.filter((panel) => !hidden.includes(panel));
  };
  assert.deepEqual(shown('panels=ushape&embed=1'), ['controls', 'ushape']);
  assert.deepEqual(shown('panels=header,ushape&embed=1'), ['header', 'controls', 'ushape']);
  assert.deepEqual(shown('panels=ushape&hide=controls&embed=1'), ['ushape']);
  // Without panels=, an embed hides the title and what hide= names; a page, only those.
  assert.ok(!shown('embed=1&hide=table').includes('header'));
  assert.ok(!shown('embed=1&hide=table').includes('table'));
  assert.ok(shown('hide=table').includes('header'));
  assert.equal(shown('').length, PANELS.length);
});

test('a bad run length and unknown panels are reported and ignored', () => {
  const { settings, flags } = splitHash('run=-3&hide=table,nonsense&width=banana');
  assert.equal(settings, 'width=banana', 'the module judges its own keys');
  assert.equal(flags.run, null);
  assert.deepEqual(flags.hide, ['table']);
  assert.equal(flags.warnings.length, 2);
  assert.match(flags.warnings.map(say).join(' '), /run/);
  assert.match(flags.warnings.map(say).join(' '), /nonsense/);
});

test('joining puts the page keys after the settings and round-trips', () => {
  const hash = joinHash('v=1&sigma=0.2', { run: 5, hide: ['reviews'], embed: true, speed: null });
  assert.equal(hash, 'v=1&sigma=0.2&run=5&hide=reviews&embed=1');
  assert.deepEqual(splitHash(hash).flags.hide, ['reviews']);
  assert.equal(joinHash('', { run: null, hide: [], embed: false }), '');
});

test('malformed escapes and repeated keys never throw: each is left to a warning', () => {
  const { settings, flags } = splitHash('%&run=5&run=9&hide=%E0%A4%A&width=%zz');
  // '%' and the width part go to the module, which names them in its own warnings.
  assert.equal(settings, '%&width=%zz');
  assert.equal(flags.run, 5);
  assert.match(flags.warnings.map(say).join(' '), /run is given twice/);
  assert.match(flags.warnings.map(say).join(' '), /hide/);
});

// Issue 20, item 7a: `hide=` naming every panel opened an empty page, and `panels=` naming
// none the control bar alone, without a word.
test('a link never opens an empty page: hide= of every panel or panels= of none shows the lab', () => {
  const everything = splitHash(`v=1&hide=${PANELS.join(',')}`).flags;
  assert.deepEqual(hiddenPanels(everything), [], 'the whole lab is shown');
  assert.deepEqual(everything.warnings.map(say), [
    'hide: every panel would be hidden, which leaves an empty page; the whole lab is shown.',
  ]);
  for (const hash of ['v=1&panels=', 'v=1&panels=nothing,nowhere']) {
    const { flags } = splitHash(hash);
    assert.equal(flags.panels, null, hash);
    assert.deepEqual(hiddenPanels(flags), [], hash);
    assert.ok(
      flags.warnings
        .map(say)
        .some((w) => w.startsWith('panels: names no panel (the panels are header,')),
      `${hash}: ${flags.warnings.map(say).join(' | ')}`,
    );
  }
  // panels= of only the control bar, with hide=controls, would leave nothing either.
  const none = splitHash('v=1&panels=controls&hide=controls').flags;
  assert.deepEqual(hiddenPanels(none), []);
  // A link hiding all but one panel is obeyed as it says.
  const one = splitHash(`v=1&hide=${PANELS.filter((p) => p !== 'alignment').join(',')}`).flags;
  assert.deepEqual(
    hiddenPanels(one),
    PANELS.filter((p) => p !== 'alignment'),
  );
  assert.deepEqual(one.warnings, []);
});

test('lang= picks a language of the lab, refuses others with a warning, and links keep it', () => {
  assert.equal(splitHash('v=2&lang=es').flags.lang, 'es');
  assert.equal(splitHash('v=2&lang=zh-cn').flags.lang, 'zh-CN');
  const refused = splitHash('v=2&lang=fr').flags;
  assert.equal(refused.lang, null);
  assert.match(refused.warnings.map(say).join(' '), /lang: "fr" is not a language of the lab/);
  assert.equal(splitHash('v=2&lang=es').settings, 'v=2');
  assert.equal(
    joinHash('v=2', { run: 5, hide: [], embed: false, lang: 'zh-CN' }),
    'v=2&run=5&lang=zh-CN',
  );
  assert.equal(joinHash('v=2', { run: 5, hide: [], embed: false, lang: null }), 'v=2&run=5');
});
