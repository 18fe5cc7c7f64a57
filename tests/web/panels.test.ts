// The panel registry (web/src/ui/panels.ts) is the one place a panel or chart is named:
// its keys and canvases are unique, every chart sits on one panel, the embed frame and
// the tour read it, and no other web source spells a chart's canvas or a chart panel's
// `data-panel` (index.html's markup is checked against it in tests/e2e/views.test.ts).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LOCALES } from '../../web/src/locale.ts';
import { createMessages } from '../../web/src/messages.ts';
import { hiddenPanels, splitHash } from '../../web/src/ui/page-flags.ts';
import { catalogText } from './catalog-files.ts';
import {
  canvasId,
  CHART_IDS,
  CHARTS,
  chartFile,
  frameHeight,
  PANEL_KEYS,
  PANEL_SPECS,
  panelOf,
} from '../../web/src/ui/panels.ts';

test('panel keys, chart ids, canvases and files are unique', () => {
  assert.equal(new Set(PANEL_KEYS).size, PANEL_KEYS.length);
  assert.equal(new Set(CHART_IDS.map(canvasId)).size, CHART_IDS.length);
  assert.equal(new Set(CHART_IDS.map((id) => chartFile(id, 'csv'))).size, CHART_IDS.length);
  assert.equal(canvasId('uShape'), 'chart-u-shape');
  assert.equal(chartFile('uShape', 'png'), 'clslab-u-shape.png');
  for (const key of PANEL_KEYS) assert.match(key, /^[a-z0-9]+$/, `${key} is a link-safe key`);
});

test("every chart has one plain lead sentence, without the paper's symbols, in every locale", () => {
  for (const locale of LOCALES) {
    const messages = createMessages(catalogText(locale), locale, (error) => {
      throw error;
    });
    for (const id of CHART_IDS) {
      const lead = messages.format(CHARTS[id].lead);
      const sentence = locale === 'zh-CN' ? /^.{20,150}。$/ : /^[A-Z].{40,300}\.$/;
      assert.match(lead, sentence, `${locale} ${id}: one sentence`);
      assert.doesNotMatch(
        lead,
        /[αΔησ‖²·_]|p_mm|\bE_s\b/,
        `${locale} ${id}: no notation in "${lead}"`,
      );
    }
  }
});

test('every chart sits on exactly one panel', () => {
  for (const id of CHART_IDS) {
    const on = PANEL_SPECS.filter((panel) => panel.charts?.includes(id) === true);
    assert.deepEqual(
      on.map((panel) => panel.key),
      [panelOf(id).key],
      `${id} is on one panel`,
    );
  }
  const listed = PANEL_SPECS.flatMap((panel) => panel.charts ?? []);
  assert.deepEqual([...listed].sort(), [...CHART_IDS].sort(), 'no panel lists an unknown chart');
});

test('links name panels by their registry keys, and the frame height sums theirs', () => {
  const { flags } = splitHash('panels=ushape,result2&embed=1');
  assert.deepEqual(flags.panels, ['ushape', 'result2']);
  const heights = PANEL_SPECS.filter((p) => ['ushape', 'result2', 'controls'].includes(p.key))
    .map((p) => p.frameHeight)
    .reduce((a, b) => a + b, 0);
  // The page's padding (24) and a gap after each panel (8).
  assert.equal(frameHeight(['ushape', 'result2'], true), 24 + heights + 3 * 8);
  assert.deepEqual(hiddenPanels({ panels: null, hide: [], embed: true }), ['header']);
  for (const panel of PANEL_SPECS) assert.ok(panel.frameHeight > 0, panel.key);
});

test('the tour steps through the registry panels that have one, a picture first, metrics last', () => {
  const steps = PANEL_SPECS.filter((panel) => panel.tour !== undefined).map((p) => p.key);
  assert.deepEqual(steps, ['alignment', 'ushape', 'result2', 'metrics']);
  for (const panel of PANEL_SPECS)
    if (panel.tour !== undefined && panel.charts !== undefined)
      assert.ok(panel.guidance !== undefined, `${panel.key}'s tour step reads core's guidance`);
});

/** Every TypeScript source of the web app, but the registry and the generated modules. */
function webSources(dir = 'web/src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'wasm-build' ? [] : webSources(path);
    // message-ids.ts is generated from the catalog, whose ids (chart-loss-label) are words.
    const skipped = [join('web/src/ui/panels.ts'), join('web/src/message-ids.ts')];
    return path.endsWith('.ts') && !skipped.includes(path) ? [path] : [];
  });
}

test('no web source but the registry spells a canvas or a chart panel', () => {
  const chartPanels = PANEL_SPECS.filter((panel) => panel.charts !== undefined);
  for (const path of webSources()) {
    const text = readFileSync(path, 'utf8');
    for (const id of CHART_IDS)
      assert.ok(!text.includes(canvasId(id)), `${path} names the canvas ${canvasId(id)}`);
    for (const panel of chartPanels)
      assert.ok(
        !text.includes(`data-panel="${panel.key}"`),
        `${path} names the panel ${panel.key}`,
      );
  }
});
