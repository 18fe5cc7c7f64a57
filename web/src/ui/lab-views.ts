// The views beyond the core charts and panels: chart tables and downloads, the token
// table, the review list, exports, the share link's run length and its replay, classroom
// and embed flags, the glossary and the tour. A second listener on the worker's events;
// main.ts keeps the charts and the first-load logic.
import type { ChartView, TokenChartView } from '../charts/snapshot.ts';
import type { Command, WorkerEvent } from '../protocol.ts';
import type { Banner } from './banner.ts';
import { ChartTools } from './chart-tools.ts';
import { byId } from './dom.ts';
import { applyView, EmbedDialog } from './embed.ts';
import { ExportPanel } from './export-panel.ts';
import { installGlossary } from './glossary.ts';
import { MetricsHistory } from './metrics-history.ts';
import type { RunFactsSource } from './run-facts.ts';
import { installSections } from './sections.ts';
import { splitHash, type PageFlags } from './page-flags.ts';
import type { ReviewPanel } from './review-panel.ts';
import { ReviewList } from './review-list.ts';
import type { ShareLink } from './share-link.ts';
import { TokenTable } from './token-table.ts';
import { Tour, type TourLab } from './tour.ts';

/** Chart ids (canvas `chart-<id>`) and the titles their tables and files carry. */
const CHART_TITLES: Record<string, string> = {
  loss: 'Training: loss and accuracy',
  alignment: 'Result 1: v·E_s against α_s after the step on E',
  uShape: 'Figure 1: p·E_s against Δ_s (the U shape)',
  selection: 'Result 2: cos(p, p_mm), selection accuracy and attention mass',
  norm: 'Result 2: ‖p‖ and the normalized margin',
};

const CANVAS_IDS: Record<string, string> = { uShape: 'chart-u-shape' };

export interface LabViewsDeps {
  send: (command: Command) => void;
  charts: Record<string, ChartView>;
  tokenCharts: TokenChartView[];
  share: ShareLink;
  banner: Banner;
  reviews: ReviewPanel;
  tour: Omit<TourLab, 'send' | 'isPlaying'>;
  /** Dataset, settings and metrics for the figures' captions. */
  facts: RunFactsSource;
}

export class LabViews {
  private readonly tools: ChartTools[] = [];
  private readonly tokens: TokenTable;
  private readonly reviewList: ReviewList;
  private readonly history = new MetricsHistory();
  private readonly exports: ExportPanel;
  private readonly tour: Tour;
  private flags: PageFlags = { run: null, hide: [], embed: false, tour: false, warnings: [] };
  /** A link's run length still to replay at the next dataset load. */
  private pendingRun: number | null = null;
  /** The step a replay is heading for; the link keeps its `run` until it is reached. */
  private replayTarget: number | null = null;
  private playing = false;
  private tourDue = false;

  constructor(private readonly deps: LabViewsDeps) {
    installGlossary();
    installSections();
    for (const [name, view] of Object.entries(deps.charts)) {
      const canvas = byId(CANVAS_IDS[name] ?? `chart-${name}`);
      const box = canvas.parentElement ?? canvas;
      this.tools.push(new ChartTools(view, name, CHART_TITLES[name] ?? name, box, deps.facts));
    }
    this.tokens = new TokenTable((row, token) => {
      for (const chart of deps.tokenCharts) chart.highlight(row);
      this.reviewList.setToken(token);
    });
    this.reviewList = new ReviewList(
      deps.send,
      (testSplit, index) => deps.reviews.open(testSplit, index),
      () => {
        this.tokens.choose(null);
        for (const chart of deps.tokenCharts) chart.highlight(null);
      },
    );
    this.exports = new ExportPanel(deps.send, this.history, [...this.tools, this.tokens]);
    new EmbedDialog(deps.share);
    this.tour = new Tour({
      ...deps.tour,
      send: deps.send,
      isPlaying: () => this.playing,
    });
  }

  /** Reads the page's keys from a hash (at start or on hashchange); returns the module's
   *  part, to send to the worker. */
  openHash(hash: string): string {
    const { settings, flags } = splitHash(hash);
    this.flags = flags;
    this.pendingRun = flags.run;
    this.tourDue = this.tourDue || flags.tour;
    applyView(flags);
    this.deps.share.setView(flags.hide, flags.embed);
    return settings;
  }

  /** True while a link's run waits to be replayed (the cold page's auto step is skipped). */
  hasPendingRun(): boolean {
    return this.pendingRun !== null;
  }

  readonly onEvent = (event: WorkerEvent): void => {
    switch (event.type) {
      case 'ready':
        if (this.flags.warnings.length > 0)
          this.deps.banner.warn([...event.warnings, ...this.flags.warnings]);
        return;
      case 'datasetLoaded':
        this.history.clear();
        this.tokens.setStatistics(event.statistics);
        for (const chart of this.deps.tokenCharts) chart.highlight(null);
        this.reviewList.setToken('');
        this.reviewList.setSplits(event.summary.testReviews > 0);
        this.replay();
        if (this.tourDue) {
          this.tourDue = false;
          this.tour.start();
        }
        return;
      case 'metricsUpdated':
        this.history.record(event.metrics);
        if (event.columns !== null) this.tokens.setColumns(event.columns);
        for (const tool of this.tools) tool.changed();
        if (event.targetStep === 0) this.settled(event.metrics.step);
        if (!this.playing && event.columns !== null) this.reviewList.refresh();
        return;
      case 'started':
        this.playing = true;
        return;
      case 'stopped':
        this.playing = false;
        this.replayTarget = null;
        this.reviewList.refresh();
        return;
      case 'reviewsListed':
        this.reviewList.show(event.filter, event.items, event.matched, event.total);
        return;
      case 'runExported':
        this.exports.exported(event.json, event.step);
        return;
      case 'runImported':
        this.exports.imported(event.step, event.checksum);
        return;
      case 'failed':
        if (event.command === 'exportRun' || event.command === 'importRun')
          this.exports.failed(event.command, event.message);
        return;
      default:
        return;
    }
  };

  /** A link with `run=N`: Play to step N from the fresh weights of the load. */
  private replay(): void {
    const run = this.pendingRun;
    this.pendingRun = null;
    if (run === null || run === 0) return;
    this.replayTarget = run;
    this.deps.send({ type: 'runTo', step: run });
  }

  /** Outside Play the link records the step reached (unless a replay is still on its way). */
  private settled(step: number): void {
    if (this.replayTarget !== null && step < this.replayTarget) return;
    this.replayTarget = null;
    this.deps.share.setRun(step);
  }
}
