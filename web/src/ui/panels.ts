// The page's panels and charts, each listed once. A panel is a card of index.html
// (`data-panel="<key>"`); its key is what `panels=` and `hide=` links name, and the
// Embed dialog, the tour, the embed frame's height and the views read the rest from here.
// A chart is a canvas on a panel: its id names its tools (`data-chart`), its table, its
// files (clslab-<stem>.png/.csv), its series in the test hook and its canvas
// (`chart-<stem>`), where the stem is the id's file stem (uShape -> u-shape).
// Adding a chart: its class in web/src/charts/, an entry in CHARTS and its panel's
// `charts` below, and (for a new card) the card in index.html (README, "Add a chart").
import { AlignmentChart } from '../charts/alignment-chart.ts';
import { LossChart } from '../charts/loss-chart.ts';
import { NormChart } from '../charts/norm-chart.ts';
import { RateChart } from '../charts/rate-chart.ts';
import { SelectionChart } from '../charts/selection-chart.ts';
import type { ChartView, TokenChartView } from '../charts/snapshot.ts';
import { UShapeChart } from '../charts/u-shape-chart.ts';
import { msg, t, type PlainMessageId } from '../localized.ts';
import { byId } from './dom.ts';
import { fileStem } from './download.ts';

/** Core's name for a panel's guidance line (the panel's `data-guidance` span). */
export type GuidanceName = 'result1' | 'figure1' | 'result2' | 'loss';

interface ChartSpec<View extends ChartView> {
  /** Heads the chart's figure, table and files (a catalog message). */
  title: PlainMessageId;
  /** One plain sentence of what the chart shows, above its canvas (and in the tour): no
   *  symbols, so a newcomer reads the picture before the notation (a catalog message). */
  lead: PlainMessageId;
  /** The chart on its canvas (other elements of its panel by id). */
  create: (canvas: HTMLCanvasElement) => View;
}

function chart<View extends ChartView>(spec: ChartSpec<View>): ChartSpec<View> {
  return spec;
}

/** Every chart, in the order the export's files list them. */
export const CHARTS = {
  loss: chart({
    title: msg('chart-title-loss'),
    lead: msg('chart-lead-loss'),
    create: (canvas) => new LossChart(canvas),
  }),
  alignment: chart({
    title: msg('chart-title-alignment'),
    lead: msg('chart-lead-alignment'),
    create: (canvas) => new AlignmentChart(canvas, byId('alignment-readout')),
  }),
  uShape: chart({
    title: msg('chart-title-u-shape'),
    lead: msg('chart-lead-u-shape'),
    create: (canvas) => new UShapeChart(canvas, byId('u-shape-readout')),
  }),
  selection: chart({
    title: msg('chart-title-selection'),
    lead: msg('chart-lead-selection'),
    create: (canvas) => new SelectionChart(canvas),
  }),
  norm: chart({
    title: msg('chart-title-norm'),
    lead: msg('chart-lead-norm'),
    create: (canvas) => new NormChart(canvas),
  }),
  rate: chart({
    title: msg('chart-title-rate'),
    lead: msg('chart-lead-rate'),
    create: (canvas) => new RateChart(canvas),
  }),
};
export type ChartId = keyof typeof CHARTS;
export const CHART_IDS = Object.keys(CHARTS) as ChartId[];

/** The charts, each on its canvas, typed by id. */
export type Charts = { [Id in ChartId]: ReturnType<(typeof CHARTS)[Id]['create']> };

/** The canvas a chart draws on (index.html). */
export function canvasId(id: ChartId): string {
  return `chart-${fileStem(id)}`;
}

/** A chart's file stem: clslab-<stem>.png and clslab-<stem>.csv. */
export function chartFile(id: ChartId, extension: 'png' | 'csv'): string {
  return `clslab-${fileStem(id)}.${extension}`;
}

/** Every chart on its canvas, its lead sentence above it (the canvas's description, a
 *  message: localize() words it again after a switch of language); throws when index.html
 *  lacks one. */
export function createCharts(): Charts {
  const charts: Partial<Record<ChartId, ChartView>> = {};
  for (const id of CHART_IDS) {
    const canvas = byId<HTMLCanvasElement>(canvasId(id));
    const lead = document.createElement('p');
    lead.className = 'chart-lead';
    lead.id = `lead-${fileStem(id)}`;
    lead.dataset['l10nId'] = CHARTS[id].lead;
    lead.textContent = t(CHARTS[id].lead);
    (canvas.parentElement ?? canvas).before(lead);
    canvas.setAttribute('aria-describedby', lead.id);
    charts[id] = CHARTS[id].create(canvas);
  }
  return charts as Charts;
}

/** The lead sentences of a panel's charts, top to bottom ('' for a panel without), in the
 *  current language. */
export function panelLead(panel: Panel): string {
  return (panel.charts ?? []).map((id) => t(CHARTS[id].lead)).join(' ');
}

/** The charts that can emphasize a token (the token table's selection). */
export function tokenCharts(charts: Charts): TokenChartView[] {
  const views: ChartView[] = Object.values(charts);
  return views.filter((view): view is TokenChartView => 'highlight' in view);
}

/** What the tour's step on a panel offers to press (tour.ts says when). */
export type TourAction = 'restart' | 'stepEmbeddings' | 'play' | 'solveOrPlay';

interface PanelSpec {
  /** `data-panel` in index.html; the name `panels=` and `hide=` links use. */
  key: string;
  /** What the Embed dialog calls it (a catalog message). */
  label: PlainMessageId;
  /** CSS px it takes in a 720 px embed frame: measured there (the embed at run=20, the
   *  panel alone), rounded up with room for longer guidance text; a chart panel's height
   *  gives its canvases about 300 px (they shrink to 200 px in a smaller frame and grow to
   *  fill a taller one), and room for each chart's lead sentence (remeasured with them).
   *  The frame's height is the sum for the panels shown. */
  frameHeight: number;
  /** Ticked when the Embed dialog opens: one chart that Play changes step by step (Figure
   *  1's U forms as the flow on p runs; Result 1 stands still after the step on E), so the
   *  default frame is one screen with Play beside the picture. */
  embedDefault?: boolean;
  /** Core's guidance line shown on the panel (and read by its tour step). */
  guidance?: GuidanceName;
  /** The charts on the panel, top to bottom. */
  charts?: readonly ChartId[];
  /** The CSV file of the panel's own data (its charts' files are theirs: chartFile). */
  csv?: string;
  /** The panel's step in the guided tour (in this list's order): its title, the element
   *  with the number it reads, and what it offers to press. */
  tour?: { title: PlainMessageId; number: string; action: TourAction };
}

/** Every panel, in the order the Embed dialog lists them and links name them. The charts
 *  follow the guidance line, the pictures of the paper's results first (a picture in the
 *  first screen), and the tour walks them in this order, ending on the run's numbers. */
const PANEL_LIST = [
  { key: 'header', label: msg('panel-header'), frameHeight: 290 },
  { key: 'controls', label: msg('panel-controls'), frameHeight: 90 },
  { key: 'export', label: msg('panel-export'), frameHeight: 300 },
  { key: 'dataset', label: msg('panel-dataset'), frameHeight: 650 },
  { key: 'settings', label: msg('panel-settings'), frameHeight: 1200 },
  { key: 'prompt', label: msg('panel-prompt'), frameHeight: 90 },
  { key: 'recipes', label: msg('panel-recipes'), frameHeight: 500 },
  {
    key: 'alignment',
    label: msg('panel-alignment'),
    frameHeight: 540,
    guidance: 'result1',
    charts: ['alignment'],
    tour: {
      title: msg('tour-title-alignment'),
      number: '#alignment-readout',
      action: 'stepEmbeddings',
    },
  },
  {
    key: 'ushape',
    label: msg('panel-ushape'),
    frameHeight: 600,
    embedDefault: true,
    guidance: 'figure1',
    charts: ['uShape'],
    tour: {
      title: msg('tour-title-ushape'),
      number: '#u-shape-readout',
      action: 'play',
    },
  },
  {
    key: 'result2',
    label: msg('panel-result2'),
    frameHeight: 1560,
    guidance: 'result2',
    charts: ['selection', 'norm', 'rate'],
    tour: {
      title: msg('tour-title-result2'),
      number: '#result2-readout',
      action: 'solveOrPlay',
    },
  },
  {
    key: 'loss',
    label: msg('panel-loss'),
    frameHeight: 480,
    guidance: 'loss',
    charts: ['loss'],
  },
  {
    key: 'metrics',
    label: msg('panel-metrics'),
    frameHeight: 400,
    csv: 'clslab-metrics.csv',
    tour: {
      title: msg('tour-title-metrics'),
      number: '#metrics > .readout:first-child',
      action: 'restart',
    },
  },
  { key: 'why', label: msg('panel-why'), frameHeight: 500 },
  { key: 'maxmargin', label: msg('panel-maxmargin'), frameHeight: 600 },
  { key: 'reviews', label: msg('panel-reviews'), frameHeight: 1560 },
  { key: 'table', label: msg('panel-table'), frameHeight: 560 },
  { key: 'glossary', label: msg('panel-glossary'), frameHeight: 900 },
] as const satisfies readonly PanelSpec[];

export type PanelKey = (typeof PANEL_LIST)[number]['key'];
/** A panel as the views read it (the optional fields spelled out). */
export type Panel = PanelSpec & { key: PanelKey };

/** Every panel, in the registry's order. */
export const PANEL_SPECS: readonly Panel[] = PANEL_LIST;
export const PANEL_KEYS: readonly PanelKey[] = PANEL_LIST.map((panel) => panel.key);

export function panelSpec(key: PanelKey): Panel {
  return PANEL_SPECS.find((panel) => panel.key === key) as Panel;
}

/** The panel's own CSV file; throws for a panel without one. */
export function panelCsv(key: PanelKey): string {
  const file = panelSpec(key).csv;
  if (file === undefined) throw new Error(`panel ${key} has no CSV`);
  return file;
}

/** The embed frame's width: each panel's `frameHeight` was measured at it. */
export const FRAME_WIDTH = 720;
/** The page's padding and the gap before the sidebar (styles.css, body.embedded). */
const FRAME_PADDING = 24;
/** The gap that follows each panel. */
const PANEL_GAP = 8;

/** The class activity's card (`activity=`, ui/activity.ts) in a 720 px frame, measured
 *  there with every answer revealed (its tallest) and rounded up: the card's title, intro
 *  and score, a yes/no question with its outcome (two lines each), and the word question
 *  with a review of three lines. */
const ACTIVITY_FRAME = { card: 160, yesNo: 130, word: 230 } as const;

/** Frame height that fits `panels` (and the control bar, unless hidden) in a 720 px frame,
 *  with the class activity's card when it asks `questions` (core's names): the page's
 *  padding, then each panel's height and the gap after it. */
export function frameHeight(
  panels: readonly PanelKey[],
  controls: boolean,
  questions: readonly string[] = [],
): number {
  const shown = controls ? [...panels, 'controls' as const] : panels;
  const sum = shown.reduce((total, key) => total + panelSpec(key).frameHeight, 0);
  // The word question lays out a review to click; every other question is a yes or a no.
  const activity =
    questions.length === 0
      ? 0
      : ACTIVITY_FRAME.card +
        PANEL_GAP +
        questions.reduce(
          (total, q) => total + (q === 'word' ? ACTIVITY_FRAME.word : ACTIVITY_FRAME.yesNo),
          0,
        );
  return FRAME_PADDING + sum + PANEL_GAP * shown.length + activity;
}

/** The panel a chart sits on. */
export function panelOf(id: ChartId): Panel {
  return PANEL_SPECS.find((panel) => panel.charts?.includes(id) === true) as Panel;
}
