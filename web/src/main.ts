// Wires the page: worker events update the charts and panels, controls send commands.
// No training, metrics or settings logic lives here: the worker and the module own them.
import './styles.css';
import { AlignmentChart } from './charts/alignment-chart.ts';
import { LossChart } from './charts/loss-chart.ts';
import { NormChart } from './charts/norm-chart.ts';
import { SelectionChart } from './charts/selection-chart.ts';
import { applyTheme } from './charts/setup.ts';
import type { ChartView } from './charts/snapshot.ts';
import { UShapeChart } from './charts/u-shape-chart.ts';
import { WorkerClient } from './client/worker-client.ts';
import type { Command, Fault, Metrics, TokenStatistics, WorkerEvent } from './protocol.ts';
import { assertNever } from './protocol.ts';
import { Banner } from './ui/banner.ts';
import { Controls } from './ui/controls.ts';
import { DatasetPanel } from './ui/dataset-panel.ts';
import { byId } from './ui/dom.ts';
import { MaxMarginPanel } from './ui/max-margin-panel.ts';
import { MetricsPanel } from './ui/metrics-panel.ts';
import { ReviewPanel } from './ui/review-panel.ts';
import { SettingsForm } from './ui/settings-form.ts';
import { ShareLink } from './ui/share-link.ts';
import { LabViews } from './ui/lab-views.ts';

applyTheme();
const client = new WorkerClient();
const send = (command: Command) => client.send(command);

const charts = {
  loss: new LossChart(byId<HTMLCanvasElement>('chart-loss')),
  alignment: new AlignmentChart(
    byId<HTMLCanvasElement>('chart-alignment'),
    byId('alignment-readout'),
  ),
  uShape: new UShapeChart(byId<HTMLCanvasElement>('chart-u-shape'), byId('u-shape-readout')),
  selection: new SelectionChart(byId<HTMLCanvasElement>('chart-selection')),
  norm: new NormChart(byId<HTMLCanvasElement>('chart-norm')),
} satisfies Record<string, ChartView>;

const banner = new Banner();
const controls = new Controls(send);
const share = new ShareLink();
const metricsPanel = new MetricsPanel(byId<HTMLDListElement>('metrics'));
const maxMargin = new MaxMarginPanel(() => send({ type: 'solveMaxMargin' }));
const reviews = new ReviewPanel(send);
const form = new SettingsForm(byId('settings'), (change) =>
  send({ type: 'applySettings', ...change }),
);
const dataset = new DatasetPanel(send);
const prompt = byId('prompt');
const views = new LabViews({
  send,
  charts,
  tokenCharts: [charts.alignment, charts.uShape],
  share,
  banner,
  reviews,
  facts: () => ({ dataset: dataset.current(), settings: form.config(), metrics: latest }),
  tour: {
    isPaper: () => isPaper(),
    usePaperProtocol: () => {
      const select = byId<HTMLSelectElement>('setting-protocol');
      select.value = 'paper';
      select.dispatchEvent(new Event('change'));
    },
  },
});

let statistics: TokenStatistics | null = null;
let latest: Metrics | null = null;
let playing = false;
let autoStepPending = true; // the cold page takes the step on E once, so Result 1 shows at once

function isPaper(): boolean {
  return form.value('protocol') === 'paper';
}

function showPrompt(m: Metrics): void {
  let text: string;
  if (playing) text = 'Training… press Pause to stop and inspect.';
  else if (m.stopped) text = `Stopped: ${m.message}`;
  else if (!isPaper()) text = 'Joint training of E and p: press Play.';
  else if (m.step === 0)
    text =
      'Initialized with p = 0 and small E. Press “Step E” for the one gradient step on E (Result 1).';
  else if (m.step === 1)
    text =
      'The step on E is done: the alignment scatter shows Result 1. Press Play to run the flow on p (Result 2).';
  else
    text = 'Paused. Press Play to continue the flow on p, or solve for p_mm to compare directions.';
  prompt.textContent = text;
}

function onEvent(event: WorkerEvent): void {
  switch (event.type) {
    case 'ready':
      form.build(event.fields, event.configJson);
      dataset.showLimits(event.limits);
      share.update(event.shareHash);
      banner.warn(event.warnings);
      controls.setPaperProtocol(isPaper());
      return;
    case 'settingsApplied':
      form.setValues(event.configJson);
      share.update(event.shareHash);
      banner.warn(event.warnings);
      controls.setPaperProtocol(isPaper());
      maxMargin.clear();
      return;
    case 'settingsRejected':
      form.markRejected();
      banner.error(event.message);
      return;
    case 'datasetLoaded':
      statistics = event.statistics;
      for (const chart of Object.values(charts)) chart.reset();
      dataset.show(event.summary);
      maxMargin.clear();
      reviews.setSplits(event.summary.testReviews > 0);
      controls.setReady(true);
      if (autoStepPending && isPaper() && !views.hasPendingRun()) send({ type: 'stepEmbeddings' });
      autoStepPending = false;
      reviews.request(0);
      return;
    case 'metricsUpdated': {
      const snapshot = { metrics: event.metrics, columns: event.columns, statistics };
      if (latest !== null && event.metrics.step < latest.step) maxMargin.clear();
      latest = event.metrics;
      for (const chart of Object.values(charts)) chart.append(snapshot);
      metricsPanel.show(event.metrics);
      controls.showProgress(
        event.metrics,
        event.targetStep,
        Number(form.value('steps')),
        event.stepsPerSecond,
      );
      showPrompt(event.metrics);
      if (!playing && event.columns !== null) reviews.refresh();
      return;
    }
    case 'started':
      playing = true;
      controls.setPlaying(true);
      if (latest !== null) showPrompt(latest);
      return;
    case 'stopped':
      playing = false;
      controls.setPlaying(false);
      if (event.reason === 'diverged') banner.error(event.message);
      if (latest !== null) showPrompt(latest);
      reviews.refresh();
      return;
    case 'maxMarginSolved':
      maxMargin.show(event.report);
      return;
    case 'reviewShown':
      reviews.showReview(event.review, event.index, event.total);
      return;
    case 'textScored':
      reviews.showScored(event.review);
      return;
    case 'failed':
      if (event.command === 'solveMaxMargin') maxMargin.failed();
      dataset.failed(event.command);
      banner.error(event.message);
      if (event.fatal === true) {
        // The module aborted: a fresh worker with the last dataset and settings that loaded.
        workerGone();
        client.restart(true);
      }
      return;
    case 'readProgress':
      dataset.progress(event.label, event.done, event.total, event.unit);
      return;
    case 'readCancelled':
      dataset.readEnded();
      return;
    case 'previewShown':
      dataset.preview(event.preview, event.choice);
      return;
    case 'datasetExported':
      dataset.download(event.name, event.text);
      return;
    case 'reviewsListed':
    case 'runExported':
    case 'runImported':
      return; // ui/lab-views.ts
    default:
      assertNever(event);
  }
}

client.onEvent(onEvent);
client.onEvent(views.onEvent);
client.onStopped((reason) => {
  workerGone();
  banner.workerStopped(reason, () => client.restart(false));
});

/** The controls wait for the new worker's dataset; Play is not running any more. */
function workerGone(): void {
  playing = false;
  controls.setPlaying(false);
  controls.setReady(false);
}
window.addEventListener('hashchange', () =>
  send({ type: 'openShareLink', hash: views.openHash(location.hash.slice(1)) }),
);
send({
  type: 'init',
  datasetBaseUrl: new URL('datasets/', document.baseURI).href,
  hash: views.openHash(location.hash.slice(1)),
});

// Test hooks: the e2e tests read plotted series and the latest metrics, and inject faults
// (kill the worker, make it throw, lift the Lab's limits so a load really runs out of memory).
declare global {
  interface Window {
    __clslab?: {
      series: () => Record<string, Record<string, Array<{ x: number; y: number }>>>;
      /** Each chart's drawn x and y ranges, [min, max]. */
      bounds: () => Record<string, { x: number[]; y: number[] }>;
      metrics: () => Metrics | null;
      killWorker: () => void;
      injectFault: (fault: Fault) => void;
    };
  }
}
window.__clslab = {
  series: () =>
    Object.fromEntries(Object.entries(charts).map(([name, chart]) => [name, chart.dump()])),
  bounds: () =>
    Object.fromEntries(
      Object.entries(charts).map(([name, { chart }]) => {
        const range = (id: string) => [chart.scales[id]?.min ?? NaN, chart.scales[id]?.max ?? NaN];
        return [name, { x: range('x'), y: range('y') }];
      }),
    ),
  metrics: () => latest,
  killWorker: () => client.kill(),
  injectFault: (fault) => send({ type: 'injectFault', fault }),
};
