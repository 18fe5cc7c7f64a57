// Wires the page: the worker's events go into the one store (state/store.ts), the views
// read it, controls send commands through it. No training, metrics or settings logic
// lives here: the worker and the module own them.
import './styles.css';
import {
  applyTheme,
  holdChartsForAFrame,
  holdChartsUntilStopped,
  updateCount,
  updateNow,
} from './charts/setup.ts';
import type { SlowTask } from './client/heartbeat.ts';
import type {} from './test-hook.ts'; // window.__clslab's type
import { WorkerClient } from './client/worker-client.ts';
import type { Fault, Guidance, Metrics, ReviewView, WorkerEvent } from './protocol.ts';
import { Recovery } from './state/recovery.ts';
import { LabStore, type LabState } from './state/store.ts';
import { formatInteger } from './format.ts';
import { messages, onLocaleChange, setLocale } from './catalog.ts';
import { phrase, say, t, type Phrase } from './localized.ts';
import { chooseLocale } from './locale.ts';
import { Banner } from './ui/banner.ts';
import { Controls } from './ui/controls.ts';
import { DatasetPanel } from './ui/dataset-panel.ts';
import { byId } from './ui/dom.ts';
import { LabViews } from './ui/lab-views.ts';
import { MaxMarginPanel } from './ui/max-margin-panel.ts';
import { MemoryReadout } from './ui/memory-readout.ts';
import { MetricsPanel } from './ui/metrics-panel.ts';
import { createCharts, tokenCharts } from './ui/panels.ts';
import { Replay } from './ui/replay.ts';
import { installResult2Readout } from './ui/result2-readout.ts';
import { ReviewPanel } from './ui/review-panel.ts';
import { SettingsForm } from './ui/settings-form.ts';
import { installDocs } from './ui/docs.ts';
import { StoryViews } from './ui/story-views.ts';
import { ShareLink } from './ui/share-link.ts';
import { reportFrameHeight } from './ui/frame-height.ts';
import { connectToLms } from './ui/scorm.ts';
import { ActivityPanel } from './ui/activity.ts';
import { label } from './words.ts';
import { splitHash } from './ui/page-flags.ts';
import { LanguageSwitch } from './ui/language-switch.ts';

// The page's language before any view words anything: the link's lang=, else the browser's.
setLocale(chooseLocale(splitHash(location.hash.slice(1)).flags.lang, navigator.languages));
document.documentElement.classList.add('booted'); // the module ran: no fallback text
applyTheme();
const recovery = new Recovery();
const banner = new Banner();
const client = new WorkerClient(
  (event) => store.apply(event),
  (reason, restartAtOnce) => workerGone(reason, restartAtOnce),
  (slow) => workerSlow(slow),
);
/** How long a Pause holds the charts at most (the worker reads it within one chunk or one
 *  part of the metrics: tens of milliseconds; a solve's slice is 25 ms). */
const PAUSE_HOLD_MILLISECONDS = 500;
const store = new LabStore((command) => {
  recovery.sent(command);
  if (command.type === 'pause') holdChartsUntilStopped(PAUSE_HOLD_MILLISECONDS);
  return client.send(command);
});
store.subscribe((event) => recovery.heard(event, store));

const charts = createCharts();

const controls = new Controls(store);
const replay = new Replay(store);
const share = new ShareLink(store, replay);
const language = new LanguageSwitch(share);
const metricsPanel = new MetricsPanel(byId<HTMLDListElement>('metrics'));
const memoryReadout = new MemoryReadout(byId<HTMLDListElement>('metrics'));
new MaxMarginPanel(store);
const reviews = new ReviewPanel(store.send);
new SettingsForm(byId('settings'), store);
new DatasetPanel(store);
new StoryViews(store, charts.uShape);
installDocs();
const prompt = byId('prompt');
const views = new LabViews({
  store,
  charts,
  tokenCharts: tokenCharts(charts),
  share,
  replay,
  reviews,
  speed: () => controls.stepsPerSecond,
  facts: () => ({
    dataset: store.state.dataset?.summary ?? null,
    settings: store.state.config,
    metrics: store.state.metrics,
  }),
});
installResult2Readout(store);

/** The class activity of the link, when it has one: its prompt replaces the lab's own. */
let activity: ActivityPanel | null = null;

/** The line above the charts: what the page is doing (loading, training) or, when idle,
 *  the class activity's prompt when the link has one, else core's prompt for the run
 *  (guidance.prompt: the next action, never a verdict, so it cannot contradict the
 *  verdicts under the charts). Every word is the catalog's. */
/** Core's notes under the Result 2 charts' titles: which reviews they are over (coverage)
 *  and the measured slope of 1 − cos(p, p_mm) (rate), in the current language. */
function showGuidanceNotes(guidance: Guidance): void {
  charts.selection.showCoverage(messages.render(guidance.coverage, true));
  charts.rate.showRate(messages.render(guidance.rate, true));
}

function showPrompt(state: LabState): void {
  const m = state.metrics;
  let text: string;
  if (state.need !== null) text = messages.format('prompt-needs-data');
  else if (state.dataset === null && state.dataFailure !== null)
    text = messages.format('prompt-nothing-loaded', { reason: state.dataFailure });
  else if (m === null) text = messages.format('prompt-loading');
  else if (state.playing || state.playRequested) text = messages.format('prompt-training');
  else if (state.lastStop?.reason === 'refused')
    text = messages.format('prompt-stopped', { reason: state.lastStop.message });
  // The activity asks for predictions first, then says what Play reveals (core's prompt).
  else if (activity !== null && activity.prompt !== '') text = activity.prompt;
  else if (activity !== null) text = label('activity-held');
  else if (state.guidance !== null) text = messages.render(state.guidance.prompt);
  else text = messages.format('prompt-loading');
  if (prompt.textContent !== text) prompt.textContent = text;
}

onLocaleChange(() => {
  showPrompt(store.state);
  const guidance = store.state.guidance;
  if (guidance !== null) showGuidanceNotes(guidance);
});

store.subscribe((event: WorkerEvent, state) => {
  switch (event.type) {
    case 'ready':
      banner.warn([...event.warnings, ...pageWarnings.map(say)], 'link', true);
      pageWarnings = [];
      break;
    case 'linkReplacesData': {
      const send = (keepData: boolean) =>
        store.send({ type: 'resolveLink', keepData }, (message) => banner.error(message));
      banner.ask(
        'link',
        `This link names ${event.linkData}; opening it would replace your data, ` +
          `${event.sourceName} (${formatInteger(event.rows)} rows). Nothing has changed yet.`,
        [
          {
            id: 'link-keep-data',
            label: `Keep ${event.sourceName} with the link's settings`,
            run: () => send(true),
          },
          { id: 'link-take-data', label: "Use the link's data", run: () => send(false) },
        ],
      );
      break;
    }
    case 'settingsApplied':
      banner.withdraw('link');
      banner.clearErrors();
      // Only a link's settings carry warnings (its decoding, its data falling back).
      banner.warn(event.warnings, 'link');
      break;
    case 'datasetLoaded':
      banner.clearErrors();
      for (const chart of Object.values(charts)) chart.reset();
      reviews.setSplits(event.summary.testReviews > 0);
      reviews.request(0);
      break;
    case 'metricsUpdated': {
      const statistics = state.dataset?.statistics ?? null;
      const live = event.targetStep > 0; // a snapshot of a run still playing
      const snapshot = { metrics: event.metrics, columns: event.columns, statistics, live };
      for (const chart of Object.values(charts)) chart.append(snapshot);
      metricsPanel.show(event.metrics);
      memoryReadout.show(event.memory);
      // New weights: the shown review's computation follows them (at the columns' rate
      // while playing, a few times a second; not while the panel is off screen).
      if (event.columns !== null) reviews.weightsChanged();
      break;
    }
    case 'stopped':
      holdChartsForAFrame();
      if (event.reason === 'refused') banner.error(event.message);
      reviews.refresh();
      break;
    case 'guidanceUpdated':
      showGuidanceNotes(event.guidance);
      break;
    case 'reviewShown':
      reviews.showReview(event.review, event.index, event.total);
      break;
    case 'textScored':
      reviews.showScored(event.review);
      break;
    case 'failed':
      // The module aborted: a fresh worker with the last dataset and settings that loaded.
      if (event.fatal) {
        banner.notice(event.words !== null ? say(event.words) : event.message);
        restartWorker(true, null);
      } else banner.error(event.words !== null ? say(event.words) : event.message, event.command);
      break;
    default:
      break;
  }
  showPrompt(state);
});

/** The worker died (a crash: the user restarts it), hung or was stopped by the user while
 *  busy (restarted at once). */
function workerGone(reason: Phrase, restartAtOnce: boolean): void {
  banner.withdraw('busy');
  banner.withdraw('link');
  store.workerGone();
  controls.refresh();
  if (restartAtOnce) {
    restartWorker(false, reason);
    return;
  }
  banner.workerStopped(say(reason), () => restartWorker(false, null));
}

/** An announced computation overran its estimate: the worker is busy, not stuck. It is
 *  left to finish; the user may stop it, which keeps the run that stood before it. */
function workerSlow(slow: SlowTask | null): void {
  if (slow === null) return banner.withdraw('busy');
  const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));
  const task = say(slow.label);
  const stop = () =>
    client.stopBusy(phrase('worker-gone-stopped-busy', { task, seconds: seconds(slow.silentMs) }));
  banner.ask(
    'busy',
    t('worker-slow', {
      task,
      seconds: seconds(slow.silentMs),
      estimate: seconds(slow.estimateMs),
    }),
    [{ id: 'banner-stop-busy', label: t('worker-slow-stop'), run: stop }],
  );
}

/** A fresh worker with the run's settings and data, replayed to the step it had reached. */
/** `stopped`: why the worker stopped, when the banner should say it was restarted. */
function restartWorker(afterFault: boolean, stopped: Phrase | null): void {
  const { commands, step, interruptedLoad } = recovery.restart(afterFault);
  if (stopped !== null) {
    const said = { reason: say(stopped), step };
    banner.notice(
      interruptedLoad ? t('worker-restarted-interrupted', said) : t('worker-restarted', said),
    );
  }
  store.workerGone();
  controls.refresh();
  client.restart();
  replay.expect(step);
  for (const command of commands) store.send(command);
}

// Launched by a course platform, the page connects first: a relaunch that resumes opens
// the run the platform kept (its link at its step) instead of the launch's own.
const launch = splitHash(location.hash.slice(1)).flags;
const lms = connectToLms(launch.scorm);
if (lms?.resumed != null && lms.resumed.l !== '') {
  const version = launch.scorm !== null ? `&scorm=${launch.scorm}` : '';
  history.replaceState(null, '', `#${lms.resumed.l}${version}`);
}
// A package built with the address of a public copy shares links to that copy; without
// one, a link made inside the course opens only there (and the share bar says so).
const publicAddress = document
  .querySelector<HTMLMetaElement>('meta[name="clslab-public-address"]')
  ?.content.trim();
if (publicAddress !== undefined && /^https?:\/\//.test(publicAddress)) share.setBase(publicAddress);
else if (launch.scorm !== null) {
  const note = byId('share-note');
  note.textContent = label('lms-course-only');
  note.hidden = false;
}

/** The link's page keys' warnings, in the catalog's words (page-flags.ts). */
let pageWarnings: Phrase[] = [];
function openHash(): string {
  const { settings, flags } = views.openHash(location.hash.slice(1));
  pageWarnings = flags.warnings;
  if (flags.lang !== null) language.choose(flags.lang, true);
  if (flags.speed !== null) controls.setStepsPerSecond(flags.speed);
  return settings;
}
window.addEventListener('hashchange', () => {
  const hash = openHash();
  // The link's run length waits for its settings: when they fail, nothing is replayed.
  store.send({ type: 'openShareLink', hash }, () => replay.expect(null));
  banner.warn(pageWarnings.map(say), 'link', true);
});
// The link's view first (panels, embed layout), so the first height a frame reports is the
// embed's own; framed, the page then tells its parent its height.
const initialHash = openHash();
const initialFlags = splitHash(location.hash.slice(1)).flags;
if (initialFlags.activity !== null) {
  // The predictions come before any training: no step on E until they are committed.
  replay.expect(initialFlags.run ?? 0, false);
  const panel = new ActivityPanel(
    store,
    controls,
    banner,
    initialFlags.activity,
    lms?.activityState ?? '',
  );
  activity = panel;
  // The prompt follows the activity's reports (the store's listeners hear each event before
  // the panel has asked core again).
  panel.onReport(() => showPrompt(store.state));
  if (lms !== null) panel.onReport((report) => lms.report(report));
}
lms?.follow(store, (step) => share.hashAt(step), initialFlags.activity !== null);
reportFrameHeight();
store.send({
  type: 'init',
  datasetBaseUrl: new URL('datasets/', document.baseURI).href,
  hash: initialHash,
});

// Test hooks (test-hook.ts): the e2e tests read plotted series and the latest metrics, and
// inject faults (kill the worker, make it throw or hang, lift the Lab's limits so a load
// really runs out of memory; the worker obeys faults only in test builds).
window.__clslab = {
  series: () =>
    Object.fromEntries(Object.entries(charts).map(([name, chart]) => [name, chart.dump()])),
  bounds: () =>
    Object.fromEntries(
      Object.entries(charts).map(([name, view]) => {
        const { chart } = view;
        view.settle();
        updateNow(chart);
        const range = (id: string) => [chart.scales[id]?.min ?? NaN, chart.scales[id]?.max ?? NaN];
        return [name, { x: range('x'), y: range('y') }];
      }),
    ),
  chartUpdates: () =>
    Object.fromEntries(
      Object.entries(charts).map(([name, { chart }]) => [name, updateCount(chart)]),
    ),
  metrics: () => store.state.metrics,
  review: () => reviews.shownReview,
  state: () => store.state,
  killWorker: () => client.kill(),
  injectFault: (fault) => store.send({ type: 'injectFault', fault }),
};
