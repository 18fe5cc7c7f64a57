// The views beyond the core charts and panels: chart tables and downloads, the token
// table, the review list, exports, classroom and embed flags, the glossary and the tour.
// Each reads the page's store; none keeps its own copy of the run's state.
import type { TokenChartView } from '../charts/snapshot.ts';
import type { LabStore } from '../state/store.ts';
import { ChartTools } from './chart-tools.ts';
import { installControlBar } from './control-bar.ts';
import { byId } from './dom.ts';
import { applyView, EmbedDialog } from './embed.ts';
import { ExportPanel } from './export-panel.ts';
import { installGlossary } from './glossary.ts';
import { MetricsHistory } from './metrics-history.ts';
import type { RunFactsSource } from './run-facts.ts';
import { installSections } from './sections.ts';
import { splitHash, type PageFlags } from './page-flags.ts';
import { canvasId, CHART_IDS, CHARTS, type Charts } from './panels.ts';
import type { Replay } from './replay.ts';
import type { ReviewPanel } from './review-panel.ts';
import { ReviewList } from './review-list.ts';
import type { ShareLink } from './share-link.ts';
import { TokenTable } from './token-table.ts';
import { Tour } from './tour.ts';

export interface LabViewsDeps {
  store: LabStore;
  charts: Charts;
  tokenCharts: TokenChartView[];
  share: ShareLink;
  replay: Replay;
  reviews: ReviewPanel;
  /** Play's speed on the page, steps per second (the Embed dialog starts from it). */
  speed: () => number;
  /** Dataset, settings and metrics for the figures' captions and the tour. */
  facts: RunFactsSource;
}

export class LabViews {
  private readonly tools: ChartTools[] = [];
  private readonly tokens: TokenTable;
  private readonly reviewList: ReviewList;
  private readonly history: MetricsHistory;
  private readonly tour: Tour;

  constructor(private readonly deps: LabViewsDeps) {
    const { store } = deps;
    this.history = new MetricsHistory(() => store.state.lists.metricFields);
    installGlossary();
    installSections();
    installControlBar();
    for (const id of CHART_IDS) {
      const canvas = byId(canvasId(id));
      const box = canvas.parentElement ?? canvas;
      this.tools.push(new ChartTools(deps.charts[id], id, CHARTS[id].title, box, deps.facts));
    }
    this.tokens = new TokenTable((row, token) => {
      for (const chart of deps.tokenCharts) chart.highlight(row);
      this.reviewList.setToken(token);
    });
    this.reviewList = new ReviewList(
      store.send,
      (testSplit, index) => deps.reviews.open(testSplit, index),
      () => {
        this.tokens.choose(null);
        for (const chart of deps.tokenCharts) chart.highlight(null);
      },
    );
    new ExportPanel(store, this.history, [...this.tools, this.tokens]);
    new EmbedDialog({
      share: deps.share,
      speed: deps.speed,
      // The `steps` setting's bound, from core's field table (what a replay may reach).
      maxRun: () => store.state.fields.find((field) => field.key === 'steps')?.max ?? 0,
      questions: () => store.state.lists.questions,
    });
    this.tour = new Tour(store, deps.facts);
    store.subscribe((event, state) => {
      switch (event.type) {
        case 'datasetLoaded':
          this.history.clear();
          this.tokens.setStatistics(event.statistics);
          for (const chart of deps.tokenCharts) chart.highlight(null);
          this.reviewList.setToken('');
          this.reviewList.setSplits(event.summary.testReviews > 0);
          return;
        case 'metricsUpdated':
          this.history.record(event.metrics);
          if (event.columns !== null) this.tokens.setColumns(event.columns);
          for (const tool of this.tools) tool.changed();
          if (!state.playing && event.columns !== null) this.reviewList.refresh();
          return;
        case 'stopped':
          this.reviewList.refresh();
          return;
        case 'reviewsListed':
          this.reviewList.show(event.filter, event.items, event.matched, event.total);
          return;
        default:
          return;
      }
    });
  }

  /** Reads the page's keys from a hash (at start or on hashchange); returns the module's
   *  part, to send to the worker, and the page's flags (with warnings about them). The
   *  tour waits until the page stands at the link's step. */
  openHash(hash: string): { settings: string; flags: PageFlags } {
    const { settings, flags } = splitHash(hash);
    this.deps.replay.expect(flags.run, flags.autoplay);
    if (flags.tour) this.deps.replay.whenSettled(() => this.tour.start());
    applyView(flags);
    this.deps.share.setView(flags);
    return { settings, flags };
  }
}
